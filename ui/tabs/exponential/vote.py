"""The sports vote (course Table 6-4): the story and the score table on the left; Δq, the chart and
ε on the right; the probabilities at ε, the book's table and the simulated selections below.

The tab is a fragment (its controls rerun it alone). ε is the chart's own slider: the charts and
sentences hold every ε and a step is drawn by the browser (ui/chart_slider.py)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dpcore.limits import MAX_SELECTION_DRAWS
from dpcore.pricing import TABLE_6_4_OPTIONS
from ui import fmt
from ui.chart_slider import ChartSlider
from ui.page import PageContext
from ui.tabs.exponential.common import table_editor
from ui.text.exponential import TEXT
from ui.views.exponential import vote

VOTE_DEFAULT = pd.DataFrame(
    {"item": [o for o, _ in TABLE_6_4_OPTIONS], "score": [float(s) for _, s in TABLE_6_4_OPTIONS]}
)
BOOK_EPSILON = 0.1  # the vote opens on a column of the course's Table 6-4
EPSILON = ChartSlider("exp_eps", default=BOOK_EPSILON)


@st.fragment
def tab(ctx: PageContext) -> None:
    left, right = st.columns([2, 3], gap="large")
    with left:
        st.markdown(TEXT["vote_intro"])
        names, scores = table_editor(VOTE_DEFAULT, "exp_scores", (TEXT["col_option"], TEXT["col_score"]))
    sensitivity = float(right.number_input(  # ε is the chart's own slider, opening on the book's 0.1
        TEXT["sensitivity"], min_value=0.0, value=1.0, step=0.5, key="exp_sens",
        help=TEXT["sensitivity_help"], bind="query-params",
    ))
    table_slot = st.container()  # the probabilities at ε, next to the book's, full width
    book = vote.book()
    st.subheader(TEXT["book_title"])
    st.markdown(fmt.frame_table(book.table))
    st.caption(book.note)
    st.subheader(TEXT["draws_title"])
    draws = int(st.number_input(
        TEXT["draws"], min_value=1, max_value=MAX_SELECTION_DRAWS, value=1000, step=1000, key="exp_draws",
        help=TEXT["draws_help"], bind="query-params",
    ))
    settings = vote.Settings(names, scores, EPSILON.value(), sensitivity, draws, ctx.seed)
    steps = EPSILON.steps(settings, vote.compute, where=right)
    if steps is None:
        return
    with right:
        EPSILON.chart(steps, "chart", TEXT["vote_epsilon"])
        EPSILON.reading(steps, "summary", name="summary")
        st.caption(TEXT["vote_epsilon_default"])
    with table_slot:
        EPSILON.reading(steps, lambda view: (("table", view.table),), name="table")
    EPSILON.chart(steps, "draws_chart", TEXT["vote_epsilon"], follower="draws")
    EPSILON.reading(steps, "draws_summary", name="draws")
    st.caption(TEXT["simulation"])
    EPSILON.follow()
