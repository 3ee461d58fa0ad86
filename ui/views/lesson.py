"""A lesson: an ordered list of views (a page, its settings and the seed) a teacher steps through.

The guided tour is the built-in lesson. Each step is a page file and the query parameters that
open it on the view the teacher wants, so next year's class sees the same numbers. Pure: the
presentation bar (ui/presentation.py) navigates with what `position` returns.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from dpcore.errors import DPError
from dpcore.limits import MAX_LESSON_STEPS
from ui.i18n import per_language
from ui.safe import md_escape
from ui.text.common import TEXT

CONTROL_KEYS = ("present", "step", "lesson")  # presentation's own parameters, never part of a step


@dataclass(frozen=True)
class Stage:
    """What a step shows on a projector, and nothing else: its chart and one or two sentences.

    `main`: the elements on the left, as CSS selectors of the page's elements (a chart's container
    is `.st-key-<its key>`); `sentences`: readings under the chart (ui/components/stepper), each by
    its element key with the blocks shown (counted from 1; none: a keyed element of plain text, shown
    whole), on the right, with the chart's menu of
    slide files (`menu`, a selector). A page that no longer draws the first keyed element of `main`
    is shown whole (ui/presentation.py). A selector with `:has()` names an element at the top of the
    page (CSS allows no `:has()` within another, and the blocks around a kept element are found
    with one).
    """

    main: tuple[str, ...]
    sentences: tuple[tuple[str, tuple[int, ...]], ...] = ()
    menu: str | None = None


def _chart(slider: str, *sentences: tuple[str, tuple[int, ...]]) -> Stage:
    """The stage of a chart that carries its own slider (`ui.chart_slider.ChartSlider(slider)`):
    its container, and its menu of slide files (`ui.page.slide_menu`, keyed after it)."""
    return Stage((f".st-key-{slider}_chart",), sentences, f".st-key-{slider}_chart_slides")


@dataclass(frozen=True)
class Step:
    """One view of a lesson: a page file, the settings in its address, and what the step shows
    (a tour's step also says what a projector shows of it: `stage`; a teacher's own step shows the
    whole page, unless it is a step of the tour)."""

    page: str
    query: tuple[tuple[str, str], ...]
    title: str
    stage: Stage | None = field(default=None, compare=False)  # not in a lesson's file: `stage_of` finds it


@dataclass(frozen=True)
class Position:
    """Where the class is in a lesson: "Step 3 of 8: ...", and the steps before and after."""

    index: int
    heading: str
    back: Step | None
    next: Step | None


# A page's title, and the first paragraph after it (a box may come between): on the home page, the
# promise in two sentences.
_TITLE, _ELEMENT = "[data-testid=stElementContainer]:has(h1)", "[data-testid=stElementContainer]"
_INTRO = f"{_TITLE}~{_ELEMENT}:not({_TITLE}~{_ELEMENT}~{_ELEMENT})"
# The live poll's page as a teacher opens it: what it does, and the form that opens a poll (its fields
# and its button, whose key holds its translated label).
_POLL_FORM = Stage((".st-key-poll_question", _INTRO, ".st-key-poll_method", ".st-key-poll_eps",
                    "[class*=st-key-FormSubmitter-poll_form-]"))
TOUR = per_language(lambda: (
    Step("app.py", (), TEXT["lesson_home"], Stage((_TITLE, _INTRO))),
    Step("pages/0_Reidentification.py", (("reid_tab", "unique"), ("data", "penguins")), TEXT["lesson_reidentification"],
         Stage((".st-key-reid_fig_sizes_figure",), (("reid_unique_summary", ()),), ".st-key-reid_fig_sizes_slides")),
    Step("pages/1_Attacks.py", (("att_tab", "differencing"),), TEXT["lesson_differencing"],
         _chart("att_diff_eps", ("att_diff_eps_reading", (2, 3)))),
    Step("pages/1_Attacks.py", (("att_tab", "averaging"),), TEXT["lesson_averaging"],
         _chart("att_eps", ("att_eps_reading_budget", (1,)), ("att_eps_reading", (2,)))),
    Step("pages/2_Histogram_and_neighbour.py", (("hist_eps", "0.1"),), TEXT["lesson_histogram"],
         _chart("hist_eps", ("hist_eps_reading", (2,)))),
    Step("pages/3_Attacker_posterior.py", (("post_part", "bounds"),), TEXT["lesson_posterior"],
         _chart("post_eps", ("post_eps_reading", (1,)))),
    Step("pages/4_Exponential_mechanism.py", (("exp_tab", "vote"),), TEXT["lesson_exponential"],
         _chart("exp_eps", ("exp_eps_reading_summary", (1,)))),
    Step("pages/5_Randomized_response.py", (("rr_tab", "protocol"),), TEXT["lesson_rr"],
         _chart("rr_share", ("rr_share_reading", (1,)))),
    Step("pages/6_Release_planner.py", (("data", "penguins"),), TEXT["lesson_planner"],
         _chart("plan_eps", ("plan_eps_reading", (1,)))),
    Step("pages/7_Live_poll.py", (), TEXT["lesson_poll"], _POLL_FORM),
    Step("pages/8_Local_DP.py", (("ldp_tab", "choose"),), TEXT["lesson_ldp"],
         _chart("ldp_eps", ("ldp_eps_reading", (1,)))),
    Step("pages/9_Synthetic_data.py", (("syn_tab", "pupils"),), TEXT["lesson_synthetic"],
         _chart("syn_pupils_eps", ("syn_pupils_eps_reading", (6,)))),
    Step("pages/10_Audit.py", (("audit_mech", "broken_naive_laplace"),), TEXT["lesson_audit"],
         _chart("audit_draws", ("audit_draws_reading", (1,)))),
    Step("pages/11_Machine_learning.py", (("data", "adult"), ("ml_eps", "0.5")), TEXT["lesson_learning"],
         _chart("ml_eps", ("ml_eps_reading", (1, 2)))),
))  # call TOUR() for the run's language


def stage_of(step: Step) -> Stage | None:
    """What a projector shows of `step`: its own stage, or the tour's for the same view (a teacher's
    lesson may hold steps of the tour); None: the whole page."""
    if step.stage is not None:
        return step.stage
    return next((s.stage for s in TOUR() if (s.page, s.query) == (step.page, step.query)), None)


def position(lesson: tuple[Step, ...], index: int) -> Position:
    """The step at `index` (clamped into the lesson), its heading (markdown: the title, which a
    loaded lesson file sets, escaped) and its neighbours."""
    i = min(max(int(index), 0), len(lesson) - 1)
    heading = TEXT["lesson_heading"].format(n=i + 1, total=len(lesson), title=md_escape(lesson[i].title))
    return Position(i, heading, lesson[i - 1] if i > 0 else None, lesson[i + 1] if i + 1 < len(lesson) else None)


def step_of(page: str, query: dict[str, list[str]], title: str) -> Step:
    """The view on screen as a lesson step (presentation's own parameters left out)."""
    kept = tuple((k, v) for k, values in sorted(query.items()) if k not in CONTROL_KEYS for v in values)
    return Step(page, kept, title)


def to_json(lesson: tuple[Step, ...]) -> str:
    """A lesson as a small file a teacher keeps for next year."""
    steps = [{"page": s.page, "title": s.title, "query": [list(kv) for kv in s.query]} for s in lesson]
    return json.dumps({"lesson": steps}, ensure_ascii=False, indent=1)


def from_json(text: str, pages: tuple[str, ...]) -> tuple[Step, ...]:
    """Read a lesson file; DPError("bad_lesson") for anything but a lesson of this app's pages."""
    try:
        steps = json.loads(text)["lesson"]
        lesson = tuple(Step(str(s["page"]), tuple((str(k), str(v)) for k, v in s["query"]), str(s["title"]))
                       for s in steps)
    except (ValueError, KeyError, TypeError):
        raise DPError("bad_lesson.file") from None
    if not 1 <= len(lesson) <= MAX_LESSON_STEPS or any(s.page not in pages for s in lesson):
        raise DPError("bad_lesson.size", maximum=MAX_LESSON_STEPS)
    return lesson


def moved(lesson: tuple[Step, ...], index: int, offset: int) -> tuple[Step, ...]:
    """The lesson with step `index` moved by `offset` places (kept inside the lesson)."""
    steps = list(lesson)
    target = min(max(index + offset, 0), len(steps) - 1)
    steps.insert(target, steps.pop(index))
    return tuple(steps)
