"""AppTest for the release planner's value-bounds tab (?plan_tab=clamp, ui/tabs/planner/clamping.py):
it draws in English and Chinese, its button applies the best upper bound to the plan, and the
private suggestion spends its epsilon from the session's ledger, refused past the budget."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import assert_clean, chart_titled, page_errors, page_text, run_page
from ui.i18n import language
from ui.text.planner_clamping import TEXT
from ui.views.planner.clamping import nice_bounds
from ui.views.planner.plan import name_of

PAGE = "pages/6_Release_planner.py"
CLAMP = {"plan_tab": "clamp"}
PENGUINS = {**CLAMP, "data": "penguins"}
MEAN = 2  # the penguins' default plan: a count, a histogram of species, the mean of bill_length_mm


def _open(query: dict[str, str], lang: str = "en") -> AppTest:
    with language(lang):
        return run_page(PAGE, {**query, "lang": lang})


def _run(at: AppTest, lang: str = "en") -> AppTest:
    with language(lang):
        return at.run()


def _click(at: AppTest, key: str, lang: str = "en") -> AppTest:
    with language(lang):
        return at.button(key=key).click().run()


def _mean(at: AppTest) -> tuple[float, float]:
    item = at.session_state["_plan_items"][MEAN]
    assert item.kind == "mean" and item.column == "bill_length_mm"
    return item.lower, item.upper


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_tab_opens_on_the_default_dataset(lang: str) -> None:
    at = _open(CLAMP, lang)
    assert_clean(at)
    with language(lang):
        assert TEXT["intro"][:12] in page_text(at)
        assert TEXT["none"][:12] in page_text(at)  # its default plan holds no sum or mean


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_tab_draws_the_trade_off_of_the_plans_mean(lang: str) -> None:
    at = _open(PENGUINS, lang)
    assert_clean(at)
    with language(lang):
        name = name_of(at.session_state["_plan_items"][MEAN])
        chart = chart_titled(at, TEXT["chart_title"].format(name=name).split("\n")[0])
        assert set(chart["datasets"]["curves"]["series"]) == {TEXT["chart_total"], TEXT["chart_noise"],
                                                             TEXT["chart_bias"]}
        text = page_text(at)
        assert TEXT["not_private"][:15] in text and TEXT["suggest_title"] in [s.value for s in at.subheader]
    assert at.table[0].value.shape[0] == 1  # one statistic to weigh


def test_apply_sets_the_best_upper_bound_in_the_plan_and_the_address() -> None:
    at = _open(PENGUINS)
    assert _mean(at) == (30.0, 60.0)
    label = at.button(key="plan_clamp_apply").label
    at = _click(at, "plan_clamp_apply")
    assert_clean(at)
    lower, upper = _mean(at)
    assert lower == 30.0 and 30.0 < upper < 60.0 and label.startswith("Apply U = ")
    assert json.loads(at.query_params["plan"])[MEAN]["upper"] == upper
    at = _run(at)  # the plan's own bound boxes (left) hold the new bound: it stays
    assert _mean(at) == (30.0, upper)
    assert at.button(key="plan_clamp_apply").disabled  # already the best


def test_the_private_suggestion_is_recorded_in_the_ledger_and_applied() -> None:
    at = _open(PENGUINS)
    at = _click(at, "plan_clamp_suggest")
    assert_clean(at)
    book = at.session_state["_plan_ledger"]
    assert [e.epsilon for e in book.entries] == [0.1] and "bill_length_mm" in book.entries[0].what
    assert book.budget_epsilon == 3.0
    kept = at.session_state["_plan_clamp_suggested"]
    assert kept.column == "bill_length_mm" and kept.suggestion.epsilon == 0.1
    assert "[" in page_text(at) and "ε = 0.1" in page_text(at)
    at = _click(at, "plan_clamp_apply_suggested")
    assert_clean(at)
    assert _mean(at) == nice_bounds(kept.suggestion.lower, kept.suggestion.upper)


def test_a_suggestion_past_the_budget_is_refused_and_draws_nothing() -> None:
    at = _open({**PENGUINS, "plan_budget_eps": "0.25"})  # a budget typed on the release tab, in the link
    at.number_input(key="plan_clamp_eps").set_value(0.2)
    at = _click(at, "plan_clamp_suggest")
    assert_clean(at)
    first = at.session_state["_plan_clamp_suggested"]
    at = _click(at, "plan_clamp_suggest")
    errors = page_errors(at)
    assert len(errors) == 1 and "0.05" in errors[0]  # what remains
    book = at.session_state["_plan_ledger"]
    assert [e.epsilon for e in book.entries] == [0.2] and book.budget_epsilon == 0.25
    assert at.session_state["_plan_clamp_suggested"] is first  # nothing new was drawn


def test_a_bad_range_is_shown_as_an_error_and_spends_nothing() -> None:
    at = _open(PENGUINS)
    at.number_input(key="plan_clamp_low").set_value(5.0)
    at.number_input(key="plan_clamp_high").set_value(5.0)
    at = _click(at, "plan_clamp_suggest")
    assert len(page_errors(at)) == 1
    assert "_plan_ledger" not in at.session_state


def test_the_release_tab_shows_what_the_suggestion_spent() -> None:
    at = _open(PENGUINS)
    at = _click(at, "plan_clamp_suggest")
    at.button_group(key="plan_tab").set_value("release").run()
    assert_clean(at)
    assert [m.value for m in at.metric][:2] == ["0.1", "2.9"]  # spent, remaining of the budget of 3
    ledger = at.table[-1].value
    assert len(ledger) == 1 and "two private quantiles" in str(ledger.iloc[0].tolist())
