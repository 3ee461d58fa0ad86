"""Exponential mechanism: the sports vote (Table 6-4), pumpkin pricing, and a column's private mode.

Each tab is a fragment (its controls rerun it alone). The vote's epsilon is its chart's own slider:
the charts and sentences hold every epsilon and a step is drawn by the browser (ui/chart_slider.py).
The other tabs' epsilon slider, and all it moves, is a nested fragment that fills slots next to and
below the tab's table."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.catalog import public_categories
from ui import fmt
from ui.chart_slider import ChartSlider
from ui.controls import exponential as controls
from ui.page import PageContext, computed, show_figure, show_metrics, start_page
from ui.state import url_tabs
from ui.text.exponential import TEXT
from ui.views.exponential import mode, pricing, vote
from ui.widgets import column_and_weight_row, epsilon_slider

VOTE_EPSILON = ChartSlider("exp_eps", default=controls.BOOK_EPSILON)


@st.fragment
def vote_tab(ctx: PageContext) -> None:
    """The story and the score table on the left; Δq, the chart and ε (its own slider) on the
    right; the probabilities at ε, the book's table and the simulated selections below."""
    left, right = st.columns([2, 3], gap="large")
    with left:
        st.markdown(TEXT["vote_intro"])
        names, scores = controls.score_editor()
    sensitivity = controls.sensitivity_input(right)
    table_slot = st.container()  # the probabilities at ε, next to the book's, full width
    book = vote.book()
    st.subheader(TEXT["book_title"])
    st.markdown(fmt.frame_table(book.table))
    st.caption(book.note)
    st.subheader(TEXT["draws_title"])
    draws = controls.draws_input()
    steps = VOTE_EPSILON.steps("exp_vote_steps", (names, scores, sensitivity, draws, ctx.seed), lambda: vote.compute_steps(
        vote.Settings(names, scores, VOTE_EPSILON.value(), sensitivity, draws, ctx.seed), VOTE_EPSILON.options), right,
        shared=True)
    if steps is None:
        return
    with right:
        VOTE_EPSILON.chart(steps.charts, TEXT["vote_epsilon"])
        VOTE_EPSILON.reading(steps.summaries, "summary")
        st.caption(TEXT["vote_epsilon_default"])
    with table_slot:
        VOTE_EPSILON.reading(steps.tables, "table")
    VOTE_EPSILON.chart(steps.draws_charts, TEXT["vote_epsilon"], follower="draws")
    VOTE_EPSILON.reading(steps.draws_summaries, "draws")
    st.caption(TEXT["simulation"])
    VOTE_EPSILON.follow()


@st.fragment
def price_tab(ctx: PageContext) -> None:
    """The story, the buyers and the candidate prices on the left; ε and the candidates chart on
    the right; the three ways of pricing compared below."""
    left, right = st.columns([2, 3], gap="large")
    with left:
        st.markdown(TEXT["price_story"])
        buyers, max_prices = controls.buyers_editor()
        low, high, step = controls.price_grid()
    price_release(pricing.Market(buyers, max_prices, low, high, step), right.container(), st.container())
    st.info(TEXT["price_ruinous"])


@st.fragment
def price_release(market: pricing.Market, right: DeltaGenerator, below: DeltaGenerator) -> None:
    """ε for the price and the three ways of pricing compared: an ε change reruns only these."""
    eps = epsilon_slider("exp_price_eps", default=1.0, label=TEXT["price_epsilon"], container=right)
    view = computed(pricing.compute, pricing.Settings(market, eps), right)
    if view is None:
        return
    with right:
        show_figure(view.candidates_chart, key="exp_fig_prices")
    with below:
        show_metrics(view.metrics)
        st.markdown(view.reading)
        show_figure(view.curves_chart, key="exp_fig_revenue")
        st.markdown(view.noise)


@st.fragment
def mode_tab(ctx: PageContext) -> None:
    """The column and the weights in one row, with the slot for ε; then the private choice."""
    st.markdown(TEXT["mode_intro"])
    columns = [str(c) for c in ctx.dataset.table.frame.columns]
    if not columns:
        st.info(TEXT["no_columns"])
        return
    column, weight, slider_slot = column_and_weight_row(
        ctx.dataset, columns, "exp_mode_col", "exp_mode_w", TEXT["mode_column"]
    )
    mode_release(ctx, column, weight, slider_slot, st.container())


@st.fragment
def mode_release(
    ctx: PageContext, column: str, weight: str | None, slider_slot: DeltaGenerator, below: DeltaGenerator
) -> None:
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


ctx = start_page(TEXT["title"], icon="🗳️", page=__file__)
st.markdown(TEXT["intro"])
TABS = {"vote": (TEXT["tab_vote"], vote_tab), "price": (TEXT["tab_price"], price_tab),
        "mode": (TEXT["tab_mode"], mode_tab)}
url_tabs("exp_tab", TABS, ctx)
