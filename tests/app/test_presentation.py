"""AppTest for presentation mode: the lesson bar, Back and Next across pages, each step's stage
(what a projector shows of it) and its keys, charts in a projector's type, and leaving."""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import assert_clean, component_data, live_links, run_page, vega_specs
from tests.unit.views.test_learning_views import results as learning_results
from ui import memo
from ui.background import Jobs
from ui.charts.slides import SCALE_EXPR
from ui.presentation import LESSON_BOX, stage_style
from ui.safe import md_escape
from ui.text.attacks import TEXT as ATTACKS_TEXT
from ui.text.common import TEXT
from ui.text.randomized_response import TEXT as RR_TEXT
from ui.views.lesson import TOUR, Step, stage_of

ATTACKS, RR = ATTACKS_TEXT["title"], RR_TEXT["title"]


def _heading(at) -> str:  # noqa: ANN001 - an AppTest
    return next(m.value for m in at.markdown if m.value.startswith("**Step "))


def _keys(at: AppTest) -> set[str]:
    """The keys of every element and container the page drew."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(getattr(node, "key", None), str):
            found.add(node.key)  # type: ignore[attr-defined]
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return found


def _styles(at: AppTest) -> str:
    return "".join(h.proto.body for h in at.get("html"))  # type: ignore[attr-defined]


def _shows_its_stage(at: AppTest, n: int) -> None:
    """Step `n` of the tour is drawn with its stage's style, the keys' listener told which blocks of
    each reading to show, and every element the stage names by key on the page."""
    stage = TOUR()[n].stage
    keys = component_data(at, f"lesson_keys_tour_{n}")
    assert (keys["back"], keys["next"]) == ("lesson_back", "lesson_next")
    if stage is None:
        assert keys["readings"] == {} and "grid-template-columns" not in _styles(at)
        return
    assert stage_style(stage) in _styles(at)
    assert keys["readings"] == {key: list(blocks) for key, blocks in stage.sentences if blocks}
    named = {m for s in (*stage.main, stage.menu or "") for m in re.findall(r"\.st-key-([\w-]+)", s)}
    missing = (named | {key for key, _ in stage.sentences}) - _keys(at)
    assert not missing, f"step {n + 1} ({TOUR()[n].page}) draws no element keyed {missing}"


@pytest.fixture
def learning_trained(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Machine learning step's grid, trained as the server's warm-up trains it (here a grid built
    by hand, tests/unit/views/test_learning_views: no minute of training in a test)."""
    from ui.tabs.learning import common
    from ui.views.learning import experiment

    jobs: Jobs[object] = Jobs("test-presentation")
    monkeypatch.setattr(common, "JOBS", jobs)
    monkeypatch.setattr(memo, "_SHARED", OrderedDict())
    monkeypatch.setattr(experiment, "run", lambda setup, report=None: learning_results())
    common.warm(42)
    assert jobs.idle(60)
    yield


@pytest.mark.usefixtures("learning_trained")
def test_next_and_back_open_each_step_with_its_settings_and_its_stage() -> None:
    at = run_page("app.py", {"present": "1", "step": "0"})
    assert_clean(at)
    assert _heading(at) == f"**Step 1 of {len(TOUR())}: {md_escape(TOUR()[0].title)}**"
    _shows_its_stage(at, 0)
    for n in range(1, len(TOUR())):
        at.button(key="lesson_next").click().run()
        assert_clean(at)
        assert _heading(at).startswith(f"**Step {n + 1} of")
        assert at.query_params["step"] == str(n)
        for key, value in TOUR()[n].query:
            assert at.query_params.get(key, value) == value  # a default value leaves the address
        _shows_its_stage(at, n)
    assert not [b for b in at.button if b.key == "lesson_next"]  # the last step has no Next
    at.button(key="lesson_back").click().run()
    assert _heading(at).startswith(f"**Step {len(TOUR()) - 1} of")


def test_exit_leaves_presentation_mode_and_the_sidebar_enters_it() -> None:
    at = run_page("pages/1_Attacks.py", {"present": "1", "step": "1"})
    at.button(key="present_exit").click().run()
    assert_clean(at)
    assert "present" not in at.query_params
    assert not [m for m in at.markdown if m.value.startswith("**Step ")]
    at.button(key="present_start").click().run()
    assert _heading(at) == f"**Step 1 of {len(TOUR())}: {md_escape(TOUR()[0].title)}**"


def test_a_broken_step_in_the_address_opens_the_first_step() -> None:
    at = run_page("app.py", {"present": "1", "step": "abc"})
    assert_clean(at)
    assert _heading(at).startswith("**Step 1 of")


def test_a_teacher_builds_reorders_saves_and_presents_a_lesson() -> None:
    at = run_page("pages/1_Attacks.py", {"att_tab": "averaging"})
    at.button(key="lesson_add").click().run()
    at.switch_page("pages/5_Randomized_response.py").run()
    at.button(key="lesson_add").click().run()
    assert_clean(at)
    assert not [m for m in at.sidebar.markdown if m.value[:2] in ("1.", "2.")]  # closed: not drawn
    assert not at.sidebar.file_uploader and not [b for b in at.button if b.key == "lesson_present"]
    at.session_state[LESSON_BOX] = True  # the teacher opens "My lesson"
    at.run()
    assert [m.value for m in at.sidebar.markdown if m.value[:2] in ("1.", "2.")] == [
        f"1. {md_escape(ATTACKS)}", f"2. {md_escape(RR)}"]
    at.button(key="lesson_up_1").click().run()  # Randomized response first, then Attacks
    assert [m.value for m in at.sidebar.markdown if m.value[:2] in ("1.", "2.")] == [
        f"1. {md_escape(RR)}", f"2. {md_escape(ATTACKS)}"]
    at.button(key="lesson_present").click().run()
    assert_clean(at)
    assert _heading(at) == f"**Step 1 of 2: {md_escape(RR)}**"
    assert at.query_params["lesson"] == "mine"
    at.button(key="lesson_next").click().run()
    assert _heading(at) == f"**Step 2 of 2: {md_escape(ATTACKS)}**"
    assert at.query_params["att_tab"] == "averaging"  # the view was kept with its settings


def test_charts_offer_slide_files_only_in_presentation_mode() -> None:
    plain = run_page("pages/2_Histogram_and_neighbour.py")
    assert TEXT["slide_png"] not in [b.proto.label for b in plain.get("download_button")]
    at = run_page("pages/2_Histogram_and_neighbour.py", {"present": "1", "step": "3"})
    assert_clean(at)
    labels = [b.proto.label for b in at.get("download_button")]
    assert labels.count(TEXT["slide_png"]) == labels.count(TEXT["slide_svg"]) >= 2  # one pair per chart


def test_the_open_lesson_stays_open_as_views_are_added_and_pages_change() -> None:
    at = run_page("pages/1_Attacks.py")
    at.session_state[LESSON_BOX] = True
    at.run()
    at.button(key="lesson_add").click().run()  # "1 view" in the label: a new expander, kept open
    at.switch_page("pages/5_Randomized_response.py").run()
    at.button(key="lesson_add").click().run()
    assert_clean(at)
    assert [m.value for m in at.sidebar.markdown if m.value[:2] in ("1.", "2.")] == [
        f"1. {md_escape(ATTACKS)}", f"2. {md_escape(RR)}"]
    assert [b.key for b in at.button if b.key == "lesson_present"] == ["lesson_present"]


def test_a_loaded_lessons_titles_are_shown_as_text() -> None:
    """Issue 30: the titles of a lesson file are the file's text: in the list and in the lesson
    bar they show as typed, never as markdown or a link (the bar rendered them raw)."""
    titles = ["[v5](http://evil.example) **big**", "www.evil.example # a@evil.example"]
    lesson = json.dumps({"lesson": [{"page": "app.py", "title": t, "query": []} for t in titles]})
    at = run_page("pages/1_Attacks.py")
    at.session_state[LESSON_BOX] = True
    at.run()
    at.sidebar.file_uploader(key="lesson_file").set_value(("lesson.json", lesson.encode(), "application/json")).run()
    assert_clean(at)
    listed = [m.value for m in at.sidebar.markdown if m.value[:2] in ("1.", "2.")]
    assert listed == [f"1. {md_escape(titles[0])}", f"2. {md_escape(titles[1])}"]
    at.button(key="lesson_present").click().run()
    assert_clean(at)
    assert _heading(at) == f"**Step 1 of 2: {md_escape(titles[0])}**"
    assert live_links("\n".join([*listed, _heading(at)])) == []


def test_every_step_of_the_tour_has_a_stage_of_its_chart_and_one_or_two_sentences() -> None:
    for step in TOUR():
        assert step.stage is not None and step.stage.main, step.page
        assert all(len(blocks) <= 2 for _, blocks in step.stage.sentences), step.page  # none: shown whole


def test_a_teacher_s_own_step_of_a_tour_view_gets_the_tour_s_stage_and_others_the_whole_page() -> None:
    averaging = next(step for step in TOUR() if ("att_tab", "averaging") in step.query)
    assert stage_of(Step(averaging.page, averaging.query, "Mine")) == averaging.stage
    assert stage_of(Step(averaging.page, (("att_tab", "defence"),), "Mine")) is None
    at = run_page("pages/1_Attacks.py", {"att_tab": "defence"})
    at.button(key="lesson_add").click().run()
    at.session_state[LESSON_BOX] = True
    at.run()
    at.button(key="lesson_present").click().run()
    assert_clean(at)
    assert "grid-template-columns" not in _styles(at)  # shown whole
    assert component_data(at, "lesson_keys_mine_0")["readings"] == {}


def test_charts_take_a_projector_s_type_only_in_presentation_mode() -> None:
    def sizes(at: AppTest) -> list[object]:
        return [spec["config"]["axis"]["labelFontSize"] for spec in vega_specs(at)]

    plain = run_page("pages/2_Histogram_and_neighbour.py", {"hist_eps": "0.1"})
    assert sizes(plain) and all(isinstance(size, int) for size in sizes(plain))
    at = run_page("pages/2_Histogram_and_neighbour.py", {"present": "1", "step": "3", "hist_eps": "0.1"})
    assert sizes(at) and all(isinstance(size, dict) and SCALE_EXPR in size["expr"] for size in sizes(at))
    assert [spec["datasets"].keys() for spec in vega_specs(at)] == [spec["datasets"].keys()
                                                                   for spec in vega_specs(plain)]


def test_the_lesson_bar_leaves_the_keys_to_its_listener() -> None:
    """Streamlit's own shortcuts do not fire while a slider has the focus: the bar's buttons have
    none, and the page's listener (ui/components/lesson_keys) presses them."""
    at = run_page("pages/1_Attacks.py", {"present": "1", "step": "1"})
    for key in ("lesson_back", "lesson_next"):
        assert not at.button(key=key).proto.shortcut  # type: ignore[attr-defined]
