"""The teacher's live view: the code, link and QR code on the left; on the right the tally, the
de-biased estimate and its narrowing interval, read from the database every second (a fragment of
its own: only it reruns), with the buttons that close, reveal and export (only the teacher's secret
opens this part)."""

from __future__ import annotations

import streamlit as st

from ui.classroom import store
from ui.classroom.engine import change, engine, not_found, reported
from ui.classroom.hosting import network_ip
from ui.i18n import current
from ui.page import PageContext, show_figure, show_metrics
from ui.text.hosting import TEXT as HOSTING
from ui.text.poll import TEXT
from ui.views.poll import live, share


def tab(ctx: PageContext, poll: store.PollInfo, secret: str) -> None:
    """The code, link and QR code on the left; the live results on the right. The link uses an
    address phones can open (share.py): at localhost the machine's network address, or the one the
    teacher types (kept in the session: `poll_address`)."""
    typed = st.session_state.get("poll_address", "")
    links = share.compute(share.Settings(poll.code, secret, poll.question, st.context.url, current(),
                                         network_ip(), typed))
    left, right = st.columns([1, 2], gap="large")
    with left:
        st.markdown(f"## {links.code}")
        st.space("medium")  # the image's fullscreen button, drawn above it, would cover the code's end
        st.image(links.qr, caption=TEXT["qr_caption"], width=320)
        st.caption(TEXT["join"])
        st.code(links.student_link, language=None, wrap_lines=True)
        if links.reach:
            (st.warning if links.unreachable else st.info)(links.reach)
        with st.expander(HOSTING["address_title"], icon=":material/lan:", expanded=links.unreachable):
            st.text_input(HOSTING["address_label"], key="poll_address", help=HOSTING["address_help"])
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
