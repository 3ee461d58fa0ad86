"""Value bounds on the planner (ui/views/planner/clamping.py): each sum's and mean's bias and noise
against its upper bound, checked against the statistic itself; the chart, table and reading; the
rounding of bounds; a plan without sums or means."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from dpcore.clamping import BoundsRequest, Suggestion
from dpcore.protection import Protection
from dpcore.statistics import Mean, Sum
from ui.charts.theme import CURVE_POINTS
from ui.i18n import language
from ui.text.planner_clamping import TEXT
from ui.views.planner import clamping, plan
from ui.views.planner.items import Item

RNG = np.random.default_rng(11)
FRAME = pd.DataFrame({"person": np.arange(400) // 2, "income": np.round(RNG.lognormal(10, 0.8, 400)),
                      "age": RNG.integers(18, 90, 400).astype(float)})
ONE_ROW = Protection()
ITEMS = (Item("count"), Item("sum", "income", lower=0.0, upper=1e6), Item("mean", "age", lower=0.0, upper=120.0))


def _rows(items: tuple[Item, ...] = ITEMS, total: float = 1.0, protection: Protection = ONE_ROW
          ) -> tuple[plan.Row, ...]:
    return plan.compute(plan.Settings(FRAME, "incomes", protection, items, "budget", total, 1e-6)).rows


def _view(shown: int = 0, items: tuple[Item, ...] = ITEMS, total: float = 1.0,
          protection: Protection = ONE_ROW) -> clamping.View:
    return clamping.compute(clamping.Settings(FRAME, "incomes", protection, _rows(items, total, protection), shown))


def test_only_the_plans_sums_and_means_are_analysed_with_their_place_in_the_plan() -> None:
    rows = _rows()
    assert [(i, r.name) for i, r in clamping.analysable(rows)] == [(1, rows[1].name), (2, rows[2].name)]
    view = _view()
    assert view.names == (rows[1].name, rows[2].name)
    assert view.shown is not None and (view.shown.index, view.shown.column) == (1, "income")
    assert _view(shown=1).shown.index == 2  # type: ignore[union-attr]
    assert _view(shown=9).shown.index == 2  # type: ignore[union-attr]  # past the end: the last one


@pytest.mark.parametrize("index", [1, 2])
def test_each_curve_is_the_statistics_own_bias_and_noise(index: int) -> None:
    protection = Protection(2, "person")
    rows = _rows(protection=protection)
    row = rows[index]
    c = clamping.curve(index, row, FRAME, protection)
    stat = row.stat
    assert isinstance(stat, (Sum, Mean))
    assert c.grid.uppers.size <= CURVE_POINTS and c.grid.uppers[0] > stat.lower
    assert c.grid.uppers[-1] == pytest.approx(max(stat.upper, FRAME[stat.column].max()))
    for at in (0, c.grid.uppers.size // 2, -1):
        u = float(c.grid.uppers[at])
        moved = replace(stat, upper=u)
        assert c.grid.bias[at] == pytest.approx(moved.clamping(FRAME).bias, abs=1e-6)
        noise = moved.accuracy(row.item.mechanism, row.epsilon, protection, 0.05, row.delta,  # type: ignore[arg-type]
                               frame=FRAME)
        assert c.grid.noise[at] == pytest.approx(noise, rel=1e-12)
    assert float(c.yours.noise[0]) == pytest.approx(row.accuracy, rel=1e-12)  # the plan's own figure at its U
    assert float(c.yours.bias[0]) == pytest.approx(stat.clamping(FRAME).bias, abs=1e-6)


def test_the_chart_marks_the_best_and_your_upper_bound_and_keeps_its_numbers_in_data() -> None:
    view = _view()
    rows = _rows()
    c = clamping.curve(1, rows[1], FRAME, Protection())
    chart = view.chart
    assert chart is not None and chart["title"]["text"][0].startswith(rows[1].name)
    curves = chart["datasets"]["curves"].to_pandas()
    assert set(curves["series"]) == {TEXT["chart_total"], TEXT["chart_noise"], TEXT["chart_bias"]}
    assert curves.groupby("series").size().max() <= CURVE_POINTS
    total = curves[curves["series"] == TEXT["chart_total"]]
    np.testing.assert_allclose(total["y"], c.grid.error)
    markers, rules = chart["datasets"]["markers"].to_pandas(), chart["datasets"]["rules"].to_pandas()
    assert markers["x"].tolist() == [c.grid.best_upper] and markers["y"].tolist() == [c.grid.best_error]
    assert rules["x"].tolist() == [1e6]
    x_scale = chart["layer"][0]["encoding"]["x"]["scale"]
    assert x_scale == {"type": "log"}  # incomes from 0 to a million: a wide range
    age = _view(shown=1).chart
    assert age is not None and age["layer"][0]["encoding"]["x"]["scale"] == {"zero": False}  # 18 to 120: linear


def test_the_chart_spec_stays_the_same_when_the_budget_moves() -> None:
    def layout(view: clamping.View) -> dict:
        assert view.chart is not None
        return {**view.chart, "datasets": sorted(view.chart["datasets"])}

    small, large = _view(total=0.2), _view(total=5.0)
    assert layout(small) == layout(large)
    assert small.table != large.table


def test_the_table_and_reading_give_the_best_bound_and_say_the_curve_is_not_private() -> None:
    view = _view()
    rows = _rows()
    c = clamping.curve(1, rows[1], FRAME, Protection())
    header, first, second = view.table
    assert header == (TEXT["col_statistic"], TEXT["col_best"], TEXT["col_at_best"], TEXT["col_at_yours"])
    best = clamping.best(c)
    assert first[0] == rows[1].name and view.shown is not None and view.shown.best == best
    assert best >= c.grid.best_upper and float(f"{best:.3g}") == best  # a bound to type: three digits
    assert second[0] == rows[2].name
    assert "U = " in view.text and "no budget pays for" in view.text
    with language("zh"):
        chinese = _view()
    assert "没有任何预算为它付费" in chinese.text and chinese.table[0][0] == "统计量"


def test_a_larger_budget_moves_the_best_upper_bound_up() -> None:
    """Cheaper noise per unit of U: clamping less pays off."""
    small, large = _view(total=0.05), _view(total=20.0)
    assert small.shown is not None and large.shown is not None
    assert small.shown.best < large.shown.best


def test_the_discrete_laplace_weighs_whole_bounds_only() -> None:
    items = (Item("sum", "age", mechanism="discrete_laplace", lower=0.0, upper=120.0),)
    rows = _rows(items)
    c = clamping.curve(0, rows[0], FRAME, Protection())
    assert np.all(c.grid.uppers == np.round(c.grid.uppers))
    view = _view(items=items)
    assert view.shown is not None and view.shown.best == round(view.shown.best)


def test_a_plan_without_sums_or_means_says_so() -> None:
    view = _view(items=(Item("count"), Item("quantile", "age", lower=0.0, upper=120.0)))
    assert view.chart is None and view.table == () and view.shown is None and view.text == TEXT["none"]


def test_a_mean_whose_count_noise_can_reach_the_count_is_left_out() -> None:
    rows = _rows(total=1e-4)  # the mean's accuracy is infinite: nothing to weigh
    assert not math.isfinite(rows[2].accuracy)
    assert [i for i, _ in clamping.analysable(rows)] == [1]


def test_bounds_are_rounded_outward_to_three_significant_digits() -> None:
    assert clamping.rounded(4467.2, up=True) == 4470.0 and clamping.rounded(4467.2, up=False) == 4460.0
    assert clamping.rounded(0.012345, up=True) == 0.0124 and clamping.rounded(-3.14159, up=False) == -3.15
    assert clamping.rounded(12.5, up=True, whole=True) == 13.0 and clamping.rounded(7.0, up=True) == 7.0
    assert clamping.nice_bounds(44.596276268190934, 58.821904) == (44.5, 58.9)
    assert clamping.nice_bounds(0.0, 1e7) == (0.0, 1e7)
    lower, upper = clamping.nice_bounds(1.2, 1.3, whole=True)
    assert (lower, upper) == (1.0, 2.0)


def test_a_suggestion_is_described_with_its_rounded_bounds_its_cost_and_a_warning() -> None:
    request = BoundsRequest("in*come", (0.0, 10.0, 23.591, 1091.63), 0.1)
    suggestion = Suggestion(23.591, 1091.63, 0.1, (1091.63, 23.591), request)
    shown = clamping.suggestion_view(suggestion)
    assert (shown.lower, shown.upper) == (23.5, 1100.0)  # outward: the drawn bounds stay inside
    text = shown.text
    assert "in\\*come" in text and "[23.5, 1,100]" in text and "ε = 0.1" in text and "5%" in text and "95%" in text
    assert clamping.suggestion_view(suggestion, whole=True).lower == 23.0
    with language("zh"):
        assert "分位数" in clamping.suggestion_view(suggestion).text


def test_settings_are_hashable_by_the_datas_ident() -> None:
    rows = _rows()
    one = clamping.Settings(FRAME, "incomes", Protection(), rows, 0)
    other = clamping.Settings(FRAME.copy(), "incomes", Protection(), rows, 0)
    assert hash(one) == hash(other) and one == other


def test_the_best_bound_is_worth_applying_until_it_is_applied() -> None:
    view = _view()
    assert view.shown is not None and view.shown.worth and TEXT["yours_best"] not in view.text
    applied = tuple(replace(item, upper=view.shown.best) if i == view.shown.index else item
                    for i, item in enumerate(ITEMS))
    again = _view(items=applied)
    assert again.shown is not None and not again.shown.worth and TEXT["yours_best"] in again.text
