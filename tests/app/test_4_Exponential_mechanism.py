"""AppTest for pages/4_Exponential_mechanism.py: defaults, every control, edited tables, the URL.

Only the open tab runs: a test of the pricing or the mode tab opens it by its id in the URL, as a
shared link does (?exp_tab=price)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from dpcore.limits import EPSILON_GRID
from tests.app.conftest import (
    assert_clean,
    layout,
    live_links,
    markdown_tables,
    page_errors,
    page_text,
    reading,
    run_page,
    step,
    vega_specs,
)
from ui import fmt
from ui.text.exponential import TEXT

PAGE = "pages/4_Exponential_mechanism.py"
PRICE = {"exp_tab": "price"}
MODE = {"exp_tab": "mode"}
# Vega-Lite charts carry no key in AppTest: each is found by its title (a long one on two lines).
TITLES = {
    "exp_fig_vote": TEXT["vote_chart_title"].split("{")[0],  # then ε, the chart's own slider
    "exp_fig_draws": TEXT["convergence_title"],
    "exp_fig_prices": TEXT["candidates_title"],
    "exp_fig_revenue": TEXT["revenue_curves_title"],
    "exp_fig_mode": TEXT["mode_chart_title"],
}
TAB_CHARTS = {"vote": ("exp_fig_vote", "exp_fig_draws"), "price": ("exp_fig_prices", "exp_fig_revenue"),
              "mode": ("exp_fig_mode",)}


def _title(spec: dict) -> str:
    text = spec["title"]["text"]
    return "\n".join(text) if isinstance(text, list) else text


def _chart(at: AppTest, key: str) -> dict:
    """The Vega-Lite spec of one chart, its datasets decoded into DataFrames."""
    return next(spec for spec in vega_specs(at) if _title(spec).startswith(TITLES[key]))


def _probabilities(at: AppTest) -> dict[str, list[str]]:
    """The table of probabilities at ε under the vote chart (a reading the browser swaps): its rows
    by column."""
    header, *rows = [line.split(" | ") for line in reading(at, "exp_eps", "table").split("\n")]
    return {name: [row[i] for row in rows] for i, name in enumerate(header)}


def _shares(at: AppTest) -> dict[str, list[float]]:
    """The share of each option after each number of selections m, in the order of m."""
    shares = _chart(at, "exp_fig_draws")["datasets"]["shares"].sort_values("m", kind="stable")
    return {name: group["share"].tolist() for name, group in shares.groupby("series", sort=False)}


def _table(at: AppTest, column: str):
    """The first table (st.dataframe, st.table or a markdown table) with this column (tables carry no
    key in AppTest)."""
    return next(t for t in [*(d.value for d in [*at.dataframe, *at.table]), *markdown_tables(at)] if column in t.columns)


def _vote_bars(at: AppTest) -> list[float]:
    return _chart(at, "exp_fig_vote")["datasets"]["bars"]["probability"].tolist()


def _edit(at: AppTest, key: str, edited: dict | None = None, added: list | None = None, deleted: list | None = None) -> AppTest:
    """Edit a st.data_editor the way the browser does: through its edit state, then rerun."""
    at.session_state[key] = {"edited_rows": edited or {}, "added_rows": added or [], "deleted_rows": deleted or []}
    return at.run()


@pytest.fixture(scope="module")
def default_run() -> AppTest:
    return run_page(PAGE)


def test_default_view_is_the_books_vote_at_epsilon_0_1(default_run: AppTest) -> None:
    at = default_run
    assert_clean(at)
    assert at.session_state["exp_eps"] == 0.1
    assert _chart(at, "exp_fig_vote")["title"]["text"][1] == "each option at ε = 0.1"
    assert at.data_editor(key="exp_scores").editing_mode == "dynamic"
    np.testing.assert_allclose(_vote_bars(at), [0.42404, 0.33024, 0.14115, 0.10457], atol=1e-5)
    assert "picks **football** (score 30) with probability **42.4%**" in page_text(at)
    assert "the least likely option has probability 10.5%" in page_text(at)


def test_book_table_is_shown_next_to_the_computation(default_run: AppTest) -> None:
    book = _table(default_run, "Book, ε = 0.1")
    assert list(book["Book, ε = 0.1"]) == ["0.424", "0.330", "0.141", "0.105"]
    assert list(book["Computed, ε = 0.1"]) == ["0.424", "0.330", "0.141", "0.105"]
    assert list(book["Book, ε = 1"]) == ["0.924", "0.075", "1.5 × 10⁻⁵", "7.7 × 10⁻⁷"]
    assert list(book["Computed, ε = 1"]) == ["0.924", "0.076", "1.5 × 10⁻⁵", "7.7 × 10⁻⁷"]
    assert list(book["Computed, ε = 0"]) == ["0.25"] * 4
    assert "cut off rather than rounded" in page_text(default_run)


def test_epsilon_slider_has_the_range_of_every_page_and_says_why_it_opens_at_0_1() -> None:
    at = run_page(PAGE)
    assert _chart(at, "exp_fig_vote")["frames"] == _chart(at, "exp_fig_draws")["frames"] == len(EPSILON_GRID)
    assert EPSILON_GRID[0] == 0.001 and EPSILON_GRID[-1] == 20
    assert "opens at ε = 0.1, a column of the course's Table 6-4" in page_text(at)
    step(at, "exp_eps", 0.001)
    assert_clean(at)
    np.testing.assert_allclose(_vote_bars(at), [0.25] * 4, atol=0.01)  # ε → 0: every option alike
    step(at, "exp_eps", 1.0)
    np.testing.assert_allclose(_vote_bars(at)[:2], [0.92413, 0.07586], atol=1e-5)
    assert _probabilities(at)["Probability at ε = 1"][0] == "92.4%"
    assert at.query_params["exp_eps"] in ("1", ["1"])  # the address follows the chart's slider


@pytest.mark.parametrize("tab,slider,value", [("price", "exp_price_eps", 0.1), ("mode", "exp_mode_eps", 0.01)])
def test_each_epsilon_changes_the_data_of_its_charts_but_not_their_specs(tab: str, slider: str, value: float) -> None:
    at = run_page(PAGE, {"exp_tab": tab} if tab != "vote" else None)
    before = {key: _chart(at, key) for key in TAB_CHARTS[tab]}
    at.select_slider(key=slider).set_value(value).run()
    assert_clean(at)
    after = {key: _chart(at, key) for key in TAB_CHARTS[tab]}
    # Only numbers change: the browser swaps the data into charts it has already drawn.
    assert {k: layout(v) for k, v in after.items()} == {k: layout(v) for k, v in before.items()}
    changed = [k for k in after if any(not d.equals(before[k]["datasets"][n]) for n, d in after[k]["datasets"].items())]
    assert changed == list(TAB_CHARTS[tab]) if tab != "price" else "exp_fig_revenue" in changed


def test_epsilon_moves_every_chart_as_it_should() -> None:
    at = run_page(PAGE, {"exp_eps": "1"})
    vote = _chart(at, "exp_fig_vote")["datasets"]["bars"]
    np.testing.assert_allclose(vote["probability"][:2], [0.92413, 0.07586], atol=1e-5)
    assert vote["value"].tolist() == ["92.4%", "7.59%", "≈0%", "≈0%"]
    assert vote["best"].tolist() == [True, False, False, False]
    assert vote["score"].tolist() == [30, 25, 8, 2]
    price = run_page(PAGE, PRICE)
    assert _chart(price, "exp_fig_revenue")["datasets"]["current"]["epsilon"].tolist() == [1.0]
    price.select_slider(key="exp_price_eps").set_value(0.1).run()
    assert _chart(price, "exp_fig_revenue")["datasets"]["current"]["epsilon"].tolist() == [0.1]
    mode = run_page(PAGE, {**MODE, "exp_mode_eps": "0.01"})
    bars, chosen = _chart(mode, "exp_fig_mode")["datasets"]["bars"], _chart(mode, "exp_fig_mode")["datasets"]["chosen"]
    assert len(chosen) == 1 and chosen["label"][0] == "private choice"
    marked = bars.loc[bars["option"] == chosen["option"][0], "probability"].tolist()
    assert marked == [chosen["probability"][0]]
    # ε = 0.01, Δq = 1: the mode, 6, 27, 42 and 58 people ahead of the others, is barely favoured
    assert bars["probability"][0] == pytest.approx(1 / (1 + sum(math.exp(-0.01 * g / 2) for g in (6, 27, 42, 58))))
    assert bars["best"].sum() == 1 and bars.loc[bars["best"], "count"].tolist() == [463]


def test_sensitivity_flattens_the_probabilities() -> None:
    at = run_page(PAGE)
    at.number_input(key="exp_sens").set_value(2.0).run()
    assert_clean(at)
    w = np.exp(0.1 * np.array([30, 25, 8, 2]) / 4)
    np.testing.assert_allclose(_vote_bars(at), w / w.sum(), rtol=1e-9)
    at.number_input(key="exp_sens").set_value(0.0).run()
    assert any("sensitivity must be a finite number greater than zero" in e for e in page_errors(at))


def test_editing_a_score_changes_the_bars() -> None:
    at = run_page(PAGE)
    before = _vote_bars(at)
    _edit(at, "exp_scores", edited={3: {"score": 60}})
    assert_clean(at)
    after = _vote_bars(at)
    assert after != before and int(np.argmax(after)) == 3
    assert "picks **tennis** (score 60)" in page_text(at)
    assert _probabilities(at)["Probability at ε = 0.1"][3] == fmt.share(max(after))


def test_adding_and_deleting_options() -> None:
    at = run_page(PAGE)
    _edit(at, "exp_scores", added=[{"item": "chess", "score": 30}], deleted=[2])
    assert_clean(at)
    assert _probabilities(at)["Option"] == ["football", "volleyball", "tennis", "chess"]
    bars = _vote_bars(at)
    assert bars[0] == pytest.approx(bars[3]) and sum(bars) == pytest.approx(1.0)
    # a new empty row, as the editor adds it, is ignored rather than an error
    _edit(at, "exp_scores", added=[{}])
    assert_clean(at)


@pytest.mark.parametrize(
    "edit,fragment",
    [
        ({"edited": {1: {"score": "lots"}}}, "'volleyball' has no score"),
        ({"edited": {1: {"score": None}}}, "'volleyball' has no score"),
        ({"deleted": [0, 1, 2, 3]}, "The score table is empty"),
        ({"edited": {1: {"item": "football"}}}, "both called 'football'"),
        ({"edited": {1: {"item": None}}}, "Row 2 has a score but no name"),
    ],
)
def test_invalid_table_shows_an_error_and_no_exception(edit: dict, fragment: str) -> None:
    at = run_page(PAGE)
    _edit(at, "exp_scores", **edit)
    errors = page_errors(at)
    assert any(fragment in e for e in errors), errors
    # the rest of the page still works: the controls keep their values, the book's table is there
    assert at.session_state["exp_eps"] == 0.1 and at.number_input(key="exp_draws").value == 1000
    assert "Book, ε = 0.1" in _table(at, "Book, ε = 0.1").columns
    assert "Most common value" in at.button_group(key="exp_tab").options[2]


def test_sampling_converges_to_the_probabilities() -> None:
    at = run_page(PAGE)
    at.number_input(key="exp_draws").set_value(200_000).run()
    assert_clean(at)
    assert "In 200,000 simulated selections **football**" in page_text(at)
    shares = _shares(at)
    assert list(shares) == ["football", "volleyball", "basketball", "tennis"]
    np.testing.assert_allclose([s[-1] for s in shares.values()], [0.42404, 0.33024, 0.14115, 0.10457], atol=0.005)
    assert _chart(at, "exp_fig_draws")["datasets"]["shares"]["m"].max() == 200_000
    np.testing.assert_allclose(
        _chart(at, "exp_fig_draws")["datasets"]["expected"]["probability"], [0.42404, 0.33024, 0.14115, 0.10457], atol=1e-5
    )


def test_pricing_defaults_and_the_sensitivity_sentence() -> None:
    at = run_page(PAGE, PRICE)
    assert_clean(at)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Best price, no privacy"] == "3 at price 1"
    assert float(metrics["Exponential mechanism (expected)"]) > float(metrics["Best price + Laplace noise (expected)"])
    text = page_text(at)
    assert "**Δq = 4**" in text
    assert "scale b = Δ / ε = 3.75" in text
    # two sensitivities, each named for what it bounds, and the page says why both are right
    assert "another sensitivity, Δ = 3.75: that of the best price itself" in text
    assert "from 0.25 to 4" in text and "only the score's Δq = 4" in text
    prices = _chart(at, "exp_fig_prices")["datasets"]
    assert prices["revenue"]["value"].tolist()[:4] == [0.75, 1.5, 2.25, 3.0]
    assert prices["choice"]["value"].sum() == pytest.approx(1.0)
    assert prices["buyers"]["max_price"].tolist() == [1.0, 3.0]


def test_pricing_epsilon_and_grid_and_buyers() -> None:
    at = run_page(PAGE, PRICE)
    before = {m.label: m.value for m in at.metric}
    at.select_slider(key="exp_price_eps").set_value(20.0).run()
    assert_clean(at)
    after = {m.label: m.value for m in at.metric}
    assert float(after["Exponential mechanism (expected)"]) > float(before["Exponential mechanism (expected)"])
    assert float(after["Best price + Laplace noise (expected)"]) < 2.0
    _edit(at, "exp_buyers", edited={2: {"max_price": 3.5}})
    assert_clean(at)
    assert {m.label: m.value for m in at.metric}["Best price, no privacy"] == "3.5 at price 3.5"
    at.number_input(key="exp_pstep").set_value(0.0).run()
    assert any("price step must be greater than zero" in e for e in page_errors(at))
    at.number_input(key="exp_pstep").set_value(0.25).run()
    at.number_input(key="exp_pmax").set_value(0.1).run()
    assert any("must be above the lowest" in e for e in page_errors(at))


def test_invalid_buyers_show_an_error() -> None:
    at = run_page(PAGE, PRICE)
    _edit(at, "exp_buyers", edited={0: {"max_price": -2}})
    assert any("cannot be negative" in e for e in page_errors(at))
    _edit(at, "exp_buyers", deleted=[0, 1, 2])
    assert any("buyer table is empty" in e for e in page_errors(at))


def test_private_mode_of_the_medical_table() -> None:
    at = run_page(PAGE, MODE)
    assert_clean(at)
    assert at.selectbox(key="exp_mode_col").value == "age_bucket"
    assert at.selectbox(key="exp_mode_w").value == "patients"
    text = page_text(at)
    assert "The true most common value is **60\\-70** (463 people)" in text
    # eps = 1, Delta_q = 1: gaps of 6, 27, 42, 58 votes behind the mode
    expected = 1 / (1 + sum(math.exp(-g / 2) for g in (6, 27, 42, 58)))
    assert f"probability **{fmt.share(expected)}**" in text
    assert "public list of possible values" in text


def test_private_mode_controls_and_other_datasets() -> None:
    at = run_page(PAGE, {"data": "penguins", **MODE})
    assert_clean(at)
    at.selectbox(key="exp_mode_col").set_value("island").run()
    assert_clean(at)
    assert "The true most common value is **Biscoe** (168 people)" in page_text(at)
    at.select_slider(key="exp_mode_eps").set_value(0.001).run()
    bars = _chart(at, "exp_fig_mode")["datasets"]["bars"]
    assert bars["probability"].max() < 0.4  # almost uniform over the three islands
    assert "public list of possible values" in page_text(at)
    at.selectbox(key="exp_mode_col").set_value("year").run()
    assert "The true most common value is **2009** (120 people)" in page_text(at)
    at.selectbox(key="exp_mode_col").set_value("bill_length_mm").run()  # numeric: no public list
    assert_clean(at)
    assert "values found in the column" in page_text(at)
    assert "Not counted: 2 people with a missing value" in page_text(at)


def test_user_text_is_shown_as_typed_never_as_markup() -> None:
    at = run_page(PAGE)
    _edit(at, "exp_scores", edited={0: {"item": "<b>[click](http://evil.example)</b>", "score": 100}})
    assert_clean(at)
    # the summary is plain text the browser writes with textContent (ui/components/stepper): no
    # markdown, no HTML; only the page's own ** marks bold
    summary = reading(at, "exp_eps", "summary")
    assert "picks **<b>[click](http://evil.example)</b>**" in summary
    assert _probabilities(at)["Option"][0] == "<b>[click](http://evil.example)</b>"


def test_url_parameters_reopen_the_same_view() -> None:
    query = {"exp_eps": "1", "exp_draws": "500", "seed": "7", "exp_price_eps": "0.1", "exp_mode_eps": "0.01"}
    first, second = run_page(PAGE, query), run_page(PAGE, query)
    assert_clean(first)
    assert first.session_state["exp_eps"] == 1.0
    assert first.number_input(key="exp_draws").value == 500
    for key in ("exp_fig_vote", "exp_fig_draws"):
        for name, data in _chart(first, key)["datasets"].items():
            assert data.equals(_chart(second, key)["datasets"][name]), (key, name)
    other = run_page(PAGE, {**query, "seed": "8"})
    assert _shares(other) != _shares(first)
    assert run_page(PAGE, {**query, **PRICE}).select_slider(key="exp_price_eps").value == 0.1
    mode_first, mode_second = run_page(PAGE, {**query, **MODE}), run_page(PAGE, {**query, **MODE})
    assert mode_first.select_slider(key="exp_mode_eps").value == 0.01
    for name, data in _chart(mode_first, "exp_fig_mode")["datasets"].items():
        assert data.equals(_chart(mode_second, "exp_fig_mode")["datasets"][name]), name


@pytest.mark.parametrize("tab", ["vote", "price", "mode"])
def test_a_link_with_the_tab_id_opens_that_tab_and_runs_only_it(tab: str) -> None:
    at = run_page(PAGE, {"exp_tab": tab} if tab != "vote" else None)
    assert_clean(at)
    shown = sorted(_title(spec) for spec in vega_specs(at))
    assert len(shown) == len(TAB_CHARTS[tab])
    assert all(any(title.startswith(TITLES[key]) for title in shown) for key in TAB_CHARTS[tab])
    assert bool(at.metric) == (tab == "price")
    assert at.query_params.get("exp_tab") == (None if tab == "vote" else tab)  # the first tab keeps links short


def test_every_layer_is_named() -> None:
    for query in (None, PRICE, MODE):
        at = run_page(PAGE, query)
        for spec in vega_specs(at):
            names = [layer.get("name") for layer in spec["layer"]]
            assert all(names) and len(set(names)) == len(names), (_title(spec), names)


def test_lowest_price_and_no_weight_column() -> None:
    at = run_page(PAGE, PRICE)
    at.number_input(key="exp_pmin").set_value(1.0).run()
    assert_clean(at)
    assert _chart(at, "exp_fig_prices")["datasets"]["revenue"]["price"].tolist()[0] == 1.0
    assert "from 1 to 4" in page_text(at) and "Δ = 3" in page_text(at)
    at = run_page(PAGE, MODE)
    at.selectbox(key="exp_mode_w").set_value("").run()  # one row, one person: five buckets of 1
    assert_clean(at)
    assert "(1 person)" in page_text(at)
    bars = _chart(at, "exp_fig_mode")["datasets"]["bars"]
    assert bars["count"].tolist() == [1] * 5 and bars["best"].all()


LINKS_CSV = ("site,n\n" + "[v5](http://evil.example),1\n" * 3 + "www.evil.example,1\n" * 2 + "a@evil.example,1\n").encode()


def test_a_most_common_value_that_looks_like_a_link_is_shown_as_text() -> None:
    """Issue 30: escaped, `[v5](http://...)` still became a live link (remark-gfm autolinks bare
    addresses); the page shows it as text."""
    at = run_page(PAGE, {"data": "upload", **MODE})
    at.sidebar.file_uploader[0].set_value(("links.csv", LINKS_CSV, "text/csv")).run()
    at.selectbox(key="exp_mode_col").set_value("site").run()
    assert_clean(at)
    text = page_text(at)
    assert "most common value is **" in text and "evil" in text
    assert live_links(text) == []
