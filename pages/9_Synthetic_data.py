"""Synthetic data: the course's one-column method on the six pupils, MST on many columns with the
original and the synthetic table side by side, the trade-off across ε, why a published synthetic
table answers any number of questions for one budget, and how it fares against Anonymeter's attacks.
Each tab is its own module (ui/tabs/synthetic); only the open one runs."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.state import url_tabs
from ui.tabs.synthetic import attacks, lesson, mst, pupils, tradeoff
from ui.text.synthetic import TEXT

ctx = start_page(TEXT["title"], icon="🧬", page=__file__)
st.markdown(TEXT["intro"])
TABS = {"pupils": (TEXT["tab_pupils"], pupils.tab), "mst": (TEXT["tab_mst"], mst.tab),
        "tradeoff": (TEXT["tab_tradeoff"], tradeoff.tab), "lesson": (TEXT["tab_lesson"], lesson.tab),
        "attacks": (TEXT["tab_attacks"], attacks.tab)}
url_tabs("syn_tab", TABS, ctx)
