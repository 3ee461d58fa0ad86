"""Control groups of the Attacks page: each draws its widgets (bound to the URL) and returns the
Settings of the view it moves. Keys start with "att_"."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.attacks import BOOK_TABLE_6_3
from dpcore.counting import OPERATORS, TEXT_OPERATORS, is_numeric_column
from dpcore.limits import EPSILON_GRID, MAX_ATTACKERS, MAX_REPEATED_QUERIES
from ui.chart_slider import ChartSlider
from ui.datasets import bundled_dataset
from ui.page import PageContext, computed
from ui.safe import md_escape
from ui.state import bound_select_slider, url_choice
from ui.text.attacks import TEXT
from ui.views.attacks import averaging, count_query, defence, differencing, noisy_differencing, table
from ui.views.attacks import reconstruction as reconstruction_view
from ui.views.attacks.common import CURVE_KS, exact_probability
from ui.widgets import epsilon_slider

_TRUTH = "_att_truth"  # the count chosen on the Averaging tab, for the Defence tab
AVERAGING_EPSILON = ChartSlider("att_eps", default=0.1)  # the budget per answer: the running means' own slider
DEFENCE_EPSILON = ChartSlider("att_def_eps")  # the naive server's ε per answer and the split one's total


def differencing_target() -> differencing.Settings:
    """Which course table, (students) whether Aisha's grade is changed, and whom to attack."""
    which = url_choice(st.radio, TEXT["diff_table"], differencing.TABLES, "att_diff_table",
                       format_func=lambda k: TEXT[f"diff_table_{k}"])
    frame = bundled_dataset(which).table.frame
    names = [str(n) for n in frame[differencing.NAME]]
    if which == "students":
        flip = bool(st.checkbox(TEXT["diff_flip"], value=True, key="att_flip", help=TEXT["diff_flip_help"],
                                bind="query-params"))
        target = url_choice(st.selectbox, TEXT["diff_student"], names, "att_student", differencing.CHANGED)
    else:
        flip = False
        target = url_choice(st.selectbox, TEXT["diff_patient"], names, "att_patient", "Alice")
    return differencing.Settings(which, frame, flip, target)


def noise(exact: differencing.Settings, found: differencing.View, epsilon: float,
          seed: int) -> noisy_differencing.Settings:
    """The attacker's prior belief (ε per answer is the density chart's own slider)."""
    prior = float(st.slider(
        TEXT["diff_prior"], min_value=0.01, max_value=0.99, value=0.5, step=0.01,
        key="att_prior", help=TEXT["diff_prior_help"], bind="query-params",
    ))
    return noisy_differencing.Settings(
        exact.table, exact.target, found.position, found.result.with_target, found.result.without_target,
        epsilon, prior, seed,
    )


def _predicate(ctx: PageContext, where: DeltaGenerator) -> count_query.Settings | None:
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
    return _predicate(ctx, where)


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


def remember_truth(truth: int | None) -> None:
    """Keep the count chosen on the Averaging tab for the Defence tab (None: it cannot be used)."""
    st.session_state[_TRUTH] = truth


def attack(where: DeltaGenerator, truth: int | None, seed: int) -> averaging.Settings | None:
    """Number of repeats k and of simulated attackers, stacked in `where` (drawn even without a count,
    so their values survive a bad predicate; then None). The budget per answer is the running
    means chart's own slider (AVERAGING_EPSILON); the settings carry its value as the server knows it."""
    k = int(where.number_input(
        TEXT["avg_k"], min_value=1, max_value=MAX_REPEATED_QUERIES, value=1_000, step=1,
        key="att_k", help=TEXT["avg_k_help"], bind="query-params",
    ))
    attackers = int(where.number_input(
        TEXT["avg_attackers"], min_value=100, max_value=MAX_ATTACKERS, value=10_000, step=1_000,
        key="att_attackers", help=TEXT["avg_attackers_help"], bind="query-params",
    ))
    return None if truth is None else averaging.Settings(truth, AVERAGING_EPSILON.value(), k, attackers, seed)


def averaging_steps(settings: averaging.Settings) -> averaging.AveragingSteps | None:
    """The averaging attack at every ε of its slider, kept for every session at the same settings
    (~0.3 s; the exact chances, ~1.5 s for the whole grid, are computed once per server)."""
    return AVERAGING_EPSILON.steps("att_avg_steps", replace(settings, epsilon=None),
                                   lambda: averaging.compute_steps(settings, AVERAGING_EPSILON.options), shared=True)


def warm() -> None:
    """The exact recovery chances at every ε of the slider and every k of the curve (public
    parameters only: one cache for the server), at its start."""
    for epsilon in AVERAGING_EPSILON.options:
        for k in CURVE_KS:
            exact_probability(epsilon, k)


def table_rows(seed: int) -> table.Settings:
    """Extra epsilons for Table 6-3 and the number of simulated draws per cell."""
    c1, c2 = st.columns([3, 1], gap="large")
    extra = c1.multiselect(
        TEXT["table_extra_eps"], [e for e in EPSILON_GRID if e not in BOOK_TABLE_6_3], default=[],
        format_func=lambda v: f"{v:g}", key="att_table_eps", bind="query-params",
    )
    trials = int(c2.number_input(
        TEXT["table_trials"], min_value=1_000, max_value=MAX_ATTACKERS, value=20_000, step=1_000,
        key="att_table_trials", bind="query-params",
    ))
    return table.Settings(tuple(float(e) for e in extra), trials, seed)


def defence_budget(seed: int) -> defence.Settings:
    """k (the total budget is the naive chart's own slider, DEFENCE_EPSILON); the count is the
    Averaging tab's (else the zoo's)."""
    k = int(st.columns(2, gap="large")[0].number_input(
        TEXT["def_k"], min_value=1, max_value=MAX_REPEATED_QUERIES, value=1_000, step=1,
        key="att_def_k", help=TEXT["avg_k_help"], bind="query-params",
    ))
    epsilon = DEFENCE_EPSILON.value()
    truth = st.session_state.get(_TRUTH)
    if truth is None:
        zoo = count_query.compute(count_query.Settings("zoo", bundled_dataset("zoo").table.frame))
        return defence.Settings(zoo.truth, False, epsilon, k, seed)
    return defence.Settings(int(truth), True, epsilon, k, seed)


def defence_steps(settings: defence.Settings) -> defence.DefenceSteps | None:
    """The defences at every ε of the naive chart's slider, kept for every session (~0.3 s)."""
    return DEFENCE_EPSILON.steps("att_def_steps", replace(settings, epsilon=None),
                                 lambda: defence.compute_steps(settings, DEFENCE_EPSILON.options), shared=True)


def reconstruction(seed: int) -> reconstruction_view.Settings:
    """How many subset counts the attacker asks, the noise on each, and the total ε of the DP line."""
    c1, c2, c3 = st.columns(3)
    queries = bound_select_slider(c1, TEXT["rec_queries"], reconstruction_view.QUERY_CHOICES, value=120,
                                  key="att_rec_m")
    noise = bound_select_slider(c2, TEXT["rec_noise"], reconstruction_view.NOISE_CHOICES, value=1.0, key="att_rec_b",
                                format_func=lambda b: f"{b:g}")
    eps = epsilon_slider("att_rec_eps", default=1.0, label=TEXT["rec_epsilon"], container=c3)
    return reconstruction_view.Settings(int(queries), float(noise), eps, seed)
