"""The student's answer: the question, how the answer is randomized, the two buttons, and the result
once the teacher reveals it. A press reruns the page through the buttons' callback; after answering,
a small fragment looks every few seconds whether the result was revealed.

One person, one answer is kept on the server (ui/classroom/store.py): by the session's token, which
the server mints, and by the browser's own token, which the buttons keep in localStorage and send with
an answer. A reload is a new session, so the page would not know this phone answered: an invisible
element reports the browser's token when the page opens, and the store says whether that browser
answered (trusted, like the token itself, only to refuse: a made-up token cannot add an answer)."""

from __future__ import annotations

import secrets
from typing import Any

import streamlit as st

from ui.classroom import limits, store
from ui.classroom.engine import answered, engine, reported
from ui.components.rr_buttons import rr_buttons, sent
from ui.page import PageContext
from ui.text.poll import TEXT
from ui.views.poll import student

TOKEN, OUTCOME, BUTTONS, PRESSES = "poll_token", "poll_outcome", "poll_buttons", "poll_presses"
DEVICE, BROWSER = "poll_device", "poll_browser"  # the reporting element, and the token it reported
REFUSED = ("address_full", "too_fast", "store_busy", "store_gone", "store_down")  # outcomes the page tells

# The buttons' own token (ui/components/rr_buttons/rr_buttons.js keeps it under this name), reported
# once when the page opens; nothing when the browser has none (it never answered) or blocks storage.
_DEVICE_JS = """
export default function ({ setStateValue }) {
  let token = "";
  try { token = localStorage.getItem("dpx_poll_device") || ""; } catch (e) { return; }
  if (/^[0-9a-f]{32}$/.test(token)) setStateValue("device", token);
}
"""
_DEVICE = st.components.v2.component("dpx_poll_device", html="<span></span>", js=_DEVICE_JS)


def tab(ctx: PageContext, poll: store.PollInfo) -> None:
    """The question, how the answer is randomized, the two buttons; the result once revealed."""
    eng = engine()
    token = st.session_state.setdefault(TOKEN, secrets.token_urlsafe(16))
    _DEVICE(key=DEVICE, data={"report": "device"}, height=0, on_device_change=_on_device)
    tally = store.tally(eng, poll.id) if poll.revealed else store.Tally(0, 0)
    mine = store.has_answered(eng, poll.id, token)
    earlier = None if mine is not None else store.browser_answer(eng, poll.id, st.session_state.get(BROWSER))
    view = student.compute(student.Settings(
        poll.question, poll.p, poll.method, mine if mine is not None else earlier,
        st.session_state.get(OUTCOME, ""), poll.closed, poll.revealed, tally.n, tally.n_yes,
        earlier=earlier is not None))
    st.caption(TEXT["student_question"])
    st.markdown(f"### {view.question}")
    st.markdown(view.how)
    seen = (poll.code, mine is not None or earlier is not None, BROWSER in st.session_state)
    rr_buttons(BUTTONS, poll.p, poll.method, {"yes": TEXT["button_yes"], "no": TEXT["button_no"],
               "sending": TEXT["sending"]}, not view.can_answer, lambda: on_answer(poll.code),
               st.session_state.get(PRESSES, 0), seen)
    if view.status:
        st.info(view.status, icon=":material/check_circle:")
    if (outcome := st.session_state.get(OUTCOME, "")) in REFUSED:  # not stored: the buttons stay
        st.warning(TEXT[outcome].format(n=limits.max_answers_per_address()), icon=":material/block:")
    if view.result:
        st.success(view.result, icon=":material/campaign:")
    elif not view.can_answer:
        wait_for_reveal(poll.code)


def _on_device() -> None:
    """The page reported the browser's own token: keep it (checked) for the store's question."""
    state: Any = st.session_state.get(DEVICE)
    value = state.get("device") if hasattr(state, "get") else getattr(state, "device", None)
    st.session_state[BROWSER] = student.parse_device(value)


def on_answer(code: str) -> None:
    """The buttons sent a randomized answer: store it under the session's token, which the server
    minted (the browser's own token can only refuse it), with the client's address (None on localhost)."""
    answer, device = sent(BUTTONS)
    if device is not None:  # a browser that answered before (a reload) is then shown as answered
        st.session_state[BROWSER] = device
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
