"""Exponential mechanism: the sports vote (Table 6-4), pumpkin pricing, and a column's private mode.

Each tab is a module of ui/tabs/exponential and a fragment (its controls rerun it alone); only the
tab in the URL (?exp_tab=…) runs."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.state import url_tabs
from ui.tabs.exponential import mode, price, vote
from ui.text.exponential import TEXT

ctx = start_page(TEXT["title"], icon="🗳️", page=__file__)
st.markdown(TEXT["intro"])
url_tabs("exp_tab", {"vote": (TEXT["tab_vote"], vote.tab), "price": (TEXT["tab_price"], price.tab),
                     "mode": (TEXT["tab_mode"], mode.tab)}, ctx)
