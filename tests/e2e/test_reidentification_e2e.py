"""Real-browser tests of the Re-identification page, in English and Chinese, at 1920x1080 and on a
phone (390x844): found from the menu, who is unique (its number in the text and on the group-size
chart's bar), the bins changing it, the linkage attack naming people, and the DP release beside the
plain table; on a phone the page never scrolls sideways (a wide table scrolls in its own box)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import (
    APP_TIMEOUT_MS,
    chart,
    choose,
    expect_clean,
    label_number,
    mark_labels,
    open_app,
    wait_for_app_run,
)
from tests.e2e.test_language_e2e import _english_left
from ui.i18n import language
from ui.text.common import TEXT as COMMON
from ui.text.reidentification import TEXT

SIZES = {"1920x1080": (1920, 1080), "phone": (390, 844)}
# What the penguins show on their default columns (island, sex, year, body mass in bins of 200 g).
UNIQUE = {"en": "63 of 344 people", "zh": "344 人中有 63 个"}
EXACT = {"en": "206 of 344 people", "zh": "344 人中有 206 个"}


def words(lang: str) -> dict[str, str]:
    """The page's sentences and the menu's label in `lang`."""
    with language(lang):
        return {**{key: TEXT[key] for key in TEXT}, "menu": COMMON["nav_reidentification"], "parts": COMMON["parts"]}


@pytest.fixture(params=list(SIZES))
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(APP_TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


def open_part(page: Page, w: dict[str, str], key: str) -> None:
    part = page.get_by_role("radiogroup", name=w["parts"]).get_by_role("radio", name=w[key])
    part.click()
    wait_for_app_run(page)
    expect(part).to_be_checked()


def no_sideways_scroll(page: Page) -> None:
    """The page itself is no wider than the window (tables and charts fit, or scroll in their own box)."""
    wide = page.evaluate("""() => {
        const main = document.querySelector('[data-testid=stMain]');
        return main.scrollWidth - main.clientWidth;
    }""")
    assert wide <= 1, wide


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_a_lecture_starts_with(sized: Page, base_url: str, lang: str) -> None:
    page, w = sized, words(lang)
    phone = page.viewport_size is not None and page.viewport_size["width"] < 640
    open_app(page, f"{base_url}/?lang={lang}")
    if phone:  # the menu sits in the collapsed sidebar
        page.get_by_test_id("stExpandSidebarButton").click()
    links = page.get_by_test_id("stSidebar").get_by_role("link")
    expect(links.nth(1)).to_have_accessible_name(w["menu"])  # first after home
    links.nth(1).click()
    wait_for_app_run(page)
    expect(page.get_by_role("heading", name=w["title"], level=1)).to_be_visible()
    expect(page.get_by_text("Sweeney", exact=False).first).to_be_visible()
    # the penguins, from a link (a dataset chosen by a link on another page does not follow a menu click)
    open_app(page, f"{base_url}/Reidentification?data=penguins&lang={lang}")
    if phone:  # the sidebar stays open across the page load: close it as a user would
        page.get_by_test_id("stSidebar").get_by_role("button", name="Collapse sidebar").click()
        expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")

    # 1. who is unique: the number in the sentence and on the chart's bar of people alone
    expect(page.get_by_text(UNIQUE[lang], exact=False)).to_be_visible()
    sizes = chart(page, w["sizes_title"].split("\n")[0])
    alone = [label for label in mark_labels(sizes, "bars") if w["sizes_one"] in label]
    assert len(alone) == 1, alone
    parts = alone[0].split("; ")
    assert label_number(alone[0], [p.split(": ")[0] for p in parts].index(w["sizes_x"])) == 63, alone
    chart(page, w["growth_title"].split("\n")[0])
    choose(page, w["bins"], w["bins_exact"])
    expect(page.get_by_text(EXACT[lang], exact=False)).to_be_visible()
    assert "reid_bins=exact" in page.url
    if phone:
        no_sideways_scroll(page)
    if lang == "zh":
        assert not _english_left(page), _english_left(page)

    # 2. the linkage attack names people, with their species, as text
    open_part(page, w, "tab_linkage")
    expect(page.get_by_text(re.compile(r"Adelie|Gentoo|Chinstrap")).first).to_be_visible()
    who = page.get_by_role("table").filter(has_text=w["who_name"])
    expect(who).to_have_count(1)
    expect(who.get_by_role("row")).to_have_count(6)  # a header and five people
    expect(page.get_by_text(w["simulated_note"][:20], exact=False)).to_be_visible()
    if lang == "zh":
        assert not _english_left(page), _english_left(page)

    # 3. the DP release beside the plain table, and its chart
    open_part(page, w, "tab_release")
    table = page.get_by_role("table").filter(has_text=w["release_table_exact"])
    expect(table).to_have_count(1)
    expect(table.get_by_role("row")).to_have_count(6)
    curves = chart(page, w["curve_title"].split("\n")[0])
    assert len(mark_labels(curves, "curves")) >= 1
    expect(page.get_by_text("OpenDP", exact=False).first).to_be_visible()
    page.get_by_role("button", name=w["draw_again"]).click()
    wait_for_app_run(page)
    expect(table).to_have_count(1)
    if phone:
        no_sideways_scroll(page)
    if lang == "zh":
        assert not _english_left(page), _english_left(page)
    expect_clean(page)
