"""Sentences of the release planner page, kept together for translation."""

TEXT: dict[str, str] = {
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
    "tab_plan": "1. Statistics and accuracy",
    "tab_cost": "2. Total cost",
    "tab_risk": "3. Risk in plain words",
    "tab_sensitivity": "4. Sensitivity",
    "tab_release": "5. Release and ledger",
    # who is protected
    "section_unit": "Who is protected",
    "unit": "Unit of protection",
    "unit_row": "One row",
    "unit_person": "One person, who may have several rows",
    "rows_per_person": "Rows one person may contribute (m)",
    "id_column": "Column that identifies a person",
    "no_id_column": "(none: I promise the bound)",
    "explain_row": "Each row is one person. One person changes a count by at most 1: every sensitivity below is for one row.",
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
    "categories": "Categories (public, one per line, all of them)",
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
    "ref_smallest_bar": "the smallest bar ({value})",
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
    "curves_title": "Error against ε, as a share of each statistic\n(the dot: this plan)",
    "curves_x": "ε spent on the statistic (log scale)",
    "curves_y": "Error at 95% (share of the reference)",
    "curves_chosen": "this plan",
    "plan_note": (
        "Accuracies are computed on the true data, for the data owner who plans the release: "
        "the plan itself is not for publication."
    ),
}
