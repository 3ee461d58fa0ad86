"""Tab 1: every frequency oracle of the survey on the same users: its estimate of each category's
share, the bits a user sends, the variance Table 2 predicts and the variance measured over repeated
runs, side by side. `compute` simulates one epsilon; `sweep` gives it at every epsilon of the chart's
own slider from the same runs: each run draws every user's randomness once and reports at every
epsilon (`dpcore.ldp.sweep`). The frame `compute` gives is a draw of the same law as the sweep's at
that epsilon, not the same draw (the sweep shares each user's randomness across every epsilon); the
chart slider keeps the frame a visitor saw first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dpcore.ldp.oracles import ORACLES, best_oracle, exact_variance, report_bits, theoretical_variance
from dpcore.ldp.sweep import sweep_estimates
from dpcore.rng import make_rng
from dpcore.validation import check_epsilon
from ui import fmt
from ui.charts import curves
from ui.charts import local_dp as charts
from ui.reading import Block
from ui.text.local_dp import TEXT
from ui.views.local_dp.population import DataSettings, Population, population

REPEAT_CHOICES: tuple[int, ...] = (10, 20, 50, 100, 200)
REPORT_BUDGET = 400_000  # user reports per oracle behind the measured variance (30 sessions must share 2 cores)


def runs_for(repeats: int, users: int) -> int:
    """The repeated runs asked for, fewer when the users are many (at least 2: a variance needs two)."""
    return max(2, min(repeats, REPORT_BUDGET // users))


def oracle_name(oracle: str) -> str:
    """The oracle's short name in the page's language (GRR, OUE, k-subset ...)."""
    return TEXT[f"oracle_{oracle}"]


@dataclass(frozen=True)
class Settings:
    data: DataSettings
    epsilon: float | None  # None: the chart's slider sets it
    repeats: int
    seed: int


@dataclass(frozen=True)
class View:
    population: str  # who the users are (the same at every epsilon)
    chart: dict
    reading: tuple[Block, ...]  # the table (one row per oracle), then the summary


@dataclass(frozen=True, eq=False)
class Simulation:
    """Every oracle's `runs` estimates of the shares at each epsilon: estimates[oracle][run, i, item]."""

    people: Population
    epsilons: tuple[float, ...]
    runs: int
    estimates: dict[str, np.ndarray]


def simulate(s: Settings, epsilons: Sequence[float]) -> Simulation:
    """Every oracle run `runs_for(repeats, n)` times on the users, each run giving its estimates at
    every epsilon from one draw of each user's randomness (`dpcore.ldp.sweep`)."""
    people = population(s.data)
    runs = runs_for(s.repeats, people.n)
    estimates = {}
    for oracle in ORACLES:
        rng = make_rng(s.seed, f"ldp-oracle-{oracle}")
        estimates[oracle] = np.stack([sweep_estimates(people.codes, people.d, epsilons, oracle, rng)
                                      for _ in range(runs)])
    return Simulation(people, tuple(epsilons), runs, estimates)


def view_at(sim: Simulation, i: int) -> View:
    """The chart (one run's estimates), the table of variances and the summary at epsilons[i]."""
    people, eps = sim.people, sim.epsilons[i]
    n, d = people.n, people.d
    header = tuple(TEXT[f"col_{key}"] for key in ("oracle", "bits", "table2", "exact", "measured", "error"))
    rows = []
    for oracle in ORACLES:
        measured = float(np.mean(sim.estimates[oracle][:, i].var(axis=0, ddof=1)))
        exact = float(np.mean(exact_variance(oracle, eps, d, n, people.shares)))
        rows.append((oracle_name(oracle), fmt.number(report_bits(oracle, d, eps)),
                     fmt.number(n * theoretical_variance(oracle, eps, d, n)), fmt.number(n * exact),
                     fmt.number(n * measured), TEXT["points"].format(pp=fmt.number(100 * np.sqrt(measured), 2))))
    labels = curves.AxisLabels(tuple(TEXT["oracles_chart_title"].format(eps=fmt.number(eps)).split("\n")),
                               TEXT["category_axis"], TEXT["share_axis"], TEXT["series_title"])
    chart = charts.estimates_by_category(
        people.categories, people.shares, {oracle_name(o): sim.estimates[o][0, i] for o in ORACLES},
        tuple(charts.ORACLE_COLORS[o] for o in ORACLES), TEXT["truth"], labels)
    summary = TEXT["oracles_summary"].format(repeats=sim.runs, n=f"{n:,}", d=d, eps=fmt.number(eps),
                                             best=oracle_name(best_oracle(eps, d)))
    return View(people.note, chart, (("table", (header, *rows)), ("p", summary)))


def compute(s: Settings) -> View:
    """The tab at `s.epsilon`, from runs at that epsilon alone. Raises ValueError for a column or an
    epsilon no oracle can use."""
    return view_at(simulate(s, (check_epsilon(s.epsilon),)), 0)


def sweep(s: Settings, epsilons: Sequence[float]) -> tuple[View, ...]:
    """The tab at every epsilon, every frame from the same runs (`simulate`). Raises ValueError for a
    column no oracle can use (every epsilon of the slider is one they can)."""
    sim = simulate(s, epsilons)
    return tuple(view_at(sim, i) for i in range(len(epsilons)))
