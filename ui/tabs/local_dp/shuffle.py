"""Shuffling: central ε after shuffling against n, for several ε₀; the chosen ε₀ and n, and a class
of 30. Its controls rerun the tab alone (a fragment); the view is cheap and computed at each."""

from __future__ import annotations

import streamlit as st

from ui.page import PageContext, computed, show_figure
from ui.tabs.local_dp.common import users_n
from ui.text.local_dp import TEXT
from ui.views.local_dp import shuffle
from ui.widgets import delta_select, epsilon_slider


@st.fragment
def tab(ctx: PageContext) -> None:
    c1, c2, c3 = st.columns(3)
    eps0 = epsilon_slider("ldp_eps0", default=1.0, label=TEXT["epsilon0"], container=c1)
    n = users_n(c2)
    delta = delta_select("ldp_delta", default=1e-6, container=c3)
    view = computed(shuffle.compute, shuffle.Settings(eps0, n, delta))
    if view is not None:
        show_figure(view.chart, key="ldp_fig_shuffle")
        st.markdown(view.summary)
