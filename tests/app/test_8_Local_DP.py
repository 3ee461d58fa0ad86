"""AppTest for pages/8_Local_DP.py: every tab opens clean from its link, its numbers are shown as
text, a slider only swaps data, and bad choices give a message instead of a traceback.

Only the open tab runs: each test opens its tab by its id in the URL (?ldp_tab=...)."""

from __future__ import annotations

import pytest

from tests.app.conftest import assert_clean, chart_titled, layout, page_text, run_page
from ui.i18n import language
from ui.text.local_dp import TEXT

PAGE = "pages/8_Local_DP.py"
SMALL = {"data": "penguins", "ldp_col": "species", "ldp_users": "1000", "ldp_repeats": "10"}


def _first_line(key: str) -> str:
    return TEXT[key].split("\n")[0]


def test_oracles_tab_shows_every_oracle() -> None:
    at = run_page(PAGE, SMALL)
    assert_clean(at)
    text = page_text(at)
    for key in ("oracle_grr", "oracle_oue", "oracle_olh", "oracle_hr", "oracle_kss"):
        assert f"| {TEXT[key]} |" in text
    assert "**Simulation**: 1,000 users with the shares of the column *species*" in text
    chart = chart_titled(at, _first_line("oracles_chart_title"))
    before = layout(chart)
    at.select_slider(key="ldp_eps").set_value(2.0).run()
    assert_clean(at)
    assert layout(chart_titled(at, _first_line("oracles_chart_title"))) == before
    assert "ε = 2)" in page_text(at)


def test_choose_tab_names_the_best_oracle() -> None:
    at = run_page(PAGE, {"ldp_tab": "choose", "ldp_d": "3"})
    assert_clean(at)
    assert "the best oracle is **GRR**" in page_text(at)
    at.number_input(key="ldp_d").set_value(500).run()
    assert_clean(at)
    assert "the best oracle is **GRR**" not in page_text(at)
    chart_titled(at, _first_line("by_domain_title"))


@pytest.mark.parametrize("tab,title", [("post", "post_chart_title"), ("central", "central_chart_title"),
                                       ("shuffle", "shuffle_chart_title"), ("poison", "poison_chart_title")])
def test_each_tab_opens_from_its_link(tab: str, title: str) -> None:
    at = run_page(PAGE, {**SMALL, "ldp_tab": tab})
    assert_clean(at)
    chart_titled(at, _first_line(title))


def test_a_dataset_without_categories_says_why() -> None:
    at = run_page(PAGE, {"data": "zoo"})
    assert not at.exception
    assert any("no column with 2 to" in i.value for i in at.info) or chart_titled(at, _first_line("oracles_chart_title"))


def test_chinese() -> None:
    with language("zh"):
        at = run_page(PAGE, {**SMALL, "lang": "zh", "ldp_tab": "choose"})
    assert_clean(at)
    assert "最好的协议是" in page_text(at)
