"""Real-browser tests of the main flows: deep links on a fresh server, upload + epsilon change,
and a shared URL that reopens the same numbers."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import (
    ARTIFACTS,
    _free_port,
    label_number,
    open_app,
    start_server,
    vega_mark_labels,
    wait_for_idle,
)
from ui.navigation import PAGES

HISTOGRAM = "/Histogram_and_neighbour"


def url_path(page_file: str) -> str:
    """The URL Streamlit gives a file in pages/ ("pages/2_Histogram_and_neighbour.py" -> "/Histogram_and_neighbour")."""
    if page_file == "app.py":
        return "/"
    return "/" + re.sub(r"^\d+_", "", page_file.removeprefix("pages/").removesuffix(".py"))


HISTOGRAM_CHARTS = 3  # true, noisy, and the differing bar's output distributions


def bar_values(page: Page, index: int) -> list[float]:
    """The bar heights of the index-th chart (D's bars, then D''s), once all of the tab's charts
    are drawn (charts mount one by one, so an early count would shift the index)."""
    charts = "document.querySelectorAll('[data-testid=stVegaLiteChart]')"
    page.wait_for_function(f"{charts}.length >= {HISTOGRAM_CHARTS}")
    return [label_number(label, 1) for label in vega_mark_labels(page, index, layer=1)]


@pytest.mark.parametrize("entry", PAGES, ids=lambda e: e.path)
def test_deep_link_works_as_first_visit_on_a_fresh_server(browser: Browser, entry) -> None:
    port = _free_port()
    server = start_server(port, ARTIFACTS / f"fresh-server-{port}.log")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        open_app(page, f"http://127.0.0.1:{port}{url_path(entry.path)}")
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar.get_by_role("link", name=re.compile("Home"))).to_be_visible()
        expect(sidebar.get_by_text("Dataset", exact=True)).to_be_visible()
        expect(page.locator("h1").first).to_be_visible()
        expect(page.get_by_test_id("stException")).to_have_count(0)
    finally:
        context.close()
        server.terminate()
        server.wait(timeout=20)


def test_upload_then_epsilon_change_redraws_the_chart(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{HISTOGRAM}?data=upload")
    csv = "region;income\nNorth;1,5\nSouth;2,5\nNorth;3\nEast;4\n".encode("cp1252")
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": "survey.csv", "mimeType": "text/csv", "buffer": csv}]
    )
    wait_for_idle(page)
    expect(page.get_by_test_id("stSidebar").get_by_text(re.compile(r"In use: survey\.csv"))).to_be_visible()
    assert bar_values(page, 0) == [2, 1, 1, 1, 1, 1]  # D, then D' without record 0 (North)
    before = bar_values(page, 1)
    slider = page.get_by_role("slider", name=re.compile("Privacy budget"))
    slider.focus()
    slider.press("ArrowLeft")
    wait_for_idle(page)
    expect(page.get_by_text(re.compile(r"each bar is off by about 1\.43 people"))).to_be_visible()
    assert bar_values(page, 1) != before
    expect(page.get_by_test_id("stException")).to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "histogram_after_upload.png"))


def test_shared_url_reopens_the_same_numbers(browser: Browser, base_url: str) -> None:
    url = f"{base_url}{HISTOGRAM}?hist_eps=0.2&seed=2026&hist_nb=remove&hist_row=1"
    seen = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(60_000)
        page = context.new_page()
        open_app(page, url)
        seen.append(bar_values(page, 1))
        context.close()
    assert seen[0] == seen[1]
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    open_app(page, url.replace("seed=2026", "seed=2027"))
    assert bar_values(page, 1) != seen[0]
    context.close()
