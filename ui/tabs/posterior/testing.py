"""Part 4: the attacker's best test between D and D′ (its ROC) inside the region DP allows.

Epsilon is an ordinary slider beside the part (each step reruns the part: common.attack_model)."""

from __future__ import annotations

import streamlit as st

from ui.page import PageContext, show_figure, show_metrics
from ui.tabs.posterior.common import Part, attack_model, loss_distribution
from ui.views.posterior import testing


def tab(ctx: PageContext, part: Part) -> None:
    model = attack_model(ctx, part)
    if model is None:
        return
    view = testing.compute(testing.Settings(model, loss_distribution(model)))
    show_figure(view.chart, key="post_fig_roc")
    show_metrics(view.metrics)
    st.markdown(view.text)
