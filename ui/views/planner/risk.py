"""Risk in plain words for the plan's total: the attacker's posterior, the odds, the best test.

The total is the privacy loss distribution's (the tightest accountant here) at the plan's delta;
the attacker's trade-off curve is the plan's own, read from dp-accounting's composition of the
plan's steps (`accounting.plan_pld`, a valid distribution), tighter than the (epsilon, delta) bound
and never outside it. Attribute inference (one person's yes/no fact, everything else known) reads the
same noises facing a substitution (dpcore.attribute_inference). Published real-world epsilons give
the number a scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dpcore.accounting import plan_pld, total_epsilon
from dpcore.attribute_inference import best_guess, substitution_events
from dpcore.mechanisms import AdditiveNoise
from dpcore.posterior.testing import dp_roc_region
from dpcore.protection import Protection
from dpcore.published import PUBLISHED_EPSILONS
from dpcore.risk import risk, tradeoff_curve
from ui import fmt
from ui.charts.posterior import RocLabels, roc_chart
from ui.i18n import per_language
from ui.text.planner import TEXT
from ui.views.planner.plan import Row

LABELS = per_language(lambda: RocLabels(TEXT["risk_roc_title"], TEXT["risk_roc_x"], TEXT["risk_roc_y"], TEXT["risk_roc_region"],
                   TEXT["risk_roc_curve"], TEXT["risk_roc_chance"], TEXT["risk_roc_best"]))
FPR = np.unique(np.concatenate((np.linspace(0, 1, 201), np.geomspace(1e-6, 1, 100))))


@dataclass(frozen=True)
class Settings:
    """The plan's noise events (each answered once), its total delta, the attacker's prior, and the
    same noises facing one person's values changing (`attribute_events`; none: no sentence on it)."""

    events: tuple[tuple[AdditiveNoise, int], ...]
    delta: float
    prior: float
    attribute: tuple[tuple[AdditiveNoise, int], ...] = ()


def attribute_events(rows: Sequence[Row], protection: Protection) -> tuple[tuple[AdditiveNoise, int], ...]:
    """The plan's noises as drawn, facing a substitution (for attribute inference)."""
    return tuple(e for r in rows if not r.problem
                 for e in substitution_events(r.stat, r.item.mechanism, r.epsilon, protection, r.delta))


@dataclass(frozen=True)
class View:
    text: str
    metrics: tuple[tuple[str, str], ...]
    chart: dict
    published: dict[str, list[str]]


def published_table() -> dict[str, list[str]]:
    """Real releases and their epsilons, each with its public source."""
    rows = PUBLISHED_EPSILONS
    return {
        TEXT["pub_who"]: [f"{r.organisation}: {r.release}" for r in rows],
        TEXT["pub_epsilon"]: [fmt.number(r.epsilon) + (f", δ = {fmt.tiny(r.delta)}" if r.delta else "") for r in rows],
        TEXT["pub_unit"]: [TEXT[f"pub_unit_{r.unit.replace('-', '_')}"] + (TEXT["pub_local"] if r.local else "")
                           for r in rows],
        TEXT["pub_source"]: [r.source_url for r in rows],
    }


def compute(s: Settings) -> View:
    epsilon, pld = total_epsilon(s.events, s.delta, "pld"), plan_pld(s.events)
    r = risk(epsilon, s.delta, s.prior, pld)
    curve = tradeoff_curve(epsilon, s.delta, FPR, pld)
    tpr = curve.tpr_pld if curve.tpr_pld is not None else curve.tpr_bound
    best = int(np.argmax(tpr - curve.fpr))
    upper, lower = dp_roc_region(epsilon, s.delta, FPR)
    chart = roc_chart(FPR, tpr, FPR, upper, lower, float(FPR[best]), float(tpr[best]), LABELS())
    parts = [
        TEXT["risk_total"].format(epsilon=fmt.number(epsilon), delta=fmt.tiny(s.delta), accountant=TEXT["acc_pld"]),
        TEXT["risk_posterior"].format(prior=fmt.share(s.prior), low=fmt.share(r.posterior_low),
                                      high=fmt.share(r.posterior_high), odds=fmt.number(r.odds_factor)),
    ]
    if s.delta > 0:
        parts.append(TEXT["risk_tail"].format(chance=fmt.share(r.tail_probability),
                                              high=fmt.share(r.tail_posterior_high)))
    one, five = r.tpr_bound[0], r.tpr_bound[1]
    parts.append(TEXT["risk_test"].format(tpr1=fmt.share(one), tpr5=fmt.share(five)))
    if r.tpr_pld is not None:
        parts.append(TEXT["risk_test_plan"].format(tpr1=fmt.share(r.tpr_pld[0]), tpr5=fmt.share(r.tpr_pld[1])))
    if s.attribute:
        parts.append(TEXT["risk_attribute"].format(prior=fmt.share(s.prior), guess=fmt.share(
            best_guess(s.attribute, s.prior)), base=fmt.share(max(s.prior, 1 - s.prior))))
    parts.append(TEXT["risk_scale"])
    metrics = ((TEXT["metric_posterior"], fmt.share(r.posterior_high)), (TEXT["metric_odds"], fmt.number(r.odds_factor)),
               (TEXT["metric_tpr"], fmt.share(r.tpr_pld[0] if r.tpr_pld is not None else one)))
    return View("\n\n".join(parts), metrics, chart, published_table())
