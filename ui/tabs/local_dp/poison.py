"""Poisoning: fake users promote one item, and how far each oracle's estimate of it moves. ε is an
ordinary slider here (the simulation needs the server at each step), the same value as the other
tabs' chart slider. Its controls rerun the tab alone (a fragment); the simulation is kept for every
session at the same settings (the users by the dataset's ident)."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figure
from ui.state import bound_select_slider, url_choice
from ui.tabs.local_dp.common import EPSILON, users_row
from ui.text.local_dp import TEXT
from ui.views.local_dp import poisoning
from ui.views.local_dp.poisoning import FAKE_SHARES
from ui.views.local_dp.population import population


@st.fragment
def tab(ctx: PageContext) -> None:
    chosen = users_row(ctx)
    if chosen is None:
        return
    data, third, fourth = chosen
    eps = EPSILON.widget(TEXT["epsilon"], third)
    people = computed(population, data)
    if people is None:
        return
    target, fakes = target_and_fakes(fourth, people.categories)
    settings = poisoning.Settings(data, eps, target, fakes, ctx.seed)
    view = computed(lambda s: shared_memo("ldp_poison", s, lambda: poisoning.compute(s)), settings)
    if view is not None:
        st.caption(view.population)
        show_figure(view.chart, key="ldp_fig_poison")
        st.markdown(view.summary)


def target_and_fakes(where: DeltaGenerator, categories: tuple[str, ...]) -> tuple[str, float]:
    """The item fake users promote (the column's last category by default) and how many they are."""
    target = url_choice(where.selectbox, TEXT["target"], categories, "ldp_target", categories[-1])
    fakes = bound_select_slider(where, TEXT["fake_share"], FAKE_SHARES, value=0.01, key="ldp_fakes",
                                format_func=lambda f: f"{100 * f:g} %")
    return target, float(fakes)
