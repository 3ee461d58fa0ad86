"""A reading: the sentences under a chart as plain blocks, which the browser can swap on a step of a
chart's own slider (ui/components/stepper) without a rerun, and never parses as HTML.

A block is (kind, text): "p" a paragraph, "strong" a bold line, "li" an item of a bulleted list,
"error" a refusal; in "p" and "li", text between ** and ** is bold (as in markdown, nothing else
is). Or ("table", rows): a small table, its first row the header, cells as text; or ("metrics",
rows): a row of big numbers, each row (label, value).
"""

from __future__ import annotations

from typing import Literal

Kind = Literal["p", "strong", "li", "error"]
Rows = tuple[tuple[str, ...], ...]
Block = tuple[Kind, str] | tuple[Literal["table", "metrics"], Rows]
