"""Yes / No buttons that randomize the answer on the student's device (st.components.v2, inline
HTML/CSS/JS, no build step). The JavaScript draws with `crypto.getRandomValues` and sends only the
randomized answer, as the trigger "answer" ("yes" or "no", with the browser's own token after a
":" so that a reload cannot answer twice): the true one never reaches the server.
With the coin protocol it sends the button pressed (the student randomized with a real coin)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import streamlit as st

from ui.views.poll.student import parse_answer

_HERE = Path(__file__).parent
_COMPONENT = st.components.v2.component(
    "dpx_rr_buttons",
    html=(_HERE / "rr_buttons.html").read_text(encoding="utf-8"),
    css=(_HERE / "rr_buttons.css").read_text(encoding="utf-8"),
    js=(_HERE / "rr_buttons.js").read_text(encoding="utf-8"),
)


def rr_buttons(key: str, p: float, method: str, labels: dict[str, str], disabled: bool,
               on_answer: Callable[[], None], presses: int = 0, seen: tuple[str, bool, bool] = ("", False, True),
               ) -> None:
    """Mount the buttons; `on_answer` runs when a randomized answer arrives (read it with `sent(key)`).
    `labels` holds "yes", "no" and "sending" in the page's language. `presses`: answers sent so far in
    this session; a new count is new data, so after a press the server refused without storing it
    (busy, too fast) the buttons are drawn again, enabled, instead of staying on "Sending…".
    `seen`: the poll's code, whether the server knows this phone answered it, and whether it has
    checked the browser's token yet (a browser that answered before opens locked until then)."""
    code, answered, checked = seen
    _COMPONENT(key=key, data={"p": p, "mode": method, "disabled": disabled, "presses": presses, **labels,
                              "code": code, "answered": answered, "checked": checked},
               on_answer_change=on_answer, height="content")


def sent(key: str) -> tuple[bool | None, str | None]:
    """What the buttons just sent (see `ui.views.poll.student.parse_answer`)."""
    state = st.session_state.get(key)
    return parse_answer(state.get("answer") if hasattr(state, "get") else getattr(state, "answer", None))
