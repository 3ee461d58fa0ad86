"""The Local DP page's compute functions, on their own (no Streamlit)."""

from __future__ import annotations

import math
from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from dpcore.errors import DPError
from dpcore.ldp.oracles import ORACLES, best_oracle, theoretical_variance
from dpcore.ldp.sample_size import users_needed_central, users_needed_local
from dpcore.limits import EPSILON_GRID
from ui import fmt
from ui.charts.curves import AxisLabels, bars
from ui.i18n import language
from ui.views.local_dp import central, choose, oracles, poisoning, postprocessing, shuffle
from ui.views.local_dp.population import DataSettings, population, scaled_counts
from ui.views.steps import at_each

SPECIES = pd.Series(["Adelie"] * 152 + ["Chinstrap"] * 68 + ["Gentoo"] * 124, name="species")


def _data(users: int = 10_000, values: pd.Series = SPECIES, categories: tuple[str, ...] | None = None) -> DataSettings:
    return DataSettings(str(values.name), values, None, categories, users, ("test", None))


def _layout(spec: dict) -> dict:
    return {**spec, "datasets": sorted(spec["datasets"])}


def _layers(spec: dict) -> list[str]:
    return [layer["name"] for layer in spec["layer"]]


# ------------------------------------------------------------------ population

def test_simulated_users_keep_the_column_shares() -> None:
    people = population(_data(10_000))
    assert people.n == 10_000 and people.categories == ("Adelie", "Chinstrap", "Gentoo")
    assert people.shares == pytest.approx(np.array([152, 68, 124]) / 344, abs=1e-4)
    assert people.note.startswith("**Simulation**: 10,000 users with the shares of the column *species* (the data has 344 people).")
    assert "values found in the data" in people.note


def test_the_data_own_people_and_weights() -> None:
    frame = pd.DataFrame({"age": ["20-30", "30-40"], "patients": [3, 5]})
    people = population(DataSettings("age", frame["age"], frame["patients"], ("20-30", "30-40"), 0, ("t", "patients")))
    assert people.n == 8 and list(people.shares) == [3 / 8, 5 / 8]
    assert "The 8 people of the column *age*" in people.note and "declared (public) list" in people.note


@pytest.mark.parametrize("users", [1, 7, 1000, 999_999])
def test_scaled_counts_are_whole_and_add_up(users: int) -> None:
    shares = np.array([0.5, 0.3333, 0.1667])
    counts = scaled_counts(shares, users)
    assert counts.sum() == users and np.all(np.abs(counts - shares * users) < 1)


def test_a_column_with_one_value_is_refused() -> None:
    with pytest.raises(DPError) as info:
        population(_data(0, pd.Series(["a", "a"], name="x")))
    assert info.value.code == "column_one_answer"


# ------------------------------------------------------------------ tab 1

def _table(view: oracles.View) -> tuple[tuple[str, ...], ...]:
    kind, rows = view.reading[0]
    assert kind == "table" and rows[0][0] == "Oracle"
    return rows[1:]


def test_every_oracle_in_the_table_with_variances_that_agree() -> None:
    view = oracles.compute(oracles.Settings(_data(4_000), 1.0, 50, 7))
    rows = _table(view)
    assert len(rows) == len(ORACLES)
    for cells in rows:
        exact, measured = float(cells[3].replace(",", "")), float(cells[4].replace(",", ""))
        # 50 runs: the variance of a variance estimate is about 2/49 of its square: 5 sd ~ 100%
        assert measured == pytest.approx(exact, rel=0.6), cells
    dots = view.chart["datasets"]["dots"].to_pandas()
    assert dots["series"].nunique() == len(ORACLES) and set(dots["bin"]) == {"Adelie", "Chinstrap", "Gentoo"}
    assert _layers(view.chart) == ["truth", "estimates", "zero"]
    assert "ran 50 times on the same 4,000 users (d = 3, ε = 1)" in view.reading[1][1]


@pytest.mark.slow
def test_every_epsilon_of_the_slider_from_the_same_runs() -> None:
    views = oracles.sweep(oracles.Settings(_data(3_000), None, 30, 7), EPSILON_GRID)
    assert all(v.population.startswith("**Simulation**: 3,000 users") for v in views)
    assert len(views) == len(EPSILON_GRID)
    structure = {k: v for k, v in views[0].chart.items() if k not in ("datasets", "title")}
    for eps, view in zip(EPSILON_GRID, views, strict=True):
        frame, reading = view.chart, view.reading
        assert {k: v for k, v in frame.items() if k not in ("datasets", "title")} == structure  # only data moves
        assert f"ε = {fmt.number(eps)})" in frame["title"]["text"][-1] and f"ε = {fmt.number(eps)})" in reading[1][1]
    at = {eps: i for i, eps in enumerate(EPSILON_GRID)}
    for eps in (0.1, 1.0, 5.0):  # measured against exact, as the runs at one epsilon
        for cells in views[at[eps]].reading[0][1][1:]:
            exact, measured = float(cells[3].replace(",", "")), float(cells[4].replace(",", ""))
            assert measured == pytest.approx(exact, rel=0.7), (eps, cells)


@pytest.mark.parametrize("view", [oracles, postprocessing])
def test_one_epsilon_simulates_one_epsilon(view, monkeypatch) -> None:
    """Settings not seen yet get the slider's current ε only (ui/chart_slider.py): `compute` runs the
    oracles at that ε alone, never a sweep over the slider's every ε; `sweep` runs them once at all."""
    asked: list[tuple[float, ...]] = []
    real = view.sweep_estimates

    def counted(values: np.ndarray, d: int, epsilons: tuple[float, ...], *rest: object) -> np.ndarray:
        asked.append(tuple(epsilons))
        return real(values, d, epsilons, *rest)

    monkeypatch.setattr(view, "sweep_estimates", counted)
    settings = (oracles.Settings(_data(1_000), 2.0, 10, 7) if view is oracles else
                postprocessing.Settings(_data(1_000), 2.0, "olh", 10, 7))
    shown = view.compute(settings)
    assert asked and set(asked) == {(2.0,)}
    asked.clear()
    views = view.sweep(settings, (0.5, 2.0))
    assert asked and set(asked) == {(0.5, 2.0)} and len(views) == 2
    assert views[1].population == shown.population and views[1].chart.keys() == shown.chart.keys()


def test_settings_name_the_users_by_their_ident_not_their_values() -> None:
    """The chart slider keeps a view under its settings: the users compare by the dataset's ident
    and the weight column (a frame is neither hashed nor compared at each rerun)."""
    copy = SPECIES.copy()
    same = oracles.Settings(_data(1_000), None, 10, 7), oracles.Settings(_data(1_000, copy), None, 10, 7)
    assert same[0] == same[1] and hash(same[0]) == hash(same[1])
    other = DataSettings("species", SPECIES, None, None, 1_000, ("upload-abc", None))
    assert oracles.Settings(other, None, 10, 7) != same[0]
    assert replace(_data(1_000), users=100) != _data(1_000)
    with pytest.raises(DPError):
        oracles.compute(same[0])  # no ε: the slider sets it


# ------------------------------------------------------------------ tab 2

def test_the_rule_of_thumb_picks_grr_for_small_domains() -> None:
    small = choose.compute(choose.Settings(1.0, 3, 10_000))
    large = choose.compute(choose.Settings(1.0, 512, 10_000))
    assert "the best oracle is **GRR**" in small.summary
    # k-subset with its best k edges ahead of OUE and OLH for large d; the page says by how much
    assert "the best oracle is **k-subset**" in large.summary and "OLH's error is" in large.rule
    assert large.rule.startswith("GRR's typical error is") and "rule of thumb" not in large.summary
    assert choose.crossover_domain(1.0) == pytest.approx(3 * math.e + 2)
    rules = large.by_domain["datasets"]["rules"].to_pandas()
    assert rules["x"].tolist() == pytest.approx([3 * math.e + 2])
    assert _layout(small.by_epsilon) == _layout(large.by_epsilon) and _layout(small.by_domain) == _layout(large.by_domain)


def test_curves_are_table_two() -> None:
    view = choose.compute(choose.Settings(2.0, 16, 1_000))
    curves = view.by_epsilon["datasets"]["curves"].to_pandas()
    grr = curves[curves["series"] == "GRR"]
    e = np.exp(grr["x"].to_numpy())
    # typical error in percentage points: 100 sqrt(variance), the variance as Table 2 prints it
    assert grr["y"].to_numpy() == pytest.approx(100 * np.sqrt((e + 16 - 2) / (1_000 * (e - 1) ** 2)))


def test_bad_domain_is_refused() -> None:
    with pytest.raises(DPError):
        choose.compute(choose.Settings(1.0, 1, 100))


# ------------------------------------------------------------------ tab 3

def test_projection_lowers_the_error() -> None:
    view = postprocessing.compute(postprocessing.Settings(_data(2_000), 0.5, "oue", 30, 3))
    errors = view.errors["datasets"]["bars"].to_pandas().set_index("series")["value"]
    assert errors["Projection onto the simplex"] < errors["Raw (unbiased)"]
    assert errors["Norm-Sub"] < errors["Raw (unbiased)"] and errors["Clip negatives to 0"] <= errors["Raw (unbiased)"]
    assert "OUE's raw estimates in this run" in view.summary


def test_post_processing_at_every_epsilon_of_the_slider() -> None:
    views = postprocessing.sweep(postprocessing.Settings(_data(2_000), None, "olh", 10, 3), EPSILON_GRID)
    assert len(views) == len(EPSILON_GRID)
    steps = SimpleNamespace(chart=[v.chart for v in views], errors=[v.errors for v in views])
    for charts in (steps.chart, steps.errors):
        structure = {k: v for k, v in charts[0].items() if k not in ("datasets", "title")}
        assert all({k: v for k, v in c.items() if k not in ("datasets", "title")} == structure for c in charts)
    at = EPSILON_GRID.index(5.0)
    assert "ε = 5" in steps.chart[at]["title"]["text"][0] and "ε = 5" in "".join(steps.errors[at]["title"]["text"])
    errors = [c["datasets"]["bars"].to_pandas()["value"].iloc[0] for c in steps.errors]  # raw estimates' error
    assert errors[at] < errors[EPSILON_GRID.index(0.5)] < errors[EPSILON_GRID.index(0.05)]  # more ε, less error


# ------------------------------------------------------------------ tab 5

def test_central_against_local() -> None:
    view = central.compute(central.Settings(1.0, 16, 10_000, 0.01))
    best = best_oracle(1.0, 16)
    assert view.table[1][2] == f"{users_needed_central(1.0, 0.01):,}"
    assert view.table[2][2] == f"{users_needed_local(best, 1.0, 16, 0.01):,}"
    ratio = math.sqrt(theoretical_variance(best, 1.0, 16, 10_000)) / (math.sqrt(2) / 10_000)
    assert f"error is {fmt.number(ratio)} times the central one's" in view.summary


def test_users_needed_follow_laplace_and_normal_quantiles() -> None:
    from scipy import stats

    # Laplace(1/eps): P(|X| <= a n) = 0.95 at a n = ppf(0.975) of Laplace(0, 1/eps)
    needed = users_needed_central(0.5, 0.01)
    assert needed == math.ceil(stats.laplace.ppf(0.975, scale=2.0) / 0.01)
    v = theoretical_variance("grr", 1.0, 4, 1)
    assert users_needed_local("grr", 1.0, 4, 0.02) == math.ceil(stats.norm.ppf(0.975) ** 2 * v / 0.02**2)
    with pytest.raises(DPError):
        users_needed_central(1.0, 0.0)


# ------------------------------------------------------------------ tab 6

@pytest.mark.slow
def test_shuffling_a_class_of_thirty_barely_helps() -> None:
    view = shuffle.compute(shuffle.Settings(1.0, 1_000_000, 1e-6))
    curves = view.chart["datasets"]["curves"].to_pandas()
    assert (curves["y"] <= curves["series"].str.extract(r"= ([\d.]+)")[0].astype(float) + 1e-9).all()
    assert "In a class of 30 the bound is" in view.summary
    small = shuffle.compute(shuffle.Settings(1.0, 30, 1e-6))
    assert "closed form does not apply" in small.summary


# ------------------------------------------------------------------ tab 7

def test_poisoning_moves_the_target_up() -> None:
    view = poisoning.compute(poisoning.Settings(_data(20_000), 1.0, "Chinstrap", 0.05, 5))
    gains = view.chart["datasets"]["bars"].to_pandas()
    assert len(gains) == len(ORACLES) and (gains["value"] > 0).all()
    assert "send reports crafted to promote *Chinstrap*" in view.summary


def test_the_theory_tabs_hold_every_epsilon() -> None:
    chosen = at_each(choose.compute, choose.Settings(None, 16, 10_000), (0.5, 1.0, 4.0))
    readings = chosen.readings(choose.reading)
    assert len(chosen.frames("by_epsilon")) == len(chosen.frames("by_domain")) == len(readings) == 3
    at_4 = choose.compute(choose.Settings(4.0, 16, 10_000))
    assert readings[2] == (("p", at_4.summary), ("p", at_4.rule))
    assert chosen.frames("by_domain")[0]["title"]["text"][0] == "Error against d at ε = 0.5"
    far = at_each(central.compute, central.Settings(None, 16, 10_000, 0.01), (0.5, 2.0))
    assert far.readings(lambda v: (("table", v.table),))[1][0] == (
        "table", central.compute(central.Settings(2.0, 16, 10_000, 0.01)).table)


# ------------------------------------------------------------------ 中文

def test_views_speak_chinese() -> None:
    with language("zh"):
        view = choose.compute(choose.Settings(1.0, 3, 10_000))
        people = population(_data(1_000))
    assert "最好的协议是 **GRR**" in view.summary and people.note.startswith("**模拟**")


def test_many_users_run_fewer_times() -> None:
    assert oracles.runs_for(20, 10_000) == 20
    assert oracles.runs_for(200, 100_000) == 4  # 400,000 reports per oracle at most
    assert oracles.runs_for(20, 1_000_000) == 2


def test_a_long_axis_title_goes_on_lines_that_fit_a_phone() -> None:
    """The poisoning chart's x title ran off both edges of a 390-pixel phone (issue 31)."""
    title = "Rise of the target's estimated share (percentage points)"
    spec = bars(["GRR", "OLH"], np.array([3.06, 3.1]), ["#1f77b4", "#9467bd"], AxisLabels("t", title, "y", "s"))
    lines = spec["layer"][0]["encoding"]["x"]["title"]
    assert isinstance(lines, list) and " ".join(lines) == title and max(map(len, lines)) <= 26
