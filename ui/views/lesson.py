"""A lesson: an ordered list of views (a page, its settings and the seed) a teacher steps through.

The guided tour is the built-in lesson. Each step is a page file and the query parameters that
open it on the view the teacher wants, so next year's class sees the same numbers. Pure: the
presentation bar (ui/presentation.py) navigates with what `position` returns.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from dpcore.errors import DPError
from dpcore.limits import MAX_LESSON_STEPS
from ui.i18n import per_language
from ui.safe import md_escape
from ui.text.common import TEXT

CONTROL_KEYS = ("present", "step", "lesson")  # presentation's own parameters, never part of a step


@dataclass(frozen=True)
class Step:
    """One view of a lesson: a page file, the settings in its address, and what the step shows."""

    page: str
    query: tuple[tuple[str, str], ...]
    title: str


@dataclass(frozen=True)
class Position:
    """Where the class is in a lesson: "Step 3 of 8: ...", and the steps before and after."""

    index: int
    heading: str
    back: Step | None
    next: Step | None


TOUR = per_language(lambda: (
    Step("app.py", (), TEXT["lesson_home"]),
    Step("pages/1_Attacks.py", (("att_tab", "differencing"),), TEXT["lesson_differencing"]),
    Step("pages/1_Attacks.py", (("att_tab", "averaging"),), TEXT["lesson_averaging"]),
    Step("pages/2_Histogram_and_neighbour.py", (("hist_eps", "0.1"),), TEXT["lesson_histogram"]),
    Step("pages/3_Attacker_posterior.py", (("post_part", "bounds"),), TEXT["lesson_posterior"]),
    Step("pages/4_Exponential_mechanism.py", (("exp_tab", "vote"),), TEXT["lesson_exponential"]),
    Step("pages/5_Randomized_response.py", (("rr_tab", "protocol"),), TEXT["lesson_rr"]),
    Step("pages/6_Release_planner.py", (("data", "penguins"),), TEXT["lesson_planner"]),
    Step("pages/7_Live_poll.py", (), TEXT["lesson_poll"]),
    Step("pages/8_Local_DP.py", (("ldp_tab", "choose"),), TEXT["lesson_ldp"]),
    Step("pages/9_Synthetic_data.py", (("syn_tab", "pupils"),), TEXT["lesson_synthetic"]),
    Step("pages/10_Audit.py", (("audit_mech", "broken_naive_laplace"),), TEXT["lesson_audit"]),
))  # call TOUR() for the run's language


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
