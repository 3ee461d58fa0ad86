"""Randomized response: the coin protocol, the course's worked example, any column, local vs central."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.catalog import public_categories
from dpcore.ldp import (
    BOOK_EXAMPLE,
    MAX_RESPONDENTS,
    central_frequency_error,
    check_truth_probability,
    grr_rmse,
    randomize_column,
    rr_correction_steps,
    rr_perturb,
    rr_respond,
    rr_simulate_survey,
    rr_standard_error,
    rr_summary,
)
from dpcore.limits import MAX_CATEGORIES
from dpcore.mechanisms import rr_epsilon, rr_truth_probability
from dpcore.validation import check_epsilon
from ui.charts import randomized_response as charts
from ui.memo import session_memo
from ui.page import PageContext, show_error, show_figure, start_page
from ui.state import url_choice
from ui.text.randomized_response import TEXT
from ui.widgets import column_and_weight_row, epsilon_slider

_EPS_ERROR = "_rr_eps_error"
_HISTORY = "_rr_history"  # the tosses of "one respondent": (true answer, heads, reported)
ERROR_EPSILONS = (0.5, 1.0, 2.0, 4.0)
ERROR_N = np.unique(np.round(np.geomspace(10, MAX_RESPONDENTS, 31)).astype(int))


def _eps_typed() -> None:
    """ε was typed: set p from it, or keep p and say why the ε cannot be used."""
    try:
        eps = check_epsilon(st.session_state["rr_eps"])
    except ValueError as exc:
        st.session_state[_EPS_ERROR] = str(exc)
        return
    st.session_state["rr_p"] = rr_truth_probability(eps)


def truth_probability_controls() -> float | None:
    """p and ε, each following the other. Returns a usable p, or None after showing why not."""
    c1, c2 = st.columns(2)
    p_typed = c1.number_input(
        TEXT["p"], min_value=0.0, max_value=1.0, value=0.75, step=0.01, format="%.4f", key="rr_p",
        help=TEXT["p_help"], bind="query-params",
    )
    try:
        p = check_truth_probability(p_typed)
    except ValueError as exc:
        p = None
        problem: ValueError | None = exc
    else:
        problem = None
        if "rr_eps" not in st.session_state or not math.isclose(st.session_state["rr_eps"], rr_epsilon(p), abs_tol=1e-9):
            st.session_state["rr_eps"] = rr_epsilon(p)
    c2.number_input(TEXT["eps"], step=0.1, format="%.4f", key="rr_eps", help=TEXT["eps_help"], on_change=_eps_typed)
    rejected = st.session_state.pop(_EPS_ERROR, None)
    if rejected:
        show_error(ValueError(TEXT["eps_rejected"].format(message=rejected, p=p_typed)))
    if problem is not None:
        show_error(problem)
        return None
    st.markdown(TEXT["p_eps_link"].format(p=p, q=1 - p, eps=rr_epsilon(p), ratio=p / (1 - p)))
    return p


def one_respondent(ctx: PageContext, p: float) -> None:
    st.subheader(TEXT["one_title"])
    c1, c2, c3 = st.columns([2, 2, 1])
    with c1:
        truth = url_choice(
            st.radio, TEXT["one_truth"], ("yes", "no"), "rr_truth", "yes",
            format_func=lambda v: TEXT[f"answer_{v}"], horizontal=True,
        )
    history: list[tuple[bool, bool, bool]] = st.session_state.setdefault(_HISTORY, [])
    if c2.button(TEXT["one_button"], key="rr_ask", type="primary"):
        turn = rr_respond(truth == "yes", p, ctx.rng(f"rr-one-{len(history) + 1}"))
        history.append((turn.truth, turn.coin_heads, turn.reported))
    if c3.button(TEXT["one_reset"], key="rr_reset"):
        history.clear()
    if not history:
        st.caption(TEXT["one_prompt"])
        return
    said, heads, reported = history[-1]
    answer = {True: TEXT["answer_yes"], False: TEXT["answer_no"]}
    st.markdown(
        TEXT["one_heads" if heads else "one_tails"].format(
            i=len(history), truth=answer[said], reported=answer[reported], p=p, q=1 - p
        )
    )
    n_heads = sum(h for _, h, _ in history)
    st.caption(
        TEXT["one_tally"].format(
            n=len(history), heads=n_heads, share=n_heads / len(history), p=p,
            changed=sum(t != r for t, _, r in history),
        )
    )


def survey(ctx: PageContext, p: float) -> None:
    st.subheader(TEXT["survey_title"])
    c1, c2 = st.columns(2)
    n = int(c1.number_input(TEXT["survey_n"], min_value=1, max_value=MAX_RESPONDENTS, value=1000, step=100, key="rr_n", bind="query-params"))
    survey_release(ctx, p, n, c2.container(), st.container())


@st.fragment
def survey_release(ctx: PageContext, p: float, n: int, slider_slot: DeltaGenerator, release_slot: DeltaGenerator) -> None:
    """The true share of "yes", the simulated survey and its correction.

    A fragment of its own: moving the share redraws only these, not p, ε and the coin tosser.
    Everything is computed first, then drawn in one burst."""
    share = slider_slot.slider(
        TEXT["survey_share"], min_value=0.0, max_value=1.0, value=0.3, step=0.01, key="rr_share", bind="query-params"
    )
    n_true, n_yes = rr_simulate_survey(n, share, p, ctx.rng("rr-survey"))
    s = rr_summary(n_yes, n, p)
    chart = charts.survey_estimate(
        n_true / n, s.raw_share, s.estimate, s.low, s.high,
        {"truth": TEXT["row_truth"], "raw": TEXT["row_raw"], "corrected": TEXT["row_corrected"]},
        TEXT["survey_chart_title"], TEXT["survey_axis"],
    )
    result = TEXT["survey_result"].format(
        n=n, n_true=n_true, truth=n_true / n, n_yes=n_yes, raw=s.raw_share, p=p, den=2 * p - 1,
        est=s.estimate, se=s.standard_error, low=s.low, high=s.high,
    )
    notes = ([] if 0 <= s.estimate <= 1 else [TEXT["survey_outside"]]) + [TEXT["simulation"]]
    with release_slot:
        show_figure(chart, key="rr_fig_survey")
        st.markdown(result)
        st.caption("\n\n".join(notes))  # one element: each element drawn costs the browser time


@st.fragment
def protocol(ctx: PageContext) -> None:
    """A fragment: a control of this tab reruns this tab only."""
    st.markdown(TEXT["protocol_intro"])
    p = truth_probability_controls()
    if p is not None:
        one_respondent(ctx, p)
        survey(ctx, p)


def book_example(ctx: PageContext) -> None:
    b = BOOK_EXAMPLE
    st.markdown(
        TEXT["book_intro"].format(
            male=b.male, female=b.female, p=b.p, q=round(1 - b.p, 10), rep_male=b.reported_male, rep_female=b.reported_female
        )
    )
    male = rr_correction_steps(b.reported_male, b.n, b.p)
    female = rr_correction_steps(b.reported_female, b.n, b.p)
    for key, steps in (("book_male", male), ("book_female", female)):
        st.markdown(
            TEXT[key].format(n=b.n, p=b.p, n1=steps.n_yes, num=steps.numerator, den=steps.denominator, value=steps.value)
        )
    st.dataframe(
        pd.DataFrame(
            {
                TEXT["book_col_group"]: [TEXT["book_male_label"], TEXT["book_female_label"]],
                TEXT["book_col_true"]: [b.male, b.female],
                TEXT["book_col_reported"]: [b.reported_male, b.reported_female],
                TEXT["book_col_corrected"]: [round(male.value, 2), round(female.value, 2)],
            }
        ),
        hide_index=True,
        key="rr_book_table",
    )
    st.caption(TEXT["book_close"])
    st.subheader(TEXT["book_rerun_title"])
    truly_male = np.arange(b.n) < b.male
    reported_male = int(np.count_nonzero(rr_perturb(truly_male, b.p, ctx.rng("rr-book"))))
    st.markdown(
        TEXT["book_rerun"].format(
            seed=ctx.seed, rep_male=reported_male, rep_female=b.n - reported_male,
            male=rr_correction_steps(reported_male, b.n, b.p).value,
            female=rr_correction_steps(b.n - reported_male, b.n, b.p).value,
            se=b.n * rr_standard_error(b.n, b.p),
        )
    )
    st.caption(TEXT["simulation"])


def _eligible_columns(frame: pd.DataFrame) -> list[str]:
    return [c for c in frame.columns if 2 <= frame[c].nunique(dropna=True) <= MAX_CATEGORIES]


@st.fragment
def your_data(ctx: PageContext) -> None:
    """The column and weights; then the randomized answers.

    A fragment: a control of this tab reruns this tab only. The epsilon slider and what it
    changes are drawn by the nested `column_release`."""
    st.markdown(TEXT["column_intro"])
    frame = ctx.dataset.table.frame
    eligible = session_memo("rr_eligible", ctx.dataset.ident, lambda: _eligible_columns(frame))
    if not eligible:
        st.info(TEXT["no_column"].format(max=MAX_CATEGORIES))
        return
    column, weight, slider_slot = column_and_weight_row(ctx.dataset, eligible, "rr_col", "rr_w", TEXT["column"])
    column_release(ctx, column, weight, slider_slot, st.container())


@st.fragment
def column_release(
    ctx: PageContext, column: str, weight: str | None, slider_slot: DeltaGenerator, release_slot: DeltaGenerator
) -> None:
    """Epsilon for each person, the randomized column corrected, and the error against n.

    A fragment of its own so that an epsilon change redraws only these. Every number and chart
    is computed before anything is drawn: elements that trickle in cost the browser extra redraws."""
    eps = epsilon_slider("rr_col_eps", default=1.0, label=TEXT["column_epsilon"], container=slider_slot)
    frame = ctx.dataset.table.frame
    public = public_categories(ctx.dataset.key, column)
    try:
        result = randomize_column(
            frame[column], eps, ctx.rng("rr-column"), name=str(column),
            weights=None if weight is None else frame[weight], categories=public,
        )
    except ValueError as exc:
        with release_slot:
            show_error(exc)
        return
    method = TEXT["column_method"].format(
        method=result.method[0].upper() + result.method[1:], n=result.n, p=result.p, q=result.q, eps=eps
    )
    half = 1.96 * result.standard_errors
    frequencies = charts.frequency_comparison(
        result.categories, result.true_frequencies, result.raw_frequencies, result.estimated_frequencies, half,
        {"truth": TEXT["bar_truth"], "raw": TEXT["bar_raw"], "corrected": TEXT["bar_corrected"]},
        TEXT["column_chart_title"].format(column=column), TEXT["category_axis"], TEXT["frequency_axis"],
    )
    table = pd.DataFrame(
        {
            TEXT["col_value"]: result.categories,
            TEXT["col_true_count"]: result.true_counts,
            TEXT["col_true"]: result.true_frequencies,
            TEXT["col_raw"]: result.raw_frequencies,
            TEXT["col_corrected"]: result.estimated_frequencies,
            TEXT["col_half"]: half,
        }
    )
    raw_rmse = float(np.sqrt(np.mean((result.raw_frequencies - result.true_frequencies) ** 2)))
    errors = TEXT["column_errors"].format(rmse=result.rmse, raw_rmse=raw_rmse, uniform=1 / len(result.categories))
    notes = [TEXT["column_public"] if public else TEXT["column_private"]]
    if result.missing or result.outside:
        notes.append(TEXT["column_left_out"].format(missing=result.missing, outside=result.outside))
    truth = result.true_frequencies
    curves = {
        **{TEXT["curve_local"].format(eps=e): np.array([grr_rmse(truth, int(m), e) for m in ERROR_N]) for e in ERROR_EPSILONS},
        TEXT["curve_local_chosen"]: np.array([grr_rmse(truth, int(m), eps) for m in ERROR_N]),
    }
    central = np.array([central_frequency_error(int(m), eps) for m in ERROR_N])
    error_chart = charts.error_vs_n(
        ERROR_N, curves, central, (result.n, max(result.rmse, 1e-12)),
        {"central": TEXT["curve_central"], "this_run": TEXT["this_run"],
         "this_run_note": TEXT["this_run_note"].format(n=result.n, eps=eps)},
        TEXT["error_chart_title"], TEXT["people_axis"], TEXT["error_axis"],
    )
    summary = TEXT["error_summary"].format(
        n=result.n, eps=eps, local=grr_rmse(truth, result.n, eps), central=central_frequency_error(result.n, eps)
    )

    with release_slot:
        st.markdown(method)
        show_figure(frequencies, key="rr_fig_column")
        if len(result.categories) > charts.MAX_BARS:
            st.caption(TEXT["bars_truncated"].format(shown=charts.MAX_BARS, total=len(result.categories)))
        st.dataframe(table, hide_index=True, key="rr_column_table")
        st.markdown(errors)
        st.caption("\n\n".join(notes))
        show_figure(error_chart, key="rr_fig_error")
        st.markdown(summary)
        st.caption(TEXT["simulation"])


def local_versus_central() -> None:
    labels = {k.removeprefix("diagram_"): v for k, v in TEXT.items() if k.startswith("diagram_")}
    show_figure(charts.local_vs_central(labels, TEXT["diagram_title"]), key="rr_fig_models")
    st.markdown(TEXT["local_sentence"])
    st.page_link("pages/2_Histogram_and_neighbour.py", label=TEXT["to_histogram"])
    st.caption(TEXT["local_more"])


ctx = start_page(TEXT["title"], icon="🪙")
st.markdown(TEXT["intro"])
tab_protocol, tab_book, tab_column, tab_local = st.tabs(
    [TEXT["tab_protocol"], TEXT["tab_book"], TEXT["tab_column"], TEXT["tab_local"]]
)
with tab_protocol:
    protocol(ctx)
with tab_book:
    book_example(ctx)
with tab_column:
    your_data(ctx)
with tab_local:
    local_versus_central()
