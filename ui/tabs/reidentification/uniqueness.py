"""Part 1: who is unique on the chosen quasi-identifiers, the sizes of their groups and how the unique
share grows column by column. No widget of its own (the columns are picked above the parts); the view
is kept for every session at the same data and columns."""

from __future__ import annotations

import streamlit as st

from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figures
from ui.tabs.reidentification.common import offer_people
from ui.text.reidentification import TEXT
from ui.views.reidentification import uniqueness
from ui.views.reidentification.common import Choice


def tab(ctx: PageContext, choice: Choice) -> None:
    if not choice.columns:
        st.info(TEXT["pick_columns"], icon=":material/checklist:")
        return
    settings = uniqueness.Settings(ctx.dataset.key, ctx.dataset.table.frame, choice)
    view = computed(lambda s: shared_memo("reid_unique", (ctx.dataset.ident, s), lambda: uniqueness.compute(s)),
                    settings)
    if view is None:
        return
    with st.container(key="reid_unique_summary"):  # the tour's projector step shows it beside the chart
        st.markdown(view.summary)
    if choice.weight is not None:  # counts of people per row: the lecture's attack wants people
        offer_people()
    show_figures((view.sizes, "reid_fig_sizes"), (view.growth, "reid_fig_growth"))
    st.markdown(view.growth_text)
    if view.note:
        st.caption(view.note)
