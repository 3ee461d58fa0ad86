"""The differencing attack: the exact attack on a course table (left), and the same two questions
answered with Laplace noise (right).

The tab is a fragment; the noisy part is a nested fragment, so the prior's slider reruns only that
part. The noisy part's ε is its two charts' own slider: a step is drawn by the browser
(ui/chart_slider.py), and the attack at every ε is kept for every session at the same settings."""

from __future__ import annotations

import streamlit as st

from ui import fmt
from ui.chart_slider import ChartSlider
from ui.datasets import bundled_dataset
from ui.memo import shared_memo
from ui.page import PageContext
from ui.state import url_choice
from ui.text.attacks import TEXT
from ui.views.attacks import differencing, noisy_differencing

EPSILON = ChartSlider("att_diff_eps")  # ε per answer: the density and belief charts' own slider


@st.fragment
def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["diff_intro"])
    exact, noisy = st.columns(2, gap="large")
    with exact:
        settings = target()
        view = shared_memo("att_diff", (settings.table, settings.flip, settings.target),
                           lambda: differencing.compute(settings))  # the table is a bundled one: its name says it
        st.markdown(f"{fmt.frame_table(view.shown)}\n\n{view.reading}")  # one element: cheaper to draw
        st.caption(view.bounded)
    with noisy:
        st.markdown(f"#### {TEXT['diff_noise_title']}")
        noisy_part(ctx, settings, view)


@st.fragment
def noisy_part(ctx: PageContext, exact: differencing.Settings, found: differencing.View) -> None:
    """The prior (its slider reruns this), then the two charts with ε as their own slider, and the belief."""
    settings = noisy_differencing.Settings(
        exact.table, exact.target, found.position, found.result.with_target, found.result.without_target,
        EPSILON.value(), prior(), ctx.seed,
    )
    steps = EPSILON.steps(settings, noisy_differencing.compute)
    if steps is None:
        return
    EPSILON.chart(steps, "density", TEXT["diff_eps"])
    EPSILON.chart(steps, "belief", TEXT["diff_eps"], follower="belief")
    EPSILON.reading(steps, "reading")
    st.caption(steps.template.note)
    EPSILON.follow()


def target() -> differencing.Settings:
    """Which course table, (students) whether Aisha's grade is changed, and whom to attack."""
    which = url_choice(st.radio, TEXT["diff_table"], differencing.TABLES, "att_diff_table",
                       format_func=lambda k: TEXT[f"diff_table_{k}"])
    frame = bundled_dataset(which).table.frame
    names = [str(n) for n in frame[differencing.NAME]]
    if which == "students":
        flip = bool(st.checkbox(TEXT["diff_flip"], value=True, key="att_flip", help=TEXT["diff_flip_help"],
                                bind="query-params"))
        name = url_choice(st.selectbox, TEXT["diff_student"], names, "att_student", differencing.CHANGED)
    else:
        flip = False
        name = url_choice(st.selectbox, TEXT["diff_patient"], names, "att_patient", "Alice")
    return differencing.Settings(which, frame, flip, name)


def prior() -> float:
    """The attacker's prior belief that the target has the secret."""
    return float(st.slider(
        TEXT["diff_prior"], min_value=0.01, max_value=0.99, value=0.5, step=0.01,
        key="att_prior", help=TEXT["diff_prior_help"], bind="query-params",
    ))
