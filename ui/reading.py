"""A reading: the sentences under a chart as plain blocks, which the browser can swap on a step of a
chart's own slider (ui/components/stepper) without a rerun, and never parses as HTML."""

from __future__ import annotations

from typing import Literal

Kind = Literal["p", "strong", "li", "error"]  # a paragraph, a bold line, a bulleted item, a refusal
Block = tuple[Kind, str]
