"""Audit: every mechanism of the app, and three broken on purpose, tested from their outputs alone."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.tabs.audit import mechanism
from ui.text.audit import TEXT

ctx = start_page(TEXT["title"], icon="🔍", page=__file__)
st.markdown(TEXT["intro"])
mechanism.tab(ctx)
st.caption(TEXT["method"])
