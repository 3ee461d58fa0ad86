"""The histogram tab: a noisy histogram of D next to the same release on a neighbour D'. What to
count and D' are chosen in `what_to_count`, the mechanism and the release drawn on request in
`the_release`; this module tells the story.

The release on the left, what to count and the neighbour D' on the right. The tab is a fragment:
its widgets rerun it alone. Epsilon is the noisy chart's own slider: the charts hold the release at
every epsilon and a step is drawn by the browser, sentences included (ui/chart_slider.py); the
server learns the new epsilon a moment later. Each part is widgets -> compute (ui/views/histogram)
-> draw; the true histograms are kept per session, the release at every epsilon for every session.

The bins remember where they came from (dpcore.release.HistogramDomain): the dataset's documented
categories (or the user's edit of them), a list the user typed from an empty start, numeric bins on
public bounds, or (for an upload) a list prefilled from the data, edited or not, which the page may
chart but never release.
"""

from __future__ import annotations

from collections.abc import Hashable

import streamlit as st

from dpcore.histogram import PostProcessing
from ui.chart_slider import ChartSlider
from ui.memo import session_memo
from ui.page import PageContext, show_animation, show_error, show_figure
from ui.tabs.histogram.histogram.the_release import (
    ReleaseChoice,
    post_processing_controls,
    release_choice,
    release_panel,
)
from ui.tabs.histogram.histogram.what_to_count import data_choice, neighbour_choice
from ui.text.animations import TEXT as ANIM
from ui.text.common import TEXT as COMMON
from ui.text.histogram import TEXT
from ui.views.histogram import counts as counts_view
from ui.views.histogram import hops as hops_view
from ui.views.histogram import release as release_view
from ui.views.steps import Steps

EPSILON = ChartSlider("hist_eps")


def draw_counts(view: counts_view.CountsView) -> None:
    if view.record:
        st.caption(TEXT["record_shown"])
        st.text(view.record)
    if view.warning:
        st.warning(view.warning)
    st.markdown(view.notes)
    show_figure(view.chart, key="hist_fig_true")


def draw_release(steps: Steps[release_view.ReleaseView]) -> None:
    EPSILON.chart(steps, "noisy_chart", COMMON["epsilon"], title=release_view.noisy_title)
    EPSILON.reading(steps, "reading")
    if steps.template.distribution_chart is not None:
        EPSILON.chart(steps, "distribution_chart", COMMON["epsilon"], follower="dist")
    numbers = st.expander(TEXT["numbers_title"], key="hist_numbers", on_change="rerun", bind="query-params")
    if numbers.open:  # a table only when asked for, swapped by the browser at each step
        with numbers:
            EPSILON.reading(steps, "numbers", "numbers")


def release_part(ctx: PageContext, counts: counts_view.CountsView | None, source: Hashable, post: PostProcessing,
                 choice: ReleaseChoice) -> None:
    """The release at every epsilon, stepped by the chart's own slider (kept for every session by
    `source`, what the counts come from), its numbers table too; the animation keeps the epsilon it
    was opened at."""
    if counts is None:
        return
    settings = release_view.ReleaseSettings(counts, source, choice.kind, None, choice.delta, choice.method, post,
                                            ctx.seed)
    steps = EPSILON.steps(settings, release_view.compute)
    if steps is None:
        return
    draw_release(steps)
    show_animation(ANIM["hops_expander"], "hist_hops", EPSILON.value, lambda eps: hops_view.Settings(
        counts, choice.kind, eps, choice.delta, choice.method, ctx.seed), hops_view.compute)
    EPSILON.follow()


@st.fragment
def tab(ctx: PageContext) -> None:
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
