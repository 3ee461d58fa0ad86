"""Rows per person on the planner (ui/views/planner/bounds.py): bias and noise at every bound
against a brute force, and the best bound."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from dpcore.protection import Protection
from ui.views.planner import bounds, plan
from ui.views.planner.items import Item

# 300 people: most visit once or twice, a few come back 20 times
RNG = np.random.default_rng(4)
VISITS = np.minimum(RNG.geometric(0.5, 300), 20)
FRAME = pd.DataFrame({"person": np.repeat(np.arange(300), VISITS)})
FRAME["cost"] = RNG.integers(10, 500, len(FRAME)).astype(float)
ITEMS = (Item("count"), Item("sum", "cost", lower=0.0, upper=500.0))


def _view(m: int = 2, shown: int = 0, total: float = 1.0) -> tuple[bounds.View, plan.PlanView]:
    protection = Protection(m, "person")
    rows = plan.compute(plan.Settings(FRAME, "visits", protection, ITEMS, "budget", total, 1e-6))
    return bounds.compute(bounds.Settings(FRAME, "visits", "person", rows.rows, m, shown)), rows


def test_bias_and_noise_of_the_count_match_a_brute_force() -> None:
    view, shown = _view(m=2)
    count = shown.rows[0]
    curve = bounds.curve(count, FRAME, "person", 2)
    assert curve.bounds[-1] == VISITS.max()  # up to the most rows one person holds
    for m in (1, 2, 5, int(VISITS.max())):
        dropped = np.clip(VISITS - m, 0, None).sum()  # rows past m of each person
        assert curve.bias[m - 1] * len(FRAME) == pytest.approx(dropped)
        assert curve.noise[m - 1] * len(FRAME) == pytest.approx(count.accuracy / 2 * m)  # noise grows as m
    best = int(np.argmin(curve.bias + curve.noise)) + 1
    assert curve.best == best and 1 < best < VISITS.max()
    assert view.table[1][1] == str(best)


def test_the_reading_names_the_best_bound_and_says_the_choice_is_not_private() -> None:
    view, shown = _view(m=2)
    assert "m = " in view.text and "no budget pays for" in view.text
    assert view.chart is not None and view.names == (shown.rows[0].name, shown.rows[1].name)
    sum_view, _ = _view(m=2, shown=1)
    assert sum_view.chart is not None and sum_view.chart["title"]["text"][0].startswith(sum_view.names[1])


def test_a_larger_budget_moves_the_best_bound_up() -> None:
    """Cheaper noise per unit of m: keeping more rows pays off."""
    small, _ = _view(total=0.1)
    large, _ = _view(total=10.0)
    assert int(large.table[1][1]) > int(small.table[1][1])


def test_a_plan_without_counts_or_sums_says_so() -> None:
    rows = plan.compute(plan.Settings(FRAME, "visits", Protection(2, "person"), (Item("quantile", "cost", lower=0.0,
                                                                                       upper=500.0),),
                                      "budget", 1.0, 1e-6)).rows
    view = bounds.compute(bounds.Settings(FRAME, "visits", "person", rows, 2))
    assert view.chart is None and view.table == () and view.text


@pytest.mark.parametrize("select_keys", [False, True])
def test_a_histogram_is_weighed_per_bar_against_a_brute_force(select_keys: bool) -> None:
    frame = FRAME.assign(ward=np.where(FRAME["cost"] > 250, "East", "West"))
    frame.loc[frame.index[::7], "ward"] = None  # missing cells are in no bar
    item = (Item("histogram", "ward", mechanism="discrete_laplace", select_keys=True) if select_keys
            else Item("histogram", "ward", categories=("East", "West", "North")))
    protection = Protection(2, "person")
    rows = plan.compute(plan.Settings(frame, "wards", protection, (item,), "budget", 1.0, 1e-6)).rows
    view = bounds.compute(bounds.Settings(frame, "wards", "person", rows, 2))
    assert view.names == (rows[0].name,)
    curve = bounds.curve(rows[0], frame, "person", 2)
    bars = 2 if select_keys else 3  # the categories found, or the declared ones (North is empty)
    counted = frame["ward"].notna()
    average = counted.sum() / bars
    # a person keeps m of all their k rows at random: they lose (1 - m/k) of the c rows counted
    k = frame.groupby("person").size().to_numpy()
    c = frame[counted].groupby("person").size().reindex(range(300), fill_value=0).to_numpy()
    for m in (1, 3):
        dropped = (c * np.clip(1 - m / k, 0, None)).sum()
        assert curve.bias[m - 1] == pytest.approx(dropped / bars / average)
        assert curve.noise[m - 1] == pytest.approx(rows[0].accuracy / 2 * m / average)
    assert f"{bars} bars" in view.text
