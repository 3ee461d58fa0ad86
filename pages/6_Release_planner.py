"""Plan a release: several statistics, a total budget or target accuracies, every accountant's
total, the risk in plain words, sensitivity explored, and a release drawn with OpenDP. The plan on
the left (ui/tabs/planner/the_plan.py); what it gives on the right, one tab each (ui/tabs/planner):
accuracy, the error of each histogram's bars, the bound on rows per person, the bounds on values,
the total cost, the risk, sensitivity, the release."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.tabs.planner import bounds, cells, clamping, common, cost, plan, release, risk, sensitivity, the_plan
from ui.text.planner import TEXT
from ui.text.planner_clamping import TEXT as CLAMPING

ctx = start_page(TEXT["title"], icon="🧮", page=__file__)
st.markdown(TEXT["intro"])
the_plan.plan_and_results(ctx, {
    "plan": (TEXT["tab_plan"], plan.tab),
    "cells": (TEXT["tab_cells"], cells.tab),
    "bounds": (TEXT["tab_bounds"], bounds.tab),
    "clamp": (CLAMPING["tab"], clamping.tab),
    "cost": (TEXT["tab_cost"], cost.tab),
    "risk": (TEXT["tab_risk"], risk.tab),
    "sensitivity": (TEXT["tab_sensitivity"], sensitivity.tab),
    "release": (TEXT["tab_release"], release.tab),
})
common.TOTAL.follow()  # tells the server each step of the plan chart's slider (invisible)
st.markdown(TEXT["interactive_note"])
