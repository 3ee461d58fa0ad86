"""Why removing names is not enough: who is unique on a few public columns, the linkage attack with a
voter list, and the same attack asked of a differentially private release (issue 34, section 1).

The quasi-identifiers are picked above the parts (every part uses them); only the open part runs.
Each part is a module of ui/tabs/reidentification whose numbers a pure view of
ui/views/reidentification computes, on dpcore.reidentification.
"""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.state import url_tabs
from ui.tabs.reidentification import common, linkage, release, uniqueness
from ui.text.reidentification import TEXT

ctx = start_page(TEXT["title"], icon="🪪", page=__file__)
st.markdown(TEXT["intro"])
st.caption(common.context())
choice = common.quasi_identifiers(ctx)
url_tabs("reid_tab", {
    "unique": (TEXT["tab_unique"], uniqueness.tab),
    "linkage": (TEXT["tab_linkage"], linkage.tab),
    "release": (TEXT["tab_release"], release.tab),
}, ctx, choice)
