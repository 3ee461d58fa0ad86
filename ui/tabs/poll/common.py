"""What the Live poll's parts share: where the session keeps the teacher's secret of each poll it
opened (the setup stores it, the page finds it to show the teacher's live view); joining a poll with
its code alone (on this page and on the home page); and opening a poll in the teacher's language."""

from __future__ import annotations

import streamlit as st

from ui import i18n, language
from ui.classroom import limits, store
from ui.classroom.engine import engine, problem
from ui.text.poll import TEXT
from ui.views.poll.student import clean_code, join_problem

SECRETS = "poll_secrets"  # the session's teacher secrets, by poll code
ARRIVED = "poll_arrived"  # the codes this session opened as a student: the poll's language is taken once
PAGE = "pages/7_Live_poll.py"
_BOX_CHARS = 200  # what the code box takes: a code, or a whole student link pasted


def keep_secret(code: str, secret: str) -> None:
    """This session is the teacher of poll `code`."""
    st.session_state.setdefault(SECRETS, {})[code] = secret


def teacher_secret(code: str) -> str | None:
    """The session's teacher secret for poll `code`, if any. A teacher's link brings it in the
    address: it moves into the session, so the projected address bar shows only the code."""
    if "teacher" in st.query_params:
        keep_secret(code, st.query_params.pop("teacher"))
    return st.session_state.get(SECRETS, {}).get(code)


def _use_language(lang: str | None) -> None:
    """Make `lang` (the poll's, None for an old poll) the session's language."""
    if lang is not None:
        language.choose(lang)


def _arrived(code: str) -> bool:
    """Whether this session has opened poll `code` as a student before; it has from now on."""
    seen: set[str] = st.session_state.setdefault(ARRIVED, set())
    if code in seen:
        return True
    seen.add(code)
    return False


def open_in_poll_language(code: str) -> None:
    """Before the page starts: a student who opens poll `code` for the first time in this session
    (a scanned QR code, a link typed by hand) sees it in the link's language when the link names
    one, else in the poll's, the language the teacher opened it in. Afterwards the student's own
    choice stands. A store that cannot answer changes nothing (the page then says why)."""
    if _arrived(code) or st.query_params.get(language.PARAM) in i18n.LANGUAGES:
        return
    try:
        poll = store.get_poll(engine(), code)
    except store.StoreError:
        return
    if poll is not None:
        _use_language(poll.lang)


def join_form(key: str, typed: str | None = None, primary: bool = False) -> None:
    """A box for the code and a Join button (in a form: a phone's Enter key sends it). The code of a
    poll opens the poll's page in the poll's language; anything else gets a sentence saying why, and
    the box keeps what was typed. `typed`: what to put in the box first (a link's unknown code);
    `primary`: the page's main action (home; on the poll page it is opening a poll)."""
    box = f"{key}_code"
    if typed is not None:
        st.session_state.setdefault(box, typed[:_BOX_CHARS])
    with st.form(f"{key}_form", border=False, width=560):
        field, button = st.columns([3, 1], vertical_alignment="bottom")
        text = field.text_input(TEXT["join_label"], key=box, max_chars=_BOX_CHARS,
                                placeholder=TEXT["join_placeholder"].format(chars=limits.CODE_CHARS),
                                help=TEXT["join_help"], autocomplete="off")
        sent = button.form_submit_button(TEXT["join_button"], type="primary" if primary else "secondary",
                                         icon=":material/login:", width="stretch")
    if not sent:
        return
    code, poll = clean_code(text), None
    if code is not None:
        try:
            poll = store.get_poll(engine(), code)
        except store.StoreError as exc:
            st.error(TEXT[problem(exc)], icon=":material/database:")
            return
    if poll is None:
        st.warning(join_problem(text or "", found=False), icon=":material/error:")
        return
    _arrived(poll.code)
    _use_language(poll.lang)
    st.switch_page(PAGE, query_params={"poll": poll.code})
