"""Real-browser tests of the Exponential mechanism and Randomized response pages: editing the score
table redraws the bars; the randomized response page tosses a coin and links p to eps; a link with
a tab's id opens that tab. Charts are found by title and their marks by layer name."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import (
    chart,
    expect_clean,
    label_number,
    mark_labels,
    open_app,
    upload_csv,
    wait_for_app_run,
    wait_for_mark,
)

ROW_HEIGHT = 35  # glide-data-grid's default row height in Streamlit, header row included


def _percent(label: str, position: int) -> float:
    """The share in the position-th "name: value" part of a mark label ("…: 42.4%") as a fraction."""
    return float(label.split("; ")[position].split(": ", 1)[1].rstrip("%")) / 100


def vote_bars(figure: Locator) -> list[float]:
    """The probability bars of the vote chart as the browser drew them: each bar's label reads
    "Option: football; Probability of being chosen: 42.4%; Score: 30"."""
    return [_percent(label, 1) for label in mark_labels(figure, "bars")]


def survey_shares(figure: Locator) -> list[float]:
    """The survey chart's three points (true share, raw share, corrected estimate) as drawn:
    each point's label reads "Share of 'yes': 0.3; Value: True share"."""
    return [label_number(label, 0) for label in mark_labels(figure, "points")]


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
    wait_for_app_run(page)


def test_editing_a_score_redraws_the_probability_bars(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Exponential_mechanism")
    summary = page.get_by_text(re.compile(r"At ε = 0\.1 the mechanism picks"))
    expect(summary).to_contain_text("picks football (score 30) with probability 42.4%")
    figure = chart(page, "Probability of choosing")
    wait_for_mark(figure, "bars", "Score: 30")
    before = vote_bars(figure)
    assert before == [0.424, 0.33, 0.141, 0.105]

    page.get_by_role("button", name="Edit the table").click()  # the grid lives in a popover
    edit_number_cell(page, "exp_scores", row=3, value="60")
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid=stPopoverBody]")).to_have_count(0)
    expect(page.get_by_role("row", name="tennis 60", exact=True)).to_be_visible()  # the table shown as text

    expect(summary).to_contain_text("picks tennis (score 60) with probability")
    wait_for_mark(figure, "bars", "Score: 60")  # the browser swaps the new data into the drawn chart
    after = vote_bars(figure)
    assert after != before
    assert max(after) == after[3]
    slider = page.get_by_role("slider", name=re.compile("Privacy budget"))  # the chart's own slider
    slider.focus()
    slider.press("ArrowRight")  # 0.1 -> 0.15, drawn by the browser: chart, sentences and table
    chart(page, "each option at ε = 0.15")
    expect(page.get_by_text(re.compile(r"At ε = 0\.15 the mechanism picks tennis"))).to_be_visible()
    expect(page.get_by_role("columnheader", name="Probability at ε = 0.15")).to_be_visible()
    expect(page).to_have_url(re.compile(r"exp_eps=0\.15"))
    expect_clean(page)


def test_randomized_response_tosses_and_links_p_to_epsilon(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Randomized_response")
    expect(page.get_by_text(re.compile(r"ln\(0\.75 / 0\.25\) = 1\.099"))).to_be_visible()
    figure = chart(page, "What the collector sees")
    truth, raw, corrected = survey_shares(figure)
    assert truth == 0.3
    assert corrected == pytest.approx((0.75 - 1) / 0.5 + raw / 0.5, abs=2e-3)

    page.get_by_role("slider", name=re.compile("True share of 'yes'")).focus()  # the chart's own slider
    page.keyboard.press("ArrowRight")  # the share moves by 0.01, drawn by the browser with its sentences
    expect(page.get_by_text(re.compile(r"Of 1,000 respondents, 310 truly say 'yes'"))).to_be_visible()
    wait_for_mark(figure, "points", "Share of 'yes': 0.31;")
    assert survey_shares(figure)[0] == 0.31
    expect(page).to_have_url(re.compile(r"rr_share=0\.31"))  # the server learnt it, a moment later

    page.get_by_role("button", name="Toss the coin").click()
    wait_for_app_run(page)
    expect(page.get_by_text(re.compile(r"^Toss 1: the respondent's true answer is Yes"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"^So far 1 toss: heads "))).to_be_visible()

    eps = page.get_by_role("spinbutton", name=re.compile("Privacy budget ε"))
    eps.fill("2")
    eps.press("Enter")
    wait_for_app_run(page)
    p = page.get_by_role("spinbutton", name=re.compile("Probability p of telling the truth"))
    expect(p).to_have_value("0.8808")
    expect(page).to_have_url(re.compile(r"rr_p=0\.88"))  # the shared link carries the new p
    expect(page.get_by_text(re.compile(r"= 2\. A true answer is 7\.39 times as likely"))).to_be_visible()
    expect_clean(page)


def test_a_link_with_a_tab_id_opens_that_tab(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Randomized_response?rr_tab=book")
    expect(page.get_by_role("radio", name="The book's example")).to_be_checked()
    expect(page.get_by_text(re.compile(r"Male: \[20 × \(0\.8 − 1\) \+ 14\] / \(0\.8 × 2 − 1\) = 10 / 0\.6 ≈ 16\.7"))).to_be_visible()

    open_app(page, f"{base_url}/Exponential_mechanism?exp_tab=price")
    expect(page.get_by_role("radio", name="Pumpkin pricing")).to_be_checked()
    figure = chart(page, "Each candidate price")
    wait_for_mark(figure, "buyers", "Most a buyer will pay: 3")
    expect(page.get_by_text("Δq = 4", exact=True)).to_be_visible()

    page.get_by_role("radio", name="Most common value of a column").click()  # the open tab goes into the URL
    wait_for_app_run(page)
    expect(page).to_have_url(re.compile(r"exp_tab=mode"))
    wait_for_mark(chart(page, "Probability of choosing"), "chosen", "Value: ")
    expect_clean(page)


def test_a_most_common_value_that_looks_like_a_link_is_drawn_as_text(page: Page, base_url: str) -> None:
    """Issue 30: escaped, a bare address in a cell was still a live link in Streamlit's markdown
    (remark-gfm autolinks after escapes); the browser draws no link for it."""
    open_app(page, f"{base_url}/Exponential_mechanism?exp_tab=mode&data=upload&exp_mode_col=site")
    rows = "[v5](http://evil.example),1\n" * 3 + "www.evil.example,1\n" * 2 + "a@evil.example,1\n"
    upload_csv(page, "links.csv", ("site,n\n" + rows).encode())
    wait_for_app_run(page)
    main = page.get_by_test_id("stMain")
    expect(main.get_by_text(re.compile(r"most common value is .*v5.*evil"))).to_be_visible()
    expect(page.locator("a[href*='evil'], a[href^='mailto']")).to_have_count(0)
    expect_clean(page)
