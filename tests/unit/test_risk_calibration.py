"""Risk in, epsilon out (dpcore/risk_calibration.py) against the Laplace mechanism's closed-form
trade-off curve (Dong, Roth & Su 2019): advantage 1 - e^(-eps/2), and TPR = e^eps FPR while
FPR < e^-eps / 2."""

from __future__ import annotations

import math

import pytest

from dpcore.accounting import plan_pld
from dpcore.mechanisms import calibrate
from dpcore.risk_calibration import RiskTarget, attack_success, largest_total


def _laplace(t: float) -> tuple:
    return ((calibrate("laplace", t, 0.0, 1.0), 1),)


def _two(t: float) -> tuple:  # a count and a histogram sharing t equally: two Laplace answers of t/2
    return ((calibrate("laplace", t / 2, 0.0, 1.0), 1), (calibrate("laplace", t / 2, 0.0, 1.0), 1))


@pytest.mark.parametrize("advantage", [0.05, 0.1, 0.3])
def test_an_advantage_target_gives_the_laplace_epsilon_of_the_closed_form(advantage: float) -> None:
    found = largest_total(_laplace, RiskTarget("advantage", advantage))
    assert found.total == pytest.approx(-2 * math.log(1 - advantage), rel=5e-3)
    assert found.success <= advantage and not found.at_top


@pytest.mark.parametrize("tpr", [0.02, 0.1, 0.3])
def test_a_tpr_target_at_one_percent_false_alarms_gives_ln_of_tpr_over_fpr(tpr: float) -> None:
    found = largest_total(_laplace, RiskTarget("tpr", tpr, 0.01))
    assert found.total == pytest.approx(math.log(tpr / 0.01), rel=5e-3)  # e^eps * 0.01 = tpr
    assert found.success <= tpr


def test_the_budget_found_meets_the_target_and_a_little_more_does_not() -> None:
    target = RiskTarget("tpr", 0.1, 0.01)
    found = largest_total(_two, target)
    assert attack_success(plan_pld(_two(found.total)), target) <= 0.1
    assert attack_success(plan_pld(_two(found.total * 1.01)), target) > 0.1
    # two answers at t/2 compose to less than one answer at t: the plan may spend more than one statistic
    assert found.total > largest_total(_laplace, target).total


def test_a_loose_target_stops_at_the_top_and_an_impossible_one_is_refused() -> None:
    assert largest_total(_laplace, RiskTarget("advantage", 0.99999)).at_top  # 1 - e^(-20/2) < 0.99999
    with pytest.raises(ValueError, match="Even a total"):
        largest_total(_laplace, RiskTarget("advantage", 1e-6))
    with pytest.raises(ValueError):
        RiskTarget("tpr", 0.005, 0.01)  # below chance
    with pytest.raises(ValueError):
        RiskTarget("advantage", 0.0)
    with pytest.raises(ValueError):
        RiskTarget("advantage", 1.5)
