"""Part 3: the privacy loss of each output and its distribution, then δ read at a chosen ε′.

Epsilon is an ordinary slider beside the part (each step reruns the part: common.attack_model); where
δ is read is a fragment of its own (its slider reruns only the two δ charts). The loss chart marks
f(D), the output the mechanism centres on: the output chosen in part 2 stays that part's (a part
never reads another's widgets)."""

from __future__ import annotations

import streamlit as st

from dpcore import posterior as post
from ui.page import PageContext, computed, show_figure, show_figures
from ui.state import bound_select_slider
from ui.tabs.posterior.common import Part, attack_model, loss_distribution
from ui.text.posterior import TEXT
from ui.views.posterior import loss


def tab(ctx: PageContext, part: Part) -> None:
    model = attack_model(ctx, part)
    if model is None:
        return
    pld = loss_distribution(model)
    observed = post.output_axis(model).snap(model.centre_d)
    view = loss.compute_loss(loss.LossSettings(model, pld, observed))
    show_figures((view.loss_chart, "post_fig_loss"), (view.pld_chart, "post_fig_pld"), gap="small")
    st.markdown(TEXT["loss_intro"])
    st.markdown(loss.FORMULA())
    _delta_view(model, pld)


@st.fragment
def _delta_view(model: post.AttackModel, pld: post.PrivacyLossDistribution) -> None:
    """Where to read δ, and the two δ charts it moves (the slider reruns only these)."""
    multiple = float(bound_select_slider(st, TEXT["read_label"], loss.READ_MULTIPLES, value=0.5,
                                         format_func=lambda m: f"{m:g}", key="post_read", help=TEXT["read_help"]))
    view = computed(loss.compute_delta, loss.DeltaSettings(model, pld, multiple))
    if view is None:
        return
    show_figure(view.area_chart, key="post_fig_delta")
    show_figure(view.curves_chart, key="post_fig_delta_curves")
    st.markdown(view.reading)
    if view.pure:
        st.caption(view.pure)
