"""Sentences of the Synthetic data page, kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Synthetic data: publish once, query for free",
    "intro": (
        "A synthetic table is drawn from noisy statistics of the real one. Once it is published, any "
        "number of questions asked of it costs no further privacy: the budget was spent when it was made "
        "(the course, section 6.5.3). The pupils, the error across ε and the comparison are **simulations** with "
        "the sidebar's seed; the MST table you download is a **release**: OpenDP draws its noise afresh, "
        "and the seed only fixes how rows are sampled from the fitted model."
    ),
    "tab_pupils": "1. One column: the pupils",
    "tab_mst": "2. Many columns: MST",
    "tab_tradeoff": "3. Across ε",
    "tab_lesson": "4. Publish once or answer each?",
    "epsilon": "ε for the synthetic table",
    # --- tab 1
    "pupils_intro": (
        "Six pupils are 12, 13, 15, 13, 15 and 12 years old. The ages a pupil can have, 12 to 15, are "
        "declared in public beforehand (never read from the data)."
    ),
    "true_counts": "True counts",
    "noisy_counts": "Noisy counts",
    "clamped": "Clamped at 0",
    "step_series": "Step",
    "pupils_chart_title": "The six pupils' ages at ε = {eps}:\ncounts, noise and weights",
    "age_axis": "Age",
    "pupils_axis": "Pupils",
    "col_age": "Age",
    "col_true": "True count",
    "col_noise": "Laplace noise",
    "col_clamped": "Clamped at 0",
    "col_probability": "Probability",
    "pupils_steps": (
        "1. Count the pupils of each age.\n2. Add Laplace noise of scale 1/ε = {scale} to every count "
        "(ε = {eps}; one pupil changes one count by 1).\n3. Clamp negative counts at 0.\n4. Divide by the "
        "total: a probability for each age."
    ),
    "pupils_sample": (
        "5. Draw six ages from these probabilities: **{sample}**. That is the synthetic table; it can "
        "be published and queried without limit. The course's own draw, {course}, is one possible "
        "outcome: under this run's probabilities it had a chance of {chance}."
    ),
    # --- tab 2
    "mst_intro": (
        "MST (Maximum Spanning Tree, McKenna et al. 2021) spends a third of ε on every column's noisy "
        "histogram, a third on choosing the pairs of columns that matter most, and a third on measuring "
        "those pairs' two-way histograms; it fits a graphical model to the noisy measurements and samples "
        "a table from it. Only columns with a declared (public) list of values or public bounds take part. "
        "AIM, more accurate in the literature, took 24 s on five Adult columns where MST takes 2 s, and over "
        "15 minutes on all of them on this kind of machine, so it is not offered."
    ),
    "columns": "Columns to synthesise",
    "rows": "Rows in the synthetic table",
    "rows_help": (
        "A public choice, up to {maximum}. It is never taken from the real table's number of rows, which "
        "changes when one person is added or removed. Changing it draws the rows again from the same "
        "model, at no further privacy cost."
    ),
    "mst_button": "Make the synthetic table",
    "mst_hint": "Choose the columns and ε, then press the button: fitting takes a few seconds to a minute.",
    "use_penguins": "Use Palmer penguins",
    "no_domains": (
        "This dataset declares no public list of values or bounds for its columns, and reading them from "
        "the data would leak. Pick a bundled dataset (Palmer penguins has eight declared columns)."
    ),
    "stage_prepare": "Preparing the declared domains",
    "stage_measure_oneway": "Measuring every column's noisy histogram",
    "stage_fit_oneway": "Fitting the one-way marginals",
    "stage_select_measure_pairs": "Choosing and measuring the pairs of columns",
    "stage_fit_model": "Fitting the graphical model",
    "stage_sample": "Sampling the synthetic rows",
    "stage_done": "Done",
    "real": "Real table",
    "synthetic": "Synthetic (MST)",
    "independent": "Independent noisy columns",
    "half": "Half of the real rows (no privacy)",
    "table_series": "Table",
    "oneway_column": "Column shown",
    "pair_columns": "Two columns shown together",
    "oneway_title": "One column: real, synthetic and\nindependent noisy columns",
    "value_axis": "Value",
    "share_axis": "Share of rows",
    "pair_real_title": "Two columns together:\nthe real table",
    "pair_synthetic_title": "Two columns together:\nthe synthetic table",
    "col_table": "Table compared with the real one",
    "col_oneway": "One-column error (TVD, mean)",
    "col_twoway": "Two-column error (TVD, mean)",
    "col_workload": "Counting queries: typical error",
    "points": "±{pp} points",
    "errors_reading": (
        "TVD (total variation distance) is the share of rows that would have to move to turn one "
        "histogram into the other: 0% is perfect. The counting queries are {queries} random questions "
        "\"how many rows have these two values?\", as shares of the rows. MST should beat the independent "
        "columns on two-column errors (they lose every link between columns); half of the real rows is "
        "the sampling noise no synthesizer can beat."
    ),
    "corr_real_title": "Correlations between columns:\nthe real table",
    "corr_synthetic_title": "Correlations between columns:\nthe synthetic table",
    "correlation": "Correlation",
    "graph_title": "Pairs MST measured\n(a line: their two-way\nhistogram)",
    "mst_summary": (
        "**{rows} synthetic rows** of {columns}, ε = {eps} (spent: {spent}), fitted in {seconds} s; MST "
        "measured {pairs} pairs of columns; rows with a missing value in a chosen column were left out of the fit. "
        "The number of rows is yours to choose, a public setting: a table as long as the real one would tell "
        "whether one person is in it. The seed fixes the sampling of rows only: OpenDP draws its noise from the "
        "operating system, so each press of the button fits a new model."
    ),
    "download": "Download the synthetic table (CSV)",
    "download_report": "Download its report (JSON)",
    "report_note": (
        "A synthetic table is a non-interactive release: it was made once with the budget below, and any "
        "number of questions asked of it costs no further privacy. Its columns use only the declared "
        "domains listed here, never values read from the data."
    ),
    # --- tab 3
    "sweep_intro": (
        "How much does the synthetic table gain from a larger budget? MST is fitted once at each ε of "
        "0.1, 0.3, 1, 3 and 10 on the columns below, and each table's two-column error is drawn against ε, "
        "beside independent noisy columns at the same ε and half of the real rows (the noise floor)."
    ),
    "sweep_button": "Fit MST at the {n} ε values still missing",
    "sweep_progress": "ε = {eps:g} ({i} of {n}): {stage}",
    "sweep_hint": "Press the button: each fit takes a few seconds, and every finished ε is kept for this session.",
    "sweep_title": "Two-column error of the synthetic table\nagainst ε",
    "sweep_x": "ε of the whole table",
    "sweep_y": "Two-way error (TVD)",
    "sweep_none": "none of them",
    "sweep_reading": (
        "{done} of {total} ε values fitted ({seconds} s in all). MST's table beats the independent columns "
        "at ε = {beats}; no table can beat the noise floor of half the real rows, {floor}. Each ε is a "
        "separate release: only one of these tables would be published."
    ),
    # --- tab 4
    "lesson_intro": (
        "The same total ε can be spent once, on a synthetic table that then answers every question, or "
        "split over the questions as they come (each with ε/k, basic composition)."
    ),
    "lesson_needs_table": "Make a synthetic table on the tab \"2. Many columns: MST\" first.",
    "lesson_synthetic": "Answered on the synthetic table",
    "lesson_laplace": "Answered one by one with Laplace noise (ε/k each)",
    "lesson_expected": "Laplace, expected error (k/ε)",
    "answers_series": "How the questions are answered",
    "lesson_title": "Typical error of a count against\nthe number of questions, same total ε",
    "queries_axis": "Number of questions k",
    "error_people_axis": "Typical error (rows)",
    "lesson_summary": (
        "With ε = {eps} in all, the synthetic table's answers are off by about {synthetic} rows whatever "
        "the number of questions: asking more costs nothing. Answered one by one, each of {k} questions "
        "gets ε/{k} and an error of about {laplace} rows. {crossing}"
    ),
    "lesson_crossing": "The synthetic table answers better from k = {k} on.",
    "lesson_no_crossing": "Here the interactive answers stay better over the whole range: the synthetic table's own error is large.",
    # --- tab 5: attacks on the published table (issue 34, section 2)
    "tab_attacks": "5. Attacks on the table",
    "att_intro": (
        "How much does a published synthetic table give away about the people it was made from? As in "
        "Anonymeter (Giomi et al., PoPETs 2023), the rows with a value in every chosen column are split at "
        "random into a **training** half, on which MST is fitted, and a **control** half it never sees. "
        "Each attack is run against training rows, against control rows and as a naive **baseline**; its "
        "**risk** is (training − control) / (1 − control): what the table gives away about the rows it was "
        "made from beyond what it tells about anyone like them.\n\n"
        "- **Singling out**: a rule read off the synthetic table (one rare value, or one synthetic row's "
        "values on 3 columns) that matches exactly one real row.\n"
        "- **Linkability**: the attacker holds a person's first columns from one source and the others from "
        "another; both halves lead to the same nearest synthetic row.\n"
        "- **Attribute inference**: the attacker knows every column but the secret one; the nearest "
        "synthetic row gives the guess.\n"
        "- **Exact copies** (distance to closest record): a real row found whole in the synthetic table.\n\n"
        "This is a **simulation** with the sidebar's seed (the split, the targets and the attackers' draws; "
        "OpenDP draws MST's noise afresh). It reads the real rows, so its numbers are not a DP release."
    ),
    "att_two_columns": "Choose at least two columns: the attacks need a secret column and others to guess it from.",
    "att_too_few": (
        "Only {rows} rows have a value in every chosen column: at least {minimum} are needed to split them "
        "into a training half and a control half."
    ),
    "att_secret": "Secret column (attribute inference)",
    "att_secret_help": "The attacker knows every other chosen column of a person and guesses this one.",
    "att_button": "Fit MST on the training half and run the attacks ({n} tables to go)",
    "att_progress": "{table} ({i} of {n}): {stage}",
    "att_stage_singling_out": "Singling out",
    "att_stage_linkability": "Linking two sources",
    "att_stage_inference": "Guessing the secret column",
    "att_stage_closest": "Distance to the closest synthetic row",
    "att_hint": (
        "Press the button: MST is fitted on the training half at ε = 0.3, 1, 3 and 10 (seconds each), and "
        "every table is attacked, the training rows published as they are first."
    ),
    "att_copy_label": "No privacy (the rows)",
    "att_eps_label": "ε = {eps}",
    "att_singling_out": "Singling out (3 columns)",
    "att_singling_out_one": "Singling out (1 value)",
    "att_linkability": "Linkability",
    "att_inference": "Attribute inference",
    "att_copies_bound": " ({eps} allows at most {bound} of training rows, given the control rows)",
    "att_chart_title": "Risk each attack measured, by table\n(black tick: the most ε allows)",
    "att_chart_x": "Table attacked",
    "att_chart_y": "Risk",
    "att_chart_series": "Attack",
    "att_low": "Interval from",
    "att_high": "Interval to",
    "att_bound": "Most ε allows",
    "att_reading": (
        "On the {n} MST tables the highest risk measured was {risk}, by the attack “{attack}” at ε = {eps} "
        "(95% interval up to {high}); ε = {eps} would allow that attack up to {bound}, {gap} percentage "
        "points above the interval. Singling out reached at most {singling}."
    ),
    "att_reading_unbounded": (
        "On the {n} MST tables the highest risk measured was {risk}, by the attack “{attack}” at ε = {eps} "
        "(95% interval up to {high}); at ε = {eps} the bound allows that attack any risk up to {bound}: it "
        "no longer protects. Singling out reached at most {singling}."
    ),
    "att_copy_reading": (
        "Published as they are, the training rows give attribute inference a risk of {inference}, "
        "linkability {linkability} and singling out {singling}, and {copies} of them are found whole."
    ),
    "att_seconds": "The slowest table's attacks took {seconds} s.",
    "att_bound_note": (
        "The black tick is the highest risk ε allows an attack on one row. MST is ε-DP for adding or "
        "removing a row, so swapping a training row for a control row costs at most 2ε, and an attack's "
        "success on training rows is at most min(e^(2ε) × control, 1 − e^(−2ε) × (1 − control)) (the "
        "hypothesis-testing bound of Kairouz, Oh and Viswanath, 2015). Singling out counts rules over a "
        "whole half, not one row's fate, so it gets no tick. Intervals are Wilson score intervals at 95%."
    ),
    "att_shown": "Details of the table",
    "att_details_intro": "**{table}**, secret column **{secret}**: the share of attacks that succeeded.",
    "att_col_attack": "Attack",
    "att_col_success": "Success: training · control · baseline",
    "att_success": "{training} · {control} · {baseline}",
    "att_col_risk": "Risk (95% interval)",
    "att_col_bound": "ε allows",
    "att_interval": "{risk} ({low}–{high})",
    "att_training_rows": "Training rows (MST saw them)",
    "att_control_rows": "Control rows (never seen)",
    "att_rows_series": "Real rows",
    "att_closest_title": "How far real rows are from\nthe closest synthetic row",
    "att_closest_x": "Columns that differ",
    "att_closest_y": "Share of rows",
    "att_closest_reading": (
        "{table}: {training} of training rows and {control} of control rows have an exact copy in the "
        "table{bound}; on average the closest synthetic row differs in {mean_training} columns for a training row "
        "and {mean_control} for a control row. A table that learned its rows by heart would sit much closer "
        "to the training rows."
    ),
}

TEXT = Texts(EN, __name__)
