"""The browser side of a chart that steps through its frames itself (ui/charts/stepped.py):
`follow` tells the server where the chart's slider stands, `reading` shows the sentences of the
frame on show. Inline HTML/CSS/JS with st.components.v2, no build step."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import streamlit as st

from ui.reading import Block

_HERE = Path(__file__).parent
_FOLLOW = st.components.v2.component("dpx_step_follow", html="<span></span>",
                                     js=(_HERE / "follow.js").read_text(encoding="utf-8"))
BLOCKS_JS = (_HERE / "blocks.js").read_text(encoding="utf-8")  # draws [kind, content] blocks as text
READING_CSS = (_HERE / "reading.css").read_text(encoding="utf-8")
_READING = st.components.v2.component(
    "dpx_step_reading", html='<div class="reading"></div>',
    css=READING_CSS, js=BLOCKS_JS + (_HERE / "reading.js").read_text(encoding="utf-8"),
)


def follow(key: str, chart: str, followers: str, labels: Sequence[str], pause_ms: int,
           on_step: Callable[[], None], partial: bool = False) -> None:
    """Mount the invisible follower of the slider in the container matching CSS selector `chart`
    (charts in containers matching `followers` take each of its steps); `on_step` runs when it
    reports a new position (read it with `reported(key)`). A `partial` chart (frames still to
    compute) reports its step as a click would: the page reruns with every frame."""
    _FOLLOW(key=key, data={"chart": chart, "followers": followers, "labels": list(labels), "pause": pause_ms,
                           "partial": partial},
            height=0, on_step_change=on_step)


def reported(key: str) -> tuple[int, bool, float] | None:
    """The last position the follower `key` reported, whether it was sent at once because the user
    pressed something else (then the page must rerun whole), and its stamp (a new report has a new
    one), if any."""
    state = st.session_state.get(key)
    step = state.get("step") if hasattr(state, "get") else getattr(state, "step", None)
    if not isinstance(step, dict) or not isinstance(step.get("index"), int):
        return None
    return step["index"], bool(step.get("now")), float(step.get("at") or 0)


def reading(key: str, chart: str, steps: Sequence[Sequence[Block]], start: int) -> None:
    """The sentences of frame `start`, swapped for another frame's when the slider moves."""
    _READING(key=key, data={"chart": chart, "steps": [[list(block) for block in blocks] for blocks in steps],
                            "start": start}, height="content")
