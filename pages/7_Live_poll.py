"""Live poll: the teacher opens a yes/no question, students answer on their phones, and the class
watches the de-biased estimate and its interval narrow as the randomized answers arrive.

Roles by address: no `poll` -> a student joins with a code, a teacher opens a poll; `?poll=<code>` ->
a student, in the poll's language (the teacher's) unless the link names one; `?poll=<code>
&teacher=<secret>` -> the teacher's live view (only it closes, reveals and exports). The secret then
moves from the address into the session, so the projected address bar shows only the code."""

from __future__ import annotations

import streamlit as st

from ui.classroom import store
from ui.classroom.engine import engine, not_found, reported
from ui.page import start_page
from ui.tabs.poll import setup, student, teacher
from ui.tabs.poll.common import join_form, open_in_poll_language, teacher_secret
from ui.text.poll import TEXT

code = st.query_params.get("poll")
secret = None if code is None else teacher_secret(code)
if code is not None and secret is None:
    open_in_poll_language(code)  # before the page starts: its title and sidebar in that language
ctx = start_page(TEXT["title"], icon=":material/ballot:", page=__file__)
if code is None:
    st.markdown(TEXT["intro"])
    st.subheader(TEXT["join_title"])
    join_form("poll_join")
    setup.tab(ctx)
else:
    with reported():
        store.expire_now_and_then(engine())
        found = store.teacher_poll(engine(), code, secret) if secret else store.get_poll(engine(), code)
        if found is None:
            st.warning(not_found(secret))
            if not secret:  # a mistyped link: the code stays in the box, to correct it
                join_form("poll_join", typed=code, primary=True)
        elif secret:
            teacher.tab(ctx, found, secret)
        else:
            student.tab(ctx, found)
