"""Real-browser test of the release planner as a stakeholder uses it: plan three statistics on an
uploaded CSV, set a total budget, read each accuracy, draw a release, see the ledger, be refused
past the budget, and download the report."""

from __future__ import annotations

import json
import math
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import chart, choose, label_number, mark_labels, open_app, upload_csv, wait_for_app_run
from ui import fmt
from ui.text.planner import TEXT

PLANNER = "/Release_planner"
CSV = ("person,age,city\n" + "".join(f"p{i},{20 + i % 50},{('North', 'South', 'East')[i % 3]}\n"
                                       for i in range(300))).encode()


def _listed(page: Page, name: str):
    """The card of a listed statistic (its bold name), on the left of the page."""
    return page.get_by_test_id("stMarkdownContainer").get_by_role("strong").filter(has_text=re.compile(f"^{name}$"))


def _accuracies(page: Page) -> list[str]:
    """The "within" column of the plan's table, as the browser shows it (under the chart whose own
    slider is the total budget, swapped by the browser on each step)."""
    table = page.get_by_role("table").filter(has_text=TEXT["col_accuracy"])
    return [cell.strip() for cell in table.locator("tbody tr td:nth-child(4)").all_inner_texts()]


def test_plan_three_statistics_release_and_be_refused_past_the_budget(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{PLANNER}?data=upload")
    upload_csv(page, "people.csv", CSV)
    # the starting plan: a count and the mean of age (typical public bounds 0-120)
    expect(_listed(page, "Mean of age").first).to_be_visible()
    page.get_by_text(TEXT["add_title"]).click()
    page.get_by_role("radiogroup", name=TEXT["stat_kind"]).get_by_text(TEXT["kind_histogram"]).click()
    wait_for_app_run(page)
    expect(page.get_by_role("textbox", name=TEXT["categories"])).to_be_visible()  # the rerun has drawn
    choose(page, TEXT["stat_column"], "city")
    categories = page.get_by_role("textbox", name=TEXT["categories"])
    categories.fill("North\nSouth\nEast\nWest")
    categories.press("Control+Enter")  # Streamlit submits a text area on Ctrl+Enter
    wait_for_app_run(page)
    page.get_by_role("button", name=TEXT["add_button"]).click()
    wait_for_app_run(page)
    expect(_listed(page, "Histogram of city").first).to_be_visible()
    assert len(_accuracies(page)) == 3

    before = _accuracies(page)
    slider = page.get_by_role("slider", name=TEXT["total_epsilon"])
    slider.focus()
    slider.press("ArrowRight")  # 1 -> 1.5, drawn by the browser: the chart, the summary and the table
    expect(page.get_by_role("cell", name="1.5", exact=True).or_(page.get_by_text(re.compile(r"ε = 1\.5"))).first).to_be_visible()
    after = _accuracies(page)
    assert after != before
    assert float(after[0].strip("±")) < float(before[0].strip("±"))
    points = mark_labels(chart(page, TEXT["curves_title"].split("\n")[0]), "chosen")
    assert len(points) == 3

    page.get_by_role("radio", name=TEXT["tab_release"]).click()
    wait_for_app_run(page)
    budget = page.get_by_role("spinbutton", name=TEXT["ledger_budget"])
    budget.fill("2")
    budget.press("Enter")
    wait_for_app_run(page)
    draw = page.get_by_role("button", name=TEXT["release_draw"])
    draw.click()
    wait_for_app_run(page)
    expect(page.get_by_text(TEXT["ledger_title"])).to_be_visible()
    released = page.get_by_test_id("stTable").filter(has_text=TEXT["release_csv_value"])
    expect(released.get_by_text("West", exact=True)).to_be_visible()  # a declared, empty bin is released
    draw.click()
    wait_for_app_run(page)
    expect(page.get_by_text(re.compile("exceed the privacy budget"))).to_be_visible()  # 1.5 + 1.5 > 2
    ledger = page.get_by_test_id("stTable").filter(has_text=TEXT["ledger_col_total"])
    expect(ledger.locator("tbody tr")).to_have_count(1)  # the refused draw spent nothing

    with page.expect_download() as download:
        page.get_by_role("button", name=TEXT["release_json"]).click()
    report = json.loads(open(download.value.path(), encoding="utf-8").read())
    histogram = next(s for s in report["statistics"] if s["kind"] == "histogram")
    assert histogram["bins"]["labels"] == ["North", "South", "East", "West"]
    assert not re.search(r"\bp\d+\b", json.dumps(report))  # no raw value (the IDs) in the report
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_a_typed_target_gives_its_epsilon_and_the_chart_puts_its_point_there(page: Page, base_url: str) -> None:
    """Targets in: the epsilon a target needs, in the table under the inputs, and the point the chart
    places itself where the statistic's curve crosses the typed target (no redraw of the chart)."""
    open_app(page, f"{base_url}{PLANNER}?data=penguins&plan_direction=accuracy")
    figure = chart(page, TEXT["curves_title"].split("\n")[0])
    expect(figure.locator("g.chosen_marks path")).to_have_count(0)  # no target yet, no point
    box = page.get_by_role("spinbutton", name=TEXT["name_count"])
    box.fill("10")
    box.press("Enter")
    wait_for_app_run(page)
    row = page.get_by_role("row").filter(has=page.get_by_role("cell", name=TEXT["name_count"], exact=True))
    expect(row).to_contain_text("±10")
    table_epsilon = fmt.number(math.log(20) / 10)  # Laplace, sensitivity 1, 95%: the ε the table shows
    expect(row.get_by_role("cell", name=table_epsilon, exact=True)).to_be_visible()
    (label,) = mark_labels(figure, "chosen")
    assert label_number(label, 0) == pytest.approx(math.log(20) / 10, rel=1e-3)  # exact for Laplace
    expect(page).to_have_url(re.compile("target"))  # the address keeps it (written last in its fragment)
    assert json.loads(parse_qs(urlsplit(page.url).query)["plan"][0])[0] == {"kind": "count", "target": 10.0}
    page.get_by_role("radio", name=TEXT["tab_cost"]).click()  # the other tabs price the plan as typed
    wait_for_app_run(page)
    basic = page.get_by_role("row").filter(has=page.get_by_role("cell", name=TEXT["acc_basic"], exact=True))
    expect(basic).to_contain_text(table_epsilon)
