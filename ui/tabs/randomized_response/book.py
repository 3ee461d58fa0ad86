"""The course's worked example, and the same 20 people with real coins (the seed). No controls of its
own: it reruns with the page."""

from __future__ import annotations

import streamlit as st

from ui import fmt
from ui.page import PageContext
from ui.text.randomized_response import TEXT
from ui.views.randomized_response import book


def tab(ctx: PageContext) -> None:
    view = book.compute(book.Settings(ctx.seed))
    st.markdown(view.steps)
    st.markdown(fmt.frame_table(view.table))
    st.caption(TEXT["book_close"])
    st.subheader(TEXT["book_rerun_title"])
    st.markdown(view.rerun)
    st.caption(TEXT["simulation"])
