"""Real-browser test of the Audit page: choosing a broken mechanism turns the verdict."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import chart, expect_clean, open_app, wait_for_app_run
from ui.text.audit import TEXT


def test_choosing_a_broken_mechanism_turns_the_verdict(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Audit")
    verdict = page.get_by_text(re.compile(r"outputs on each input the audit shows"))
    expect(verdict).to_contain_text("consistent with the promise")
    chart(page, TEXT["chart_title"].format(draws="100,000").split("\n")[0])
    box = page.get_by_role("combobox", name=TEXT["mechanism"])
    box.click()
    page.get_by_role("option", name=TEXT["mech_broken_laplace_half_scale"]).click()
    wait_for_app_run(page)
    expect(verdict).to_contain_text("breaks its promise")
    slider = page.get_by_role("slider", name=TEXT["draws"])  # the chart's own slider
    slider.focus()
    page.keyboard.press("Home")  # 1,000 draws, drawn by the browser
    expect(verdict).to_contain_text("With 1,000 outputs on each input")
    chart(page, TEXT["chart_title"].format(draws="1,000").split("\n")[0])
    expect(slider).to_have_attribute("aria-valuetext", "1,000")
    expect(page).to_have_url(re.compile(r"audit_draws=1%2C000"))  # the server learnt it, a moment later
    expect_clean(page)
