"""One mechanism audited in one run with canaries (Steinke, Nasr and Jagielski 2023): the bound one
run shows at each number of canaries against what a perfect attacker could show at most, and the
promise; the reading tells the run's guesses and why a one-run audit stays below the true epsilon.

`sweep` gives the view at every number of canaries of the chart's own slider from one stream: the
runs at 100, 1,000 ... canaries are independent and drawn one after the other, so the curve up to
1,000 canaries is the start of the curve up to 1,000,000 (as the draws of `mechanism`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dpcore.audit_mechanisms import MECHANISMS, check_mechanism, one_run
from dpcore.audit_one_run import OneRunAudit, perfect_epsilon
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.reading import Block
from ui.text.audit import TEXT
from ui.views.audit.mechanism import ALPHA, OPENDP_MAX

CANARY_CHOICES: tuple[int, ...] = (100, 1_000, 10_000, 100_000, 1_000_000)
DEFAULT_CANARIES = 1_000  # the paper's figure: a perfect attacker shows at most 5.8
PERFECT_POINTS = 13  # the perfect attacker's curve: three points a decade from 100 to 1,000,000


def canaries_for(name: str, canaries: int) -> int:
    """The canaries asked for, at most OPENDP_MAX for the mechanism drawn by OpenDP."""
    return min(canaries, OPENDP_MAX) if name == "laplace_opendp" else canaries


@dataclass(frozen=True)
class Settings:
    mechanism: str
    canaries: int | None  # the largest of the curve (None: the chart's slider sets it)
    seed: int


@dataclass(frozen=True)
class View:
    chart: dict
    reading: tuple[Block, ...]


def _sizes(mechanism: str, canaries: int) -> list[int]:
    top = canaries_for(mechanism, canaries)
    return [m for m in CANARY_CHOICES if m <= top] or [top]


@lru_cache(maxsize=16)
def _runs(name: str, sizes: tuple[int, ...], seed: int) -> tuple[OneRunAudit, ...]:
    """One run at each of `sizes`, one after the other from the seed's stream (numbers only, for
    both languages)."""
    rng = make_rng(seed, f"audit-one-run-{name}")
    return tuple(one_run(name, m, rng, ALPHA) for m in sizes)


@lru_cache(maxsize=8)
def perfect_curve(delta: float) -> tuple[np.ndarray, np.ndarray]:
    """The most a perfect attacker shows against each number of canaries, at `delta` (no randomness)."""
    m = np.unique(np.round(np.logspace(2, 6, PERFECT_POINTS)).astype(int))
    return m.astype(float), np.array([perfect_epsilon(int(k), ALPHA, delta) for k in m])


def _perfect_at(canaries: int, alpha: float, delta: float) -> float:
    """A perfect attacker's bound at `canaries`, from the curve when it holds that number."""
    xs, ys = perfect_curve(delta)
    at = np.flatnonzero(xs == canaries)
    return float(ys[at[0]]) if at.size and alpha == ALPHA else perfect_epsilon(canaries, alpha, delta)


def compute(s: Settings) -> View:
    """Raises ValueError for an unknown mechanism or a bad number of canaries."""
    check_mechanism(s.mechanism)
    sizes = _sizes(s.mechanism, int(s.canaries or DEFAULT_CANARIES))
    return _view(s.mechanism, sizes, _runs(s.mechanism, tuple(sizes), s.seed))


def sweep(s: Settings, choices: Sequence[float]) -> tuple[View, ...]:
    """The view at each of `choices` (the same as `compute` gives for it), from one curve of runs up
    to the largest. Raises ValueError for an unknown mechanism."""
    check_mechanism(s.mechanism)
    sizes = _sizes(s.mechanism, int(max(choices)))
    runs = _runs(s.mechanism, tuple(sizes), s.seed)
    shown = (_sizes(s.mechanism, int(c)) for c in choices)
    return tuple(_view(s.mechanism, sizes, runs[:len(sizes)]) for sizes in shown)


def _view(name: str, sizes: list[int], runs: Sequence[OneRunAudit]) -> View:
    mech = MECHANISMS[name]
    last = runs[-1]
    perfect_x, perfect_y = perfect_curve(mech.delta)
    x = np.array(sizes, dtype=float)
    lines = [
        curves.Line(TEXT["perfect_line"], perfect_x, perfect_y, COLORS["neutral"]),
        curves.Line(TEXT["one_run_line"], x, np.array([r.epsilon for r in runs]), COLORS["d"], thick=True),
        curves.Line(TEXT["promise_line"], perfect_x[[0, -1]], np.full(2, mech.epsilon), COLORS["truth"], dashed=True),
    ]
    at_most = _perfect_at(last.canaries, last.alpha, mech.delta)
    here = float(last.canaries)
    markers = [curves.Marker(here, last.epsilon, TEXT["one_run_note"].format(eps=fmt.number(last.epsilon))),
               curves.Marker(here, at_most, TEXT["perfect_note"].format(eps=fmt.number(at_most)))]
    chart = curves.lines(
        lines,
        curves.AxisLabels(tuple(TEXT["one_chart_title"].format(canaries=f"{last.canaries:,}").split("\n")),
                          TEXT["canaries_axis"], TEXT["epsilon_axis"], TEXT["series_title"]),
        y_log=False, y_format=".2~f", markers=markers,
    )
    return View(chart, _reading(last, mech.epsilon))


def _reading(run: OneRunAudit, promise: float) -> tuple[Block, ...]:
    words = {"canaries": f"{run.canaries:,}", "included": f"{run.included:,}", "correct": f"{run.correct:,}",
             "guesses": f"{run.guesses:,}", "eps": fmt.number(promise), "delta": fmt.tiny(run.delta)}
    if run.epsilon > 0:
        result = TEXT["one_run_result"].format(
            **words, half=f"{run.guesses // 2:,}", share=fmt.percent(run.correct / run.guesses),
            bound=fmt.number(run.epsilon), confidence=fmt.percent(1 - run.alpha), tried=run.tried,
            level=fmt.percent(run.alpha / run.tried))
    else:
        result = TEXT["one_run_none"].format(**words)
    perfect = _perfect_at(run.canaries, run.alpha, run.delta)
    blocks: list[Block] = [("p", result), ("p", TEXT["one_run_cap"].format(canaries=f"{run.canaries:,}",
                                                                           perfect=fmt.number(perfect)))]
    if run.delta > 0:
        words = {"delta": fmt.tiny(run.delta), "slack": fmt.number(2 * run.canaries * run.delta)}
        xs, ys = perfect_curve(run.delta)
        if ys.max() > 0:
            blocks.append(("p", TEXT["one_run_delta"].format(**words, peak=f"{int(xs[np.argmax(ys)]):,}")))
        else:
            blocks.append(("p", TEXT["one_run_delta_none"].format(**words)))
    return tuple(blocks)

