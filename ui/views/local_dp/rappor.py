"""Tab 4: full RAPPOR on the column. Every user hashes their answer into a Bloom filter, keeps one
permanent randomized copy of it for life, and sends a fresh instantaneous randomization of that
copy each day; the collector decodes the known candidates' shares. One user's reports over many
days show why the permanent step is there: averaging them reveals the permanent copy, never the
true Bloom filter."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore.ldp.rappor import RapporParams, average_over_days, decode, epsilon_infinity, epsilon_one, simulate_users
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import curves
from ui.charts import local_dp as charts
from ui.charts.theme import COLORS, PERCENT_AXIS
from ui.text.local_dp import TEXT
from ui.views.local_dp.population import DataSettings, population

BLOOM_SIZES: tuple[int, ...] = (16, 32, 64, 128)
DAY_CHOICES: tuple[int, ...] = (7, 30, 90, 365)
COHORTS = 8  # few cohorts: a class-sized population still gives every cohort enough users


@dataclass(frozen=True)
class Settings:
    data: DataSettings
    k: int
    h: int
    f: float
    days: int
    seed: int


@dataclass(frozen=True)
class View:
    population: str
    decoded: dict
    summary: str
    days: dict
    days_summary: str


def compute(s: Settings) -> View:
    """Raises ValueError for a column or parameters RAPPOR cannot use."""
    people = population(s.data)
    params = RapporParams(k=s.k, h=s.h, m=COHORTS, f=s.f)
    values = np.asarray(people.categories, dtype=object)[people.codes]
    sim = simulate_users(values, people.categories, params, 1, make_rng(s.seed, "ldp-rappor"))
    est = decode(sim.reports[:, 0, :], sim.cohorts, people.categories, params)
    decoded = curves.grouped_bars(
        people.categories, {TEXT["truth"]: people.shares, TEXT["rappor_decoded"]: est.shares},
        (COLORS["truth"], charts.ORACLE_COLORS["sue"]),
        curves.AxisLabels(tuple(TEXT["rappor_chart_title"].split("\n")), TEXT["category_axis"], TEXT["share_axis"],
                          TEXT["series_title"]),
    )
    eps_inf, eps_one = epsilon_infinity(params), epsilon_one(params)
    error = float(np.sqrt(np.mean((est.shares - people.shares) ** 2)))
    summary = TEXT["rappor_summary"].format(
        k=s.k, h=s.h, f=fmt.number(s.f), m=COHORTS, eps_one=fmt.number(eps_one), eps_inf=fmt.number(eps_inf),
        n=f"{people.n:,}", error=fmt.number(100 * error, 2),
    )
    one = simulate_users(values[:1], people.categories, params, s.days, make_rng(s.seed, "ldp-rappor-days"))
    user = average_over_days(one, 0)
    guess = user.attacker_guess > 0.5
    day = np.arange(1, s.days + 1)
    match_permanent = (guess == user.permanent_bits).mean(axis=1)
    match_true = (guess == user.true_bits).mean(axis=1)
    days = curves.lines(
        [curves.Line(TEXT["rappor_match_permanent"], day, match_permanent, COLORS["danger"]),
         curves.Line(TEXT["rappor_match_true"], day, match_true, COLORS["d"], thick=True)],
        curves.AxisLabels(tuple(TEXT["rappor_days_title"].split("\n")), TEXT["days_axis"], TEXT["bits_right_axis"],
                          TEXT["rappor_series"]),
        x_log=False, y_log=False, x_format=",d", y_format=PERCENT_AXIS,
    )
    days_summary = TEXT["rappor_days_summary"].format(
        days=s.days, permanent=fmt.percent(float(match_permanent[-1])),
        true=fmt.percent(float(match_true[-1])), differ=fmt.percent(float((user.permanent_bits != user.true_bits).mean())),
        eps_inf=fmt.number(eps_inf),
    )
    return View(people.note, decoded, summary, days, days_summary)
