"""Histogram & neighbour: a noisy histogram of D next to the same release on a neighbour D'.

The release on the left, settings on the right. Epsilon is the noisy chart's own slider: the
charts hold the release at every epsilon and a step is drawn by the browser, sentences included
(ui/chart_slider.py); the server learns the new epsilon a moment later. Each part is controls ->
compute (ui/views/histogram) -> draw.
"""

from __future__ import annotations

from collections.abc import Hashable

import streamlit as st

from dpcore.histogram import PostProcessing
from dpcore.limits import EPSILON_GRID
from ui import fmt
from ui.chart_slider import ChartSlider
from ui.controls.histogram import (
    ReleaseChoice,
    data_choice,
    neighbour_choice,
    post_processing_controls,
    release_choice,
    release_panel,
)
from ui.datasets import bundled_dataset
from ui.memo import session_memo
from ui.page import PageContext, computed, show_animation, show_error, show_figure, start_page
from ui.state import url_tabs
from ui.text.animations import TEXT as ANIM
from ui.text.common import TEXT as COMMON
from ui.text.histogram import TEXT
from ui.views.histogram import counts as counts_view
from ui.views.histogram import hops as hops_view
from ui.views.histogram import release as release_view
from ui.views.histogram import zoo as zoo_view

EPSILON = ChartSlider("hist_eps")


def draw_counts(view: counts_view.CountsView) -> None:
    if view.record:
        st.caption(TEXT["record_shown"])
        st.text(view.record)
    if view.warning:
        st.warning(view.warning)
    st.markdown(view.notes)
    show_figure(view.chart, key="hist_fig_true")


def draw_release(steps: release_view.ReleaseSteps) -> None:
    EPSILON.chart(steps.noisy_frames, COMMON["epsilon"])
    EPSILON.reading(steps.readings)
    if steps.distribution_frames is not None:
        EPSILON.chart(steps.distribution_frames, COMMON["epsilon"], follower="dist")
    numbers = st.expander(TEXT["numbers_title"], key="hist_numbers", on_change="rerun", bind="query-params")
    if numbers.open:  # a table only when asked for, swapped by the browser at each step
        with numbers:
            EPSILON.reading(steps.numbers, "numbers")


def release_part(ctx: PageContext, counts: counts_view.CountsView | None, source: Hashable, post: PostProcessing,
                 choice: ReleaseChoice) -> None:
    """The release at every epsilon, stepped by the chart's own slider (kept for every session by
    `source`, what the counts come from), its numbers table too; the animation keeps the epsilon it
    was opened at."""
    if counts is None:
        return
    settings = release_view.ReleaseSettings(counts, choice.kind, EPSILON.value(), choice.delta, choice.method,
                                            post, ctx.seed)
    steps = EPSILON.steps("hist_steps", (source, choice.kind, choice.delta, choice.method, post, ctx.seed),
                          lambda: release_view.compute_steps(settings, EPSILON.options), shared=True)
    if steps is None:
        return
    draw_release(steps)
    show_animation(ANIM["hops_expander"], "hist_hops", EPSILON.value, lambda eps: hops_view.Settings(
        counts, choice.kind, eps, choice.delta, choice.method, ctx.seed), hops_view.compute)
    EPSILON.follow()


@st.fragment
def histogram_tab(ctx: PageContext) -> None:
    """The release on the left (first on a phone, so epsilon and its charts open the page); what to
    count and the neighbour D' on the right, with their true histograms under them."""
    release_col, settings_col = st.columns([3, 2], gap="large")
    with settings_col:
        st.subheader(TEXT["section_data"])
        data = data_choice(ctx.dataset)
        st.subheader(TEXT["section_neighbour"])
        neighbour = neighbour_choice(ctx.dataset, data)
        post = post_processing_controls()
    counts, key = None, (ctx.dataset.ident, data, neighbour)
    if data is not None:
        dataset = ctx.dataset
        settings = counts_view.CountsSettings(
            dataset.table.frame, data.column, data.bins, data.weight, neighbour.kind,
            dataset.neighbour.frame if dataset.neighbour is not None else None, neighbour.row, neighbour.new_value,
        )
        try:
            counts = session_memo("hist_counts", key, lambda: counts_view.compute(settings))
        except ValueError as exc:
            show_error(exc, settings_col)
    if counts is not None:
        with settings_col:
            draw_counts(counts)
    with release_col:
        choice = release_choice(None if counts is None else counts.sensitivity)
        release_part(ctx, counts, key, post, choice)
        if counts is not None and data is not None:
            release_panel(ctx.dataset, data, choice, post, EPSILON.value)


@st.fragment
def zoo_tab(ctx: PageContext) -> None:
    """Experiment 6-1: the count on zoo.csv and zoo_nb.csv, both schemes, several budgets."""
    zoo = bundled_dataset("zoo")
    c1, c2 = st.columns(2)
    threshold = c1.number_input(TEXT["zoo_threshold"], value=55.0, step=1.0, key="zoo_thr", bind="query-params")
    budgets = c2.multiselect(
        TEXT["zoo_eps"], options=EPSILON_GRID, default=[10.0, 0.1], format_func=lambda v: f"{v:g}",
        key="zoo_eps", bind="query-params",
    )
    frame_d, frame_dp = zoo.table.frame, zoo.neighbour.frame
    removed = frame_d.loc[~frame_d["animal"].isin(frame_dp["animal"]), "carrots"]
    view = computed(zoo_view.compute, zoo_view.ZooSettings(
        frame_d["carrots"].to_numpy(dtype=float), frame_dp["carrots"].to_numpy(dtype=float),
        float(removed.iloc[0]), float(threshold), tuple(budgets), ctx.seed,
    ))
    if view is None:
        return
    st.markdown(f"{view.intro}\n\n{view.truth}")
    if view.chart is None:
        st.info(TEXT["zoo_pick_eps"])
        return
    left, right = st.columns([3, 2], gap="large")
    with left:
        show_figure(view.chart, key="zoo_fig")
    right.markdown(view.guarantee)
    st.markdown(fmt.frame_table(view.table))
    st.markdown(TEXT["zoo_reading"])
    st.caption(TEXT["zoo_sensitivity_note"])


ctx = start_page(TEXT["title"], icon="📊", page=__file__)
st.markdown(TEXT["intro"])
url_tabs("hist_tab", {"histogram": (TEXT["tab_histogram"], histogram_tab), "zoo": (TEXT["tab_zoo"], zoo_tab)}, ctx)
