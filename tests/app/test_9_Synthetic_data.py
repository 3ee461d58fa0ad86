"""AppTest for pages/9_Synthetic_data.py: the pupils example, MST on request (one real fit on four
penguin columns, about 15 s), the comparison and the lesson, and a dataset that declares nothing."""

from __future__ import annotations

import re

import pytest

from tests.app.conftest import assert_clean, chart_titled, page_text, reading, run_page, step
from ui.text.synthetic import TEXT

PAGE = "pages/9_Synthetic_data.py"


def test_the_pupils_example_moves_with_epsilon() -> None:
    at = run_page(PAGE)
    assert_clean(at)
    assert "14 | 0 |" in reading(at, "syn_pupils_eps")
    chart_titled(at, TEXT["pupils_chart_title"].format(eps="1").split("\n")[0])
    step(at, "syn_pupils_eps", 10.0)  # the chart's own slider, as the browser reports it
    assert_clean(at)
    assert "scale 1/ε = 0.1" in reading(at, "syn_pupils_eps")
    assert at.query_params["syn_pupils_eps"] == "10"


@pytest.mark.timeout(600)
def test_mst_runs_on_request_and_compares_the_tables() -> None:
    at = run_page(PAGE, {"syn_tab": "mst", "data": "penguins"})
    assert_clean(at)
    assert TEXT["mst_hint"] in page_text(at)  # nothing is fitted before the button
    at.button(key="syn_fit").click().run(timeout=600)
    assert_clean(at)
    text = page_text(at)
    # Issue 30, item 2: the table had the real table's length (333 rows) and the summary said how many
    # real rows were left out; now the number of rows is a public setting.
    assert "**1,000 synthetic rows** of species, island, sex, body\\_mass\\_g" in text
    summary = next(m.value for m in at.markdown if "synthetic rows**" in m.value)
    numbers = re.findall(r"\d+", re.sub(r"fitted in \d+ s", "", summary))  # the fit's seconds are no count
    assert not {"333", "344", "11"} & set(numbers)  # no count of the real rows
    assert "| Synthetic (MST) |" in text and "| Independent noisy columns |" in text
    assert [b.proto.label for b in at.get("download_button")] == [TEXT["download"], TEXT["download_report"]]
    chart_titled(at, TEXT["graph_title"].split("\n")[0])
    at.selectbox(key="syn_col").set_value("sex").run()  # the table is kept: no new fit
    assert_clean(at)
    assert "**1,000 synthetic rows**" in page_text(at)
    at.number_input(key="syn_rows").set_value(500).run()  # drawn again from the kept model: no new fit
    assert_clean(at)
    assert "**500 synthetic rows**" in page_text(at)
    at.query_params["syn_tab"] = "lesson"
    at.run()
    assert_clean(at)


def test_a_dataset_without_declared_columns_says_why() -> None:
    at = run_page(PAGE, {"syn_tab": "mst", "data": "cancer"})
    assert not at.exception
    assert any(TEXT["no_domains"][:40] in i.value for i in at.info)
    at.button(key="syn_use_penguins").click().run()  # one click to a dataset that works, sidebar included
    assert_clean(at)
    assert at.query_params["data"] == "penguins" and at.selectbox(key="data").value == "penguins"
    assert at.multiselect(key="syn_cols").value == ["species", "island", "sex", "body_mass_g"]


@pytest.mark.timeout(900)
def test_the_tradeoff_fits_every_epsilon_on_request() -> None:
    at = run_page(PAGE, {"syn_tab": "tradeoff", "data": "penguins"})
    assert_clean(at)
    assert TEXT["sweep_hint"] in page_text(at)
    at.multiselect(key="syn_sweep_cols").set_value(["species", "island"]).run()
    at.button(key="syn_sweep_fit").click().run(timeout=900)
    assert_clean(at)
    assert "5 of 5 ε values fitted" in page_text(at)
    chart_titled(at, TEXT["sweep_title"].split("\n")[0])
    assert "syn_sweep_fit" not in [b.key for b in at.get("button")]  # nothing left to fit: no button
