"""The risk tab: what the plan at the total budget lets an adversary learn, from a prior (the
tab's own slider) to the posterior band, in plain words; risk in, epsilon out (the largest total that
keeps the best attacker within a stated target); and the published values of such plans."""

from __future__ import annotations

from typing import Literal

import streamlit as st

from ui import fmt
from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figure, show_metrics
from ui.state import url_choice
from ui.tabs.planner.common import at_total
from ui.text.planner import TEXT
from ui.views.planner import plan, risk, risk_target


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    view = at_total(settings)
    if view is None:
        return
    prior = st.slider(TEXT["prior"], 0.01, 0.99, 0.5, 0.01, format="%.2f", key="plan_prior", bind="query-params")
    if not view.events:
        st.info(TEXT["empty_plan"])
        return
    shown = computed(lambda s: shared_memo("plan_risk", s, lambda: risk.compute(s)),
                     risk.Settings(view.events, settings.delta, prior,
                                   risk.attribute_events(view.rows, settings.protection)))
    if shown is None:
        return
    show_metrics(shown.metrics)
    st.markdown(shown.text)
    show_figure(shown.chart, key="plan_fig_risk")
    target_part(settings, view)
    st.subheader(TEXT["published_title"])
    st.dataframe(shown.published, hide_index=True, key="plan_published",
                 column_config={TEXT["pub_source"]: st.column_config.LinkColumn()})


def target_part(settings: plan.Settings, view: plan.PlanView) -> None:
    """Risk in, epsilon out: the target's widgets, then the largest total that keeps to it."""
    st.subheader(TEXT["target_title"])
    st.caption(TEXT["target_intro"])
    chosen = url_choice(st.radio, TEXT["target_kind"], ["tpr", "advantage"], "plan_risk_kind",
                        format_func=lambda k: TEXT[f"target_kind_{k}"], horizontal=True)
    kind: Literal["tpr", "advantage"] = "tpr" if chosen == "tpr" else "advantage"
    left, right = st.columns(2)
    fpr = 0.01
    if kind == "tpr":
        value = url_choice(left.selectbox, TEXT["target_value_tpr"], list(risk_target.TPRS), "plan_risk_tpr", 0.1,
                           format_func=fmt.percent)
        fpr = url_choice(right.selectbox, TEXT["target_value_fpr"], list(risk_target.FPRS), "plan_risk_fpr", 0.01,
                         format_func=fmt.percent)
    else:
        value = url_choice(left.selectbox, TEXT["target_value_advantage"], list(risk_target.ADVANTAGES),
                           "plan_risk_adv", 0.1, format_func=fmt.percent)
    target = risk_target.Settings(view.rows, settings.protection, view.total_epsilon, kind, value, fpr)
    found = computed(lambda s: shared_memo("plan_risk_target", s, lambda: risk_target.compute(s)), target)
    if found is not None:
        show_metrics(found.metrics)
        st.markdown(found.text)
