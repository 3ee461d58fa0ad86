"""Real-browser tests of the Local DP page: the oracles' chart draws a dot per oracle and category,
a step of its own ε slider redraws it in the browser; the "which oracle" tab answers a new domain size; a link opens the shuffle
tab. Charts are found by title, marks by layer name, controls by their labels."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import chart, expect_clean, mark_labels, open_app, wait_for_app_run, wait_for_mark
from ui.text.local_dp import TEXT


def _title(key: str) -> str:
    """A chart's title as far as it is the same at every ε (a title may name ε)."""
    return TEXT[key].split("\n")[0].split("{")[0]


def test_oracles_chart_moves_with_epsilon(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Local_DP?data=penguins&ldp_col=species&ldp_users=1000&ldp_repeats=10")
    expect_clean(page)
    figure = chart(page, _title("oracles_chart_title"))
    wait_for_mark(figure, "estimates", "Oracle: OUE")
    before = mark_labels(figure, "estimates")
    assert len(before) == 7 * 3  # seven oracles, three species
    summary = page.get_by_text(re.compile(r"Each oracle ran 10 times"))
    expect(summary).to_contain_text("(d = 3, ε = 1)")
    page.get_by_role("slider", name=TEXT["epsilon"]).focus()
    page.keyboard.press("ArrowRight")  # the chart's own slider: drawn by the browser
    expect(summary).to_contain_text("(d = 3, ε = 1.5)")
    figure = chart(page, TEXT["oracles_chart_title"].format(eps="1.5").split("\n")[-1])
    assert mark_labels(figure, "estimates") != before
    expect(page).to_have_url(re.compile(r"ldp_eps=1\.5"))  # the server learnt it, a moment later
    expect_clean(page)


def test_a_larger_domain_changes_the_best_oracle(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Local_DP?ldp_tab=choose&ldp_d=3")
    summary = page.get_by_text(re.compile(r"the best oracle is"))
    expect(summary).to_contain_text("the best oracle is GRR")
    field = page.get_by_label(TEXT["domain"])
    field.fill("500")
    field.press("Enter")
    wait_for_app_run(page)
    expect(summary).not_to_contain_text("the best oracle is GRR")
    figure = chart(page, _title("by_domain_title"))
    assert any("Oracle: OUE" in label for label in mark_labels(figure, "curves"))
    slider = page.get_by_role("slider", name=TEXT["epsilon"])  # the first chart's own slider
    slider.focus()
    page.keyboard.press("Home")  # the smallest ε, drawn by the browser: both charts and the summary
    expect(summary).to_contain_text("At ε = 0.001 with d = 500")
    chart(page, TEXT["by_domain_title"].format(eps="0.001").split("\n")[0])
    expect(page).to_have_url(re.compile(r"ldp_eps=0\.001"))  # the server learnt it, a moment later
    expect_clean(page)


def test_a_link_opens_the_shuffle_tab(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Local_DP?ldp_tab=shuffle&ldp_n=100%2C000")
    expect(page.get_by_role("radio", name=TEXT["tab_shuffle"])).to_be_checked()
    chart(page, _title("shuffle_chart_title"))
    expect(page.get_by_text(re.compile(r"In a class of 30 the bound is"))).to_be_visible()
    expect_clean(page)
