"""AppTest for pages/5_Randomized_response.py: defaults, p <-> eps, tosses, columns, the URL.

Only the open tab runs: a test of another tab than the coin protocol opens it by its id in the
URL, as a shared link does (?rr_tab=column)."""

from __future__ import annotations

import math
from collections import OrderedDict

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import (
    assert_clean,
    blocks_text,
    component_data,
    layout,
    markdown_tables,
    page_errors,
    page_text,
    reading,
    run_page,
    step,
    vega_specs,
)
from ui import memo
from ui.text.common import TEXT as COMMON
from ui.text.randomized_response import TEXT
from ui.views.randomized_response import protocol

PAGE = "pages/5_Randomized_response.py"
SHARES = protocol.SHARES  # the survey's true share, its chart's own slider
BOOK = {"rr_tab": "book"}
COLUMN = {"rr_tab": "column"}


def _title(spec: dict) -> str:
    text = spec["title"]["text"]
    return "\n".join(text) if isinstance(text, list) else text


def _chart(at: AppTest, key: str) -> dict:
    """The Vega-Lite spec of one chart, its datasets decoded into DataFrames. Vega-Lite charts
    carry no key in AppTest: each is found by its title."""
    titles = {
        "rr_fig_survey": lambda t: t.startswith(TEXT["survey_chart_title"]),  # then the true share
        "rr_fig_column": lambda t: t.startswith(TEXT["column_chart_title"].split("{")[0]),
        "rr_fig_error": lambda t: t == TEXT["error_chart_title"],
        "rr_fig_models": lambda t: t == TEXT["diagram_title"],
    }
    return next(spec for spec in vega_specs(at) if titles[key](_title(spec)))


def _survey(at: AppTest) -> dict[str, float]:
    """The survey chart's three rows (truth, raw, corrected) and its interval, by name."""
    data = _chart(at, "rr_fig_survey")["datasets"]
    truth, raw, corrected = data["points"]["share"]
    low, high = data["interval"].loc[0, ["low", "high"]]
    return {"truth": truth, "raw": raw, "corrected": corrected, "low": low, "high": high}


def _table(at: AppTest, column: str):
    """The first table with this column: a column's counts (st.dataframe; read-only tables carry no
    key in AppTest) or the book's table (markdown, cells as shown)."""
    return next(t for t in [*(d.value for d in at.dataframe), *markdown_tables(at)] if column in t.columns)


@pytest.fixture(scope="module")
def default_run() -> AppTest:
    return run_page(PAGE)


def test_default_view(default_run: AppTest) -> None:
    at = default_run
    assert_clean(at)
    assert at.number_input(key="rr_p").value == pytest.approx(0.75)
    assert at.number_input(key="rr_eps").value == pytest.approx(math.log(3))
    text = page_text(at)
    assert "ε = ln(p / (1 − p)) = ln(0.75 / 0.25) = **1.099**" in text
    assert "Of 1,000 respondents, 300 truly say 'yes'" in text
    assert at.button_group(key="rr_tab").options == ["The coin protocol", "The book's example", "Your data",
                                                     "Local versus central"]
    assert len(vega_specs(at)) == 1 and not at.get("plotly_chart")  # only the open tab runs


@pytest.mark.parametrize("tab,charts", [("protocol", ["rr_fig_survey"]), ("book", []),
                                        ("column", ["rr_fig_column", "rr_fig_error"]), ("local", ["rr_fig_models"])])
def test_a_link_with_the_tab_id_opens_that_tab_and_runs_only_it(tab: str, charts: list[str]) -> None:
    at = run_page(PAGE, {"rr_tab": tab} if tab != "protocol" else None)
    assert_clean(at)
    assert len(vega_specs(at)) == len(charts)
    for key in charts:
        assert _chart(at, key)["layer"]  # found by its title
    assert ("Male: [20 × (0.8 − 1) + 14]" in page_text(at)) == (tab == "book")
    assert at.query_params.get("rr_tab") == (None if tab == "protocol" else tab)  # the first tab keeps links short


def test_every_layer_is_named() -> None:
    for query, keys in ((None, ["rr_fig_survey"]), (COLUMN, ["rr_fig_column", "rr_fig_error"]),
                        ({"rr_tab": "local"}, ["rr_fig_models"])):
        at = run_page(PAGE, query)
        for key in keys:
            names = [layer.get("name") for layer in _chart(at, key)["layer"]]
            assert all(names) and len(set(names)) == len(names), (key, names)


def test_the_books_worked_example() -> None:
    text = page_text(run_page(PAGE, BOOK))
    assert "Male: [20 × (0.8 − 1) + 14] / (0.8 × 2 − 1) = 10 / 0.6 ≈ **16.7** (16.67)" in text
    assert "Female: [20 × (0.8 − 1) + 6] / (0.8 × 2 − 1) = 2 / 0.6 ≈ **3.3** (3.33)" in text
    table = _table(run_page(PAGE, BOOK), "Corrected")
    assert list(table["True count"]) == ["16", "4"]
    assert list(table["Reported"]) == ["14", "6"]
    assert list(table["Corrected"]) == ["16.67", "3.33"]


def test_the_page_draws_the_default_survey(default_run: AppTest) -> None:
    """The numbers of the survey are checked on its view (tests/unit/views/test_randomized_response.py)."""
    survey = _survey(default_run)
    assert survey["truth"] == pytest.approx(0.3)
    assert _chart(default_run, "rr_fig_survey")["datasets"]["truth"]["share"].tolist() == [survey["truth"]]
    assert survey["corrected"] == pytest.approx((0.75 - 1) / 0.5 + survey["raw"] / 0.5)


def test_the_survey_computes_its_share_first_and_every_share_when_its_slider_moves(monkeypatch) -> None:
    shares: list[float | None] = []
    survey = protocol.survey

    def counted(settings: protocol.SurveySettings) -> protocol.SurveyView:
        shares.append(settings.share)
        return survey(settings)

    monkeypatch.setattr(protocol, "survey", counted)
    monkeypatch.setattr(memo, "_SHARED", OrderedDict())  # no survey kept from another test
    at = run_page(PAGE)
    assert shares == [0.3]  # a new survey: the share asked for only
    pending = component_data(at, "rr_share_reading")["steps"][SHARES.index(0.6)]
    assert blocks_text(pending) == COMMON["step_pending"]
    step(at, "rr_share", 0.6, SHARES)
    assert_clean(at)
    # the slider moved: every other share (the one shown is kept)
    assert sorted(s for s in shares[1:] if s is not None) == [s for s in SHARES if s != 0.3]
    assert "Of 1,000 respondents, 600 truly say 'yes'" in reading(at, "rr_share")
    before = len(shares)
    classmate = run_page(PAGE)  # the same survey, kept for every session
    assert "Of 1,000 respondents, 300 truly say 'yes'" in reading(classmate, "rr_share")
    assert len(shares) == before


def test_epsilon_p_and_share_change_the_data_of_the_charts_but_not_their_specs() -> None:
    at = run_page(PAGE)
    before = vega_specs(at)
    at.number_input(key="rr_p").set_value(0.9).run()
    step(at, "rr_share", 0.6, SHARES)  # the survey chart's own slider: drawn by the browser, then told
    assert_clean(at)
    after = vega_specs(at)
    # Only numbers change (the title names the true share): the browser swaps the data into charts
    # it has already drawn.
    assert [{**layout(a), "title": None} for a in after] == [{**layout(b), "title": None} for b in before]
    assert _title(after[0]).endswith("(true share of 'yes': 0.6)")
    assert _survey(at)["truth"] == pytest.approx(0.6)
    assert _survey(at)["high"] - _survey(at)["corrected"] == pytest.approx(1.959964 * math.sqrt(0.09 / 1000) / 0.8, rel=1e-5)
    at = run_page(PAGE, COLUMN)
    before = vega_specs(at)
    at.select_slider(key="rr_col_eps").set_value(5.0).run()
    assert_clean(at)
    assert [layout(a) for a in vega_specs(at)] == [layout(b) for b in before]
    bars = _chart(at, "rr_fig_column")["datasets"]["bars"]
    truth = bars.loc[bars["series"] == "True", "value"].tolist()
    assert truth == pytest.approx([c / 2182 for c in (405, 436, 421, 457, 463)])
    raw = bars.loc[bars["series"] == "Raw (what the collector sees)", "value"]
    assert raw.sum() == pytest.approx(1.0)
    intervals = _chart(at, "rr_fig_column")["datasets"]["intervals"]
    corrected = bars.loc[bars["series"] == "Corrected (95% interval)", "value"].to_numpy()
    assert (intervals["low"].to_numpy() < corrected).all() and (corrected < intervals["high"].to_numpy()).all()
    run = _chart(at, "rr_fig_error")["datasets"]["run"]
    assert run["note"].tolist() == ["this run:\nn = 2,182, ε = 5"]


def test_p_sets_epsilon_and_epsilon_sets_p() -> None:
    at = run_page(PAGE)
    at.number_input(key="rr_p").set_value(0.8).run()
    assert_clean(at)
    assert at.number_input(key="rr_eps").value == pytest.approx(math.log(4))
    at.number_input(key="rr_eps").set_value(2.0).run()
    assert_clean(at)
    assert at.number_input(key="rr_p").value == pytest.approx(math.exp(2) / (math.exp(2) + 1))
    assert "= **2**" in page_text(at)


@pytest.mark.parametrize("p,fragment", [(0.5, "must be above 0.5"), (0.3, "must be above 0.5"), (1.0, "must be below 1")])
def test_unusable_p_shows_an_error_and_no_exception(p: float, fragment: str) -> None:
    at = run_page(PAGE)
    at.number_input(key="rr_p").set_value(p).run()
    errors = page_errors(at)
    assert any(fragment in e for e in errors), errors
    assert not any("Of 1,000 respondents" in m.value for m in at.markdown)
    assert at.number_input(key="rr_p").value == pytest.approx(p)  # the control keeps what was typed
    at.number_input(key="rr_p").set_value(0.75).run()
    assert_clean(at)


def test_negative_epsilon_is_refused_and_p_is_kept() -> None:
    at = run_page(PAGE)
    at.number_input(key="rr_eps").set_value(-1.0).run()
    errors = page_errors(at)
    assert any("Epsilon must be greater than zero, got -1" in e and "p was kept at 0.75" in e for e in errors), errors
    assert at.number_input(key="rr_p").value == pytest.approx(0.75)
    assert at.number_input(key="rr_eps").value == pytest.approx(math.log(3))


def test_one_respondent_tosses_and_reports() -> None:
    at = run_page(PAGE)
    assert "Press the button" in page_text(at)
    at.button(key="rr_ask").click().run()
    assert_clean(at)
    first = next(m.value for m in at.markdown if m.value.startswith("Toss 1:"))
    assert "true answer is **Yes**" in first
    assert ("**heads**" in first and "report **Yes**" in first) or ("**tails**" in first and "opposite: **No**" in first)
    at.radio(key="rr_truth").set_value("no")
    at.button(key="rr_ask").click().run()
    second = next(m.value for m in at.markdown if m.value.startswith("Toss 2:"))
    assert "true answer is **No**" in second
    assert "So far 2 tosses" in page_text(at)
    at.button(key="rr_reset").click().run()
    assert "Press the button" in page_text(at)


def test_tosses_are_drawn_from_the_seed() -> None:
    def tosses(seed: str) -> list[str]:
        at = run_page(PAGE, {"seed": seed, "rr_p": "0.6"})
        seen = []
        for i in range(1, 9):
            at.button(key="rr_ask").click().run()
            seen.append(next(m.value for m in at.markdown if m.value.startswith(f"Toss {i}:")))
        return seen

    assert tosses("5") == tosses("5")


def test_survey_controls() -> None:
    at = run_page(PAGE)
    at.number_input(key="rr_n").set_value(20_000).run()
    step(at, "rr_share", 0.6, SHARES)
    assert at.query_params["rr_share"] in ("0.6", ["0.6"])
    assert_clean(at)
    assert "Of 20,000 respondents, 12,000 truly say 'yes'" in page_text(at)
    corrected = _survey(at)["corrected"]
    assert abs(corrected - 0.6) < 4 * math.sqrt(0.75 * 0.25 / 20_000) / 0.5


def test_column_of_the_medical_table() -> None:
    at = run_page(PAGE, COLUMN)
    assert_clean(at)
    assert at.selectbox(key="rr_col").value == "age_bucket"
    assert at.selectbox(key="rr_w").value == "patients"
    p = math.e / (math.e + 4)
    assert f"each of the 2,182 people reports their true value with probability p = {p:.3f}" in page_text(at)
    table = _table(at, "Corrected frequency")
    assert list(table["True count"]) == [405, 436, 421, 457, 463]
    assert table["Corrected frequency"].sum() == pytest.approx(1.0)
    assert '"your ε" is the ε chosen above' in page_text(at)
    assert _chart(at, "rr_fig_error")["datasets"]["run"]["n"].tolist() == [2182]  # the error chart: its view test


def test_binary_column_and_epsilon() -> None:
    at = run_page(PAGE, {"data": "penguins", **COLUMN})
    assert_clean(at)
    assert "sex" in at.selectbox(key="rr_col").options
    assert "body_mass_g" in at.selectbox(key="rr_col").options  # 94 distinct masses: still under the limit
    at.selectbox(key="rr_col").set_value("sex").run()
    assert_clean(at)
    p = math.e / (math.e + 1)
    assert f"Binary randomized response: each of the 333 people reports their true value with probability p = {p:.3f}" in page_text(at)
    assert "11 people with a missing value" in page_text(at)
    at.select_slider(key="rr_col_eps").set_value(5.0).run()
    p5 = math.exp(5) / (math.exp(5) + 1)
    assert f"probability p = {p5:.3f}" in page_text(at)


def test_a_dataset_without_a_usable_column_says_so() -> None:
    at = run_page(PAGE, {"data": "upload", **COLUMN})
    ids = "id\n" + "\n".join(str(i) for i in range(300)) + "\n"
    at.sidebar.file_uploader[0].set_value(("ids.csv", ids.encode(), "text/csv")).run()
    assert_clean(at)
    assert any("no column with between 2 and 200 different values" in i.value for i in at.info)


def test_user_text_is_escaped() -> None:
    at = run_page(PAGE, {"data": "upload", **COLUMN})
    csv = "**[x](http://evil.example)**,n\n<b>a</b>,1\nb,2\nb,3\n"
    at.sidebar.file_uploader[0].set_value(("evil.csv", csv.encode(), "text/csv")).run()
    assert_clean(at)
    chart = _chart(at, "rr_fig_column")
    # Vega draws labels as SVG text: the user's text travels as a plain value and shows as typed
    assert "<b>a</b>" in chart["datasets"]["bars"]["bin"].tolist()
    assert "<b>a</b>" in chart["layer"][0]["encoding"]["x"]["sort"]
    assert "**[x](http" in _title(chart)


def test_url_parameters_reopen_the_same_view() -> None:
    query = {"rr_p": "0.9", "rr_n": "500", "rr_share": "0.6", "seed": "3", "rr_col_eps": "2"}
    first, second = run_page(PAGE, query), run_page(PAGE, query)
    assert_clean(first)
    assert first.number_input(key="rr_eps").value == pytest.approx(math.log(9))
    assert first.number_input(key="rr_n").value == 500
    assert first.session_state["rr_share"] == pytest.approx(0.6)
    assert _survey(first)["truth"] == pytest.approx(0.6)  # the chart opens at the address's share
    for name, data in _chart(first, "rr_fig_survey")["datasets"].items():
        assert data.equals(_chart(second, "rr_fig_survey")["datasets"][name]), name
    first, second = run_page(PAGE, {**query, **COLUMN}), run_page(PAGE, {**query, **COLUMN})
    assert first.select_slider(key="rr_col_eps").value == 2.0
    for name, data in _chart(first, "rr_fig_column")["datasets"].items():
        assert data.equals(_chart(second, "rr_fig_column")["datasets"][name]), name
    other = run_page(PAGE, {**query, **COLUMN, "seed": "4"})
    bars = _chart(first, "rr_fig_column")["datasets"]["bars"]
    assert not _chart(other, "rr_fig_column")["datasets"]["bars"].equals(bars)


def test_no_weight_column_makes_each_row_one_person() -> None:
    at = run_page(PAGE, COLUMN)
    at.selectbox(key="rr_w").set_value("").run()
    assert_clean(at)
    assert "each of the 5 people reports their true value" in page_text(at)
    assert list(_table(at, "Corrected frequency")["True count"]) == [1] * 5
