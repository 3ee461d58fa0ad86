"""Sentences of the release planner's "Value bounds" tab (bias of clamping against noise, and bounds
suggested privately), kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "tab": "4. Value bounds",
    "intro": (
        "A sum or a mean clamps every value to its public bounds [L, U] first. A higher U clamps fewer "
        "values (less bias) but lets one person move the result further (more noise): the best U balances "
        "the two. The lower bound L stays as it is."
    ),
    "statistic": "Statistic shown",
    "none": (
        "The plan has no sum or mean with public bounds to weigh (add one on the left, or fix the one whose "
        "row in the plan shows a problem)."
    ),
    # chart
    "chart_title": "{name}:\nerror against U (95%, in its own unit)",
    "chart_x": "Public upper bound U",
    "chart_y": "Error (95%)",
    "chart_total": "Bias + noise",
    "chart_noise": "Noise (grows with U)",
    "chart_bias": "Bias (values clamped)",
    "best_note": "best: U = {upper}",
    "yours_note": "yours: U = {upper}",
    # table
    "col_statistic": "Statistic",
    "col_best": "Best U",
    "col_at_best": "Error at the best U",
    "col_at_yours": "Error at your U",
    "within": "±{a}",
    # reading
    "reading": (
        "For **{name}** (lower bound {lower}) the smallest error on this data, ±{at_best}, comes at **U = {best}**: "
        "{bias_best} of bias and ±{noise_best} of noise. Your U = {upper} gives ±{at_yours}: {bias} of bias from "
        "{clamped} above it, and ±{noise} of noise, at this statistic's ε = {epsilon} in the plan."
    ),
    "lower_pays": "A lower U clamps more values, but it cuts the noise by more than it adds bias.",
    "higher_pays": "A higher U adds noise, but it removes more bias than that, clamping fewer values.",
    "yours_best": "Your U is as good as the best one on the chart's grid (within half a percent).",
    "value_one": "{n} value",
    "value_many": "{n} values",
    "not_private": (
        "This curve reads the data (its values, up to the largest one): the best U it shows is **a fact about "
        "the data that no budget pays for**, and a release clamped to it says more than its ε. Take bounds "
        "from public knowledge (a form's range, a law, a unit's limits), or have them suggested privately "
        "below, at a cost the ledger records."
    ),
    "apply": "Apply U = {upper} to {name}",
    # the private suggestion
    "suggest_title": "Bounds suggested privately",
    "suggest_intro": (
        "OpenDP draws the {low_q} and {high_q} quantiles of **{column}** among {count} public candidates spread "
        "over a wide range you state without looking at the data, each with half the ε: ε in all, recorded in "
        "the session's ledger (release tab). With an ID column each person keeps at most m rows first, chosen "
        "anew with secret randomness."
    ),
    "range_low": "Wide public range: from",
    "range_high": "to",
    "suggest_epsilon": "ε spent on the suggestion",
    "suggest_button": "Suggest bounds privately (costs ε = {epsilon})",
    "ledger_what": "Bounds of {column} (two private quantiles)",
    "suggested": (
        "Suggested privately for **{column}**: **[{lower}, {upper}]**, the {low_q} and {high_q} quantiles drawn "
        "with OpenDP at ε = {epsilon} in all (pure DP, in the ledger). They are noisy: on a small table they can "
        "miss by many rows, so weigh them against what you know before applying them."
    ),
    "apply_suggested": "Apply [{lower}, {upper}] to {name}",
}

TEXT = Texts(EN, __name__)
