"""Local DP: the survey's frequency oracles on a column, which one to choose, post-processing,
RAPPOR, central against local, shuffling, and poisoning.

Each tab is a fragment: its controls rerun it alone, and only the open tab runs. On the oracles tab
and the theory tabs (which oracle, central against local) ε is the chart's own slider
(ui/chart_slider.py); the other simulations read the same value from an ordinary slider. A
tab's simulation is kept for every session at the same settings (`controls.simulated`)."""

from __future__ import annotations

import streamlit as st

from ui.controls import local_dp as controls
from ui.controls.local_dp import EPSILON
from ui.page import PageContext, computed, show_figure, start_page
from ui.state import url_tabs
from ui.text.local_dp import TEXT
from ui.views.local_dp import central, choose, oracles, poisoning, postprocessing, rappor, shuffle
from ui.views.local_dp.population import population
from ui.widgets import delta_select, epsilon_slider


@st.fragment
def oracles_tab(ctx: PageContext) -> None:
    """Every oracle on the same users: estimates, bits, the variance Table 2 predicts and the one
    measured; ε is the chart's own slider (every run reports at every ε)."""
    chosen = controls.users_row(ctx)
    if chosen is None:
        return
    data, third, _ = chosen
    settings = oracles.Settings(data, EPSILON.value(), controls.repeats(third), ctx.seed)
    steps = controls.simulated_steps(ctx.dataset, controls.ORACLES_SLOT, oracles.compute_steps, settings)
    if steps is not None:
        st.caption(steps.population)
        EPSILON.chart(steps.steps.frames, TEXT["epsilon"])
        EPSILON.reading(steps.steps.readings)
        EPSILON.follow()
        st.caption(TEXT["oracles_glossary"])


@st.fragment
def choose_tab(ctx: PageContext) -> None:
    """Error against ε and against d for every oracle, the best one thick, the rule of thumb as a
    line; ε is the first chart's own slider, the second chart follows it."""
    d, n = controls.domain_and_users(st.container())
    steps = EPSILON.steps("ldp_choose_steps", (d, n), lambda: choose.compute_steps(
        choose.Settings(EPSILON.value(), d, n), EPSILON.options), shared=True)
    if steps is not None:
        EPSILON.chart_pair(steps.by_epsilon, steps.by_domain, TEXT["epsilon"], follower="domain")
        EPSILON.reading(steps.readings)
        EPSILON.follow()


@st.fragment
def post_tab(ctx: PageContext) -> None:
    """One oracle's raw estimates, projected onto the simplex, and every method's error; ε is the
    first chart's own slider, the second chart follows it."""
    chosen = controls.users_row(ctx)
    if chosen is None:
        return
    data, third, fourth = chosen
    settings = postprocessing.Settings(data, EPSILON.value(), controls.oracle(third), controls.repeats(fourth),
                                       ctx.seed)
    steps = controls.simulated_steps(ctx.dataset, "ldp_post_steps", postprocessing.compute_steps, settings)
    if steps is not None:
        st.caption(steps.population)
        EPSILON.chart_pair(steps.chart, steps.errors, TEXT["epsilon"], follower="errors")
        EPSILON.reading(steps.readings)
        EPSILON.follow()


@st.fragment
def rappor_tab(ctx: PageContext) -> None:
    """RAPPOR on the column: decoding the candidates' shares, and one user's reports over many days."""
    chosen = controls.users_row(ctx)
    if chosen is None:
        return
    data, third, fourth = chosen
    view = controls.simulated(ctx, "ldp_rappor", rappor.compute,
                              rappor.Settings(data, *controls.rappor_settings(third, fourth), ctx.seed))
    if view is not None:
        st.caption(view.population)
        show_figure(view.decoded, key="ldp_fig_rappor")
        st.markdown(view.summary)
        show_figure(view.days, key="ldp_fig_rappor_days")
        st.markdown(view.days_summary)


@st.fragment
def central_tab(ctx: PageContext) -> None:
    """Laplace histogram against the best local oracle, error against n, and users needed for ±a;
    ε is the chart's own slider."""
    c2, c3 = st.columns([2, 1])
    d, n = controls.domain_and_users(c2)
    accuracy = controls.accuracy(c3)
    steps = EPSILON.steps("ldp_central_steps", (d, n, accuracy), lambda: central.compute_steps(
        central.Settings(EPSILON.value(), d, n, accuracy), EPSILON.options), shared=True)
    if steps is not None:
        EPSILON.chart(steps.frames, TEXT["epsilon"])
        EPSILON.reading(steps.readings)
        EPSILON.follow()


@st.fragment
def shuffle_tab(ctx: PageContext) -> None:
    """Central ε after shuffling against n, for several ε₀; the chosen ε₀ and n, and a class of 30."""
    c1, c2, c3 = st.columns(3)
    eps0 = epsilon_slider("ldp_eps0", default=1.0, label=TEXT["epsilon0"], container=c1)
    n = controls.users_n(c2)
    delta = delta_select("ldp_delta", default=1e-6, container=c3)
    view = computed(shuffle.compute, shuffle.Settings(eps0, n, delta))
    if view is not None:
        show_figure(view.chart, key="ldp_fig_shuffle")
        st.markdown(view.summary)


@st.fragment
def poison_tab(ctx: PageContext) -> None:
    """Fake users promote one item: how far each oracle's estimate of it moves."""
    chosen = controls.users_row(ctx)
    if chosen is None:
        return
    data, third, fourth = chosen
    eps = controls.epsilon(third)
    people = computed(population, data)
    if people is None:
        return
    target, fakes = controls.target_and_fakes(fourth, people.categories)
    view = controls.simulated(ctx, "ldp_poison", poisoning.compute, poisoning.Settings(data, eps, target, fakes, ctx.seed))
    if view is not None:
        st.caption(view.population)
        show_figure(view.chart, key="ldp_fig_poison")
        st.markdown(view.summary)


ctx = start_page(TEXT["title"], icon="📱", page=__file__)
st.markdown(TEXT["intro"])
TABS = {"oracles": (TEXT["tab_oracles"], oracles_tab), "choose": (TEXT["tab_choose"], choose_tab),
        "post": (TEXT["tab_post"], post_tab), "rappor": (TEXT["tab_rappor"], rappor_tab),
        "central": (TEXT["tab_central"], central_tab), "shuffle": (TEXT["tab_shuffle"], shuffle_tab),
        "poison": (TEXT["tab_poison"], poison_tab)}
url_tabs("ldp_tab", TABS, ctx)
