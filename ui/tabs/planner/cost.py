"""The total cost tab: the plan at the total budget priced by every accountant (basic composition,
the tighter ones, parallel composition of histograms), as a table and a chart. Kept for every
session under the plan's noises (a rerun of this tab computes nothing new). Then, for data that is a
secret random sample of a population, the plan's tightest total towards that population."""

from __future__ import annotations

import streamlit as st

from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figure, show_metrics
from ui.tabs.planner.common import at_total
from ui.text.planner import TEXT
from ui.views.planner import cost, plan, sampling


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    view = at_total(settings)
    if view is None:
        return
    if not view.events:
        st.info(TEXT["empty_plan"])
        return
    shown = computed(lambda s: shared_memo("plan_cost", s, lambda: cost.compute(s)),
                     cost.Settings(view.events, settings.delta, view.histograms))
    if shown is None:
        return
    st.markdown(shown.text)
    st.table(shown.table, border="horizontal", hide_index=True)
    show_figure(shown.chart, key="plan_fig_cost")
    if shown.totals:
        sample_part(min(shown.totals.values()), settings.delta)


def sample_part(epsilon: float, delta: float) -> None:
    """The plan's tightest total towards a population the data is a secret sample of (if it is)."""
    st.subheader(TEXT["sample_title"])
    if not st.checkbox(TEXT["sample_check"], key="plan_sampled", bind="query-params"):
        return
    rate = st.number_input(TEXT["sample_rate"], min_value=0.0001, max_value=1.0, value=0.05, step=0.01,
                           format="%.4g", key="plan_rate", help=TEXT["sample_rate_help"], bind="query-params")
    shown = computed(sampling.compute, sampling.Settings(epsilon, delta, float(rate)))
    if shown is not None:
        show_metrics(shown.metrics)
        st.markdown(shown.text)
