"""Control groups of the Exponential mechanism page: the editable tables, Δq, the number of
simulated selections and the candidate price grid."""

from __future__ import annotations

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.limits import MAX_SELECTION_DRAWS
from dpcore.pricing import TABLE_6_4_OPTIONS
from ui import fmt
from ui.text.exponential import TEXT

VOTE_DEFAULT = pd.DataFrame(
    {"item": [o for o, _ in TABLE_6_4_OPTIONS], "score": [float(s) for _, s in TABLE_6_4_OPTIONS]}
)
BUYERS_DEFAULT = pd.DataFrame({"buyer": ["Alice", "Bob", "Charlie"], "max_price": [1.0, 1.0, 3.0]})
BOOK_EPSILON = 0.1  # the vote opens on a column of the course's Table 6-4


def _editor(default: pd.DataFrame, key: str, labels: tuple[str, str]) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """A two-column table shown as text, and a button that opens it for editing (add, change and
    delete rows; not in the URL): its names and its numbers, as typed. The editing grid lives in a
    popover, drawn only while open, so the page opens without the grid's cost (LEARNED.md)."""
    name_col, number_col = default.columns
    shown = st.container()
    with st.popover(TEXT["editor_open"], icon=":material/edit:"):
        edited = st.data_editor(
            default, key=key, num_rows="dynamic", hide_index=True, width="stretch",
            column_config={
                name_col: st.column_config.TextColumn(labels[0]),
                number_col: st.column_config.NumberColumn(labels[1], format="%g"),
            },
        )
        st.caption(TEXT["editor_not_in_url"])
    shown.markdown(fmt.frame_table(edited.set_axis(labels, axis=1)))
    return tuple(edited[name_col]), tuple(edited[number_col])


def score_editor() -> tuple[tuple[object, ...], tuple[object, ...]]:
    """The options and their scores (votes), the course's Table 6-4 at first."""
    return _editor(VOTE_DEFAULT, "exp_scores", (TEXT["col_option"], TEXT["col_score"]))


def buyers_editor() -> tuple[tuple[object, ...], tuple[object, ...]]:
    """The buyers and the most each will pay, the course's story at first."""
    return _editor(BUYERS_DEFAULT, "exp_buyers", (TEXT["col_buyer"], TEXT["col_max_price"]))


def sensitivity_input(where: DeltaGenerator) -> float:
    """Δq, the sensitivity of the score (ε is the vote chart's own slider, opening on the book's 0.1)."""
    return float(where.number_input(
        TEXT["sensitivity"], min_value=0.0, value=1.0, step=0.5, key="exp_sens",
        help=TEXT["sensitivity_help"], bind="query-params",
    ))


def draws_input() -> int:
    """How many selections to simulate."""
    return int(st.number_input(
        TEXT["draws"], min_value=1, max_value=MAX_SELECTION_DRAWS, value=1000, step=1000, key="exp_draws",
        help=TEXT["draws_help"], bind="query-params",
    ))


def price_grid() -> tuple[float, float, float]:
    """The lowest and highest candidate prices and the step between them, in one row."""
    c1, c2, c3 = st.columns(3)
    low = c1.number_input(TEXT["price_low"], min_value=0.0, value=0.25, step=0.25, key="exp_pmin", bind="query-params")
    high = c2.number_input(TEXT["price_high"], min_value=0.0, value=4.0, step=0.25, key="exp_pmax", bind="query-params")
    step = c3.number_input(TEXT["price_step"], min_value=0.0, value=0.25, step=0.05, key="exp_pstep", bind="query-params")
    return float(low), float(high), float(step)
