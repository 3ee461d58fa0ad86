"""Tab 3: what privacy costs in accuracy. Test accuracy after the last epoch of each model of the grid
against its ε, beside the model trained without privacy and the majority baseline (reference lines);
then (`sweep_view`) how the clipping norm C and the batch size B move the accuracy at one ε."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ui import fmt
from ui.charts import learning as charts
from ui.charts.theme import COLORS, PERCENT_AXIS
from ui.text.learning import TEXT
from ui.views.learning.experiment import EPSILONS, Results, Setup, Sweep, SweepResults


@dataclass(frozen=True)
class Settings:
    setup: Setup
    results: Results = field(compare=False, repr=False)


@dataclass(frozen=True)
class View:
    chart: dict
    summary: str


def _range(values: list[float]) -> tuple[float, float]:
    low, high = min(values), max(values)
    return float(np.floor(100 * low - 1) / 100), float(min(1.0, np.ceil(100 * high + 1) / 100))


def compute(s: Settings) -> View:
    r = s.results
    eps = np.asarray(r.epsilons, float)
    accuracy = np.array([t.test_accuracy[-1] for t in r.private])
    ends = np.array([eps[0], eps[-1]])
    plain = r.non_private.test_accuracy[-1]
    lines = [
        charts.Curve(TEXT["series_private"], eps, accuracy, COLORS["danger"], points=True),
        charts.Curve(TEXT["series_plain"], ends, np.full(2, plain), COLORS["d"], dashed=True),
        charts.Curve(TEXT["series_majority"], ends, np.full(2, r.majority), COLORS["neutral"], dashed=True),
    ]
    chart = charts.curves(
        lines, charts.Labels(tuple(TEXT["tradeoff_chart_title"].split("\n")), TEXT["epsilon_axis"],
                             TEXT["accuracy_axis"]),
        charts.Axis(log=True, ticks=EPSILONS), charts.Axis(domain=_range([*accuracy, plain, r.majority]),
                                                           format=PERCENT_AXIS))
    summary = TEXT["tradeoff_reading"].format(
        low=f"{eps[0]:g}", low_acc=fmt.share(accuracy[0]), high=f"{eps[-1]:g}", high_acc=fmt.share(accuracy[-1]),
        plain=fmt.share(plain), majority=fmt.share(r.majority), test=f"{r.n_test:,}",
    )
    return View(chart, summary)


@dataclass(frozen=True)
class SweepSettings:
    setup: Setup
    knob: Sweep
    results: SweepResults = field(compare=False, repr=False)


def sweep_view(s: SweepSettings) -> View:
    r = s.results
    x = np.array([p.value for p in r.points], float)
    accuracy = np.array([p.accuracy for p in r.points])
    ends = np.array([x[0], x[-1]]) if x.size else np.zeros(0)
    current = s.setup.clipping if s.knob == "clipping" else float(s.setup.batch)
    lines = [
        charts.Curve(TEXT["series_private_at"].format(eps=f"{r.epsilon:g}"), x, accuracy, COLORS["danger"],
                     points=True),
        charts.Curve(TEXT["series_majority"], ends, np.full(ends.size, r.majority), COLORS["neutral"], dashed=True),
    ]
    name = TEXT[f"knob_{s.knob}"]
    chart = charts.curves(
        lines, charts.Labels(tuple(TEXT["sweep_chart_title"].format(knob=TEXT[f"knob_name_{s.knob}"],
                                                                    eps=f"{r.epsilon:g}").split("\n")),
                             name, TEXT["accuracy_axis"]),
        charts.Axis(log=True, ticks=tuple(x)), charts.Axis(domain=_range([*accuracy, r.majority]), format=PERCENT_AXIS))
    if not r.points:
        return View(chart, TEXT["sweep_none"])
    best = int(np.argmax(accuracy))
    rows = "; ".join(f"{p.value:g}: {fmt.share(p.accuracy)}" + (f" (σ = {fmt.number(p.sigma)})" if s.knob == "batch"
                                                               else "") for p in r.points)
    summary = TEXT[f"sweep_reading_{s.knob}"].format(
        eps=f"{r.epsilon:g}", best=f"{x[best]:g}", best_acc=fmt.share(accuracy[best]), current=f"{current:g}",
        rows=rows, majority=fmt.share(r.majority),
        sigma=fmt.number(next((p.sigma for p in r.points if p.value == current), r.points[best].sigma)))
    return View(chart, summary)
