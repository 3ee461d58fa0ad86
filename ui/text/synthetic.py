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
}

TEXT = Texts(EN, __name__)
