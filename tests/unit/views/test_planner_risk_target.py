"""Risk in, epsilon out on the planner (ui/views/planner/risk_target.py)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from dpcore.protection import Protection
from ui.views.planner import plan, risk_target
from ui.views.planner.items import Item

FRAME = pd.DataFrame({"county": ["A"] * 50 + ["B"] * 30})
ITEMS = (Item("count"), Item("histogram", "county", categories=("A", "B")))


def _settings(total: float, kind: str = "advantage", value: float = 0.1, fpr: float = 0.01) -> risk_target.Settings:
    shown = plan.compute(plan.Settings(FRAME, "t", Protection(), ITEMS, "budget", total, 1e-6))
    return risk_target.Settings(shown.rows, Protection(), shown.total_epsilon, kind, value, fpr)  # type: ignore[arg-type]


def test_scaling_keeps_each_statistics_share() -> None:
    s = _settings(1.0)
    scaled = risk_target.events_at(s, 3.0)
    assert [round(noise.epsilon, 9) for noise, _ in scaled] == [1.5, 1.5]  # two statistics, equal weights


def test_the_largest_total_is_the_two_laplace_answers_closed_form_and_the_plan_is_judged_against_it() -> None:
    """Two Laplace answers of t/2 each (a count and a histogram, sensitivity 1 each under add/remove):
    the largest t keeping the advantage at most 10% is found, and a plan above it is told so."""
    within = risk_target.compute(_settings(0.1))
    total = float(within.metrics[0][1])
    assert 0.1 < total < 1.0
    assert "within the target" in within.text
    over = risk_target.compute(_settings(2.0))
    assert "over the target" in over.text and f"to {within.metrics[0][1]} or less" in over.text
    # one Laplace answer would allow -2 ln(0.9) = 0.211; two half answers allow more in total
    assert total > -2 * math.log(0.9)


def test_an_impossible_target_is_a_message() -> None:
    with pytest.raises(ValueError):
        risk_target.compute(_settings(1.0, "tpr", 0.005, 0.01))
