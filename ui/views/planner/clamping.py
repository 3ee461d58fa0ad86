"""Value bounds: the error of each sum and mean of the plan against its public upper bound U (lower
bound fixed), split into the bias clamping causes and the noise U calls for, and the U that makes
their sum smallest (dpcore.clamping). The sibling of the rows-per-person tab (bounds.py).

The figures read the data (its values, up to the largest): the page says this choice is not
private. A private suggestion of bounds (two quantiles drawn with OpenDP) is described here
(`suggestion_view`) and drawn by dpcore.clamping.suggest_bounds.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from dpcore.clamping import Suggestion, Tradeoff, tradeoff, upper_grid
from dpcore.limits import MAX_SUM_BOUND
from dpcore.protection import Protection
from dpcore.statistics import Mean, Sum
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.reading import Rows
from ui.safe import md_escape
from ui.text.planner_clamping import TEXT
from ui.views.planner.plan import Row

POINTS = 80  # candidate upper bounds per curve (each prices its noise with OpenDP's map): < theme.CURVE_POINTS
WORTH = 0.005  # a best U whose error is within this share of yours is no reason to change (the curve is flat there)


@dataclass(frozen=True)
class Settings:
    """The data the plan was computed on (after contribution bounding; known by `ident`), who is
    protected, the plan's rows at the total budget, and which analysable statistic the chart shows."""

    frame: pd.DataFrame = field(compare=False)
    ident: Hashable
    protection: Protection
    rows: tuple[Row, ...]
    shown: int = 0
    alpha: float = 0.05


@dataclass(frozen=True, eq=False)
class Curve:
    """One statistic's trade-off over the grid, and at the plan's own upper bound (`yours`)."""

    index: int  # its place in the plan
    row: Row
    grid: Tradeoff
    yours: Tradeoff
    wide: bool  # the grid is geometric: a log x axis

    @property
    def stat(self) -> Sum | Mean:
        assert isinstance(self.row.stat, (Sum, Mean))
        return self.row.stat


@dataclass(frozen=True)
class Shown:
    """The statistic the chart shows: its place in the plan, its name and column, its bounds, the best
    U and whether it is worth applying (its error smaller than yours by more than WORTH)."""

    index: int
    name: str
    column: str
    lower: float
    upper: float
    best: float
    worth: bool


@dataclass(frozen=True)
class View:
    names: tuple[str, ...]  # the statistics analysed, in the plan's order (the chart's choice)
    chart: dict | None
    table: Rows
    text: str
    shown: Shown | None


def rounded(x: float, up: bool, whole: bool = False, digits: int = 3) -> float:
    """`x` rounded up (or down) to `digits` significant digits, and to a whole number with `whole`:
    a bound people can read and type (4,467.2 -> 4,470 up, 4,460 down). Rounding a released bound
    outward is post-processing; rounding the data's best U only moves it along its curve."""
    if x == 0 or not math.isfinite(x):
        return x
    exponent = math.floor(math.log10(abs(x))) - digits + 1
    if whole:
        exponent = max(exponent, 0)
    steps = x / 10.0**exponent
    steps = math.ceil(steps - 1e-9) if up else math.floor(steps + 1e-9)
    value = steps * 10.0**exponent if exponent >= 0 else steps / 10.0**-exponent
    return float(f"{value:.15g}")


def nice_bounds(lower: float, upper: float, whole: bool = False) -> tuple[float, float]:
    """[lower, upper] rounded outward to three significant digits (whole numbers with `whole`), so
    that the rounded bounds hold the drawn ones and stay apart."""
    return rounded(lower, up=False, whole=whole), rounded(upper, up=True, whole=whole)


def analysable(rows: tuple[Row, ...]) -> tuple[tuple[int, Row], ...]:
    """The plan's sums and means with a finite accuracy, each with its place in the plan."""
    return tuple((i, r) for i, r in enumerate(rows)
                 if isinstance(r.stat, (Sum, Mean)) and not r.problem and math.isfinite(r.accuracy))


def curve(index: int, row: Row, frame: pd.DataFrame, protection: Protection, alpha: float = 0.05) -> Curve:
    """The statistic's bias and noise at POINTS upper bounds from just above its lower bound up to
    the larger of its own upper bound and the column's largest value (past it nothing is clamped),
    and at its own upper bound. Whole numbers for the discrete Laplace."""
    stat = row.stat
    assert isinstance(stat, (Sum, Mean))
    values = Sum(stat.column, stat.lower, stat.upper).values(frame)
    above = values[values > stat.lower]
    top = min(max(stat.upper, float(above.max()) if above.size else stat.upper), MAX_SUM_BOUND)
    uppers, wide = upper_grid(stat.lower, top, POINTS, float(above.min()) if above.size else None,
                              whole=row.item.mechanism == "discrete_laplace")
    kind, eps, delta = row.item.mechanism, row.epsilon, row.delta
    return Curve(index, row, tradeoff(stat, frame, uppers, kind, eps, delta, protection, alpha),
                 tradeoff(stat, frame, [stat.upper], kind, eps, delta, protection, alpha), wide)


def worth(c: Curve) -> bool:
    """Whether the best U's error is smaller than the plan's U's by more than the share WORTH."""
    return c.grid.best_error < float(c.yours.error[0]) * (1 - WORTH)


def best(c: Curve) -> float:
    """The best U on the grid, rounded up to three significant digits (a bound to type)."""
    return rounded(c.grid.best_upper, up=True, whole=c.row.item.mechanism == "discrete_laplace")


def _chart(c: Curve) -> dict:
    g = c.grid
    upper = fmt.number(c.stat.upper, 6)
    return curves.lines(
        [curves.Line(TEXT["chart_total"], g.uppers, g.error, COLORS["danger"], thick=True),
         curves.Line(TEXT["chart_noise"], g.uppers, g.noise, COLORS["d"], dashed=True),
         curves.Line(TEXT["chart_bias"], g.uppers, np.abs(g.bias), COLORS["d_prime"], dashed=True)],
        curves.AxisLabels(tuple(TEXT["chart_title"].format(name=c.row.name).split("\n")), TEXT["chart_x"],
                          TEXT["chart_y"], " "),
        x_log=c.wide, y_log=False, x_format=",.3~r", y_format=",.3~r",
        markers=[curves.Marker(g.best_upper, g.best_error, TEXT["best_note"].format(upper=fmt.number(best(c), 6))),
                 curves.Marker(c.stat.upper, None, TEXT["yours_note"].format(upper=upper))],
    )


def _reading(c: Curve, frame: pd.DataFrame) -> str:
    g, y, stat = c.grid, c.yours, c.stat
    clamped = int(np.count_nonzero(Sum(stat.column, stat.lower, stat.upper).values(frame) > stat.upper))
    at_best, at_yours = g.best_error, float(y.error[0])
    if worth(c):
        advice = TEXT["lower_pays"] if g.best_upper < stat.upper else TEXT["higher_pays"]
    else:
        advice = TEXT["yours_best"]
    return " ".join((TEXT["reading"].format(
        name=md_escape(c.row.name), lower=fmt.number(stat.lower, 6), best=fmt.number(best(c), 6),
        at_best=fmt.number(at_best), bias_best=fmt.number(float(g.bias[g.best])),
        noise_best=fmt.number(float(g.noise[g.best])), upper=fmt.number(stat.upper, 6), at_yours=fmt.number(at_yours),
        bias=fmt.number(float(y.bias[0])), clamped=fmt.plural(clamped, TEXT["value_one"], TEXT["value_many"]),
        noise=fmt.number(float(y.noise[0])), epsilon=fmt.number(c.row.epsilon)), advice))


def compute(s: Settings) -> View:
    """Every sum's and mean's trade-off, the chart and reading of the one shown, and the table of all."""
    found = analysable(s.rows)
    if not found:
        return View((), None, (), TEXT["none"], None)
    all_curves = [curve(i, r, s.frame, s.protection, s.alpha) for i, r in found]
    shown = all_curves[min(max(s.shown, 0), len(all_curves) - 1)]
    header = tuple(TEXT[f"col_{c}"] for c in ("statistic", "best", "at_best", "at_yours"))
    body = tuple((c.row.name, fmt.number(best(c), 6), TEXT["within"].format(a=fmt.number(c.grid.best_error)),
                  TEXT["within"].format(a=fmt.number(float(c.yours.error[0])))) for c in all_curves)
    stat = shown.stat
    return View(tuple(c.row.name for c in all_curves), _chart(shown), (header, *body),
                "\n\n".join((_reading(shown, s.frame), TEXT["not_private"])),
                Shown(shown.index, shown.row.name, stat.column, stat.lower, stat.upper, best(shown), worth(shown)))


@dataclass(frozen=True)
class SuggestionView:
    """A private suggestion as the page shows it: its sentence, and its bounds rounded outward
    (what the apply button sets)."""

    text: str
    lower: float
    upper: float


def suggestion_view(suggestion: Suggestion, whole: bool = False) -> SuggestionView:
    """What a private suggestion drew (rounded outward to three significant digits, whole numbers
    with `whole`), what it cost, and a warning that it is noisy."""
    low_q, high_q = suggestion.request.quantiles
    lower, upper = nice_bounds(suggestion.lower, suggestion.upper, whole)
    text = TEXT["suggested"].format(
        column=md_escape(suggestion.request.column), lower=fmt.number(lower, 6), upper=fmt.number(upper, 6),
        low_q=fmt.share(low_q), high_q=fmt.share(high_q), epsilon=fmt.number(suggestion.epsilon))
    return SuggestionView(text, lower, upper)
