"""DP Explorer home page: joining a class's live poll with its code, what DP is, the guided tour, and
the dataset in use.

Pages live in pages/ (Streamlit's file-based navigation): each page calls ui.page.start_page, so
the shared sidebar is there whichever page a visitor opens first, deep links included.
"""

import streamlit as st

from ui.navigation import PAGES
from ui.page import start_page
from ui.safe import md_escape
from ui.tabs.poll.common import join_form
from ui.text.home import TEXT
from ui.widgets import dataset_report

ctx = start_page(TEXT["title"], icon="🔐", page=__file__)
with st.container(border=True):  # first: a student's phone lands here with only the poll's code
    st.markdown(TEXT["join_title"])
    join_form("home_join", primary=True)
st.markdown(TEXT["intro"])

st.subheader(TEXT["tour_title"])
st.markdown(TEXT["tour_intro"])
for entry in PAGES[1:]:
    step = f"step_{entry.label_key.removeprefix('nav_')}"
    st.page_link(entry.path, label=f"**{TEXT[step]}**", icon=entry.icon)
    st.caption(TEXT[f"{step}_why"])

frame = ctx.dataset.table.frame
st.info(TEXT["dataset_in_use"].format(name=md_escape(ctx.dataset.name), rows=len(frame), cols=frame.shape[1]))
dataset_report(ctx.dataset.table)
