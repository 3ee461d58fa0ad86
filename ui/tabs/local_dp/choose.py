"""Which oracle to choose: error against ε and against d for every oracle, the best one thick, the
rule of thumb as a line. ε is the first chart's own slider (ui/chart_slider.py), the second chart
follows it; d and n rerun the tab alone (a fragment). The views need no data: they are kept for
every session at the same d and n."""

from __future__ import annotations

import streamlit as st

from ui.page import PageContext
from ui.tabs.local_dp.common import EPSILON, domain_and_users
from ui.text.local_dp import TEXT
from ui.views.local_dp import choose


@st.fragment
def tab(ctx: PageContext) -> None:
    d, n = domain_and_users(st.container())
    steps = EPSILON.steps(choose.Settings(None, d, n), choose.compute)
    if steps is not None:
        EPSILON.chart_pair(steps, "by_epsilon", "by_domain", TEXT["epsilon"], follower="domain")
        EPSILON.reading(steps, choose.reading)
        EPSILON.follow()
