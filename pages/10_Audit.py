"""Audit: every mechanism of the app, and three broken on purpose, tested from their outputs alone:
from many draws on two inputs (with the Clopper-Pearson bound, the Gaussian fit and the best attack),
and in one run with canaries, as machine learning is audited."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.state import url_tabs
from ui.tabs.audit import mechanism, one_run
from ui.text.audit import TEXT

ctx = start_page(TEXT["title"], icon="🔍", page=__file__)
st.markdown(TEXT["intro"])
url_tabs("audit_tab", {
    "draws": (TEXT["tab_draws"], mechanism.tab),
    "one_run": (TEXT["tab_one_run"], one_run.tab),
}, ctx)
