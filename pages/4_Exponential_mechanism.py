"""Exponential mechanism: the sports vote (Table 6-4), pumpkin pricing, and a column's private mode."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.catalog import public_categories
from dpcore.limits import EPSILON_GRID
from dpcore.mechanisms import exponential_probabilities, sample_exponential
from dpcore.pricing import (
    MAX_SELECTION_DRAWS,
    TABLE_6_4_OPTIONS,
    TABLE_6_4_PRINTED,
    ScoreTable,
    as_printed,
    buyer_table,
    compare_pricing,
    price_grid,
    pricing_curves,
    private_mode,
    running_frequencies,
    score_table,
)
from ui.charts import exponential as charts
from ui.charts.exponential import MAX_BARS
from ui.memo import session_memo
from ui.page import PageContext, show_error, show_figure, start_page
from ui.safe import md_escape
from ui.text.exponential import TEXT
from ui.widgets import column_and_weight_row, epsilon_slider

VOTE_EPSILONS = (0.0, *(e for e in EPSILON_GRID if e <= 10))
BOOK_EPSILONS = tuple(TABLE_6_4_PRINTED)
VOTE_DEFAULT = pd.DataFrame(
    {"item": [o for o, _ in TABLE_6_4_OPTIONS], "score": [float(s) for _, s in TABLE_6_4_OPTIONS]}
)
BUYERS_DEFAULT = pd.DataFrame({"buyer": ["Alice", "Bob", "Charlie"], "max_price": [1.0, 1.0, 3.0]})


def _editor(default: pd.DataFrame, key: str, labels: tuple[str, str]) -> pd.DataFrame:
    """A two-column table the user can edit, add rows to and delete rows from (not in the URL)."""
    name_col, number_col = default.columns
    edited = st.data_editor(
        default,
        key=key,
        num_rows="dynamic",
        hide_index=True,
        width="stretch",
        column_config={
            name_col: st.column_config.TextColumn(labels[0]),
            number_col: st.column_config.NumberColumn(labels[1], format="%g"),
        },
    )
    st.caption(TEXT["editor_not_in_url"])
    return edited


@st.fragment
def vote_section(ctx: PageContext) -> None:
    """The score table, the book's Table 6-4 and the number of draws; then the release.

    A fragment: a control of this tab reruns this tab only. The epsilon slider and everything it
    changes go into slots filled by the nested `vote_release`, so an epsilon change does not
    redraw the score editor or the book's table (each element redrawn costs the browser time)."""
    st.markdown(TEXT["vote_intro"])
    left, right = st.columns([2, 3], gap="large")
    with left:
        edited = _editor(VOTE_DEFAULT, "exp_scores", (TEXT["col_option"], TEXT["col_score"]))
    chart_slot, table_slot = right.container(), st.container()
    st.subheader(TEXT["book_title"])
    book_scores = [s for _, s in TABLE_6_4_OPTIONS]
    book = {TEXT["book_option"]: [o for o, _ in TABLE_6_4_OPTIONS], TEXT["book_score"]: book_scores}
    for e, printed in TABLE_6_4_PRINTED.items():
        computed = exponential_probabilities(book_scores, e, 1.0)
        book[TEXT["book_printed"].format(eps=e)] = list(printed)
        book[TEXT["book_computed"].format(eps=e)] = [as_printed(v, s) for v, s in zip(computed, printed)]
    st.dataframe(pd.DataFrame(book), hide_index=True, key="exp_book_table")
    st.caption(TEXT["book_note"])
    st.subheader(TEXT["draws_title"])
    n = int(
        st.number_input(
            TEXT["draws"], min_value=1, max_value=MAX_SELECTION_DRAWS, value=1000, step=1000, key="exp_draws",
            help=TEXT["draws_help"], bind="query-params",
        )
    )
    draws_slot = st.container()
    st.caption(TEXT["simulation"])
    try:
        table: ScoreTable | None = score_table(edited["item"], edited["score"])
    except ValueError as exc:
        with right:
            show_error(exc)
        table = None
    vote_release(ctx, table, n, chart_slot, table_slot, draws_slot)


@st.fragment
def vote_release(
    ctx: PageContext, table: ScoreTable | None, n: int,
    chart_slot: DeltaGenerator, table_slot: DeltaGenerator, draws_slot: DeltaGenerator,
) -> None:
    """Epsilon and Δq, the probabilities (chart, summary, table) and the simulated selections.

    A fragment of its own so that an epsilon change redraws only these. Every number and chart
    is computed before anything is drawn: elements that trickle in cost the browser extra redraws.
    The controls are drawn even without a usable table, so their values survive a bad edit."""
    with chart_slot:
        eps = epsilon_slider("exp_eps", default=0.1, label=TEXT["vote_epsilon"], options=VOTE_EPSILONS)
        sens = st.number_input(
            TEXT["sensitivity"], min_value=0.0, value=1.0, step=0.5, key="exp_sens",
            help=TEXT["sensitivity_help"], bind="query-params",
        )
    if table is None:
        return
    try:
        probs = exponential_probabilities(table.shifted, eps, sens)
        at_book = {e: exponential_probabilities(table.shifted, e, sens) for e in BOOK_EPSILONS}
    except ValueError as exc:
        with chart_slot:
            show_error(exc)
        return
    names, scores = table.names, table.values
    best = int(np.argmax(probs))
    vote_chart = charts.probability_bars(
        names, probs, scores, TEXT["vote_chart_title"], TEXT["option_axis"], TEXT["probability_axis"],
        TEXT["score_title"],
    )
    if eps == 0:
        summary = TEXT["vote_uniform"].format(prob=probs[0])
    else:
        summary = TEXT["vote_summary"].format(
            eps=eps, best=md_escape(names[best]), score=scores[best], prob=probs[best], low=probs.min()
        )
    probability_columns = {
        TEXT["table_probability_now"].format(eps=eps): probs,
        **{TEXT["table_probability_at"].format(eps=e): p for e, p in at_book.items()},
    }
    draws = sample_exponential(table.shifted, eps, ctx.rng("exp-vote-draws"), size=n, sensitivity=sens)
    marks, freq = running_frequencies(draws, len(names))
    draws_chart = charts.convergence(
        marks, freq, names, probs, TEXT["convergence_title"], TEXT["draws_axis"], TEXT["share_axis"]
    )
    counts = np.bincount(draws, minlength=len(names))
    draws_summary = TEXT["draws_summary"].format(
        n=n, best=md_escape(names[best]), count=int(counts[best]), share=counts[best] / n, prob=probs[best],
        gap=float(np.max(np.abs(counts / n - probs))),
    )

    with chart_slot:
        show_figure(vote_chart, key="exp_fig_vote")
        st.markdown(summary)
    table_slot.dataframe(
        pd.DataFrame({TEXT["col_option"]: names, TEXT["col_score"]: scores, **probability_columns}),
        hide_index=True,
        key="exp_vote_table",
        column_config={
            TEXT["col_score"]: st.column_config.NumberColumn(format="%g"),
            **{c: st.column_config.NumberColumn(format="%.3g") for c in probability_columns},
        },
    )
    with draws_slot:
        show_figure(draws_chart, key="exp_fig_draws")
        st.markdown(draws_summary)


@st.fragment
def pricing_section() -> None:
    """The buyers and the candidate prices; then the release.

    A fragment: a control of this tab reruns this tab only. The epsilon slider and what it
    changes are drawn by the nested `pricing_release`."""
    st.markdown(TEXT["price_story"])
    left, right = st.columns([2, 3], gap="large")
    with left:
        edited = _editor(BUYERS_DEFAULT, "exp_buyers", (TEXT["col_buyer"], TEXT["col_max_price"]))
    with right:
        c1, c2, c3 = st.columns(3)
        low = c1.number_input(TEXT["price_low"], min_value=0.0, value=0.25, step=0.25, key="exp_pmin", bind="query-params")
        high = c2.number_input(TEXT["price_high"], min_value=0.0, value=4.0, step=0.25, key="exp_pmax", bind="query-params")
        step = c3.number_input(TEXT["price_step"], min_value=0.0, value=0.25, step=0.05, key="exp_pstep", bind="query-params")
    slider_slot, release_slot = right.container(), st.container()
    st.info(TEXT["price_ruinous"])
    try:
        buyers = buyer_table(edited["buyer"], edited["max_price"]).values
        prices = price_grid(low, high, step)
    except ValueError as exc:
        with right:
            show_error(exc)
        buyers = prices = None
    pricing_release(prices, buyers, slider_slot, release_slot)


@st.fragment
def pricing_release(
    prices: np.ndarray | None, buyers: np.ndarray | None, slider_slot: DeltaGenerator, release_slot: DeltaGenerator
) -> None:
    """Epsilon for the price, the three ways of pricing compared, and both pricing charts.

    A fragment of its own so that an epsilon change redraws only these; numbers and charts are
    computed first, then drawn in one burst."""
    eps = epsilon_slider("exp_price_eps", default=1.0, label=TEXT["price_epsilon"], container=slider_slot)
    if prices is None or buyers is None:
        return
    try:
        result = compare_pricing(prices, buyers, eps)
    except ValueError as exc:
        with slider_slot:
            show_error(exc)
        return
    reading = "\n\n".join([
        TEXT["price_sensitivity"].format(delta=result.score_sensitivity),
        TEXT["price_summary"].format(
            eps=eps, price=result.best_price, best=result.best_revenue, expo=result.exponential_expected,
            noisy=result.noisy_expected,
        ),
    ])
    candidates_chart = charts.pricing_candidates(
        prices, result.revenues, result.probabilities, buyers, TEXT["candidates_title"],
        TEXT["price_axis"], TEXT["revenue_axis"], TEXT["probability_axis"],
    )
    epsilons = np.asarray(EPSILON_GRID)
    best, expo, noisy = session_memo(
        "exp_price_curves", (tuple(prices), tuple(buyers)), lambda: pricing_curves(prices, buyers, epsilons)
    )
    curves_chart = charts.pricing_curves(
        epsilons,
        {TEXT["curve_best"]: best, TEXT["curve_exponential"]: expo, TEXT["curve_noisy"]: noisy},
        eps, TEXT["revenue_curves_title"], TEXT["epsilon_axis"], TEXT["expected_revenue_axis"],
    )
    noise = TEXT["price_noise_sensitivity"].format(
        scale=result.noisy_price_scale, best=result.best_price, width=result.noisy_price_sensitivity
    )

    with release_slot:
        m1, m2, m3 = st.columns(3)
        m1.metric(TEXT["metric_best"], TEXT["metric_best_value"].format(revenue=result.best_revenue, price=result.best_price))
        m2.metric(TEXT["metric_exponential"], f"{result.exponential_expected:.3f}")
        m3.metric(TEXT["metric_noisy"], f"{result.noisy_expected:.3f}")
        st.markdown(reading)
        show_figure(candidates_chart, key="exp_fig_prices")
        show_figure(curves_chart, key="exp_fig_revenue")
        st.markdown(noise)


@st.fragment
def mode_section(ctx: PageContext) -> None:
    """The column and weights; then the private choice.

    A fragment: a control of this tab reruns this tab only. The epsilon slider and what it
    changes are drawn by the nested `mode_release`."""
    st.markdown(TEXT["mode_intro"])
    frame = ctx.dataset.table.frame
    columns = list(frame.columns)
    if not columns:
        st.info(TEXT["no_columns"])
        return
    column, weight, slider_slot = column_and_weight_row(
        ctx.dataset, columns, "exp_mode_col", "exp_mode_w", TEXT["mode_column"]
    )
    mode_release(ctx, column, weight, slider_slot, st.container())


@st.fragment
def mode_release(
    ctx: PageContext, column: str, weight: str | None, slider_slot: DeltaGenerator, release_slot: DeltaGenerator
) -> None:
    """Epsilon for the choice, the private choice next to the true mode, and the probability chart.

    A fragment of its own so that an epsilon change redraws only these, computed first and drawn
    in one burst (the notes on the candidates go into a single caption)."""
    eps = epsilon_slider("exp_mode_eps", default=1.0, label=TEXT["mode_epsilon"], container=slider_slot)
    frame = ctx.dataset.table.frame
    try:
        choice = private_mode(
            frame[column], eps, ctx.rng("exp-mode"), name=str(column),
            weights=None if weight is None else frame[weight], candidates=public_categories(ctx.dataset.key, column),
        )
    except ValueError as exc:
        with release_slot:
            show_error(exc)
        return
    modes = choice.mode_indices
    result = TEXT["mode_result"].format(
        chosen=md_escape(choice.candidates[choice.chosen]), chosen_count=int(choice.counts[choice.chosen]),
        mode=md_escape(choice.candidates[modes[0]]), mode_count=int(choice.counts[modes[0]]),
        eps=eps, prob=choice.mode_probability,
    )
    if modes.size > 1:
        result += " " + TEXT["mode_result_tied"]
    chart = charts.mode_bars(
        choice.candidates, choice.counts, choice.probabilities, choice.chosen,
        TEXT["mode_chart_title"], TEXT["mode_value_axis"], TEXT["probability_axis"],
        TEXT["count_title"], TEXT["mode_chosen_label"],
    )
    notes = []
    if len(choice.candidates) > MAX_BARS:
        notes.append(TEXT["mode_bars_truncated"].format(shown=MAX_BARS, total=len(choice.candidates)))
    notes.append(TEXT["mode_public"] if choice.public_candidates else TEXT["mode_private_candidates"])
    if choice.truncated:
        notes.append(TEXT["mode_truncated"].format(distinct=choice.distinct, kept=len(choice.candidates)))
    if choice.missing or choice.outside:
        notes.append(TEXT["mode_left_out"].format(missing=choice.missing, outside=choice.outside))
    notes.append(TEXT["simulation"])

    with release_slot:
        st.markdown(result)
        show_figure(chart, key="exp_fig_mode")
        st.caption("\n\n".join(notes))  # one element: each element drawn costs the browser time


ctx = start_page(TEXT["title"], icon="🗳️")
st.markdown(TEXT["intro"])
tab_vote, tab_price, tab_mode = st.tabs([TEXT["tab_vote"], TEXT["tab_price"], TEXT["tab_mode"]])
with tab_vote:
    vote_section(ctx)
with tab_price:
    pricing_section()
with tab_mode:
    mode_section(ctx)
