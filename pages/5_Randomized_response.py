"""Randomized response: the coin protocol, the course's worked example, any column, local vs central."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.state import url_tabs
from ui.tabs.randomized_response import book, column, local, protocol
from ui.text.randomized_response import TEXT

ctx = start_page(TEXT["title"], icon="🪙", page=__file__)
st.markdown(TEXT["intro"])
url_tabs("rr_tab", {"protocol": (TEXT["tab_protocol"], protocol.tab), "book": (TEXT["tab_book"], book.tab),
                    "column": (TEXT["tab_column"], column.tab), "local": (TEXT["tab_local"], local.tab)}, ctx)
