"""Presentation mode in the browser (st.components.v2, inline JS, no build step): a clicker's keys
and the arrow keys step through the lesson whatever has the focus, and a step's readings show only
the sentences its stage names.

A clicker sends PageDown (or Space) for next and PageUp for back. Streamlit's button shortcuts do
not fire while a slider has the focus (the slider takes the arrow, LEARNED.md): the keys are heard
on the window in the capture phase, before any element, and press the lesson bar's own Back or
Next button. Up and Down still move a focused slider (a keyboard's way to use it), and nothing is
taken from a text box being typed in."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

_KEYS = st.components.v2.component(
    "dpx_lesson_keys", html="<span></span>",
    js=(Path(__file__).parent / "lesson_keys.js").read_text(encoding="utf-8"),
)


def lesson_keys(key: str, back: str, ahead: str, readings: dict[str, list[int]]) -> None:
    """Listen for the lesson's keys on this page: `back` and `ahead` are the element keys of the
    Back and Next buttons; `readings` maps a reading's element key to the blocks it shows (from 1).
    Give each step its own `key` (a component whose data change runs again without its cleanup)."""
    _KEYS(key=key, data={"back": back, "next": ahead, "readings": readings}, height=0)
