"""The risk tab: what the plan at the total budget lets an adversary learn, from a prior (the
tab's own slider) to the posterior band, in plain words, and the published values of such plans."""

from __future__ import annotations

import streamlit as st

from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figure, show_metrics
from ui.tabs.planner.common import at_total
from ui.text.planner import TEXT
from ui.views.planner import plan, risk


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    view = at_total(settings)
    if view is None:
        return
    prior = st.slider(TEXT["prior"], 0.01, 0.99, 0.5, 0.01, format="%.2f", key="plan_prior", bind="query-params")
    if not view.events:
        st.info(TEXT["empty_plan"])
        return
    shown = computed(lambda s: shared_memo("plan_risk", s, lambda: risk.compute(s)),
                     risk.Settings(view.events, settings.delta, prior))
    if shown is None:
        return
    show_metrics(shown.metrics)
    st.markdown(shown.text)
    show_figure(shown.chart, key="plan_fig_risk")
    st.subheader(TEXT["published_title"])
    st.dataframe(shown.published, hide_index=True, key="plan_published",
                 column_config={TEXT["pub_source"]: st.column_config.LinkColumn()})
