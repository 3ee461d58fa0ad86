"""Tab 5: central against local on the same question. The typical error of one share for the
histogram page's Laplace release and for the best local oracle, against the number of people;
the gap grows like sqrt(n); and how many people each model needs for ±a at 95%. The chart's own
slider (ui/chart_slider.py) steps through `compute` at every epsilon."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dpcore.ldp.oracles import best_oracle, theoretical_variance
from dpcore.ldp.randomized_response import central_frequency_error
from dpcore.ldp.sample_size import users_needed_central, users_needed_local
from dpcore.limits import MAX_LDP_DOMAIN
from dpcore.validation import check_count, check_epsilon
from ui import fmt
from ui.charts import curves
from ui.charts import local_dp as charts
from ui.charts.theme import COLORS
from ui.reading import Rows
from ui.text.local_dp import TEXT
from ui.views.local_dp.choose import points
from ui.views.local_dp.oracles import oracle_name

USERS = np.unique(np.round(np.geomspace(10, 10**7, 60)).astype(np.int64))
ACCURACY_CHOICES: tuple[float, ...] = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05)
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Settings:
    epsilon: float | None  # None: the chart's slider sets it
    d: int
    n: int
    accuracy: float  # a share: 0.01 is ±1 percentage point


@dataclass(frozen=True)
class View:
    chart: dict
    table: Rows  # the header first
    summary: str


def compute(s: Settings) -> View:
    """Raises ValueError for epsilon <= 0, d outside 2..MAX_LDP_DOMAIN, n < 1 or an accuracy outside (0, 1)."""
    eps = check_epsilon(s.epsilon)
    d = check_count("The domain size d", s.d, minimum=2, maximum=MAX_LDP_DOMAIN)
    n = check_count("The number of users n", s.n)
    best = best_oracle(eps, d)
    local = np.array([points(theoretical_variance(best, eps, d, int(m))) for m in USERS])
    central = 100 * np.array([central_frequency_error(int(m), eps) for m in USERS])  # percentage points
    here_local = math.sqrt(theoretical_variance(best, eps, d, n))
    here_central = central_frequency_error(n, eps)
    chart = curves.lines(
        [curves.Line(TEXT["local_best_line"], USERS, local, charts.ORACLE_COLORS["olh"], thick=True),
         curves.Line(TEXT["central_line"], USERS, central, COLORS["truth"], dashed=True)],
        curves.AxisLabels(tuple(TEXT["central_chart_title"].format(eps=fmt.number(eps)).split("\n")), TEXT["users_axis"],
                          TEXT["error_axis"], TEXT["model_title"]),
        markers=tuple(curves.Marker(n, 100 * v, TEXT["points"].format(pp=fmt.number(100 * v, 2)))
                      for v in (here_local, here_central)),
    )
    need_central = users_needed_central(eps, s.accuracy, CONFIDENCE)
    need_local = users_needed_local(best, eps, d, s.accuracy, CONFIDENCE)
    pp = fmt.number(100 * s.accuracy)
    table = (
        (TEXT["col_model"], TEXT["col_error_at_n"].format(n=f"{n:,}"), TEXT["col_needed"].format(pp=pp)),
        *((model, TEXT["points"].format(pp=fmt.number(100 * v, 2)), f"{need:,}") for model, v, need in (
            (TEXT["central_line"], here_central, need_central),
            (TEXT["local_line"].format(oracle=oracle_name(best)), here_local, need_local))),
    )
    summary = TEXT["central_summary"].format(
        ratio=fmt.number(here_local / here_central), n=f"{n:,}", sqrt=fmt.number(math.sqrt(n)),
        times=fmt.number(need_local / need_central), pp=pp,
    )
    return View(chart, table, summary)
