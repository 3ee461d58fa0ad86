"""The page's side of the poll store: one database engine per URL and server process (its connection
pool is shared by every session), and the store's failures told in plain words."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import streamlit as st
from sqlalchemy import Engine

from ui.classroom import limits, store
from ui.text.poll import TEXT


@st.cache_resource(show_spinner=False)
def _engine(url: str) -> Engine:
    return store.make_engine(url)  # a StoreError is not cached: the next run tries again


def engine() -> Engine:
    """The engine of DATABASE_URL, or of the SQLite file var/polls.sqlite when it is not set."""
    return _engine(store.database_url())


PROBLEM = "poll_problem"  # the store's last failure this session met: "busy", "gone" or "down"


def problem(exc: store.StoreError) -> str:
    """The outcome key of the store's failure (its sentence in ui/text/poll.py), remembered for the session:
    after "gone" a poll that is no longer found was lost with the file, not mistyped."""
    st.session_state[PROBLEM] = exc.reason
    return f"store_{exc.reason}"


@contextmanager
def reported() -> Iterator[None]:
    """Run store calls; when the store fails (busy, file gone, database down) say so in a sentence
    instead of a traceback, and stop this block: nothing was stored, and widgets keep what was typed."""
    try:
        yield
    except store.StoreError as exc:
        st.error(TEXT[problem(exc)], icon=":material/database:")


def answered(code: str, token: str, yes: bool, device: str | None) -> str:
    """Store a student's randomized answer under the session's token (minted by the server), the
    browser's token (it can only refuse) and the client's address (`st.context.ip_address`: None on
    localhost and in AppTest, when every session shares one count). Returns the outcome, or the key of
    the store's failure: either way a key of ui/text/poll.py the page can show."""
    try:
        return store.submit_answer(engine(), code, token, yes, device=device, address=st.context.ip_address)
    except store.StoreError as exc:
        return problem(exc)


def change(action: Callable[[Engine, str, str], object], code: str, secret: str) -> None:
    """Close or reveal (a button's callback), saying so if the store fails."""
    with reported():
        action(engine(), code, secret)


def not_found(secret: str | None) -> str:
    """Why a poll is not there: its file was lost (this session saw it go), a wrong teacher link, or it expired."""
    if st.session_state.get(PROBLEM) == "gone":
        return TEXT["store_gone"]
    return TEXT["wrong_secret"] if secret else TEXT["unknown_poll"].format(hours=f"{limits.max_age_hours():g}")
