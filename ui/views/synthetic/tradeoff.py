"""Tab 3: the trade-off across epsilon. MST is fitted once per epsilon of a fixed grid (on request:
seconds each), and its two-column error and counting-workload error are drawn against epsilon, next
to the independent noisy columns at the same epsilon and half of the real rows (the noise floor)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore.rng import make_rng
from dpcore.synthetic import (
    SynthesisResult,
    declared_domains,
    encode,
    half_sample,
    independent_baseline,
    marginal_errors,
    sizes_of,
    workload_error,
)
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.text.synthetic import TEXT
from ui.views.synthetic.mst import FitSettings, two_column_workload

EPSILONS = (0.1, 0.3, 1.0, 3.0, 10.0)


@dataclass(frozen=True)
class Point:
    """One epsilon of the sweep: the mean two-way TVD and the workload error of MST's table and of
    independent noisy columns at that epsilon, and the seconds the fit took."""

    epsilon: float
    mst_two_way: float
    independent_two_way: float
    mst_workload: float
    independent_workload: float
    seconds: float


def measure(fitted: FitSettings, result: SynthesisResult) -> Point:
    """The errors of one fit (at `result.epsilon`) and of the independent baseline at the same epsilon."""
    sizes = sizes_of(result.domains)
    real = encode(fitted.complete, result.domains)
    independent = independent_baseline(real, sizes, result.epsilon, real.shape[0],
                                       make_rng(fitted.seed, f"syn-sweep-{result.epsilon:g}"))
    workload = two_column_workload(sizes, fitted.seed)
    return Point(result.epsilon, marginal_errors(real, result.codes, sizes).mean_two_way,
                 marginal_errors(real, independent, sizes).mean_two_way, workload_error(real, result.codes, workload),
                 workload_error(real, independent, workload), result.fit_seconds)


@dataclass(frozen=True)
class Settings:
    fitted: FitSettings  # columns and seed (its epsilon is not used)
    points: tuple[Point, ...]  # the epsilons fitted so far, any order


@dataclass(frozen=True)
class View:
    chart: dict
    reading: str


def compute(s: Settings) -> View:
    """Raises ValueError when the real rows fall outside the declared domains."""
    points = sorted(s.points, key=lambda p: p.epsilon)
    eps = np.array([p.epsilon for p in points])
    doms = declared_domains(list(s.fitted.complete.columns), s.fitted.domains, s.fitted.columns)
    real = encode(s.fitted.complete, doms)
    floor = marginal_errors(real, half_sample(real, make_rng(s.fitted.seed, "syn-baselines")), sizes_of(doms))
    chart = curves.lines(
        (curves.Line(TEXT["synthetic"], eps, np.array([p.mst_two_way for p in points]), COLORS["d"], thick=True),
         curves.Line(TEXT["independent"], eps, np.array([p.independent_two_way for p in points]), COLORS["neutral"]),
         curves.Line(TEXT["half"], eps, np.full(len(eps), floor.mean_two_way), COLORS["truth"], dashed=True)),
        curves.AxisLabels(tuple(TEXT["sweep_title"].split("\n")), TEXT["sweep_x"], TEXT["sweep_y"], TEXT["table_series"]),
        y_log=False, x_format="~g", y_format=".0%",
    )
    beats = [p for p in points if p.mst_two_way < p.independent_two_way]
    reading = TEXT["sweep_reading"].format(
        done=len(points), total=len(EPSILONS), seconds=fmt.number(sum(p.seconds for p in points), 1),
        beats=", ".join(fmt.number(p.epsilon) for p in beats) or TEXT["sweep_none"],
        floor=fmt.percent(floor.mean_two_way),
    )
    return View(chart, reading)
