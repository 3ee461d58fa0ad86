"""Sentences of the release planner's "Sensitivity, explored" tab, kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    # controls (for the page)
    "column": "Numeric column",
    "lower": "Public lower bound",
    "upper": "Public upper bound",
    "no_numeric": "This dataset has no numeric column: a sum, a mean or a median needs one.",
    # who moves the answers
    "one_row": "One person (one row) changes it by at most Δ = {d}",
    "m_rows": "One person with up to {m} rows changes it by at most Δ = {d} ({m} rows × 1)",
    # counts
    "count": (
        "**`SELECT COUNT(*)`** returns {n} on this data. {who}, so the Laplace mechanism at ε = {eps} "
        "adds noise of scale Δ/ε = {b}: {confidence} of the time within ±{a}."
    ),
    "triple": (
        "**`SELECT 3*COUNT(*)`** returns {n3}. One person moves it three times as far, Δ = {d3}, so "
        "it needs three times the noise, scale {b3} (±{a3}), to hide the same person. Divided by 3, "
        "that noise is the count's own: multiplying an answer by a public number buys no accuracy "
        "(section 6.1.2 of the course)."
    ),
    # clamped sum and mean
    "sum": (
        "**Sum of {column}**, each value clamped to [{lower}, {upper}]: {clamped} of the {values} "
        "lie outside the bounds ({below} below, {above} above), and clamping them moves the sum by "
        "{bias} (the bias). One person moves the clamped sum by at most max(|L|, |U|) × m = "
        "{textbook}; OpenDP, which draws the release, calibrates on {opendp} (its bound also covers "
        "the sum's floating-point rounding, and is U − L when the bounds have both signs). The "
        "Laplace noise at ε = {eps} then has scale {b}: {confidence} of the time within ±{a}."
    ),
    "mean": (
        "**Mean of {column}**: the clamped sum over a count of the values, each released with ε/2 "
        "(noise scales {b_sum} and {b_count}). Clamping moves the mean by {bias}; the noise keeps "
        "it within ±{a} {confidence} of the time."
    ),
    "mean_unbounded": (
        "**Mean of {column}**: the clamped sum over a count of the values, each released with ε/2 "
        "(noise scales {b_sum} and {b_count}). Clamping moves the mean by {bias}; but at this ε the "
        "count's noise could reach the count itself, so nothing bounds the mean's error: raise ε "
        "or publish it over more values."
    ),
    "tradeoff": (
        "Wider bounds clamp fewer values (less bias) but let one person move the sum further (more "
        "noise); narrower bounds do the opposite. On the chart's grid, the upper bound with the "
        "smallest bias plus noise here is {best}. Reading the best bound off the data is itself a "
        "leak: take bounds from public knowledge (or spend part of the budget on a private quantile)."
    ),
    "value_one": "{n} value",
    "value_many": "{n} values",
    # median: local versus global
    "median": (
        "**Median of {column}** (values clamped to [{lower}, {upper}]): {median}. Its local "
        "sensitivity, the largest change one added or removed row makes on this data, is {local}; its "
        "global sensitivity, the largest change over every dataset within the bounds, is {global_} "
        "(half of U − L)."
    ),
    "median_m": (
        "A person with up to {m} rows can move the median by up to the whole range, U − L = {range}: "
        "that is the global sensitivity that protects them."
    ),
    "median_not_dp": (
        "Noise scaled to the local sensitivity (scale {local_scale} at ε = {eps}, instead of "
        "{global_scale}) is not differentially private: the local sensitivity depends on the data, "
        "so the amount of noise itself tells something about the rows."
    ),
    "median_neighbour": (
        "For example, removing one row (value {value}, at or next to the median) gives a neighbour whose "
        "median is {median} and whose local sensitivity is {local}, not {local_d}: the spread of the "
        "noise would change with that one row, and an attacker who sees the spread learns whether "
        "the row is in."
    ),
    "median_exact": "Where the local sensitivity is 0, the median would even be published exactly.",
    "median_no_neighbour": (
        "On this data, removing any one of the rows next to the median leaves the local sensitivity "
        "at {local}; on other data it changes, and only a bound that holds for every dataset (the "
        "global one) makes the noise independent of who is in."
    ),
    "median_fix": (
        "The plan's median is released by a selection among public candidates (the exponential "
        "mechanism's family) instead, which is private on every dataset."
    ),
    # table
    "col_statistic": "Statistic",
    "col_value": "On this data",
    "col_sensitivity": "Δ (one person)",
    "col_scale": "Laplace scale at ε",
    "col_accuracy": "{confidence} of the time within",
    "col_bias": "Bias from clamping",
    "name_count": "`COUNT(*)`",
    "name_triple": "`3*COUNT(*)`",
    "name_sum": "Sum of {column}",
    "name_mean": "Mean of {column}",
    "mean_parts": "{sum} and {count}",
    "within": "±{a}",
    # chart
    "chart_title": "Bias and noise of the clamped sum\nagainst its public upper bound",
    "chart_x": "Public upper bound",
    "chart_y": "Error of the sum",
    "chart_bias": "Bias (clamping)",
    "chart_noise": "Noise ({confidence} ±)",
    "chart_total": "Both together",
    "chart_chosen": "Your upper bound",
}

TEXT = Texts(EN, __name__)
