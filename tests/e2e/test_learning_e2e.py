"""Real-browser tests of the Machine learning page: a grid at new settings trains in the background with
a progress bar, then the accuracy chart and its sentence appear and the chart's ε slider steps in the
browser (1920x1080, English); on a phone in Chinese, the default grid (started by the server's
warm-up) and the attack part's rates; the attack part's table of TPRs on a desktop."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import chart, expect_clean, open_app, wait_for_app_run
from ui.text.learning import TEXT
from ui.text.zh.learning import TEXT as ZH

DESKTOP = {"viewport": {"width": 1920, "height": 1080}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TRAINED_MS = 360_000  # a grid trains in the background: ~1 min at the defaults, on a busy machine more
TINY = "data=adult&ml_rows=300&ml_epochs=2&ml_model=logistic&ml_batch=16"


def _title(template: str, **values: str) -> str:
    return template.format(**values).split("\n")[0]


def test_new_settings_train_with_a_progress_bar_then_the_slider_steps(browser: Browser, base_url: str) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    try:
        open_app(page, f"{base_url}/Machine_learning?{TINY}&seed=11")
        expect(page.get_by_role("progressbar")).to_be_visible()  # the grid trains on the server
        expect(page.get_by_text(TEXT["wait_note"])).to_be_visible()
        figure = page.get_by_test_id("stVegaLiteChart").filter(
            has=page.locator("g.role-title-text text", has_text=_title(TEXT["train_chart_title"], eps="1")))
        expect(figure).to_have_count(1, timeout=TRAINED_MS)  # the poll redrew the page once it was done
        expect(page.get_by_role("progressbar")).to_have_count(0)
        reading = page.get_by_text(re.compile(r"At ε = 1 \(δ = 10⁻⁵\) the accountant asks for noise σ = \d"))
        expect(reading).to_be_visible()
        expect(page.get_by_text(re.compile(r"of the 150 test rows"))).to_be_visible()
        expect(figure.get_by_text(TEXT["series_majority"])).to_be_visible()  # the baseline's legend
        slider = page.get_by_role("slider", name=TEXT["epsilon_slider"])  # the chart's own slider
        slider.focus()
        page.keyboard.press("ArrowRight")  # ε = 2, drawn by the browser
        expect(page.get_by_text(re.compile(r"At ε = 2 \(δ = 10⁻⁵\)"))).to_be_visible()
        expect(figure.locator("g.role-title-text text", has_text="DP-SGD at ε = 2")).to_be_visible()
        expect(slider).to_have_attribute("aria-valuetext", "2")
        expect(page).to_have_url(re.compile(r"ml_eps=2"))  # the server learnt it, a moment later
        wait_for_app_run(page)  # the first step brought every other ε's frame (a rerun): the slider is drawn anew
        slider.focus()
        page.keyboard.press("Home")  # ε = 0.25, now in the browser alone
        expect(page.get_by_text(re.compile(r"At ε = 0\.25 \("))).to_be_visible()
        expect(page).to_have_url(re.compile(r"ml_eps=0\.25"))
        expect_clean(page)
    finally:
        context.close()


def test_the_default_grid_and_its_attacks_on_a_phone_in_chinese(browser: Browser, base_url: str) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        open_app(page, f"{base_url}/Machine_learning?data=adult&lang=zh")
        figure = page.get_by_test_id("stVegaLiteChart").filter(
            has=page.locator("g.role-title-text text", has_text=_title(ZH["train_chart_title"], eps="1")))
        expect(figure).to_have_count(1, timeout=TRAINED_MS)  # the server's warm-up started it
        expect(page.get_by_text(re.compile(r"会计要求噪声 σ = \d"))).to_be_visible()
        expect(page.get_by_text(re.compile(r"训练 50 轮后，DP-SGD 模型在 2,000 行测试数据中答对"))).to_be_visible()
        slider = page.get_by_role("slider", name=ZH["epsilon_slider"])
        slider.focus()
        page.keyboard.press("End")  # ε = 8
        expect(page.get_by_text(re.compile(r"在 ε = 8（δ = 10⁻⁵）时"))).to_be_visible()
        page.get_by_role("radio", name=ZH["tab_attack"]).click()  # the part, as a reader opens it
        wait_for_app_run(page)
        chart(page, _title(ZH["attack_chart_title"], fpr="1%"))
        expect(page.get_by_text(re.compile(r"LiRA 找出它 2,000 行训练数据中的 \d+(\.\d+)?%"))).to_be_visible()
        expect(page.get_by_text(re.compile(r"差分隐私的上界远高于这些攻击达到的水平"))).to_be_visible()
        assert "ml_tab=attack" in page.url
        expect_clean(page)
    finally:
        context.close()


def test_the_attack_part_lists_every_rate_against_the_bound(browser: Browser, base_url: str) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    try:
        open_app(page, f"{base_url}/Machine_learning?data=adult&ml_tab=attack")
        figure = page.get_by_test_id("stVegaLiteChart").filter(
            has=page.locator("g.role-title-text text", has_text=_title(TEXT["attack_chart_title"], fpr="1%")))
        expect(figure).to_have_count(1, timeout=TRAINED_MS)
        expect(figure.get_by_text(TEXT["series_bound"])).to_be_visible()
        expect(page.get_by_text(re.compile(r"LiRA finds \d+(\.\d+)?% of its 2,000 training rows"))).to_be_visible()
        page.get_by_text(TEXT["table_title"], exact=True).click()  # the table of every number
        row = page.get_by_role("row").filter(has=page.get_by_role("cell", name=TEXT["table_no_privacy"], exact=True))
        expect(row).to_contain_text(re.compile(r"\d+(\.\d+)?% / \d+(\.\d+)?%"))  # TPR at 0.1% / 1%
        eight = page.get_by_role("row").filter(has=page.get_by_role("cell", name="8", exact=True))
        expect(eight).to_contain_text(re.compile(r"\d+(\.\d+)?% / \d+(\.\d+)?%"))  # its bound too
        page.get_by_role("radio", name="0.1%").click()  # read at 0.1% false positives
        wait_for_app_run(page)
        chart(page, _title(TEXT["attack_chart_title"], fpr="0.1%"))
        expect(page).to_have_url(re.compile(r"ml_fpr=0\.001"))
        expect_clean(page)
    finally:
        context.close()
