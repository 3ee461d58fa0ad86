"""Rows per person: the error of each count, sum and histogram of the plan against the bound m on the
rows a person may contribute, split into the bias of the rows a bound drops and the noise it calls
for, and the bound that makes their sum smallest (dpcore.contribution). A histogram is read per bar:
its rows dropped spread over its bars, against the noise on each, as shares of the average bar.

Noise grows with m (a person moves every count and sum m times as far), the rows dropped shrink
with it. The figures read the data's shape: the page says this choice is not private.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from dpcore.contribution import expected_dropped, shape
from dpcore.key_selection import KeyedHistogram
from dpcore.limits import MAX_BOUND_CANDIDATES
from dpcore.statistics import Count, Histogram, Sum
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.reading import Rows
from ui.safe import md_escape
from ui.text.planner import TEXT
from ui.views.planner.plan import Row


@dataclass(frozen=True)
class Settings:
    """The data before bounding (known by `ident`), its ID column, the plan's rows at the bound `m`
    in use, and which analysable statistic the chart shows."""

    frame: pd.DataFrame = field(compare=False)
    ident: Hashable
    id_column: str
    rows: tuple[Row, ...]
    m: int
    shown: int = 0


@dataclass(frozen=True)
class Curve:
    """One statistic's error (95% noise plus expected bias) at each bound, as shares of its true value."""

    name: str
    bounds: np.ndarray
    bias: np.ndarray
    noise: np.ndarray
    true: float

    @property
    def total(self) -> np.ndarray:
        return self.bias + self.noise

    @property
    def best(self) -> int:
        return int(self.bounds[int(np.argmin(self.total))])


@dataclass(frozen=True)
class View:
    names: tuple[str, ...]  # the statistics analysed, in the plan's order (the chart's choice)
    chart: dict | None
    table: Rows
    text: str


ADDING_UP = (Count, Sum, Histogram, KeyedHistogram)  # statistics whose rows add up: a bound's bias is known


def analysable(rows: tuple[Row, ...]) -> tuple[Row, ...]:
    """The plan's counts, sums and histograms with an accuracy."""
    return tuple(r for r in rows if isinstance(r.stat, ADDING_UP) and not r.problem and math.isfinite(r.accuracy))


def _bars(row: Row, frame: pd.DataFrame) -> int:
    """How many numbers the statistic publishes: its bars (a histogram), else 1."""
    if isinstance(row.stat, Histogram):
        return row.stat.bins.count
    if isinstance(row.stat, KeyedHistogram):
        return max(len(row.stat.tally(frame)), 1)
    return 1


def curve(row: Row, frame: pd.DataFrame, id_column: str, m: int) -> Curve:
    """The statistic's bias and noise at every bound up to the most rows one person holds (or MAX_BOUND_CANDIDATES)."""
    assert isinstance(row.stat, ADDING_UP)
    weights = row.stat.row_weights(frame)
    data = shape(frame[id_column], weights)
    bounds = np.arange(1, max(2, min(data.largest, MAX_BOUND_CANDIDATES)) + 1)
    bars = _bars(row, frame)
    true = abs(float(weights.sum())) / bars or 1.0  # the value, or a histogram's average bar
    return Curve(row.name, bounds, np.abs(expected_dropped(data, bounds)) / bars / true,
                 row.accuracy / m * bounds / true, true)


def compute(s: Settings) -> View:
    found = analysable(s.rows)
    if not found:
        return View((), None, (), TEXT["bounds_none"])
    all_curves = [curve(r, s.frame, s.id_column, s.m) for r in found]
    shown = all_curves[min(max(s.shown, 0), len(all_curves) - 1)]
    at = int(np.clip(s.m, 1, shown.bounds[-1])) - 1
    chart = curves.lines(
        [curves.Line(TEXT["bounds_total"], shown.bounds, shown.total, COLORS["danger"], thick=True),
         curves.Line(TEXT["bounds_noise"], shown.bounds, shown.noise, COLORS["d"], dashed=True),
         curves.Line(TEXT["bounds_bias"], shown.bounds, shown.bias, COLORS["d_prime"], dashed=True)],
        curves.AxisLabels(tuple(TEXT["bounds_chart_title"].format(name=shown.name).split("\n")), TEXT["bounds_x"],
                          TEXT["bounds_y"], " "),
        x_log=False, y_log=False, x_format="d", y_format=".0%",
        markers=[curves.Marker(shown.best, float(shown.total[shown.best - 1]),
                               TEXT["bounds_best_note"].format(m=shown.best)),
                 curves.Marker(float(s.m), None, TEXT["bounds_yours_note"].format(m=s.m))],
    )
    header = tuple(TEXT[f"bounds_col_{c}"] for c in ("statistic", "best", "at_best", "at_yours"))
    body = tuple((c.name, fmt.number(c.best), fmt.percent(float(c.total[c.best - 1])),
                  fmt.percent(float(c.total[min(s.m, c.bounds[-1]) - 1]))) for c in all_curves)
    text = "\n\n".join((
        TEXT["bounds_reading"].format(name=md_escape(shown.name), best=shown.best, at_best=fmt.percent(float(
            shown.total[shown.best - 1])), m=s.m, at_yours=fmt.percent(float(shown.total[at])),
            bias=fmt.percent(float(shown.bias[at])), noise=fmt.percent(float(shown.noise[at]))),
        *([TEXT["bounds_per_bar"].format(bars=fmt.number(bars), average=fmt.number(shown.true))]
          if (bars := _bars(found[all_curves.index(shown)], s.frame)) > 1 else []),
        TEXT["bounds_not_private"],
    ))
    return View(tuple(c.name for c in all_curves), chart, (header, *body), text)
