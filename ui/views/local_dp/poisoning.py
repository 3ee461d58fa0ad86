"""Tab 7: poisoning. m fake users send crafted reports that promote one item (the maximal gain
attack of Cao, Jia and Gong, 2021); how far each oracle's estimate of that item moves. The more
accurate oracles move the most: their reports carry more information per user, so a forged one
carries more too."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dpcore.ldp.oracles import ORACLES
from dpcore.ldp.poisoning import expected_gain, poisoning_gain
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import curves
from ui.charts import local_dp as charts
from ui.safe import md_escape
from ui.text.local_dp import TEXT
from ui.views.local_dp.oracles import oracle_name
from ui.views.local_dp.population import DataSettings, population

FAKE_SHARES: tuple[float, ...] = (0.001, 0.005, 0.01, 0.02, 0.05, 0.1)  # fake users per genuine user


@dataclass(frozen=True)
class Settings:
    data: DataSettings
    epsilon: float
    target: str  # a category label of the column
    fake_share: float
    seed: int


@dataclass(frozen=True)
class View:
    population: str
    chart: dict
    summary: str


def compute(s: Settings) -> View:
    """Raises ValueError for a column, epsilon or target no oracle can use."""
    people = population(s.data)
    target = people.categories.index(s.target) if s.target in people.categories else 0
    m = max(1, round(s.fake_share * people.n))
    gains, expected = [], []
    for oracle in ORACLES:
        rng = make_rng(s.seed, f"ldp-poison-{oracle}")
        gains.append(poisoning_gain(people.codes, people.d, s.epsilon, oracle, target, m, rng))
        expected.append(expected_gain(oracle, people.d, s.epsilon, float(people.shares[target]), people.n, m))
    gains_pp = 100 * np.array(gains)
    chart = curves.bars(
        [oracle_name(o) for o in ORACLES], gains_pp, tuple(charts.ORACLE_COLORS[o] for o in ORACLES),
        curves.AxisLabels(tuple(TEXT["poison_chart_title"].split("\n")), TEXT["gain_axis"], TEXT["gain_expected"],
                          TEXT["series_title"]),
        expected=100 * np.array([g if g is not None and math.isfinite(g) else np.nan for g in expected]),
        value_format=".2f",
    )
    most, least = int(np.argmax(gains_pp)), int(np.argmin(gains_pp))
    summary = TEXT["poison_summary"].format(
        m=f"{m:,}", share=fmt.percent(m / people.n), n=f"{people.n:,}", target=md_escape(people.categories[target]),
        true=fmt.percent(float(people.shares[target])), most=oracle_name(ORACLES[most]), most_pp=fmt.number(gains_pp[most], 3),
        least=oracle_name(ORACLES[least]), least_pp=fmt.number(gains_pp[least], 3),
    )
    return View(people.note, chart, summary)
