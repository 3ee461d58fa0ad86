"""The animations play in the browser: open the expander as a user would, press Play, and the
plot changes frame after frame while the page sends and receives nothing (no script rerun)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import APP_TIMEOUT_MS, expect_clean, open_app, wait_for_app_run
from ui.text.animations import EN
from ui.text.attacks import TEXT as ATTACKS
from ui.text.common import TEXT as COMMON

# Counts the app's websocket traffic (installed before the page's own scripts run).
COUNT_TRAFFIC = """
(() => {
  const t = window.__traffic = {sent: 0, received: 0};
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); this.addEventListener('message', () => { t.received++; }); }
    send(data) { t.sent++; return super.send(data); }
  };
})();
"""


def _page(browser: Browser) -> Page:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(APP_TIMEOUT_MS)
    context.add_init_script(COUNT_TRAFFIC)
    return context.new_page()


def _open_animation(page: Page, label: str, prefix: str) -> tuple[Locator, Locator]:
    """Open the expander called `label`; the plotly chart it draws, and the text over its slider
    that says which frame is shown (it starts with `prefix`)."""
    page.get_by_text(label, exact=True).click()
    wait_for_app_run(page)
    chart = page.get_by_test_id("stPlotlyChart")
    expect(chart).to_have_count(1)
    current = chart.locator("text.slider-label", has_text=prefix.strip())
    expect(current).to_be_visible()
    return chart, current


def _play_and_check(page: Page, chart: Locator, current: Locator, first_label: str, marks: str) -> None:
    """Press Play; the slider's label and the drawn marks change while no message goes either way."""
    expect(current).to_have_text(first_label)
    shapes = lambda: chart.locator(marks).evaluate_all("els => els.map(e => e.getAttribute('d')).join('|')")
    before_shapes = shapes()
    traffic = page.evaluate("() => ({...window.__traffic})")
    chart.get_by_text(EN["play"], exact=True).click()
    expect(current).not_to_have_text(first_label)  # the frames advance ...
    page.wait_for_function("([sel, old]) => Array.from(document.querySelectorAll(sel))"
                           ".map(e => e.getAttribute('d')).join('|') !== old",
                           arg=[f"[data-testid=stPlotlyChart] {marks}", before_shapes])
    playing = current.text_content()
    expect(current).not_to_have_text(playing)  # ... and keep advancing
    after = page.evaluate("() => ({...window.__traffic})")
    assert after == traffic, (traffic, after)  # ... with no rerun: nothing sent, nothing received
    assert page.get_by_test_id("stApp").get_attribute("data-test-script-state") == "notRunning"
    chart.get_by_text(EN["pause"], exact=True).click()
    expect_clean(page)


def _watch_when_still(page: Page, chart: Locator) -> None:
    """Wait until the drawn plot has been still for 400 ms (the last frame's drawing after Pause),
    then count every change inside it from now on (a redraw or a remount changes it)."""
    chart.evaluate("""e => { window.__plotChanges = 0; window.__plotLast = performance.now();
        new MutationObserver(() => { window.__plotChanges++; window.__plotLast = performance.now(); })
          .observe(e, {subtree: true, childList: true, attributes: true, characterData: true}); }""")
    page.wait_for_function("performance.now() - window.__plotLast > 400")
    page.evaluate("window.__plotChanges = 0")


def test_averaging_attack_plays_in_the_browser(browser: Browser, base_url: str) -> None:
    page = _page(browser)
    try:
        open_app(page, f"{base_url}/Attacks?att_tab=averaging&att_k=200")
        chart, current = _open_animation(page, EN["avg_expander"], EN["avg_current"])
        expect(chart.get_by_text(EN["avg_naive"])).to_be_visible()
        _play_and_check(page, chart, current, f"{EN['avg_current']}1", "g.scatterlayer path.js-line")
        # A control the animation does not use reruns its fragment: the same figure comes back and
        # the browser leaves the drawn plot alone (not a single change inside it).
        _watch_when_still(page, chart)
        shown = current.text_content()
        attackers = page.get_by_role("spinbutton", name=ATTACKS["avg_attackers"])
        attackers.fill("3000")
        attackers.press("Enter")
        wait_for_app_run(page)
        expect(page.get_by_role("spinbutton", name=ATTACKS["avg_attackers"])).to_have_value("3000")
        assert page.evaluate("window.__plotChanges") == 0
        assert current.text_content() == shown
        # ... and so does a step of epsilon (the running means' own slider), once the server has
        # learnt it: rebuilding the animation would cost the step ~0.6 s ...
        caption = page.get_by_text(re.compile(r"each answer spends ε = 0\.1:"))
        expect(caption).to_be_visible()
        page.get_by_role("slider", name=ATTACKS["avg_eps"]).focus()
        page.keyboard.press("ArrowRight")
        expect(page).to_have_url(re.compile(r"att_eps=0\.15"))  # the server has the new epsilon ...
        wait_for_app_run(page, initial_wait_ms=0)  # ... and the run that learnt it has ended
        assert page.evaluate("window.__plotChanges") == 0
        # ... until the animation's button takes the chart's epsilon (the watch does see redraws)
        page.get_by_role("button", name=COMMON["animation_refresh"].format(eps="0.1")).click()
        wait_for_app_run(page)
        page.wait_for_function("window.__plotChanges > 0")
        expect(page.get_by_text(re.compile(r"each answer spends ε = 0\.15:"))).to_be_visible()
        expect(current).to_have_text(f"{EN['avg_current']}1")
    finally:
        page.context.close()


def test_hypothetical_outcomes_play_in_the_browser(browser: Browser, base_url: str) -> None:
    page = _page(browser)
    try:
        open_app(page, f"{base_url}/Histogram_and_neighbour")
        chart, current = _open_animation(page, EN["hops_expander"], EN["hops_current"])
        expect(chart.get_by_text(EN["hops_d"])).to_be_visible()
        _play_and_check(page, chart, current, f"{EN['hops_current']}1", "g.barlayer g.point path")
    finally:
        page.context.close()
