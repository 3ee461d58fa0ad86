"""The student's answer: the question, how the answer is randomized on the phone, the two buttons,
and the result once the teacher reveals it. A press reruns the page through the buttons' callback;
after answering, a small fragment looks every few seconds whether the result was revealed."""

from __future__ import annotations

import secrets

import streamlit as st

from ui.classroom import limits, store
from ui.classroom.engine import answered, engine, reported
from ui.components.rr_buttons import rr_buttons, sent
from ui.page import PageContext
from ui.text.poll import TEXT
from ui.views.poll import student

TOKEN, OUTCOME, BUTTONS, PRESSES = "poll_token", "poll_outcome", "poll_buttons", "poll_presses"
REFUSED = ("address_full", "too_fast", "store_busy", "store_gone", "store_down")  # outcomes the page tells


def tab(ctx: PageContext, poll: store.PollInfo) -> None:
    """The question, how the answer is randomized, the two buttons; the result once revealed."""
    eng = engine()
    token = st.session_state.setdefault(TOKEN, secrets.token_urlsafe(16))
    tally = store.tally(eng, poll.id) if poll.revealed else store.Tally(0, 0)
    view = student.compute(student.Settings(
        poll.question, poll.p, poll.method, store.has_answered(eng, poll.id, token),
        st.session_state.get(OUTCOME, ""), poll.closed, poll.revealed, tally.n, tally.n_yes))
    st.caption(TEXT["student_question"])
    st.markdown(f"### {view.question}")
    st.markdown(view.how)
    rr_buttons(BUTTONS, poll.p, poll.method, {"yes": TEXT["button_yes"], "no": TEXT["button_no"],
               "sending": TEXT["sending"]}, not view.can_answer, lambda: on_answer(poll.code),
               st.session_state.get(PRESSES, 0))
    if view.status:
        st.info(view.status, icon=":material/check_circle:")
    if (outcome := st.session_state.get(OUTCOME, "")) in REFUSED:  # not stored: the buttons stay
        st.warning(TEXT[outcome].format(n=limits.max_answers_per_address()), icon=":material/block:")
    if view.result:
        st.success(view.result, icon=":material/campaign:")
    elif not view.can_answer:
        wait_for_reveal(poll.code)


def on_answer(code: str) -> None:
    """The buttons sent a randomized answer: store it under the session's token, which the server
    minted (the browser's own token can only refuse it), with the client's address (None on localhost)."""
    answer, device = sent(BUTTONS)
    if answer is not None:
        st.session_state[OUTCOME] = answered(code, st.session_state[TOKEN], answer, device)
        st.session_state[PRESSES] = st.session_state.get(PRESSES, 0) + 1


@st.fragment(run_every=4.0)
def wait_for_reveal(code: str) -> None:
    """After answering: look every few seconds whether the teacher revealed the result."""
    with reported():
        poll = store.get_poll(engine(), code)
        if poll is not None and poll.revealed:
            st.rerun()
