"""Trade-off: test accuracy against ε from the trained grid, the model without privacy and the majority
baseline as reference lines; under it, the accuracy at one ε as the clipping norm or the batch size
varies (a second, smaller grid trained in the background when asked for)."""

from __future__ import annotations

import streamlit as st

from ui.memo import shared_memo
from ui.page import PageContext, show_figure
from ui.state import url_choice
from ui.tabs.learning import common
from ui.text.learning import TEXT
from ui.views.learning import tradeoff
from ui.views.learning.experiment import SWEEP_EPSILON, Sweep

SWEEPS: list[Sweep] = ["clipping", "batch"]


@st.fragment
def tab(ctx: PageContext) -> None:
    grid = common.trained(ctx)
    if grid is None:
        return
    settings = tradeoff.Settings(grid.setup, grid.results)
    view = shared_memo("ml_tradeoff", grid.setup, lambda: tradeoff.compute(settings))
    with grid.right:
        show_figure(view.chart, "ml_fig_tradeoff")
        st.markdown(view.summary)
        knob: Sweep = url_choice(st.segmented_control, TEXT["sweep_knob"].format(eps=f"{SWEEP_EPSILON:g}"),
                          SWEEPS, "ml_sweep", "clipping", required=True,
                          format_func=lambda k: TEXT[f"knob_{k}"])
        swept = common.sweep_results(grid.setup, knob, st.container())
    if swept is None:
        return
    sweep_settings = tradeoff.SweepSettings(grid.setup, knob, swept)
    shown = shared_memo("ml_sweep", (grid.setup, knob), lambda: tradeoff.sweep_view(sweep_settings))
    with grid.right:
        show_figure(shown.chart, "ml_fig_sweep")
        st.markdown(shown.summary)
