"""The rows-per-person tab: with an ID column, each count's, sum's and histogram's error against the
bound m on a person's rows, bias and noise apart, and the best m (ui/views/planner/bounds.py); then m
chosen privately at a stated epsilon, charged to the session's ledger (dpcore.contribution)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from dpcore.contribution import private_bound
from ui import fmt
from ui.memo import session_memo
from ui.page import PageContext, computed, show_error
from ui.safe import md_escape
from ui.tabs.planner.common import at_total, pick_statistic, show_analysis, spend
from ui.text.planner import TEXT
from ui.views.planner import bounds, plan

QUANTILES = (0.5, 0.75, 0.9, 0.95, 0.99)  # shares of people whose every row the drawn m keeps
_DRAWN = "_plan_m_drawn"  # the last m drawn privately (a DrawnBound)


@dataclass(frozen=True)
class DrawnBound:
    """An m drawn privately: for which data and ID column, and what it cost."""

    ident: Hashable
    id_column: str
    m: int
    epsilon: float
    share: float


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    id_column = settings.protection.id_column
    if id_column is None:
        st.info(TEXT["bounds_needs_id"])
        return
    view = at_total(settings)
    if view is None:
        return
    st.markdown(TEXT["bounds_intro"])
    names = [r.name for r in bounds.analysable(view.rows)]
    shown = pick_statistic(names, TEXT["bounds_statistic"], "plan_bounds_stat")
    frame = ctx.dataset.table.frame  # before bounding: the shape of every person's rows
    s = bounds.Settings(frame, ctx.dataset.ident, id_column, view.rows, settings.protection.rows_per_person, shown)
    found = computed(lambda s: session_memo("plan_bounds", s, lambda: bounds.compute(s)), s)
    if found is None:
        return
    show_analysis(found.chart, found.text, found.table, "plan_fig_bounds")
    _private_bound(frame[id_column], ctx.dataset.ident, id_column)


def _use(m: int) -> None:
    st.session_state["plan_m"] = m  # a callback: before the left side draws its box again


def _private_bound(ids: pd.Series, ident: Hashable, id_column: str) -> None:
    """Choose m privately: a stated epsilon spent on the q-quantile of the people's row counts,
    recorded in the ledger before it is drawn; the m drawn can then be used."""
    st.subheader(TEXT["bounds_private_title"])
    st.markdown(TEXT["bounds_private_intro"])
    row = st.container(horizontal=True, gap="small")
    epsilon = float(row.number_input(TEXT["bounds_private_eps"], min_value=0.01, max_value=5.0, value=0.1,
                                     step=0.05, format="%.10g", key="plan_m_eps", width=210))
    q = row.selectbox(TEXT["bounds_private_q"], QUANTILES, index=QUANTILES.index(0.9), format_func=fmt.percent,
                      key="plan_m_q", width=210)
    if st.button(TEXT["bounds_private_draw"].format(epsilon=fmt.number(epsilon)), key="plan_m_draw",
                 icon=":material/casino:"):
        what = TEXT["bounds_private_what"].format(column=id_column, share=fmt.percent(q))
        if spend(what, epsilon):  # recorded first: a draw the budget refuses never happens
            try:
                st.session_state[_DRAWN] = DrawnBound(ident, id_column, private_bound(ids, epsilon, q), epsilon, q)
            except ValueError as exc:
                show_error(exc)
    drawn: DrawnBound | None = st.session_state.get(_DRAWN)
    if drawn is not None and (drawn.ident, drawn.id_column) == (ident, id_column):
        st.markdown(TEXT["bounds_private_result"].format(m=drawn.m, epsilon=fmt.number(drawn.epsilon),
                                                         share=fmt.percent(drawn.share), column=md_escape(id_column)))
        st.button(TEXT["bounds_private_use"].format(m=drawn.m), key="plan_m_use", on_click=_use, args=(drawn.m,))
