"""A histogram whose categories are read from the data (key selection) through the planner: its share
of delta, the chance each category is published (cells view) against the closed form, the release
with OpenDP (only the categories kept), the report, the OpenDP script, and the plan's link."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from dpcore.key_selection import KeyedHistogram, keep_probability, threshold_delta
from dpcore.protection import Protection
from ui.views.planner import cells, plan
from ui.views.planner.items import Item, from_json, keyed, needs_delta, statistic, to_json
from ui.views.planner.release import opendp_script, release, report_json

SIZES = {"Anytown": 900, "Bigville": 400, "Smallham": 12, "Lonely": 1}
FRAME = pd.DataFrame({"town": [t for t, n in SIZES.items() for _ in range(n)],
                      "age": np.arange(sum(SIZES.values())) % 80})
TOWNS = keyed(Item("histogram", "town"))
PLAN = (Item("count"), TOWNS, Item("sum", "age", mechanism="gaussian", lower=0, upper=100))


def _rows(total: float = 2.0, delta: float = 1e-6, items: tuple[Item, ...] = PLAN) -> tuple[plan.Row, ...]:
    return plan.compute(plan.Settings(FRAME, "towns", Protection(), items, "budget", total, delta)).rows


def test_a_keyed_histogram_is_discrete_laplace_and_shares_delta_with_the_gaussians() -> None:
    assert TOWNS.select_keys and TOWNS.mechanism == "discrete_laplace" and not TOWNS.categories
    assert isinstance(statistic(TOWNS), KeyedHistogram)
    assert [needs_delta(i) for i in PLAN] == [False, True, True]
    count, towns, total = _rows()
    assert towns.delta == total.delta == pytest.approx(5e-7) and count.delta == 0
    (noise, _), = towns.events
    assert 0 < noise.failure <= towns.delta and noise.scale == pytest.approx(1 / towns.epsilon)
    assert from_json(to_json(PLAN)) == PLAN  # a link keeps the choice


def test_a_keyed_histogram_without_delta_says_why() -> None:
    _, towns, _ = _rows(delta=0.0, items=PLAN[:2] + (Item("sum", "age", lower=0, upper=100),))
    assert towns.problem and "delta" in towns.problem.lower()


def test_the_cells_view_shows_each_categorys_chance_on_the_closed_form() -> None:
    rows = _rows()
    view = cells.compute(cells.Settings(FRAME, "towns", rows, 0.5, Protection()))
    (chart, reading), = view.kept
    towns = rows[1]
    chosen = KeyedHistogram("town").selection(towns.epsilon, towns.delta, Protection())
    points = chart["datasets"]["keys"].to_pandas().set_index("label")
    assert dict(points["count"]) == SIZES
    for town, n in SIZES.items():
        assert points.loc[town, "chance"] == pytest.approx(keep_probability([n], chosen.scale, chosen.threshold)[0])
    assert points.loc["Anytown", "chance"] > 0.999 and points.loc["Lonely", "chance"] <= towns.delta
    curve = chart["datasets"]["curve"].to_pandas()
    assert np.all(np.diff(curve["chance"]) >= 0) and curve["count"].min() == 1
    assert f"reaches **{chosen.threshold}**" in reading
    assert "2 are likely published, 2 likely left out" in reading
    # the error-per-cell chart has the categories found, as bars
    bars = view.chart["datasets"]["cells"].to_pandas()
    assert set(bars[bars["series"] == towns.name]["label"]) == set(SIZES)


@pytest.mark.slow
def test_the_release_publishes_only_the_categories_kept_and_reports_the_threshold() -> None:
    rows = _rows(total=60.0)  # 20 each: the two big towns always, the lone one never (delta 5e-7)
    for _ in range(20):
        drawn = release(FRAME, rows, Protection())
        towns = {s.name: s for s in drawn.statistics}["Histogram of town"]
        assert towns.labels[:2] == ("Anytown", "Bigville") and "Lonely" not in towns.labels
        assert abs(towns.values[0] - 900) < 5 and all(isinstance(v, int) for v in towns.values)
    assert drawn.total_delta == pytest.approx(1e-6)
    report = json.loads(report_json(drawn, rows, Protection(), {"basic": 60.0}, 1e-6))
    record = {s["name"]: s for s in report["statistics"]}["Histogram of town"]
    chosen = KeyedHistogram("town").selection(rows[1].epsilon, rows[1].delta, Protection())
    assert record["key_selection"]["threshold"] == chosen.threshold
    assert record["key_selection"]["delta"] >= chosen.failure and "key selection" in record["bins"]["source"]
    assert threshold_delta(chosen.scale, chosen.threshold) <= rows[1].delta


@pytest.mark.slow
def test_the_opendp_script_selects_the_keys_too(tmp_path: Path) -> None:
    rows = _rows(total=60.0, items=PLAN[:2])
    (tmp_path / "release.py").write_text(opendp_script(rows, Protection(), "data.csv"), encoding="utf-8")
    FRAME.to_csv(tmp_path / "data.csv", index=False)
    done = subprocess.run([sys.executable, "release.py"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = [line for line in list(csv.reader(io.StringIO(done.stdout)))[1:] if line[0] == "Histogram of town"]
    assert [line[1] for line in lines][:2] == ["Anytown", "Bigville"] and "Lonely" not in [line[1] for line in lines]
