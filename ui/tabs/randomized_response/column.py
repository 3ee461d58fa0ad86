"""Any column randomized: the column and its weights in one row with the slot for ε, then the
randomized answers, the corrected column and the error against n.

The tab is a fragment (the column reruns it alone); the release under it is a nested fragment, so
an ε change reruns only its charts."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.catalog import public_categories
from dpcore.columns import answer_columns
from dpcore.limits import MAX_CATEGORIES
from ui.memo import session_memo
from ui.page import PageContext, computed, show_figure
from ui.text.randomized_response import TEXT
from ui.views.randomized_response import column
from ui.widgets import column_and_weight_row, epsilon_slider


@st.fragment
def tab(ctx: PageContext) -> None:
    """The column and its weights in one row, with the slot for ε; then the randomized answers."""
    st.markdown(TEXT["column_intro"])
    chosen = column_choice(ctx)
    if chosen is not None:
        name, weight, slider_slot = chosen
        release(ctx, name, weight, slider_slot, st.container())


@st.fragment
def release(
    ctx: PageContext, name: str, weight: str | None, slider_slot: DeltaGenerator, below: DeltaGenerator
) -> None:
    """ε for each person, the corrected column and the error against n: an ε change reruns these."""
    eps = epsilon_slider("rr_col_eps", default=1.0, label=TEXT["column_epsilon"], container=slider_slot)
    frame = ctx.dataset.table.frame
    settings = column.Settings(
        name, frame[name], None if weight is None else frame[weight],
        public_categories(ctx.dataset.key, name), eps, ctx.seed,
    )
    view = computed(column.compute, settings, below)
    if view is None:
        return
    with below:
        show_figure(view.chart, key="rr_fig_column")
        st.markdown(view.method)
        st.dataframe(view.table, hide_index=True, key="rr_column_table")
        st.caption(view.errors)
        show_figure(view.error_chart, key="rr_fig_error")
        st.markdown(view.summary)
        st.caption(TEXT["simulation"])


def column_choice(ctx: PageContext) -> tuple[str, str | None, DeltaGenerator] | None:
    """The column to randomize and its weight column in one row, with the row's last cell left for
    ε; None (after saying why) when the dataset has no column with 2 to MAX_CATEGORIES values."""
    eligible = session_memo("rr_eligible", ctx.dataset.ident, lambda: answer_columns(ctx.dataset.table.frame))
    if not eligible:
        st.info(TEXT["no_column"].format(max=MAX_CATEGORIES))
        return None
    return column_and_weight_row(ctx.dataset, eligible, "rr_col", "rr_w", TEXT["column"])
