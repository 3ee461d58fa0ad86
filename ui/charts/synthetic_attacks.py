"""Charts of the synthetic-data page's attacks tab: plain numbers in, Vega-Lite specs out
(ui.charts.theme's look). `risk_bars` draws each attack's measured risk for every table attacked
(one group of bars per ε, and the training rows published as they are), its interval as a line and
what ε allows as a black tick. Every number sits in a named dataset; a layer's name is where tests
find its marks (`g.<name>_marks`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from ui.charts.theme import LEGEND_WRAPPED, PERCENT_AXIS, Title, category_x, series_color, vega


@dataclass(frozen=True)
class RiskLabels:
    title: Title
    x: str  # the table attacked (its ε)
    y: str  # the risk
    series: str  # the attack
    low: str  # tooltip: lower end of the interval
    high: str  # tooltip: upper end
    bound: str  # tooltip: what ε allows


def risk_bars(tables: Sequence[str], attacks: Sequence[str], colors: Sequence[str], risk: np.ndarray,
              low: np.ndarray, high: np.ndarray, bound: np.ndarray, labels: RiskLabels) -> dict:
    """For each table (x) one bar per attack (layer "bars", arrays shaped attacks x tables), its
    interval as a vertical line (layer "intervals") and, where ε bounds it (not NaN), a black tick at
    the highest risk ε allows (layer "bounds")."""
    count = len(tables)
    table = pa.table({
        "table": pa.array(list(tables) * len(attacks), pa.string()),
        "series": pa.array(np.repeat(list(attacks), count), pa.string()),
        "risk": np.asarray(risk, float).ravel(),
        "low": np.asarray(low, float).ravel(),
        "high": np.asarray(high, float).ravel(),
        "bound": np.asarray(bound, float).ravel(),
    })
    x = category_x("table", list(tables), labels.x)
    offset = {"field": "series", "sort": list(attacks), "scale": {"domain": list(attacks), "paddingInner": 0.1}}
    y = {"field": "risk", "type": "quantitative", "title": labels.y, "axis": {"format": PERCENT_AXIS},
         "scale": {"domain": [0, 1]}}
    color = {**series_color(tuple(attacks), tuple(colors)), "title": labels.series,
             "legend": {**LEGEND_WRAPPED, "titleLimit": 270}}
    tooltip = [{"field": "table", "title": labels.x}, {"field": "series", "title": labels.series},
               {"field": "risk", "title": labels.y, "format": ".1%"},
               {"field": "low", "title": labels.low, "format": ".1%"},
               {"field": "high", "title": labels.high, "format": ".1%"},
               {"field": "bound", "title": labels.bound, "format": ".1%"}]
    layers: list[dict] = [
        {"name": "bars", "data": {"name": "risks"}, "mark": {"type": "bar"},
         "encoding": {"x": x, "xOffset": offset, "y": y, "color": color, "tooltip": tooltip}},
        {"name": "intervals", "data": {"name": "risks"}, "mark": {"type": "rule", "strokeWidth": 2, "color": "#1a1a1a"},
         "encoding": {"x": x, "xOffset": offset, "y": {**y, "field": "low"}, "y2": {"field": "high"}}},
        {"name": "bounds", "data": {"name": "risks"}, "transform": [{"filter": "isValid(datum.bound)"}],
         "mark": {"type": "tick", "thickness": 3, "color": "#1a1a1a", "orient": "horizontal"},
         "encoding": {"x": x, "xOffset": offset, "y": {**y, "field": "bound"}, "tooltip": tooltip}},
    ]
    return vega(layers, {"risks": table}, labels.title, height=300)
