"""AppTest for pages/2_Histogram_and_neighbour.py: defaults, every control, bad input, the URL."""

from __future__ import annotations

import json

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from dpcore.errors import DPError
from dpcore.limits import EPSILON_GRID
from tests.app.conftest import (
    assert_clean,
    bars,
    chart_titled,
    layout,
    markdown_tables,
    page_text,
    reading,
    run_page,
    step,
)
from ui import fmt
from ui.text.histogram import TEXT

PAGE = "pages/2_Histogram_and_neighbour.py"


def true_chart(at: AppTest) -> dict:
    return chart_titled(at, TEXT["true_title"])


def noisy_chart(at: AppTest) -> dict:
    return chart_titled(at, TEXT["noisy_title"].split("{")[0])  # "Noisy counts at ε = …"


def dist_chart(at: AppTest) -> dict:
    return chart_titled(at, TEXT["dist_title"])




@pytest.fixture(scope="module")
def default_run() -> AppTest:
    return run_page(PAGE)


def test_default_view_is_the_medical_histogram_with_the_course_neighbour(default_run: AppTest) -> None:
    at = default_run
    assert_clean(at)
    assert at.selectbox(key="hist_col").value == "age_bucket"
    assert at.selectbox(key="hist_w").value == "patients"
    assert at.radio(key="hist_nb").value == "course"
    true_fig = true_chart(at)
    assert bars(true_fig, 0) == [405, 436, 421, 457, 463]
    assert bars(true_fig, 1) == [405, 435, 421, 457, 463]
    assert true_fig["datasets"]["changed"]["bin"].tolist() == ["30-40"]
    text = page_text(at)
    assert "sensitivity is Δ₁ = 1" in text
    assert "times as likely under D as under D′" in text
    assert "The pink band marks the bar “30-40”, the only one where D and D′ differ" in text


def test_the_charts_hold_every_epsilon_and_the_server_learns_a_step(default_run: AppTest) -> None:
    at = run_page(PAGE)
    true_before, noisy_before = true_chart(at), noisy_chart(at)
    assert noisy_before["frames"] == len(EPSILON_GRID) and dist_chart(at)["frames"] == len(EPSILON_GRID)
    assert noisy_before["title"]["text"] == "Noisy counts at ε = 1 (±95%)"
    # a step of the chart's own slider is drawn by the browser; the server learns it a moment later
    step(at, "hist_eps", 0.7)
    assert_clean(at)
    assert bars(true_chart(at), 0) == bars(true_before, 0)
    assert bars(noisy_chart(at), 0) != bars(noisy_before, 0)
    assert at.query_params["hist_eps"] in ("0.7", ["0.7"])
    step(at, "hist_eps", 0.1)
    assert "each bar is off by about 10 people" in page_text(at)
    wider = noisy_chart(at)
    # Ten times the noise outgrows the axis: it steps to round numbers, and nothing else changes.
    assert wider["layer"][1]["encoding"]["y"]["scale"]["domain"] == [350.0, 500.0]
    assert noisy_before["layer"][1]["encoding"]["y"]["scale"]["domain"] == [400.0, 480.0]
    strip = lambda spec: {**layout(spec), "title": None,
                          "layer": [{**l, "encoding": {**l["encoding"], "y": None}} for l in spec["layer"]]}
    # against the chart at epsilon 1 with every frame computed (the first one held only epsilon 1's,
    # the others pending: its band of the bar that differs was drawn per frame)
    step(at, "hist_eps", 1.0)
    assert noisy_chart(at)["layer"][1]["encoding"]["y"]["scale"]["domain"] == [400.0, 480.0]
    assert strip(wider) == strip(noisy_chart(at))


def test_mechanism_choice_shows_delta_and_discrete_outputs() -> None:
    at = run_page(PAGE)
    at.radio(key="hist_mech").set_value("gaussian").run()
    assert_clean(at)
    assert at.select_slider(key="hist_delta").value == pytest.approx(1e-5)
    assert TEXT["calibration_gaussian-analytic"] in page_text(at)
    at.radio(key="hist_gmethod").set_value("classic")
    step(at, "hist_eps", 2.0)
    assert not at.exception  # the classic formula is refused from epsilon 1 on: said under an empty chart
    said = reading(at, "hist_eps")
    assert "proven only for epsilon below 1" in said and "Choose the analytic calibration" in said
    assert "or an epsilon below 1" in said and noisy_chart(at)["datasets"]["bars"].empty
    assert at.radio(key="hist_gmethod").value == "classic" and at.session_state["hist_eps"] == 2.0
    at.radio(key="hist_mech").set_value("discrete_laplace").run()
    assert_clean(at)
    noisy = bars(noisy_chart(at), 0)
    assert all(float(v).is_integer() for v in noisy)


def test_neighbour_kinds_change_sensitivity_and_the_differing_bars() -> None:
    at = run_page(PAGE)
    at.radio(key="hist_nb").set_value("remove").run()
    assert_clean(at)
    assert bars(true_chart(at), 1) == [404, 436, 421, 457, 463]
    at.number_input(key="hist_row").set_value(3).run()
    assert bars(true_chart(at), 1) == [405, 436, 421, 456, 463]
    at.radio(key="hist_nb").set_value("replace").run()
    assert_clean(at)
    assert "Δ₁ = 2" in page_text(at)
    assert bars(true_chart(at), 1) == [405, 436, 421, 456, 464]
    assert "scale 2" in page_text(at)


def test_post_processing_clamps_rounds_and_normalises() -> None:
    at = run_page(PAGE, {"hist_eps": "0.001"})
    at.checkbox(key="hist_clamp").check()
    at.checkbox(key="hist_round").check().run()
    noisy = bars(noisy_chart(at), 0)
    assert all(v >= 0 and float(v).is_integer() for v in noisy)
    at.checkbox(key="hist_norm").check().run()
    assert sum(bars(noisy_chart(at), 0)) == pytest.approx(1.0)
    assert "low" not in noisy_chart(at)["datasets"]["bars"].columns  # no interval on shares


def test_numeric_column_with_bad_bounds_shows_an_error_and_recovers() -> None:
    at = run_page(PAGE, {"data": "zoo"})
    assert_clean(at)
    assert at.selectbox(key="hist_col").value == "carrots"
    lower = next(n for n in at.number_input if n.key.startswith("hist_lo_"))
    assert lower.value == 0.0
    lower.set_value(500.0).run()
    assert not at.exception
    assert any("must be below the upper bound" in e.value for e in at.error)
    next(n for n in at.number_input if n.key.startswith("hist_lo_")).set_value(0.0).run()
    assert_clean(at)


def test_empty_category_selection_is_a_message_not_a_traceback() -> None:
    at = run_page(PAGE, {"data": "students"})
    cats = next(m for m in at.multiselect if m.key.startswith("hist_cats_"))
    assert cats.value == ["Pass", "Fail"]
    cats.set_value([]).run()
    assert not at.exception
    assert any("at least one category" in e.value for e in at.error)


def _release_table(at: AppTest):
    return next(d.value for d in at.dataframe if "released" in d.value.columns)


def test_release_is_drawn_with_opendp_and_offered_as_csv() -> None:
    at = run_page(PAGE)
    step(at, "hist_eps", 0.5)
    at.button(key="hist_release").click().run()
    assert_clean(at)
    assert any("Release drawn with OpenDP" in s.value and "ε = 0.5" in s.value
               and "the dataset's documented categories" in s.value for s in at.success)
    assert at.get("download_button")
    table = _release_table(at)
    assert table["bin"].tolist() == ["20-30", "30-40", "40-50", "50-60", "60-70"]  # the catalog's list
    assert (table["mechanism"] == "laplace").all() and (table["epsilon"] == 0.5).all()
    noise = table["released"].to_numpy() - [405, 436, 421, 457, 463]
    assert np.all(np.abs(noise) < 60) and not np.all(noise == 0)  # Lap(2): P(|noise| >= 60) = exp(-30)
    # rounded to what noise of scale 2 justifies: one decimal (issue 31)
    assert (table["released"] == table["released"].round(1)).all()
    # a later epsilon step does not relabel the release: it says which epsilon it spent
    step(at, "hist_eps", 2.0)
    assert any("ε = 0.5" in s.value for s in at.success)


def test_a_release_clicked_right_after_a_step_spends_the_stepped_epsilon() -> None:
    at = run_page(PAGE)
    # the browser sends the step at once with the click (no pause): the click's callback reads it
    at.session_state["hist_eps_follow"] = {"step": {"index": EPSILON_GRID.index(0.7), "now": True, "at": 1e12}}
    at.button(key="hist_release").click().run()
    assert_clean(at)
    assert any("ε = 0.7" in s.value for s in at.success)
    assert at.session_state["hist_eps"] == 0.7 and at.query_params["hist_eps"] in ("0.7", ["0.7"])
    step(at, "hist_eps", 0.7)  # an old report again changes nothing
    assert at.session_state["hist_eps"] == 0.7


def test_a_release_with_the_classic_gaussian_chosen_uses_the_analytic_one() -> None:
    at = run_page(PAGE, {"hist_mech": "gaussian", "hist_gmethod": "classic", "hist_eps": "2"})
    assert not at.exception
    assert "or an epsilon below 1" in reading(at, "hist_eps")  # the charts refuse the classic formula
    assert any("always calibrates the Gaussian with the analytic formula" in c.value for c in at.caption)
    at.button(key="hist_release").click().run()
    assert not at.exception
    assert any("Gaussian, ε = 2" in s.value for s in at.success)
    assert at.get("download_button")
    assert (_release_table(at)["mechanism"] == "gaussian-analytic").all()
    assert at.radio(key="hist_gmethod").value == "classic"  # the user's choices stay
    assert at.session_state["hist_eps"] == 2.0
    analytic = run_page(PAGE, {"hist_mech": "gaussian"})
    assert not any("always calibrates" in c.value for c in analytic.caption)  # said only when it matters


def _categories(at: AppTest, prefix: str = "hist_cats_"):
    return next(m for m in at.multiselect if m.key.startswith(prefix))


def test_categories_read_from_an_upload_are_refused_until_declared() -> None:
    at = run_page(PAGE, {"data": "upload"})
    at.sidebar.file_uploader[0].set_value(("adult.csv", UPLOAD_WITH_AGE, "text/csv")).run()
    at.selectbox(key="hist_col").set_value("city").run()
    assert not at.exception and not at.error
    cats = _categories(at)
    assert cats.value == ["Lyon", "Nice"]  # prefilled from the data: fine to chart, never to release
    assert any("categories were read from the data, so the list itself is not private" in w.value
               and "declare the categories" in w.value for w in at.warning)
    assert "hist_release" not in [b.key for b in at.button]
    assert not at.get("download_button")
    assert bars(true_chart(at), 0) == [2, 1]  # the charts still show
    # Issue 30: an edit does not make a list read from the data declared (this test asserted the
    # opposite before): adding a label, or removing one and putting it back, leaves it data-derived.
    cats.set_value(["Lyon", "Nice", "Paris"]).run()
    assert_clean(at)
    assert "hist_release" not in [b.key for b in at.button]
    _categories(at).set_value(["Lyon"]).run()
    _categories(at).set_value(["Lyon", "Nice"]).run()
    assert "hist_release" not in [b.key for b in at.button]
    assert any("read from the data" in w.value for w in at.warning)
    # the user declares the list from an empty start: every label typed by them
    next(b for b in at.button if b.key.startswith("hist_clear_")).click().run()
    assert_clean(at)
    typed = _categories(at, "hist_typed_")
    assert typed.value == [] and typed.options == []  # no label of the data is offered
    typed.set_value(["Lyon", "Nice", "Paris"]).run()  # Paris: empty
    assert_clean(at)
    assert not any("read from the data" in w.value for w in at.warning)
    at.button(key="hist_release").click().run()
    assert_clean(at)
    assert any("the categories you declared" in s.value for s in at.success)
    assert _release_table(at)["bin"].tolist() == ["Lyon", "Nice", "Paris"]  # the empty category is released too
    assert at.get("download_button")


def test_an_edited_list_of_names_read_from_the_data_is_never_released() -> None:
    """Issue 30: students' `name` has no documented list: prefilled with its 7 names, removing one
    and adding it back must not turn the data's list into a declared one."""
    at = run_page(PAGE, {"data": "students"})
    at.selectbox(key="hist_col").set_value("name").run()
    names = _categories(at).value
    assert len(names) == 7
    _categories(at).set_value(names[1:]).run()
    _categories(at).set_value(names[1:] + names[:1]).run()
    assert_clean(at)
    assert "hist_release" not in [b.key for b in at.button]
    assert any("read from the data" in w.value for w in at.warning)


def test_an_edited_catalog_list_is_released_as_typed_and_the_full_one_as_the_catalog() -> None:
    at = run_page(PAGE, {"data": "students"})
    cats = next(m for m in at.multiselect if m.key.startswith("hist_cats_"))
    cats.set_value(["Fail"]).run()  # row 0, the record that leaves, is a Fail
    at.button(key="hist_release").click().run()
    assert_clean(at)
    assert any("the categories you declared" in s.value for s in at.success)
    assert _release_table(at)["bin"].tolist() == ["Fail"]
    next(m for m in at.multiselect if m.key.startswith("hist_cats_")).set_value(["Fail", "Pass"]).run()
    assert not at.get("download_button")  # the release shown belongs to the bins it was drawn on
    at.button(key="hist_release").click().run()
    assert any("the dataset's documented categories" in s.value for s in at.success)
    assert _release_table(at)["bin"].tolist() == ["Pass", "Fail"]  # in the documented order


def test_numeric_bins_on_public_bounds_are_released() -> None:
    at = run_page(PAGE, {"data": "zoo"})
    at.button(key="hist_release").click().run()
    assert_clean(at)
    assert any("equal-width bins on the public bounds" in s.value for s in at.success)
    assert len(_release_table(at)) == 10


def test_a_refused_release_is_an_error_box_and_the_choices_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise DPError("count_out_of_range", number=1, shown="2e+16", maximum=2**53)

    monkeypatch.setattr("ui.tabs.histogram.histogram.the_release.release_histogram", refuse)
    at = run_page(PAGE, {"hist_eps": "0.5", "hist_nb": "remove"})
    at.button(key="hist_release").click().run()
    assert not at.exception
    assert any("Count number 1 is 2e+16: a release holds counts up to" in e.value for e in at.error)
    assert not at.get("download_button")
    assert at.session_state["hist_eps"] == 0.5 and at.radio(key="hist_nb").value == "remove"
    assert noisy_chart(at)  # the rest of the page is still drawn


def test_only_the_open_tab_runs_and_the_address_names_it() -> None:
    at = run_page(PAGE, {"hist_tab": "zoo"})
    assert_clean(at)
    assert "True answers: 90 on D and 89 on D′." in page_text(at)
    assert "hist_col" not in [s.key for s in at.selectbox]  # the closed histogram tab did not run
    assert at.query_params["hist_tab"] in ("zoo", ["zoo"])
    default = run_page(PAGE)
    assert "zoo_eps" not in [m.key for m in default.multiselect]
    assert "hist_tab" not in default.query_params  # the first tab keeps links short


def test_zoo_tab_compares_schemes_for_each_budget() -> None:
    at = run_page(PAGE, {"zoo_eps": ["10", "0.1", "1"], "hist_tab": "zoo"})
    assert_clean(at)
    text = page_text(at)
    assert "at ε = 0.1: δ = 6.29%" in text  # scheme 2 is (0.1, 0.063)-DP against removing the Dugong
    assert "at ε = 10: δ = more than 99.9%" in text
    table = next(t for t in markdown_tables(at) if t.shape[1] == 5 and "Scheme" in t.columns)
    assert table.shape[0] == 6
    assert set(table.iloc[:, 0]) == {"10", "1", "0.1"}
    at.multiselect(key="zoo_eps").set_value([]).run()
    assert any("Choose at least one" in i.value for i in at.info)


def test_malformed_upload_shows_an_error_and_the_page_keeps_working() -> None:
    at = run_page(PAGE, {"data": "upload"})
    assert_clean(at)
    at.sidebar.file_uploader[0].set_value(("broken.csv", b"\x89PNG\r\n\x1a\n\x00\x00binary", "text/csv")).run()
    assert not at.exception
    assert any("cannot be used" in e.value for e in at.sidebar.error)
    assert at.get("vega_lite_chart"), "the page must still draw the default dataset"
    good = "city;score\nLyon;1,5\nNice;2,5\nLyon;3\n".encode("cp1252")
    at.sidebar.file_uploader[0].set_value(("good.csv", good, "text/csv")).run()
    assert_clean(at)
    assert at.selectbox(key="hist_col").value == "city"
    assert bars(true_chart(at), 0) == [2, 1]


def test_url_parameters_reopen_the_same_view() -> None:
    query = {"hist_eps": "0.5", "seed": "7", "hist_nb": "remove", "hist_row": "2"}
    first, second = run_page(PAGE, query), run_page(PAGE, query)
    assert first.session_state["hist_eps"] == 0.5
    assert noisy_chart(first)["title"]["text"] == "Noisy counts at ε = 0.5 (±95%)"  # the chart opens there
    assert first.number_input(key="seed").value == 7
    assert bars(noisy_chart(first), 0) == bars(noisy_chart(second), 0)
    other = run_page(PAGE, {**query, "seed": "8"})
    assert bars(noisy_chart(other), 0) != bars(noisy_chart(first), 0)


def test_bad_upload_after_a_good_one_keeps_the_good_one() -> None:
    at = run_page(PAGE, {"data": "upload"})
    at.sidebar.file_uploader[0].set_value(("first.csv", b"x,y\n1,a\n2,b\n", "text/csv")).run()
    assert_clean(at)
    at.sidebar.file_uploader[0].set_value(("[evil](http://x).csv", b"", "text/csv")).run()
    assert not at.exception
    assert any("empty" in e.value.lower() for e in at.sidebar.error)
    assert any("first\\.csv" in w.value for w in at.sidebar.warning)
    assert at.selectbox(key="hist_col").value == "x"


def test_numbers_table_is_drawn_only_when_its_expander_is_open_and_steps_with_the_chart() -> None:
    closed = run_page(PAGE)
    assert not [c for c in closed.get("bidi_component") if c.proto.id.endswith("hist_eps_reading_numbers")]
    opened = run_page(PAGE, {"hist_numbers": "true"})
    assert_clean(opened)
    lines = reading(opened, "hist_eps", "numbers").splitlines()
    assert lines[0] == "At ε = 1, the value the chart shows."
    assert lines[1].startswith("Bin | D | D′ | ")
    assert [line.split(" | ")[1:3] for line in lines[2:]] == [["405", "405"], ["436", "435"], ["421", "421"],
                                                               ["457", "457"], ["463", "463"]]
    data = json.loads(next(c for c in opened.get("bidi_component")
                           if c.proto.id.endswith("hist_eps_reading_numbers")).proto.json)
    assert len(data["steps"]) == len(EPSILON_GRID)  # every epsilon's table: a step needs no rerun


def test_the_record_that_leaves_is_shown_as_plain_text() -> None:
    at = run_page(PAGE, {"hist_nb": "remove", "hist_row": "1"})
    assert "age_bucket: 30-40 · patients: 436" in [t.value for t in at.text]


def test_output_distributions_mark_the_observed_value_of_the_differing_bar(default_run: AppTest) -> None:
    dist = dist_chart(default_run)
    observed = dist["datasets"]["observed"]["output"].iloc[0]
    assert f"O = {fmt.number(observed)} is" in page_text(default_run)
    curves = dist["datasets"]["curves"]
    assert not curves["as_bar"].any()  # drawn by the layer of lines
    for name, law in curves.groupby("series"):
        assert np.trapezoid(law["likelihood"], law["output"]) == pytest.approx(1.0, abs=0.01), name
    peaks = curves.loc[curves.groupby("series")["likelihood"].idxmax(), "output"].tolist()
    assert sorted(peaks) == [435.0, 436.0]  # the laws are centred on the two true counts


@pytest.mark.parametrize(("epsilon", "as_bars"), [(1.0, True), (0.01, False)])
def test_a_discrete_pmf_is_bars_over_few_integers_and_a_line_over_many(epsilon: float, as_bars: bool) -> None:
    at = run_page(PAGE, {"hist_mech": "discrete_laplace", "hist_eps": str(epsilon)})
    assert_clean(at)
    dist = dist_chart(at)
    curves = dist["datasets"]["curves"]
    assert (curves["as_bar"] == as_bars).all()  # each drawn by its own layer, of bars or of lines
    assert dist["layer"][0]["encoding"]["color"]["legend"]["symbolType"] == ("square" if as_bars else "stroke")
    assert dist["layer"][0]["encoding"]["y2"] == {"datum": 0}  # a bar stands on 0, not a stroke at its height
    assert (curves["output"] % 1 == 0).all()
    assert len(curves) <= 2 * 130  # few points: the browser's redraw cost grows with each one


UPLOAD_WITH_AGE = b"age,capital_gain,n,city\n25,0,3,Lyon\n40,99999,1,Nice\n61,500,2,Lyon\n"


def test_an_uploaded_numeric_column_waits_for_public_bounds_and_offers_typical_ones() -> None:
    at = run_page(PAGE, {"data": "upload"})
    at.sidebar.file_uploader[0].set_value(("adult.csv", UPLOAD_WITH_AGE, "text/csv")).run()
    assert_clean(at)
    assert at.selectbox(key="hist_col").value == "age"
    assert any("no public bounds yet" in i.value for i in at.info)
    assert not at.get("vega_lite_chart")  # no histogram from bounds the data would have chosen
    typical = next(b for b in at.button if b.key.startswith("hist_typical_"))
    assert typical.label == "Use typical public bounds 0 to 120"
    typical.click().run()
    assert_clean(at)
    assert sum(bars(true_chart(at), 0)) == 3


def test_values_outside_the_bounds_are_counted_and_said() -> None:
    at = run_page(PAGE, {"data": "upload"})
    at.sidebar.file_uploader[0].set_value(("adult.csv", UPLOAD_WITH_AGE, "text/csv")).run()
    at.selectbox(key="hist_col").set_value("capital_gain").run()
    lo = next(n for n in at.number_input if n.key.startswith("hist_lo_"))
    hi = next(n for n in at.number_input if n.key.startswith("hist_hi_"))
    lo.set_value(0.0)
    hi.set_value(1000.0).run()
    assert_clean(at)
    assert any("1 values lie outside the public bounds 0 to 1000" in w.value for w in at.warning)


def test_only_count_like_columns_are_offered_as_people_per_row() -> None:
    at = run_page(PAGE, {"data": "upload"})
    at.sidebar.file_uploader[0].set_value(("adult.csv", UPLOAD_WITH_AGE, "text/csv")).run()
    at.selectbox(key="hist_col").set_value("city").run()
    assert at.selectbox(key="hist_w").options == ["(one row is one person)", "n"]  # not age, not capital_gain
    at2 = run_page(PAGE, {"data": "students"})
    assert "hist_w" not in [s.key for s in at2.selectbox]  # nothing there counts people
