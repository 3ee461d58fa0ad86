"""The rows-per-person tab: with an ID column, each count's and sum's error against the bound m on
a person's rows, bias and noise apart, and the best m (ui/views/planner/bounds.py)."""

from __future__ import annotations

import streamlit as st

from ui.memo import session_memo
from ui.page import PageContext, computed, show_figure, show_rows
from ui.tabs.planner.common import at_total
from ui.text.planner import TEXT
from ui.views.planner import bounds, plan


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
    shown = 0
    if len(names) > 1:
        chosen = st.selectbox(TEXT["bounds_statistic"], names, key="plan_bounds_stat")
        shown = names.index(chosen) if chosen in names else 0
    frame = ctx.dataset.table.frame  # before bounding: the shape of every person's rows
    s = bounds.Settings(frame, ctx.dataset.ident, id_column, view.rows, settings.protection.rows_per_person, shown)
    found = computed(lambda s: session_memo("plan_bounds", s, lambda: bounds.compute(s)), s)
    if found is None:
        return
    if found.chart is not None:
        show_figure(found.chart, key="plan_fig_bounds")
    st.markdown(found.text)
    if found.table:
        show_rows(found.table)
