"""Central against local: the Laplace histogram against the best local oracle, error against n, and
the users each needs for ±a. ε is the chart's own slider (ui/chart_slider.py); d, n and a rerun the
tab alone (a fragment). The views need no data: they are kept for every session at the same
settings."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.page import PageContext
from ui.state import bound_select_slider
from ui.tabs.local_dp.common import EPSILON, domain_and_users
from ui.text.local_dp import TEXT
from ui.views.local_dp import central
from ui.views.local_dp.central import ACCURACY_CHOICES


@st.fragment
def tab(ctx: PageContext) -> None:
    c2, c3 = st.columns([2, 1])
    d, n = domain_and_users(c2)
    steps = EPSILON.steps(central.Settings(None, d, n, accuracy(c3)), central.compute)
    if steps is not None:
        EPSILON.chart(steps, "chart", TEXT["epsilon"])
        EPSILON.reading(steps, lambda view: (("table", view.table), ("p", view.summary)))
        EPSILON.follow()


def accuracy(where: DeltaGenerator) -> float:
    """The accuracy ±a both models are asked for."""
    return float(bound_select_slider(where, TEXT["accuracy"], ACCURACY_CHOICES, value=0.01, key="ldp_acc",
                                     format_func=lambda a: f"{100 * a:g} %"))
