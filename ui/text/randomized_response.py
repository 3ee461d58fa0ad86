"""Sentences of the Randomized response page, kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Randomized response: privacy on your own device",
    "intro": (
        "Randomized response protects people who do not trust the collector. Each person "
        "randomizes their own answer before sending it, so what leaves their device may be a lie, "
        "and the collector never learns any one true answer. Because the amount of lying is known, "
        "the collector can still correct the totals and estimate how common each answer is."
    ),
    "tab_protocol": "The coin protocol",
    "tab_book": "The book's example",
    "tab_column": "Your data",
    "tab_local": "Local versus central",
    # --- protocol
    "protocol_intro": (
        "Each respondent tosses a coin that shows heads with probability p. Heads: they answer "
        "truthfully. Tails: they give the opposite answer. A fair coin tossed twice, or a die, "
        "realises many values of p (the course's die rule, for example, says 1 with probability "
        "1/36). Set p or ε: each follows the other, ε = ln(p / (1 − p)) and p = e^ε / (e^ε + 1)."
    ),
    "p": "Probability p of telling the truth",
    "p_help": "Must lie strictly between 0.5 and 1: at 0.5 the answer is pure chance, at 1 there is no privacy.",
    "eps": "Privacy budget ε",
    "eps_help": "ε = ln(p / (1 − p)). Type a value to set p from it.",
    "eps_rejected": "{message} p was kept at {p}.",
    "p_eps_link": (
        "With p = {p}: ε = ln(p / (1 − p)) = ln({p} / {q}) = **{eps}**. A true answer is "
        "{ratio} times as likely to be reported as the opposite one, and e^ε = {ratio} is "
        "exactly what ε-local differential privacy allows."
    ),
    "one_title": "One respondent",
    "one_truth": "The respondent's true answer",
    "answer_yes": "Yes",
    "answer_no": "No",
    "one_button": "Toss the coin",
    "one_reset": "Start again",
    "one_prompt": "Press the button: the respondent tosses the coin and answers. Each toss is drawn from the seed.",
    "one_heads": (
        "Toss {i}: the respondent's true answer is **{truth}**. The coin shows **heads** "
        "(probability {p}), so they tell the truth and report **{reported}**."
    ),
    "one_tails": (
        "Toss {i}: the respondent's true answer is **{truth}**. The coin shows **tails** "
        "(probability {q}), so they report the opposite: **{reported}**."
    ),
    "one_tally": (
        "So far {tosses}: {heads} (a share of {share}, against p = {p}); {changed} from the true answer."
    ),
    "tosses_one": "1 toss",
    "tosses_many": "{n} tosses",
    "heads_one": "heads once",
    "heads_many": "heads {n} times",
    "changed_one": "1 report differed",
    "changed_many": "{n} reports differed",
    "survey_title": "A survey of n respondents",
    "survey_n": "Number of respondents n",
    "survey_share": "True share of 'yes' among them",
    "survey_chart_title": "What the collector sees\nand what it can work out",
    "survey_chart_share": "(true share of 'yes': {share})",
    "survey_axis": "Share of 'yes'",
    "row_truth": "True share",
    "row_raw": "Raw share of 'yes' reports",
    "row_corrected": "Corrected estimate (95% interval)",
    "row_title": "Value",
    "survey_result": (
        "Of {respondents}, {n_true} (share {truth}). {n_yes} reported 'yes': "
        "the raw share is {raw}, pulled towards 1/2 by the coin. The correction gives "
        "π̂ = (p − 1)/(2p − 1) + n₁/((2p − 1) n) = ({p} − 1)/{den} + {n_yes}/({den} × {n}) "
        "= **{est}**, with standard error {se} and 95% interval [{low}, {high}]."
    ),
    "respondents_one": "1 respondent",
    "respondents_many": "{n} respondents",
    "say_yes_one": "{n} truly says 'yes'",
    "say_yes_many": "{n} truly say 'yes'",
    "survey_outside": "The corrected estimate is unbiased, not clipped, so with few respondents it can fall below 0 or above 1.",
    "simulation": "Simulation: the coins are drawn with numpy's random generator from the seed in the sidebar.",
    # --- the book's example
    "book_intro": (
        "The course's worked example (section 6.4.2): 20 people, truly {male} male and {female} female. "
        "Each reports their true sex with probability p = {p} and the other one with probability "
        "{q}. The collector receives {rep_male} 'male' and {rep_female} 'female' and corrects them:"
    ),
    "book_male": "Male: [{n} × ({p} − 1) + {n1}] / ({p} × 2 − 1) = {num} / {den} ≈ **{value:.1f}** ({value:.2f})",
    "book_female": "Female: [{n} × ({p} − 1) + {n1}] / ({p} × 2 − 1) = {num} / {den} ≈ **{value:.1f}** ({value:.2f})",
    "book_close": "As the course notes, the corrected counts are close to the truth (16 and 4), although the collector never saw a true answer.",
    "book_col_group": "Group",
    "book_col_true": "True count",
    "book_col_reported": "Reported",
    "book_col_corrected": "Corrected",
    "book_male_label": "Male",
    "book_female_label": "Female",
    "book_rerun_title": "The same survey with real coin tosses",
    "book_rerun": (
        "With the seed {seed}, the 20 coins gave {rep_male} 'male' and {rep_female} 'female' reports, "
        "corrected to {male:.2f} male and {female:.2f} female. Change the seed in the sidebar: with only "
        "20 people the correction swings widely (its standard error is {se:.1f} people)."
    ),
    # --- your data
    "column_intro": (
        "Every row of the dataset in use plays one person who randomizes their own answer. With two "
        "possible answers this is the coin protocol; with k answers it is generalised randomized "
        "response: report the true answer with probability p = e^ε / (e^ε + k − 1), otherwise any "
        "one of the other k − 1 answers, each with probability q = (1 − p) / (k − 1). The collector "
        "corrects each share with f̂ = (observed share − q) / (p − q)."
    ),
    "column": "Column",
    "column_epsilon": "Privacy budget ε for each person",
    "no_column": "This dataset has no column with between 2 and {max} different values, so there is nothing to randomize. Choose another dataset in the sidebar.",
    "column_method": (
        "{method}: {who} their true value with probability p = {p} and "
        "each other value with probability q = {q} (ε = {eps})."
    ),
    "method_binary": "Binary randomized response",
    "method_general": "Generalised randomized response (k = {k})",
    "who_one": "the 1 person reports",
    "who_many": "each of the {n} people reports",
    "column_chart_title": "True, raw and corrected\nfrequencies of {column}",
    "category_axis": "Value",
    "frequency_axis": "Frequency",
    "bar_truth": "True",
    "bar_raw": "Raw (what the collector sees)",
    "bar_corrected": "Corrected (95% interval)",
    "bar_title": "Frequency",
    "col_value": "Value",
    "col_true_count": "True count",
    "col_true": "True frequency",
    "col_raw": "Raw frequency",
    "col_corrected": "Corrected frequency",
    "col_half": "± 95%",
    "column_errors": (
        "In this run the corrected frequencies are off by {rmse} (root mean square). The raw "
        "shares are off by {raw_rmse}: they are pulled towards 1/k = {uniform}, so they look "
        "good only when the truth is close to even."
    ),
    "error_chart_title": "Typical error of a frequency\nagainst the number of people",
    "people_axis": "Number of people n",
    "error_axis": "Typical error (root mean square)",
    "curve_local": "Local, ε = {eps}",
    "curve_local_chosen": "Local, your ε",
    "curve_central": "Central, your ε",
    "curve_title": "Model and ε",
    "this_run_note": "this run:\nn = {n}, ε = {eps}",
    "error_summary": (
        "With n = {n} people and ε = {eps}, randomized response gets each frequency right to about "
        "{local}; the central model of the histogram page, where a trusted curator adds Laplace "
        "noise once to the true counts, would be off by about {central}. In the chart, \"your ε\" is "
        "the ε chosen above. Local privacy costs "
        "accuracy: its error shrinks like 1/√n, the central model's like 1/n."
    ),
    "column_public": "The possible values are the public list declared for this dataset, so k does not depend on the data.",
    "column_private": (
        "The possible values (and so k) are taken from the column itself. In a real survey they are "
        "fixed in advance, because every person needs them before answering."
    ),
    "column_left_out": "Not randomized: {missing} with a missing value and {outside} with a value outside the public list.",
    "bars_truncated": "The chart shows the first {shown} of {total} values; the table lists them all.",
    # --- local versus central
    "local_sentence": (
        "In the central model (the histogram page) a trusted curator sees every true answer and adds "
        "noise once to the result; in the local model each person randomizes before sending, so the "
        "collector never sees a true answer and nobody has to be trusted."
    ),
    "to_histogram": "See the central model on the histogram page",
    "local_more": (
        "Google's RAPPOR and Apple's count-mean sketch use local randomization on phones; the shuffle "
        "model (ESA, Prochlo) adds an anonymising shuffler so that less noise is needed."
    ),
    "diagram_title": "Who sees the true answers",
    "diagram_central": "Central model: trust the curator",
    "diagram_local": "Local model: trust nobody",
    "diagram_person": "Person",
    "diagram_curator": "Trusted\ncurator adds\nnoise once",
    "diagram_collector": "Collector\n(sees no\ntrue answer)",
    "diagram_true_answers": "true answers",
    "diagram_randomized": "randomized answers",
    "diagram_coin": "coin\ntoss",
    "diagram_noisy_total": "Noisy\ncounts",
    "diagram_estimate": "Corrected\ncounts",
}

TEXT = Texts(EN, __name__)
