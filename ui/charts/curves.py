"""Curves and bars any page can use: plain numbers in, a Vega-Lite spec out (ui.charts.theme's look).

`lines` draws named curves (log or linear axes) with the page's choice marked; `bars` one horizontal
bar per name, optionally with what theory expects; `grouped_bars` several series per category. Every number sits in a named dataset, so a new
setting swaps data in a chart the browser has already drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from dpcore.limits import MAX_BARS as MAX_CATEGORIES  # categories drawn on a bar chart (a table keeps them all)
from ui.charts.theme import (
    COLORS,
    FONT_SIZE,
    LEGEND_BELOW,
    LEGEND_WRAPPED,
    Title,
    axis_title,
    category_x,
    series_color,
    vega,
)


@dataclass(frozen=True)
class AxisLabels:
    """Title and axis titles of one chart, and the title of its series (legend, tooltips)."""

    title: Title
    x: str
    y: str
    series: str


@dataclass(frozen=True)
class Line:
    """One named curve: its colour, dashed or not, drawn thick (the one the page recommends; in the
    data, so a new recommendation leaves the spec as it is)."""

    name: str
    x: np.ndarray
    y: np.ndarray
    color: str
    dashed: bool = False
    thick: bool = False


@dataclass(frozen=True)
class Marker:
    """A point with a note beside it (this run, the current setting), or a vertical rule when y is None."""

    x: float
    y: float | None
    note: str


def lines(
    curves: Sequence[Line], labels: AxisLabels, *, x_log: bool = True, y_log: bool = True,
    markers: Sequence[Marker] = (), x_format: str = ",~s", y_format: str = ",.1~r",
) -> dict:
    """Curves on (by default) log-log axes (layer "curves"), the page's choice as crosses with their
    notes (layers "markers", "marker_notes") and vertical rules with theirs (layers "rules",
    "rule_notes"). The legend shows lines only; a marker is named by its note."""
    names = tuple(c.name for c in curves)
    table = pa.table({
        "x": np.concatenate([np.asarray(c.x, float) for c in curves]),
        "y": np.concatenate([np.asarray(c.y, float) for c in curves]),
        "series": pa.array(np.concatenate([[c.name] * len(c.x) for c in curves]), pa.string()),
        "width": np.concatenate([np.full(len(c.x), 5.0 if c.thick else 2.5) for c in curves]),
    })
    points = [m for m in markers if m.y is not None]
    rules = [m for m in markers if m.y is None]
    point_table = pa.table({"x": [float(m.x) for m in points], "y": [float(m.y or 0) for m in points],
                            "note": pa.array([m.note for m in points], pa.string())})
    rule_table = pa.table({"x": [float(m.x) for m in rules], "note": pa.array([m.note for m in rules], pa.string())})
    x = {"field": "x", "type": "quantitative", "title": labels.x, "axis": {"format": x_format},
         "scale": {"type": "log"} if x_log else {"zero": False}}
    y_title = labels.y.split("\n") if "\n" in labels.y else labels.y  # a long title on lines: a short plot fits it
    y = {"field": "y", "type": "quantitative", "title": y_title, "axis": {"format": y_format},
         "scale": {"type": "log"} if y_log else {"zero": True}}
    two_columns = len(names) > 3 and max(len(name) for name in names) <= 14  # short names only: a phone is narrow
    color = {**series_color(names, tuple(c.color for c in curves)), "title": labels.series,
             "legend": {**(LEGEND_BELOW if two_columns else LEGEND_WRAPPED), "titleLimit": 270}}
    dash = {"field": "series", "type": "nominal", "title": labels.series,
            "scale": {"domain": list(names), "range": [[8, 5] if c.dashed else [1, 0] for c in curves]}}
    width = {"field": "width", "type": "quantitative", "legend": None, "scale": None}  # in the data: the best line moves
    tooltip = [{"field": "series", "title": labels.series}, {"field": "x", "title": labels.x, "format": ",.3~g"},
               {"field": "y", "title": labels.y.replace("\n", " "), "format": ",.3~r"}]
    note = {"type": "text", "align": "left", "baseline": "bottom", "dx": 8, "dy": -4, "lineBreak": "\n",
            "fontSize": FONT_SIZE - 3, "color": COLORS["danger"]}
    layers = [
        {"name": "curves", "data": {"name": "curves"}, "mark": {"type": "line", "clip": True},
         "encoding": {"x": x, "y": y, "color": color, "strokeDash": dash, "strokeWidth": width, "tooltip": tooltip}},
        {"name": "rules", "data": {"name": "rules"}, "mark": {"type": "rule", "strokeDash": [2, 3], "color": COLORS["danger"]},
         "encoding": {"x": {**x, "field": "x"}}},
        {"name": "rule_notes", "data": {"name": "rules"}, "mark": {**note, "baseline": "top", "dy": 4, "y": 0},
         "encoding": {"x": {**x, "field": "x"}, "text": {"field": "note"}}},
        {"name": "markers", "data": {"name": "markers"},
         "mark": {"type": "point", "shape": "cross", "filled": True, "size": 200, "opacity": 1, "color": COLORS["danger"]},
         "encoding": {"x": x, "y": y}},
        {"name": "marker_notes", "data": {"name": "markers"}, "mark": note,
         "encoding": {"x": x, "y": y, "text": {"field": "note"}}},
    ]
    datasets = {"curves": table, "markers": point_table, "rules": rule_table}
    return vega(layers, datasets, labels.title, height=320)


def bars(
    names: Sequence[str], values: np.ndarray, colors: Sequence[str], labels: AxisLabels,
    expected: np.ndarray | None = None, value_format: str = ".3~g",
) -> dict:
    """One horizontal bar per name (layer "bars") with its value written at its end (layer
    "values"); with `expected`, a black tick for what theory predicts (layer "expected")."""
    table = pa.table({"series": pa.array(list(names), pa.string()), "value": np.asarray(values, float),
                      "expected": np.asarray(expected if expected is not None else np.full(len(names), np.nan), float)})
    y = {"field": "series", "type": "nominal", "sort": list(names), "title": None, "axis": {"labelLimit": 260}}
    x = {"field": "value", "type": "quantitative", "title": axis_title(labels.x), "axis": {"format": "~g"}}
    color = {**series_color(tuple(names), tuple(colors)), "legend": None}
    tooltip = [{"field": "series", "title": labels.series}, {"field": "value", "title": labels.x, "format": value_format}]
    layers = [
        {"name": "bars", "data": {"name": "bars"}, "mark": {"type": "bar"},
         "encoding": {"y": y, "x": x, "color": color, "tooltip": tooltip}},
        {"name": "values", "data": {"name": "bars"}, "mark": {"type": "text", "align": "left", "dx": 6},
         "encoding": {"y": y, "x": x, "text": {"field": "value", "format": value_format}}},
    ]
    if expected is not None:
        layers.append({"name": "expected", "data": {"name": "bars"},
                       "mark": {"type": "tick", "thickness": 3, "color": "#1a1a1a", "size": 26},
                       "encoding": {"y": y, "x": {**x, "field": "expected"},
                                    "tooltip": [{"field": "expected", "title": labels.y, "format": value_format}]}})
    return vega(layers, {"bars": table}, labels.title, height=max(120, 44 * len(names)))


def grouped_bars(
    categories: Sequence[str], series: Mapping[str, np.ndarray], colors: Sequence[str], labels: AxisLabels,
) -> dict:
    """Bars per category, one per named series side by side (layer "bars"), and a zero line
    (layer "zero"): the true shares against estimates before and after post-processing."""
    shown = min(len(categories), MAX_CATEGORIES)
    bins = [str(c) for c in categories[:shown]]
    names = tuple(series)
    table = pa.table({
        "bin": pa.array(bins * len(names), pa.string()),
        "series": pa.array(np.repeat(names, shown), pa.string()),
        "value": np.concatenate([np.asarray(v, float)[:shown] for v in series.values()]),
    })
    x = category_x("bin", bins, labels.x)
    y = {"field": "value", "type": "quantitative", "title": labels.y}
    color = {**series_color(names, tuple(colors)), "title": labels.series,
             "legend": {**LEGEND_BELOW, "columns": 1, "labelLimit": 300}}
    layers = [
        {"name": "bars", "data": {"name": "bars"}, "mark": {"type": "bar"},
         "encoding": {"x": x, "xOffset": {"field": "series", "sort": list(names), "scale": {"domain": list(names)}},
                      "y": y, "color": color,
                      "tooltip": [{"field": "bin", "title": labels.x}, {"field": "series", "title": labels.series},
                                  {"field": "value", "title": labels.y, "format": ".3f"}]}},
        {"name": "zero", "mark": {"type": "rule", "color": COLORS["neutral"]},
         "encoding": {"y": {"datum": 0, "type": "quantitative"}}},
    ]
    return vega(layers, {"bars": table}, labels.title, height=300)
