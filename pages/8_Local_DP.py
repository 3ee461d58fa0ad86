"""Local DP: the survey's frequency oracles on a column, which one to choose, post-processing,
RAPPOR, central against local, shuffling, and poisoning.

Each tab is a fragment (ui/tabs/local_dp): its controls rerun it alone, and only the open tab runs.
On the oracles, post-processing and theory tabs ε is the chart's own slider (ui/chart_slider.py);
the poisoning tab reads the same value from an ordinary slider."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.state import url_tabs
from ui.tabs.local_dp import central, choose, oracles, poison, post, rappor, shuffle
from ui.text.local_dp import TEXT

ctx = start_page(TEXT["title"], icon="📱", page=__file__)
st.markdown(TEXT["intro"])
url_tabs("ldp_tab", {"oracles": (TEXT["tab_oracles"], oracles.tab), "choose": (TEXT["tab_choose"], choose.tab),
                     "post": (TEXT["tab_post"], post.tab), "rappor": (TEXT["tab_rappor"], rappor.tab),
                     "central": (TEXT["tab_central"], central.tab), "shuffle": (TEXT["tab_shuffle"], shuffle.tab),
                     "poison": (TEXT["tab_poison"], poison.tab)}, ctx)
