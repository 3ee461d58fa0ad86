"""Real-browser tests of the attacker's-view page: move O and see the posterior change, draw an
output, open a deep link to another part, play the guessing game, and read every chart's title and
legend whole on a phone screen. Charts are found by title and layers by name, never by position."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import (
    APP_TIMEOUT_MS,
    chart,
    expect_clean,
    label_number,
    mark_labels,
    open_app,
    wait_for_app_run,
    wait_for_mark,
)

PAGE = "/Attacker_posterior"
POSTERIOR = re.compile(r"Posterior P\[D \| O\] = ([\d.]+): after seeing O = (-?[\d.]+)")


def _posterior_sentence(page: Page) -> str:
    sentence = page.get_by_text(POSTERIOR)
    expect(sentence).to_have_count(1)
    return sentence.inner_text()


def _part(label: str, name: str) -> float:
    """The number of the "name: value" part of a mark label (a percentage as its number: 27% -> 27)."""
    parts = label.split("; ")
    return label_number(label.replace("%", ""), next(i for i, p in enumerate(parts) if p.startswith(f"{name}: ")))


def test_moving_the_output_changes_the_posterior(page: Page, base_url: str, artifacts: Path) -> None:
    open_app(page, f"{base_url}{PAGE}?post_part=mechanism")
    before = _posterior_sentence(page)
    assert "P[D | O] = 0.731" in before and "O = 3" in before  # O starts at f(D) = 3 (Alice is in)
    posterior = chart(page, "Exact posterior P[D | O]")
    (seen,) = mark_labels(posterior, "seen")  # the axis's format wins in a mark's label: 73%
    assert seen.startswith("Output O: 3; Posterior P[D | O]: 73%;") and seen.endswith(": O seen")
    slider = page.get_by_role("slider", name=re.compile("Output O"))
    slider.focus()
    for _ in range(20):  # 20 steps of 0.05 to the left: O = 2
        page.keyboard.press("ArrowLeft")
    wait_for_app_run(page)
    expect(page.get_by_text(re.compile(r"Posterior P\[D \| O\] = 0\.269: after seeing O = 2\b"))).to_be_visible()
    assert _posterior_sentence(page) != before
    # The chart moved its mark without a new chart: O = 2, posterior 26.9%.
    wait_for_mark(posterior, "seen", "Output O: 2;")
    (seen,) = mark_labels(posterior, "seen")
    assert _part(seen, "Output O") == 2.0
    assert "Posterior P[D | O]: 27%" in seen
    wait_for_mark(chart(page, "The output's distribution"), "observed", "Output O: 2")
    expect(page).to_have_url(re.compile(r"post_o=2(&|$)"))
    expect_clean(page)
    page.screenshot(path=str(artifacts / "attacker_posterior_mechanism.png"), full_page=True)


def test_the_url_sets_the_output_and_the_draw_button_moves_it(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{PAGE}?post_part=mechanism&post_mech=gaussian&post_o=20")
    first = _posterior_sentence(page)
    assert "after seeing O = 20" in first
    expect(page.get_by_text(re.compile("leaves the pure-ε band for outputs above"))).to_be_visible()
    page.get_by_role("button", name="Draw an output from A(D)").click()
    wait_for_app_run(page)
    expect(page.get_by_text(re.compile(r"Draw number 1 from A\(D\) with seed 42"))).to_be_visible()
    assert _posterior_sentence(page) != first
    expect_clean(page)


def test_deep_link_to_the_privacy_loss_part(page: Page, base_url: str, artifacts: Path) -> None:
    open_app(page, f"{base_url}{PAGE}?post_part=loss&post_mech=gaussian&post_read=1")
    # Read at the calibration epsilon, the Gaussian's delta(eps) is the delta it was calibrated for.
    expect(page.get_by_text(re.compile(r"δ\(ε′\) = about 1 in 100,000 by numerical integration"))).to_be_visible()
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(4)
    # The distribution of L under D: its bars hold all the probability.
    masses = [_part(label, "Probability") for label in mark_labels(chart(page, "Its distribution"), "bins")]
    assert len(masses) == 60 and abs(sum(masses) - 1) < 0.01
    curves = chart(page, "δ(ε) of this mechanism")
    wait_for_mark(curves, "read", "ε: 1")
    # its δ axis reads 0.01, 0.1, 1 (and 10⁻⁶ lower down), never Vega's "1e-2" (issue 31)
    ticks = [t for t in curves.locator("g.role-axis-label text").all_text_contents() if t]
    assert "0.01" in ticks and not [t for t in ticks if re.search(r"\de[-+]?\d", t)], ticks
    # The read slider reruns only its own charts: one step left reads δ at 0.75 × ε.
    page.get_by_role("slider", name=re.compile("Read δ at ε′")).focus()
    page.keyboard.press("ArrowLeft")
    wait_for_app_run(page)
    wait_for_mark(curves, "read", "ε: 0.75")
    expect(page.get_by_text(re.compile(r"At ε′ = 0\.75: δ\(ε′\) = [^:]+ by numerical integration"))).to_be_visible()
    expect_clean(page)
    page.screenshot(path=str(artifacts / "attacker_posterior_loss.png"), full_page=True)


def test_the_bounds_chart_has_no_label_for_a_line_to_cross(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{PAGE}?post_prior=0.25")
    band = chart(page, "How far one output can move")
    (low, prior, high) = sorted(mark_labels(band, "you"), key=lambda label: _part(label, "Posterior P[D | O], after the output"))
    assert _part(prior, "Prior P[D], before the output") == 25
    assert [_part(x, "Posterior P[D | O], after the output") for x in (low, high)] == [11, 48]  # 10.9% and 47.5%
    # The comparison epsilons are named in the legend, so no text sits on the plot.
    expect(band.locator("g.mark-text.role-mark")).to_have_count(0)
    legend = band.locator("g.role-legend-label text").all_text_contents()
    assert {"ε = 0.1", "ε = 0.5", "ε = 1", "ε = 2", "ε = 5", "your prior"} <= set(legend)


def test_the_bounds_step_in_the_browser_and_the_other_parts_keep_that_epsilon(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{PAGE}")
    slider = page.get_by_role("slider", name=re.compile("Privacy budget"))  # the bounds chart's own slider
    slider.focus()
    slider.press("ArrowRight")  # ε 1 -> 1.5: the band, the words, the numbers and the caption follow
    expect(page.get_by_text(re.compile(r"at most 81\.8% sure after one output of a mechanism with ε = 1\.5"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"calibrated for ε = 1\.5 and sensitivity"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"post_eps=1\.5"))
    page.get_by_text("2 · A real mechanism").click()  # a part whose every step needs the server
    wait_for_app_run(page)
    expect(page.get_by_role("slider", name=re.compile("Privacy budget"))).to_have_attribute("aria-valuetext", "1.5")
    expect_clean(page)


def _guess(page: Page, button: str) -> None:
    page.get_by_role("button", name=button, exact=True).click()
    wait_for_app_run(page)


def test_playing_the_game_keeps_score(page: Page, base_url: str, artifacts: Path) -> None:
    open_app(page, f"{base_url}{PAGE}?post_part=game")
    expect(page.get_by_text("No guesses yet")).to_be_visible()
    expect(page.get_by_text(re.compile(r"Round 1: the mechanism answered O = "))).to_be_visible()
    _guess(page, "I guess D")
    expect(page.get_by_text(re.compile(r"Your score: [01] right guess(es)? out of 1,"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"Round 1: O = .* came from D′?\. You guessed D: (right!|wrong\.)"))).to_be_visible()
    score = chart(page, "Your hit rate")
    wait_for_mark(score, "bars", "Who guessed: you")
    _guess(page, "I guess D′")
    expect(page.get_by_text(re.compile(r"Your score: [012] right guess(es)? out of 2,"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"Round 3: the mechanism answered O = "))).to_be_visible()
    rates = {next(p for p in label.split("; ") if p.startswith("Who guessed: ")): _part(label, "Share of right guesses")
             for label in mark_labels(score, "bars")}
    assert set(rates) == {"Who guessed: you", "Who guessed: Bayes attacker, same outputs"}
    assert all(rate in (0, 50, 100) for rate in rates.values())
    # The benchmark below is untouched by a guess: still the 10,000-round simulation.
    expect(page.get_by_text(re.compile(r"After 10,000 rounds the attacker guessed right"))).to_be_visible()
    _guess(page, "New game")
    expect(page.get_by_text("No guesses yet")).to_be_visible()
    expect_clean(page)
    page.screenshot(path=str(artifacts / "attacker_posterior_game.png"), full_page=True)


def _inside(figure: Locator, selector: str) -> list[str]:
    """Texts under `selector` that stick out of the chart or were cut short ("…")."""
    return figure.evaluate(
        """(el, selector) => {
            const box = el.getBoundingClientRect();
            return [...el.querySelectorAll(selector)]
                .filter(t => { const r = t.getBoundingClientRect();
                               // 3 pixels of slack: a rotated title's box includes its font's empty ascent.
                               return r.right > box.right + 3 || r.left < box.left - 3 || t.textContent.includes('…'); })
                .map(t => t.textContent);
        }""",
        selector,
    )


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("part", ["bounds", "mechanism", "loss", "testing", "game"])
def test_titles_and_legends_stay_whole_on_a_phone(browser: Browser, base_url: str, part: str, width: int) -> None:
    """On a phone (390 pixels) and beside the settings column on a laptop, no title, legend entry or
    axis title of any chart is cut short or sticks out of its chart."""
    context = browser.new_context(viewport={"width": width, "height": 844}, device_scale_factor=1)
    context.set_default_timeout(APP_TIMEOUT_MS)
    page = context.new_page()
    try:
        open_app(page, f"{base_url}{PAGE}?post_part={part}&post_mech=gaussian")
        figures = page.get_by_test_id("stVegaLiteChart")
        expect(figures.first.locator("g.role-title-text text").first).to_be_attached()
        for figure in figures.all():
            figure.scroll_into_view_if_needed()
            expect(figure.locator("g.role-title-text text").first).to_be_attached()
            title = " ".join(figure.locator("g.role-title-text text").all_text_contents())
            assert not _inside(figure, "g.role-title-text text"), title
            assert not _inside(figure, "g.role-legend-label text"), title
            assert not _inside(figure, "g.role-axis-title text"), title
    finally:
        context.close()
