"""The page's side of the poll store: one database engine per URL and server process (its connection
pool is shared by every session), and the store's failures told in plain words."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st
from sqlalchemy import Engine

from ui.classroom import store
from ui.text.poll import TEXT


@st.cache_resource(show_spinner=False)
def _engine(url: str) -> Engine:
    return store.make_engine(url)  # a StoreError is not cached: the next run tries again


def engine() -> Engine:
    """The engine of DATABASE_URL, or of the SQLite file var/polls.sqlite when it is not set."""
    return _engine(store.database_url())


@contextmanager
def reported() -> Iterator[None]:
    """Run store calls; when the store fails (busy, file gone, database down) say so in a sentence
    instead of a traceback, and stop this block: nothing was stored, and widgets keep what was typed."""
    try:
        yield
    except store.StoreError as exc:
        st.error(TEXT[f"store_{exc.reason}"], icon=":material/database:")
