"""Live poll: the teacher opens a yes/no question, students answer on their phones, and the class
watches the de-biased estimate and its interval narrow as the randomized answers arrive.

Roles by address: no `poll` -> the teacher opens one; `?poll=<code>` -> a student; `?poll=<code>
&teacher=<secret>` -> the teacher's live view (only it closes, reveals and exports). The secret then
moves from the address into the session, so the projected address bar shows only the code."""

from __future__ import annotations

import secrets

import streamlit as st

from ui.classroom import limits, store
from ui.classroom.engine import answered, change, engine, not_found, reported
from ui.components.rr_buttons import rr_buttons, sent
from ui.i18n import current
from ui.page import computed, show_figure, show_metrics, start_page
from ui.text.poll import TEXT
from ui.views.poll import live, setup, share, student

TOKEN, OUTCOME, BUTTONS, SECRETS, PRESSES = "poll_token", "poll_outcome", "poll_buttons", "poll_secrets", "poll_presses"
REFUSED = ("address_full", "too_fast", "store_busy", "store_gone", "store_down")  # outcomes the page tells


def open_form() -> None:
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
            poll, secret = store.create_poll(engine(), view.question, view.epsilon, method)
            st.session_state.setdefault(SECRETS, {})[poll.code] = secret
            st.query_params["poll"] = poll.code
            st.rerun()


def teacher(poll: store.PollInfo, secret: str) -> None:
    """The code, link and QR code on the left; the live results on the right."""
    links = share.compute(share.Settings(poll.code, secret, poll.question, st.context.url, current()))
    left, right = st.columns([1, 2], gap="large")
    with left:
        st.markdown(f"## {links.code}")
        st.image(links.qr, caption=TEXT["qr_caption"], width=320)
        st.caption(TEXT["join"])
        st.code(links.student_link, language=None, wrap_lines=True)
        with st.expander(TEXT["teacher_link_title"], icon=":material/key:"):
            st.caption(TEXT["teacher_link"])
            st.code(links.teacher_link, language=None, wrap_lines=True)
    with right:
        st.markdown(f"### {links.asked}")
        live_results(poll.code, secret)


@st.fragment(run_every=1.0)
def live_results(code: str, secret: str) -> None:
    """Every second: the tally from the database, the estimate and the narrowing interval."""
    with reported():
        eng = engine()
        poll = store.teacher_poll(eng, code, secret)
        if poll is None:
            st.warning(not_found(secret))
            return
        view = live.compute(live.Settings(poll.p, poll.method, store.answers(eng, poll.id), poll.closed, poll.revealed))
        st.subheader(TEXT["live_title"])
        show_metrics(view.metrics)
        st.markdown(f"{view.summary}\n\n{view.status}")
        show_figure(view.chart, key="poll_fig_interval")
        st.caption(view.note)
        close, reveal, export, again = st.columns(4)
        close.button(TEXT["close"], key="poll_close", disabled=poll.closed, icon=":material/lock:",
                     on_click=change, args=(store.close_poll, code, secret))
        reveal.button(TEXT["reveal"], key="poll_reveal", disabled=poll.revealed, icon=":material/visibility:",
                      on_click=change, args=(store.reveal_poll, code, secret))
        export.download_button(TEXT["export"], lambda: live.export_csv(store.answer_rows(eng, poll.id)),
                               f"poll-{code}.csv", "text/csv", key="poll_export", on_click="ignore",
                               icon=":material/download:")
        if again.button(TEXT["new_poll"], key="poll_new", icon=":material/add:"):
            st.query_params.clear()
            st.rerun()


def on_answer(code: str) -> None:
    """The buttons sent a randomized answer: store it under the session's token, which the server
    minted (the browser's own token can only refuse it), with the client's address (None on localhost)."""
    answer, device = sent(BUTTONS)
    if answer is not None:
        st.session_state[OUTCOME] = answered(code, st.session_state[TOKEN], answer, device)
        st.session_state[PRESSES] = st.session_state.get(PRESSES, 0) + 1


def student_page(poll: store.PollInfo) -> None:
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


@st.fragment(run_every=4.0)
def wait_for_reveal(code: str) -> None:
    """After answering: look every few seconds whether the teacher revealed the result."""
    with reported():
        poll = store.get_poll(engine(), code)
        if poll is not None and poll.revealed:
            st.rerun()


ctx = start_page(TEXT["title"], icon=":material/ballot:", page=__file__)
code = st.query_params.get("poll")
if code is not None and "teacher" in st.query_params:  # the teacher's link: keep the secret off the screen
    st.session_state.setdefault(SECRETS, {})[code] = st.query_params.pop("teacher")
secret = st.session_state.get(SECRETS, {}).get(code)
if code is None:
    st.markdown(TEXT["intro"])
    open_form()
else:
    with reported():
        store.expire_now_and_then(engine())
        found = store.teacher_poll(engine(), code, secret) if secret else store.get_poll(engine(), code)
        if found is None:
            st.warning(not_found(secret))
        elif secret:
            teacher(found, secret)
        else:
            student_page(found)
