"""Sentences of the release planner page, kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Plan a release",
    "intro": (
        "Before an organisation publishes statistics, it must choose how much privacy to spend. "
        "List what you want to publish, then either give a total budget ε and read how accurate "
        "each statistic will be, or say how accurate each must be and read what that costs."
    ),
    "interactive_note": (
        "**Interactive or not?** Every release drawn on the Release tab spends budget again "
        "(an interactive system answers queries one by one and the ledger adds them up). A "
        "non-interactive release, such as a published table or synthetic data, is drawn once: "
        "any number of questions asked of it afterwards cost nothing more (section 6.1.4)."
    ),
    "tab_plan": "1. Accuracy",
    "tab_cells": "2. Each bar",
    "tab_cost": "5. Total cost",
    "tab_risk": "6. Risk",
    "tab_sensitivity": "7. Sensitivity",
    "tab_release": "8. Release",
    # who is protected
    "section_unit": "Who is protected",
    "unit": "Unit of protection",
    "unit_row": "One row",
    "unit_person": "One person, who may have several rows",
    "rows_per_person": "Rows one person may contribute (m)",
    "id_column": "Column that identifies a person",
    "no_id_column": "(none: I promise the bound)",
    "explain_row": (
        "Each row is one person. One person changes a count by at most 1: every sensitivity below is for one "
        "row."
    ),
    "explain_person_promised": (
        "One person may have up to {m} rows. Nothing in the data enforces this: it is a promise "
        "by whoever knows how the data was collected. Every sensitivity below is multiplied by {m}."
    ),
    "explain_person_bounded": (
        "One person may have up to {m} rows: the app keeps at most {m} rows per value of "
        "**{column}** (chosen at random with the seed) and drops the rest, so every sensitivity "
        "below is multiplied by {m}."
    ),
    "bounded_rows": "Contribution bounding dropped {dropped} of {rows} (of {people}).",
    "bounding_draws": (
        "That choice, made with the page's seed, is a simulation for the figures of the plan below. A "
        "release chooses again, with fresh secret randomness drawn when you press its button: never "
        "shown, never in the address, never reused. Which rows a person keeps depends on their own "
        "rows alone."
    ),
    "bounded_not_private": (
        "These counts are read from the data as it is: they are not private, for you alone, and no "
        "release, download or report contains them."
    ),
    "aggregated": (
        "This table is already aggregated (each row stands for several people), so the planner "
        "counts rows, not people. Plan on a table with one row per person (upload one, or pick "
        "the penguins) for a release that protects people."
    ),
    # the statistics
    "section_statistics": "What to publish",
    "add_title": "Add a statistic",
    "stat_kind": "Statistic",
    "kind_count": "Count of rows",
    "kind_histogram": "Histogram of a column",
    "kind_sum": "Sum of a column",
    "kind_mean": "Mean of a column",
    "kind_quantile": "Median (or another quantile)",
    "stat_column": "Column",
    "filter_value": "…equals this value",
    "categories": "Categories (public, all of them: one per line, or pasted with commas)",
    "facts_categories": "{n} declared categories: {labels}",
    "facts_bounds": "Public bounds {lower} to {upper}",
    "facts_edit": "Edit",
    "facts_keys": "Categories read from the data by key selection: only those with enough people are published.",
    "keys_mechanism": "Noise: discrete Laplace, with a threshold (OpenDP)",
    "keys_toggle": "Read the categories from the data (key selection)",
    "keys_toggle_help": (
        "For when nobody can list every category. Each category found gets a noisy count, and only those "
        "whose noisy count reaches a threshold are published, so a category held by one person almost "
        "never shows. It costs a share of the plan's δ besides ε. Typing the categories costs no δ."
    ),
    "keys_cost": (
        "Costs ε and a share of the plan's δ: the small chance that a category held by one person is "
        "published anyway. Small categories are left out; tab 2 shows which."
    ),
    "facts_bounds_order": "The lower bound must be below the upper bound: the statistic keeps its bounds.",
    "categories_file": "…or read them from a file (one per line, or separated by commas)",
    "categories_file_help": "A public list you keep, such as the official list of counties: never the data itself.",
    "categories_file_big": "That file is over {limit} kB: a list of categories is far shorter. Nothing was read.",
    "categories_file_not_text": "That file is not UTF-8 text: save it as plain text or CSV. Nothing was read.",
    "categories_file_count": "That file holds {n} categories; a histogram takes 1 to {limit}. Nothing was read.",
    "categories_help": (
        "Every possible category, from public knowledge, empty ones included. A list read off "
        "the data would itself reveal who is in it."
    ),
    "lower": "Public lower bound",
    "upper": "Public upper bound",
    "bins": "Number of bins",
    "quantile_q": "Which quantile (0.5 is the median)",
    "mechanism": "Noise",
    "target_placeholder": "for example 50",
    "no_numeric": "This dataset has no numeric column for this statistic.",
    "filter_column": "Count only rows where this column…",
    "no_filter": "(every row)",
    "bounds_source": "Public bounds: {source}.",
    "row_one": "{n} row",
    "row_many": "{n} rows",
    "weight": "Weight (share of the budget)",
    "target": "Target accuracy ± (95% of the time)",
    "add_button": "Add to the plan",
    "remove": "Remove",
    "empty_plan": "The plan is empty: add a statistic below.",
    "default_plan_note": "A starting plan for this dataset; change or remove anything.",
    "source_catalog": "documented with the dataset",
    "source_typical": "typical for a column of this name",
    "source_none": "none known: type them from public knowledge, never from the data",
    # budget
    "section_budget": "Budget or accuracy",
    "direction": "I know",
    "direction_budget": "the total budget ε",
    "direction_accuracy": "the accuracy I need",
    "total_epsilon": "Total budget ε for the whole plan",
    "delta": "Total δ (Gaussian noise only)",
    # the table and chart
    "col_statistic": "Statistic",
    "col_mechanism": "Noise",
    "col_epsilon": "ε spent",
    "col_accuracy": "95% of the time within",
    "col_relative": "Compared with",
    "within": "±{a}",
    "relative": "{share} of {reference}",
    "ref_smallest_bar": "the smallest non-empty bar ({value})",
    "ref_true_value": "the true value ({value})",
    "mechanism_selection": "Selection (permute-and-flip)",
    "name_count": "Count of rows",
    "name_count_where": "Count where {column} = {value}",
    "name_histogram": "Histogram of {column}",
    "name_sum": "Sum of {column}",
    "name_mean": "Mean of {column}",
    "name_quantile": "Quantile {q} of {column}",
    "target_missing": "Give a target accuracy.",
    "weight_zero": "Weight 0: this statistic gets no budget.",
    "statistic_one": "{n} statistic",
    "statistic_many": "{n} statistics",
    "summary": (
        "The plan publishes {count} for a total of **ε = {epsilon}** (the shares add up: basic "
        "composition). Accuracies hold with probability {confidence} each."
    ),
    "summary_delta": "The Gaussian statistics share **δ = {delta}**.",
    "clamp_none": "No value lies outside the bounds.",
    "clamp_some": (
        "The bounds clamp {values}: that moves the result by {bias} before any noise, against "
        "noise of ±{noise}."
    ),
    "value_one": "{n} value",
    "value_many": "{n} values",
    "curves_title": "Error against ε, as a share\nof each statistic (dot: this plan)",
    "curves_x": "ε spent on the statistic (log scale)",
    "curves_y": "Error at 95% (share of the reference)",
    "plan_note": (
        "Accuracies are computed on the true data, for the data owner who plans the release: "
        "the plan itself is not for publication."
    ),
    # risk
    "prior": "How sure the attacker is beforehand that a given person is in the data",
    "risk_total": "The whole plan costs **ε = {epsilon}** at δ = {delta} ({accountant}).",
    "risk_posterior": (
        "An attacker who was {prior} sure that one given person is in the data can end, whatever "
        "is published, anywhere between **{low}** and **{high}** sure: the odds move by a factor "
        "of at most e^ε = {odds}."
    ),
    "risk_tail": (
        "Because δ is not 0, that band may fail for rare outputs: except with probability at most "
        "{chance}, the attacker still ends below {high} sure."
    ),
    "risk_test": (
        "Put as a test: an attacker who accepts wrongly accusing 1% of the people who are not in "
        "the data can catch at most **{tpr1}** of those who are (at 5%: {tpr5}), by the (ε, δ) "
        "bound alone."
    ),
    "risk_test_plan": (
        "For this plan's own mechanisms (its privacy loss distribution), the best attacker does "
        "better than chance by less: at most **{tpr1}** at 1% and {tpr5} at 5%."
    ),
    "risk_attribute": (
        "The same prior for a fact about a person known to be in the data (**attribute inference**): an "
        "attacker who knows everything else about them and was {prior} sure of a yes/no answer guesses it "
        "right with a chance of at most **{guess}** after this release ({base} before it)."
    ),
    "risk_scale": "For a sense of scale, the budgets some organisations have published are below.",
    "metric_posterior": "Surest after",
    "metric_odds": "Odds move ×",
    "metric_tpr": "Caught at 1% FP",
    "risk_roc_title": "The best attacker: people caught\nagainst people wrongly accused",
    "risk_roc_x": "Wrongly accused (false positives)",
    "risk_roc_y": "Caught (true positives)",
    "risk_roc_region": "What (ε, δ) allows",
    "risk_roc_curve": "This plan's best attacker",
    "risk_roc_chance": "A coin toss",
    "risk_roc_best": "Largest lead over chance",
    "published_title": "Published budgets, for scale",
    "pub_who": "Release",
    "pub_epsilon": "ε",
    "pub_unit": "What ε protects",
    "pub_unit_person": "one person",
    "pub_unit_user_day": "one user's day",
    "pub_local": " (local DP, on the device: not comparable with central ε)",
    "pub_source": "Public source",
    "acc_basic": "basic composition",
    "acc_advanced": "advanced composition (Dwork-Rothblum-Vadhan)",
    "acc_kov": "optimal composition (Kairouz-Oh-Viswanath)",
    "acc_zcdp": "zero-concentrated DP",
    "acc_rdp": "Rényi DP (the moments accountant)",
    "acc_pld": "privacy loss distribution",
    # the total cost
    "acc_basic_how": "Adds the ε of every statistic (and their δ).",
    "acc_advanced_how": "√k growth instead of k: pays off when many statistics are answered many times.",
    "acc_kov_how": "The best any accountant can do knowing only each step's (ε, δ).",
    "acc_zcdp_how": "Exact for Gaussian noise; other noise enters as ε²/2.",
    "acc_rdp_how": "Tracks the whole Rényi curve of each mechanism: the course's moments accountant.",
    "acc_pld_how": "Composes the exact distribution of the privacy loss: the tightest here.",
    "cost_col_accountant": "Accountant",
    "cost_col_total": "Total ε",
    "cost_col_how": "How it counts",
    "cost_best": (
        "Answered once, the plan costs **ε = {epsilon}** by the {best}, against {basic} by plain "
        "addition (all at δ = {delta})."
    ),
    "cost_same": (
        "Answered once, no accountant beats plain addition here: the plan costs **ε = {epsilon}** "
        "(at δ = {delta}). The difference shows when the plan is answered many times (the chart)."
    ),
    "cost_publish": (
        "**Publish {epsilon}** ({best}, δ = {delta}): every accountant of the table bounds the same release, so "
        "the smallest is the guarantee it really has. Name the accountant and δ beside it."
    ),
    "cost_advanced_above": (
        "Advanced composition comes out above plain addition here ({advanced} against {basic}): it is a bound "
        "made for many answers (its √k growth wins only then). For a plan answered once, plain addition is "
        "tighter; a guarantee is the smallest valid figure, never the larger one."
    ),
    "cost_pure": (
        "Every statistic of this plan is pure ε-DP (no Gaussian noise): plain addition, the optimal composition "
        "and the PLD hold at δ = 0, so the δ above does not matter to them; only zCDP and Rényi DP need a δ to "
        "give an ε."
    ),
    "cost_parallel": (
        "A histogram's bars hold different people, so one person changes only one bar: the whole "
        "histogram costs its ε once (parallel composition). Counted as one query per bar, the plan "
        "would cost {without} instead of {basic}."
    ),
    "cost_chart_reading": (
        "Answered {times} times (say, once a day for 27 years), plain addition gives {basic}; the "
        "best accountant {best}."
    ),
    "cost_chart_stops": (
        "Some lines stop: those accountants also add up the Gaussian statistics' δ, and answered "
        "again and again the plan's δ passes the total you set. Rényi DP, zCDP and the PLD "
        "account for Gaussian noise exactly and go on."
    ),
    "cost_chart_title": "Total ε if the whole plan\nis answered again and again",
    "cost_chart_x": "Times the plan is answered (log scale)",
    "cost_chart_y": "Total ε (log scale)",
    "release_csv_statistic": "statistic",
    "release_csv_label": "bin",
    "release_csv_value": "released value",
    "release_draw": "Draw the release (spends the plan's ε)",
    "release_csv": "Released values (CSV)",
    "release_json": "Report (JSON)",
    "release_script": "OpenDP script (Python)",
    "release_spark": "Spark job (PipelineDP)",
    "release_script_file": "Both scripts read the data from the file {file}: put it beside the script you run.",
    "release_spark_no_keys": (
        "No Spark job for this plan: the job publishes declared categories only, and this plan reads a "
        "histogram's categories from the data. Type them in to get one."
    ),
    "release_spark_help": (
        "The same plan as a PipelineDP job, for a table too big for this app: run it with "
        "`--backend spark` on a cluster (or `local[2]` to try), or `--backend local`. It needs "
        "pipeline-dp and pyspark (requirements-engine.txt) and a Java runtime."
    ),
    "release_report_summary": (
        "{n} statistics of {file} released with differential privacy at a total ε = {epsilon} (δ = {delta}), "
        "protecting every person with up to {m} rows."
    ),
    "release_report_rows": "not reported: an exact row count is a fact about the data, not released with DP",
    "release_report_note": (
        "Released with differential privacy by DP Explorer. The expected accuracy of a mean or a "
        "quantile is computed on the true data (marked computed_on_the_data): keep those figures with "
        "the data owner, or remove them before publishing this report."
    ),
    # the ledger
    "ledger_budget": "Budget for this data, all releases together (ε)",
    "ledger_budget_delta": "Budget δ",
    "ledger_spent": "ε spent",
    "ledger_remaining": "ε remaining",
    "ledger_releases": "Releases drawn",
    "ledger_fits": (
        "Drawing this plan's release spends **ε = {epsilon}** (δ = {delta}) of the {remaining} that "
        "remain. Every draw spends it again: two draws of the same plan let an attacker average them."
    ),
    "ledger_refused": (
        "This plan's release needs **ε = {epsilon}** (δ = {delta}), but only {remaining} (δ = "
        "{remaining_delta}) remain: it would be refused. Spend less (a smaller total budget, fewer "
        "statistics) or publish what was already drawn."
    ),
    "ledger_col_when": "When (UTC)",
    "ledger_col_what": "What",
    "ledger_col_epsilon": "ε",
    "ledger_col_delta": "δ",
    "ledger_col_total": "ε spent so far",
    "ledger_download": "Ledger (JSON)",
    "ledger_title": "Ledger of this session",
    "released_title": "The release",
    # rows per person
    "tab_bounds": "3. Rows per person",
    "bounds_needs_id": (
        "Choose **one person, who may have several rows** and the column that identifies a person (left): this "
        "tab then shows which bound on the rows per person gives the smallest error."
    ),
    "bounds_intro": (
        "A release keeps at most m rows of each person. A larger m drops fewer rows (less bias) but multiplies "
        "the noise by m: the best m balances the two."
    ),
    "bounds_statistic": "Statistic shown",
    "bounds_none": (
        "The plan has no count, sum or histogram to weigh a bound for (means and quantiles are not analysed "
        "here yet)."
    ),
    "bounds_per_bar": (
        "A histogram is read per bar: the rows a bound drops, spread over its {bars} bars, against the noise "
        "on each bar, both as shares of the average bar ({average})."
    ),
    "bounds_chart_title": "{name}:\nerror against the rows kept per person\n(shares of the true value)",
    "bounds_x": "Rows kept per person (m)",
    "bounds_y": "95% error as a share of the true value",
    "bounds_total": "Bias + noise",
    "bounds_noise": "Noise (grows with m)",
    "bounds_bias": "Rows dropped (bias)",
    "bounds_best_note": "best: m = {m}",
    "bounds_yours_note": "yours: m = {m}",
    "bounds_col_statistic": "Statistic",
    "bounds_col_best": "Best m",
    "bounds_col_at_best": "Error at the best m",
    "bounds_col_at_yours": "Error at your m",
    "bounds_reading": (
        "For **{name}** the smallest error, {at_best}, comes at **m = {best}**. At your m = {m} it is {at_yours}: "
        "{bias} from the rows the bound drops and {noise} of noise (95%)."
    ),
    "bounds_not_private": (
        "These figures read how many rows each person has: choosing m from them is **a look at the data that no "
        "budget pays for**. Prefer a bound known from how the data was collected (one visit a day, one form a "
        "year), and use this tab to see what that bound costs."
    ),
    "bounds_private_title": "Choose m privately",
    "bounds_private_intro": (
        "Spend a small ε to choose m without looking: OpenDP draws the share you pick of the people's row "
        "counts (about the m that keeps every row of that share of people), privately. The ε is recorded "
        "in the ledger of this session (release tab) before the draw."
    ),
    "bounds_private_eps": "ε for choosing m",
    "bounds_private_q": "Keep every row of",
    "bounds_private_draw": "Draw m privately (costs ε = {epsilon})",
    "bounds_private_what": "Bound on rows per person ({column}), {share} quantile",
    "bounds_private_result": (
        "Drawn privately: **m = {m}** (about the m that keeps every row of {share} of the people by "
        "{column}), for ε = {epsilon}."
    ),
    "bounds_private_use": "Use m = {m}",
    # risk in, epsilon out
    "target_title": "Risk in, ε out",
    "target_intro": "State the most an attacker may achieve; the page finds the largest total ε that keeps to it.",
    "target_kind": "The attacker may achieve at most",
    "target_kind_tpr": "a share of members caught at a rate of false alarms",
    "target_kind_advantage": "an advantage (members caught minus false alarms)",
    "target_value_tpr": "Members caught at most",
    "target_value_fpr": "at false alarms of",
    "target_value_advantage": "Advantage at most",
    "target_tpr": "no attacker catches more than {tpr} of the people in the data at {fpr} false alarms",
    "target_advantage": "no attacker's share of members caught exceeds its false alarms by more than {advantage}",
    "target_found": (
        "So that {wanted}, the whole plan may spend at most **ε = {total}** (at its current shares); there the "
        "best attacker reaches {success}."
    ),
    "target_found_top": (
        "So that {wanted}, the whole plan may spend even ε = {total}, the largest this page considers (the best "
        "attacker there reaches {success})."
    ),
    "target_within": "The plan now spends ε = {plan}: within the target.",
    "target_over": "The plan now spends ε = {plan}: **over the target**. Lower the total to {total} or less.",
    "target_how": (
        "The best attacker is read from the plan's own privacy loss distribution (dp-accounting) by riskcal "
        "(Kulynych et al. 2024): the exact best test against this plan, tighter than the ε bound alone."
    ),
    "target_metric_total": "Largest total ε for the target",
    "target_metric_plan": "The plan's total ε",
    # a sample of a population
    "sample_title": "If the data is a sample of a population",
    "sample_check": "My data is a secret random sample of a larger population",
    "sample_rate": "Sampling rate: the chance that each person of the population is in the data",
    "sample_rate_help": "A survey that reaches 1 in 20 households at random: 0.05. A census: no sample at all.",
    "sample_metric_data": "ε towards the people in the data",
    "sample_metric_population": "ε towards the population",
    "sample_reading": (
        "Run on a sample that holds each person of the population with probability {rate}, the plan's "
        "ε = {epsilon} (δ = {delta}) protects everyone in the population with **ε = {amplified}** "
        "(δ = {amplified_delta}): ln(1 + q (e^ε − 1)) (Balle, Barthe & Gaboardi 2018). A person is hidden "
        "twice: by the noise and by not knowing whether they were sampled at all."
    ),
    "sample_when": (
        "This holds only if each person entered the sample independently at that rate and **nobody outside "
        "knows who did**: an attacker who knows their target was surveyed faces the plain ε. It does not "
        "apply to a census, to a list of respondents that is public, or to people who could tell others "
        "they took part. Publish the plain ε unless you can vouch for all of this."
    ),
    # error per cell
    "cells_intro": (
        "Every bar of a histogram gets noise of the same size, so a large bar is measured well and a small "
        "one may be drowned. Each point is a bar (or a count of the plan): its true size against its error "
        "as a share of that size."
    ),
    "cells_threshold": "A bar is too noisy when its error exceeds",
    "cells_threshold_help": (
        "A share of the bar's own count: at 50%, a bar of 20 people is too noisy with an error above ±10."
    ),
    "cells_bad_threshold": "The share above which a bar is too noisy must be a positive number.",
    "cells_none": "The plan has no histogram yet: add one (left) to see the error of each of its bars.",
    "cells_chart_title": "Error of each bar against its size\n(above the line: error over {threshold} of the bar)",
    "cells_x": "True size (people, log scale)",
    "cells_y": "95% error as a share of the size",
    "cells_useful": "Bar the noise leaves useful",
    "cells_noisy": "Bar too noisy",
    "cells_count": "Count of the plan",
    "cells_rule": "{threshold} of the bar",
    "cells_histogram": (
        "**{name}**: {noisy} of {bars} bars are too noisy (every bar gets ±{accuracy}; a bar needs at least "
        "{needed} people to stay within {threshold})."
    ),
    "cells_counts": "The plan's counts for comparison: {names}.",
    "cells_table_title": "Too noisy in {name}, the smallest first",
    "cells_more": " ({more} more not listed)",
    "cells_col_bar": "Bar",
    "cells_col_count": "True count",
    "cells_col_error": "95% error",
    "cells_col_relative": "Error / count",
    "cells_empty": "empty: no size to compare with",
    "keys_chart_title": "{name}:\nthe chance each category is published",
    "keys_x": "True count of the category (people)",
    "keys_y": "Chance it is published",
    "keys_curve": "Any category of that size",
    "keys_category": "A category in your data",
    "keys_reading": (
        "**{name}**: a category is published when its noisy count reaches **{threshold}**. One of "
        "**{sure}** people or more is published {share} of the time; one held by a single person shows "
        "up with a chance of at most {delta}, the δ this histogram costs. Of the {found} categories in "
        "your data, {likely} are likely published, {dropped} likely left out and {between} may go either way."
    ),
    "cells_private_note": (
        "This tab reads the true counts, as the plan's accuracy does: it is for whoever plans the release on "
        "their own data, never something to publish beside it. To help the small bars: give this histogram "
        "a larger share of the budget, merge small categories into wider ones, or publish their total only."
    ),
}

TEXT = Texts(EN, __name__)
