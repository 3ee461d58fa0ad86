"""The pupils tab: the course's one-column method on the six pupils' ages, step by step (counts,
noise, clamping and the six synthetic ages), beside the ε that moves them. ε is the chart's own
slider: a step is drawn by the browser, sentences included (ui/chart_slider.py); the server learns
it a moment later. The steps depend on the seed only: kept for every session."""

from __future__ import annotations

import streamlit as st

from ui.chart_slider import ChartSlider
from ui.page import PageContext
from ui.text.synthetic import TEXT
from ui.views.synthetic import pupils

EPSILON = ChartSlider("syn_pupils_eps")


@st.fragment
def tab(ctx: PageContext) -> None:
    left, right = st.columns(2, gap="large")
    left.markdown(TEXT["pupils_intro"])
    steps = EPSILON.steps(pupils.Settings(None, ctx.seed), pupils.compute, where=left)
    if steps is None:
        return
    with left:
        EPSILON.chart(steps, "chart", TEXT["epsilon"])
    with right:
        EPSILON.reading(steps, "reading")
    EPSILON.follow()
