"""Part 2: the linkage attack. The voter list's controls and the sensitive column, then who is
re-identified. A fragment: its controls rerun it alone; the view is kept for every session at the
same data, columns and list (an upload by its content)."""

from __future__ import annotations

import streamlit as st

from ui.memo import shared_memo
from ui.page import PageContext, computed
from ui.state import url_choice
from ui.tabs.reidentification.common import no_people, voter_source
from ui.text.reidentification import TEXT
from ui.views.reidentification import linkage
from ui.views.reidentification.common import Choice, default_sensitive, missing_columns, sensitive_options


@st.fragment
def tab(ctx: PageContext, choice: Choice) -> None:
    if no_people(choice, ctx):
        return
    frame = ctx.dataset.table.frame
    options = sensitive_options(frame, choice)
    if not options:
        st.info(TEXT["no_sensitive"], icon=":material/visibility_off:")
        return
    source = voter_source(ctx)
    sensitive = url_choice(st.columns([1, 2])[0].selectbox, TEXT["sensitive"], options, "reid_secret",
                           default_sensitive(ctx.dataset.key, options), help=TEXT["sensitive_help"])
    if source is None:
        return
    if (missing := missing_columns(source, choice.columns)) is not None:
        st.error(missing, icon=":material/table_rows:")
        return
    settings = linkage.Settings(ctx.dataset.key, frame, choice, sensitive, source)
    key = (ctx.dataset.ident, choice, sensitive, source.key())
    view = computed(lambda s: shared_memo("reid_linkage", key, lambda: linkage.compute(s)), settings)
    if view is None:
        return
    st.markdown(f"{view.summary}\n\n{view.who}")
    st.caption(view.note)
