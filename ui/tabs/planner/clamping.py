"""The value-bounds tab: each sum's and mean's error against its public upper bound U, bias and noise
apart, the best U with a button that applies it (ui/views/planner/clamping.py), and bounds suggested
privately by two OpenDP quantiles on a public grid, spent from the session's ledger."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pandas as pd
import streamlit as st

from dpcore.clamping import SUGGEST_EPSILON, SUGGEST_QUANTILES, Suggestion, request_bounds, suggest_bounds
from dpcore.limits import MAX_QUANTILE_CANDIDATES, MAX_SUM_BOUND
from dpcore.protection import Protection
from ui import fmt
from ui.memo import session_memo
from ui.page import PageContext, computed, show_error
from ui.safe import md_escape
from ui.tabs.planner.common import (
    PLAN,
    UIDS,
    at_total,
    bound_keys,
    keep_in_address,
    pick_statistic,
    show_analysis,
    spend,
)
from ui.text.planner_clamping import TEXT
from ui.views.planner import clamping, plan

_SUGGESTED = "_plan_clamp_suggested"  # the last bounds suggested privately in this session
WIDE_RANGE = 0.0, 1e7  # the public range a suggestion searches unless another is typed


@dataclass(frozen=True)
class Suggested:
    """The bounds last suggested privately, and the column they were drawn for."""

    column: str
    suggestion: Suggestion


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    view = at_total(settings)
    if view is None:
        return
    st.markdown(TEXT["intro"])
    names = [r.name for _, r in clamping.analysable(view.rows)]
    shown = pick_statistic(names, TEXT["statistic"], "plan_clamp_stat")
    s = clamping.Settings(settings.frame, settings.ident, settings.protection, view.rows, shown)
    found = computed(lambda s: session_memo("plan_clamp", s, lambda: clamping.compute(s)), s)
    if found is None:
        return
    show_analysis(found.chart, found.text, found.table, "plan_fig_clamp")
    if found.shown is not None:
        at = found.shown
        if st.button(TEXT["apply"].format(upper=fmt.number(at.best, 6), name=at.name), key="plan_clamp_apply",
                     icon=":material/check:", disabled=not at.worth, on_click=_apply,
                     args=(at.index, at.lower, at.best)):
            st.rerun(scope="app")  # the plan on the left shows the new bound
        _suggestion(ctx.dataset.table.frame, settings.protection, at,
                    view.rows[at.index].item.mechanism == "discrete_laplace")
    keep_in_address()


def _apply(index: int, lower: float, upper: float) -> None:
    """Set the bounds of the plan's statistic at `index` (a button's callback: it runs before the
    page, so the plan's own bound boxes on the left open on the new values)."""
    items = st.session_state[PLAN]
    if not 0 <= index < len(items):
        return
    st.session_state[PLAN] = items[:index] + (replace(items[index], lower=lower, upper=upper),) + items[index + 1:]
    uid = st.session_state[UIDS][index]
    for key, value in zip(bound_keys(uid), (lower, upper), strict=True):  # the left side's bound boxes
        st.session_state[key] = value


def _suggestion(raw: pd.DataFrame, protection: Protection, at: clamping.Shown, whole: bool) -> None:
    """The private suggestion for the shown statistic's column: a wide public range and its epsilon,
    the button that spends it (recorded in the ledger, refused past the budget), and the last bounds
    drawn for this column with a button that applies them. `raw` is the table before contribution
    bounding: the suggestion bounds it with fresh secret randomness."""
    st.subheader(TEXT["suggest_title"])
    st.markdown(TEXT["suggest_intro"].format(column=md_escape(at.column), count=f"{MAX_QUANTILE_CANDIDATES:,}",
                                             low_q=fmt.share(SUGGEST_QUANTILES[0]),
                                             high_q=fmt.share(SUGGEST_QUANTILES[1])))
    row = st.container(horizontal=True, gap="small")
    low = row.number_input(TEXT["range_low"], min_value=-MAX_SUM_BOUND, max_value=MAX_SUM_BOUND, value=WIDE_RANGE[0],
                           format="%.10g", key="plan_clamp_low", width=210)
    high = row.number_input(TEXT["range_high"], min_value=-MAX_SUM_BOUND, max_value=MAX_SUM_BOUND,
                            value=WIDE_RANGE[1], format="%.10g", key="plan_clamp_high", width=210)
    epsilon = st.number_input(TEXT["suggest_epsilon"], min_value=0.001, max_value=10.0, value=SUGGEST_EPSILON,
                              step=0.05, format="%.10g", key="plan_clamp_eps", width=210)
    if st.button(TEXT["suggest_button"].format(epsilon=fmt.number(epsilon)), key="plan_clamp_suggest",
                 icon=":material/lock:"):
        _draw(raw, protection, at.column, low, high, epsilon)
    kept: Suggested | None = st.session_state.get(_SUGGESTED)
    if kept is None or kept.column != at.column:
        return
    shown = clamping.suggestion_view(kept.suggestion, whole)
    st.markdown(shown.text)
    if st.button(TEXT["apply_suggested"].format(lower=fmt.number(shown.lower, 6), upper=fmt.number(shown.upper, 6),
                                                name=at.name),
                 key="plan_clamp_apply_suggested", icon=":material/check:", on_click=_apply,
                 args=(at.index, shown.lower, shown.upper)):
        st.rerun(scope="app")


def _draw(raw: pd.DataFrame, protection: Protection, column: str, low: float, high: float, epsilon: float) -> None:
    """Check the request, record its epsilon in the ledger (refused past the budget), then draw."""
    try:
        request = request_bounds(column, low, high, epsilon)
        request.check(raw)  # the column holds numbers: nothing spent on a request that cannot be drawn
    except ValueError as exc:
        show_error(exc)
        return
    if not spend(TEXT["ledger_what"].format(column=column), request.epsilon):
        return
    try:
        st.session_state[_SUGGESTED] = Suggested(column, suggest_bounds(raw, request, protection))
    except ValueError as exc:
        show_error(exc)
