"""RAPPOR on the column: decoding the candidates' shares, and one user's reports over many days. Its
controls rerun the tab alone (a fragment); the simulation is kept for every session at the same
settings (the users by the dataset's ident)."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figure
from ui.state import bound_select_slider
from ui.tabs.local_dp.common import users_row
from ui.text.local_dp import TEXT
from ui.views.local_dp import rappor
from ui.views.local_dp.rappor import BLOOM_SIZES, DAY_CHOICES


@st.fragment
def tab(ctx: PageContext) -> None:
    chosen = users_row(ctx)
    if chosen is None:
        return
    data, third, fourth = chosen
    settings = rappor.Settings(data, *rappor_settings(third, fourth), ctx.seed)
    view = computed(lambda s: shared_memo("ldp_rappor", s, lambda: rappor.compute(s)), settings)
    if view is not None:
        st.caption(view.population)
        show_figure(view.decoded, key="ldp_fig_rappor")
        st.markdown(view.summary)
        show_figure(view.days, key="ldp_fig_rappor_days")
        st.markdown(view.days_summary)


def rappor_settings(third: DeltaGenerator, fourth: DeltaGenerator) -> tuple[int, int, float, int]:
    """Bloom filter size and hash functions, permanent randomization f and days, beside the users."""
    k = bound_select_slider(third, TEXT["bloom_k"], BLOOM_SIZES, value=32, key="ldp_k")
    h = third.slider(TEXT["hashes"], 1, 4, value=2, key="ldp_h", bind="query-params")
    f = fourth.slider(TEXT["permanent_f"], 0.05, 0.95, value=0.5, step=0.05, key="ldp_f", bind="query-params")
    days = bound_select_slider(fourth, TEXT["days"], DAY_CHOICES, value=90, key="ldp_days")
    return int(k), int(h), float(f), int(days)
