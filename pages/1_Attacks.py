"""Attacks that DP stops: differencing, repeated-query averaging, Table 6-3, the defences and
reconstruction.

Only the open tab runs. Each tab is a module of ui/tabs/attacks (its widgets, its fragments, its
draw) whose numbers a pure view of ui/views/attacks computes; how each reruns is in its docstring.
"""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.state import url_tabs
from ui.tabs.attacks import averaging, defence, differencing, reconstruction, table
from ui.text.attacks import TEXT

ctx = start_page(TEXT["title"], icon="🕵️", page=__file__)
st.markdown(TEXT["intro"])
url_tabs("att_tab", {
    "differencing": (TEXT["tab_differencing"], differencing.tab),
    "averaging": (TEXT["tab_averaging"], averaging.tab),
    "table": (TEXT["tab_table"], table.tab),
    "defence": (TEXT["tab_defence"], defence.tab),
    "reconstruction": (TEXT["tab_reconstruction"], reconstruction.tab),
}, ctx)
