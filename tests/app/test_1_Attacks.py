"""AppTest for the Attacks page: clean render of every tab, every control does what it says, URL state.

Only the open tab runs, so each test opens its tab by the URL (?att_tab=<id>) as a shared link does.
Charts are found by their titles, never by their position on the page.
"""

from __future__ import annotations

import re
from collections import OrderedDict

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import assert_clean, layout, markdown_tables, page_text, run_page, step, vega_specs
from ui import memo
from ui.i18n import language
from ui.tabs.attacks import averaging
from ui.views.attacks.common import CURVE_KS, exact_probability

PAGE = "pages/1_Attacks.py"
# Choices sit in the URL by stable option ids (ui.state.url_choice), numbers as numbers.
MEDICAL = "medical"
CUSTOM = "custom"
TABS = ("differencing", "averaging", "table", "defence")
CHARTS = {  # chart title -> short name, per tab
    "differencing": {"The attacker's difference": "density", "The attacker's belief": "posterior"},
    "averaging": {"Running means of 5 attackers": "traces", "Chance of exact recovery": "recovery"},
    "table": {},
    "defence": {"Naive server: ε per answer": "naive", "Budget split: ε/k per answer": "split",
                "Spread of the attacker's mean": "spread", "Cached answers never move": "cached"},
}


def _open(tab: str, query: dict[str, str] | None = None) -> AppTest:
    return run_page(PAGE, {**(query or {}), **({} if tab == "differencing" else {"att_tab": tab})})


def _markdown(at: AppTest, needle: str) -> str:
    """The paragraph of markdown, or of a chart slider's reading, that holds `needle`."""
    hits = [m.value for m in at.markdown if needle in m.value] + [line for line in page_text(at).split("\n")
                                                                  if needle in line]
    assert hits, f"no markdown containing {needle!r}"
    return hits[0]


def _percent(text: str) -> float:
    match = re.search(r"\*\*([\d.]+)%\*\*", text)
    assert match, text
    return float(match.group(1))


def _table(at: AppTest, part: str):  # noqa: ANN202 - a pandas DataFrame
    """Table 6-3's quantile or recovery part, found by its columns."""
    tables = [t for t in markdown_tables(at) if list(t.columns)[:1] == ["ε"] and part in t.columns[1]]
    assert len(tables) == 1
    return tables[0]


def _exact(at: AppTest) -> float:
    return _percent(_markdown(at, "Exact probability that an attacker's rounded mean"))


def _charts(at: AppTest, tab: str) -> dict[str, dict]:
    """The open tab's charts by short name; no other tab's chart is on the page."""
    def first_line(spec: dict) -> str:  # a title (of one line or two) may go on to name ε
        text = spec["title"]["text"]
        return text[0] if isinstance(text, list) else text

    found = {name: spec for spec in vega_specs(at) for title, name in CHARTS[tab].items()
             if first_line(spec).startswith(title)}
    assert sorted(found) == sorted(CHARTS[tab].values()) and len(vega_specs(at)) == len(found)
    return found


@pytest.fixture(scope="module")
def opened() -> dict[str, AppTest]:
    return {tab: _open(tab) for tab in TABS}


def test_default_render_of_every_tab_is_clean_and_shows_the_numbers(opened: dict[str, AppTest]) -> None:
    for at in opened.values():
        assert_clean(at)
        assert not at.warning
    diff, avg, table, defence = (opened[t] for t in TABS)
    # Differencing on the course's students table, Aisha changed to Pass: 4 - 3 reveals Aisha, and
    # the girls' count describes that table (1), not the printed one.
    assert "**4**" in _markdown(diff, "How many students passed?")
    assert "Aisha passed" in _markdown(diff, "knows for sure")
    assert "returns **1** on the table shown" in _markdown(diff, "How many girls passed?")
    # Averaging: zoo count 90, eps 0.1, k = 1,000 -> 73.66 % exact (issue 4).
    assert "**90**" in _markdown(avg, "True count")
    assert _exact(avg) == pytest.approx(73.66, abs=0.01)
    sim = _markdown(avg, "Simulation: **")
    assert "10,000 attackers" in sim
    # Table 6-3: the three book rows, each cell "book · exact · simulation".
    quantiles, recovery = _table(table, "noise"), _table(table, "Recovery")
    assert list(quantiles.iloc[:, 0]) == list(recovery.iloc[:, 0]) == ["1", "0.1", "0.01"]
    assert quantiles.iloc[2, 1].startswith("227.97 · 230.26 · ")  # ln(10) / 0.01
    assert recovery.iloc[1, 1].startswith("25.59 · 27.73 · ")
    # Defence: naive total spent k * eps next to the split's eps.
    assert "k·ε = 1,000" in _markdown(defence, "Naive server")
    assert "ε = 1**" in _markdown(defence, "Budget split")
    assert "39.35%" in _markdown(defence, "With caching")
    assert sum(len(vega_specs(at)) for at in opened.values()) == 8


def test_only_the_open_tab_runs(opened: dict[str, AppTest]) -> None:
    for tab, at in opened.items():
        _charts(at, tab)  # exactly the open tab's charts
    assert not [t for t in markdown_tables(opened["differencing"]) if list(t.columns)[:1] == ["ε"]]
    assert not [m for m in opened["table"].markdown if "knows for sure" in m.value]


def test_sliders_change_only_the_data_of_the_charts() -> None:
    moves = {
        "differencing": lambda at: step(at, "att_diff_eps", 0.1),  # the charts' own slider
        "averaging": lambda at: (step(at, "att_eps", 0.01),  # the running means' own slider
                                 at.number_input(key="att_k").set_value(10_000).run(),
                                 step(at, "att_eps", 0.01)),  # new settings: every ε once the slider moves
        "defence": lambda at: step(at, "att_def_eps", 0.5),  # the naive chart's own slider
    }
    opened_at = {"differencing": ("att_diff_eps", 1.0), "averaging": ("att_eps", 0.1), "defence": ("att_def_eps", 1.0)}
    after = {}
    for tab, move in moves.items():
        at = _open(tab)
        step(at, *opened_at[tab])  # the first move computes every ε (the page reruns whole): the steps after it
        before, specs = _charts(at, tab), [layout(spec) for spec in vega_specs(at)]
        move(at)
        assert_clean(at)
        # Only numbers change (and a title naming ε): the browser swaps the data into charts it has
        # already drawn.
        assert [{**layout(spec), "title": None} for spec in vega_specs(at)] == [{**s, "title": None} for s in specs]
        after[tab] = (before, _charts(at, tab), at)
    band = after["differencing"][1]["posterior"]["datasets"]["band"].iloc[0]
    assert (band["low"], band["high"]) == pytest.approx((0.475, 0.525), abs=0.001)
    avg = after["averaging"][1]
    assert avg["recovery"]["datasets"]["chosen"]["k"].tolist() == [10_000]
    assert "Each answer spends ε = 0.01" in _markdown(after["averaging"][2], "Each answer spends")
    assert avg["traces"]["datasets"]["means"]["k"].max() == 10_000
    before, now, _ = after["defence"]
    assert not now["naive"]["datasets"]["means"].equals(before["naive"]["datasets"]["means"])


def test_raising_k_raises_the_exact_recovery_probability() -> None:
    at = _open("averaging")
    before = _exact(at)
    at.number_input(key="att_k").set_value(10_000).run()
    assert_clean(at)
    after = _exact(at)
    assert after > before
    assert after == pytest.approx(99.96, abs=0.01)
    assert "k = 10,000" in _markdown(at, "Exact probability")


def test_lowering_eps_lowers_the_exact_probability() -> None:
    at = _open("averaging")
    step(at, "att_eps", 0.01)
    assert_clean(at)
    assert _exact(at) == pytest.approx(8.91, abs=0.01)


def test_attackers_input_sets_the_simulation_size() -> None:
    at = _open("averaging")
    at.number_input(key="att_attackers").set_value(3_000).run()
    assert_clean(at)
    assert "3,000 attackers" in _markdown(at, "Simulation: **")


def test_adding_an_epsilon_adds_a_row_to_table_6_3() -> None:
    at = _open("table")
    assert len(_table(at, "Recovery")) == 3
    at.multiselect(key="att_table_eps").select(0.05).run()
    assert_clean(at)
    quantiles, recovery = _table(at, "noise"), _table(at, "Recovery")
    assert list(quantiles.iloc[:, 0]) == ["1", "0.1", "0.01", "0.05"]
    assert quantiles.iloc[3, 1].startswith("— · 46.05 · ")  # ln(10) / 0.05, no book value
    assert recovery.iloc[3, 1].startswith("— · ")
    simulated = quantiles.iloc[0, 1]
    at.number_input(key="att_table_trials").set_value(5_000).run()
    assert_clean(at)
    assert _table(at, "noise").iloc[0, 1] != simulated  # fewer draws, another simulation
    assert _table(at, "noise").iloc[0, 1].startswith("2.29 · 2.30 · ")


def test_differencing_controls() -> None:
    at = _open("differencing")
    at.selectbox(key="att_student").set_value("Benny").run()
    assert "Benny passed" in _markdown(at, "knows for sure")
    at.checkbox(key="att_flip").uncheck().run()
    # The table as printed: the girls' count is 0 and says that every girl failed, and Aisha is
    # shown with Fail next to that sentence.
    assert "returns **0**" in _markdown(at, "How many girls passed?")
    assert "every girl in the class failed" in _markdown(at, "How many girls passed?")
    shown = [t for t in markdown_tables(at) if "grade" in t.columns][0]
    assert shown.loc[shown["name"] == "Aisha", "grade"].item() == "Fail"
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
    at = _open("differencing")
    text = _markdown(at, "the attacker believes with probability")
    post, low, high = (float(x) for x in re.findall(r"\*\*([\d.]+)%\*\*", text))
    assert low <= post <= high
    assert (low, high) == pytest.approx((26.9, 73.1), abs=0.05)  # prior 0.5, eps = 1
    step(at, "att_diff_eps", 0.1)
    text = _markdown(at, "the attacker believes with probability")
    post, low, high = (float(x) for x in re.findall(r"\*\*([\d.]+)%\*\*", text))
    assert (low, high) == pytest.approx((47.5, 52.5), abs=0.05)
    assert low <= post <= high
    at.slider(key="att_prior").set_value(0.2).run()
    assert_clean(at)
    text = _markdown(at, "the attacker believes with probability")
    post, low, high = (float(x) for x in re.findall(r"\*\*([\d.]+)%\*\*", text))
    assert "(prior 20%)" in text and low < 20 < high and low <= post <= high


def test_defence_controls() -> None:
    at = _open("defence")
    at.number_input(key="att_def_k").set_value(100).run()
    assert_clean(at)
    assert "k·ε = 100" in _markdown(at, "Naive server")
    assert "ε/k = 0.01" in _markdown(at, "Budget split")
    step(at, "att_def_eps", 0.5)
    assert "k·ε = 50" in _markdown(at, "Naive server")
    assert "ε = 0.5**" in _markdown(at, "Budget split")


def test_defence_attacks_its_own_count_whatever_the_averaging_tab_chose() -> None:
    """A tab never hands a value to another (issue 31): the defences attack the zoo count, and say so,
    after the Averaging tab chose another count as on a fresh link."""
    at = _open("averaging", {"att_query": MEDICAL})
    assert "**436**" in _markdown(at, "True count")
    at.button_group(key="att_tab").set_value("defence").run()  # the reader clicks "4. Defence"
    assert_clean(at)
    assert "true count **90**" in [c.value for c in at.caption if "Averaging tab" in c.value][0]
    assert _charts(at, "defence")["naive"]["datasets"]["truth"]["mean"].tolist() == [90]
    fresh = _open("defence")
    assert "zoo count" in [c.value for c in fresh.caption if "Averaging tab" in c.value][0]


def test_the_chosen_part_survives_a_language_switch() -> None:
    at = _open("averaging")
    at.sidebar.radio(key="language_switch").set_value("zh").run()
    with language("zh"):
        parts = at.button_group(key="att_tab")
        assert parts.value == "averaging" and at.query_params["att_tab"] == "averaging"
        assert parts.options[:2] == ["1. 差分攻击", "2. 平均攻击"]
        parts.set_value("defence").run()
        assert_clean(at)
        assert at.query_params["att_tab"] == "defence"


def test_query_params_reopen_the_same_view() -> None:
    query = {"att_query": MEDICAL, "att_eps": "0.01", "att_k": "100000", "att_attackers": "2000", "seed": "7"}
    first = _open("averaging", query)
    assert_clean(first)
    assert "**436**" in _markdown(first, "True count")
    assert _exact(first) == pytest.approx(73.64, abs=0.01)
    assert "2,000 attackers" in _markdown(first, "Simulation: **")
    second = _open("averaging", query)
    assert _markdown(second, "Simulation: **") == _markdown(first, "Simulation: **")
    assert _markdown(second, "rounded their means") == _markdown(first, "rounded their means")


def test_medical_bucket_picks_its_count() -> None:
    at = _open("averaging", {"att_query": MEDICAL})
    at.selectbox(key="att_bucket").set_value("60-70").run()
    assert_clean(at)
    assert "**463**" in _markdown(at, "True count")


def test_impossible_predicate_shows_a_clear_message() -> None:
    query = {"data": "zoo", "att_query": CUSTOM, "att_col": "carrots", "att_op": ">", "att_num": "1000"}
    at = _open("averaging", query)
    assert not at.exception
    assert not at.error
    assert any("No row matches" in w.value for w in at.warning)
    assert "**0**" in _markdown(at, "True count")


def test_predicate_on_a_text_column_offers_categories() -> None:
    at = _open("averaging", {"data": "students", "att_query": CUSTOM, "att_col": "grade"})
    assert_clean(at)
    assert at.selectbox(key="att_op").options == ["=", "≠"]
    at.selectbox(key="att_cat").set_value("Pass").run()
    assert "**3**" in _markdown(at, "True count")
    at.selectbox(key="att_op").set_value("≠").run()
    assert "**4**" in _markdown(at, "True count")


def test_uploaded_names_are_escaped_and_empty_columns_explained() -> None:
    at = _open("averaging", {"data": "upload", "att_query": CUSTOM})
    csv = b"[x](http://evil.example),empty\n**bold**,\n**bold**,\nplain,\n"
    at.sidebar.file_uploader[0].set_value(("evil.csv", csv, "text/csv")).run()
    assert not at.exception
    desc = [c.value for c in at.caption if c.value.startswith("COUNT of rows of")]
    assert desc and "\\[x\\]\\(http" in desc[0] and "\\*\\*bold\\*\\*" in desc[0]
    at.selectbox(key="att_col").set_value("empty").run()
    assert not at.exception
    assert any("has no values at all" in w.value for w in at.warning), "an all-missing column must explain itself"
    assert at.number_input(key="att_k").value == 1_000  # the attack's controls stay, with their values



def test_reconstruction_tab_opens_from_its_link_and_moves_with_its_sliders() -> None:
    at = run_page(PAGE, {"att_tab": "reconstruction", "att_rec_m": "480", "att_rec_b": "0"})
    assert_clean(at)
    assert "the attacker gets **60 of 60** secrets right" in page_text(at)
    at.select_slider(key="att_rec_m").set_value(15).run()
    assert_clean(at)
    assert "With 15 questions" in page_text(at)


def test_the_exact_chances_are_ready_before_anyone_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "_SHARED", OrderedDict())  # no attack kept from another test: the page computes
    exact_probability.cache_clear()
    averaging.warm()  # what the server does at its start (ui/serve.py)
    assert exact_probability.cache_info().currsize == len(averaging.EPSILON.options) * len(CURVE_KS)
    _open("averaging")
    assert exact_probability.cache_info().misses == len(averaging.EPSILON.options) * len(CURVE_KS)  # none new
