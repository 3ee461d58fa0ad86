"""Real-browser tests of the attacker's-view page: move O and see the posterior change, draw an
output, and open a deep link to another part."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS, label_number, open_app, vega_mark_labels, wait_for_idle

PAGE = "/Attacker_posterior"
POSTERIOR = re.compile(r"Posterior P\[D \| O\] = (\d\.\d{3}): after seeing O = (-?[\d.]+)")


def _posterior_sentence(page: Page) -> str:
    sentence = page.get_by_text(POSTERIOR)
    expect(sentence).to_have_count(1)
    return sentence.inner_text()


def test_moving_the_output_changes_the_posterior(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{PAGE}?post_part=mechanism")
    before = _posterior_sentence(page)
    assert "P[D | O] = 0.731" in before and "O = 3" in before  # O starts at f(D) = 3 (Alice is in)
    # The exact-posterior chart marks the output seen (its last layer).
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(2)
    assert vega_mark_labels(page, 1, 5) == ["Output O: 3; Posterior P[D | O]: 73%; series: O seen"]
    slider = page.get_by_role("slider", name=re.compile("Output O"))
    slider.focus()
    for _ in range(20):  # 20 steps of 0.05 to the left: O = 2
        slider.press("ArrowLeft")
    wait_for_idle(page)
    expect(page.get_by_text(re.compile(r"Posterior P\[D \| O\] = 0\.269: after seeing O = 2\b"))).to_be_visible()
    assert _posterior_sentence(page) != before
    # The chart moved its mark without a new chart: O = 2, posterior 27%.
    page.wait_for_function(
        "() => { const d = document.querySelectorAll('[data-testid=stVegaLiteChart]')[1]"
        ".querySelector('g.layer_5_marks path'); return d && /^Output O: 2;/.test(d.getAttribute('aria-label')); }"
    )
    (seen,) = vega_mark_labels(page, 1, 5)
    assert label_number(seen, 0) == 2.0
    assert seen.split("; ")[1] == "Posterior P[D | O]: 27%"
    expect(page).to_have_url(re.compile(r"post_o=2(&|$)"))
    expect(page.get_by_test_id("stException")).to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "attacker_posterior_mechanism.png"), full_page=True)


def test_the_url_sets_the_output_and_the_draw_button_moves_it(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{PAGE}?post_part=mechanism&post_mech=gaussian&post_o=20")
    first = _posterior_sentence(page)
    assert "after seeing O = 20" in first
    expect(page.get_by_text(re.compile("leaves the pure-ε band for outputs above"))).to_be_visible()
    page.get_by_role("button", name="Draw an output from A(D)").click()
    wait_for_idle(page)
    expect(page.get_by_text(re.compile(r"Draw number 1 from A\(D\) with seed 42"))).to_be_visible()
    assert _posterior_sentence(page) != first
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_deep_link_to_the_privacy_loss_part(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{PAGE}?post_part=loss&post_mech=gaussian&post_read=1")
    # Read at the calibration epsilon, the Gaussian's delta(eps) is the delta it was calibrated for.
    expect(page.get_by_text(re.compile(r"δ\(ε′\) = 1e-05 by numerical integration"))).to_be_visible()
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(4)
    # The distribution of L under D (layer 1 of the second chart): its bars hold all the probability.
    masses = [label_number(label, 0) for label in vega_mark_labels(page, 1, 1)]
    assert len(masses) == 60 and abs(sum(masses) - 1) < 0.01
    expect(page.get_by_test_id("stException")).to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "attacker_posterior_loss.png"), full_page=True)
