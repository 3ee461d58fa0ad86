"""Real-browser tests of the Exponential mechanism and Randomized response pages: editing the score
table redraws the bars; the randomized response page renders, tosses a coin and links p to eps."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import label_number, open_app, vega_mark_labels, wait_for_idle

ROW_HEIGHT = 35  # glide-data-grid's default row height in Streamlit, header row included


def vote_bars(page: Page) -> list[float]:
    """The probability bars of the vote chart (the page's first chart), as the browser drew them:
    each bar's label reads "Option: football; Probability of being chosen: 0.424; Score: 30"."""
    return [label_number(label, 1) for label in vega_mark_labels(page, 0, 0)]


def survey_shares(page: Page) -> list[float]:
    """The survey chart's three points (true share, raw share, corrected estimate) as drawn:
    each point's label reads "Share of 'yes': 0.3; series: True share"."""
    return [label_number(label, 0) for label in vega_mark_labels(page, 0, 4)]


def edit_number_cell(page: Page, editor_key: str, row: int, value: str) -> None:
    """Type `value` into the last (number) column of `row` of a st.data_editor, as a user does:
    double-click the cell on the canvas, type into the overlay editor, press Enter."""
    grid = page.locator(f".st-key-{editor_key} [data-testid=stDataFrame]")
    expect(grid).to_be_visible()
    # the grid's accessible mirror of the cells is there once the canvas is drawn
    expect(grid.get_by_test_id(f"glide-cell-1-{row}")).to_have_count(1)
    box = grid.bounding_box()
    assert box is not None
    page.mouse.dblclick(box["x"] + box["width"] - 50, box["y"] + ROW_HEIGHT * (row + 1) + ROW_HEIGHT / 2)
    overlay = page.locator("input.gdg-input")
    expect(overlay).to_be_visible()
    overlay.fill(value)
    overlay.press("Enter")
    wait_for_idle(page)


def test_editing_a_score_redraws_the_probability_bars(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Exponential_mechanism")
    summary = page.get_by_text(re.compile(r"At ε = 0\.1 the mechanism picks"))
    expect(summary).to_contain_text("picks football (score 30) with probability 0.424")
    before = vote_bars(page)
    assert [round(v, 3) for v in before] == [0.424, 0.33, 0.141, 0.105]

    edit_number_cell(page, "exp_scores", row=3, value="60")

    expect(summary).to_contain_text("picks tennis (score 60) with probability")
    page.wait_for_function(  # the browser swaps the new data into the drawn chart
        "() => Array.from(document.querySelectorAll('[data-testid=stVegaLiteChart] g.layer_0_marks path'))"
        ".some(p => p.getAttribute('aria-label').includes('Score: 60'))"
    )
    after = vote_bars(page)
    assert after != before
    assert max(after) == after[3]
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(0)


def test_randomized_response_renders_tosses_and_links_p_to_epsilon(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Randomized_response")
    expect(page.get_by_text(re.compile(r"ln\(0\.75 / 0\.25\) = 1\.099"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"Male: \[20 × \(0\.8 − 1\) \+ 14\] / \(0\.8 × 2 − 1\) = 10 / 0\.6 ≈ 16\.7"))).to_be_attached()
    truth, raw, corrected = survey_shares(page)
    assert truth == 0.3
    assert corrected == pytest.approx((0.75 - 1) / 0.5 + raw / 0.5, abs=2e-3)

    page.get_by_role("slider", name=re.compile("True share of 'yes'")).focus()
    page.keyboard.press("ArrowRight")  # the share moves by 0.01: new data in the drawn chart
    expect(page.get_by_text(re.compile(r"Of 1,000 respondents, 310 truly say 'yes'"))).to_be_visible()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=stVegaLiteChart] g.layer_4_marks path')"
        "?.getAttribute('aria-label').startsWith(\"Share of 'yes': 0.31;\")"
    )
    assert survey_shares(page)[0] == 0.31

    page.get_by_role("button", name=re.compile("Ask this respondent")).click()
    wait_for_idle(page)
    expect(page.get_by_text(re.compile(r"^Toss 1: the respondent's true answer is Yes"))).to_be_visible()

    eps = page.get_by_role("spinbutton", name=re.compile("Privacy budget ε"))
    eps.fill("2")
    eps.press("Enter")
    wait_for_idle(page)
    p = page.get_by_role("spinbutton", name=re.compile("Probability p of telling the truth"))
    expect(p).to_have_value("0.8808")
    expect(page).to_have_url(re.compile(r"rr_p=0\.88"))  # the shared link carries the new p
    expect(page.get_by_text(re.compile(r"= 2\. A true answer is 7\.39 times as likely"))).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
