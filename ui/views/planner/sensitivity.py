"""The planner's "Sensitivity, explored" tab: how far one person moves each answer, on the data in use.

Three parts, each with numbers on THIS data at the plan's epsilon (Laplace noise, the course's
Lap(Δ/ε)):
1. `SELECT COUNT(*)` (Δ = 1) and `SELECT 3*COUNT(*)` (Δ = 3), section 6.1.2 of the course: the
   second needs three times the noise to hide the same person; with m rows per person, both times m.
2. A SUM and a MEAN of a numeric column clamped to public bounds: the sensitivity, how many values
   the bounds clamp and the bias that causes, next to the noise; and how widening the upper bound
   trades bias for noise (a chart over a grid of upper bounds).
3. Local versus global sensitivity of the median (Nissim, Raskhodnikova & Smith, STOC 2007,
   section 1): the local one is a property of the data, so noise scaled to it reveals the data; a
   concrete neighbour (one row near the median removed) whose local sensitivity differs shows it.

Every figure comes from dpcore.statistics (Count, Sum, Mean, local_sensitivity_median) and
dpcore.mechanisms.calibrate; this module only arranges them and writes the sentences.
Pure: never imports streamlit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from dpcore.accuracy import check_plan_epsilon
from dpcore.errors import DPError
from dpcore.limits import MAX_SUM_BOUND
from dpcore.mechanisms import calibrate
from dpcore.protection import Protection
from dpcore.statistics import Count, Mean, MedianSensitivity, Sum, local_sensitivity_median
from ui import fmt
from ui.charts.sensitivity import TradeoffLabels, bias_noise_tradeoff
from ui.safe import md_escape
from ui.text.planner_sensitivity import TEXT

# The chart's public upper bounds: lower + width * these, width = the chosen upper - lower (so the
# chosen bound sits in the middle of the grid, at 1.0); 40 points, well under theme.CURVE_POINTS.
GRID_WIDTHS = np.linspace(0.05, 2.0, 40)
# How many rows on each side of the median the neighbour search tries to remove.
NEIGHBOUR_TRIES = 5


@dataclass(frozen=True, eq=False)
class Settings:
    """The data in use (after contribution bounding), who is protected, a numeric column with its
    public bounds, and the epsilon the noise is shown at."""

    frame: pd.DataFrame
    protection: Protection
    column: str | None
    lower: float | None
    upper: float | None
    epsilon: float
    alpha: float = 0.05


@dataclass(frozen=True)
class Line:
    """One statistic on this data: its value, the sensitivity its Laplace noise is calibrated on,
    the noise's scale b and 1 - alpha half-width at the epsilon, and what clamping did."""

    value: float
    sensitivity: float
    scale: float
    half_width: float
    clamped_below: int = 0
    clamped_above: int = 0
    bias: float = 0.0


@dataclass(frozen=True)
class MeanLine(Line):
    """A mean: `sensitivity` and `scale` are its clamped sum's (at epsilon / 2), these its count's;
    `half_width` is the mean's own accuracy (dpcore.statistics.Mean.accuracy)."""

    count_sensitivity: float = 0.0
    count_scale: float = 0.0


@dataclass(frozen=True)
class Neighbour:
    """D' = this data with one row removed: that row's value, and D''s median and local sensitivity."""

    removed: float
    median: float
    local: float


@dataclass(frozen=True)
class SensitivityView:
    """Numbers of the three parts, their sentences (markdown, one block each), a table and the chart."""

    count: Line
    triple_count: Line
    sum: Line
    textbook_sum_sensitivity: float
    mean: MeanLine
    median: MedianSensitivity
    median_global_person: float
    neighbour: Neighbour | None
    grid_uppers: np.ndarray
    grid_bias: np.ndarray
    grid_noise: np.ndarray
    best_upper: float
    counts_text: str
    clamp_text: str
    median_text: str
    table: dict[str, list[str]]
    chart: dict


def _laplace(epsilon: float, sensitivity: float, alpha: float) -> tuple[float, float]:
    """(scale, 1 - alpha half-width) of the Laplace mechanism for this sensitivity at epsilon."""
    noise = calibrate("laplace", epsilon, 0.0, sensitivity)
    return noise.scale, noise.accuracy(alpha)


def _count_line(count: Count, s: Settings, epsilon: float) -> Line:
    d = count.sensitivity(s.protection).l1
    return Line(count.true_value(s.frame), d, *_laplace(epsilon, d, s.alpha))


def _sum_line(stat: Sum, s: Settings, epsilon: float) -> Line:
    d = stat.noise_sensitivity("laplace", s.protection)
    c = stat.clamping(s.frame)
    return Line(stat.true_value(s.frame), d, *_laplace(epsilon, d, s.alpha), c.below, c.above, c.bias)


def _mean_line(stat: Mean, s: Settings, epsilon: float) -> MeanLine:
    d_sum = stat.sum_part.noise_sensitivity("laplace", s.protection)
    d_count = stat.count_part.noise_sensitivity("laplace", s.protection)
    c = stat.clamping(s.frame)
    return MeanLine(stat.true_value(s.frame), d_sum, d_sum / (epsilon / 2),
                    stat.accuracy("laplace", epsilon, s.protection, s.alpha, frame=s.frame),
                    c.below, c.above, c.bias, d_count, d_count / (epsilon / 2))


def _tradeoff(s: Settings, epsilon: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Public upper bounds around the chosen one, the clamped sum's bias and noise half-width at each."""
    uppers = s.lower + (s.upper - s.lower) * GRID_WIDTHS
    uppers = uppers[uppers <= MAX_SUM_BOUND]
    lines = [_sum_line(Sum(str(s.column), s.lower, float(u)), s, epsilon) for u in uppers]
    return uppers, np.array([x.bias for x in lines]), np.array([x.half_width for x in lines])


def _neighbour(values: np.ndarray, s: Settings, here: MedianSensitivity) -> Neighbour | None:
    """Remove, one at a time, the rows nearest the median (then the smallest and the largest) until
    the local sensitivity of what is left differs from this data's; None when none does."""
    v = np.sort(values)
    k = v.size // 2
    order = [k + j * side for j in range(NEIGHBOUR_TRIES + 1) for side in (-1, 1)] + [0, v.size - 1]
    for i in dict.fromkeys(i for i in order if 0 <= i < v.size):
        rest = np.delete(v, i)
        if rest.size == 0:
            continue
        there = local_sensitivity_median(rest, s.lower, s.upper)
        if not math.isclose(there.local, here.local, rel_tol=1e-9, abs_tol=1e-12):
            return Neighbour(float(v[i]), there.median, there.local)
    return None


def _checked(s: Settings) -> Settings:
    """The settings with the column as a string, the bounds and epsilon as checked floats, or a
    DPError to show (no column, bounds missing or in the wrong order, no numbers, epsilon not above 0)."""
    if s.column is None or not str(s.column):
        raise DPError("no_numeric_column")
    if s.lower is None or s.upper is None:
        raise DPError("bounds_missing.public", column=md_escape(s.column))
    bounds = Sum(str(s.column), s.lower, s.upper)
    bounds.values(s.frame)  # the column exists and holds numbers
    return replace(s, column=str(s.column), lower=bounds.lower, upper=bounds.upper,
                   epsilon=check_plan_epsilon(s.epsilon))


def _chart_labels(confidence: str) -> TradeoffLabels:
    return TradeoffLabels(tuple(TEXT["chart_title"].split("\n")), TEXT["chart_x"], TEXT["chart_y"], TEXT["chart_bias"],
                          TEXT["chart_noise"].format(confidence=confidence), TEXT["chart_total"], TEXT["chart_chosen"])


def _counts_text(count: Line, triple: Line, s: Settings, eps: str, confidence: str) -> str:
    m = s.protection.factor
    who = (TEXT["one_row"].format(d=fmt.number(count.sensitivity)) if m == 1 else
           TEXT["m_rows"].format(m=fmt.number(m), d=fmt.number(count.sensitivity)))
    return "\n\n".join([
        TEXT["count"].format(n=fmt.number(count.value), who=who, eps=eps, b=fmt.number(count.scale),
                             a=fmt.number(count.half_width), confidence=confidence),
        TEXT["triple"].format(n3=fmt.number(triple.value), d3=fmt.number(triple.sensitivity),
                              b3=fmt.number(triple.scale), a3=fmt.number(triple.half_width)),
    ])


def _clamp_text(total: Line, textbook: float, mean: MeanLine, n_values: int, best: float, column: str,
                s: Settings, eps: str, confidence: str) -> str:
    clamped = total.clamped_below + total.clamped_above
    return "\n\n".join([
        TEXT["sum"].format(
            column=column, lower=fmt.number(s.lower), upper=fmt.number(s.upper),
            clamped=fmt.number(clamped), values=fmt.plural(n_values, TEXT["value_one"], TEXT["value_many"]),
            below=fmt.number(total.clamped_below), above=fmt.number(total.clamped_above),
            bias=fmt.number(total.bias), textbook=fmt.number(textbook), opendp=fmt.number(total.sensitivity),
            eps=eps, b=fmt.number(total.scale), a=fmt.number(total.half_width), confidence=confidence),
        TEXT["mean" if math.isfinite(mean.half_width) else "mean_unbounded"].format(
            column=column, b_sum=fmt.number(mean.scale), b_count=fmt.number(mean.count_scale),
            bias=fmt.number(mean.bias), a=fmt.number(mean.half_width), confidence=confidence),
        TEXT["tradeoff"].format(best=fmt.number(best)),
    ])


def _median_text(med: MedianSensitivity, person_global: float, neighbour: Neighbour | None, column: str,
                 s: Settings, epsilon: float, eps: str) -> str:
    parts = [TEXT["median"].format(column=column, lower=fmt.number(s.lower), upper=fmt.number(s.upper),
                                   median=fmt.number(med.median), local=fmt.number(med.local),
                                   global_=fmt.number(med.global_bound))]
    if s.protection.factor > 1:
        parts.append(TEXT["median_m"].format(m=fmt.number(s.protection.factor), range=fmt.number(person_global)))
    parts.append(TEXT["median_not_dp"].format(local_scale=fmt.number(med.local / epsilon), eps=eps,
                                              global_scale=fmt.number(med.global_bound / epsilon)))
    if neighbour is not None:
        parts.append(TEXT["median_neighbour"].format(value=fmt.number(neighbour.removed),
                                                     median=fmt.number(neighbour.median),
                                                     local=fmt.number(neighbour.local),
                                                     local_d=fmt.number(med.local)))
    else:
        parts.append(TEXT["median_no_neighbour"].format(local=fmt.number(med.local)))
    if med.local == 0 or (neighbour is not None and neighbour.local == 0):
        parts.append(TEXT["median_exact"])
    parts.append(TEXT["median_fix"])
    return "\n\n".join([parts[0] + " " + " ".join(parts[1:-1]), parts[-1]])


def _table(count: Line, triple: Line, total: Line, mean: MeanLine, column: str, confidence: str
           ) -> dict[str, list[str]]:
    n = fmt.number
    return {
        TEXT["col_statistic"]: [TEXT["name_count"], TEXT["name_triple"], TEXT["name_sum"].format(column=column),
                                TEXT["name_mean"].format(column=column)],
        TEXT["col_value"]: [n(x.value) for x in (count, triple, total, mean)],
        TEXT["col_sensitivity"]: [n(x.sensitivity) for x in (count, triple, total)]
        + [TEXT["mean_parts"].format(sum=n(mean.sensitivity), count=n(mean.count_sensitivity))],
        TEXT["col_scale"]: [n(x.scale) for x in (count, triple, total)]
        + [TEXT["mean_parts"].format(sum=n(mean.scale), count=n(mean.count_scale))],
        TEXT["col_accuracy"].format(confidence=confidence):
            [TEXT["within"].format(a=n(x.half_width)) for x in (count, triple, total, mean)],
        TEXT["col_bias"]: ["0", "0", n(total.bias), n(mean.bias)],
    }


def compute(s: Settings) -> SensitivityView:
    """Counts, clamped sum and mean, and the median's local versus global sensitivity on this data."""
    s = _checked(s)
    column, epsilon = str(s.column), s.epsilon
    shown = md_escape(column)
    eps, confidence = fmt.number(epsilon), fmt.share(1 - s.alpha)
    total_stat, mean_stat = Sum(column, s.lower, s.upper), Mean(column, s.lower, s.upper)
    count, triple = _count_line(Count(), s, epsilon), _count_line(Count(factor=3), s, epsilon)
    total, mean = _sum_line(total_stat, s, epsilon), _mean_line(mean_stat, s, epsilon)
    textbook = total_stat.sensitivity(s.protection).l1
    uppers, bias, noise = _tradeoff(s, epsilon)
    best = float(uppers[int(np.argmin(np.abs(bias) + noise))])
    values = total_stat.values(s.frame)
    med = local_sensitivity_median(values, total_stat.lower, total_stat.upper)
    person_global = med.global_bound if s.protection.factor == 1 else total_stat.upper - total_stat.lower
    neighbour = _neighbour(values, s, med)
    return SensitivityView(
        count, triple, total, textbook, mean, med, person_global, neighbour, uppers, bias, noise, best,
        _counts_text(count, triple, s, eps, confidence),
        _clamp_text(total, textbook, mean, values.size, best, shown, s, eps, confidence),
        _median_text(med, person_global, neighbour, shown, s, epsilon, eps),
        _table(count, triple, total, mean, shown, confidence),
        bias_noise_tradeoff(uppers, bias, noise, total_stat.upper, _chart_labels(confidence)),
    )
