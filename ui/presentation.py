"""Presentation mode: large type for a projector and a lesson bar that steps through views.

Kept in the address (`?present=1&step=3`), so a prepared link opens in presentation mode on the
step the teacher wants. Back and Next (and the arrow keys) open the lesson's neighbouring view with
its own settings; the seed stays the session's (the sidebar's, bound to the address), so the class
sees the numbers the teacher prepared.
"""

from __future__ import annotations

import streamlit as st

from ui.text.common import TEXT
from ui.views.lesson import TOUR, Step, position

PRESENT, STEP = "present", "step"
# Our own constant CSS (never user text): every rem-sized text and control one quarter larger for the
# back of a classroom (charts keep their own, already large, font sizes: a CSS zoom would break the
# width Vega fits them to); the lesson bar kept clear of Streamlit's header, which grows with them.
_STYLE = (
    "<style>html{font-size:125%}[data-testid=stMainBlockContainer]{padding-top:4.5rem}"  # below the header
    "@media (max-width:900px){html{font-size:100%}}</style>"
)


def presenting() -> bool:
    """True when the address asks for presentation mode."""
    return st.query_params.get(PRESENT) == "1"


def _go(step: Step, index: int) -> None:
    """Open a lesson step: its page with its settings, in presentation mode. The
    settings the step names are dropped from the session first, so the page reads them from the
    address rather than keeping what this session chose on an earlier visit."""
    for key, _ in step.query:
        st.session_state.pop(key, None)
        st.session_state.pop(f"_tabs_first_{key}", None)  # ui.state.url_tabs: the tab opened first
    query = {**dict(step.query), PRESENT: "1", STEP: str(index)}
    st.switch_page(step.page, query_params=query)


def lesson_bar() -> None:
    """Step k of n with Back and Next (arrow keys too), and a way out of presentation mode."""
    st.html(_STYLE)
    try:
        index = int(st.query_params.get(STEP, "0"))
    except ValueError:
        index = 0
    where = position(TOUR, index)
    back, heading, ahead, leave = st.columns([2, 8, 2, 2], vertical_alignment="center")
    if where.back is not None and back.button(TEXT["lesson_back"], key="lesson_back", shortcut="Left",
                                              width="stretch"):
        _go(where.back, where.index - 1)
    heading.markdown(f"**{where.heading}**")
    if where.next is not None and ahead.button(TEXT["lesson_next"], key="lesson_next", shortcut="Right",
                                               type="primary", width="stretch"):
        _go(where.next, where.index + 1)
    if leave.button(TEXT["present_exit"], key="present_exit", width="stretch"):
        del st.query_params[PRESENT]
        st.query_params.pop(STEP, None)
        st.rerun()


def presentation_switch() -> None:
    """The sidebar's way into presentation mode: the guided tour from its first step."""
    if st.sidebar.button(TEXT["present_start"], key="present_start", icon=":material/co_present:",
                         help=TEXT["present_help"]):
        _go(TOUR[0], 0)
