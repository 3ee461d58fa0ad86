"""Real-browser test of the Synthetic data page's attacks tab (issue 34.2): on penguins, the button fits
MST on the training half at every ε for real (a progress bar says how far), the risk chart shows every
table attacked with its bars, intervals and bounds, the details follow the table chosen, and the same
session read in Chinese, then on a phone, keeps its results, leaves no English behind and never
scrolls sideways. Charts are found by title, controls by their labels."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import chart, choose, expect_clean, mark_labels, open_app, wait_for_app_run
from tests.e2e.test_language_e2e import _english_left
from tests.e2e.test_reidentification_e2e import no_sideways_scroll
from ui.i18n import language
from ui.text.synthetic import TEXT
from ui.views.synthetic import attacks

SWEEP_MS = 900_000  # four MST fits on eight columns, and the attacks, on a loaded 2-core machine


def words(lang: str) -> dict[str, str]:
    with language(lang):
        return {key: TEXT[key] for key in TEXT} | {"copy": attacks.label(attacks.COPY)}


def title(w: dict[str, str], key: str) -> str:
    return w[key].split("\n")[0]


def test_the_attacks_across_epsilon_in_both_languages_and_on_a_phone(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    en = words("en")
    open_app(page, f"{base_url}/Synthetic_data?syn_tab=attacks&data=penguins")
    expect(page.get_by_text(en["att_hint"])).to_be_visible()
    page.get_by_role("button", name=en["att_button"].format(n=5)).click()
    expect(page.get_by_test_id("stProgress")).to_be_visible()  # the sweep says how far it is
    expect(page.get_by_text(en["att_bound_note"][:40])).to_be_visible(timeout=SWEEP_MS)
    wait_for_app_run(page)
    expect_clean(page)
    expect(page.get_by_role("button", name=re.compile(r"^Fit MST on the training half"))).to_have_count(0)

    figure = chart(page, title(en, "att_chart_title"))
    bars = mark_labels(figure, "bars")
    assert len(bars) == 3 * 5, bars  # three attacks on four MST tables and the rows themselves
    assert any(en["copy"] in label and en["att_inference"] in label for label in bars)
    assert mark_labels(figure, "bounds")  # what ε allows, on the MST tables
    chart(page, title(en, "att_closest_title"))
    expect(page.get_by_text("ε = 10, secret column species")).to_be_visible()  # the largest ε in detail
    expect(page.get_by_role("columnheader", name=en["att_col_risk"])).to_be_visible()

    choose(page, en["att_shown"], en["copy"])
    expect(page.get_by_text(f"{en['copy']}, secret column species")).to_be_visible()
    expect(page).to_have_url(re.compile(r"syn_att_shown=copy"))
    expect_clean(page)

    page.get_by_test_id("stSidebar").get_by_text("中文", exact=True).click()  # the same session, its results kept
    wait_for_app_run(page)
    zh = words("zh")
    chart(page, title(zh, "att_chart_title"))
    expect(page.get_by_text(zh["att_bound_note"][:20])).to_be_visible()
    assert not _english_left(page), _english_left(page)
    expect_clean(page)

    for lang in ("zh", "en"):  # on a phone, in each language (switched while the sidebar is open)
        w = words(lang)
        if lang == "en":
            page.set_viewport_size({"width": 1920, "height": 1080})
            page.get_by_test_id("stSidebar").get_by_text("English", exact=True).click()
            wait_for_app_run(page)
        page.set_viewport_size({"width": 390, "height": 844})
        figure = chart(page, title(w, "att_chart_title"))
        figure.scroll_into_view_if_needed()
        box = figure.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        chart(page, title(w, "att_closest_title"))
        no_sideways_scroll(page)
    expect_clean(page)
