"""AppTest for pages/10_Audit.py: the default audit, a broken mechanism from a link, the draws slider."""

from __future__ import annotations

from tests.app.conftest import assert_clean, chart_titled, page_text, run_page
from ui.text.audit import TEXT

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
