"""Plan a release: several statistics, a total budget or target accuracies, every accountant's
total, the risk in plain words, sensitivity explored, and a release drawn with OpenDP. The plan on
the left (ui/tabs/planner/the_plan.py); what it gives on the right, one tab each (ui/tabs/planner)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dpcore.protection import Protection
from ui.page import PageContext, start_page
from ui.state import url_tabs
from ui.tabs.planner import common, cost, plan, release, risk, sensitivity, the_plan
from ui.text.planner import TEXT
from ui.views.planner.plan import Direction


@st.fragment
def results(ctx: PageContext, protection: Protection, frame: pd.DataFrame, direction: Direction) -> None:
    """What the plan gives, in tabs, with the plan read as it is now (a weight or target may be typed
    after this fragment's arguments were taken)."""
    url_tabs("plan_tab", {"plan": (TEXT["tab_plan"], plan.tab), "cost": (TEXT["tab_cost"], cost.tab),
                          "risk": (TEXT["tab_risk"], risk.tab),
                          "sensitivity": (TEXT["tab_sensitivity"], sensitivity.tab),
                          "release": (TEXT["tab_release"], release.tab)},
             ctx, common.settings(ctx, protection, frame, direction))


@st.fragment
def plan_and_results(ctx: PageContext) -> None:
    """A change of the plan (a statistic, its noise, who is protected) reruns both sides, never the sidebar."""
    left, right = st.columns([2, 3], gap="large")
    with left:
        protection, frame, direction = the_plan.panel(ctx)
    with right:
        results(ctx, protection, frame, direction)


ctx = start_page(TEXT["title"], icon="🧮", page=__file__)
st.markdown(TEXT["intro"])
plan_and_results(ctx)
common.TOTAL.follow()  # tells the server each step of the plan chart's slider (invisible)
st.markdown(TEXT["interactive_note"])
