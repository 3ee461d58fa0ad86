"""AppTest for the Attacks page: clean default render, every control does what it says, URL state."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import assert_clean, layout, run_page, vega_specs

PAGE = "pages/1_Attacks.py"
# Choices sit in the URL by stable option ids (ui.state.url_choice), numbers as numbers.
MEDICAL = "medical"
CUSTOM = "custom"


def _markdown(at: AppTest, needle: str) -> str:
    hits = [m.value for m in at.markdown if needle in m.value]
    assert hits, f"no markdown containing {needle!r}"
    return hits[0]


def _percent(text: str) -> float:
    match = re.search(r"\*\*([\d.]+)%\*\*", text)
    assert match, text
    return float(match.group(1))


def _table(at: AppTest, part: str):  # noqa: ANN202 - a pandas DataFrame
    """Table 6-3's quantile or recovery part, found by its columns (AppTest shows no dataframe key)."""
    tables = [d.value for d in at.dataframe if list(d.value.columns)[:1] == ["ε"] and part in d.value.columns[1]]
    assert len(tables) == 1
    return tables[0]


def _exact(at: AppTest) -> float:
    return _percent(_markdown(at, "Exact probability that an attacker's rounded mean"))


@pytest.fixture(scope="module")
def default() -> AppTest:
    return run_page(PAGE)


def test_default_render_is_clean_and_shows_the_numbers(default: AppTest) -> None:
    assert_clean(default)
    assert not default.warning
    # Differencing on the course's students table: 4 - 3 reveals Aisha.
    assert "**4**" in _markdown(default, "How many students passed?")
    assert "Aisha passed" in _markdown(default, "knows for sure")
    assert "returns **0**" in _markdown(default, "How many girls passed?")
    # Averaging: zoo count 90, eps 0.1, k = 1,000 -> 73.66 % exact (issue 4).
    assert "**90**" in _markdown(default, "True count")
    assert _exact(default) == pytest.approx(73.66, abs=0.01)
    sim = _markdown(default, "Simulation: **")
    assert "10,000 attackers" in sim
    # Table 6-3: the three book rows, each cell "book · exact · simulation".
    quantiles, recovery = _table(default, "noise"), _table(default, "Recovery")
    assert list(quantiles.iloc[:, 0]) == list(recovery.iloc[:, 0]) == ["1", "0.1", "0.01"]
    assert quantiles.iloc[2, 1].startswith("227.97 · 230.26 · ")  # ln(10) / 0.01
    assert recovery.iloc[1, 1].startswith("25.59 · 27.73 · ")
    # Defence: naive total spent k * eps next to the split's eps.
    assert "k·ε = 1,000" in _markdown(default, "Naive server")
    assert "ε = 1**" in _markdown(default, "Budget split")
    assert "39.35%" in _markdown(default, "With caching")
    assert len(vega_specs(default)) == 8


CHARTS = ("density", "posterior", "traces", "recovery", "naive", "split", "spread", "cached")


def _charts(at: AppTest) -> dict[str, dict]:
    specs = vega_specs(at)
    assert len(specs) == len(CHARTS)
    return dict(zip(CHARTS, specs))


def test_charts_show_the_numbers_of_the_text(default: AppTest) -> None:
    charts = _charts(default)
    # Differencing, eps = 1: the density with the secret peaks at a difference of 1, at eps / 4.
    curves = charts["density"]["datasets"]["curves"]
    secret = curves[curves["series"].str.startswith("If the target")]
    assert secret.loc[secret["density"].idxmax(), "difference"] == pytest.approx(1.0)
    assert secret["density"].max() == pytest.approx(0.25)
    assert len(secret) <= 120
    # The belief stays in the eps band, and the observed point is on the curve.
    band = charts["posterior"]["datasets"]["band"].iloc[0]
    assert (band["low"], band["high"]) == pytest.approx((0.269, 0.731), abs=0.001)
    belief = charts["posterior"]["datasets"]["curve"]["belief"]
    assert belief.between(band["low"] - 1e-9, band["high"] + 1e-9).all()
    seen = charts["posterior"]["datasets"]["observed"].iloc[0]
    post = _percent(_markdown(default, "the attacker believes with probability")) / 100
    assert seen["belief"] == pytest.approx(post, abs=0.0005)
    # Averaging: 5 attackers, at most 120 points each, the last mean rounds to the values in the text.
    means = charts["traces"]["datasets"]["means"]
    assert means["series"].nunique() == 5 and means.groupby("series").size().max() <= 120
    last = means[means["k"] == 1000].sort_values("series")["mean"].round().astype(int).tolist()
    shown = _markdown(default, "rounded their means").split("to: ")[1].rstrip(".")
    assert last == [int(v.replace(",", "")) for v in shown.split(", ")]
    assert charts["traces"]["datasets"]["truth"]["mean"].tolist() == [90]
    assert charts["traces"]["datasets"]["budget"]["text"].tolist() == ["ε = 0.1 per answer"]
    exact = charts["recovery"]["datasets"]["exact"].set_index("k")["p"]
    assert exact[1000] == pytest.approx(_exact(default) / 100, abs=0.0001)
    assert charts["recovery"]["datasets"]["chosen"]["k"].tolist() == [1000]
    sim = charts["recovery"]["datasets"]["simulated"]
    assert (sim["low"] <= sim["p"]).all() and (sim["p"] <= sim["high"]).all()
    # Defence: the split budget's mean spreads like sqrt(2k) / eps, the naive one shrinks.
    spread = charts["spread"]["datasets"]["curves"]
    split = spread[spread["series"].str.startswith("Split")].set_index("k")["sd"]
    assert split[1000] == pytest.approx(2 ** 0.5 * 1000 ** 0.5)
    assert charts["split"]["datasets"]["budget"]["text"].tolist() == ["ε/k = 0.001 per answer"]
    cached = charts["cached"]["datasets"]["means"]
    assert (cached.groupby("series")["mean"].nunique() == 1).all()  # a cached answer never moves


def test_sliders_change_only_the_data_of_the_charts() -> None:
    at = run_page(PAGE)
    before, specs = _charts(at), [layout(spec) for spec in vega_specs(at)]
    at.select_slider(key="att_diff_eps").set_value(0.1).run()
    at.select_slider(key="att_eps").set_value(0.01).run()
    at.number_input(key="att_k").set_value(10_000).run()
    at.select_slider(key="att_def_eps").set_value(0.5).run()
    assert_clean(at)
    after = _charts(at)
    # Only numbers change: the browser swaps the data into charts it has already drawn.
    assert [layout(spec) for spec in vega_specs(at)] == specs
    band = after["posterior"]["datasets"]["band"].iloc[0]
    assert (band["low"], band["high"]) == pytest.approx((0.475, 0.525), abs=0.001)
    assert after["recovery"]["datasets"]["chosen"]["k"].tolist() == [10_000]
    assert after["traces"]["datasets"]["budget"]["text"].tolist() == ["ε = 0.01 per answer"]
    assert after["traces"]["datasets"]["means"]["k"].max() == 10_000
    assert not after["naive"]["datasets"]["means"].equals(before["naive"]["datasets"]["means"])


def test_raising_k_raises_the_exact_recovery_probability() -> None:
    at = run_page(PAGE)
    before = _exact(at)
    at.number_input(key="att_k").set_value(10_000).run()
    assert_clean(at)
    after = _exact(at)
    assert after > before
    assert after == pytest.approx(99.96, abs=0.01)
    assert "k = 10,000" in _markdown(at, "Exact probability")


def test_lowering_eps_lowers_the_exact_probability() -> None:
    at = run_page(PAGE)
    at.select_slider(key="att_eps").set_value(0.01).run()
    assert_clean(at)
    assert _exact(at) == pytest.approx(8.91, abs=0.01)


def test_adding_an_epsilon_adds_a_row_to_table_6_3() -> None:
    at = run_page(PAGE)
    assert len(_table(at, "Recovery")) == 3
    at.multiselect(key="att_table_eps").select(0.05).run()
    assert_clean(at)
    quantiles, recovery = _table(at, "noise"), _table(at, "Recovery")
    assert list(quantiles.iloc[:, 0]) == ["1", "0.1", "0.01", "0.05"]
    assert quantiles.iloc[3, 1].startswith("— · 46.05 · ")  # ln(10) / 0.05, no book value
    assert recovery.iloc[3, 1].startswith("— · ")


def test_differencing_controls() -> None:
    at = run_page(PAGE)
    at.selectbox(key="att_student").set_value("Benny").run()
    assert "Benny passed" in _markdown(at, "knows for sure")
    at.checkbox(key="att_flip").uncheck().run()
    at.selectbox(key="att_student").set_value("Aisha").run()
    assert "Aisha did not pass" in _markdown(at, "knows for sure")
    at.radio(key="att_diff_table").set_value("cancer").run()
    assert_clean(at)
    assert "f(5)" in _markdown(at, "Question 1")
    assert "Alice has cancer" in _markdown(at, "knows for sure")
    assert "[2, 4]" in at.caption[[i for i, c in enumerate(at.caption) if "between −1 and +1" in c.value][0]].value
    at.selectbox(key="att_patient").set_value("Bob").run()
    assert "Bob does not have cancer" in _markdown(at, "knows for sure")


def test_noise_moves_belief_only_within_the_eps_band() -> None:
    at = run_page(PAGE)
    text = _markdown(at, "the attacker believes with probability")
    post, low, high = (float(x) for x in re.findall(r"\*\*([\d.]+)%\*\*", text))
    assert low <= post <= high
    assert (low, high) == pytest.approx((26.9, 73.1), abs=0.05)  # prior 0.5, eps = 1
    at.select_slider(key="att_diff_eps").set_value(0.1).run()
    text = _markdown(at, "the attacker believes with probability")
    post, low, high = (float(x) for x in re.findall(r"\*\*([\d.]+)%\*\*", text))
    assert (low, high) == pytest.approx((47.5, 52.5), abs=0.05)
    assert low <= post <= high


def test_defence_controls() -> None:
    at = run_page(PAGE)
    at.number_input(key="att_def_k").set_value(100).run()
    assert_clean(at)
    assert "k·ε = 100" in _markdown(at, "Naive server")
    assert "ε/k = 0.01" in _markdown(at, "Budget split")


def test_query_params_reopen_the_same_view() -> None:
    query = {"att_query": MEDICAL, "att_eps": "0.01", "att_k": "100000", "att_attackers": "2000", "seed": "7"}
    first = run_page(PAGE, query)
    assert_clean(first)
    assert "**436**" in _markdown(first, "True count")
    assert _exact(first) == pytest.approx(73.64, abs=0.01)
    assert "2,000 attackers" in _markdown(first, "Simulation: **")
    second = run_page(PAGE, query)
    assert _markdown(second, "Simulation: **") == _markdown(first, "Simulation: **")
    assert _markdown(second, "rounded their means") == _markdown(first, "rounded their means")


def test_impossible_predicate_shows_a_clear_message() -> None:
    at = run_page(
        PAGE, {"data": "zoo", "att_query": CUSTOM, "att_col": "carrots", "att_op": ">", "att_num": "1000"}
    )
    assert not at.exception
    assert not at.error
    assert any("No row matches" in w.value for w in at.warning)
    assert "**0**" in _markdown(at, "True count")


def test_predicate_on_a_text_column_offers_categories() -> None:
    at = run_page(PAGE, {"data": "students", "att_query": CUSTOM, "att_col": "grade"})
    assert_clean(at)
    assert at.selectbox(key="att_op").options == ["=", "≠"]
    at.selectbox(key="att_cat").set_value("Pass").run()
    assert "**3**" in _markdown(at, "True count")
    at.selectbox(key="att_op").set_value("≠").run()
    assert "**4**" in _markdown(at, "True count")


def test_uploaded_names_are_escaped_and_empty_columns_explained() -> None:
    at = run_page(PAGE, {"data": "upload", "att_query": CUSTOM})
    csv = b"[x](http://evil.example),empty\n**bold**,\n**bold**,\nplain,\n"
    at.sidebar.file_uploader[0].set_value(("evil.csv", csv, "text/csv")).run()
    assert not at.exception
    desc = [c.value for c in at.caption if c.value.startswith("COUNT of rows of")]
    assert desc and "\\[x\\]\\(http" in desc[0] and "\\*\\*bold\\*\\*" in desc[0]
    at.selectbox(key="att_col").set_value("empty").run()
    assert not at.exception
    assert any("has no values at all" in w.value for w in at.warning), "an all-missing column must explain itself"
