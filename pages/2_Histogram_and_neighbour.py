"""Histogram & neighbour: a noisy histogram of D next to the same release on a neighbour D', and the
zoo experiment (6-1). Each tab is its own module (ui/tabs/histogram); only the open one runs."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.state import url_tabs
from ui.tabs.histogram import histogram, zoo
from ui.text.histogram import TEXT

ctx = start_page(TEXT["title"], icon="📊", page=__file__)
st.markdown(TEXT["intro"])
url_tabs("hist_tab", {"histogram": (TEXT["tab_histogram"], histogram.tab), "zoo": (TEXT["tab_zoo"], zoo.tab)}, ctx)
