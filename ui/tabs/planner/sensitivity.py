"""The sensitivity tab: how far one person moves a count, a clamped sum and mean, and a median, on
the data in use (after contribution bounding) at the tab's own epsilon; a numeric column and its
public bounds (documented or typical, else typed) chosen here. It reads neither the plan nor its budget."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dpcore.counting import is_numeric_column
from dpcore.errors import DPError
from ui.datasets import Dataset
from ui.errors import message
from ui.page import PageContext, computed, show_figure
from ui.safe import md_escape
from ui.tabs.planner.common import public_bounds
from ui.text.planner import TEXT
from ui.text.planner_sensitivity import TEXT as SENS
from ui.views.planner import plan, sensitivity
from ui.widgets import epsilon_slider


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    frame = settings.frame
    column, lower, upper = _inputs(ctx.dataset, frame)
    if column is None:
        return
    epsilon = epsilon_slider("plan_sens_eps", default=1.0)
    shown = computed(sensitivity.compute,
                     sensitivity.Settings(frame, settings.protection, column, lower, upper, epsilon))
    if shown is None:
        return
    st.markdown(shown.counts_text)
    st.table(shown.table, border="horizontal", hide_index=True)
    st.markdown(shown.clamp_text)
    show_figure(shown.chart, key="plan_fig_sensitivity")
    st.markdown(shown.median_text)


def _inputs(dataset: Dataset, frame: pd.DataFrame) -> tuple[str | None, float | None, float | None]:
    """The sensitivity tab's numeric column and its public bounds (documented or typical, else typed)."""
    numeric = [str(c) for c in frame.columns if is_numeric_column(frame, str(c))]
    if not numeric:
        st.info(SENS["no_numeric"])
        return None, None, None
    column = st.selectbox(SENS["column"], numeric, key="plan_sens_col")
    bounds, source = public_bounds(dataset, column)
    st.caption(TEXT["bounds_source"].format(source=source))
    lo, hi = st.columns(2)
    lower = lo.number_input(SENS["lower"], value=None if bounds is None else bounds[0], key=f"plan_sens_lo_{column}")
    upper = hi.number_input(SENS["upper"], value=None if bounds is None else bounds[1], key=f"plan_sens_hi_{column}")
    if lower is None or upper is None:  # a request to type them, not an error
        st.info(message(DPError("bounds_missing.public", column=md_escape(column))))
        return None, None, None
    return column, lower, upper

