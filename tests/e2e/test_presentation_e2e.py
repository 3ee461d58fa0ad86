"""Real-browser test of presentation mode: a prepared link opens a lesson step, the arrow keys step
through the tour, and an arrow key on a focused slider moves the slider, not the lesson."""

from __future__ import annotations

import re
import struct

from playwright.sync_api import Page, expect

from tests.e2e.conftest import expect_clean, open_app, wait_for_app_run
from ui.text.attacks import TEXT as ATTACKS
from ui.text.common import TEXT
from ui.text.histogram import TEXT as HISTOGRAM
from ui.views.lesson import TOUR


def _heading(n: int) -> re.Pattern[str]:
    return re.compile(re.escape(TEXT["lesson_heading"].format(n=n, total=len(TOUR()), title=TOUR()[n - 1].title)))


def test_the_arrow_keys_step_through_the_tour(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/?present=1&step=0")
    expect(page.get_by_text(_heading(1))).to_be_visible()
    expect(page.get_by_role("button", name=TEXT["lesson_back"])).to_have_count(0)  # nothing before step 1
    page.keyboard.press("ArrowRight")
    wait_for_app_run(page)
    expect(page.get_by_text(_heading(2))).to_be_visible()
    expect(page).to_have_url(re.compile(r"/Attacks\?.*step=1"))
    page.keyboard.press("ArrowRight")
    wait_for_app_run(page)
    expect(page.get_by_text(_heading(3))).to_be_visible()
    expect(page.get_by_role("radio", name="2. Averaging")).to_be_checked()
    page.keyboard.press("ArrowLeft")
    wait_for_app_run(page)
    expect(page.get_by_text(_heading(2))).to_be_visible()
    expect(page.get_by_role("radio", name="1. Differencing")).to_be_checked()
    expect_clean(page)


def test_an_arrow_key_on_a_slider_moves_the_slider_not_the_lesson(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Histogram_and_neighbour?present=1&step=3&hist_eps=0.1")
    expect(page.get_by_text(_heading(4))).to_be_visible()
    slider = page.get_by_role("slider", name=re.compile("Privacy budget"))
    slider.focus()
    slider.press("ArrowRight")
    wait_for_app_run(page)
    expect(slider).to_have_attribute("aria-valuetext", "0.15")
    expect(page.get_by_text(_heading(4))).to_be_visible()
    expect(page).to_have_url(re.compile(r"/Histogram_and_neighbour\?"))
    page.get_by_role("button", name=TEXT["present_exit"]).click()
    wait_for_app_run(page)
    expect(page.get_by_text(_heading(4))).to_have_count(0)
    expect_clean(page)


def test_a_chart_is_saved_at_slide_size(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Histogram_and_neighbour?present=1&step=3&hist_eps=0.1")
    noisy = TEXT["slide_save"].format(title=HISTOGRAM["noisy_title"].format(eps="0.1"))  # the step's epsilon
    page.get_by_role("button", name=noisy).click()
    with page.expect_download() as download:
        page.get_by_role("dialog").get_by_role("button", name=TEXT["slide_png"]).click()
    image = open(download.value.path(), "rb").read()
    assert image[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", image[16:24]) == (1920, 1080)
    expect_clean(page)


def test_the_lesson_tools_open_on_demand_and_stay_open_as_views_are_added(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Attacks")
    sidebar = page.get_by_test_id("stSidebar")
    loader = sidebar.get_by_text(TEXT["lesson_load"])
    expect(loader).to_have_count(0)  # closed: its uploader and buttons are not drawn
    sidebar.get_by_text(TEXT["lesson_mine"].format(views=TEXT["lesson_view_many"].format(n=0))).click()
    wait_for_app_run(page)
    expect(loader).to_be_visible()
    sidebar.get_by_role("button", name=TEXT["lesson_add"]).click()
    wait_for_app_run(page)
    expect(sidebar.get_by_text(TEXT["lesson_mine"].format(views=TEXT["lesson_view_one"].format(n=1)))).to_be_visible()
    expect(sidebar.get_by_text(ATTACKS["title"], exact=True)).to_be_visible()  # a new label, still open
    expect(loader).to_be_visible()
    expect(sidebar.get_by_role("button", name=TEXT["lesson_present"])).to_be_visible()
    expect_clean(page)
