"""The plan's total cost under every accountant, side by side, and against how often it is answered.

Basic composition adds the epsilons; the others (advanced, optimal, zCDP, Rényi/moments, PLD) use
more of what is known about each mechanism and charge less, the more so the more often the plan is
answered: the course's reason for the moments accountant (section 6.1.3).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore.accounting import ACCOUNTANTS, compare, epsilon_by_repeats
from dpcore.mechanisms import AdditiveNoise
from ui import fmt
from ui.charts.planner import CostLabels, cost_by_repeats
from ui.i18n import per_language
from ui.text.planner import TEXT

REPEATS = np.array([1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000])
LABELS = per_language(lambda: CostLabels(tuple(TEXT["cost_chart_title"].split("\n")), TEXT["cost_chart_x"], TEXT["cost_chart_y"]))


@dataclass(frozen=True)
class Settings:
    """The plan's noise events (each answered once), its total delta, and what parallel composition
    saves: the epsilon of each histogram and its number of bins."""

    events: tuple[tuple[AdditiveNoise, int], ...]
    delta: float
    histograms: tuple[tuple[float, int], ...] = ()


@dataclass(frozen=True)
class View:
    table: dict[str, list[str]]
    totals: dict[str, float]
    text: str
    chart: dict


def compute(s: Settings) -> View:
    """Every accountant's total once, and against 1 to 10,000 answers of the whole plan."""
    comparison = compare(s.events, s.delta)
    names: list[str] = []
    totals: list[str] = []
    notes: list[str] = []
    for name in ACCOUNTANTS:
        value = comparison.epsilons[name]
        names.append(TEXT[f"acc_{name}"])
        totals.append("—" if value is None else fmt.number(value))
        notes.append(str(comparison.refusals[name]) if value is None else TEXT[f"acc_{name}_how"])
    table = {TEXT["cost_col_accountant"]: names, TEXT["cost_col_total"]: totals, TEXT["cost_col_how"]: notes}
    applied = {n: v for n, v in comparison.epsilons.items() if v is not None}
    curves = {name: epsilon_by_repeats(s.events, s.delta, name, REPEATS) for name in applied}
    chart = cost_by_repeats(REPEATS, {TEXT[f"acc_{n}"]: v for n, v in curves.items()}, LABELS())
    if "basic" not in applied:  # the total delta does not cover the Gaussians' own: say so, chart the rest
        return View(table, applied, str(comparison.refusals["basic"]), chart)
    return View(table, applied, "\n\n".join(_reading(s, applied, curves)), chart)


def _reading(s: Settings, applied: dict[str, float], curves: dict[str, np.ndarray]) -> list[str]:
    """What the table and the chart say, in sentences."""
    best = min(applied, key=lambda n: applied[n])
    basic = applied["basic"]
    if applied[best] < basic * (1 - 1e-3):
        parts = [TEXT["cost_best"].format(best=TEXT[f"acc_{best}"], epsilon=fmt.number(applied[best]),
                                          basic=fmt.number(basic), delta=fmt.tiny(s.delta))]
    else:
        parts = [TEXT["cost_same"].format(epsilon=fmt.number(basic), delta=fmt.tiny(s.delta))]
    parts.append(TEXT["cost_publish"].format(epsilon=fmt.number(applied[best]), best=TEXT[f"acc_{best}"],
                                             delta=fmt.tiny(s.delta)))
    if applied.get("advanced", 0.0) > basic * (1 + 1e-3):
        parts.append(TEXT["cost_advanced_above"].format(advanced=fmt.number(applied["advanced"]),
                                                        basic=fmt.number(basic)))
    if all(noise.delta == 0 for noise, _ in s.events):
        parts.append(TEXT["cost_pure"])
    if s.histograms:
        unparallel = basic + sum(eps * (bins - 1) for eps, bins in s.histograms)
        parts.append(TEXT["cost_parallel"].format(without=fmt.number(unparallel), basic=fmt.number(basic)))
    last = {name: float(v[-1]) for name, v in curves.items() if np.isfinite(v[-1])}
    if "basic" in last:
        parts.append(TEXT["cost_chart_reading"].format(times=f"{REPEATS[-1]:,}", basic=fmt.number(last["basic"]),
                                                       best=fmt.number(min(last.values()))))
    if len(last) < len(curves):
        parts.append(TEXT["cost_chart_stops"])
    return parts
