"""One mechanism audited in one run with canaries: the mechanism and the run's reading on the left, the
bound against a perfect attacker's on the right, the number of canaries as the chart's own slider
(ui/chart_slider.py). A run depends on the mechanism, the seed and the language of its words only:
the chart slider keeps it for every session."""

from __future__ import annotations

import streamlit as st

from ui.chart_slider import ChartSlider
from ui.page import PageContext
from ui.tabs.audit.common import pick_mechanism
from ui.text.audit import TEXT
from ui.views.audit import one_run

CANARIES = ChartSlider("audit_canaries", default=one_run.DEFAULT_CANARIES, options=one_run.CANARY_CHOICES,
                       format=",.0f", field="canaries")


@st.fragment
def tab(ctx: PageContext) -> None:
    left, right = st.columns([1, 2], gap="large")
    name = pick_mechanism(left)
    with right, st.spinner():
        steps = CANARIES.steps(one_run.Settings(name, None, ctx.seed), one_run.compute, one_run.sweep, where=right)
    if steps is None:
        return
    with right:
        CANARIES.chart(steps, "chart", TEXT["canaries"])
    with left:
        CANARIES.reading(steps, "reading")
    st.caption(TEXT["one_run_method"])
    CANARIES.follow()
