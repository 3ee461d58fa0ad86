"""AppTest for pages/10_Audit.py: the default audit, a broken mechanism from a link, the draws slider
(the chart's own), and the audits shared between sessions; the tight audits under the chart (the
Gaussian fit, the attack's table); the one-run part, from a link and from its button, in English and
Chinese, its canaries slider swapping data only, and the mechanism shared by the two parts."""

from __future__ import annotations

from collections import OrderedDict

from tests.app.conftest import assert_clean, chart_titled, layout, reading, run_page, step
from ui import memo
from ui.i18n import language
from ui.tabs.audit import mechanism as audit
from ui.text.audit import TEXT
from ui.views.audit import mechanism, one_run

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


def _one_title(canaries: str) -> str:
    return TEXT["one_chart_title"].format(canaries=canaries).split("\n")[0]


def test_the_gaussian_fit_and_the_attack_stand_under_the_chart() -> None:
    at = run_page(PAGE, {"audit_mech": "gaussian", "audit_draws": "10,000"})
    assert_clean(at)
    tight = reading(at, "audit_draws", "tight")
    assert "Clopper-Pearson, a threshold test |" in tight and "Gaussian fit, μ ≥ 0." in tight
    assert "assumes the mechanism's trade-off curve is a Gaussian's" in tight
    assert "AUROC | 0.5" in tight and "TPR at FPR 0.1% |" in tight and "95% interval" in tight
    chart = chart_titled(at, TEXT["chart_title"].format(draws="10,000").split("\n")[0])
    assert set(chart["datasets"]["curves"]["series"]) == {TEXT[k] for k in ("bound_line", "gdp_line", "promise_line")}
    assert TEXT["exact_line"] in set(chart["datasets"]["markers"]["note"])  # numpy's gaps: a cross, named


def test_a_link_to_the_one_run_part_shows_a_perfect_attackers_ceiling() -> None:
    at = run_page(PAGE, {"audit_tab": "one_run"})
    assert_clean(at)
    text = reading(at, "audit_canaries")
    assert text.startswith("One run with 1,000 canaries") and "at most ε = **5.81**" in text
    before = chart_titled(at, _one_title("1,000"))
    step(at, "audit_canaries", 10_000, one_run.CANARY_CHOICES)  # the chart's own slider
    assert_clean(at)
    assert reading(at, "audit_canaries").startswith("One run with 10,000 canaries")
    assert at.query_params["audit_canaries"] == "10,000"
    after = chart_titled(at, _one_title("10,000"))
    assert {**layout(after), "title": None} == {**layout(before), "title": None}  # the step swaps data only


def test_the_mechanism_is_shared_by_both_parts_and_the_button_opens_the_second() -> None:
    at = run_page(PAGE, {"audit_mech": "randomized_response"})
    assert_clean(at)
    at.button_group(key="audit_tab").set_value("one_run").run()  # the reader clicks "2. One run with canaries"
    assert_clean(at)
    assert at.selectbox(key="audit_mech").value == "randomized_response"
    assert reading(at, "audit_canaries").startswith("One run with 1,000 canaries")
    assert at.query_params["audit_tab"] == "one_run" and at.query_params["audit_mech"] == "randomized_response"


def test_both_parts_in_chinese() -> None:
    with language("zh"):
        at = run_page(PAGE, {"lang": "zh", "audit_mech": "gaussian", "audit_draws": "1,000"})
        assert_clean(at)
        assert "高斯拟合，μ ≥" in reading(at, "audit_draws", "tight")
        at.button_group(key="audit_tab").set_value("one_run").run()
        assert_clean(at)
    text = reading(at, "audit_canaries")
    assert text.startswith("一次运行，1,000 个金丝雀") and "2mδ = 0.02" in text
    chart_titled(at, TEXT.table("zh")["one_chart_title"].format(canaries="1,000").split("\n")[0])
