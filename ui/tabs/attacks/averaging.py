"""The averaging attack: the count under attack (left), then the attack on it, its controls under the
count's and its charts beside them.

The tab is a fragment; what k and the attackers move is a nested fragment, so they rerun only the
attack. ε per answer is the running means' own slider, the recovery chart follows it: a step is
drawn by the browser (ui/chart_slider.py), and the attack at every ε is kept for every session at the
same settings (~0.3 s; the exact chances, ~1.5 s for the whole grid, once per server: `warm`)."""

from __future__ import annotations

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.counting import OPERATORS, TEXT_OPERATORS, is_numeric_column
from dpcore.limits import MAX_ATTACKERS, MAX_REPEATED_QUERIES
from ui.chart_slider import ChartSlider
from ui.datasets import bundled_dataset
from ui.page import PageContext, computed, show_animation
from ui.safe import md_escape
from ui.state import url_choice
from ui.text.animations import TEXT as ANIM
from ui.text.attacks import TEXT
from ui.views.attacks import animation, averaging, count_query
from ui.views.attacks.common import CURVE_KS, exact_probability

EPSILON = ChartSlider("att_eps", default=0.1)  # the budget per answer: the running means' own slider
ANIMATION = "att_anim"  # the attack's animation, an expander open while its key is true


@st.fragment
def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["avg_intro"])
    left, right = st.columns([1, 2], gap="large")
    attack_part(ctx, count_under_attack(ctx, left), left, right)


@st.fragment
def attack_part(ctx: PageContext, truth: int | None, left: DeltaGenerator, right: DeltaGenerator) -> None:
    """What k and the attackers (under the count) move: the charts beside them, with ε as the
    running means' own slider and the recovery chart following it."""
    settings = attack(left, truth, ctx.seed)
    steps = None if settings is None else EPSILON.steps(settings, averaging.compute)
    if settings is None or steps is None:
        return
    with right:
        EPSILON.chart(steps, "traces", TEXT["avg_eps"])
        EPSILON.reading(steps, "budget_blocks", "budget")
    reading, chart = st.columns([1, 2], gap="large")
    with reading:
        EPSILON.reading(steps, "reading_blocks")
    with chart:
        EPSILON.chart(steps, "curve", TEXT["avg_eps"], follower="recovery")
    st.caption(steps.template.method)
    show_animation(ANIM["avg_expander"], ANIMATION, EPSILON.value,
                   lambda eps: animation.Settings(settings.truth, eps, settings.k, settings.seed), animation.compute)
    EPSILON.follow()


def warm() -> None:
    """The exact recovery chances at every ε of the slider and every k of the curve (public
    parameters only: one cache for the server), at its start."""
    for epsilon in EPSILON.options:
        for k in CURVE_KS:
            exact_probability(epsilon, k)


def count_under_attack(ctx: PageContext, where: DeltaGenerator) -> int | None:
    """The count's controls, what it counts and any warning, in `where`; None if no count can be made."""
    settings = count(ctx, where)
    if settings is None:
        return None
    view = computed(count_query.compute, settings, where)
    if view is None:
        return None
    where.caption(view.description)
    if view.warning:
        where.warning(view.warning)
    return view.truth


def count(ctx: PageContext, where: DeltaGenerator) -> count_query.Settings | None:
    """The count under attack: a course preset or a predicate built from menus."""
    kind = url_choice(where.radio, TEXT["avg_query"], count_query.KINDS, "att_query",
                      format_func=lambda q: TEXT[f"avg_query_{q}"])
    if kind == "zoo":
        return count_query.Settings("zoo", bundled_dataset("zoo").table.frame)
    if kind == "medical":
        frame = bundled_dataset("medical").table.frame
        buckets = [str(b) for b in frame[count_query.MEDICAL_BUCKETS]]
        bucket = url_choice(where.selectbox, TEXT["avg_bucket"], buckets, "att_bucket", "30-40")
        return count_query.Settings("medical", frame, value=bucket)
    return predicate(ctx, where)


def predicate(ctx: PageContext, where: DeltaGenerator) -> count_query.Settings | None:
    """COUNT(*) WHERE column op value on the dataset in use, built from menus (None if no count can be built)."""
    frame = ctx.dataset.table.frame
    columns = [str(c) for c in frame.columns]
    if not columns:
        where.warning(TEXT["pred_no_columns"])
        return None
    column = url_choice(where.selectbox, TEXT["pred_column"], columns, "att_col")
    numeric = is_numeric_column(frame, column)
    op = url_choice(where.selectbox, TEXT["pred_op"], tuple(OPERATORS) if numeric else TEXT_OPERATORS, "att_op")
    present = frame[column].dropna()
    if present.empty:
        where.warning(TEXT["pred_no_values"].format(column=md_escape(column)))
        return None
    if numeric:
        value: object = float(where.number_input(
            TEXT["pred_value"], value=float(np.round(present.median(), 2)), key="att_num", bind="query-params"
        ))
    else:
        value = url_choice(where.selectbox, TEXT["pred_category"], sorted({str(v) for v in present}), "att_cat")
    return count_query.Settings("custom", frame, column, op, value, ctx.dataset.name, not numeric)


def attack(where: DeltaGenerator, truth: int | None, seed: int) -> averaging.Settings | None:
    """Number of repeats k and of simulated attackers, stacked in `where` (drawn even without a count,
    so their values survive a bad predicate; then None). The budget per answer is the running
    means chart's own slider (EPSILON); the settings carry its value as the server knows it."""
    k = int(where.number_input(
        TEXT["avg_k"], min_value=1, max_value=MAX_REPEATED_QUERIES, value=1_000, step=1,
        key="att_k", help=TEXT["avg_k_help"], bind="query-params",
    ))
    attackers = int(where.number_input(
        TEXT["avg_attackers"], min_value=100, max_value=MAX_ATTACKERS, value=10_000, step=1_000,
        key="att_attackers", help=TEXT["avg_attackers_help"], bind="query-params",
    ))
    return None if truth is None else averaging.Settings(truth, EPSILON.value(), k, attackers, seed)
