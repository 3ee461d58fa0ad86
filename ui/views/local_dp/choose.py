"""Tab 2: which oracle to choose. The mean squared error of one share (Table 2's variance: the
estimates are unbiased) against epsilon and against the domain size d, every oracle on one chart,
the best one for the chosen (epsilon, d) drawn thick, and the survey's rule of thumb as a line:
GRR below d = 3 e^eps + 2, OUE or OLH above. The chart's own slider
(ui/chart_slider.py) steps through `compute` at every epsilon."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dpcore.ldp.oracles import ORACLES, best_oracle, best_subset_size, report_bits, theoretical_variance
from dpcore.limits import MAX_LDP_DOMAIN
from dpcore.validation import check_count, check_epsilon
from ui import fmt
from ui.charts import curves
from ui.charts import local_dp as charts
from ui.reading import Block
from ui.text.local_dp import TEXT
from ui.views.local_dp.oracles import oracle_name

EPSILONS = np.geomspace(0.1, 10, 60)
DOMAINS = np.unique(np.round(np.geomspace(2, MAX_LDP_DOMAIN, 60)).astype(int))


def crossover_domain(epsilon: float) -> float:
    """The survey's rule of thumb: GRR's variance is below OUE's/OLH's while d < 3 e^eps + 2."""
    return 3 * math.exp(epsilon) + 2


@dataclass(frozen=True)
class Settings:
    epsilon: float | None  # None: the chart's slider sets it
    d: int
    n: int


@dataclass(frozen=True)
class View:
    by_epsilon: dict
    by_domain: dict
    summary: str  # the best oracle, its error and bits (what a projector shows)
    rule: str  # GRR against it, the survey's rule of thumb, and k-subset's edge when it has one


def points(variance: float) -> float:
    """A share's typical error (root mean squared error) in percentage points: numbers people read."""
    return 100 * math.sqrt(variance)


def _curves(best: str, x: np.ndarray, variance) -> list[curves.Line]:
    """Each oracle's typical error along x (BLH and Hadamard dashed: they coincide with each other)."""
    return [curves.Line(oracle_name(o), x, np.array([points(variance(o, v)) for v in x]), charts.ORACLE_COLORS[o],
                        dashed=o in ("blh", "hr"), thick=o == best) for o in ORACLES]


def compute(s: Settings) -> View:
    """Raises ValueError for epsilon <= 0, d outside 2..MAX_LDP_DOMAIN or n < 1."""
    eps = check_epsilon(s.epsilon)
    d = check_count("The domain size d", s.d, minimum=2, maximum=MAX_LDP_DOMAIN)
    n = check_count("The number of users n", s.n)
    best = best_oracle(eps, d)
    best_mse = theoretical_variance(best, eps, d, n)
    grr_mse = theoretical_variance("grr", eps, d, n)
    y_title = TEXT["mse_axis"]
    here = curves.Marker(eps, points(best_mse), TEXT["here_note"].format(oracle=oracle_name(best)))
    by_epsilon = curves.lines(
        _curves(best, EPSILONS, lambda o, e: theoretical_variance(o, float(e), d, n)),
        curves.AxisLabels(tuple(TEXT["by_epsilon_title"].format(eps=fmt.number(eps)).split("\n")), TEXT["epsilon_axis"],
                          y_title, TEXT["series_title"]),
        markers=(here,), x_format="~g",
    )
    crossover = crossover_domain(eps)
    by_domain = curves.lines(
        _curves(best, DOMAINS, lambda o, k: theoretical_variance(o, eps, int(k), n)),
        curves.AxisLabels(tuple(TEXT["by_domain_title"].format(eps=fmt.number(eps)).split("\n")), TEXT["domain_axis"],
                          y_title, TEXT["series_title"]),
        markers=(curves.Marker(d, points(best_mse), TEXT["here_note"].format(oracle=oracle_name(best))),
                 curves.Marker(crossover, None, TEXT["crossover_note"].format(d=fmt.number(crossover)))),
        x_format="~g",
    )
    summary = TEXT["choose_summary"].format(
        eps=fmt.number(eps), d=d, n=f"{n:,}", best=oracle_name(best), error=fmt.number(points(best_mse), 2),
        bits=fmt.number(report_bits(best, d, eps)),
    )
    rule = TEXT["choose_rule"].format(ratio=fmt.number(math.sqrt(grr_mse / best_mse)), crossover=fmt.number(crossover))
    if best == "kss":
        runner_up = best_oracle(eps, d, candidates=tuple(o for o in ORACLES if o != "kss"))
        rule += " " + TEXT["kss_note"].format(
            k=best_subset_size(d, eps), other=oracle_name(runner_up),
            percent=fmt.percent(math.sqrt(theoretical_variance(runner_up, eps, d, n) / best_mse) - 1),
        )
    return View(by_epsilon, by_domain, summary, rule)


def reading(view: View) -> tuple[Block, ...]:
    """The sentences under the chart: the best oracle first (a projector shows only that), the rule after."""
    return (("p", view.summary), ("p", view.rule))
