"""The lesson tab: the synthetic table this session made in the MST tab, its answers against
answering each question with its share of ε. Not a fragment: it has no widget of its own."""

from __future__ import annotations

import streamlit as st

from ui.page import PageContext, computed, show_figure
from ui.tabs.synthetic.common import kept_fit
from ui.text.synthetic import TEXT
from ui.views.synthetic import lesson


def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["lesson_intro"])
    last = kept_fit()
    if last is None or last.fitted_for.dataset != ctx.dataset.ident:  # a table of the dataset in use only
        st.info(TEXT["lesson_needs_table"])
        return
    view = computed(lesson.compute, lesson.Settings(last.settings, last.result))
    if view is not None:
        show_figure(view.chart, key="syn_fig_lesson")
        st.markdown(view.summary)
