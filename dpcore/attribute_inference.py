"""Attribute inference: how well the best attacker guesses one person's yes/no attribute from a plan's
release, when they know everything else (Bayes risk, through riskcal).

The two worlds differ in one person's value, not in their presence: a substitution. The release's
noises are the ones the plan calibrated (for adding or removing a person), so the attacker faces
those same noises with a substitution's sensitivities (`substitution_events`): a histogram's L1
doubles (one bar down, another up), a clamped sum moves by m (U - L), a count by m, a quantile's
scores by m (against m max(q, 1 - q)). The plan's privacy loss distribution for that pair of worlds
(`dpcore.accounting.plan_pld`) gives the smallest error any guess can make under a prior p that the
answer is yes (riskcal's `get_bayes_risk_from_pld`, Kulynych et al. 2025, Prop. D.1):
R = (1 - p)(1 - delta(ln(p / (1 - p)))). The best guess is right with probability 1 - R, against
max(p, 1 - p) without the release.

Reference: Kulynych, Gomez, Kaissis, du Pin Calmon, Troncoso, "Attack-aware noise calibration for
differential privacy" and "Unifying re-identification, attribute inference, and data reconstruction
risks in differential privacy" (2025, arXiv:2507.06969).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dpcore.accounting import plan_pld
from dpcore.errors import DPError
from dpcore.key_selection import KeyedHistogram
from dpcore.mechanisms import AdditiveNoise, NoiseKind
from dpcore.protection import Protection
from dpcore.statistics import Count, Event, Histogram, Mean, Quantile, Sum
from dpcore.validation import check_probability


def _as_substitution(noise: AdditiveNoise, sensitivity: float) -> AdditiveNoise:
    """The same noise facing another sensitivity: its pure epsilon scales with it (Gaussians keep
    their calibration fields; their loss is read from sensitivity / sigma)."""
    ratio = sensitivity / noise.sensitivity
    epsilon = noise.epsilon if noise.kind == "gaussian" else noise.epsilon * ratio
    return replace(noise, sensitivity=sensitivity, epsilon=epsilon)


def substitution_events(stat: Any, kind: Any, epsilon: float, protection: Protection,
                        delta: float = 0.0) -> tuple[Event, ...]:
    """The statistic's noises as the plan draws them at (epsilon, delta), each facing the sensitivity
    of one person's values changing (raises DPError for an unknown statistic)."""
    if not isinstance(stat, (Count, Histogram, KeyedHistogram, Sum, Mean, Quantile)):
        raise DPError("unknown_statistic.kind", value=type(stat).__name__)
    planned = stat.events(kind, epsilon, protection, delta)  # each statistic checks its kind
    if isinstance(stat, Quantile):  # priced as a discrete Laplace of sensitivity 1 at epsilon
        ratio = stat.score_sensitivity(protection, "replace") / stat.score_sensitivity(protection)
        return tuple((_as_substitution(n, n.sensitivity * ratio), k) for n, k in planned)
    if isinstance(stat, Mean):
        parts = (stat.sum_part, stat.count_part)
        return tuple((_as_substitution(n, part.noise_sensitivity(n.kind, protection, "replace")), k)
                     for (n, k), part in zip(planned, parts, strict=True))
    noise_kind: NoiseKind = planned[0][0].kind
    return tuple((_as_substitution(n, stat.noise_sensitivity(noise_kind, protection, "replace")), k)
                 for n, k in planned)


def best_guess(events: Any, prior: float) -> float:
    """The chance the best attacker guesses a yes/no attribute right, who believed "yes" with
    probability `prior` before the release: 1 - Bayes risk (module docstring)."""
    from riskcal.analysis import get_bayes_risk_from_pld

    p = check_probability("The prior", prior, open_interval=True)
    return float(1 - get_bayes_risk_from_pld(plan_pld(events), p))
