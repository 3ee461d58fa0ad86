"""Real-browser tests of the sidebar's dataset and seed across pages: each stays when the reader moves
on through the menu, whether it came with a link or was chosen (the first menu click reset a linked
dataset: the browser sends the value the picker last drew; and a page switch dropped the seed's
parameter, so Streamlit's binding put the seed back to its default)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import expect_clean, open_app, wait_for_app_run
from ui.text.common import TEXT

PENGUINS = re.compile(r"Palmer penguins .*344 rows")


def test_a_linked_dataset_stays_through_the_menu(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Histogram_and_neighbour?data=penguins")
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_text(PENGUINS)).to_be_visible()
    for label in (TEXT["nav_attacks"], TEXT["nav_posterior"]):
        sidebar.get_by_role("link", name=label).click()
        wait_for_app_run(page)
        expect(sidebar.get_by_text(PENGUINS)).to_be_visible()
        expect(page).to_have_url(re.compile(r"data=penguins"))
        expect_clean(page)
    sidebar.get_by_test_id("stSelectbox").first.click()  # a reader's own choice is kept too
    page.get_by_role("option", name=re.compile("Students")).click()
    wait_for_app_run(page)
    sidebar.get_by_role("link", name=TEXT["nav_histogram"]).click()
    wait_for_app_run(page)
    expect(sidebar.get_by_text(re.compile(r"In use: Students"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"data=students"))
    expect_clean(page)


def _seed(page: Page) -> str:
    return page.get_by_test_id("stSidebar").get_by_role("spinbutton", name=TEXT["sidebar_seed"]).input_value()


def test_the_seed_stays_through_the_menu(page: Page, base_url: str) -> None:
    """A seed that came with a link, and one typed in the sidebar, both stay when the reader moves on."""
    open_app(page, f"{base_url}/Histogram_and_neighbour?seed=7")
    sidebar = page.get_by_test_id("stSidebar")
    assert _seed(page) == "7"
    sidebar.get_by_role("link", name=TEXT["nav_attacks"]).click()
    wait_for_app_run(page)
    expect(page).to_have_url(re.compile(r"seed=7"))
    assert _seed(page) == "7"
    box = sidebar.get_by_role("spinbutton", name=TEXT["sidebar_seed"])
    box.fill("9")
    box.press("Enter")
    wait_for_app_run(page)
    sidebar.get_by_role("link", name=TEXT["nav_posterior"]).click()
    wait_for_app_run(page)
    expect(page).to_have_url(re.compile(r"seed=9"))
    assert _seed(page) == "9"
    expect_clean(page)
