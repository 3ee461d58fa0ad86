"""Presentation mode: large type for a projector and a lesson bar that steps through views.

Kept in the address (`?present=1&step=3`), so a prepared link opens in presentation mode on the
step the teacher wants. Back and Next (a clicker's PageUp and PageDown or Space, and the arrow keys,
whatever has the focus: ui/components/lesson_keys) open the lesson's neighbouring view with its own
settings; the seed stays the session's (the sidebar's, bound to the address), so the class sees the
numbers the teacher prepared. A step of the tour fills one screen with its chart and one or two
sentences and nothing else (its `Stage`, ui/views/lesson.py), in type read from the back of a room.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.charts.slides import for_projector
from ui.components.lesson_keys import lesson_keys
from ui.feedback import show_error
from ui.fmt import plural
from ui.navigation import PAGES
from ui.safe import md_escape
from ui.state import forget
from ui.text.common import TEXT
from ui.views.lesson import TOUR, Stage, Step, from_json, moved, position, stage_of, step_of, to_json

PRESENT, STEP, LESSON = "present", "step", "lesson"
LESSON_BOX = "lesson_box"  # the sidebar's expander of the teacher's own lesson
MINE = "mine"  # ?lesson=mine: the teacher's own lesson of this session, not the tour
_MY_LESSON = "_my_lesson"
_LESSON_OPEN = "_lesson_open"
PAGE_FILES = tuple(entry.path for entry in PAGES)
BAR = "lesson_bar"  # the lesson bar's container
# Our own constant CSS (never user text). Type read from 10 m: the root font size, which every
# rem-sized text and control follows, is 30 px on a 1920x1080 projector, in proportion to the window
# below (20 px at 1280x720, as it was) and at least 16 px (a phone), at most 32 px; charts scale
# their own type (`ui.charts.slides.for_projector`: a CSS zoom would break the width Vega fits them
# to). The screen's height goes to the chart: Streamlit's header (which grows with the root size)
# is see-through and keeps only its button that opens the sidebar, at the lesson bar's left; a
# chart's own slider puts its range's ends beside it rather than under it.
_STYLE = (
    "<style>html{font-size:clamp(16px,min(1.5625vw,2.7778vh),32px)}"
    "[data-testid=stHeader]{background:transparent}"
    "[data-testid=stHeader],[data-testid=stHeader] *{pointer-events:none!important}"
    "[data-testid=stHeader] :is(button,a),[data-testid=stHeader] :is(button,a) *{pointer-events:auto!important}"
    "[data-testid=stMainBlockContainer]{padding:.5rem 2rem .25rem calc(2rem + 40px)}"
    "[data-testid=stMainBlockContainer] [data-testid=stMarkdownContainer] :is(p,li){font-size:1rem}"  # labels too
    f".st-key-{BAR} button{{min-height:2rem;padding-top:.125rem;padding-bottom:.125rem}}"
    ".vega-embed .vega-bindings{margin-bottom:.5rem!important}"
    ".vega-bind label::after{content:'';flex-basis:100%;order:1}"
    ".vega-bind .dpx-min{order:2}.vega-bind input[type=range]{order:3;flex:1 0 8rem;margin:0 .75rem}"
    ".vega-bind .dpx-max{order:4;margin-left:0}"
    # the menu is the teacher's, not the room's: smaller, and long names wrap instead of being cut
    "[data-testid=stSidebar] [data-testid=stPageLink-NavLink] *{white-space:normal;overflow:visible}"
    "[data-testid=stSidebar] [data-testid=stPageLink-NavLink] p{font-size:.8rem;line-height:1.3}"
    "@media (max-width:640px){[data-testid=stMainBlockContainer]{padding:.5rem 1rem 1rem calc(1rem + 40px)}}</style>"
)
_LAYOUT = ("[data-testid=stVerticalBlock]", "[data-testid=stHorizontalBlock]", "[data-testid=stColumn]",
           "[data-testid=stLayoutWrapper]")


def stage_style(stage: Stage) -> str:
    """The CSS that shows a step's stage and nothing else (our own constant selectors, never user
    text): the lesson bar above, the stage's elements on the left and its sentences and slide menu on
    the right (stacked on a narrow screen), every block around them flattened into one grid, every
    other element hidden. It applies while the page draws the stage's first keyed element (a page
    whose chart is missing, or shows an error instead, is shown whole). A selector with `:has()`
    (CSS allows no `:has()` within another) must name an element at the top of the page."""
    side = [f".st-key-{key}" for key, _ in stage.sentences] + ([stage.menu] if stage.menu else [])
    everything = [f".st-key-{BAR}", *stage.main, *side]
    keyed = f":is({','.join(s for s in everything if ':has(' not in s)})"
    keep = f":is({','.join(everything)})"
    guard = next((f":has({s})" for s in stage.main if ":has(" not in s), "")
    root = f"[data-testid=stMain]{guard} [data-testid=stMainBlockContainer]>[data-testid=stVerticalBlock]"
    blocks = f":is({root},{','.join(f'{root} {layout}' for layout in _LAYOUT)}):not({keep},{keep} *)"
    main = f"{root} :is({','.join(stage.main)})"
    rules = [
        f"{root}{{display:grid;grid-template-columns:minmax(0,1fr);gap:.5rem 3rem;"
        "align-items:start;align-content:start}",
        f"{blocks}>:not({keep}):has({keyed}){{display:contents}}",
        f"{blocks}>:not({keep}):not(:has({keyed})){{display:none}}",
        f"{root} .st-key-{BAR}{{grid-column:1/-1;order:-1}}",
    ]
    if side:
        rules.append(
            "@media (min-width:901px){"
            f"{root}{{grid-template-columns:minmax(0,3fr) minmax(0,2fr);"
            f"grid-template-rows:auto repeat({len(side)},auto) 1fr}}"
            f"{main}{{grid-column:1;grid-row:2/-1}}"
            f"{root} :is({','.join(side)}){{grid-column:2}}}}"
        )
        rules.append(f"{root} :is({','.join(side)}){{order:1}}")  # after the chart, when stacked too
    if stage.menu:
        rules.append(f"{root} {stage.menu}{{order:2;justify-self:start}}")
    return f"<style>{''.join(rules)}</style>"


def on_screen(spec: dict) -> dict:
    """A chart's spec as drawn: in presentation mode, with type read from the back of a room."""
    return for_projector(spec) if presenting() else spec


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
    """Step k of n with Back and Next (a clicker's keys and the arrow keys too), and a way out of
    presentation mode; below it, the step's stage only (its chart and sentences), if it has one."""
    try:
        index = int(st.query_params.get(STEP, "0"))
    except ValueError:
        index = 0
    lesson = _lesson()
    where = position(lesson, index)
    stage = stage_of(lesson[where.index])
    st.html(_STYLE + (stage_style(stage) if stage else ""))
    mine = st.query_params.get(LESSON)
    bar = st.container(key=BAR)
    back, heading, ahead, leave = bar.columns([2, 8, 2, 2], vertical_alignment="center")
    if where.back is not None and back.button(TEXT["lesson_back"], key="lesson_back", width="stretch",
                                              icon=":material/arrow_back:"):
        _go(where.back, where.index - 1, mine)
    heading.markdown(f"**{where.heading}**")
    if where.next is not None and ahead.button(TEXT["lesson_next"], key="lesson_next", type="primary",
                                               width="stretch", icon=":material/arrow_forward:",
                                               icon_position="right"):
        _go(where.next, where.index + 1, mine)
    if leave.button(TEXT["present_exit"], key="present_exit", width="stretch"):
        for key in (PRESENT, STEP, LESSON):
            st.query_params.pop(key, None)
        st.rerun()
    readings = {key: list(blocks) for key, blocks in stage.sentences if blocks} if stage else {}  # a plain one: whole
    which = MINE if mine == MINE else "tour"  # never the address's own text in a key
    lesson_keys(f"lesson_keys_{which}_{where.index}", "lesson_back", "lesson_next", readings)


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
