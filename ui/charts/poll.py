"""Charts of the Live poll page: plain numbers in, Vega-Lite specs out.

The numbers sit in named datasets, so each second's refresh of the teacher's view only swaps data
into the chart the browser has already laid out (the spec stays the same as answers arrive).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from ui.charts.theme import COLORS, LEGEND_BELOW, Title, series_color, vega


@dataclass(frozen=True)
class IntervalLabels:
    """Texts of the interval-against-answers chart: title, axes and the three series."""

    title: Title
    x: str
    y: str
    estimate: str
    band: str
    raw: str


def interval_over_answers(
    n: np.ndarray, estimate: np.ndarray, low: np.ndarray, high: np.ndarray, raw: np.ndarray,
    labels: IntervalLabels,
) -> dict:
    """The de-biased estimate and its interval (layer "band", at least 95%) after the first n answers, against
    n, with the raw share of "yes" (dashed; both in layer "lines"), and where they stand now: dots at the
    last n and its interval as a bar (layers "now" and "now_band"; with one answer a line has nothing to
    draw). Shares are given in [0, 1] (the view clips the estimate and the interval there) and read as
    percentages on an axis from 0% to 100%."""
    n = np.asarray(n, dtype=float)
    names = (labels.band, labels.estimate, labels.raw)
    band = pa.table({"n": n, "low": np.asarray(low, float), "high": np.asarray(high, float),
                     "series": pa.array([labels.band] * n.size, pa.string())})
    lines = pa.table({
        "n": np.tile(n, 2),
        "share": np.concatenate([np.asarray(estimate, float), np.asarray(raw, float)]),
        "series": pa.array([labels.estimate] * n.size + [labels.raw] * n.size, pa.string()),
    })
    lines = lines.append_column("dash", lines["series"])  # a copy: a dash on "series" would merge legends
    last = pa.array([2 * n.size - 1, n.size - 1] if n.size else [], pa.int64())  # raw, then the estimate on top
    now, now_band = lines.take(last), band.slice(max(0, n.size - 1))
    color = {**series_color(names, (COLORS["band"], COLORS["d"], COLORS["neutral"])),
             "legend": {**LEGEND_BELOW, "columns": 3, "labelLimit": 200}}
    x = {"field": "n", "type": "quantitative", "title": labels.x, "axis": {"format": ",d", "tickMinStep": 1},
         "scale": {"zero": False, "nice": False, "padding": 16}}  # room for the dots at the last count
    y = {"type": "quantitative", "title": labels.y, "scale": {"domain": [0, 1]},
         "axis": {"format": ".0%", "values": [0, 0.25, 0.5, 0.75, 1]}}
    tooltip = [{"field": "n", "title": labels.x, "format": ","},
               {"field": "share", "title": labels.y, "format": ".0%"}, {"field": "series", "title": " "}]
    layers = [
        {"name": "band", "data": {"name": "band"}, "mark": {"type": "area", "clip": True},
         "encoding": {"x": x, "y": {**y, "field": "low"}, "y2": {"field": "high"}, "color": color}},
        {"name": "lines", "data": {"name": "lines"},
         "mark": {"type": "line", "clip": True, "strokeWidth": 3},
         "encoding": {"x": x, "y": {**y, "field": "share"}, "color": color, "tooltip": tooltip,
                      "strokeDash": {"field": "dash", "type": "nominal", "legend": None,
                                     "scale": {"domain": [labels.estimate, labels.raw], "range": [[1, 0], [6, 4]]}}}},
        {"name": "now_band", "data": {"name": "now_band"}, "mark": {"type": "rule", "strokeWidth": 8},
         "encoding": {"x": x, "y": {**y, "field": "low"}, "y2": {"field": "high"}, "color": color}},
        {"name": "now", "data": {"name": "now"}, "mark": {"type": "point", "filled": True, "size": 140, "opacity": 1},
         "encoding": {"x": x, "y": {**y, "field": "share"}, "color": color, "tooltip": tooltip}},
    ]
    return vega(layers, {"band": band, "lines": lines, "now": now, "now_band": now_band}, labels.title, height=300)
