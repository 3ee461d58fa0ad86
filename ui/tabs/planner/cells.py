"""The error-per-cell tab: at the plan's budget, which bars of each histogram the noise leaves
useful and which it drowns, with the plan's counts beside them, and for categories read from the
data each one's chance of being published (ui/views/planner/cells.py)."""

from __future__ import annotations

import streamlit as st

from ui import fmt
from ui.page import PageContext, computed, show_figure, show_rows
from ui.safe import md_escape
from ui.state import url_choice
from ui.tabs.planner.common import at_total
from ui.text.planner import TEXT
from ui.views.planner import cells, plan


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    view = at_total(settings)
    if view is None:
        return
    st.markdown(TEXT["cells_intro"])
    threshold = url_choice(st.radio, TEXT["cells_threshold"], list(cells.THRESHOLDS), "plan_cells_at", 0.5,
                           format_func=fmt.percent, help=TEXT["cells_threshold_help"], horizontal=True)
    shown = computed(cells.compute, cells.Settings(settings.frame, settings.ident, view.rows, threshold,
                                                   settings.protection))
    if shown is None:
        return
    if shown.chart is not None:
        show_figure(shown.chart, key="plan_fig_cells")
    st.markdown(shown.summary)
    for heading, rows in shown.tables:
        st.markdown(f"**{md_escape(heading)}**")
        show_rows(rows)
    for i, (chart, reading) in enumerate(shown.kept):  # categories read from the data: who is published
        show_figure(chart, key=f"plan_fig_keys_{i}")
        st.markdown(reading)
