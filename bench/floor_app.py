"""The floor of a DP Explorer page, for bench_browser: what every page has (`start_page`: the shared
sidebar and the title) and the least a slider step can show (an epsilon slider, one chart and one
sentence, in a fragment). A page cannot step or open faster than this one; bench_browser measures
it beside the minimal one-slider page so that each page's figure can be read against both.

bench_browser runs it as the main script of a folder that links the app's pages, so the sidebar's
menu resolves as in the app.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from ui.charts.histogram import BarsLabels, paired_histograms
from ui.page import PageContext, show_figure, start_page
from ui.widgets import epsilon_slider

TRUE = np.array([405, 436, 421, 457, 463])  # the course's patients by age bucket
BINS = ("0-20", "20-40", "40-60", "60-80", "80+")
LABELS = BarsLabels("Noisy counts of D and D′", "Age", "Number of people")
CHANGED = [1]  # D′ has one person fewer in the second bin
NEIGHBOUR_SHIFT = np.array([0, 1, 0, 0, 0])


def sentence(epsilon: float) -> str:
    """The floor's one sentence at `epsilon`."""
    return f"With ε = {epsilon:g}, each count moves by about ±{1.0 / epsilon:.1f} (Laplace noise)."


@st.fragment
def release(ctx: PageContext) -> None:
    """One slider, one chart, one sentence: the step every page pays at least."""
    epsilon = epsilon_slider("floor_eps")
    rng = ctx.rng("floor")
    noisy = TRUE + rng.laplace(0.0, 1.0 / epsilon, (2, len(TRUE)))
    show_figure(paired_histograms(BINS, noisy[0], noisy[1] - NEIGHBOUR_SHIFT, CHANGED, LABELS), key="floor_fig")
    st.markdown(sentence(epsilon))


if __name__ == "__main__":  # Streamlit runs it as the main script; floor_client_app imports its numbers
    release(start_page("Floor of a page"))
