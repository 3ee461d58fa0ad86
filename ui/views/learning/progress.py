"""What a grid being trained in the background says about itself: its stage as a sentence (the
experiment reports stage ids and numbers, `ui.views.learning.experiment`), or its place in the queue."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui import fmt
from ui.text.learning import TEXT


def describe(state: str, share: float, stage: str, params: Mapping[str, Any], ahead: int) -> str:
    """One line under the progress bar: where the computation is, and how far (a share)."""
    done = fmt.percent(share) if share > 0 else "0%"
    if state == "queued":
        return TEXT["stage_queued"].format(ahead=ahead + 1)
    epsilon = params.get("epsilon")
    if stage in ("shadows", "attack") and epsilon is None:
        stage = f"{stage}_plain"
    words = {**params, "eps": f"{epsilon:g}" if isinstance(epsilon, float) else ""}
    if "knob" in params:
        words["knob"] = TEXT[f"knob_name_{params['knob']}"]
        words["value"] = f"{params['value']:g}"
    key = f"stage_{stage}" if f"stage_{stage}" in TEXT else "stage_prepare"
    return TEXT["stage_line"].format(stage=TEXT[key].format(**words), done=done)
