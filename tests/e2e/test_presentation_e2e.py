"""Real-browser test of presentation mode (issue 33, a projector at 1920x1080): every step of the
guided tour fills one screen with its chart and its sentences and nothing else, in type read from the
back of a room, in English and 中文; a clicker's keys and the arrow keys step through the lesson
whatever has the focus (a slider included), Up and Down still move a focused slider, and a box being
typed in keeps its keys; a phone and a 1280x720 screen still show every step. Also: a chart saved at
slide size, and the lesson tools."""

from __future__ import annotations

import re
import struct

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.conftest import expect_clean, open_app, wait_for_app_run
from ui.i18n import language
from ui.presentation import BAR
from ui.text.attacks import TEXT as ATTACKS
from ui.text.common import TEXT
from ui.text.histogram import TEXT as HISTOGRAM
from ui.views.lesson import TOUR, Stage, Step

PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}
MIN_TEXT_PX, MIN_TICK_PX = 28, 22  # read from 10 m on a 1920x1080 projector
THEME_TICK_PX = 16  # ui/charts/theme.py: a phone's charts keep it

# What a step shows, measured in the page: the scroll the main area needs, the boxes of the stage's
# elements and of the sentences shown, their type sizes, the tick labels' sizes in the chart's SVG,
# and any visible element that is not part of the stage.
_MEASURE = """([keep, main, readings]) => {
  const box = (r) => ({top: r.top, left: r.left, bottom: r.bottom, right: r.right});
  const shown = (e) => e.getClientRects().length > 0 && e.getBoundingClientRect().height > 0;
  const scroller = document.querySelector('[data-testid=stMain]');
  const sentences = [];
  for (const key of readings) {
    for (const host of document.querySelectorAll(`.st-key-${key} *`)) {
      if (!host.shadowRoot) continue;
      for (const block of host.shadowRoot.querySelectorAll('.reading > *')) {
        if (shown(block)) sentences.push({text: block.textContent, px: parseFloat(getComputedStyle(block).fontSize),
                                          box: box(block.getBoundingClientRect())});
      }
    }
  }
  const texts = [...document.querySelectorAll(`:is(${main}) [data-testid=stMarkdownContainer] p`)]
    .filter(shown).map((p) => parseFloat(getComputedStyle(p).fontSize));
  const heading = document.querySelector('.st-key-lesson_bar [data-testid=stMarkdownContainer] p');
  return {
    scroll: scroller.scrollHeight - scroller.clientHeight,
    width: innerWidth, height: innerHeight,
    main: [...document.querySelectorAll(main)].filter(shown).map((e) => box(e.getBoundingClientRect())),
    sentences, texts,
    heading: parseFloat(getComputedStyle(heading).fontSize),
    ticks: [...document.querySelectorAll(`:is(${main}) g.role-axis-label text`)]
      .map((t) => parseFloat(getComputedStyle(t).fontSize)),
    stray: [...document.querySelectorAll('[data-testid=stMainBlockContainer] [data-testid=stElementContainer]')]
      .filter((e) => shown(e) && !e.closest(keep)).map((e) => e.innerText.slice(0, 80)),
  };
}"""
# The readings show only their stage's blocks once presentation mode's script has styled them.
_STYLED = """(keys) => keys.every((key) => [...document.querySelectorAll(`.st-key-${key} *`)]
  .some((host) => host.shadowRoot && host.shadowRoot.querySelector('style[data-dpx-stage]')
                  && host.shadowRoot.querySelector('.reading > *')))"""


def _address(base_url: str, index: int, lang: str, step: Step | None = None) -> str:
    """The link that opens step `index` of the tour in presentation mode, as the lesson bar does."""
    step = step or TOUR()[index]
    slug = "" if step.page == "app.py" else step.page.removeprefix("pages/").removesuffix(".py").split("_", 1)[1]
    query = "".join(f"&{key}={value}" for key, value in step.query)
    return f"{base_url}/{slug}?present=1&step={index}&lang={lang}{query}"


def _heading(n: int, lang: str = "en") -> re.Pattern[str]:
    with language(lang):
        return re.compile(re.escape(TEXT["lesson_heading"].format(n=n, total=len(TOUR()), title=TOUR()[n - 1].title)))


def _keep(stage: Stage) -> str:
    side = [f".st-key-{key}" for key, _ in stage.sentences] + ([stage.menu] if stage.menu else [])
    return ",".join([f".st-key-{BAR}", *stage.main, *side])


def _open_step(page: Page, base_url: str, index: int, lang: str) -> tuple[Stage, dict]:
    """Open a step of the tour, wait until its stage is drawn (the chart's axes, the readings cut
    to their sentences), and measure it."""
    stage = TOUR()[index].stage
    assert stage is not None
    open_app(page, _address(base_url, index, lang))
    expect(page.get_by_text(_heading(index + 1, lang))).to_be_visible()
    # (the Machine learning step's chart waits for the grid the server's warm-up trains, ~1 min after its start)
    expect(page.locator(stage.main[0]).first).to_be_visible(timeout=360_000)
    if stage.menu:  # a chart: drawn once its axes are
        expect(page.locator(f"{stage.main[0]} g.role-axis-label text").first).to_be_attached()
    readings = [key for key, blocks in stage.sentences if blocks]  # a plain element has no reading's blocks
    if readings:
        page.wait_for_function(_STYLED, arg=readings)
    wait_for_app_run(page, initial_wait_ms=0)
    return stage, page.evaluate(_MEASURE, [_keep(stage), ",".join(stage.main), readings])


def _inside(box: dict, width: int, height: int) -> bool:
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= height + 0.5 and box["right"] <= width + 0.5


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_step_fits_one_projector_screen_with_its_chart_and_sentences(page: Page, base_url: str,
                                                                          lang: str) -> None:
    page.set_viewport_size(PROJECTOR)
    problems = []
    for index, step in enumerate(TOUR()):
        stage, seen = _open_step(page, base_url, index, lang)
        where = f"step {index + 1} ({step.page}, {lang})"
        if seen["scroll"] > 0:
            problems.append(f"{where}: the page scrolls by {seen['scroll']} px")
        boxes = seen["main"] + [s["box"] for s in seen["sentences"]]
        if len(seen["main"]) < len(stage.main) or not all(_inside(b, seen["width"], seen["height"]) for b in boxes):
            problems.append(f"{where}: not all inside the window: {boxes}")
        if seen["stray"]:
            problems.append(f"{where}: shown besides its stage: {seen['stray']}")
        wanted = sum(len(blocks) for _, blocks in stage.sentences)
        if len(seen["sentences"]) != wanted:
            problems.append(f"{where}: {len(seen['sentences'])} blocks of sentences shown, not {wanted}")
        sizes = [s["px"] for s in seen["sentences"]] + seen["texts"] + [seen["heading"]]
        if min(sizes) < MIN_TEXT_PX:
            problems.append(f"{where}: text of {min(sizes)} px")
        if stage.menu and (not seen["ticks"] or min(seen["ticks"]) < MIN_TICK_PX):
            problems.append(f"{where}: tick labels of {seen['ticks'][:3]} px")
    assert not problems, "\n".join(problems)
    expect_clean(page)


PHONE: ViewportSize = {"width": 390, "height": 844}
SMALL_SCREEN: ViewportSize = {"width": 1280, "height": 720}


@pytest.mark.parametrize(("lang", "size"), [("zh", PHONE), ("en", SMALL_SCREEN)])
def test_every_step_still_shows_on_a_phone_and_a_small_screen(page: Page, base_url: str, lang: str,
                                                              size: ViewportSize) -> None:
    """Smaller screens keep what they had: the chart's theme type on a phone, nothing cut sideways; a
    1280x720 screen shows every step whole, as a projector does (its plots shorter)."""
    page.set_viewport_size(size)
    for index in range(len(TOUR())):
        stage, seen = _open_step(page, base_url, index, lang)
        assert seen["main"] and all(b["left"] >= 0 and b["right"] <= size["width"] + 0.5 for b in seen["main"])
        assert size == PHONE or seen["scroll"] == 0, (index, seen["scroll"])
        assert not seen["stray"], (index, seen["stray"])
        assert min([s["px"] for s in seen["sentences"]] + seen["texts"] + [seen["heading"]]) >= 16
        if stage.menu:
            assert seen["ticks"] and min(seen["ticks"]) == THEME_TICK_PX, (index, seen["ticks"][:3])
    expect_clean(page)


def _on(page: Page, n: int, url: str) -> None:
    wait_for_app_run(page)
    expect(page.get_by_text(_heading(n))).to_be_visible()
    expect(page).to_have_url(re.compile(url))


def test_a_clicker_and_the_arrow_keys_step_through_the_tour(page: Page, base_url: str) -> None:
    page.set_viewport_size(PROJECTOR)
    open_app(page, _address(base_url, 2, "en"))
    expect(page.get_by_text(_heading(3))).to_be_visible()
    page.keyboard.press("PageDown")  # a clicker's "next"
    _on(page, 4, r"/Attacks\?.*att_tab=averaging")
    page.keyboard.press("Space")  # some clickers send Space
    _on(page, 5, r"/Histogram_and_neighbour\?.*step=4")
    page.keyboard.press("PageUp")  # a clicker's "back"
    _on(page, 4, r"/Attacks\?.*step=3")
    page.keyboard.press("ArrowRight")
    _on(page, 5, r"/Histogram_and_neighbour\?.*step=4")
    page.keyboard.press("ArrowLeft")
    _on(page, 4, r"/Attacks\?.*step=3")
    page.get_by_role("button", name=TEXT["lesson_next"]).click()  # the focus may stay on Next:
    _on(page, 5, r"/Histogram_and_neighbour\?.*step=4")
    page.keyboard.press("Space")  # Space then moves one step, not two (the button's own press is held back)
    _on(page, 6, r"/Attacker_posterior\?.*step=5")
    wait_for_app_run(page)
    expect(page.get_by_text(_heading(6))).to_be_visible()
    expect_clean(page)


def test_a_focused_chart_slider_leaves_the_arrows_to_the_lesson_and_moves_with_up_and_down(
        page: Page, base_url: str) -> None:
    """The chart's own slider is the one slider a stage shows: with the focus, Right and Left still
    move the lesson (on the last step there is no Next: nothing moves), Up and Down move the slider
    (how a keyboard uses it)."""
    page.set_viewport_size(PROJECTOR)
    last = len(TOUR()) - 1
    open_app(page, _address(base_url, last, "en"))
    slider = page.locator(".st-key-ml_eps_chart input[type=range]")
    expect(slider).to_be_visible(timeout=360_000)  # the grid the server's warm-up started: trained by now, or soon
    start = slider.input_value()
    slider.focus()
    for key in ("ArrowRight", "PageDown", "Space"):  # no Next on the last step
        page.keyboard.press(key)
    wait_for_app_run(page)
    expect(slider).to_have_value(start)
    expect(page.get_by_text(_heading(last + 1))).to_be_visible()
    page.keyboard.press("ArrowUp")
    expect(slider).to_have_value(str(int(start) + 1))
    wait_for_app_run(page)  # the follower tells the server the new value
    expect(page.get_by_text(_heading(last + 1))).to_be_visible()
    slider.focus()
    page.keyboard.press("ArrowLeft")
    _on(page, last, rf"/Audit\?.*step={last - 1}")
    expect_clean(page)


def test_a_focused_streamlit_slider_leaves_the_arrows_to_the_lesson(page: Page, base_url: str) -> None:
    """A view shown whole (here the differencing tab under the averaging step's address, whose stage
    is not on the page) keeps Streamlit's own slider: with the focus, Up moves it, Right the lesson
    and never the slider."""
    page.set_viewport_size(PROJECTOR)
    open_app(page, f"{base_url}/Attacks?present=1&step=3&lang=en&att_tab=differencing")
    prior = page.get_by_role("slider", name=re.compile(ATTACKS["diff_prior"]))
    expect(prior).to_be_visible()
    prior.focus()
    expect(prior).to_have_attribute("aria-valuetext", "0.50")
    page.keyboard.press("ArrowUp")
    wait_for_app_run(page)
    expect(prior).to_have_attribute("aria-valuetext", "0.51")
    ahead = page.locator(".st-key-lesson_next button")
    ahead.evaluate("button => { button.disabled = true; }")  # Next held for a moment: Right must do nothing
    prior.focus()
    page.keyboard.press("ArrowRight")
    wait_for_app_run(page)
    expect(prior).to_have_attribute("aria-valuetext", "0.51")
    expect(page).to_have_url(re.compile(r"/Attacks\?.*step=3"))
    ahead.evaluate("button => { button.disabled = false; }")
    prior.focus()
    page.keyboard.press("ArrowRight")
    _on(page, 5, r"/Histogram_and_neighbour\?.*step=4")
    expect_clean(page)


def test_typing_in_a_box_keeps_its_keys(page: Page, base_url: str) -> None:
    """The poll's question box while presenting: Space and the arrows type and move the caret."""
    page.set_viewport_size(PROJECTOR)
    poll = next(i for i, step in enumerate(TOUR()) if step.page == "pages/7_Live_poll.py")
    open_app(page, _address(base_url, poll, "en"))
    box = page.locator(".st-key-poll_question input")
    box.click()
    page.keyboard.type("a b")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("PageDown")
    page.keyboard.type("c")
    expect(box).to_have_value("a cb")
    expect(page.get_by_text(_heading(poll + 1))).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/Live_poll\?.*step={poll}"))


def test_a_chart_is_saved_at_slide_size(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Histogram_and_neighbour?present=1&step=4&hist_eps=0.1")
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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_menu_opened_on_a_projector_shows_every_page_name_whole(page: Page, base_url: str, lang: str) -> None:
    """At the projector's root size the sidebar's page names were cut ("2 · Histogram and r"): in
    presentation mode they are smaller and wrap."""
    page.set_viewport_size(PROJECTOR)
    open_app(page, _address(base_url, 1, lang))
    page.locator("[data-testid=stHeader] button").first.click()  # the one header button: opens the menu
    links = page.get_by_test_id("stSidebar").get_by_test_id("stPageLink-NavLink")
    expect(links.first).to_be_visible()
    cut = links.evaluate_all("""links => links.filter(a => [...a.querySelectorAll('span, p')]
        .some(e => e.scrollWidth > e.clientWidth + 1)).map(a => a.innerText)""")
    assert links.count() >= 11 and cut == []
