"""Real-browser tests of the Synthetic data page: the pupils' ε moves the steps and the chart; MST
runs when its button is pressed, shows its progress, and draws the comparison. Charts are found by
title, controls by their labels."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import chart, expect_clean, mark_labels, open_app, wait_for_app_run
from ui.text.synthetic import TEXT


def _title(key: str) -> str:
    return TEXT[key].split("\n")[0]


def test_the_pupils_epsilon_moves_the_noise(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Synthetic_data")
    steps = page.get_by_text(re.compile(r"Add Laplace noise of scale"))
    expect(steps).to_contain_text("1/ε = 1")
    chart(page, TEXT["pupils_chart_title"].format(eps="1").split("\n")[0])
    figure = chart(page, TEXT["pupils_chart_title"].split("{")[0])  # "The six pupils' ages at ε = …"
    before = mark_labels(figure, "bars")
    slider = page.get_by_role("slider", name=TEXT["epsilon"])  # the chart's own slider
    slider.focus()
    page.keyboard.press("End")  # ε = 20, drawn by the browser
    expect(steps).to_contain_text("1/ε = 0.05")
    chart(page, TEXT["pupils_chart_title"].format(eps="20").split("\n")[0])
    assert mark_labels(figure, "bars") != before
    expect(page).to_have_url(re.compile(r"syn_pupils_eps=20"))  # the server learnt it, a moment later
    expect_clean(page)


def test_mst_runs_on_request(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Synthetic_data?syn_tab=mst&data=penguins")
    expect(page.get_by_text(TEXT["mst_hint"])).to_be_visible()
    page.get_by_role("button", name=TEXT["mst_button"]).click()
    summary = page.get_by_text(re.compile(r"synthetic rows of species, island, sex, body_mass_g"))
    expect(summary).to_be_visible(timeout=240_000)
    wait_for_app_run(page)
    chart(page, _title("graph_title"))
    chart(page, _title("oneway_title"))
    expect(page.get_by_role("button", name=TEXT["download"])).to_be_visible()
    expect_clean(page)


def test_a_dataset_without_declared_columns_offers_one_that_works(page: Page, base_url: str) -> None:
    """The default dataset declares no columns: the MST tab says why and switches to penguins in one
    click, the sidebar's picker and the address included (the tab is a fragment: the page reruns)."""
    open_app(page, f"{base_url}/Synthetic_data?syn_tab=mst")
    expect(page.get_by_text(TEXT["no_domains"][:40])).to_be_visible()
    page.get_by_role("button", name=TEXT["use_penguins"]).click()
    wait_for_app_run(page)
    expect(page.get_by_text(TEXT["mst_hint"])).to_be_visible()
    expect(page.get_by_test_id("stSidebar").get_by_text("Palmer penguins")).to_be_visible()
    expect(page).to_have_url(re.compile(r"data=penguins"))
    expect(page.get_by_text(TEXT["no_domains"][:40])).to_have_count(0)
    expect_clean(page)
