"""Every compute of the Attacks page on its own (ui/views/attacks), without Streamlit."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import pandas as pd
import pytest

from dpcore import attacks as A
from dpcore.catalog import BUNDLED
from dpcore.limits import EPSILON_GRID
from ui import fmt
from ui.views.attacks import averaging, common, count_query, defence, differencing, noisy_differencing, table
from ui.views.steps import at_each

SEED = 42


def _load(key: str) -> pd.DataFrame:
    return pd.read_csv(BUNDLED[key].path)


def _bold_percents(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"\*\*([\d.]+)%\*\*", text)]


def _layers(spec: dict) -> list[dict]:
    return spec["layer"]


def _check_chart(spec: dict, layer_names: set[str]) -> None:
    """Every layer is named, no text is drawn inside the plot, legends sit below, no number in the spec."""
    assert {layer["name"] for layer in _layers(spec)} == layer_names
    assert all(layer["mark"]["type"] != "text" for layer in _layers(spec))
    for layer in _layers(spec):
        legend = layer["encoding"].get("color", {}).get("legend")
        assert legend is None or legend["orient"] == "bottom"
        assert layer["data"]["name"] in spec["datasets"]
    title = spec["title"]["text"]
    assert all(len(line) <= 32 for line in (title if isinstance(title, list) else [title]))  # lines fit a phone


def _layout(spec: dict) -> dict:
    return {**spec, "datasets": sorted(spec["datasets"])}


# ---------------------------------------------------------------- differencing


def test_the_girls_sentence_describes_the_table_shown() -> None:
    students = _load("students")
    flipped = differencing.compute(differencing.Settings("students", students, True, "Aisha"))
    assert flipped.shown.loc[flipped.shown["name"] == "Aisha", "grade"].item() == "Pass"
    assert "returns **1** on the table shown" in flipped.reading
    assert "Aisha passed" in flipped.reading and "**4**" in flipped.reading
    printed = differencing.compute(differencing.Settings("students", students, False, "Aisha"))
    assert printed.shown.loc[printed.shown["name"] == "Aisha", "grade"].item() == "Fail"
    assert "returns **0**" in printed.reading and "every girl in the class failed" in printed.reading
    assert "Aisha did not pass" in printed.reading
    assert students.loc[0, "grade"] == "Fail"  # the course's table itself is never changed


def test_differencing_on_the_cancer_table() -> None:
    view = differencing.compute(differencing.Settings("cancer", _load("cancer"), False, "Alice"))
    assert view.position == 5 and "f(5)" in view.reading and "f(4)" in view.reading
    assert "Alice has cancer" in view.reading
    assert "[2, 4]" in view.bounded and "[1, 3]" in view.bounded and "from −1 to 3" in view.bounded
    bob = differencing.compute(differencing.Settings("cancer", _load("cancer"), True, "Bob"))
    assert "Bob does not have cancer" in bob.reading


def _noisy(epsilon: float = 1.0, prior: float = 0.5, seed: int = SEED) -> noisy_differencing.View:
    return noisy_differencing.compute(noisy_differencing.Settings("cancer", "Alice", 5, 3, 2, epsilon, prior, seed))


def test_noisy_differencing_keeps_the_belief_in_the_band() -> None:
    view = _noisy()
    post, low, high = _bold_percents(view.text)
    assert (low, high) == pytest.approx((26.9, 73.1), abs=0.05)
    assert low <= post <= high
    seen = view.belief["datasets"]["observed"]["belief"][0].as_py()
    assert seen == pytest.approx(post / 100, abs=0.0005)
    band = view.belief["datasets"]["band"].to_pandas().iloc[0]  # the chart's band is the sentence's
    assert (band["low"], band["high"]) == pytest.approx((0.269, 0.731), abs=0.001)
    belief = view.belief["datasets"]["curve"].to_pandas()["belief"]
    assert belief.between(band["low"] - 1e-9, band["high"] + 1e-9).all()
    post, low, high = _bold_percents(_noisy(epsilon=0.1).text)
    assert (low, high) == pytest.approx((47.5, 52.5), abs=0.05) and low <= post <= high
    assert "Alice has cancer" in view.text


def test_noisy_differencing_at_every_epsilon() -> None:
    settings = noisy_differencing.Settings("cancer", "Alice", 5, 3, 2, 1.0, 0.5, SEED)
    steps = at_each(noisy_differencing.compute, settings, (0.1, 1.0))  # what the chart's slider keeps
    densities = steps.frames("density")
    assert densities[1]["datasets"]["curves"].equals(_noisy().density["datasets"]["curves"])
    assert densities[0]["title"]["text"] == ["The attacker's difference", "at ε = 0.1"]
    assert steps.readings("reading")[0] == _noisy(epsilon=0.1).reading and steps.template.note == _noisy().note


def test_noisy_differencing_charts_and_seed() -> None:
    view = _noisy()
    _check_chart(view.density, {"curves", "observed"})
    _check_chart(view.belief, {"band", "prior", "curve", "observed"})
    # the legend's symbols match the marks: lines as strokes (the prior dotted), the diamond, a square band
    layers = {layer["name"]: layer["encoding"] for layer in view.belief["layer"]}
    assert layers["observed"]["shape"]["scale"]["range"] == ["stroke", "diamond", "stroke", "square"]
    assert layers["prior"]["strokeDash"]["scale"]["range"][2] and "strokeDash" not in layers["band"]
    curves = view.density["datasets"]["curves"].to_pandas()
    secret = curves[curves["series"].str.startswith("If the target")]
    assert secret.loc[secret["density"].idxmax(), "difference"] == pytest.approx(1.0)
    assert secret["density"].max() == pytest.approx(0.25) and len(secret) <= 120
    assert _noisy().reading == view.reading and _noisy(seed=7).reading != view.reading
    other = _noisy(epsilon=0.1, prior=0.2)
    assert {**_layout(other.density), "title": None} == {**_layout(view.density), "title": None}
    assert _layout(other.belief) == _layout(view.belief)


# ---------------------------------------------------------------- the count under attack


def test_course_counts() -> None:
    zoo = count_query.compute(count_query.Settings("zoo", _load("zoo")))
    assert zoo.truth == 90 and "55 carrots" in zoo.description and zoo.warning is None
    medical = count_query.compute(count_query.Settings("medical", _load("medical"), value="30-40"))
    assert medical.truth == 436 and r"aged 30\-40" in medical.description


def test_custom_predicates() -> None:
    students = _load("students")
    passed = count_query.compute(count_query.Settings("custom", students, "grade", "=", "Pass", "students", True))
    assert passed.truth == 3 and "only = and ≠" in passed.description
    none = count_query.compute(count_query.Settings("custom", _load("zoo"), "carrots", ">", 1000.0, "zoo"))
    assert none.truth == 0 and "No row matches" in (none.warning or "")
    evil = pd.DataFrame({"[x](http://e)": [1.0, 2.0]})
    escaped = count_query.compute(count_query.Settings("custom", evil, "[x](http://e)", ">", 1.0, "**bold**"))
    assert "\\[x\\]\\(http" in escaped.description and "\\*\\*bold\\*\\*" in escaped.description
    with pytest.raises(ValueError):
        count_query.compute(count_query.Settings("custom", students, "grade", ">", "Pass", "students", True))
    with pytest.raises(ValueError):
        count_query.compute(count_query.Settings("medical", _load("medical"), value="90-100"))


# ---------------------------------------------------------------- averaging


def _averaging(epsilon: float = 0.1, k: int = 1_000, attackers: int = 10_000) -> averaging.View:
    return averaging.compute(averaging.Settings(90, epsilon, k, attackers, SEED))


def test_averaging_numbers_and_charts_agree() -> None:
    view = _averaging()
    assert "**90**" in view.reading and "**73.66%**" in view.reading and "10,000 attackers" in view.reading
    assert "ε = 0.1" in view.budget and "k = 1,000" in view.budget
    _check_chart(view.traces, {"means", "truth", "zone"})
    _check_chart(view.curve, {"chosen", "exact", "interval", "simulated"})
    means = view.traces["datasets"]["means"].to_pandas()
    assert means["series"].nunique() == 5 and means.groupby("series").size().max() <= 120
    last = means[means["k"] == 1000].sort_values("series")["mean"].round().astype(int).tolist()
    shown = view.reading.split("answers to: ")[1].rstrip(".")
    assert last == [int(v.replace(",", "")) for v in shown.split(", ")]
    exact = view.curve["datasets"]["exact"].to_pandas().set_index("k")["p"]
    assert exact[1000] == pytest.approx(0.7366, abs=0.0001)
    sim = view.curve["datasets"]["simulated"].to_pandas()
    assert (sim["low"] <= sim["p"]).all() and (sim["p"] <= sim["high"]).all()
    assert view.curve["datasets"]["chosen"]["k"].to_pylist() == [1000]
    assert view.traces["datasets"]["truth"]["mean"].to_pylist() == [90]
    assert "Each answer spends ε = 0.1" in view.budget


def _cut_at_the_edge(spec: dict, low: float, high: float) -> None:
    """Each trace of a running-means chart is one whole line cut only by the frame: every part of
    it but its first starts at the window's edge (it comes back in) and every part but its last
    ends there (it leaves), so the parts meet the plot's edges and none stops in mid-air (issue 31)."""
    means = spec["datasets"]["means"].to_pandas()
    for _, trace in means.groupby("series"):
        parts = [part.sort_values("k")["mean"].tolist() for _, part in trace.groupby("stretch", sort=True)]
        for part in parts[1:]:
            assert part[0] == pytest.approx(low) or part[0] == pytest.approx(high)
        for part in parts[:-1]:
            assert part[-1] == pytest.approx(low) or part[-1] == pytest.approx(high)
        assert trace["mean"].between(low - 1e-6, high + 1e-6).all()
    assert spec["layer"][0]["encoding"]["y"]["scale"].get("nice") is False  # the window's edge is the plot's


def test_running_means_are_whole_lines_cut_by_the_frame() -> None:
    half = common.trace_range(A.mean_noise_std(0.1, 1_000))
    traces = _averaging(epsilon=0.1).traces
    _cut_at_the_edge(traces, 90 - half, 90 + half)
    split = defence.compute(defence.Settings(90, 1.0, 1_000, SEED)).split  # the budget-split chart
    half = common.trace_range(A.split_mean_noise_std(1.0, 1_000))
    _cut_at_the_edge(split, 90 - half, 90 + half)
    for spec in (traces, split):  # this seed's traces do leave the window and come back
        assert spec["datasets"]["means"].to_pandas().groupby("series")["stretch"].nunique().max() > 1


def test_averaging_moves_only_data() -> None:
    view, other = _averaging(), _averaging(epsilon=0.01, k=10_000, attackers=2_000)
    for a, b in ((view.traces, other.traces), (view.curve, other.curve)):  # the titles name ε
        assert {**_layout(a), "title": None} == {**_layout(b), "title": None}
        assert a["title"]["text"][-1] == "at ε = 0.1" and b["title"]["text"][-1] == "at ε = 0.01"
    assert "**27.63%**" in other.reading and "2,000 attackers" in other.reading
    assert other.traces["datasets"]["means"]["k"].to_pandas().max() == 10_000
    assert "**99.96%**" in _averaging(k=10_000).reading


@pytest.mark.slow
def test_averaging_at_every_epsilon_of_its_slider() -> None:
    settings = averaging.Settings(90, 0.1, 1_000, 2_000, SEED)
    steps = at_each(averaging.compute, settings, EPSILON_GRID)  # what the chart's slider keeps
    traces, curve = steps.frames("traces"), steps.frames("curve")
    budget, readings = steps.readings("budget_blocks"), steps.readings("reading_blocks")
    assert len(traces) == len(curve) == len(budget) == len(readings) == len(EPSILON_GRID)
    for i in (0, EPSILON_GRID.index(1.0), len(EPSILON_GRID) - 1):  # each frame is the view at its ε
        view = averaging.compute(replace(settings, epsilon=EPSILON_GRID[i]))
        assert traces[i]["datasets"]["means"].equals(view.traces["datasets"]["means"])
        assert curve[i]["title"] == view.curve["title"]
        assert budget[i][0] == ("p", view.budget)
        assert "\n\n".join(str(text) for _, text in readings[i]) == view.reading
    # one seed for every ε: the noise of one is another's rescaled, so the attackers keep their order
    ends = [averaging.compute(replace(settings, epsilon=e)).reading.split("answers to: ")[1] for e in (0.01, 0.02)]
    low, high = ([int(v.replace(",", "")) - 90 for v in end.rstrip(".").split(", ")] for end in ends)
    assert [abs(v) >= abs(w) for v, w in zip(low, high)] == [True] * len(low)


# ---------------------------------------------------------------- Table 6-3


def test_table_6_3_book_exact_and_simulation() -> None:
    view = table.compute(table.Settings((0.05,), 5_000, SEED))
    assert list(view.quantiles.iloc[:, 0]) == list(view.recovery.iloc[:, 0]) == ["1", "0.1", "0.01", "0.05"]
    assert view.quantiles.iloc[2, 1].startswith("227.97 · 230.26 · ")  # ln(10) / 0.01
    assert view.recovery.iloc[1, 1].startswith("25.59 · 27.73 · ")
    assert view.quantiles.iloc[3, 1].startswith("— · 46.05 · ") and view.recovery.iloc[3, 1].startswith("— · ")
    assert list(view.quantiles.columns)[1:] == [f"{q}% of |noise| below" for q in ("90", "95", "99", "99.9")]
    assert "percentage points" in view.reading


# ---------------------------------------------------------------- defence


def test_defence_budgets_and_probabilities() -> None:
    view = defence.compute(defence.Settings(90, 1.0, 1_000, SEED))
    assert "k·ε = 1,000" in view.naive_text and "ε/k = 0.001" in view.split_text and "ε = 1**" in view.split_text
    # the tab's own count, the zoo's: its sentence never claims the Averaging tab's count (issue 31)
    assert "**39.35%**" in view.cache_text and "**90**" in view.truth and "zoo count" in view.truth
    for spec in (view.naive, view.split, view.cached):
        _check_chart(spec, {"means", "truth", "zone"})
    _check_chart(view.spread, {"curves", "zone"})
    spread = view.spread["datasets"]["curves"].to_pandas()
    split = spread[spread["series"].str.startswith("Split")].set_index("k")["sd"]
    assert split[1000] == pytest.approx(math.sqrt(2_000))
    cached = view.cached["datasets"]["means"].to_pandas()
    assert (cached.groupby("series")["mean"].nunique() == 1).all()  # a cached answer never moves
    fallback = defence.compute(defence.Settings(90, 0.5, 100, SEED))
    assert "zoo count" in fallback.truth and "k·ε = 50" in fallback.naive_text
    for a, b in ((fallback.naive, view.naive), (fallback.spread, view.spread)):  # only data and the ε in titles
        assert {**_layout(a), "title": None} == {**_layout(b), "title": None}
    assert fallback.naive["title"]["text"][-1] == "at ε = 0.5"


def test_defences_at_every_epsilon_of_the_slider() -> None:
    settings = defence.Settings(90, 1.0, 1_000, SEED)
    steps = at_each(defence.compute, settings, EPSILON_GRID)  # what the naive chart's slider keeps
    charts = tuple(steps.frames(name) for name in ("naive", "split", "spread", "cached"))
    naive_text, cache_text = steps.readings("naive_text"), steps.readings("cache_text")
    assert all(len(frames) == len(EPSILON_GRID) for frames in (*charts, naive_text, cache_text))
    at = EPSILON_GRID.index(0.5)
    view = defence.compute(replace(settings, epsilon=0.5))
    assert naive_text[at] == (("p", view.naive_text),) and cache_text[at] == (("p", view.cache_text),)
    assert [frames[at]["title"] for frames in charts] == [v["title"] for v in (view.naive, view.split, view.spread,
                                                                                view.cached)]
    assert steps.template.truth == view.truth and steps.template.caveat == view.caveat


def test_percent_is_precise_enough_for_the_book() -> None:
    percent = lambda p: fmt.share(p, 4)  # noqa: E731
    assert percent(0.73661) == "73.66%" and percent(0.9996) == "99.96%" and percent(0.0891) == "8.91%"
    assert percent(1.0) == "100%" and percent(0.999999) == "more than 99.99%"


# ------------------------------------------------------------------ 5. reconstruction

@pytest.mark.slow
def test_reconstruction_recovers_with_small_noise_and_fails_with_a_budget() -> None:
    from ui.views.attacks import reconstruction

    view = reconstruction.compute(reconstruction.Settings(480, 0.0, 1.0, 42))
    curves = view.curves["datasets"]["curves"].to_pandas()
    exact = curves[curves["series"] == "noise of 0 people"]
    dp = curves[curves["series"] == "noise for the total ε (DP)"]
    assert exact["y"].iloc[-1] == 1.0  # 480 exact answers: every secret back
    assert dp["y"].max() < 0.85  # the budget's noise: near the majority guess (~0.7)
    assert "the attacker gets **60 of 60** secrets right (100%)" in view.summary
    people = view.people["datasets"]["people"].to_pandas()
    assert len(people) == reconstruction.PEOPLE and set(people["status"]) == {"secret recovered"}
    other = reconstruction.compute(reconstruction.Settings(30, 8.0, 3.0, 42))
    assert {**view.curves, "datasets": None} == {**other.curves, "datasets": None}  # sliders only swap data
    assert "noise of about 8 people" in other.summary and "about 1 people" not in other.summary
