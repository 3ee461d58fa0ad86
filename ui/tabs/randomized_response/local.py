"""Local versus central: who sees the true answers, in a diagram, and a link to the central model.
No controls: it reruns with the page."""

from __future__ import annotations

import streamlit as st

from ui.page import PageContext, show_figure
from ui.text.randomized_response import TEXT
from ui.views.randomized_response import local


def tab(ctx: PageContext) -> None:
    view = local.compute()
    show_figure(view.chart, key="rr_fig_models")
    st.markdown(view.sentence)
    st.page_link("pages/2_Histogram_and_neighbour.py", label=TEXT["to_histogram"])
    st.caption(view.more)
