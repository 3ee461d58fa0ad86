"""Attacks that DP stops: differencing, repeated-query averaging, Table 6-3, and the defences.

Only the open tab runs. Per tab: controls (ui/controls/attacks.py) give Settings, a view in
ui/views/attacks computes everything, and a draw places it in one burst. Each tab is a fragment, and
the part its sliders move (the noisy differencing, the averaging attack) is a nested fragment right
under or beside those sliders, so a slider reruns only its own part. The noisy differencing's ε is
its charts' own slider, and so are the averaging attack's and the defences': a step is drawn by
the browser (ui/chart_slider.py).
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui import fmt
from ui.chart_slider import ChartSlider
from ui.controls import attacks as controls
from ui.memo import shared_memo
from ui.page import PageContext, computed, show_animation, show_figures, start_page
from ui.state import url_tabs
from ui.text.animations import TEXT as ANIM
from ui.text.attacks import TEXT
from ui.views.attacks import animation, differencing, noisy_differencing, reconstruction, table

DIFF_EPSILON = ChartSlider("att_diff_eps")
AVERAGING, DEFENCE = controls.AVERAGING_EPSILON, controls.DEFENCE_EPSILON
ANIMATION = "att_anim"  # the averaging attack's animation, an expander open while its key is true


@st.fragment
def differencing_tab(ctx: PageContext) -> None:
    """The exact attack on a course table (left); the same two questions with Laplace noise (right)."""
    st.markdown(TEXT["diff_intro"])
    exact, noisy = st.columns(2, gap="large")
    with exact:
        settings = controls.differencing_target()
        view = differencing.compute(settings)
        st.markdown(f"{fmt.frame_table(view.shown)}\n\n{view.reading}")  # one element: cheaper to draw
        st.caption(view.bounded)
    with noisy:
        st.markdown(f"#### {TEXT['diff_noise_title']}")
        noisy_differencing_part(ctx, settings, view)


@st.fragment
def noisy_differencing_part(ctx: PageContext, exact: differencing.Settings, found: differencing.View) -> None:
    """The prior (its slider reruns this), then the two charts with ε as their own slider, and the belief."""
    settings = controls.noise(exact, found, DIFF_EPSILON.value(), ctx.seed)
    steps = DIFF_EPSILON.steps("att_diff_steps", (settings.table, settings.target, settings.prior, ctx.seed),
                               lambda: noisy_differencing.compute_steps(settings, DIFF_EPSILON.options), shared=True)
    if steps is None:
        return
    DIFF_EPSILON.chart(steps.densities, TEXT["diff_eps"])
    DIFF_EPSILON.chart(steps.beliefs, TEXT["diff_eps"], follower="belief")
    DIFF_EPSILON.reading(steps.readings)
    st.caption(steps.note)
    DIFF_EPSILON.follow()


@st.fragment
def averaging_tab(ctx: PageContext) -> None:
    """The count under attack (left), then the attack on it: its controls under the count's, its
    charts beside them."""
    st.markdown(TEXT["avg_intro"])
    left, right = st.columns([1, 2], gap="large")
    truth = controls.count_under_attack(ctx, left)
    controls.remember_truth(truth)
    averaging_part(ctx, truth, left, right)


@st.fragment
def averaging_part(ctx: PageContext, truth: int | None, left: DeltaGenerator, right: DeltaGenerator) -> None:
    """What k and the attackers (under the count) move: the charts beside them, with ε as the
    running means' own slider and the recovery chart following it."""
    settings = controls.attack(left, truth, ctx.seed)
    steps = None if settings is None else controls.averaging_steps(settings)
    if steps is None:
        return
    with right:
        AVERAGING.chart(steps.traces, TEXT["avg_eps"])
        AVERAGING.reading(steps.budget, "budget")
    reading, chart = st.columns([1, 2], gap="large")
    with reading:
        AVERAGING.reading(steps.readings)
    with chart:
        AVERAGING.chart(steps.curve, TEXT["avg_eps"], follower="recovery")
    st.caption(steps.method)
    show_animation(ANIM["avg_expander"], ANIMATION, AVERAGING.value,
                   lambda eps: animation.Settings(settings.truth, eps, settings.k, settings.seed), animation.compute)
    AVERAGING.follow()


@st.fragment
def table_tab(ctx: PageContext) -> None:
    """The course's Table 6-3: book, exact and simulated values side by side."""
    st.markdown(TEXT["table_intro"])
    view = table.compute(controls.table_rows(ctx.seed))
    st.markdown("\n\n".join((TEXT["table_quantiles_title"], fmt.frame_table(view.quantiles),
                               TEXT["table_recovery_title"], fmt.frame_table(view.recovery), view.reading)))
    st.caption(TEXT["simulation_note"])


@st.fragment
def defence_tab(ctx: PageContext) -> None:
    """Splitting the budget and caching the answers, against the averaging attack; ε is the naive
    chart's own slider, the other charts and their sentences follow it."""
    st.markdown(TEXT["def_intro"])
    steps = controls.defence_steps(controls.defence_budget(ctx.seed))
    if steps is None:
        return
    st.caption(steps.truth)
    DEFENCE.chart_pair(steps.naive, steps.split, TEXT["def_eps"], follower="split", gap="large")
    naive, split = st.columns(2, gap="large")
    with naive:
        DEFENCE.reading(steps.naive_text, "naive")
    with split:
        DEFENCE.reading(steps.split_text, "split")
    spread, reading = st.columns([2, 1], gap="large")
    with spread:
        DEFENCE.chart(steps.spread, TEXT["def_eps"], follower="spread")
    reading.markdown(steps.spread_text)
    st.markdown(steps.cache_intro)
    cached, reading = st.columns([2, 1], gap="large")
    with cached:
        DEFENCE.chart(steps.cached, TEXT["def_eps"], follower="cached")
    with reading:
        DEFENCE.reading(steps.cache_text, "cache")
        st.caption(steps.caveat)
    DEFENCE.follow()


@st.fragment
def reconstruction_tab(ctx: PageContext) -> None:
    """Subset counts give a secret column away; noise for a total budget does not."""
    st.markdown(TEXT["rec_intro"])
    settings = controls.reconstruction(ctx.seed)
    view = computed(lambda s: shared_memo("att_rec", s, lambda: reconstruction.compute(s)), settings)
    if view is not None:
        show_figures((view.curves, "att_fig_rec"), (view.people, "att_fig_rec_people"), widths=[3, 2])
        st.markdown(view.summary)


ctx = start_page(TEXT["title"], icon="🕵️", page=__file__)
st.markdown(TEXT["intro"])
TABS = {"differencing": differencing_tab, "averaging": averaging_tab, "table": table_tab, "defence": defence_tab,
        "reconstruction": reconstruction_tab}
url_tabs("att_tab", {tab: (TEXT[f"tab_{tab}"], draw) for tab, draw in TABS.items()}, ctx)
