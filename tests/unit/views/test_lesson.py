"""Unit tests of the built-in lesson (ui/views/lesson.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.navigation import PAGES
from ui.views.lesson import TOUR, Step, from_json, moved, position, step_of, to_json

ROOT = Path(__file__).resolve().parents[3]


def test_the_tour_visits_every_page_in_order_and_every_step_exists() -> None:
    pages = [step.page for step in TOUR()]
    assert list(dict.fromkeys(pages)) == [entry.path for entry in PAGES]
    assert all((ROOT / page).exists() for page in pages)


def test_a_position_names_its_step_and_its_neighbours() -> None:
    first, last = position(TOUR(), 0), position(TOUR(), len(TOUR()) - 1)
    assert first.heading.startswith(f"Step 1 of {len(TOUR())}: ") and first.back is None and first.next == TOUR()[1]
    assert last.next is None and last.back == TOUR()[-2]


def test_a_step_outside_the_lesson_is_clamped_into_it() -> None:
    assert position(TOUR(), -5).index == 0
    assert position(TOUR(), 999).index == len(TOUR()) - 1


PAGE_FILES = tuple(entry.path for entry in PAGES)


def test_a_view_becomes_a_step_without_presentation_s_own_parameters() -> None:
    step = step_of("pages/1_Attacks.py", {"att_tab": ["averaging"], "present": ["1"], "step": ["2"]}, "Mine")
    assert step == Step("pages/1_Attacks.py", (("att_tab", "averaging"),), "Mine")


def test_a_lesson_round_trips_through_its_file_and_a_bad_file_is_refused() -> None:
    assert from_json(to_json(TOUR()), PAGE_FILES) == TOUR()
    for bad in ("nope", '{"lesson": []}', '{"lesson": [{"page": "/etc/passwd", "query": [], "title": "x"}]}'):
        with pytest.raises(ValueError, match="lesson"):
            from_json(bad, PAGE_FILES)


def test_moving_a_step_keeps_every_step() -> None:
    assert moved(TOUR(), 0, 1)[:2] == (TOUR()[1], TOUR()[0])
    assert moved(TOUR(), 0, -1) == TOUR()
    assert sorted(moved(TOUR(), 3, 99), key=TOUR().index) == list(TOUR())
