"""Real-browser tests of the Audit page: choosing a broken mechanism turns the verdict; the Gaussian
fit and the attack's table under the chart; the one-run part on a phone in Chinese, its canaries
slider stepping in the chart."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import chart, expect_clean, open_app, wait_for_app_run
from ui.text.audit import TEXT
from ui.text.zh.audit import TEXT as ZH

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _title(template: str, **values: str) -> str:
    return template.format(**values).split("\n")[0]


def test_choosing_a_broken_mechanism_turns_the_verdict(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Audit")
    verdict = page.get_by_text(re.compile(r"outputs on each input the audit shows"))
    expect(verdict).to_contain_text("consistent with the promise")
    chart(page, _title(TEXT["chart_title"], draws="100,000"))
    box = page.get_by_role("combobox", name=TEXT["mechanism"])
    box.click()
    page.get_by_role("option", name=TEXT["mech_broken_laplace_half_scale"]).click()
    wait_for_app_run(page)
    expect(verdict).to_contain_text("breaks its promise")
    slider = page.get_by_role("slider", name=TEXT["draws"])  # the chart's own slider
    slider.focus()
    page.keyboard.press("Home")  # 1,000 draws, drawn by the browser
    expect(verdict).to_contain_text("With 1,000 outputs on each input")
    chart(page, _title(TEXT["chart_title"], draws="1,000"))
    expect(slider).to_have_attribute("aria-valuetext", "1,000")
    expect(page).to_have_url(re.compile(r"audit_draws=1%2C000"))  # the server learnt it, a moment later
    expect_clean(page)


def test_the_gaussian_fit_stands_beside_clopper_pearson(page: Page, base_url: str) -> None:
    open_app(page, f"{base_url}/Audit?audit_mech=gaussian&audit_draws=10%2C000")
    figure = chart(page, _title(TEXT["chart_title"], draws="10,000"))
    expect(figure.get_by_text(TEXT["gdp_line"])).to_be_visible()  # its legend
    expect(figure.get_by_text(TEXT["exact_line"])).to_be_visible()  # numpy's gaps, named by a cross
    expect(page.get_by_role("cell", name=re.compile(r"Gaussian fit, μ ≥ 0\.\d+"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"assumes the mechanism's trade-off curve is a Gaussian's"))).to_be_visible()
    auroc = page.get_by_role("row").filter(has=page.get_by_role("cell", name="AUROC", exact=True))
    expect(auroc).to_contain_text(re.compile(r"AUROC0\.5\d+0\.5\d*\D+0\.5\d*0\.731"))  # measured, interval, most
    slider = page.get_by_role("slider", name=TEXT["draws"])
    slider.focus()
    page.keyboard.press("End")  # a million draws: the fit's row follows the step
    chart(page, _title(TEXT["chart_title"], draws="1,000,000"))
    expect(page.get_by_role("cell", name=re.compile(r"Gaussian fit, μ ≥ 0\.2[5-7]"))).to_be_visible()
    expect_clean(page)


def test_one_run_with_canaries_on_a_phone_in_chinese(browser: Browser, base_url: str) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        open_app(page, f"{base_url}/Audit?lang=zh")
        page.get_by_role("radio", name=ZH["tab_one_run"]).click()  # the part, as a reader opens it
        wait_for_app_run(page)
        expect(page.get_by_role("radio", name=ZH["tab_one_run"])).to_be_checked()
        figure = chart(page, _title(ZH["one_chart_title"], canaries="1,000"))
        expect(figure.get_by_text("至多 5.81")).to_be_visible()  # a perfect attacker's most, marked
        expect(page.get_by_text(re.compile(r"一次运行，1,000 个金丝雀，其中"))).to_be_visible()
        expect(page.get_by_text(re.compile(r"至多只能显示 ε = 5\.81"))).to_be_visible()
        slider = page.get_by_role("slider", name=ZH["canaries"])
        slider.focus()
        page.keyboard.press("End")  # a million canaries, stepped in the browser
        chart(page, _title(ZH["one_chart_title"], canaries="1,000,000"))
        expect(page.get_by_text(re.compile(r"一次运行，1,000,000 个金丝雀，其中"))).to_be_visible()
        expect(page).to_have_url(re.compile(r"audit_canaries=1%2C000%2C000"))
        assert "audit_tab=one_run" in page.url
        expect_clean(page)
    finally:
        context.close()
