"""The reconstruction attack: subset counts give a secret column away; noise for a total budget does
not. The tab is a fragment: its sliders rerun only it, and one attack is kept for every session at
the same settings."""

from __future__ import annotations

import streamlit as st

from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figures
from ui.state import bound_select_slider
from ui.text.attacks import TEXT
from ui.views.attacks import reconstruction
from ui.widgets import epsilon_slider


@st.fragment
def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["rec_intro"])
    view = computed(lambda s: shared_memo("att_rec", s, lambda: reconstruction.compute(s)), settings(ctx.seed))
    if view is not None:
        show_figures((view.curves, "att_fig_rec"), (view.people, "att_fig_rec_people"), widths=[3, 2])
        st.markdown(view.summary)


def settings(seed: int) -> reconstruction.Settings:
    """How many subset counts the attacker asks, the noise on each, and the total ε of the DP line."""
    c1, c2, c3 = st.columns(3)
    queries = bound_select_slider(c1, TEXT["rec_queries"], reconstruction.QUERY_CHOICES, value=120, key="att_rec_m")
    noise = bound_select_slider(c2, TEXT["rec_noise"], reconstruction.NOISE_CHOICES, value=1.0, key="att_rec_b",
                                format_func=lambda b: f"{b:g}")
    eps = epsilon_slider("att_rec_eps", default=1.0, label=TEXT["rec_epsilon"], container=c3)
    return reconstruction.Settings(int(queries), float(noise), eps, seed)
