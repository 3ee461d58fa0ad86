"""Tab 1: the model trained with DP-SGD at the chart's ε against the same model trained without
privacy, test accuracy after each epoch, the majority baseline as a reference line; the reading says
the numbers (ε, the noise σ found for it, both accuracies, the baseline). One frame per ε of the
grid (the chart's own slider, ui/chart_slider.py), every frame read off the trained grid."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ui import fmt
from ui.charts import learning as charts
from ui.charts.theme import COLORS, PERCENT_AXIS, STEPPED_CURVE_POINTS
from ui.reading import Block
from ui.text.learning import TEXT
from ui.views.learning.experiment import Results, Setup, epochs_shown


@dataclass(frozen=True)
class Settings:
    setup: Setup  # what the grid was trained for (its key)
    epsilon: float | None  # the chart's slider sets it
    results: Results = field(compare=False, repr=False)


@dataclass(frozen=True)
class View:
    chart: dict
    reading: tuple[Block, ...]


def accuracy_range(results: Results) -> tuple[float, float]:
    """A range of the accuracy axis that holds every model's curve and the baseline, the same for
    every ε (a step of the slider moves the curve, not the axis): whole percent, a point of margin."""
    values = [results.majority, *results.non_private.test_accuracy]
    for trained in results.private:
        values += trained.test_accuracy
    low, high = min(values), max(values)
    return math.floor(100 * low - 1) / 100, min(1.0, math.ceil(100 * high + 1) / 100)


def compute(s: Settings) -> View:
    r = s.results
    eps = float(s.epsilon if s.epsilon is not None else r.epsilons[0])
    trained = r.at(eps)
    epochs = np.arange(1, len(trained.test_accuracy) + 1)
    shown = epochs_shown(tuple(epochs), STEPPED_CURVE_POINTS)
    x = epochs[shown].astype(float)
    lines = [
        charts.Curve(TEXT["series_private"], x, np.asarray(trained.test_accuracy)[shown], COLORS["danger"]),
        charts.Curve(TEXT["series_plain"], x, np.asarray(r.non_private.test_accuracy)[shown], COLORS["d"]),
        charts.Curve(TEXT["series_majority"], np.array([1.0, float(epochs[-1])]), np.full(2, r.majority),
                     COLORS["neutral"], dashed=True),
    ]
    chart = charts.curves(
        lines, charts.Labels(tuple(TEXT["train_chart_title"].format(eps=f"{eps:g}").split("\n")), TEXT["epoch_axis"],
                             TEXT["accuracy_axis"]),
        charts.Axis(domain=(1.0, float(max(2, epochs[-1]))), format="d"),
        charts.Axis(domain=accuracy_range(r), format=PERCENT_AXIS))
    return View(chart, reading(r, eps))


def reading(r: Results, eps: float) -> tuple[Block, ...]:
    trained = r.at(eps)
    private, plain = trained.test_accuracy[-1], r.non_private.test_accuracy[-1]
    numbers: Block = ("metrics", (
        (TEXT["metric_sigma"], fmt.number(trained.sigma or 0.0)),
        (TEXT["metric_private"], fmt.share(private)),
        (TEXT["metric_plain"], fmt.share(plain)),
        (TEXT["metric_majority"], fmt.share(r.majority)),
    ))
    words = TEXT["train_reading"].format(
        eps=f"{eps:g}", delta=fmt.tiny(r.delta), sigma=fmt.number(trained.sigma or 0.0), steps=f"{r.steps:,}",
        q=fmt.share(r.sampling_rate), epochs=len(trained.test_accuracy), private=fmt.share(private),
        test=f"{r.n_test:,}", plain=fmt.share(plain), majority=fmt.share(r.majority),
        label=f"{r.target} = {r.majority_label}",
    )
    gap = plain - private
    verdict = TEXT["train_cost"].format(points=fmt.number(100 * gap, 2)) if gap > 0.001 else TEXT["train_no_cost"]
    below = private < r.majority
    return numbers, ("p", words + " " + verdict + (" " + TEXT["train_below_majority"] if below else ""))
