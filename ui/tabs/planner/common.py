"""What the planner's tabs share: the plan kept in the session and the address, the total budget's
slider (the accuracy chart's own, ui/chart_slider.py), the total delta, and the plan at the total.

The plan (a tuple of `Item`s) lives in the session and in the address (`?plan=<json>`), so a
prepared link opens the same plan: the left side (`the_plan`) lists its statistics, the accuracy
tab types their weights or targets, and every tab reads it as it is now (`listed`).
"""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from dpcore.catalog import declared_bounds, typical_bounds
from dpcore.protection import Protection
from ui.chart_slider import ChartSlider
from ui.datasets import Dataset
from ui.page import PageContext, computed
from ui.text.planner import TEXT
from ui.views.planner import plan
from ui.views.planner.items import Item, to_json
from ui.widgets import delta_select

TOTAL = ChartSlider("plan_eps", field="total_epsilon")
PLAN, UIDS = "_plan_items", "_plan_uids"  # the listed statistics and their widgets' stable ids


def listed() -> tuple[Item, ...]:
    """The plan as it is now: its statistics with their latest weights and targets."""
    return st.session_state[PLAN]


def keep_in_address() -> None:
    """Write the plan into the address if a typed number changed it. Call it last in the fragment:
    the address then reaches the browser with the run's end and is drawn with it, rather than
    costing a redraw of the whole page of its own (LEARNED.md, "A typed number")."""
    encoded = to_json(st.session_state[PLAN])
    if st.query_params.get("plan") != encoded:
        st.query_params["plan"] = encoded


def public_bounds(dataset: Dataset, column: str) -> tuple[tuple[float, float] | None, str]:
    """Bounds a page may use without reading the data: documented, else typical for the name."""
    documented = declared_bounds(dataset.key, column)
    if documented is not None:
        return documented, TEXT["source_catalog"]
    typical = typical_bounds(column)
    return (typical, TEXT["source_typical"]) if typical is not None else (None, TEXT["source_none"])


def settings(ctx: PageContext, protection: Protection, frame: pd.DataFrame, direction: plan.Direction) -> plan.Settings:
    """The plan's settings as they are now: the listed statistics, the total delta (its widget drawn
    here) and, a total budget in, the chart slider's total epsilon. `frame` (after contribution
    bounding with the seed's draw) is known by the dataset's ident and the seed."""
    delta = delta_select("plan_delta", default=1e-6)
    return plan.Settings(frame, (ctx.dataset.ident, ctx.seed), protection, listed(), direction,
                         TOTAL.value() if direction == "budget" else 0.0, delta)


def at_total(s: plan.Settings) -> plan.PlanView | None:
    """The plan at the server's total budget (an ordinary slider on it), for the tabs that need it."""
    if s.direction == "budget":
        s = replace(s, total_epsilon=TOTAL.widget(TEXT["total_epsilon"]))
    return computed(plan.compute, s)
