"""A lesson: an ordered list of views (a page, its settings and the seed) a teacher steps through.

The guided tour is the built-in lesson. Each step is a page file and the query parameters that
open it on the view the teacher wants, so next year's class sees the same numbers. Pure: the
presentation bar (ui/presentation.py) navigates with what `position` returns.
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.text.common import TEXT


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


TOUR: tuple[Step, ...] = (
    Step("app.py", (), TEXT["lesson_home"]),
    Step("pages/1_Attacks.py", (("att_tab", "differencing"),), TEXT["lesson_differencing"]),
    Step("pages/1_Attacks.py", (("att_tab", "averaging"),), TEXT["lesson_averaging"]),
    Step("pages/2_Histogram_and_neighbour.py", (("hist_eps", "0.1"),), TEXT["lesson_histogram"]),
    Step("pages/3_Attacker_posterior.py", (("post_part", "bounds"),), TEXT["lesson_posterior"]),
    Step("pages/4_Exponential_mechanism.py", (("exp_tab", "vote"),), TEXT["lesson_exponential"]),
    Step("pages/5_Randomized_response.py", (("rr_tab", "protocol"),), TEXT["lesson_rr"]),
    Step("pages/6_Release_planner.py", (("data", "penguins"),), TEXT["lesson_planner"]),
)


def position(lesson: tuple[Step, ...], index: int) -> Position:
    """The step at `index` (clamped into the lesson), its heading and its neighbours."""
    i = min(max(int(index), 0), len(lesson) - 1)
    heading = TEXT["lesson_heading"].format(n=i + 1, total=len(lesson), title=lesson[i].title)
    return Position(i, heading, lesson[i - 1] if i > 0 else None, lesson[i + 1] if i + 1 < len(lesson) else None)
