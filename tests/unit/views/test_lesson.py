"""Unit tests of the built-in lesson (ui/views/lesson.py)."""

from __future__ import annotations

from pathlib import Path

from ui.navigation import PAGES
from ui.views.lesson import TOUR, position

ROOT = Path(__file__).resolve().parents[3]


def test_the_tour_visits_every_page_in_order_and_every_step_exists() -> None:
    pages = [step.page for step in TOUR]
    assert list(dict.fromkeys(pages)) == [entry.path for entry in PAGES]
    assert all((ROOT / page).exists() for page in pages)


def test_a_position_names_its_step_and_its_neighbours() -> None:
    first, last = position(TOUR, 0), position(TOUR, len(TOUR) - 1)
    assert first.heading.startswith(f"Step 1 of {len(TOUR)}: ") and first.back is None and first.next == TOUR[1]
    assert last.next is None and last.back == TOUR[-2]


def test_a_step_outside_the_lesson_is_clamped_into_it() -> None:
    assert position(TOUR, -5).index == 0
    assert position(TOUR, 999).index == len(TOUR) - 1
