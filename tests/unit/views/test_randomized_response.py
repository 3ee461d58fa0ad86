"""The Randomized response page's compute functions, on their own (no Streamlit)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from dpcore.columns import answer_columns
from ui.views.randomized_response import book, column, local, protocol
from ui.views.steps import at_each


def _layer_names(spec: dict) -> list[str]:
    return [layer["name"] for layer in spec["layer"]]


def test_link_between_p_and_epsilon() -> None:
    view = protocol.compute(protocol.Settings(0.75, ()))
    assert "ln(0.75 / 0.25) = **1.099**" in view.link and "3 times as likely" in view.link
    assert view.toss.startswith("Press the button") and view.tally == ""


def test_tosses_are_told_and_counted_for_people() -> None:
    one = protocol.compute(protocol.Settings(0.75, ((True, True, True),)))
    assert one.toss.startswith("Toss 1: the respondent's true answer is **Yes**") and "**heads**" in one.toss
    assert one.tally == "So far 1 toss: heads once (a share of 1, against p = 0.75); 0 reports differed from the true answer."
    two = protocol.compute(protocol.Settings(0.75, ((True, True, True), (False, False, True))))
    assert "opposite: **Yes**" in two.toss
    assert two.tally.startswith("So far 2 tosses: heads once (a share of 0.5") and "1 report differed" in two.tally
    assert "heads 1 times" not in two.tally


def test_survey_follows_the_course_estimator() -> None:
    view = protocol.survey(protocol.SurveySettings(0.75, 1000, 0.3, 42))
    points = view.chart["datasets"]["points"].to_pandas()
    truth, raw, corrected = points["share"]
    assert truth == pytest.approx(0.3) and corrected == pytest.approx((0.75 - 1) / 0.5 + raw / 0.5)
    assert view.result.startswith("Of 1,000 respondents, 300 truly say 'yes' (share 0.3).")
    assert _layer_names(view.chart) == ["truth", "interval", "interval_low", "interval_high", "points"]
    x = view.chart["layer"][-1]["encoding"]["x"]
    assert x["scale"] == {"zero": True, "nice": True, "padding": 16}  # every point stays inside the plot
    assert view.chart["layer"][-1]["encoding"]["y"]["axis"] is None  # rows named in the legend, not the axis
    assert isinstance(view.chart["title"]["text"], list)  # a short title on two lines fits a phone


def test_survey_interval_is_the_course_s_95_percent_interval() -> None:
    points = protocol.survey(protocol.SurveySettings(0.75, 1000, 0.3, 42)).chart["datasets"]
    corrected = points["points"].column("share").to_pylist()[2]
    low, high = points["interval"].column("low")[0].as_py(), points["interval"].column("high")[0].as_py()
    half = 1.959964 * math.sqrt(0.75 * 0.25 / 1000) / 0.5
    assert high - corrected == pytest.approx(half, rel=1e-5)
    assert corrected - low == pytest.approx(half, rel=1e-5)


def test_survey_of_one_respondent_reads_in_the_singular() -> None:
    view = protocol.survey(protocol.SurveySettings(0.75, 1, 1.0, 42))
    assert view.result.startswith("Of 1 respondent, 1 truly says 'yes'")
    assert "can fall below 0 or above 1" in view.notes


def test_survey_spec_unchanged_by_its_controls_but_the_title_naming_the_share() -> None:
    a = protocol.survey(protocol.SurveySettings(0.75, 1000, 0.3, 42)).chart
    b = protocol.survey(protocol.SurveySettings(0.9, 50, 0.9, 1)).chart
    assert {**a, "datasets": sorted(a["datasets"]), "title": None} == {**b, "datasets": sorted(b["datasets"]), "title": None}
    assert a["title"]["text"][-1] == "(true share of 'yes': 0.3)"


def test_survey_steps_hold_every_true_share() -> None:
    steps = at_each(protocol.survey, protocol.SurveySettings(0.75, 1000, None, 42), (0.0, 0.5, 1.0), field="share")
    truths = [frame["datasets"]["truth"].column("share").to_pylist() for frame in steps.frames("chart")]
    assert truths == [[0.0], [0.5], [1.0]]
    readings = steps.readings("reading")
    assert str(readings[1][0][1]).startswith("Of 1,000 respondents, 500 truly say 'yes' (share 0.5).")
    assert readings[1][-1][1] == protocol.TEXT["simulation"]


def test_the_books_example() -> None:
    view = book.compute(book.Settings(42))
    assert "Male: [20 × (0.8 − 1) + 14] / (0.8 × 2 − 1) = 10 / 0.6 ≈ **16.7** (16.67)" in view.steps
    assert "Female: [20 × (0.8 − 1) + 6] / (0.8 × 2 − 1) = 2 / 0.6 ≈ **3.3** (3.33)" in view.steps
    assert list(view.table["Corrected"]) == [16.67, 3.33]
    assert view.rerun.startswith("With the seed 42, the 20 coins gave ")
    assert book.compute(book.Settings(42)).rerun == view.rerun  # the same seed, the same coins


MEDICAL = pd.Series(["20-30", "30-40", "40-50", "50-60", "60-70"])


def _column(**changes: object) -> column.View:
    settings = {"column": "age_bucket", "values": MEDICAL, "weights": pd.Series([405, 436, 421, 457, 463]),
                "categories": tuple(MEDICAL), "epsilon": 1.0, "seed": 42}
    return column.compute(column.Settings(**{**settings, **changes}))


def test_column_of_the_medical_table() -> None:
    view = _column()
    p = math.e / (math.e + 4)
    assert f"each of the 2,182 people reports their true value with probability p = {p:.3f}" in view.method
    table = view.table.data
    assert list(table["True count"]) == [405, 436, 421, 457, 463]
    assert table["Corrected frequency"].sum() == pytest.approx(1.0)
    assert "0.186" in view.table.to_html()  # three decimals for people, not 0.18560953
    assert _layer_names(view.chart) == ["bars", "intervals", "zero"]
    assert _layer_names(view.error_chart) == ["curves", "run", "run_note"]
    assert view.error_chart["datasets"]["run"].column("note").to_pylist() == ["this run:\nn = 2,182, ε = 1"]
    assert "public list declared for this dataset" in view.errors


def test_column_error_against_n_at_the_chosen_epsilon() -> None:
    curves = _column().error_chart["datasets"]["curves"].to_pandas()
    assert _column().error_chart["datasets"]["run"].column("n").to_pylist() == [2182]
    chosen = curves.loc[curves["series"] == "Local, your ε", "error"].tolist()
    assert chosen == curves.loc[curves["series"] == "Local, ε = 1", "error"].tolist()
    assert chosen == sorted(chosen, reverse=True)  # the error shrinks as n grows


def test_column_error_legend_shows_lines_only() -> None:
    spec = _column().error_chart
    run = spec["layer"][1]
    assert "color" not in run["encoding"]  # the cross is named by its note, not in the line legend
    series = spec["datasets"]["curves"].column("series").unique().to_pylist()
    assert series == ["Local, ε = 0.5", "Local, ε = 1", "Local, ε = 2", "Local, ε = 4", "Local, your ε", "Central, your ε"]
    legend = spec["layer"][0]["encoding"]["color"]["legend"]
    assert legend["orient"] == "bottom" and legend["labelLimit"] <= 160


def test_column_of_one_person_and_missing_values() -> None:
    view = _column(values=pd.Series(["a", "b", None]), weights=None, categories=None)
    assert "each of the 2 people" in view.method
    assert "Not randomized: 1 person with a missing value and 0 people with a value outside" in view.errors


def test_column_errors_are_sentences() -> None:
    with pytest.raises(ValueError, match="only one possible answer"):
        _column(values=pd.Series(["a", "a"]), weights=None, categories=None)


def test_eligible_columns() -> None:
    frame = pd.DataFrame({"id": range(300), "sex": ["f", "m"] * 150, "one": ["x"] * 300})
    assert answer_columns(frame) == ["sex"]


def test_local_versus_central_diagram() -> None:
    view = local.compute()
    assert _layer_names(view.chart) == ["arrows", "boxes", "box_labels", "notes", "headings"]
    labels = view.chart["datasets"]["boxes"].column("label").to_pylist()
    assert "Trusted\ncurator adds\nnoise once" in labels and "Person\n1" in labels
