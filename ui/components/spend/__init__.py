"""The release planner's weights or target accuracies, with the table they give, as one element
(st.components.v2, inline HTML/CSS/JS, no build step): a typed number reruns one small fragment
and redraws plain DOM, not a row of Streamlit inputs and a markdown table (issue 10's speed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import streamlit as st

from ui.components.stepper import BLOCKS_JS, READING_CSS
from ui.reading import Block

_HERE = Path(__file__).parent
_COMPONENT = st.components.v2.component(
    "dpx_spend", html='<div class="spend"><div class="spend-inputs"></div><div class="reading"></div></div>',
    css=READING_CSS + (_HERE / "spend.css").read_text(encoding="utf-8"),
    js=BLOCKS_JS + (_HERE / "spend.js").read_text(encoding="utf-8"),
)


def typed(key: str) -> dict[int, float | None]:
    """The numbers last sent by the component `key`, by statistic id ({} before any)."""
    state = st.session_state.get(key)
    sent = state.get("values") if hasattr(state, "get") else None
    if not isinstance(sent, dict) or len(sent.get("uids") or ()) != len(sent.get("values") or ()):
        return {}
    return {int(uid): (float(v) if isinstance(v, (int, float)) and v >= 0 else None)
            for uid, v in zip(sent["uids"], sent["values"])}


def spend_inputs(key: str, names: Sequence[str], uids: Sequence[int], values: Sequence[float | None],
                 placeholder: str, step: float, blocks: Sequence[Block] = (), chart: str = "") -> None:
    """Mount the inputs (named `names`, showing `values`) and, under them, `blocks` of text; with
    `chart` (a CSS selector of a chart's container), each keystroke also reaches that chart's
    parameter `target_<slot>` (ui.charts.planner.TypedTarget)."""
    _COMPONENT(key=key, data={"names": list(names), "uids": list(uids), "values": list(values),
                              "placeholder": placeholder, "min": 0, "step": step,
                              "blocks": [list(b) for b in blocks], "chart": chart},
               height="content", on_values_change=_sent)


def _sent() -> None:
    """Streamlit keeps a component's state key only with a callback; the page reads it with `typed`."""
