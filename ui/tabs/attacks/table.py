"""The course's Table 6-3: the book's, the exact and a simulated value side by side, for the book's
three epsilons and any added. The tab is a fragment: its controls rerun only it."""

from __future__ import annotations

import streamlit as st

from dpcore.attacks import BOOK_TABLE_6_3
from dpcore.limits import EPSILON_GRID, MAX_ATTACKERS
from ui import fmt
from ui.page import PageContext
from ui.text.attacks import TEXT
from ui.views.attacks import table


@st.fragment
def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["table_intro"])
    view = table.compute(rows(ctx.seed))
    st.markdown("\n\n".join((TEXT["table_quantiles_title"], fmt.frame_table(view.quantiles),
                               TEXT["table_recovery_title"], fmt.frame_table(view.recovery), view.reading)))
    st.caption(TEXT["simulation_note"])


def rows(seed: int) -> table.Settings:
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
