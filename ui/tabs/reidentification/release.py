"""Part 3: the linkage asked of a DP release. The voter list's controls (as in part 2), ε and a button
that draws the release again, then the plain table's answer and the release's side by side, the
curves across ε and the same people in the release. A fragment: its controls rerun it alone. A
release is drawn by OpenDP with fresh noise, kept for this session until its settings change or the
button is pressed (a rerun for anything else shows the same release)."""

from __future__ import annotations

import streamlit as st

from ui.memo import session_memo
from ui.page import PageContext, computed, show_figure
from ui.tabs.reidentification.common import no_people, voter_source
from ui.text.reidentification import TEXT
from ui.views.reidentification import release
from ui.views.reidentification.common import Choice, missing_columns
from ui.widgets import epsilon_slider

_DRAW = "_reid_draw"  # how many times "draw again" was pressed in this session


def _again() -> None:
    st.session_state[_DRAW] = st.session_state.get(_DRAW, 0) + 1


@st.fragment
def tab(ctx: PageContext, choice: Choice) -> None:
    if no_people(choice, ctx):
        return
    source = voter_source(ctx)
    c1, c2 = st.columns([2, 1], vertical_alignment="bottom")
    epsilon = epsilon_slider("reid_eps", default=1.0, label=TEXT["epsilon"], container=c1)
    c2.button(TEXT["draw_again"], key="reid_draw", icon=":material/casino:", on_click=_again)
    if source is None:
        return
    if (missing := missing_columns(source, choice.columns)) is not None:
        st.error(missing, icon=":material/table_rows:")
        return
    settings = release.Settings(ctx.dataset.key, ctx.dataset.table.frame, choice, source, epsilon,
                                st.session_state.get(_DRAW, 0))
    key = (ctx.dataset.ident, choice, source.key(), epsilon, settings.draw)
    view = computed(lambda s: session_memo("reid_release", key, lambda: release.compute(s)), settings)
    if view is None:
        return
    st.markdown(view.intro)
    left, right = st.columns(2, gap="large")
    left.markdown(view.table)
    with right:
        show_figure(view.curves, "reid_fig_release")
    st.markdown(f"{view.who}\n\n{view.summary}")
    st.caption(view.note)
