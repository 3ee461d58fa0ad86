"""The coin protocol: p and ε following each other, one respondent tossing the coin beside them, then
a survey of n respondents.

The tab is a fragment (its controls rerun it alone); the survey is a nested fragment, so its size
reruns only its chart. The survey's true share is its chart's own slider: a step is drawn by the
browser (ui/chart_slider.py), every share kept for every session under the survey's settings."""

from __future__ import annotations

import math

import streamlit as st

from dpcore.ldp.randomized_response import check_truth_probability, rr_respond
from dpcore.limits import MAX_RESPONDENTS
from dpcore.mechanisms import rr_epsilon, rr_truth_probability
from dpcore.rng import make_rng
from dpcore.validation import check_epsilon
from ui.chart_slider import ChartSlider
from ui.errors import message
from ui.page import PageContext, show_error
from ui.state import url_choice
from ui.text.randomized_response import TEXT
from ui.views.randomized_response import protocol
from ui.views.randomized_response.protocol import Toss

SHARE = ChartSlider("rr_share", default=protocol.DEFAULT_SHARE, options=protocol.SHARES, field="share")
_EPS_ERROR = "_rr_eps_error"
_HISTORY = "_rr_history"  # the tosses of "one respondent": (true answer, heads, reported)


@st.fragment
def tab(ctx: PageContext) -> None:
    """p and ε with one respondent tossing the coin beside them; then a survey of n respondents."""
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown(TEXT["protocol_intro"])
        p = truth_probability()
    if p is None:
        return
    with right:
        st.subheader(TEXT["one_title"])
        history = respondent(p, ctx.seed)
    view = protocol.compute(protocol.Settings(p, history))
    left.markdown(view.link)
    right.markdown(view.toss)
    if view.tally:
        right.caption(view.tally)
    st.subheader(TEXT["survey_title"])
    survey(ctx, p)


@st.fragment
def survey(ctx: PageContext, p: float) -> None:
    """The survey's size, then its chart with the true share as the chart's own slider; the size
    reruns only this."""
    steps = SHARE.steps(protocol.SurveySettings(p, survey_size(), None, ctx.seed), protocol.survey)
    if steps is None:
        return
    SHARE.chart(steps, "chart", TEXT["survey_share"])
    SHARE.reading(steps, "reading")
    SHARE.follow()


def _eps_typed() -> None:
    """ε was typed: set p from it, or keep p and say why the ε cannot be used."""
    try:
        eps = check_epsilon(st.session_state["rr_eps"])
    except ValueError as exc:
        st.session_state[_EPS_ERROR] = message(exc)
        return
    st.session_state["rr_p"] = rr_truth_probability(eps)


def truth_probability() -> float | None:
    """p and ε side by side, each following the other. Returns a usable p, or None after showing
    why not (a rejected ε keeps p and says so)."""
    c1, c2 = st.columns(2)
    p_typed = c1.number_input(
        TEXT["p"], min_value=0.0, max_value=1.0, value=0.75, step=0.01, format="%.4f", key="rr_p",
        help=TEXT["p_help"], bind="query-params",
    )
    p: float | None = None
    problem: ValueError | None = None
    try:
        p = check_truth_probability(p_typed)
    except ValueError as exc:
        problem = exc
    else:
        eps = rr_epsilon(p)
        if "rr_eps" not in st.session_state or not math.isclose(st.session_state["rr_eps"], eps, abs_tol=1e-9):
            st.session_state["rr_eps"] = eps
    c2.number_input(TEXT["eps"], step=0.1, format="%.4f", key="rr_eps", help=TEXT["eps_help"], on_change=_eps_typed)
    rejected = st.session_state.pop(_EPS_ERROR, None)
    if rejected:
        show_error(ValueError(TEXT["eps_rejected"].format(message=rejected, p=f"{p_typed:.4g}")))
    if problem is not None:
        show_error(problem)
    return p


def respondent(p: float, seed: int) -> tuple[Toss, ...]:
    """The respondent's true answer and the buttons that toss the coin or start again; returns
    the tosses so far. Each toss is drawn from the seed and its number, with the p in use."""
    truth = url_choice(
        st.radio, TEXT["one_truth"], ("yes", "no"), "rr_truth", "yes",
        format_func=lambda v: TEXT[f"answer_{v}"], horizontal=True,
    )
    c2, c3 = st.columns([3, 2])
    history: list[Toss] = st.session_state.setdefault(_HISTORY, [])
    if c2.button(TEXT["one_button"], key="rr_ask", type="primary"):
        turn = rr_respond(truth == "yes", p, make_rng(seed, f"rr-one-{len(history) + 1}"))
        history.append((turn.truth, turn.coin_heads, turn.reported))
    if c3.button(TEXT["one_reset"], key="rr_reset"):
        history.clear()
    return tuple(history)


def survey_size() -> int:
    """The number of respondents (their true share of "yes" is the survey chart's own slider)."""
    return int(st.number_input(TEXT["survey_n"], min_value=1, max_value=MAX_RESPONDENTS, value=1000, step=100,
                               key="rr_n", bind="query-params"))
