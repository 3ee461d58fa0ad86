"""Tab 5: the reconstruction attack. Many noisy subset counts of a small table give its secret
column away (Dinur and Nissim 2003; the US Census Bureau's own test on its 2010 tables): the share of
people recovered against the number of questions, for several noise sizes and for noise calibrated to
a total privacy budget; and one attack with the chosen settings, person by person."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dpcore.reconstruction import attack, budget_scale
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import attacks as charts
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.i18n import current
from ui.text.attacks import TEXT

PEOPLE = 60
QUERY_CHOICES: tuple[int, ...] = (15, 30, 60, 120, 240, 480)
NOISE_CHOICES: tuple[float, ...] = (0.0, 1.0, 2.0, 4.0, 8.0)
CURVE_NOISES: tuple[float, ...] = (0.0, 2.0, 8.0)
NOISE_COLORS = ("#08306b", "#4292c6", "#9ecae1")
DELTA = 1e-6


def secret(seed: int) -> np.ndarray:
    """The table's secret column: one bit per person (about 3 in 10 have it), from the seed."""
    return (make_rng(seed, "att-rec-secret").random(PEOPLE) < 0.3).astype(np.int8)


def _recovered(bits: np.ndarray, m: int, scale: float, seed: int) -> float:
    return attack(bits, m, scale, make_rng(seed, f"att-rec-{m}-{scale:g}")).recovered


def noise_lines(seed: int) -> tuple[curves.Line, ...]:
    """Share recovered against the number of questions for each noise of CURVE_NOISES: the part of
    the chart that depends on the seed only (about a second of linear programs), kept per seed and language."""
    return _noise_lines(seed, current())


@lru_cache(maxsize=16)
def _noise_lines(seed: int, _language: str) -> tuple[curves.Line, ...]:
    bits, m = secret(seed), np.array(QUERY_CHOICES)
    return tuple(curves.Line(TEXT["rec_noise_line"].format(b=fmt.number(b)), m,
                             np.array([_recovered(bits, int(k), b, seed) for k in m]), color)
                 for b, color in zip(CURVE_NOISES, NOISE_COLORS))


@dataclass(frozen=True)
class Settings:
    queries: int
    noise: float  # Laplace scale of each answer, in people
    epsilon: float  # the total budget of the DP line
    seed: int


@dataclass(frozen=True)
class View:
    curves: dict
    people: dict
    summary: str


def compute(s: Settings) -> View:
    """Raises ValueError for a bad budget or noise."""
    bits = secret(s.seed)
    scale = {k: budget_scale(s.epsilon, DELTA, k) for k in QUERY_CHOICES}
    dp_line = curves.Line(TEXT["rec_dp_line"], np.array(QUERY_CHOICES),
                          np.array([_recovered(bits, k, scale[k], s.seed) for k in QUERY_CHOICES]),
                          COLORS["truth"], dashed=True, thick=True)
    one = attack(bits, s.queries, s.noise, make_rng(s.seed, "att-rec-one"))
    chart = curves.lines(
        [*noise_lines(s.seed), dp_line],
        curves.AxisLabels(tuple(TEXT["rec_chart_title"].split("\n")), TEXT["rec_queries_axis"],
                          TEXT["rec_recovered_axis"], TEXT["rec_series"]),
        markers=(curves.Marker(s.queries, one.recovered, TEXT["rec_here"]),),
        y_log=False, y_format=".0%", x_format=",d",
    )
    summary = TEXT["rec_summary"].format(
        people=PEOPLE, m=s.queries, b=fmt.people(s.noise), right=round(one.recovered * PEOPLE),
        baseline=fmt.percent(1 - float(bits.mean())),
        share=fmt.percent(one.recovered), eps=fmt.number(s.epsilon), delta=fmt.tiny(DELTA),
        dp_scale=fmt.number(scale[max(QUERY_CHOICES)]), dp_m=max(QUERY_CHOICES),
        dp_share=fmt.percent(float(dp_line.y[-1])),
    )
    grid = charts.people_grid(one.secret.astype(bool), one.secret == one.guess, charts.PeopleLabels(
        tuple(TEXT["rec_people_title"].split("\n")), TEXT["rec_right"], TEXT["rec_wrong"], TEXT["rec_has"],
        TEXT["rec_has_not"], TEXT["rec_person"], TEXT["rec_secret"]))
    return View(chart, grid, summary)
