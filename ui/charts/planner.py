"""Charts of the release planner: plain numbers in, Vega-Lite specs out.

Statistic names come from the user's plan (column names of an upload): Vega draws them as SVG
text, never parsed as markup. Every layer has a "name" (Vega draws its marks under
`g.<name>_marks`), and every number sits in a named dataset so a budget change only swaps data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from ui.charts.exponential import PALETTE
from ui.charts.theme import COLORS, FONT_SIZE, LEGEND_WRAPPED, Title, axis_title, vega


@dataclass(frozen=True)
class AccuracyLabels:
    """Texts of the accuracy-versus-epsilon chart."""

    title: Title
    x: str
    y: str


@dataclass(frozen=True)
class CostLabels:
    """Texts of the total-cost-against-repeats chart."""

    title: Title
    x: str
    y: str


def _log_x(field: str, title: str) -> dict[str, object]:
    return {"field": field, "type": "quantitative", "title": axis_title(title), "scale": {"type": "log", "nice": False},
            "axis": {"format": "~g"}}


def _series(names: Sequence[str]) -> dict[str, object]:
    colors = [PALETTE[i % len(PALETTE)] for i in range(len(names))]
    return {"field": "series", "type": "nominal", "sort": list(names), "title": " ",
            "scale": {"domain": list(names), "range": colors},
            "legend": LEGEND_WRAPPED}


@dataclass(frozen=True)
class TypedTarget:
    """A statistic whose target accuracy the chart reads as the user types it: its place among the
    page's inputs (`slot`) and the value a target is a share of (the statistic's reference)."""

    slot: int
    reference: float


def accuracy_curves(
    epsilons: np.ndarray, errors: Mapping[str, np.ndarray], chosen: Mapping[str, tuple[float, float]],
    labels: AccuracyLabels, typed: Sequence[TypedTarget] = (),
) -> dict:
    """Relative error (share of each statistic's reference value, log axis) against epsilon (log
    axis), one line per statistic (layer "curves"), and the plan's point on each (layer "chosen").

    With `typed` (one per curve, in order), the points are not data: the chart reads each target as
    it is typed (parameter `target_<slot>`, bound to a hidden input the page's own input writes to)
    and puts the point where the curve crosses it, interpolated on log axes, so typing a target
    never redraws the chart; the epsilon the server computes exactly is in the table beside it."""
    names = tuple(errors)
    e = np.asarray(epsilons, dtype=float)
    curves = pa.table({
        "epsilon": np.tile(e, len(names)),
        "series": pa.array(np.repeat(names, e.size), pa.string()),
        "error": np.concatenate([np.asarray(v, dtype=float) for v in errors.values()]) if names else [],
        **({"slot": np.repeat([t.slot for t in typed], e.size),
            "reference": np.repeat([t.reference for t in typed], e.size)} if typed else {}),
    })
    points = pa.table({
        "series": pa.array(list(chosen), pa.string()),
        "epsilon": [float(v[0]) for v in chosen.values()],
        "error": [float(v[1]) for v in chosen.values()],
    })
    x = _log_x("epsilon", labels.x)
    y = {"field": "error", "type": "quantitative", "title": labels.y, "scale": {"type": "log"},
         "axis": {"format": ".2~%"}}
    if typed:  # the curves' extent: an empty layer of points would make the log scales' domain infinite
        errors_seen = curves["error"].to_numpy()
        errors_seen = errors_seen[np.isfinite(errors_seen) & (errors_seen > 0)]
        if errors_seen.size:
            y["scale"] = {"type": "log", "domain": [float(errors_seen.min()), float(errors_seen.max())]}
        x["scale"] = {**x["scale"], "domain": [float(e.min()), float(e.max())]}  # type: ignore[dict-item]
    tooltip = [{"field": "series", "type": "nominal", "title": " "},
               {"field": "epsilon", "type": "quantitative", "title": "ε", "format": ".3~g"},
               {"field": "error", "type": "quantitative", "title": labels.y, "format": ".2~%"}]
    layers = [
        {"name": "curves", "data": {"name": "curves"}, "mark": {"type": "line", "clip": True, "strokeWidth": 3},
         "encoding": {"x": x, "y": y, "color": _series(names), "tooltip": tooltip}},
        {"name": "chosen", "data": {"name": "curves"} if typed else {"name": "chosen"},
         **({"transform": _crossings([t.slot for t in typed])} if typed else {}),
         "mark": {"type": "point", "filled": True, "size": 220, "clip": True, "stroke": "white", "strokeWidth": 1.5},
         "encoding": {"x": x, "y": y, "color": {**_series(names), "legend": None}, "tooltip": tooltip}},
    ]
    if not typed:
        return vega(layers, {"curves": curves, "chosen": points}, labels.title, height=300)
    # each target arrives in a text input Vega makes for it (hidden by the page), named target_<slot>:
    # the page's own inputs copy what is typed into it (ui/components/spend), whichever mounts first
    params = [{"name": f"target_{t.slot}", "value": None, "bind": {"input": "text"}} for t in typed]
    return vega(layers, {"curves": curves}, labels.title, height=300, params=params)


def _crossings(slots: Sequence[int]) -> list[dict]:
    """Transforms that keep, of each curve, the point where it crosses its typed target (parameter
    `target_<slot>`, the input's text): the two grid points around the target, interpolated
    linearly in log epsilon against log error (exact for Laplace, whose error is proportional to
    1/epsilon). No point while the input is empty or the target is off the curve."""
    typed = "[" + ", ".join(f"target_{i}" if i in slots else "null" for i in range(max(slots) + 1)) + "][datum.slot]"
    between = ("log(datum.epsilon) + (log(datum.wanted) - log(datum.error)) * (log(datum.next_epsilon) - "
               "log(datum.epsilon)) / (log(datum.next_error) - log(datum.error))")
    return [
        {"calculate": f"toNumber({typed}) / datum.reference", "as": "wanted"},
        {"filter": "isValid(datum.wanted) && isFinite(datum.wanted) && datum.wanted > 0"},
        {"window": [{"op": "lead", "field": "epsilon", "as": "next_epsilon"},
                    {"op": "lead", "field": "error", "as": "next_error"}],
         "groupby": ["series"], "sort": [{"field": "epsilon"}]},
        {"filter": "isValid(datum.next_epsilon) && datum.error >= datum.wanted && datum.next_error < datum.wanted"},
        {"calculate": f"exp({between})", "as": "epsilon"},
        {"calculate": "datum.wanted", "as": "error"},
    ]


def cost_by_repeats(repeats: np.ndarray, totals: Mapping[str, np.ndarray], labels: CostLabels) -> dict:
    """Total epsilon against how many times the plan is answered (both log axes), one line per
    accountant (layer "totals"); where an accountant gives no finite total its line stops."""
    names = tuple(totals)
    r = np.asarray(repeats, dtype=float)
    epsilon = np.concatenate([np.asarray(v, dtype=float) for v in totals.values()]) if names else np.array([])
    finite = np.isfinite(epsilon)
    data = pa.table({
        "repeats": np.tile(r, len(names))[finite],
        "series": pa.array(np.repeat(names, r.size)[finite].tolist(), pa.string()),
        "epsilon": epsilon[finite],
    })
    tooltip = [{"field": "series", "type": "nominal", "title": " "},
               {"field": "repeats", "type": "quantitative", "title": labels.x, "format": ",d"},
               {"field": "epsilon", "type": "quantitative", "title": labels.y, "format": ".3~g"}]
    layers = [
        {"name": "totals", "data": {"name": "totals"}, "mark": {"type": "line", "strokeWidth": 3, "clip": True},
         "encoding": {"x": _log_x("repeats", labels.x),
                      "y": {"field": "epsilon", "type": "quantitative", "title": labels.y,
                            "scale": {"type": "log"}, "axis": {"format": "~g"}},
                      "color": _series(names), "tooltip": tooltip}},
    ]
    return vega(layers, {"totals": data}, labels.title, height=320)


@dataclass(frozen=True)
class CellLabels:
    """Texts of the error-per-cell chart: title, axes, the two kinds of bar, the plan's counts and the rule."""

    title: Title
    x: str
    y: str
    useful: str
    noisy: str
    count: str
    rule: str


@dataclass(frozen=True)
class CellPoint:
    """A bar of a histogram ("bar": its label) or a count of the plan ("count"): its true size and
    the ±error its noise gives."""

    series: str
    label: str
    count: float
    accuracy: float
    kind: str


def cell_errors(points: Sequence[CellPoint], threshold: float, labels: CellLabels) -> dict:
    """Relative error (±error / true size, log axis) against true size (log axis): one point per
    bar, red above the `threshold` rule (too noisy), blue below, and the plan's counts as diamonds
    (layer "cells"); the rule at `threshold` (layer "rule"). Every bar of one histogram lies on one
    line of slope -1: the same noise on bars of every size."""
    kinds = [labels.count if p.kind == "count" else labels.noisy if p.accuracy > threshold * p.count else labels.useful
             for p in points]
    data = pa.table({
        "series": pa.array([p.series for p in points], pa.string()),
        "label": pa.array([p.label for p in points], pa.string()),
        "count": pa.array([float(p.count) for p in points], pa.float64()),
        "error": pa.array([float(p.accuracy) for p in points], pa.float64()),
        "relative": pa.array([p.accuracy / p.count for p in points], pa.float64()),
        "kind": pa.array(kinds, pa.string()),
    })
    rule = pa.table({"relative": [float(threshold)], "text": pa.array([labels.rule], pa.string())})
    order = [labels.useful, labels.noisy, labels.count]
    # a margin of pixels around the points and the rule, so that no point sits half outside the plot;
    # no domain in the spec: a new budget changes only the data, and the chart updates in place
    x = _log_x("count", labels.x)
    x["scale"] = {"type": "log", "padding": 14, "nice": False}
    y = {"field": "relative", "type": "quantitative", "title": labels.y,
         "scale": {"type": "log", "padding": 14, "nice": False}, "axis": {"format": ".2~%"}}
    tooltip = [{"field": "series", "type": "nominal", "title": " "},
               {"field": "label", "type": "nominal", "title": labels.x.split(" (")[0]},
               {"field": "count", "type": "quantitative", "title": labels.x, "format": ",.0f"},
               {"field": "error", "type": "quantitative", "title": "±", "format": ",.3~r"},
               {"field": "relative", "type": "quantitative", "title": labels.y, "format": ".2~%"}]
    layers = [
        {"name": "rule", "data": {"name": "rule"}, "mark": {"type": "rule", "strokeDash": [6, 4], "strokeWidth": 2,
                                                           "color": COLORS["danger"]},
         "encoding": {"y": y}},
        {"name": "rule_text", "data": {"name": "rule"},
         "mark": {"type": "text", "align": "left", "baseline": "bottom", "dx": 4, "dy": -4, "x": 0,
                  "fontSize": FONT_SIZE - 4, "color": COLORS["danger"]},
         "encoding": {"y": y, "text": {"field": "text"}}},
        {"name": "cells", "data": {"name": "cells"},
         "mark": {"type": "point", "filled": True, "size": 140, "opacity": 0.85, "clip": True},
         "encoding": {"x": x, "y": y,
                      "color": {"field": "kind", "type": "nominal", "title": " ", "sort": order,
                                "scale": {"domain": order, "range": [COLORS["d"], COLORS["danger"], COLORS["truth"]]},
                                "legend": LEGEND_WRAPPED},
                      "shape": {"field": "kind", "type": "nominal", "sort": order, "legend": None,
                                "scale": {"domain": order, "range": ["circle", "circle", "diamond"]}},
                      "tooltip": tooltip}},
    ]
    return vega(layers, {"cells": data, "rule": rule}, labels.title, height=320)


@dataclass(frozen=True)
class KeepLabels:
    """Texts of the chance-each-category-is-published chart: title, axes, the curve and the categories."""

    title: Title
    x: str
    y: str
    curve: str
    category: str


def keep_chances(curve_counts: np.ndarray, curve_chances: np.ndarray, labels_of: Sequence[str],
                 counts: Sequence[int], chances: Sequence[float], labels: KeepLabels) -> dict:
    """The chance a category is published against its true count (log axis): the closed form as a
    curve (layer "curve") and each category found in the data as a point on it (layer "keys")."""
    curve = pa.table({"count": pa.array(np.asarray(curve_counts, dtype=float)),
                      "chance": pa.array(np.asarray(curve_chances, dtype=float)),
                      "kind": pa.array([labels.curve] * len(curve_counts), pa.string())})
    keys = pa.table({"label": pa.array(list(labels_of), pa.string()),
                     "count": pa.array([float(c) for c in counts], pa.float64()),
                     "chance": pa.array([float(p) for p in chances], pa.float64()),
                     "kind": pa.array([labels.category] * len(counts), pa.string())})
    x = _log_x("count", labels.x)
    x["scale"] = {"type": "log", "padding": 14, "nice": False}  # no point half outside, no domain to move
    y = {"field": "chance", "type": "quantitative", "title": labels.y, "scale": {"domain": [0, 1]},
         "axis": {"format": ".0%"}}
    order = [labels.curve, labels.category]
    color = {"field": "kind", "type": "nominal", "title": " ", "sort": order,
             "scale": {"domain": order, "range": [COLORS["d"], COLORS["truth"]]}, "legend": LEGEND_WRAPPED}
    tooltip = [{"field": "label", "type": "nominal", "title": labels.category},
               {"field": "count", "type": "quantitative", "title": labels.x, "format": ",.0f"},
               {"field": "chance", "type": "quantitative", "title": labels.y, "format": ".3~%"}]
    layers = [
        {"name": "curve", "data": {"name": "curve"}, "mark": {"type": "line", "strokeWidth": 3},
         "encoding": {"x": x, "y": y, "color": color}},
        {"name": "keys", "data": {"name": "keys"},  # not clipped: a sure category sits on the 100% line
         "mark": {"type": "point", "filled": True, "size": 140, "opacity": 0.85, "clip": False},
         "encoding": {"x": x, "y": y, "color": color, "tooltip": tooltip}},
    ]
    return vega(layers, {"curve": curve, "keys": keys}, labels.title, height=320)
