"""One mechanism audited from its samples: outputs on two neighbouring inputs, the empirical lower
bound on epsilon against the promise, how the bound tightens with the number of draws, the exact
support test's share of outputs that rule the neighbour out (Mironov 2012) and whether the sampler
is numpy's (a simulation).

`sweep` gives the view at every number of draws of the chart's own slider (ui/chart_slider.py) from
one run: the audits at 1,000, 10,000 ... draws are independent and drawn one after the other from one
generator, so the curve up to 10,000 draws is the start of the curve up to 1,000,000."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dpcore.audit_mechanisms import MECHANISMS, AuditResult, audit_curve
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.text.audit import TEXT

DRAW_CHOICES: tuple[int, ...] = (1_000, 10_000, 100_000, 1_000_000)
DEFAULT_MECHANISM = "discrete_laplace"  # numpy's Laplace fails the exact support test: not the page's first view
OPENDP_MAX = 100_000  # OpenDP's sampler takes ~20 µs a draw: a million would take 40 s
ALPHA = 0.05


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


def _sizes(mechanism: str, draws: int) -> list[int]:
    top = draws_for(mechanism, draws)
    return [d for d in DRAW_CHOICES if d <= top] or [top]


def compute(s: Settings) -> View:
    """Raises ValueError for an unknown mechanism or a bad number of draws."""
    sizes = _sizes(s.mechanism, int(s.draws or DRAW_CHOICES[-1]))
    return _view(s.mechanism, sizes, audit_curve(s.mechanism, sizes, make_rng(s.seed, f"audit-{s.mechanism}"), ALPHA))


def sweep(s: Settings, choices: Sequence[float]) -> tuple[View, ...]:
    """The view at each of `choices` (the same as `compute` gives for it), from one audit curve up to
    the largest. Raises ValueError for an unknown mechanism."""
    sizes = _sizes(s.mechanism, int(max(choices)))
    results = audit_curve(s.mechanism, sizes, make_rng(s.seed, f"audit-{s.mechanism}"), ALPHA)
    shown = (_sizes(s.mechanism, int(d)) for d in choices)
    return tuple(_view(s.mechanism, sizes, results[:len(sizes)]) for sizes in shown)


def _view(name: str, sizes: list[int], results: list[AuditResult]) -> View:
    """The chart of the bound against the draws and the verdict at the last of `sizes`."""
    mech = MECHANISMS[name] if name in MECHANISMS else None
    last = results[-1]
    promise = last.epsilon if mech is None else mech.epsilon
    shown = np.array([min(r.lower_bound, 4 * promise) for r in results])  # an infinite bound is drawn at the top
    x = np.array(sizes, dtype=float)
    chart = curves.lines(
        [curves.Line(TEXT["bound_line"], x, shown, COLORS["danger"] if last.verdict == "violates" else COLORS["d"],
                     thick=True),
         curves.Line(TEXT["promise_line"], x, np.full(x.size, promise), COLORS["truth"], dashed=True)],
        curves.AxisLabels(tuple(TEXT["chart_title"].format(draws=f"{last.draws:,}").split("\n")), TEXT["draws_axis"],
                          TEXT["epsilon_axis"], TEXT["series_title"]),
        y_log=False, y_format=".2~f",
    )
    bound = "∞" if math.isinf(last.lower_bound) else fmt.number(last.lower_bound)
    summary = TEXT[f"verdict_{last.verdict}"].format(
        draws=f"{last.draws:,}", bound=bound, eps=fmt.number(promise), delta=fmt.tiny(last.delta),
        alpha=fmt.percent(ALPHA),
    )
    if last.ruled_out > 0:
        summary += " " + TEXT["ruled_out"].format(share=fmt.percent(last.ruled_out_share), checked=f"{last.checked:,}")
    else:
        summary += " " + TEXT["gap_none"].format(checked=f"{last.checked:,}")
    if last.simulation:
        summary += " " + TEXT["simulation"]
    return View(chart, summary)
