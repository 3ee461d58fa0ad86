"""One mechanism audited from its samples: outputs on two neighbouring inputs, the empirical lower
bound on epsilon against the promise, how the bound tightens with the number of draws, the exact
support test's share of outputs that rule the neighbour out (Mironov 2012) and whether the sampler
is numpy's (a simulation). On the same draws: the Gaussian fit (its mu, and its epsilon at the
promised delta), and the best simple attack's AUROC and TPR at low FPRs with bootstrap intervals,
beside the most the promise allows (`tight`, a reading of its own under the chart).

`sweep` gives the view at every number of draws of the chart's own slider (ui/chart_slider.py): the
audits at 1,000, 10,000 ... draws are independent, each drawn from the seed's stream for its size and
kept, so the curve up to 10,000 draws is the start of the curve up to 1,000,000 and a sweep after the
first view (100,000 draws) adds only the audit at 1,000,000."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dpcore.audit_gdp import gdp_epsilon
from dpcore.audit_mechanisms import MECHANISMS, AuditResult, audit, check_mechanism
from dpcore.audit_roc import promised_limits
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.reading import Block
from ui.text.audit import TEXT

DRAW_CHOICES: tuple[int, ...] = (1_000, 10_000, 100_000, 1_000_000)
DEFAULT_MECHANISM = "discrete_laplace"  # numpy's Laplace fails the exact support test: not the page's first view
OPENDP_MAX = 100_000  # OpenDP's sampler takes ~20 µs a draw: a million would take 40 s
ALPHA = 0.05
AS_IF_DELTA = 1e-5  # where the Gaussian fit of a pure mechanism is read "as if", to show it is no bound
TOP = 4  # a larger bound is drawn at TOP times the promise
INFINITY_AT = 1.5  # the exact test's infinite bound: a cross at least this many times the promise


def draws_for(name: str, draws: int) -> int:
    """The draws asked for, at most OPENDP_MAX for the mechanism drawn by OpenDP."""
    return min(draws, OPENDP_MAX) if name == "laplace_opendp" else draws


@dataclass(frozen=True)
class Settings:
    mechanism: str
    draws: int | None  # per side, the largest of the curve (None: the chart's slider sets it)
    seed: int


@dataclass(frozen=True)
class View:
    chart: dict
    summary: str
    tight: tuple[Block, ...]


def _sizes(mechanism: str, draws: int) -> list[int]:
    top = draws_for(mechanism, draws)
    return [d for d in DRAW_CHOICES if d <= top] or [top]


@lru_cache(maxsize=64)
def _audit(name: str, draws: int, seed: int) -> AuditResult:
    """The audit at `draws` from the seed's stream for that size: numbers only, kept for both
    languages (the views, with their words, are kept by the chart slider)."""
    return audit(name, draws, make_rng(seed, f"audit-{name}-{draws}"), ALPHA)


def _audits(name: str, sizes: Sequence[int], seed: int) -> tuple[AuditResult, ...]:
    return tuple(_audit(name, size, seed) for size in sizes)


def compute(s: Settings) -> View:
    """Raises ValueError for an unknown mechanism or a bad number of draws."""
    check_mechanism(s.mechanism)
    sizes = _sizes(s.mechanism, int(s.draws or DRAW_CHOICES[-1]))
    return _view(s.mechanism, sizes, _audits(s.mechanism, sizes, s.seed))


def sweep(s: Settings, choices: Sequence[float]) -> tuple[View, ...]:
    """The view at each of `choices` (the same as `compute` gives for it), from one audit curve up to
    the largest. Raises ValueError for an unknown mechanism."""
    check_mechanism(s.mechanism)
    sizes = _sizes(s.mechanism, int(max(choices)))
    results = _audits(s.mechanism, sizes, s.seed)
    shown = (_sizes(s.mechanism, int(d)) for d in choices)
    return tuple(_view(s.mechanism, sizes, results[:len(sizes)]) for sizes in shown)


def _view(name: str, sizes: list[int], results: Sequence[AuditResult]) -> View:
    """The chart of the bounds against the draws, the verdict and the tight audits at the last of `sizes`."""
    mech = MECHANISMS[name]
    last = results[-1]
    promise, top = mech.epsilon, TOP * mech.epsilon
    x = np.array(sizes, dtype=float)
    lines = [curves.Line(TEXT["bound_line"], x, np.array([min(r.threshold_bound, top) for r in results]),
                         COLORS["d"], thick=True)]
    if mech.delta > 0:
        lines.append(curves.Line(TEXT["gdp_line"], x, np.array([min(r.gdp.epsilon, top) for r in results]),
                                 COLORS["d_prime"], thick=True))
    lines.append(curves.Line(TEXT["promise_line"], x, np.full(x.size, promise), COLORS["truth"], dashed=True))
    # the exact test's infinity: crosses just above everything drawn, the first named (no legend entry)
    caught = [i for i, r in enumerate(results) if math.isinf(r.lower_bound)]
    high = max([INFINITY_AT * promise] + [1.1 * float(line.y.max()) for line in lines if line.y.size])
    markers = [curves.Marker(float(x[i]), high, TEXT["exact_line"] if i == caught[0] else "") for i in caught]
    chart = curves.lines(
        lines,
        curves.AxisLabels(tuple(TEXT["chart_title"].format(draws=f"{last.draws:,}").split("\n")), TEXT["draws_axis"],
                          TEXT["epsilon_axis"], TEXT["series_title"]),
        y_log=False, y_format=".2~f", markers=markers,
    )
    return View(chart, _summary(last), _tight(last))


def _summary(last: AuditResult) -> str:
    bound = "∞" if math.isinf(last.lower_bound) else fmt.number(last.lower_bound)
    summary = TEXT[f"verdict_{last.verdict}"].format(
        draws=f"{last.draws:,}", bound=bound, eps=fmt.number(last.epsilon), delta=fmt.tiny(last.delta),
        alpha=fmt.percent(ALPHA),
    )
    if last.ruled_out > 0:
        summary += " " + TEXT["ruled_out"].format(share=fmt.percent(last.ruled_out_share), checked=f"{last.checked:,}")
    else:
        summary += " " + TEXT["gap_none"].format(checked=f"{last.checked:,}")
    if last.simulation:
        summary += " " + TEXT["simulation"]
    return summary


def _tight(last: AuditResult) -> tuple[Block, ...]:
    """The estimators side by side, what the Gaussian fit assumes, and the attack against the promise."""
    eps, gdp, roc = last.epsilon, last.gdp, last.roc
    if last.delta > 0:
        gdp_row = (TEXT["tight_gdp"].format(mu=fmt.number(gdp.mu)), fmt.number(gdp.epsilon),
                   fmt.percent(gdp.epsilon / eps))
        gdp_words = TEXT["gdp_assumes"].format(delta=fmt.tiny(last.delta))
    else:
        gdp_row = (TEXT["tight_gdp"].format(mu=fmt.number(gdp.mu)), TEXT["tight_gdp_none"], "–")
        gdp_words = TEXT["gdp_pure"].format(mu=fmt.number(gdp.mu), as_if=fmt.number(gdp_epsilon(gdp.mu, AS_IF_DELTA)),
                                            eps=fmt.number(eps))
    estimators = (
        (TEXT["tight_head_audit"], TEXT["tight_head_eps"], TEXT["tight_head_share"]),
        (TEXT["tight_cp"], fmt.number(last.threshold_bound), fmt.percent(last.threshold_bound / eps)),
        gdp_row,
    )
    area_max, tpr_max = promised_limits(eps, last.delta, roc.fprs)
    confidence = fmt.percent(roc.confidence)
    attack: list[tuple[str, ...]] = [
        (TEXT["attack_head_attack"], TEXT["attack_head_measured"],
         TEXT["attack_head_interval"].format(confidence=confidence), TEXT["attack_head_promise"]),
        (TEXT["attack_auroc"], fmt.number(roc.auroc), _interval(*roc.auroc_interval, fmt.number),
         fmt.number(area_max)),
    ]
    for f, tpr, (low, high), most in zip(roc.fprs, roc.tprs, roc.tpr_intervals, tpr_max, strict=True):
        attack.append((TEXT["attack_tpr"].format(fpr=fmt.percent(f)), fmt.percent(tpr),
                       _interval(low, high, fmt.percent), fmt.percent(float(most))))
    note = TEXT["attack_note"].format(resamples=f"{roc.resamples:,}", eps=fmt.number(eps), delta=fmt.tiny(last.delta))
    return (("table", estimators), ("p", gdp_words), ("table", tuple(attack)), ("p", note))


def _interval(low: float, high: float, show: Callable[[float], str]) -> str:
    """"low – high" that a narrow table cell never breaks (narrow no-break spaces, a word joiner)."""
    return f"{show(low)}\u202f–\u2060\u202f{show(high)}"
