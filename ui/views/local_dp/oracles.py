"""Tab 1: every frequency oracle of the survey on the same users: its estimate of each category's
share, the bits a user sends, the variance Table 2 predicts and the variance measured over repeated
runs, side by side."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore.ldp.oracles import (
    ORACLES, best_oracle, estimate_frequencies, exact_variance, report_bits, theoretical_variance,
)
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import curves
from ui.charts import local_dp as charts
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
    epsilon: float
    repeats: int
    seed: int


@dataclass(frozen=True)
class View:
    population: str  # who the users are
    chart: dict
    table: str  # markdown: one row per oracle
    summary: str


def repeated_estimates(people: Population, epsilon: float, oracle: str, runs: int, seed: int, stream: str) -> np.ndarray:
    """`runs` estimates of the shares (one per row), each drawing every user's report afresh."""
    rng = make_rng(seed, f"{stream}-{oracle}")
    return np.stack([estimate_frequencies(people.codes, people.d, epsilon, oracle, rng) for _ in range(runs)])


def measured_variance(people: Population, epsilon: float, oracle: str, repeats: int, seed: int) -> tuple[np.ndarray, float]:
    """One run's estimate and the variance of the estimates over `repeats` runs, averaged over the
    categories."""
    runs = repeated_estimates(people, epsilon, oracle, repeats, seed, "ldp-oracle")
    return runs[0], float(np.mean(runs.var(axis=0, ddof=1)))


def compute(s: Settings) -> View:
    """Raises ValueError for a column or an epsilon no oracle can use."""
    people = population(s.data)
    n, d, eps = people.n, people.d, s.epsilon
    runs = runs_for(s.repeats, n)
    estimates, rows = {}, {key: [] for key in ("oracle", "bits", "table2", "exact", "measured", "error")}
    for oracle in ORACLES:
        first, measured = measured_variance(people, eps, oracle, runs, s.seed)
        estimates[oracle_name(oracle)] = first
        exact = float(np.mean(exact_variance(oracle, eps, d, n, people.shares)))
        rows["oracle"].append(oracle_name(oracle))
        rows["bits"].append(fmt.number(report_bits(oracle, d, eps)))
        rows["table2"].append(fmt.number(n * theoretical_variance(oracle, eps, d, n)))
        rows["exact"].append(fmt.number(n * exact))
        rows["measured"].append(fmt.number(n * measured))
        rows["error"].append(TEXT["points"].format(pp=fmt.number(100 * np.sqrt(measured), 2)))
    labels = curves.AxisLabels(tuple(TEXT["oracles_chart_title"].split("\n")), TEXT["category_axis"], TEXT["share_axis"],
                               TEXT["series_title"])
    chart = charts.estimates_by_category(people.categories, people.shares, estimates,
                                         tuple(charts.ORACLE_COLORS[o] for o in ORACLES), TEXT["truth"], labels)
    headers = {key: TEXT[f"col_{key}"] for key in rows}
    table = fmt.markdown_table({headers[key]: cells for key, cells in rows.items()})
    best = best_oracle(eps, d)
    summary = TEXT["oracles_summary"].format(
        repeats=runs, n=f"{n:,}", d=d, eps=fmt.number(eps), best=oracle_name(best),
    )
    return View(people.note, chart, table, summary)
