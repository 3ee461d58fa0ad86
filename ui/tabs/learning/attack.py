"""Attack: membership inference on every model of the trained grid, the share of its training rows
each attack finds at the chosen false-positive rate against ε, beside the most DP-SGD's accounting
allows and the model without privacy; every number in a table under it."""

from __future__ import annotations

import streamlit as st

from ui import fmt
from ui.memo import shared_memo
from ui.page import PageContext, show_figure
from ui.state import url_choice
from ui.tabs.learning import common
from ui.text.learning import TEXT
from ui.views.learning import attack
from ui.views.learning.experiment import FPRS


@st.fragment
def tab(ctx: PageContext) -> None:
    grid = common.trained(ctx)
    if grid is None:
        return
    with grid.right:
        fpr = url_choice(st.segmented_control, TEXT["fpr"], list(FPRS), "ml_fpr", FPRS[-1], required=True,
                         format_func=fmt.share)
        settings = attack.Settings(grid.setup, fpr, grid.results)
        view = shared_memo("ml_attack", (grid.setup, fpr), lambda: attack.compute(settings))
        show_figure(view.chart, "ml_fig_attack")
        st.markdown(view.summary)
        with st.expander(TEXT["table_title"], icon=":material/table:"):
            st.markdown(view.table)
