"""A column's private mode: the column and the weights in one row with ε beside them, then the
value the exponential mechanism chooses (score = count) and its chart.

The tab is a fragment (its controls rerun it alone); ε, and all it moves, is a nested fragment."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.catalog import public_categories
from ui.page import PageContext, computed, show_figure
from ui.text.exponential import TEXT
from ui.views.exponential import mode
from ui.widgets import column_and_weight_row, epsilon_slider


@st.fragment
def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["mode_intro"])
    columns = [str(c) for c in ctx.dataset.table.frame.columns]
    if not columns:
        st.info(TEXT["no_columns"])
        return
    column, weight, slider_slot = column_and_weight_row(
        ctx.dataset, columns, "exp_mode_col", "exp_mode_w", TEXT["mode_column"]
    )
    _release(ctx, column, weight, slider_slot, st.container())


@st.fragment
def _release(ctx: PageContext, column: str, weight: str | None, slider_slot: DeltaGenerator,
             below: DeltaGenerator) -> None:
    """ε for the choice, the private choice and its chart: an ε change reruns only these."""
    eps = epsilon_slider("exp_mode_eps", default=1.0, label=TEXT["mode_epsilon"], container=slider_slot)
    frame = ctx.dataset.table.frame
    settings = mode.Settings(
        column, frame[column], None if weight is None else frame[weight],
        public_categories(ctx.dataset.key, column), eps, ctx.seed,
    )
    view = computed(mode.compute, settings, below)
    if view is None:
        return
    with below:
        show_figure(view.chart, key="exp_fig_mode")
        st.markdown(view.result)
        st.caption(view.notes)
