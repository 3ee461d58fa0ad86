"""AppTest for pages/10_Audit.py: the default audit, a broken mechanism from a link, the draws slider."""

from __future__ import annotations

import streamlit as st

from tests.app.conftest import assert_clean, chart_titled, page_text, run_page
from ui.i18n import language
from ui.text.audit import TEXT
from ui.views.audit import mechanism

PAGE = "pages/10_Audit.py"


def test_the_default_audit_is_consistent() -> None:
    at = run_page(PAGE)
    assert_clean(at)
    assert "**consistent** with the promise" in page_text(at)
    chart_titled(at, TEXT["chart_title"].split("\n")[0])


def test_a_link_to_a_broken_mechanism_shows_it_caught() -> None:
    at = run_page(PAGE, {"audit_mech": "broken_naive_laplace", "audit_draws": "10,000"})
    assert_clean(at)
    assert "ε ≥ **∞**" in page_text(at)
    at.select_slider(key="audit_draws").set_value(1_000).run()
    assert_clean(at)
    assert "With 1,000 outputs on each input" in page_text(at)


def test_an_audit_is_computed_once_per_server_and_shared(monkeypatch) -> None:
    computed: list[int] = []
    compute = mechanism.compute

    def counting(settings: mechanism.Settings) -> mechanism.View:
        computed.append(settings.draws)
        return compute(settings)

    monkeypatch.setattr(mechanism, "compute", counting)
    st.cache_data.clear()  # no audit kept from another test
    at = run_page(PAGE, {"audit_draws": "10,000"})
    at.select_slider(key="audit_draws").set_value(1_000).run()
    at.select_slider(key="audit_draws").set_value(10_000).run()
    assert_clean(at)
    assert "With 10,000 outputs on each input" in page_text(at)
    assert computed == [10_000, 1_000]  # the second visit to 10,000 is the audit kept from the first
    classmate = run_page(PAGE, {"audit_draws": "10,000"})  # another session: the same audit, shared
    assert "With 10,000 outputs on each input" in page_text(classmate)
    assert computed == [10_000, 1_000]
    with language("zh"):
        chinese = run_page(PAGE, {"audit_draws": "10,000", "lang": "zh"})
    assert_clean(chinese)
    assert computed == [10_000, 1_000, 10_000]  # its sentences are another language's
