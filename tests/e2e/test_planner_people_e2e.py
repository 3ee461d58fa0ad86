"""Real-browser test of issue 32 as a statistics office's analyst uses the release planner: a census-like
upload where one person has up to five rows, protection of one person (an ID column, m rows at most),
a count, a histogram of declared counties and a mean of income with typed bounds; the bound m tuned on
the rows-per-person tab; a release drawn and recorded in the ledger; and the page's link reopened by a
new visitor, who uploads the same file and finds the same plan."""

from __future__ import annotations

import random
import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import APP_TIMEOUT_MS, choose, open_app, upload_csv, wait_for_app_run
from tests.e2e.test_planner_e2e import PLANNER, _listed
from ui import fmt
from ui.text.common import TEXT as COMMON
from ui.text.planner import TEXT

COUNTIES = ("Ashford", "Brookvale", "Carrow", "Dunmore", "Elmstead", "Fairholt", "Glenmoor", "Harwick")
# How many people hold 1, 2, 3, 4 and 5 rows: 600 rows of 310 people. Few hold 4 or 5 rows, so the
# count's best bound is inside the range: going from m = 3 to 4 keeps 28 rows (4.7% of the count) for
# 1.5% more noise, from 4 to 5 only 4 rows (0.7%): the best m is 4, not the default 2 nor the largest 5.
PEOPLE_WITH = {1: 140, 2: 82, 3: 60, 4: 24, 5: 4}
ROWS = sum(k * n for k, n in PEOPLE_WITH.items())
PEOPLE = sum(PEOPLE_WITH.values())
UPPER = 250_000  # a public bound on income, above most incomes: the long tail's few are clamped


def census_csv() -> bytes:
    """A census-like table, the same at every run: one row per record, a person's county and age on
    each of their rows, incomes with a long right tail (log-normal, a few above the bound)."""
    draw = random.Random(32)
    rows = []
    person = 0
    for k, n in PEOPLE_WITH.items():
        for _ in range(n):
            person += 1
            county, age = draw.choice(COUNTIES), draw.randint(16, 95)
            rows += [f"P{person:04d},{county},{age},{round(draw.lognormvariate(10.5, 0.8))}\n" for _ in range(k)]
    draw.shuffle(rows)
    assert len(rows) == ROWS == 600
    return ("person_id,county,age,income\n" + "".join(rows)).encode()


CSV = census_csv()


def _dropped_sentence(m: int) -> str:
    """What the left side says contribution bounding at m dropped (a person keeps m of their rows)."""
    dropped = sum(max(0, k - m) * n for k, n in PEOPLE_WITH.items())
    return TEXT["bounded_rows"].format(dropped=fmt.plural(dropped, TEXT["row_one"], TEXT["row_many"]),
                                       rows=fmt.plural(ROWS, TEXT["row_one"], TEXT["row_many"]),
                                       people=fmt.people(PEOPLE))


def _table_rows(page: Page, header: str, count: int | None = None, having: str | None = None) -> list[dict[str, str]]:
    """The body of the table that has a column `header`, one dict per row (column -> cell text), once
    it has `count` rows, or a row with the cell `having`. An index column, if any, is dropped (its
    cells are row headers, not cells)."""
    table = page.get_by_role("table").filter(has=page.get_by_role("columnheader", name=header, exact=True))
    expect(table).to_have_count(1)
    body = table.get_by_role("row").filter(has=page.get_by_role("cell"))
    if count is not None:
        expect(body).to_have_count(count)
    if having is not None:
        expect(body.filter(has=page.get_by_role("cell", name=having, exact=True))).to_have_count(1)
    headers = [h.strip() for h in table.get_by_role("columnheader").all_inner_texts()]
    rows = []
    for row in body.all():
        cells = [c.strip() for c in row.get_by_role("cell").all_inner_texts()]
        rows.append(dict(zip(headers[len(headers) - len(cells):], cells, strict=True)))
    return rows


def _count_row(page: Page, name: str) -> dict[str, str]:
    """The row of the count `name` in the rows-per-person table (the plan's counts, sums and histograms)."""
    rows = _table_rows(page, TEXT["bounds_col_best"], having=name)
    (row,) = (r for r in rows if r[TEXT["bounds_col_statistic"]] == name)
    return row


def _metric(page: Page, label: str) -> Locator:
    """The value of the big number labelled `label`."""
    return page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")


def _open_tab(page: Page, label: str) -> None:
    """Open one of the planner's parts with its button in the row of parts, as a user does."""
    part = page.get_by_role("radiogroup", name=COMMON["parts"]).get_by_role("radio", name=label)
    part.click()
    wait_for_app_run(page)
    expect(part).to_be_checked()


def _kind(page: Page, kind: str) -> None:
    """Choose the kind of statistic in the open "Add a statistic" panel."""
    kinds = page.get_by_role("radiogroup", name=TEXT["stat_kind"])
    kinds.get_by_text(TEXT[f"kind_{kind}"], exact=True).click()
    wait_for_app_run(page)
    expect(kinds.get_by_role("radio", name=TEXT[f"kind_{kind}"], exact=True)).to_be_checked()


def _type_number(box: Locator, value: str) -> None:
    box.fill(value)
    box.press("Enter")
    wait_for_app_run(box.page)
    expect(box).to_have_value(value)


def _check_plan(page: Page, names: dict[str, str], m: str) -> None:
    """The analyst's plan, as the left side shows it: one person protected with at most `m` rows, the
    three statistics, the counties declared, income's bounds."""
    expect(page.get_by_role("radio", name=TEXT["unit_person"], exact=True)).to_be_checked()
    expect(page.get_by_role("spinbutton", name=TEXT["rows_per_person"])).to_have_value(m)
    for name in names.values():
        expect(_listed(page, name)).to_have_count(1)
    expect(_listed(page, TEXT["name_mean"].format(column="age"))).to_have_count(0)  # the default plan's mean is gone
    categories = TEXT["facts_categories"].format(n=len(COUNTIES), labels=", ".join(COUNTIES[:6]) + " …")
    expect(page.get_by_text(categories, exact=True)).to_be_visible()
    bounds = TEXT["facts_bounds"].format(lower=fmt.number(0.0, 6), upper=fmt.number(UPPER, 6))
    expect(page.get_by_text(bounds, exact=True)).to_be_visible()


def test_analyst_plans_tunes_m_releases_and_reopens_the_link(page: Page, base_url: str, browser: Browser) -> None:
    names = {"count": TEXT["name_count"], "histogram": TEXT["name_histogram"].format(column="county"),
             "mean": TEXT["name_mean"].format(column="income")}

    # 1. the census upload, one person protected, identified by person_id
    open_app(page, f"{base_url}{PLANNER}?data=upload")
    upload_csv(page, "census.csv", CSV)
    expect(_listed(page, names["count"])).to_be_visible()
    page.get_by_role("radiogroup", name=TEXT["unit"]).get_by_text(TEXT["unit_person"], exact=True).click()
    wait_for_app_run(page)
    m_box = page.get_by_role("spinbutton", name=TEXT["rows_per_person"])
    expect(m_box).to_have_value("2")
    choose(page, TEXT["id_column"], "person_id")
    expect(page.get_by_text(_dropped_sentence(2))).to_be_visible()

    # 2. the plan: the count (already there), a histogram of the counties pasted as one line, and the
    # mean of income with typed bounds; the starting plan's mean of age removed
    mean_of_age = TEXT["name_mean"].format(column="age")
    card_head = page.get_by_test_id("stHorizontalBlock").filter(has=_listed(page, mean_of_age)).filter(
        has_not=page.get_by_role("radiogroup", name=TEXT["unit"]))  # the card's head, not the page's two sides
    card_head.get_by_role("button", name=TEXT["remove"]).click()
    wait_for_app_run(page)
    expect(_listed(page, mean_of_age)).to_have_count(0)

    page.get_by_text(TEXT["add_title"], exact=True).click()  # the panel stays open until closed
    wait_for_app_run(page)
    expect(page.get_by_role("radiogroup", name=TEXT["stat_kind"])).to_be_visible()
    _kind(page, "histogram")
    choose(page, TEXT["stat_column"], "county")
    categories = page.get_by_role("textbox", name=TEXT["categories"])
    categories.fill(", ".join(COUNTIES))
    categories.press("Control+Enter")  # Streamlit submits a text area on Ctrl+Enter
    wait_for_app_run(page)
    page.get_by_role("button", name=TEXT["add_button"]).click()
    wait_for_app_run(page)
    expect(_listed(page, names["histogram"])).to_be_visible()

    _kind(page, "mean")
    choose(page, TEXT["stat_column"], "income")
    _type_number(page.get_by_role("spinbutton", name=TEXT["lower"]), "0")
    upper = page.get_by_role("spinbutton", name=TEXT["upper"])
    _type_number(upper, str(UPPER))  # in full: never "250000.00" cut to "25" (LEARNED.md)
    page.get_by_role("button", name=TEXT["add_button"]).click()
    wait_for_app_run(page)
    expect(_listed(page, names["mean"])).to_be_visible()
    _check_plan(page, names, "2")
    plan_table = _table_rows(page, TEXT["col_accuracy"], len(names))
    assert [r[TEXT["col_statistic"]] for r in plan_table] == list(names.values())

    # 3. the bound: the rows-per-person tab suggests the best m; the analyst takes it
    _open_tab(page, TEXT["tab_bounds"])
    expect(page.get_by_text(TEXT["bounds_intro"])).to_be_visible()
    row = _count_row(page, names["count"])
    best = row[TEXT["bounds_col_best"]]
    assert best == "4", row  # the data was made so (PEOPLE_WITH)
    assert row[TEXT["bounds_col_at_yours"]] != row[TEXT["bounds_col_at_best"]]  # m = 2 is not the best
    _type_number(m_box, best)
    expect(page.get_by_text(_dropped_sentence(int(best)))).to_be_visible()  # 4 rows dropped, not 120
    yours = page.get_by_role("table").filter(has_text=TEXT["bounds_col_best"]).get_by_role("row").filter(
        has=page.get_by_role("cell", name=names["count"], exact=True))
    expect(yours.get_by_role("cell", name=row[TEXT["bounds_col_at_best"]], exact=True)).to_have_count(2)  # at yours too
    tuned = _count_row(page, names["count"])
    assert tuned[TEXT["bounds_col_best"]] == best  # the best bound does not depend on the bound in use
    assert tuned[TEXT["bounds_col_at_yours"]] == tuned[TEXT["bounds_col_at_best"]] == row[TEXT["bounds_col_at_best"]]
    expect(page).to_have_url(re.compile(rf"[?&]plan_m={best}(&|$)"))

    # 4. the release: drawn once, its values shown, the spend in the ledger
    _open_tab(page, TEXT["tab_release"])
    expect(_metric(page, TEXT["ledger_spent"])).to_have_text("0")
    page.get_by_role("button", name=TEXT["release_draw"]).click()
    wait_for_app_run(page)
    expect(page.get_by_role("heading", name=TEXT["released_title"])).to_be_visible()
    released = _table_rows(page, TEXT["release_csv_value"], 2 + len(COUNTIES))
    assert [r[TEXT["release_csv_statistic"]] for r in released] == (
        [names["count"]] + [names["histogram"]] * len(COUNTIES) + [names["mean"]])
    bars = [r[TEXT["release_csv_label"]] for r in released if r[TEXT["release_csv_statistic"]] == names["histogram"]]
    assert bars == list(COUNTIES)
    for r in released:
        float(r[TEXT["release_csv_value"]].replace(",", "").replace("\u2212", "-"))  # a number, shown as one
    expect(page.get_by_role("heading", name=TEXT["ledger_title"])).to_be_visible()
    (entry,) = _table_rows(page, TEXT["ledger_col_total"], 1)
    assert entry[TEXT["ledger_col_what"]] == ", ".join(names.values())
    assert entry[TEXT["ledger_col_epsilon"]] == entry[TEXT["ledger_col_total"]] == "1"  # the plan's total ε
    expect(_metric(page, TEXT["ledger_spent"])).to_have_text("1")
    expect(_metric(page, TEXT["ledger_remaining"])).to_have_text("2")  # of the budget of 3
    expect(_metric(page, TEXT["ledger_releases"])).to_have_text("1")

    # 5. the link: a new visitor opens it, is asked for the file, uploads it and finds the same plan
    expect(page).to_have_url(re.compile(r"[?&]plan="))
    link = page.url
    query = parse_qs(urlsplit(link).query)
    assert query["data"] == ["upload"] and query["plan_tab"] == ["release"], query
    visitor_context = browser.new_context(viewport={"width": 1400, "height": 1000})
    visitor_context.set_default_timeout(APP_TIMEOUT_MS)
    try:
        visitor = visitor_context.new_page()
        open_app(visitor, link)
        missing = COMMON["upload_missing"].split("{name}")[0]  # "...: upload the file in the sidebar..."
        expect(visitor.get_by_text(missing)).to_be_visible()
        expect(_listed(visitor, names["mean"])).to_have_count(0)  # not on the bundled data shown meanwhile
        upload_csv(visitor, "census.csv", CSV)
        expect(visitor.get_by_text(missing)).to_have_count(0)
        expect(_listed(visitor, names["histogram"])).to_be_visible()
        expect(visitor.get_by_text(TEXT["default_plan_note"])).to_have_count(0)  # the link's plan, not a default
        _check_plan(visitor, names, best)
        expect(visitor.get_by_role("radio", name=TEXT["tab_release"])).to_be_checked()
        expect(_metric(visitor, TEXT["ledger_releases"])).to_have_text("0")  # the ledger is the session's own
        # the protection as planned: the rows of one person found by person_id, at most m kept
        expect(visitor.get_by_role("combobox", name=TEXT["id_column"], exact=True)).to_have_value("person_id")
        expect(visitor.get_by_text(_dropped_sentence(int(best)))).to_be_visible()
    finally:
        visitor_context.close()
