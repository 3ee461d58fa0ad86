"""Plan a release: several statistics, a total budget or target accuracies, every accountant's
total, the risk in plain words, sensitivity explored, and a release drawn with OpenDP.

The plan on the left (who is protected, what to publish); what it gives on the right, in a fragment
of its own, so moving the total budget reruns only the results. Each tab is controls -> compute
(ui/views/planner) -> draw.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dpcore.catalog import BUNDLED
from dpcore.protection import Protection
from ui.controls import planner as controls
from ui.page import PageContext, computed, show_error, show_figure, start_page
from ui.state import url_tabs
from ui.text.planner import TEXT
from ui.views.planner import plan
from ui.views.planner.items import Item


def draw_plan(view: plan.PlanView) -> None:
    st.markdown(view.summary)
    st.table(view.table, border="horizontal", hide_index=True)
    for row in view.rows:
        if row.clamped:
            st.caption(f"**{row.name}**: {row.clamped}")
    if view.chart is not None:
        show_figure(view.chart, key="plan_fig_accuracy")
    st.caption(TEXT["plan_note"])


@st.fragment
def results(ctx: PageContext, protection: Protection, frame: pd.DataFrame, items: tuple[Item, ...],
            direction: str) -> None:
    """The budget right above what it moves: the plan's table and chart, and the other tabs."""
    total, delta = controls.budget(direction)
    view = computed(plan.compute, plan.Settings(frame, protection, items, direction, total, delta))
    if view is None:
        return
    url_tabs("plan_tab", {"plan": (TEXT["tab_plan"], draw_plan)}, view)


ctx = start_page(TEXT["title"], icon="🧮")
st.markdown(TEXT["intro"])
left, right = st.columns([2, 3], gap="large")
with left:
    st.subheader(TEXT["section_unit"])
    if getattr(BUNDLED.get(ctx.dataset.key), "weight_column", None):
        st.info(TEXT["aggregated"])
    try:
        protection, frame, sentence = controls.protection(ctx)
        st.caption(sentence)
    except ValueError as exc:
        show_error(exc)
        protection, frame = Protection(), ctx.dataset.table.frame
    st.subheader(TEXT["section_statistics"])
    direction = controls.direction()
    items = controls.plan_items(ctx, direction)
with right:
    results(ctx, protection, frame, items, direction)
st.markdown(TEXT["interactive_note"])
