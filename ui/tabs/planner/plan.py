"""The accuracy tab: each statistic's weight (a total budget in) or target accuracy (targets in),
then the table and the accuracy chart they give.

A total budget in, the total is the accuracy chart's own slider (common.TOTAL, ui/chart_slider.py):
the chart and the table under it step in the browser, and a typed weight reruns only this tab's
fragment. Targets in, the epsilon each target needs is shown under the targets in one element, and
the chart places the typed targets itself (its inputs hidden, ui/page.py), so a typed target reruns
only the targets' fragment. The weights and targets are kept in the plan (common.PLAN, and the
address), where the other tabs read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import streamlit as st

from ui.components import spend
from ui.page import PageContext, computed, show_figure
from ui.reading import Block
from ui.tabs.planner.common import PLAN, TOTAL, UIDS, at_total, keep_in_address
from ui.text.planner import TEXT
from ui.views.planner import plan
from ui.views.planner.items import Item
from ui.views.planner.plan import unique_names

TYPED_CHART = "bound_plan_accuracy"  # the chart that reads the targets as typed (its inputs hidden, ui/page.py)
_SPEND = {"budget": "plan_weights", "accuracy": "plan_targets"}  # keys of the spend inputs


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    """Each statistic's weight or target, then the table and the accuracy chart they give."""
    _heading(settings.direction)
    if settings.direction == "budget":
        _budget_plan(settings)
    else:
        _target_plan(settings)
        if (chart := plan.typed_chart(settings)) is not None:
            with st.container(key=TYPED_CHART):
                show_figure(chart, key="plan_fig_accuracy")
    st.caption(TEXT["plan_note"])


@st.fragment
def _budget_plan(settings: plan.Settings) -> None:
    """The weights, the chart stepped by the total budget and the table under it; a weight reruns this."""
    settings = replace(settings, items=_typed("budget"))
    _inputs("budget")
    steps = TOTAL.steps(settings, plan.compute)
    if steps is not None and steps.template.chart is not None:
        TOTAL.chart(steps, "chart", TEXT["total_epsilon"])
        TOTAL.reading(steps, "blocks")
    elif steps is not None and (view := at_total(settings)) is not None:  # nothing to curve: no chart to step
        st.markdown(view.text)
    keep_in_address()


@st.fragment
def _target_plan(settings: plan.Settings) -> None:
    """The targets and the epsilon each needs, in one element: a typed target reruns only this."""
    view = computed(plan.compute, replace(settings, items=_typed("accuracy")))
    _inputs("accuracy", view.blocks if view else (), chart=f".st-key-{TYPED_CHART}")
    keep_in_address()


def _typed(direction: str) -> tuple[Item, ...]:
    """The plan with the weights (a total budget in) or targets (targets in) last typed in
    `_inputs`, kept in the session (and in the address by `keep_in_address`)."""
    items, uids = st.session_state[PLAN], st.session_state[UIDS]
    sent = spend.typed(_SPEND[direction])
    if direction == "budget":
        new = tuple(replace(i, weight=sent[u] or 0.0) if u in sent else i for i, u in zip(items, uids, strict=True))
    else:
        new = tuple(replace(i, target=sent[u] or None) if u in sent else i for i, u in zip(items, uids, strict=True))
    st.session_state[PLAN] = new
    return new


def _inputs(direction: str, blocks: Sequence[Block] = (), chart: str = "") -> None:
    """Each listed statistic's weight or target accuracy, side by side under one heading (drawn
    apart, `_heading`) and named by its statistic, with `blocks` of text under them: one
    element, so that a typed number reruns little. `chart`: the container of a chart that reads the
    targets as they are typed (ui/components/spend)."""
    items, uids = st.session_state[PLAN], st.session_state[UIDS]
    if not items:
        return
    budget = direction == "budget"
    spend.spend_inputs(_SPEND[direction], unique_names(items), uids, [i.weight if budget else i.target for i in items],
                       "" if budget else TEXT["target_placeholder"], 0.5 if budget else 1.0, blocks, chart)


def _heading(direction: str) -> None:
    """What the numbers of `_inputs` are: weights or target accuracies."""
    if st.session_state[PLAN]:
        st.markdown(f"**{TEXT['weight' if direction == 'budget' else 'target']}**")
