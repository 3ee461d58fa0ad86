"""Charts of the Machine learning page: named curves, some with a point at each value they were
measured at, some dashed (a reference: the model without privacy, the majority baseline, chance), on
axes whose range the view fixes (so a chart that steps through ε keeps its axes). Plain numbers in,
a Vega-Lite spec out (ui.charts.theme's look); every number in the dataset "curves"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from ui.charts.theme import LEGEND_WRAPPED, Title, series_color, vega


@dataclass(frozen=True)
class Curve:
    """One named curve: its colour, dashed or not, with a point at each of its values or not."""

    name: str
    x: np.ndarray
    y: np.ndarray
    color: str
    dashed: bool = False
    points: bool = False


@dataclass(frozen=True)
class Labels:
    """A chart's title (a tuple: one line each) and its axes' titles."""

    title: Title
    x: str
    y: str


@dataclass(frozen=True)
class Axis:
    """How an axis reads: log or linear, its range (None: from the data), its labels' format and,
    when given, the values that get a tick."""

    log: bool = False
    domain: tuple[float, float] | None = None
    format: str = ",~g"
    ticks: tuple[float, ...] | None = None


def curves(lines: Sequence[Curve], labels: Labels, x: Axis, y: Axis, height: int = 300) -> dict:
    """The curves (layer "lines") and their measured values (layer "points"), a legend under the plot
    that shows each curve's dash."""
    names = tuple(c.name for c in lines)
    table = pa.table({
        "x": np.concatenate([np.asarray(c.x, float) for c in lines]),
        "y": np.concatenate([np.asarray(c.y, float) for c in lines]),
        "series": pa.array(np.concatenate([[c.name] * len(c.x) for c in lines]), pa.string()),
        "dot": np.concatenate([np.full(len(c.x), 1 if c.points else 0, np.int8) for c in lines]),
    })

    def axis(spec: Axis, field: str, title: str) -> dict[str, object]:
        scale: dict[str, object] = {"type": "log"} if spec.log else {"zero": False, "nice": False}
        if spec.domain is not None:
            scale["domain"] = list(spec.domain)
        extra: dict[str, object] = {"tickCount": 6} if spec.ticks is None else {"values": list(spec.ticks)}
        return {"field": field, "type": "quantitative", "title": title, "scale": scale,
                "axis": {"format": spec.format, **extra}}

    xe, ye = axis(x, "x", labels.x), axis(y, "y", labels.y)
    legend = {**LEGEND_WRAPPED, "symbolType": "stroke", "symbolStrokeWidth": 4, "symbolSize": 500}
    color = {**series_color(names, tuple(c.color for c in lines)), "legend": legend}
    dash = {"field": "series", "type": "nominal", "title": " ",
            "scale": {"domain": list(names), "range": [[8, 5] if c.dashed else [1, 0] for c in lines]}}
    tooltip = [{"field": "series", "title": " "}, {"field": "x", "title": labels.x, "format": x.format},
               {"field": "y", "title": labels.y, "format": y.format}]
    layers: list[dict] = [
        {"name": "lines", "data": {"name": "curves"}, "mark": {"type": "line", "clip": True, "strokeWidth": 3},
         "encoding": {"x": xe, "y": ye, "color": color, "strokeDash": dash, "tooltip": tooltip}},
        {"name": "points", "data": {"name": "curves"}, "transform": [{"filter": "datum.dot > 0"}],
         "mark": {"type": "point", "filled": True, "size": 90, "opacity": 1, "clip": True},
         "encoding": {"x": xe, "y": ye, "color": color, "tooltip": tooltip}},
    ]
    return vega(layers, {"curves": table}, labels.title, height=height)
