"""Tab 3: post-processing. An oracle's unbiased estimates can be negative and need not add up to
100%; clipping, normalising, Norm-Sub and the projection onto the simplex repair that for free (it
is post-processing: no privacy spent) and usually lower the error, at the price of a small bias."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore.ldp.postprocess import POSTPROCESSORS, mse, postprocess
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.text.local_dp import TEXT
from ui.views.local_dp.oracles import oracle_name, repeated_estimates, runs_for
from ui.views.local_dp.population import DataSettings, population

METHOD_COLORS = ("#7f7f7f", "#c49c94", "#aec7e8", "#1f77b4", "#08306b")  # none ... simplex


@dataclass(frozen=True)
class Settings:
    data: DataSettings
    epsilon: float
    oracle: str
    repeats: int
    seed: int


@dataclass(frozen=True)
class View:
    population: str
    chart: dict  # one run: truth, raw, projected
    errors: dict  # MSE of each method over the runs
    summary: str


def compute(s: Settings) -> View:
    """Raises ValueError for a column or an epsilon no oracle can use."""
    people = population(s.data)
    repeats = runs_for(s.repeats, people.n)
    runs = repeated_estimates(people, s.epsilon, s.oracle, repeats, s.seed, "ldp-post")
    # typical error (root mean squared error over the runs) in percentage points
    errors = np.array([100 * np.sqrt(np.mean(mse(postprocess(runs, m), people.shares))) for m in POSTPROCESSORS])
    raw, projected = runs[0], postprocess(runs[0], "simplex")
    names = {m: TEXT[f"post_{m}"] for m in POSTPROCESSORS}
    chart = curves.grouped_bars(
        people.categories, {TEXT["truth"]: people.shares, names["none"]: raw, names["simplex"]: projected},
        (COLORS["truth"], METHOD_COLORS[0], METHOD_COLORS[-1]),
        curves.AxisLabels(tuple(TEXT["post_chart_title"].split("\n")), TEXT["category_axis"], TEXT["share_axis"],
                          TEXT["series_title"]),
    )
    error_chart = curves.bars(
        list(names.values()), errors, METHOD_COLORS,
        curves.AxisLabels(tuple(TEXT["post_errors_title"].split("\n")), TEXT["mse_axis"], TEXT["mse_axis"],
                          TEXT["post_method"]),
        value_format=".2f",
    )
    best = POSTPROCESSORS[int(np.argmin(errors))]
    summary = TEXT["post_summary"].format(
        oracle=oracle_name(s.oracle), negative=int((raw < 0).sum()), d=people.d, total=fmt.percent(float(raw.sum())),
        repeats=repeats, best=names[best], gain=fmt.percent(1 - errors[POSTPROCESSORS.index(best)] / errors[0]),
    )
    return View(people.note, chart, error_chart, summary)
