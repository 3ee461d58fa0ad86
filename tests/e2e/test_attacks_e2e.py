"""Real-browser tests of the Attacks page: links that open a tab, a control that changes a number, a
shared URL, and charts (found by title, their layers by name) that show the numbers of the text."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

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
from ui.text.attacks import TEXT

ATTACKS = "/Attacks"
RECOVERY, BELIEF, RUNNING_MEANS = "Chance of exact recovery", "The attacker's belief", "Running means of"
EXACT = re.compile(
    r"Exact probability that an attacker's rounded mean of k = ([\d,]+) answers is the exact count: ([\d.]+)%"
)


def exact_text(page: Page) -> str:
    line = page.get_by_text(EXACT)
    expect(line).to_be_visible()
    return line.inner_text()


def expect_tab_open(page: Page, label: str) -> None:
    expect(page.get_by_role("radio", name=label)).to_be_checked()


def test_a_link_opens_the_averaging_tab(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{ATTACKS}?att_tab=averaging")
    expect_tab_open(page, "2. Averaging")
    assert "73.66%" in exact_text(page)
    chart(page, RUNNING_MEANS)
    chart(page, RECOVERY)
    # Only the open tab ran: the differencing tab's charts are not on the page.
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(2)
    expect_clean(page)


def test_clicking_a_tab_puts_it_in_the_url(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{ATTACKS}")
    expect_tab_open(page, "1. Differencing")
    page.get_by_role("radio", name="4. Defence").click()
    wait_for_app_run(page)
    expect_tab_open(page, "4. Defence")
    chart(page, "Budget split")
    expect(page.get_by_text(re.compile(r"after k = 1,000 answers it has spent k·ε = 1,000"))).to_be_visible()
    assert "att_tab=defence" in page.url
    expect_clean(page)


def test_raising_k_raises_the_exact_probability(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{ATTACKS}")
    expect(page.get_by_text(re.compile(r"The attacker now knows for sure that Aisha passed"))).to_be_visible()
    page.get_by_role("radio", name="2. Averaging").click()
    wait_for_app_run(page)
    before = exact_text(page)
    assert "k = 1,000 " in before and "73.66%" in before
    k_input = page.get_by_role("spinbutton", name="Number of repeated questions k")
    k_input.fill("10000")
    k_input.press("Enter")
    wait_for_app_run(page)
    expect(page.get_by_text(EXACT)).to_contain_text("k = 10,000 answers")
    after = exact_text(page)
    assert "99.96%" in after and after != before
    # The dotted rule of the recovery chart moved to the chosen k.
    wait_for_mark(chart(page, RECOVERY), "chosen", ": 10k;")
    expect_clean(page)
    assert "att_k=10000" in page.url


def test_a_step_of_epsilon_redraws_the_averaging_attack_in_the_browser(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{ATTACKS}?att_tab=averaging")
    assert "73.66%" in exact_text(page)
    slider = page.get_by_role("slider", name=re.compile(TEXT["avg_eps"]))  # the running means' own slider
    slider.focus()
    slider.press("ArrowLeft")  # ε 0.1 -> 0.07: both charts and the sentences, drawn by the browser
    chart(page, RUNNING_MEANS).locator("g.role-title-text text", has_text="at ε = 0.07").wait_for()
    chart(page, RECOVERY).locator("g.role-title-text text", has_text="at ε = 0.07").wait_for()
    expect(page.get_by_text(re.compile(r"Each answer spends ε = 0\.07;"))).to_be_visible()
    assert "73.66%" not in exact_text(page)
    expect(page).to_have_url(re.compile(r"att_eps=0\.07"))  # the server learnt it, a moment later
    expect_clean(page)


def test_differencing_on_the_cancer_table(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}{ATTACKS}")
    page.get_by_text("Patients with cancer (course Table 6-2)").click()
    wait_for_app_run(page)
    expect(page.get_by_text(re.compile(r"The attacker now knows for sure that Alice has cancer"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"first answer lies in \[2, 4\] and the second in \[1, 3\]"))).to_be_visible()
    # The diamond on the belief chart sits at the belief the text states.
    belief = page.get_by_text(re.compile(r"believes with probability [\d.]+% that Alice has cancer"))
    stated = float(re.search(r"probability ([\d.]+)%", belief.inner_text()).group(1))
    [label] = mark_labels(chart(page, BELIEF), "observed")
    assert label.split("; ")[1].startswith("Probability the target has cancer: ")
    shown = label_number(label.replace("%", ""), 1)  # the axis's whole percent
    assert abs(shown - stated) <= 0.5
    expect_clean(page)
    assert "att_diff_table=cancer" in page.url
    slider = page.get_by_role("slider", name=re.compile("Budget ε per answer"))  # the charts' own slider
    # as Streamlit's sliders: its value and its range's ends beside it (issue 31), not the frame's index
    own = page.locator(".st-key-att_diff_eps_chart .vega-bind")
    expect(own.locator(".dpx-value")).to_have_text("= 1")
    expect(own.locator(".dpx-min")).to_have_text("0.001")
    expect(own.locator(".dpx-max")).to_have_text("20")
    expect(slider).to_have_attribute("aria-valuetext", "1")
    slider.focus()
    slider.press("ArrowLeft")  # ε 1 -> 0.7: both charts and the belief, drawn by the browser
    expect(own.locator(".dpx-value")).to_have_text("= 0.7")
    chart(page, "The attacker's difference").locator("g.role-title-text text", has_text="at ε = 0.7").wait_for()
    expect(page.get_by_text(re.compile(r"ε = 0\.7 keeps that belief between"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"att_diff_eps=0\.7"))


def test_shared_url_reopens_the_same_view(browser: Browser, base_url: str) -> None:
    url = f"{base_url}{ATTACKS}?att_tab=averaging&att_query=medical&att_eps=0.01&att_k=100000&att_attackers=2000&seed=9"
    seen = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(APP_TIMEOUT_MS)
        page = context.new_page()
        open_app(page, url)
        expect_tab_open(page, "2. Averaging")
        expect(page.get_by_text(re.compile(r"True count: 436\."))).to_be_visible()
        assert "73.64%" in exact_text(page)
        simulated = page.get_by_text(re.compile(r"^Simulation: [\d.]+% of 2,000 attackers"))
        expect(simulated).to_be_visible()
        seen.append(simulated.inner_text())
        # The simulated point at the chosen k shows the simulation's share of the text.
        labels = mark_labels(chart(page, RECOVERY), "simulated")
        points = {label.split("; ")[0].split(": ")[1]: label for label in labels}
        share = float(re.match(r"Simulation: ([\d.]+)%", seen[-1]).group(1))
        assert abs(label_number(points["100k"].replace("%", ""), 3) - share) < 0.006
        expect_clean(page)
        context.close()
    assert seen[0] == seen[1]


def test_more_questions_reconstruct_more_secrets(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Attacks?att_tab=reconstruction&att_rec_m=15&att_rec_b=0")
    summary = page.get_by_text(re.compile(r"With \d+ questions and noise of about"))
    expect(summary).to_contain_text("With 15 questions")
    figure = chart(page, TEXT["rec_chart_title"].split("\n")[0])
    assert any("noise for the total ε (DP)" in label for label in mark_labels(figure, "curves"))
    slider = page.get_by_role("slider", name=TEXT["rec_queries"])
    slider.focus()
    page.keyboard.press("End")  # 480 questions
    wait_for_app_run(page)
    expect(summary).to_contain_text("With 480 questions")
    expect(summary).to_contain_text("the attacker gets 60 of 60 secrets right (100%)")
    people = chart(page, TEXT["rec_people_title"].split("\n")[0])
    wait_for_mark(people, "people", "secret recovered")
    expect_clean(page)
