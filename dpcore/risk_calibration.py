"""Risk in, epsilon out: the largest budget whose best attacker stays within a stated risk.

A statistics office may state its risk rather than an epsilon: "no attacker may tell a member from
a non-member more than 10% of the time at 1% false alarms" (a true-positive rate at a false-positive
rate), or "no attacker's advantage TPR - FPR above 0.1". For a plan whose noises all scale with one
budget t (every statistic's epsilon a fixed share of the total), `largest_total` finds the largest t
in [lower, upper] whose composed plan meets the target: the attack success is read from the plan's
dp-accounting privacy loss distribution (`accounting.plan_pld`) by riskcal (`get_beta_from_pld`,
`get_advantage_from_pld`; Kulynych, Gomez et al. 2024, arXiv:2407.02191), and riskcal's calibration
search (`calibrate_parameter`) runs on ln(1/t), along which the success only falls. The search stops
on the safe side (the success at the t returned is at most the target); the tests hold it against
the Laplace mechanism's closed-form trade-off curve (Dong, Roth & Su 2019, arXiv:1905.02383).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from dpcore.accounting import plan_pld
from dpcore.errors import DPError
from dpcore.mechanisms import AdditiveNoise
from dpcore.validation import check_probability

Events = Sequence[tuple[AdditiveNoise, int]]


@dataclass(frozen=True)
class RiskTarget:
    """The most an attacker may achieve: a true-positive rate `value` at false-positive rate `fpr`
    ("tpr"), or an advantage TPR - FPR of `value` ("advantage")."""

    kind: Literal["tpr", "advantage"]
    value: float
    fpr: float = 0.01

    def __post_init__(self) -> None:
        check_probability("The attacker's success", self.value)
        check_probability("The false-positive rate", self.fpr)
        if self.kind == "tpr" and self.value <= self.fpr:
            raise DPError("risk_below_chance", tpr=self.value, fpr=self.fpr)
        if self.kind == "advantage" and self.value <= 0:
            raise DPError("risk_zero_advantage")
        if self.kind not in ("tpr", "advantage"):
            raise DPError("risk_kind", kind=self.kind)


@dataclass(frozen=True)
class Calibrated:
    """The largest budget found, the attack success at it, and whether the search hit its top."""

    total: float
    success: float
    at_top: bool


def attack_success(pld: Any, target: RiskTarget) -> float:
    """The best attacker's TPR at the target's FPR, or its advantage, from a dp-accounting PLD."""
    from riskcal.analysis import get_advantage_from_pld, get_beta_from_pld

    if target.kind == "advantage":
        return float(get_advantage_from_pld(pld))
    return 1.0 - float(get_beta_from_pld(pld, alpha=target.fpr))


def largest_total(plan_at: Callable[[float], Events], target: RiskTarget,
                  lower: float = 1e-3, upper: float = 20.0) -> Calibrated:
    """The largest total t in [lower, upper] whose plan `plan_at(t)` keeps the best attacker within
    `target`. Raises DPError if even `lower` does not."""
    from riskcal.calibration.core import CalibrationConfig, CalibrationTarget, PrivacyMetrics, calibrate_parameter

    def success(t: float) -> float:
        return attack_success(plan_pld(plan_at(t)), target)

    top = success(upper)
    if top <= target.value:
        return Calibrated(upper, top, True)
    if success(lower) > target.value:
        raise DPError("risk_unreachable", lower=lower)

    # riskcal's search for a falling metric: the attack success passes as the metric it compares
    def evaluate(x: float) -> PrivacyMetrics:
        return PrivacyMetrics(advantage=success(math.exp(-x)))

    config = CalibrationConfig(increasing=False, param_min=-math.log(upper), param_max=-math.log(lower),
                               target_tol=2e-3, param_tol=1e-3)
    try:
        wanted = CalibrationTarget(kind="advantage", advantage=target.value)
        x = calibrate_parameter(evaluate, wanted, config).parameter_value
    except RuntimeError:  # the search could not meet its tolerance (a loss grid's step): refuse, never guess
        raise DPError("risk_search") from None
    total = math.exp(-x)
    found = success(total)
    while found > target.value:  # the safe side, a step of the search's tolerance at a time
        total *= math.exp(-1e-3)
        found = success(total)
    return Calibrated(total, found, False)
