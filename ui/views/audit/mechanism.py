"""One mechanism audited from its samples: outputs on two neighbouring inputs, the empirical lower
bound on epsilon against the promise, how the bound tightens with the number of draws, and for a
floating-point Laplace the share of outputs that rule the neighbour out (Mironov 2012)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dpcore.audit_mechanisms import MECHANISMS, audit_curve
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.text.audit import TEXT

DRAW_CHOICES: tuple[int, ...] = (1_000, 10_000, 100_000, 1_000_000)
OPENDP_MAX = 100_000  # OpenDP's sampler takes ~20 µs a draw: a million would take 40 s
ALPHA = 0.05


def draws_for(name: str, draws: int) -> int:
    """The draws asked for, at most OPENDP_MAX for the mechanism drawn by OpenDP."""
    return min(draws, OPENDP_MAX) if name == "laplace_opendp" else draws


@dataclass(frozen=True)
class Settings:
    mechanism: str
    draws: int  # per side, the largest of the curve
    seed: int


@dataclass(frozen=True)
class View:
    chart: dict
    summary: str


def compute(s: Settings) -> View:
    """Raises ValueError for an unknown mechanism or a bad number of draws."""
    mech = MECHANISMS[s.mechanism] if s.mechanism in MECHANISMS else None
    top = draws_for(s.mechanism, s.draws)
    sizes = [d for d in DRAW_CHOICES if d <= top] or [top]
    results = audit_curve(s.mechanism, sizes, make_rng(s.seed, f"audit-{s.mechanism}"), ALPHA)
    last = results[-1]
    promise = last.epsilon if mech is None else mech.epsilon
    shown = np.array([min(r.lower_bound, 4 * promise) for r in results])  # an infinite bound is drawn at the top
    x = np.array(sizes, dtype=float)
    chart = curves.lines(
        [curves.Line(TEXT["bound_line"], x, shown, COLORS["danger"] if last.verdict == "violates" else COLORS["d"],
                     thick=True),
         curves.Line(TEXT["promise_line"], x, np.full(x.size, promise), COLORS["truth"], dashed=True)],
        curves.AxisLabels(tuple(TEXT["chart_title"].split("\n")), TEXT["draws_axis"], TEXT["epsilon_axis"],
                          TEXT["series_title"]),
        y_log=False, y_format=".2~f",
    )
    bound = "∞" if math.isinf(last.lower_bound) else fmt.number(last.lower_bound)
    summary = TEXT[f"verdict_{last.verdict}"].format(
        draws=f"{last.draws:,}", bound=bound, eps=fmt.number(promise), delta=fmt.tiny(last.delta),
        alpha=fmt.percent(ALPHA),
    )
    if last.ruled_out_share is not None and last.ruled_out_share > 0:
        summary += " " + TEXT["ruled_out"].format(share=fmt.percent(last.ruled_out_share))
    return View(chart, summary)
