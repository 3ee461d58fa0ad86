"""Presentation mode: large type for a projector and a lesson bar that steps through views.

Kept in the address (`?present=1&step=3`), so a prepared link opens in presentation mode on the
step the teacher wants. Back and Next (and the arrow keys) open the lesson's neighbouring view with
its own settings; the seed stays the session's (the sidebar's, bound to the address), so the class
sees the numbers the teacher prepared.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.feedback import show_error
from ui.fmt import plural
from ui.navigation import PAGES
from ui.safe import md_escape
from ui.state import forget
from ui.text.common import TEXT
from ui.views.lesson import TOUR, Step, from_json, moved, position, step_of, to_json

PRESENT, STEP, LESSON = "present", "step", "lesson"
LESSON_BOX = "lesson_box"  # the sidebar's expander of the teacher's own lesson
MINE = "mine"  # ?lesson=mine: the teacher's own lesson of this session, not the tour
_MY_LESSON = "_my_lesson"
_LESSON_OPEN = "_lesson_open"
PAGE_FILES = tuple(entry.path for entry in PAGES)
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


def _lesson() -> tuple[Step, ...]:
    """The lesson being presented: the teacher's own (?lesson=mine) when there is one, else the tour."""
    mine = st.session_state.get(_MY_LESSON, ())
    return mine if st.query_params.get(LESSON) == MINE and mine else TOUR()


def _go(step: Step, index: int, lesson: str | None = None) -> None:
    """Open a lesson step: its page with its settings, in presentation mode. The
    settings the step names are dropped from the session first, so the page reads them from the
    address rather than keeping what this session chose on an earlier visit."""
    for key, _ in step.query:
        forget(key)
    query = {**dict(step.query), PRESENT: "1", STEP: str(index)}
    if lesson:
        query[LESSON] = lesson
    st.switch_page(step.page, query_params=query)


def lesson_bar() -> None:
    """Step k of n with Back and Next (arrow keys too), and a way out of presentation mode."""
    st.html(_STYLE)
    try:
        index = int(st.query_params.get(STEP, "0"))
    except ValueError:
        index = 0
    where = position(_lesson(), index)
    mine = st.query_params.get(LESSON)
    back, heading, ahead, leave = st.columns([2, 8, 2, 2], vertical_alignment="center")
    if where.back is not None and back.button(TEXT["lesson_back"], key="lesson_back", shortcut="Left",
                                              width="stretch"):
        _go(where.back, where.index - 1, mine)
    heading.markdown(f"**{where.heading}**")
    if where.next is not None and ahead.button(TEXT["lesson_next"], key="lesson_next", shortcut="Right",
                                               type="primary", width="stretch"):
        _go(where.next, where.index + 1, mine)
    if leave.button(TEXT["present_exit"], key="present_exit", width="stretch"):
        for key in (PRESENT, STEP, LESSON):
            st.query_params.pop(key, None)
        st.rerun()


def presentation_switch() -> None:
    """The sidebar's way into presentation mode: the guided tour from its first step."""
    if st.sidebar.button(TEXT["present_start"], key="present_start", icon=":material/co_present:",
                         help=TEXT["present_help"]):
        _go(TOUR()[0], 0)


def my_lesson(title: str, page: str) -> None:
    """The sidebar's lesson tools: add the view on screen (on every page), and in an expander drawn
    only while open (its file uploader and buttons would otherwise cost every slider step and every
    cold open), reorder or remove steps, save the lesson as a file, load it again, and present it."""
    saved: tuple[Step, ...] = st.session_state.get(_MY_LESSON, ())
    steps = saved
    if st.sidebar.button(TEXT["lesson_add"], key="lesson_add", icon=":material/playlist_add:"):
        query = {key: st.query_params.get_all(key) for key in st.query_params}
        steps = steps + (step_of(page, query, title),)
    views = plural(len(steps), TEXT["lesson_view_one"], TEXT["lesson_view_many"])
    box = st.sidebar.expander(TEXT["lesson_mine"].format(views=views), icon=":material/school:",
                              expanded=st.session_state.get(_LESSON_OPEN, False), key=LESSON_BOX, on_change="rerun")
    st.session_state[_LESSON_OPEN] = box.open  # a new count in the label makes a new expander: keep it open
    if box.open:
        steps = _lesson_tools(box, steps)
    if steps != saved:
        st.session_state[_MY_LESSON] = steps
        st.rerun()  # the list shows the new order at once


def _lesson_tools(box: DeltaGenerator, steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """The open lesson expander: each step with up, down and remove; load, save and present.
    Returns the steps as the clicks of this run leave them."""
    for i, step in enumerate(steps):
        box.markdown(f"{i + 1}. {md_escape(step.title)}")
        row = box.container(horizontal=True, gap="small")
        if row.button(TEXT["lesson_up"], key=f"lesson_up_{i}", type="tertiary", disabled=i == 0):
            steps = moved(steps, i, -1)
        if row.button(TEXT["lesson_down"], key=f"lesson_down_{i}", type="tertiary", disabled=i == len(steps) - 1):
            steps = moved(steps, i, 1)
        if row.button(TEXT["lesson_drop"], key=f"lesson_drop_{i}", type="tertiary"):
            steps = steps[:i] + steps[i + 1:]
    upload = box.file_uploader(TEXT["lesson_load"], type=["json"], key="lesson_file")
    if upload is not None and st.session_state.get("_lesson_file_id") != upload.file_id:
        st.session_state["_lesson_file_id"] = upload.file_id
        try:
            steps = from_json(upload.getvalue().decode("utf-8", errors="replace"), PAGE_FILES)
        except ValueError as exc:
            show_error(exc, box)
    if steps:
        box.download_button(TEXT["lesson_save"], to_json(steps), "lesson.json", "application/json",
                            key="lesson_save", on_click="ignore", icon=":material/download:")
        if box.button(TEXT["lesson_present"], key="lesson_present", type="primary", icon=":material/co_present:"):
            _go(steps[0], 0, MINE)
    return steps
