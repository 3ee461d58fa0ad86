"""AppTest for presentation mode: the lesson bar, Back and Next across pages, and leaving."""

from __future__ import annotations

import json

from tests.app.conftest import assert_clean, live_links, run_page
from ui.presentation import LESSON_BOX
from ui.safe import md_escape
from ui.text.attacks import TEXT as ATTACKS_TEXT
from ui.text.common import TEXT
from ui.text.randomized_response import TEXT as RR_TEXT
from ui.views.lesson import TOUR

ATTACKS, RR = ATTACKS_TEXT["title"], RR_TEXT["title"]


def _heading(at) -> str:  # noqa: ANN001 - an AppTest
    return next(m.value for m in at.markdown if m.value.startswith("**Step "))


def test_next_and_back_open_each_step_with_its_settings() -> None:
    at = run_page("app.py", {"present": "1", "step": "0"})
    assert_clean(at)
    assert _heading(at) == f"**Step 1 of {len(TOUR())}: {md_escape(TOUR()[0].title)}**"
    for n in range(1, len(TOUR())):
        at.button(key="lesson_next").click().run()
        assert_clean(at)
        assert _heading(at).startswith(f"**Step {n + 1} of")
        assert at.query_params["step"] == str(n)
        for key, value in TOUR()[n].query:
            assert at.query_params.get(key, value) == value  # a default value leaves the address
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
