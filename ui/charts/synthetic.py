"""Charts of the Synthetic data page: two-way marginals and correlations as heat maps, and the
pairs of columns MST measured as a graph. Plain numbers in, Vega-Lite specs out; column and
category names come from the data and are drawn by Vega as SVG text, never parsed as markup."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from ui.charts.theme import COLORS, FONT_SIZE, Title, category_x, vega


@dataclass(frozen=True)
class HeatLabels:
    title: Title
    x: str
    y: str
    value: str


def heatmap(x_labels: Sequence[str], y_labels: Sequence[str], values: np.ndarray, labels: HeatLabels,
            domain: tuple[float, float] = (0.0, 1.0), value_format: str = ".0%", diverging: bool = False) -> dict:
    """One cell per (x, y) pair coloured by its value on a fixed scale (layer "cells"), the value
    written in it (layer "values"): the same scale on the real and the synthetic table's maps.
    `diverging`: red below zero, blue above (correlations), with the x labels turned so long
    column names never run into each other."""
    xs, ys = [str(v) for v in x_labels], [str(v) for v in y_labels]
    grid = np.asarray(values, dtype=float).reshape(len(ys), len(xs))
    table = pa.table({
        "x": pa.array(np.tile(xs, len(ys)), pa.string()), "y": pa.array(np.repeat(ys, len(xs)), pa.string()),
        "value": grid.ravel(),
    })
    x = category_x("x", xs, labels.x)
    if diverging:
        x["axis"] = {**x["axis"], "labelAngle": -40, "labelAlign": "right"}
    y = {"field": "y", "type": "nominal", "sort": ys, "title": labels.y, "axis": {"labelLimit": 160}}
    tooltip = [{"field": "x", "title": labels.x}, {"field": "y", "title": labels.y},
               {"field": "value", "title": labels.value, "format": value_format}]
    layers = [
        {"name": "cells", "data": {"name": "cells"}, "mark": {"type": "rect"},
         "encoding": {"x": x, "y": y, "tooltip": tooltip,
                      "color": {"field": "value", "type": "quantitative", "title": labels.value,
                                "scale": {"domain": list(domain), "scheme": "redblue" if diverging else "blues"},
                                "legend": {"orient": "bottom", "format": value_format}}}},
        {"name": "values", "data": {"name": "cells"}, "mark": {"type": "text", "fontSize": FONT_SIZE - 5},
         "encoding": {"x": x, "y": y, "text": {"field": "value", "format": value_format},
                      "color": {"condition": {"test": f"abs(datum.value) > {0.6 * domain[1]}", "value": "white"},
                                "value": "#1a1a1a"}}},
    ]
    return vega(layers, {"cells": table}, labels.title, height=max(160, 34 * len(ys)))


def pair_graph(columns: Sequence[str], pairs: Sequence[tuple[str, str]], title: Title) -> dict:
    """The chosen columns on a circle (layers "nodes", "names") and a line for each pair of columns
    whose two-way marginal MST measured (layer "edges")."""
    angle = np.linspace(0, 2 * np.pi, len(columns), endpoint=False) + np.pi / 2
    where = {c: (float(np.cos(a)), float(np.sin(a))) for c, a in zip(columns, angle)}
    nodes = pa.table({"x": [where[c][0] for c in columns], "y": [where[c][1] for c in columns],
                      "name": pa.array(list(columns), pa.string())})
    edges = pa.table({"x": [where[a][0] for a, _ in pairs], "y": [where[a][1] for a, _ in pairs],
                      "x2": [where[b][0] for _, b in pairs], "y2": [where[b][1] for _, b in pairs]})
    x = {"type": "quantitative", "axis": None, "scale": {"domain": [-1.9, 1.9]}}
    y = {"type": "quantitative", "axis": None, "scale": {"domain": [-1.35, 1.35]}}
    layers = [
        {"name": "edges", "data": {"name": "edges"}, "mark": {"type": "rule", "strokeWidth": 3, "color": COLORS["d"]},
         "encoding": {"x": {**x, "field": "x"}, "y": {**y, "field": "y"}, "x2": {"field": "x2"}, "y2": {"field": "y2"}}},
        {"name": "nodes", "data": {"name": "nodes"},
         "mark": {"type": "point", "filled": True, "size": 300, "color": COLORS["d_prime"], "opacity": 1},
         "encoding": {"x": {**x, "field": "x"}, "y": {**y, "field": "y"}}},
        {"name": "names", "data": {"name": "nodes"}, "mark": {"type": "text", "dy": -18, "fontSize": FONT_SIZE - 3},
         "encoding": {"x": {**x, "field": "x"}, "y": {**y, "field": "y"}, "text": {"field": "name"}}},
    ]
    spec = vega(layers, {"nodes": nodes, "edges": edges}, title, height=260)
    spec["config"]["view"] = {"stroke": None}
    return spec
