"""Real-browser tests of the Attacks page: deep link, a control that changes a number, a shared URL,
and charts that show the numbers of the text."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import APP_TIMEOUT_MS, open_app, vega_mark_labels, wait_for_idle

ATTACKS = "/Attacks"
# Vega-Lite charts in page order (every tab's charts are in the page), and their layers.
POSTERIOR, RECOVERY = 1, 3
OBSERVED_POINT, SIMULATED_POINTS = 3, 3
PERCENT = re.compile(r"([\d.]+)%$")  # the last value of a mark label, a tooltip's percent
EXACT = re.compile(r"Exact probability that an attacker's rounded mean of k = ([\d,]+) answers is the exact count: ([\d.]+)%")


def exact_text(page: Page) -> str:
    line = page.get_by_text(EXACT)
    expect(line).to_be_visible()
    return line.inner_text()


def open_tab(page: Page, label: str) -> None:
    tab = page.get_by_role("tab", name=label)
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")


def test_raising_k_raises_the_exact_probability(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{ATTACKS}")
    expect(page.get_by_text(re.compile(r"The attacker now knows for sure that Aisha passed"))).to_be_visible()
    open_tab(page, "2. Averaging")
    before = exact_text(page)
    assert "k = 1,000 " in before and "73.66%" in before
    k_input = page.locator(".st-key-att_k input")
    k_input.fill("10000")
    k_input.press("Enter")
    wait_for_idle(page)
    expect(page.get_by_text(EXACT)).to_contain_text("k = 10,000 answers")
    after = exact_text(page)
    assert "99.96%" in after and after != before
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(0)
    assert "att_k=10000" in page.url


def test_differencing_on_the_cancer_table(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{ATTACKS}")
    page.get_by_text("Patients with cancer (course Table 6-2)").click()
    wait_for_idle(page)
    expect(page.get_by_text(re.compile(r"The attacker now knows for sure that Alice has cancer"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"first answer lies in \[2, 4\] and the second in \[1, 3\]"))).to_be_visible()
    # The diamond on the belief chart sits at the belief the text states.
    belief = page.get_by_text(re.compile(r"believes with probability [\d.]+% that Alice has cancer"))
    stated = re.search(r"probability ([\d.]+)%", belief.inner_text()).group(1)
    [label] = vega_mark_labels(page, POSTERIOR, OBSERVED_POINT)
    shown = re.search(r"Probability the target has cancer: ([\d.]+)%", label)  # the axis's whole percent
    assert shown and abs(float(shown.group(1)) - float(stated)) <= 0.5
    expect(page.get_by_test_id("stException")).to_have_count(0)
    assert "att_diff_table=cancer" in page.url


def test_shared_url_reopens_the_same_view(browser: Browser, base_url: str) -> None:
    url = f"{base_url}{ATTACKS}?att_query=medical&att_eps=0.01&att_k=100000&att_attackers=2000&seed=9"
    seen = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(APP_TIMEOUT_MS)
        page = context.new_page()
        open_app(page, url)
        open_tab(page, "2. Averaging")
        expect(page.get_by_text(re.compile(r"True count: 436\."))).to_be_visible()
        assert "73.64%" in exact_text(page)
        simulated = page.get_by_text(re.compile(r"^Simulation: [\d.]+% of 2,000 attackers"))
        expect(simulated).to_be_visible()
        seen.append(simulated.inner_text())
        # The simulated point at the chosen k shows the simulation's share of the text.
        points = {label.split("; ")[0].split(": ")[1]: label for label in vega_mark_labels(page, RECOVERY, SIMULATED_POINTS)}
        share = re.match(r"Simulation: ([\d.]+)%", seen[-1]).group(1)
        assert PERCENT.search(points["100000"]).group(1) == share
        expect(page.get_by_test_id("stException")).to_have_count(0)
        context.close()
    assert seen[0] == seen[1]
