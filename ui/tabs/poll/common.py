"""What the Live poll's parts share: where the session keeps the teacher's secret of each poll it
opened (the setup stores it, the page finds it to show the teacher's live view)."""

from __future__ import annotations

import streamlit as st

SECRETS = "poll_secrets"  # the session's teacher secrets, by poll code


def keep_secret(code: str, secret: str) -> None:
    """This session is the teacher of poll `code`."""
    st.session_state.setdefault(SECRETS, {})[code] = secret


def teacher_secret(code: str) -> str | None:
    """The session's teacher secret for poll `code`, if any. A teacher's link brings it in the
    address: it moves into the session, so the projected address bar shows only the code."""
    if "teacher" in st.query_params:
        keep_secret(code, st.query_params.pop("teacher"))
    return st.session_state.get(SECRETS, {}).get(code)
