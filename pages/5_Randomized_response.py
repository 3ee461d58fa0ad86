"""Randomized response: the coin protocol, the course's worked example, any column, local vs central.

Each tab with controls is a fragment (its controls rerun it alone); the survey and the column's
epsilon are nested fragments, so a control reruns only the chart it moves. The survey's true share
is its chart's own slider: a step is drawn by the browser (ui/chart_slider.py)."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.catalog import public_categories
from ui import fmt
from ui.chart_slider import ChartSlider
from ui.controls import randomized_response as controls
from ui.page import PageContext, computed, show_figure, start_page
from ui.state import url_tabs
from ui.text.randomized_response import TEXT
from ui.views.randomized_response import book, column, local, protocol
from ui.widgets import epsilon_slider

SHARE = ChartSlider("rr_share", default=0.3, options=tuple(i / 100 for i in range(101)))


@st.fragment
def protocol_tab(ctx: PageContext) -> None:
    """p and ε with one respondent tossing the coin beside them; then a survey of n respondents."""
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown(TEXT["protocol_intro"])
        p = controls.truth_probability()
    if p is None:
        return
    with right:
        st.subheader(TEXT["one_title"])
        history = controls.respondent(p, ctx.seed)
    view = protocol.compute(protocol.Settings(p, history))
    left.markdown(view.link)
    right.markdown(view.toss)
    if view.tally:
        right.caption(view.tally)
    st.subheader(TEXT["survey_title"])
    survey(ctx, p)


@st.fragment
def survey(ctx: PageContext, p: float) -> None:
    """The survey's size, then its chart with the true share as the chart's own slider: a step is
    drawn by the browser (ui/chart_slider.py); the size reruns only this."""
    n = controls.survey_size()
    settings = protocol.SurveySettings(p, n, SHARE.value(), ctx.seed)
    steps = SHARE.steps("rr_survey_steps", (p, n, ctx.seed), lambda: protocol.survey_steps(settings, SHARE.options),
                        shared=True)
    if steps is None:
        return
    SHARE.chart(steps.frames, TEXT["survey_share"])
    SHARE.reading(steps.readings)
    SHARE.follow()


def book_tab(ctx: PageContext) -> None:
    """The course's worked example, and the same 20 people with real coins (the seed)."""
    view = book.compute(book.Settings(ctx.seed))
    st.markdown(view.steps)
    st.markdown(fmt.frame_table(view.table))
    st.caption(TEXT["book_close"])
    st.subheader(TEXT["book_rerun_title"])
    st.markdown(view.rerun)
    st.caption(TEXT["simulation"])


@st.fragment
def column_tab(ctx: PageContext) -> None:
    """The column and its weights in one row, with the slot for ε; then the randomized answers."""
    st.markdown(TEXT["column_intro"])
    chosen = controls.column(ctx)
    if chosen is not None:
        name, weight, slider_slot = chosen
        column_release(ctx, name, weight, slider_slot, st.container())


@st.fragment
def column_release(
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


def local_tab(ctx: PageContext) -> None:
    """Who sees the true answers, in a diagram; a link to the central model."""
    view = local.compute()
    show_figure(view.chart, key="rr_fig_models")
    st.markdown(view.sentence)
    st.page_link("pages/2_Histogram_and_neighbour.py", label=TEXT["to_histogram"])
    st.caption(view.more)


ctx = start_page(TEXT["title"], icon="🪙", page=__file__)
st.markdown(TEXT["intro"])
TABS = {"protocol": (TEXT["tab_protocol"], protocol_tab), "book": (TEXT["tab_book"], book_tab),
        "column": (TEXT["tab_column"], column_tab), "local": (TEXT["tab_local"], local_tab)}
url_tabs("rr_tab", TABS, ctx)
