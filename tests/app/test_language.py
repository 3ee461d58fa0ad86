"""The language in the address: ?lang=zh opens a page in Chinese, its error boxes included, and the
switch writes the choice back into the address."""

from __future__ import annotations

from tests.app.conftest import assert_clean, run_page
from ui.i18n import language
from ui.text.histogram import TEXT as HISTOGRAM

PAGE = "pages/2_Histogram_and_neighbour.py"


def test_lang_zh_opens_the_page_in_chinese_and_keeps_it_in_the_address() -> None:
    at = run_page(PAGE, {"lang": "zh"})
    assert_clean(at)
    with language("zh"):
        assert at.title[0].value == HISTOGRAM["title"]
    assert at.query_params["lang"] == "zh"
    assert at.sidebar.radio(key="language_switch").value == "zh"


def test_an_error_from_dpcore_is_shown_in_chinese() -> None:
    at = run_page(PAGE, {"data": "zoo", "lang": "zh"})
    with language("zh"):  # AppTest formats the page's options in the test's thread: in Chinese too
        next(n for n in at.number_input if n.key.startswith("hist_lo_")).set_value(500.0).run()
    assert not at.exception
    assert any("下界" in e.value and "上界" in e.value for e in at.error), [e.value for e in at.error]


def test_switching_back_to_english_translates_the_page_and_the_address() -> None:
    at = run_page(PAGE, {"lang": "zh"})
    with language("zh"):
        at.sidebar.radio(key="language_switch").set_value("en").run()
    assert_clean(at)
    assert at.title[0].value == HISTOGRAM["title"]
    assert at.query_params["lang"] == "en"
