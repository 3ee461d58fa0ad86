"""The total cost tab: the plan at the total budget priced by every accountant (basic composition,
the tighter ones, parallel composition of histograms), as a table and a chart. Kept for every
session under the plan's noises (a rerun of this tab computes nothing new)."""

from __future__ import annotations

import streamlit as st

from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figure
from ui.tabs.planner.common import at_total
from ui.text.planner import TEXT
from ui.views.planner import cost, plan


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    view = at_total(settings)
    if view is None:
        return
    if not view.events:
        st.info(TEXT["empty_plan"])
        return
    shown = computed(lambda s: shared_memo("plan_cost", s, lambda: cost.compute(s)),
                     cost.Settings(view.events, settings.delta, view.histograms))
    if shown is None:
        return
    st.markdown(shown.text)
    st.table(shown.table, border="horizontal", hide_index=True)
    show_figure(shown.chart, key="plan_fig_cost")
