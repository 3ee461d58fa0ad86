"""Pumpkin pricing: the story, the buyers and the candidate prices on the left; ε and the candidates
chart on the right; the three ways of pricing compared below.

The tab is a fragment (its controls rerun it alone); ε, and all it moves, is a nested fragment that
fills slots next to and below the tab's table."""

from __future__ import annotations

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.page import PageContext, computed, show_figure, show_metrics
from ui.tabs.exponential.common import table_editor
from ui.text.exponential import TEXT
from ui.views.exponential import pricing
from ui.widgets import epsilon_slider

BUYERS_DEFAULT = pd.DataFrame({"buyer": ["Alice", "Bob", "Charlie"], "max_price": [1.0, 1.0, 3.0]})


@st.fragment
def tab(ctx: PageContext) -> None:
    left, right = st.columns([2, 3], gap="large")
    with left:
        st.markdown(TEXT["price_story"])
        buyers, max_prices = table_editor(BUYERS_DEFAULT, "exp_buyers", (TEXT["col_buyer"], TEXT["col_max_price"]))
        low, high, step = _price_grid()
    _release(pricing.Market(buyers, max_prices, low, high, step), right.container(), st.container())
    st.info(TEXT["price_ruinous"])


def _price_grid() -> tuple[float, float, float]:
    """The lowest and highest candidate prices and the step between them, in one row."""
    c1, c2, c3 = st.columns(3)
    low = c1.number_input(TEXT["price_low"], min_value=0.0, value=0.25, step=0.25, key="exp_pmin", bind="query-params")
    high = c2.number_input(TEXT["price_high"], min_value=0.0, value=4.0, step=0.25, key="exp_pmax", bind="query-params")
    step = c3.number_input(TEXT["price_step"], min_value=0.0, value=0.25, step=0.05, key="exp_pstep",
                           bind="query-params")
    return float(low), float(high), float(step)


@st.fragment
def _release(market: pricing.Market, right: DeltaGenerator, below: DeltaGenerator) -> None:
    """ε for the price and the three ways of pricing compared: an ε change reruns only these."""
    eps = epsilon_slider("exp_price_eps", default=1.0, label=TEXT["price_epsilon"], container=right)
    view = computed(pricing.compute, pricing.Settings(market, eps), right)
    if view is None:
        return
    with right:
        show_figure(view.candidates_chart, key="exp_fig_prices")
    with below:
        show_metrics(view.metrics)
        st.markdown(view.reading)
        show_figure(view.curves_chart, key="exp_fig_revenue")
        st.markdown(view.noise)
