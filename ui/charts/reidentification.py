"""Charts of the Re-identification page: plain numbers in, a Vega-Lite spec out (ui.charts.theme's look).

`group_sizes` draws how many people sit in groups of each size (k-anonymity's k, in fixed buckets),
`growth` the share of people unique (and in small groups) as columns are added, `release_curves` what
the linkage still gets from a DP release across ε. Every number sits in a named dataset; a layer's
name is where tests find its marks (`g.<name>_marks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from ui.charts import curves
from ui.charts.theme import COLORS, LEGEND_WRAPPED, PERCENT_AXIS, Title, axis_title, category_x, vega


@dataclass(frozen=True)
class SizeLabels:
    title: Title
    x: str  # people
    y: str  # group size k


def group_sizes(buckets: Sequence[str], people: np.ndarray, exposed: Sequence[bool], labels: SizeLabels) -> dict:
    """One horizontal bar per bucket of group sizes (layer "bars"), the people in it written at its
    end (layer "values"); buckets under the page's threshold in the attacker's colour. The buckets
    are fixed, so the spec stays the same whatever the columns."""
    table = pa.table({
        "bucket": pa.array(list(buckets), pa.string()),
        "people": np.asarray(people, float),
        "colour": pa.array([COLORS["danger"] if e else COLORS["d"] for e in exposed], pa.string()),
    })
    y = {"field": "bucket", "type": "nominal", "sort": list(buckets), "title": labels.y, "axis": {"labelLimit": 200}}
    x = {"field": "people", "type": "quantitative", "title": axis_title(labels.x), "axis": {"format": "~s"}}
    tooltip = [{"field": "bucket", "title": labels.y}, {"field": "people", "title": labels.x, "format": ",.0f"}]
    layers = [
        {"name": "bars", "data": {"name": "sizes"}, "mark": {"type": "bar"},
         "encoding": {"y": y, "x": x, "color": {"field": "colour", "type": "nominal", "scale": None},
                      "tooltip": tooltip}},
        {"name": "values", "data": {"name": "sizes"}, "mark": {"type": "text", "align": "left", "dx": 6},
         "encoding": {"y": y, "x": x, "text": {"field": "people", "format": ",.0f"}}},
    ]
    return vega(layers, {"sizes": table}, labels.title, height=max(160, 36 * len(buckets)))


@dataclass(frozen=True)
class GrowthLabels:
    title: Title
    x: str
    y: str
    series: str
    unique: str
    small: str


def growth(steps: Sequence[str], unique: Sequence[float], small: Sequence[float], labels: GrowthLabels) -> dict:
    """The share of people unique (k = 1) and in small groups after each column is added: two lines
    with points (layers "lines", "points") over the columns, in the order they were added."""
    names = (labels.unique, labels.small)
    count = len(steps)
    table = pa.table({
        "step": pa.array(list(steps) * 2, pa.string()),
        "share": np.concatenate([np.asarray(unique, float), np.asarray(small, float)]),
        "series": pa.array([labels.unique] * count + [labels.small] * count, pa.string()),
    })
    x = category_x("step", list(steps), labels.x)
    y = {"field": "share", "type": "quantitative", "title": labels.y, "axis": {"format": PERCENT_AXIS},
         "scale": {"domain": [0, 1]}}
    color = {"field": "series", "type": "nominal", "sort": list(names), "title": labels.series,
             "scale": {"domain": list(names), "range": [COLORS["danger"], COLORS["d_prime"]]},
             "legend": {**LEGEND_WRAPPED, "titleLimit": 270}}
    tooltip = [{"field": "series", "title": labels.series}, {"field": "step", "title": labels.x},
               {"field": "share", "title": labels.y, "format": ".1%"}]
    layers = [
        {"name": "lines", "data": {"name": "growth"}, "mark": {"type": "line", "strokeWidth": 3},
         "encoding": {"x": x, "y": y, "color": color}},
        {"name": "points", "data": {"name": "growth"}, "mark": {"type": "point", "filled": True, "size": 120},
         "encoding": {"x": x, "y": y, "color": color, "tooltip": tooltip}},
    ]
    return vega(layers, {"growth": table}, labels.title, height=300)


def release_curves(epsilons: np.ndarray, pinned: np.ndarray, right: np.ndarray, chosen: float,
                   chosen_pinned: float, labels: curves.AxisLabels, names: tuple[str, str, str]) -> dict:
    """Across ε: the share of unique people the linkage still pins in a release, and the share of
    its pins that are right (curves.lines: layers "curves", "markers"), this release's ε marked."""
    lines = [
        curves.Line(names[0], epsilons, pinned, COLORS["danger"], thick=True),
        curves.Line(names[1], epsilons, right, COLORS["d"], dashed=True),
    ]
    spec = curves.lines(lines, labels, y_log=False, y_format=PERCENT_AXIS, x_format="~g",
                        markers=(curves.Marker(chosen, chosen_pinned, names[2]),))
    low, high = float(np.min(epsilons)), float(np.max(epsilons))
    for layer in spec["layer"]:
        encoding = layer["encoding"]
        encoding["x"] = {**encoding["x"], "scale": {"type": "log", "domain": [low, high]}}  # no empty decade
        if "y" in encoding:
            encoding["y"] = {**encoding["y"], "scale": {"domain": [0, 1]}}
    return spec
