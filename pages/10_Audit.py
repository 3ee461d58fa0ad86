"""Audit: every mechanism of the app, and three broken on purpose, tested from their outputs alone.

One fragment: the mechanism reruns only the audit beside it; the number of draws is the chart's own
slider (its frames hold the audit at every number, ui/chart_slider.py), drawn by the browser. An audit
depends on the mechanism, the seed and the language of its words only, never on the session's data:
each is computed once per server and shared (`controls.audit_steps`; the default one at the
server's start), so going back to one costs nothing and a class opening the page at once does not
compute the same audit thirty times (~0.3 s each)."""

from __future__ import annotations

import streamlit as st

from ui.chart_slider import ChartSlider
from ui.controls import audit as controls
from ui.page import PageContext, computed, start_page
from ui.text.audit import TEXT
from ui.views.audit import mechanism

DRAWS = ChartSlider("audit_draws", default=100_000, options=mechanism.DRAW_CHOICES, format=",.0f")


@st.fragment
def audit_part(ctx: PageContext) -> None:
    """The mechanism and the verdict on the left, the bound against the promise on the right."""
    left, right = st.columns([1, 2], gap="large")
    name = controls.mechanism_choice(left)
    with right, st.spinner():
        steps = computed(lambda chosen: controls.audit_steps(chosen, ctx.seed), name)
    if steps is not None:
        with right:
            DRAWS.chart(steps.frames, TEXT["draws"])
        with left:
            DRAWS.reading(steps.readings)
        DRAWS.follow()


ctx = start_page(TEXT["title"], icon="🔍", page=__file__)
st.markdown(TEXT["intro"])
audit_part(ctx)
st.caption(TEXT["method"])
