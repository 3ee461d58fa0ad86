"""Plan a release: several statistics, a total budget or target accuracies, every accountant's
total, the risk in plain words, sensitivity explored, and a release drawn with OpenDP.

The plan on the left (who is protected, what to publish); what it gives on the right, in a fragment
of its own, its weights or targets in a smaller one. The total budget is the accuracy chart's own slider
(ui/chart_slider.py). Each tab is controls -> compute (ui/views/planner) -> draw.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace

import pandas as pd
import streamlit as st

from dpcore.protection import Protection
from ui.chart_slider import ChartSlider
from ui.controls import planner as controls
from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figure, show_metrics, start_page
from ui.state import url_tabs
from ui.text.planner import TEXT
from ui.views.planner import cost, plan, risk, sensitivity
from ui.widgets import epsilon_slider

TOTAL = ChartSlider("plan_eps")
TYPED_CHART = "bound_plan_accuracy"  # the chart that reads the targets as typed (its inputs hidden, ui/page.py)


def plan_tab(settings: plan.Settings, source: Hashable) -> None:
    """Each statistic's weight or target, then the table and the accuracy chart they give."""
    controls.spend_heading(settings.direction)
    if settings.direction == "budget":
        budget_plan(settings, source)
    else:
        target_plan(settings)
        if (chart := plan.typed_chart(settings)) is not None:
            with st.container(key=TYPED_CHART):
                show_figure(chart, key="plan_fig_accuracy")
    st.caption(TEXT["plan_note"])


@st.fragment
def budget_plan(settings: plan.Settings, source: Hashable) -> None:
    """The weights, the chart stepped by the total budget and the table under it; a weight reruns this."""
    settings = replace(settings, items=controls.spend_plan("budget"))
    controls.spend_inputs("budget")
    key = (source, settings.protection, settings.items, settings.delta)
    steps = TOTAL.steps("plan_steps", key, lambda: plan.compute_steps(settings, TOTAL.options), shared=True)
    if steps is not None and steps.frames:
        TOTAL.chart(steps.frames, TEXT["total_epsilon"])
        TOTAL.reading(steps.readings)
    elif steps is not None and (view := at_total(settings)) is not None:
        st.markdown(view.text)
    controls.keep_in_address()


@st.fragment
def target_plan(settings: plan.Settings) -> None:
    """The targets and the epsilon each needs, in one element: a typed target reruns only this."""
    view = computed(plan.compute, replace(settings, items=controls.spend_plan("accuracy")))
    controls.spend_inputs("accuracy", view.blocks if view else (), chart=f".st-key-{TYPED_CHART}")
    controls.keep_in_address()


def at_total(settings: plan.Settings) -> plan.PlanView | None:
    """The plan at the server's total budget (an ordinary slider on it), for the tabs that need it."""
    if settings.direction == "budget":
        settings = replace(settings, total_epsilon=TOTAL.widget(TEXT["total_epsilon"]))
    return computed(plan.compute, settings)


def cost_tab(view: plan.PlanView, delta: float) -> None:
    if not view.events:
        st.info(TEXT["empty_plan"])
        return
    settings = cost.Settings(view.events, delta, view.histograms)
    costs = computed(lambda s: shared_memo("plan_cost", s, lambda: cost.compute(s)), settings)
    if costs is None:
        return
    st.markdown(costs.text)
    st.table(costs.table, border="horizontal", hide_index=True)
    show_figure(costs.chart, key="plan_fig_cost")


def risk_tab(view: plan.PlanView, delta: float) -> None:
    prior = st.slider(TEXT["prior"], 0.01, 0.99, 0.5, 0.01, format="%.2f", key="plan_prior", bind="query-params")
    if not view.events:
        st.info(TEXT["empty_plan"])
        return
    settings = risk.Settings(view.events, delta, prior)
    shown = computed(lambda s: shared_memo("plan_risk", s, lambda: risk.compute(s)), settings)
    if shown is None:
        return
    show_metrics(shown.metrics)
    st.markdown(shown.text)
    show_figure(shown.chart, key="plan_fig_risk")
    st.subheader(TEXT["published_title"])
    st.dataframe(shown.published, hide_index=True, key="plan_published",
                 column_config={TEXT["pub_source"]: st.column_config.LinkColumn()})


def sensitivity_tab(ctx: PageContext, protection: Protection, frame: pd.DataFrame) -> None:
    column, lower, upper = controls.sensitivity_inputs(ctx.dataset, frame)
    if column is None:
        return
    epsilon = epsilon_slider("plan_sens_eps", default=1.0)
    shown = computed(sensitivity.compute, sensitivity.Settings(frame, protection, column, lower, upper, epsilon))
    if shown is None:
        return
    st.markdown(shown.counts_text)
    st.table(shown.table, border="horizontal", hide_index=True)
    st.markdown(shown.clamp_text)
    show_figure(shown.chart, key="plan_fig_sensitivity")
    st.markdown(shown.median_text)


@st.fragment
def results(ctx: PageContext, protection: Protection, frame: pd.DataFrame, direction: str) -> None:
    """What the plan gives, in tabs (`at_total` for those that need the server's budget). The plan is
    read as it is now: a weight or target may be typed after this fragment's arguments were taken."""
    delta = controls.total_delta()
    settings = plan.Settings(frame, protection, controls.listed(), direction,
                             TOTAL.value() if direction == "budget" else 0.0, delta)

    def with_plan(tab: Callable[[plan.PlanView], None]) -> Callable[[], None]:
        return lambda: None if (view := at_total(settings)) is None else tab(view)

    tabs = {"plan": (TEXT["tab_plan"], lambda: plan_tab(settings, (ctx.dataset.ident, ctx.seed))),
            "cost": (TEXT["tab_cost"], with_plan(lambda view: cost_tab(view, delta))),
            "risk": (TEXT["tab_risk"], with_plan(lambda view: risk_tab(view, delta))),
            "sensitivity": (TEXT["tab_sensitivity"], lambda: sensitivity_tab(ctx, protection, frame)),
            "release": (TEXT["tab_release"], with_plan(lambda view: controls.release_panel(ctx, view, protection, delta)))}
    url_tabs("plan_tab", tabs)


@st.fragment
def plan_and_results(ctx: PageContext) -> None:
    """The plan on the left, what it gives on the right: a change of the plan (a statistic, its noise,
    who is protected) reruns both, never the sidebar."""
    left, right = st.columns([2, 3], gap="large")
    with left:
        protection, frame, direction = controls.the_plan(ctx)
    with right:
        results(ctx, protection, frame, direction)


ctx = start_page(TEXT["title"], icon="🧮", page=__file__)
st.markdown(TEXT["intro"])
plan_and_results(ctx)
TOTAL.follow()  # tells the server each step of the plan chart's slider (invisible)
st.markdown(TEXT["interactive_note"])
