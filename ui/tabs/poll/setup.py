"""The teacher's setup: question, method and ε in one form. A valid poll is stored with the teacher's
language (students' pages open in it), the session keeps its teacher secret and the address becomes the
poll's (the page then shows the live view). The form reruns the page only when submitted."""

from __future__ import annotations

import streamlit as st

from ui.classroom import limits, store
from ui.classroom.engine import engine, reported
from ui.i18n import current
from ui.page import PageContext, computed
from ui.tabs.poll.common import keep_secret
from ui.text.poll import TEXT
from ui.views.poll import setup


def tab(ctx: PageContext) -> None:
    """Question, method and ε; a valid poll is stored and the address becomes the teacher's link."""
    st.subheader(TEXT["setup_title"])
    with st.form("poll_form", border=False):
        question = st.text_input(TEXT["question"], key="poll_question", max_chars=limits.QUESTION_MAX_CHARS,
                                 placeholder=TEXT["question_placeholder"],
                                 help=TEXT["question_help"].format(low=1, high=limits.QUESTION_MAX_CHARS))
        method = st.radio(TEXT["method"], store.METHODS, key="poll_method", horizontal=True,
                          format_func=lambda m: TEXT[f"method_{m}"])
        eps = st.number_input(TEXT["epsilon"], limits.EPSILON_MIN, limits.EPSILON_MAX, limits.EPSILON_DEFAULT,
                              0.1, key="poll_eps", help=TEXT["epsilon_help"].format(
                                  low=limits.EPSILON_MIN, high=limits.EPSILON_MAX))
        st.caption(TEXT["epsilon_coin"])
        submitted = st.form_submit_button(TEXT["create"], type="primary", icon=":material/how_to_vote:")
    if not submitted:
        return
    view = computed(setup.compute, setup.Settings(question, float(eps), method))
    if view is not None:
        with reported():  # a store that fails says so; the form keeps the question
            poll, secret = store.create_poll(engine(), view.question, view.epsilon, method, lang=current())
            keep_secret(poll.code, secret)
            st.query_params["poll"] = poll.code
            st.rerun()
