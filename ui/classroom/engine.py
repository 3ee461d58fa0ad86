"""One database engine per URL and server process (its connection pool is shared by every session)."""

from __future__ import annotations

import streamlit as st
from sqlalchemy import Engine

from ui.classroom import store


@st.cache_resource(show_spinner=False)
def _engine(url: str) -> Engine:
    return store.make_engine(url)


def engine() -> Engine:
    """The engine of DATABASE_URL, or of the SQLite file var/polls.sqlite when it is not set."""
    return _engine(store.database_url())
