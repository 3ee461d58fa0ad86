"""Live poll: the teacher opens a yes/no question, students answer on their phones, and the class
watches the de-biased estimate and its interval narrow as the randomized answers arrive.

Roles by address: no `poll` -> the teacher opens one; `?poll=<code>` -> a student; `?poll=<code>
&teacher=<secret>` -> the teacher's live view (only it closes, reveals and exports). The secret then
moves from the address into the session, so the projected address bar shows only the code."""

from __future__ import annotations

import streamlit as st

from ui.classroom import store
from ui.classroom.engine import engine, not_found, reported
from ui.page import start_page
from ui.tabs.poll import setup, student, teacher
from ui.tabs.poll.common import teacher_secret
from ui.text.poll import TEXT

ctx = start_page(TEXT["title"], icon=":material/ballot:", page=__file__)
code = st.query_params.get("poll")
if code is None:
    st.markdown(TEXT["intro"])
    setup.tab(ctx)
else:
    secret = teacher_secret(code)
    with reported():
        store.expire_now_and_then(engine())
        found = store.teacher_poll(engine(), code, secret) if secret else store.get_poll(engine(), code)
        if found is None:
            st.warning(not_found(secret))
        elif secret:
            teacher.tab(ctx, found, secret)
        else:
            student.tab(ctx, found)
