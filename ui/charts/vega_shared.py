"""Vega-Lite pieces shared by the Exponential mechanism and Randomized response charts (and fit
for ui.charts.theme, where the Histogram page's own `_bins_x` could use them too)."""

from __future__ import annotations

from collections.abc import Sequence

# The theme cuts legend labels at 160 px; series named by a phrase need more room.
WIDE_LEGEND: dict[str, object] = {"labelLimit": 400}


def category_x(field: str, labels: Sequence[str], title: str) -> dict[str, object]:
    """Categories on the x axis in their own order; labels stay level (centred) when few, turn when many."""
    return {"field": field, "type": "nominal", "sort": list(labels), "title": title,
            "axis": {"labelAngle": 0, "labelAlign": "center"} if len(labels) <= 8 else {"labelAngle": -45}}
