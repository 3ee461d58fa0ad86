"""Tab 3: post-processing. An oracle's unbiased estimates can be negative and need not add up to
100%; clipping, normalising, Norm-Sub and the projection onto the simplex repair that for free (it
is post-processing: no privacy spent) and usually lower the error, at the price of a small bias.
`compute` simulates one epsilon; `sweep` gives it at every epsilon of the chart's own slider from the
same runs (each run reports at every epsilon, `dpcore.ldp.sweep`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dpcore.ldp.postprocess import POSTPROCESSORS, mse, postprocess
from dpcore.ldp.sweep import sweep_estimates
from dpcore.rng import make_rng
from dpcore.validation import check_epsilon
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.text.local_dp import TEXT
from ui.views.local_dp.oracles import oracle_name, runs_for
from ui.views.local_dp.population import DataSettings, Population, population

METHOD_COLORS = ("#7f7f7f", "#c49c94", "#aec7e8", "#1f77b4", "#08306b")  # none ... simplex


@dataclass(frozen=True)
class Settings:
    data: DataSettings
    epsilon: float | None  # None: the chart's slider sets it
    oracle: str
    repeats: int
    seed: int


@dataclass(frozen=True)
class View:
    population: str  # who the users are (the same at every epsilon)
    chart: dict  # one run: truth, raw, projected
    errors: dict  # MSE of each method over the runs
    summary: str


def _view(people: Population, oracle: str, epsilon: float, runs: np.ndarray) -> View:
    """The view of `runs` estimates (one per row) made at `epsilon`."""
    # typical error (root mean squared error over the runs) in percentage points
    errors = np.array([100 * np.sqrt(np.mean(mse(postprocess(runs, m), people.shares))) for m in POSTPROCESSORS])
    raw, projected = runs[0], postprocess(runs[0], "simplex")
    names = {m: TEXT[f"post_{m}"] for m in POSTPROCESSORS}
    eps = fmt.number(epsilon)
    chart = curves.grouped_bars(
        people.categories, {TEXT["truth"]: people.shares, names["none"]: raw, names["simplex"]: projected},
        (COLORS["truth"], METHOD_COLORS[0], METHOD_COLORS[-1]),
        curves.AxisLabels(tuple(TEXT["post_chart_title"].format(eps=eps).split("\n")), TEXT["category_axis"],
                          TEXT["share_axis"], TEXT["series_title"]),
    )
    error_chart = curves.bars(
        list(names.values()), errors, METHOD_COLORS,
        curves.AxisLabels(tuple(TEXT["post_errors_title"].format(eps=eps).split("\n")), TEXT["post_error_axis"],
                          TEXT["post_error_axis"], TEXT["post_method"]),
        value_format=".2f",
    )
    best = POSTPROCESSORS[int(np.argmin(errors))]
    summary = TEXT["post_summary"].format(
        oracle=oracle_name(oracle), negative=int((raw < 0).sum()), d=people.d, total=fmt.percent(float(raw.sum())),
        repeats=runs.shape[0], best=names[best], gain=fmt.percent(1 - errors[POSTPROCESSORS.index(best)] / errors[0]),
    )
    return View(people.note, chart, error_chart, summary)


def _runs(s: Settings, people: Population, epsilons: Sequence[float]) -> np.ndarray:
    """The oracle's estimates: runs[run, i, item] made at epsilons[i], each run reporting at every
    epsilon from one draw of each user's randomness (`dpcore.ldp.sweep`)."""
    rng = make_rng(s.seed, f"ldp-post-{s.oracle}")
    return np.stack([sweep_estimates(people.codes, people.d, epsilons, s.oracle, rng)
                     for _ in range(runs_for(s.repeats, people.n))])


def compute(s: Settings) -> View:
    """The tab at `s.epsilon`, from runs at that epsilon alone. Raises ValueError for a column or an
    epsilon no oracle can use."""
    people = population(s.data)
    epsilon = check_epsilon(s.epsilon)
    return _view(people, s.oracle, epsilon, _runs(s, people, (epsilon,))[:, 0])


def sweep(s: Settings, epsilons: Sequence[float]) -> tuple[View, ...]:
    """The tab at every epsilon, every frame from the same runs of the oracle. Raises ValueError for
    a column no oracle can use."""
    people = population(s.data)
    runs = _runs(s, people, epsilons)
    return tuple(_view(people, s.oracle, eps, runs[:, i]) for i, eps in enumerate(epsilons))
