"""The error-per-cell view (ui/views/planner/cells.py): each bar's relative error against a brute
computation from the data, the too-noisy bars, and the plan's counts beside them."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from dpcore.protection import Protection
from ui.views.planner import cells, plan
from ui.views.planner.items import Item

# 12 counties of very different sizes, as a statistics office has them
SIZES = {"Big": 5000, "Mid": 800, "Small": 40, "Tiny": 6, "Empty": 0}
FRAME = pd.DataFrame({"county": [c for c, n in SIZES.items() for _ in range(n)]})
COUNTIES = tuple(SIZES)
ITEMS = (Item("count"), Item("histogram", "county", categories=COUNTIES))


def _view(total: float = 1.0, threshold: float = 0.5) -> tuple[cells.View, plan.PlanView]:
    settings = plan.Settings(FRAME, "counties", Protection(), ITEMS, "budget", total, 1e-6)
    shown = plan.compute(settings)
    return cells.compute(cells.Settings(FRAME, "counties", shown.rows, threshold)), shown


def test_every_bar_gets_the_same_error_and_its_relative_error_is_that_over_its_count() -> None:
    view, shown = _view()
    histogram = shown.rows[1]
    assert histogram.epsilon == pytest.approx(0.5)  # two statistics, equal weights, one total
    assert histogram.accuracy == pytest.approx(math.log(1 / 0.05) / 0.5)  # Laplace's 95% half-width, b = 1/ε
    data = view.chart["datasets"]["cells"].to_pandas()
    bars = data[data["series"] == histogram.name].set_index("label")
    assert sorted(bars.index) == sorted(c for c, n in SIZES.items() if n)  # an empty bar has no place on a log axis
    for county, row in bars.iterrows():
        assert row["count"] == SIZES[county]
        assert row["relative"] == pytest.approx(histogram.accuracy / SIZES[county])


def test_too_noisy_bars_are_those_whose_error_passes_the_threshold_share_of_their_count() -> None:
    view, shown = _view(threshold=0.5)
    a = shown.rows[1].accuracy  # ±6.0 at ε = 0.5
    brute = [c for c, n in SIZES.items() if n == 0 or a > 0.5 * n]
    assert brute == ["Tiny", "Empty"]
    (heading, table), = view.tables
    assert [row[0] for row in table[1:]] == ["Empty", "Tiny"]  # the smallest first
    assert "2 of 5 bars are too noisy" in view.summary
    kinds = view.chart["datasets"]["cells"].to_pandas().set_index("label")["kind"]
    assert kinds["Tiny"] != kinds["Small"] and kinds["Small"] == kinds["Big"]
    # a stricter threshold drowns more bars; a far larger budget drowns only the empty one
    assert "3 of 5 bars" in _view(threshold=0.1)[0].summary  # Small: 6 > 4
    assert "1 of 5 bars" in _view(total=1000.0)[0].summary


def test_the_plans_counts_sit_beside_the_bars() -> None:
    view, shown = _view()
    data = view.chart["datasets"]["cells"].to_pandas()
    total = data[data["series"] == shown.rows[0].name]
    assert total["count"].tolist() == [len(FRAME)]
    assert total["relative"].iloc[0] == pytest.approx(shown.rows[0].accuracy / len(FRAME))
    assert shown.rows[0].name in view.summary


def test_a_plan_without_a_histogram_says_so_and_a_bad_threshold_is_refused() -> None:
    settings = plan.Settings(FRAME, "counties", Protection(), ITEMS[:1], "budget", 1.0, 1e-6)
    rows = plan.compute(settings).rows
    view = cells.compute(cells.Settings(FRAME, "counties", rows, 0.5))
    assert view.chart is None and view.tables == () and view.summary
    for bad in (0.0, -1.0, math.nan, "half"):
        with pytest.raises(ValueError):
            cells.compute(cells.Settings(FRAME, "counties", rows, bad))  # type: ignore[arg-type]


def test_relative_errors_of_empty_bars_are_infinite() -> None:
    bars = cells.Cells("h", 2.0, ("a", "b"), (4, 0))
    assert bars.relative()[0] == 0.5 and np.isinf(bars.relative()[1])
