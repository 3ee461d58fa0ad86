"""AppTest for pages/10_Audit.py: the default audit, a broken mechanism from a link, the draws slider
(the chart's own), and the audits shared between sessions."""

from __future__ import annotations

from collections import OrderedDict

from tests.app.conftest import assert_clean, chart_titled, reading, run_page, step
from ui import memo
from ui.i18n import language
from ui.tabs.audit import mechanism as audit
from ui.text.audit import TEXT
from ui.views.audit import mechanism

PAGE = "pages/10_Audit.py"


def test_the_default_audit_is_consistent() -> None:
    at = run_page(PAGE)
    assert_clean(at)
    assert "**consistent** with the promise" in reading(at, "audit_draws")
    chart_titled(at, TEXT["chart_title"].format(draws="100,000").split("\n")[0])


def test_a_link_to_a_broken_mechanism_shows_it_caught() -> None:
    at = run_page(PAGE, {"audit_mech": "broken_naive_laplace", "audit_draws": "10,000"})
    assert_clean(at)
    assert "ε ≥ **∞**" in reading(at, "audit_draws")
    assert "With 10,000 outputs on each input" in reading(at, "audit_draws")
    step(at, "audit_draws", 1_000, mechanism.DRAW_CHOICES)
    assert_clean(at)
    assert "With 1,000 outputs on each input" in reading(at, "audit_draws")
    assert at.query_params["audit_draws"] == "1,000"


def test_a_link_to_numpy_s_laplace_shows_a_simulation_that_is_not_exactly_dp() -> None:
    at = run_page(PAGE, {"audit_mech": "laplace", "audit_draws": "1,000"})
    assert_clean(at)
    text = reading(at, "audit_draws")
    assert "**breaks its promise**" in text and "could not have come from the other input" in text
    assert "**simulation**" in text


def test_an_audit_is_computed_once_per_server_and_shared(monkeypatch) -> None:
    computed: list[tuple[str, str]] = []
    compute, sweep = mechanism.compute, mechanism.sweep
    monkeypatch.setattr(mechanism, "compute", lambda s: computed.append(("one", s.mechanism)) or compute(s))
    monkeypatch.setattr(mechanism, "sweep", lambda s, d: computed.append(("all", s.mechanism)) or sweep(s, d))
    monkeypatch.setattr(memo, "_SHARED", OrderedDict())  # no audit kept from another test
    at = run_page(PAGE, {"audit_draws": "10,000", "audit_mech": "randomized_response"})
    assert computed == [("one", "randomized_response")]  # the number of draws asked for, first
    step(at, "audit_draws", 1_000, mechanism.DRAW_CHOICES)
    assert computed[1:] == [("all", "randomized_response")]  # the slider moved: every number of draws
    at.selectbox(key="audit_mech").set_value("exponential").run()
    at.selectbox(key="audit_mech").set_value("randomized_response").run()
    assert_clean(at)
    assert "With 1,000 outputs on each input" in reading(at, "audit_draws")
    assert computed[2:] == [("one", "exponential")]  # going back is the audit kept from the first
    classmate = run_page(PAGE, {"audit_draws": "10,000", "audit_mech": "randomized_response"})  # shared
    assert "With 10,000 outputs on each input" in reading(classmate, "audit_draws")
    assert computed[3:] == []
    with language("zh"):
        chinese = run_page(PAGE, {"audit_draws": "10,000", "audit_mech": "randomized_response", "lang": "zh"})
    assert_clean(chinese)
    assert computed[3:] == [("one", "randomized_response")]  # another language's words


def test_the_default_audit_is_ready_before_anyone_asks(monkeypatch) -> None:
    computed: list[str] = []
    monkeypatch.setattr(mechanism, "sweep", lambda s, draws: computed.append(s.mechanism) or [object()] * len(draws))
    monkeypatch.setattr(memo, "_SHARED", OrderedDict())
    audit.warm(42)  # what the server does at its start (ui/serve.py)
    assert computed == [mechanism.DEFAULT_MECHANISM] * 2  # once in each language
