"""Two defences against the averaging attack, splitting the budget and caching the answers, on the
tab's own count: the course's zoo count (a fixed default; the Averaging tab's choice does not reach
this tab, so that a tab never depends on another).

The tab is a fragment: k reruns only it. ε is the naive chart's own slider, the other charts and
their sentences follow it: a step is drawn by the browser (ui/chart_slider.py), and the defences at
every ε are kept for every session at the same settings (~0.3 s)."""

from __future__ import annotations

import streamlit as st

from dpcore.limits import MAX_REPEATED_QUERIES
from ui.chart_slider import ChartSlider
from ui.datasets import bundled_dataset
from ui.page import PageContext
from ui.text.attacks import TEXT
from ui.views.attacks import count_query, defence

EPSILON = ChartSlider("att_def_eps")  # the naive server's ε per answer and the split one's total


@st.fragment
def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["def_intro"])
    k = repeats()
    zoo = count_query.compute(count_query.Settings("zoo", bundled_dataset("zoo").table.frame))
    steps = EPSILON.steps(defence.Settings(zoo.truth, EPSILON.value(), k, ctx.seed), defence.compute)
    if steps is None:
        return
    st.caption(steps.template.truth)
    EPSILON.chart_pair(steps, "naive", "split", TEXT["def_eps"], follower="split", gap="large")
    naive, split = st.columns(2, gap="large")
    with naive:
        EPSILON.reading(steps, "naive_text", "naive")
    with split:
        EPSILON.reading(steps, "split_text", "split")
    spread, reading = st.columns([2, 1], gap="large")
    with spread:
        EPSILON.chart(steps, "spread", TEXT["def_eps"], follower="spread")
    reading.markdown(steps.template.spread_text)
    st.markdown(steps.template.cache_intro)
    cached, reading = st.columns([2, 1], gap="large")
    with cached:
        EPSILON.chart(steps, "cached", TEXT["def_eps"], follower="cached")
    with reading:
        EPSILON.reading(steps, "cache_text", "cache")
        st.caption(steps.template.caveat)
    EPSILON.follow()


def repeats() -> int:
    """k, the number of repeated questions (the budget is the naive chart's own slider, EPSILON)."""
    return int(st.columns(2, gap="large")[0].number_input(
        TEXT["def_k"], min_value=1, max_value=MAX_REPEATED_QUERIES, value=1_000, step=1,
        key="att_def_k", help=TEXT["avg_k_help"], bind="query-params",
    ))
