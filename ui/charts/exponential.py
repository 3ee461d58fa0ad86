"""Charts of the Exponential mechanism page: plain numbers in, Vega-Lite specs out.

The numbers sit in named datasets and a spec depends only on the options' names and the labels,
so a new epsilon or seed sends new data into charts the browser has already laid out. Option
names come from a table the user typed or from a dataset: Vega draws them as SVG text, never
parsed as markup. Every layer has a "name" (Vega draws its marks under `g.<name>_marks`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from dpcore.limits import MAX_BARS
from ui import fmt
from ui.charts.theme import COLORS, FONT_SIZE, LEGEND_BELOW, Title, category_x, series_color, vega

PALETTE = (COLORS["d"], COLORS["d_prime"], COLORS["truth"], COLORS["danger"], "#9467bd", "#8c564b", "#e377c2")
_PROBABILITY_AXIS = {"values": [0, 0.2, 0.4, 0.6, 0.8, 1.0], "format": ".1~%"}
def short_share(p: float) -> str:
    """A probability short enough to print over a narrow bar: "42.4%", "≈0%", "≈100%"."""
    if 0 < p < 1e-4:
        return "≈0%"
    if 1 - 1e-4 < p < 1:
        return "≈100%"
    return fmt.share(p)


@dataclass(frozen=True)
class BarsLabels:
    """Texts of the vote chart: its title, the axes and the score in the tooltip."""

    title: Title
    x: str
    y: str
    score: str


@dataclass(frozen=True)
class ModeLabels:
    """Texts of the private-mode chart: title, axes, the count in the tooltip, the chosen mark."""

    title: Title
    x: str
    y: str
    count: str
    chosen: str


@dataclass(frozen=True)
class ConvergenceLabels:
    """Texts of the simulated-selections chart."""

    title: Title
    x: str
    y: str
    option: str
    probability: str


@dataclass(frozen=True)
class CandidatesLabels:
    """Texts of the candidate-prices chart: revenue and probability name the two series."""

    title: Title
    price: str
    revenue: str
    probability: str
    buyer: str


@dataclass(frozen=True)
class CurvesLabels:
    """Texts of the expected-revenue chart."""

    title: Title
    x: str
    y: str
    way: str


def _labelled_bars(
    labels: list[str], probabilities: np.ndarray, best: np.ndarray, extra: dict[str, object],
    x_title: str, y_title: str, tooltip: dict[str, object], headroom: float,
) -> tuple[list[dict], pa.Table]:
    """Probability bars (the best options in the "truth" colour) with their value printed on top:
    layers "bars" and "values".

    Probabilities never exceed 1: the axis is fixed, with `headroom` above 1 for what is written
    over the bars, so a new epsilon never rescales it."""
    bars = pa.table({
        "option": pa.array(labels, pa.string()),
        "probability": np.asarray(probabilities, dtype=float),
        "value": [short_share(float(v)) for v in probabilities],
        "best": np.asarray(best, dtype=bool),
        **extra,
    })
    x = category_x("option", labels, x_title)
    y = {"field": "probability", "type": "quantitative", "title": y_title,
         "scale": {"domain": [0, 1 + headroom]}, "axis": _PROBABILITY_AXIS}
    layers = [
        {"name": "bars", "data": {"name": "bars"}, "mark": {"type": "bar"},
         "encoding": {"x": x, "y": y,
                      "color": {"condition": {"test": "datum.best", "value": COLORS["truth"]}, "value": COLORS["d"]},
                      "tooltip": [{"field": "option", "title": x_title}, {"field": "value", "title": y_title}, tooltip]}},
        {"name": "values", "data": {"name": "bars"},
         "mark": {"type": "text", "baseline": "bottom", "dy": -4, "fontSize": FONT_SIZE - 3},
         "encoding": {"x": x, "y": y, "text": {"field": "value", "title": y_title}}},
    ]
    return layers, bars


def probability_bars(names: Sequence[str], probabilities: np.ndarray, scores: np.ndarray, labels: BarsLabels) -> dict:
    """One bar per option: its selection probability, printed on the bar; the score in the tooltip.
    The best-scored options are drawn in the "truth" colour."""
    s = np.asarray(scores, dtype=float)
    layers, bars = _labelled_bars(
        [str(n) for n in names], probabilities, s == s.max(), {"score": s}, labels.x, labels.y,
        {"field": "score", "title": labels.score, "format": ",~g"}, headroom=0.12,
    )
    return vega(layers, {"bars": bars}, labels.title, height=260)


def convergence(
    marks: np.ndarray, frequencies: np.ndarray, names: Sequence[str], probabilities: np.ndarray,
    labels: ConvergenceLabels,
) -> dict:
    """Share of each option among the first m simulated selections (layer "shares", solid, log m
    axis) and its probability (layer "expected", dotted). At most MAX_BARS options are drawn."""
    shown = min(len(names), MAX_BARS)
    options = tuple(str(n) for n in names[:shown])
    steps = len(marks)
    shares = pa.table({
        "m": np.tile(np.asarray(marks, dtype=float), shown),
        "series": pa.array(np.repeat(options, steps), pa.string()),
        "share": np.asarray(frequencies, dtype=float)[:, :shown].T.ravel(),
    })
    expected = pa.table({"series": pa.array(options, pa.string()),
                         "probability": np.asarray(probabilities, dtype=float)[:shown]})
    color = {**series_color(options, tuple(PALETTE[i % len(PALETTE)] for i in range(shown))),
             "title": labels.option, "legend": LEGEND_BELOW}
    y = {"type": "quantitative", "title": labels.y, "scale": {"domain": [0, 1]}, "axis": {"format": ".0%"}}
    x = {"field": "m", "type": "quantitative", "title": labels.x, "scale": {"type": "log"}, "axis": {"format": ",~d"}}
    layers = [
        {"name": "shares", "data": {"name": "shares"}, "mark": {"type": "line", "clip": True, "strokeWidth": 2},
         "encoding": {"x": x, "y": {**y, "field": "share"}, "color": color}},
        {"name": "expected", "data": {"name": "expected"},
         "mark": {"type": "rule", "strokeDash": [2, 3], "strokeWidth": 1.5},
         "encoding": {"y": {**y, "field": "probability"}, "color": color,
                      "tooltip": [{"field": "series", "title": labels.option},
                                  {"field": "probability", "title": labels.probability, "format": ".3~%"}]}},
    ]
    return vega(layers, {"shares": shares, "expected": expected}, labels.title, height=260)


def pricing_candidates(
    prices: np.ndarray, revenues: np.ndarray, probabilities: np.ndarray, buyers: np.ndarray,
    labels: CandidatesLabels,
) -> dict:
    """At every candidate price, its revenue (layer "revenue", left axis) next to the exponential
    mechanism's probability of choosing it (layer "choice", right axis); the buyers' maximum
    prices as dotted lines (layer "buyers")."""
    p = np.asarray(prices, dtype=float)
    half = float(np.min(np.diff(p))) * 0.4 if p.size > 1 else 0.25
    names = (labels.revenue, labels.probability)

    def bars(values: np.ndarray, series: str, left: np.ndarray) -> pa.Table:
        return pa.table({"price": p, "left": left, "right": left + half, "value": np.asarray(values, dtype=float),
                         "series": pa.array([series] * p.size, pa.string())})

    color = {**series_color(names, (COLORS["truth"], COLORS["d"])), "legend": {**LEGEND_BELOW, "columns": 1, "labelLimit": 300}}
    x = {"field": "left", "type": "quantitative", "title": labels.price}

    def layer(name: str, y_title: str, value_format: str) -> dict:
        return {"name": name, "data": {"name": name}, "mark": {"type": "bar"},
                "encoding": {"x": x, "x2": {"field": "right"},
                             "y": {"field": "value", "type": "quantitative", "title": y_title,
                                   "axis": {"format": value_format}},
                             "y2": {"datum": 0}, "color": color,
                             "tooltip": [{"field": "price", "title": labels.price, "format": ",~g"},
                                         {"field": "value", "title": y_title, "format": value_format}]}}

    layers = [
        layer("revenue", labels.revenue, ",.3~g"),
        layer("choice", labels.probability, ".3~%"),
        {"name": "buyers", "data": {"name": "buyers"},
         "mark": {"type": "rule", "strokeDash": [4, 3], "strokeWidth": 2, "color": "#333333"},
         "encoding": {"x": {"field": "max_price", "type": "quantitative", "title": labels.price},
                      "tooltip": [{"field": "max_price", "title": labels.buyer, "format": ",~g"}]}},
    ]
    datasets = {
        "revenue": bars(revenues, labels.revenue, p - half),
        "choice": bars(probabilities, labels.probability, p),
        "buyers": pa.table({"max_price": np.unique(np.asarray(buyers, dtype=float))}),
    }
    return vega(layers, datasets, labels.title, height=260, resolve={"scale": {"y": "independent"}})


def pricing_curves(
    epsilons: np.ndarray, curves: Mapping[str, np.ndarray], current_epsilon: float, labels: CurvesLabels
) -> dict:
    """Expected revenue against epsilon (log axis) for each way of choosing the price (layer
    "curves", the first one dashed); the epsilon in use as a dotted line (layer "current")."""
    names = tuple(curves)
    e = np.asarray(epsilons, dtype=float)
    lines = pa.table({
        "epsilon": np.tile(e, len(names)),
        "series": pa.array(np.repeat(names, e.size), pa.string()),
        "revenue": np.concatenate([np.asarray(v, dtype=float) for v in curves.values()]),
    })
    x = {"field": "epsilon", "type": "quantitative", "title": labels.x, "scale": {"type": "log", "nice": False},
         "axis": {"format": "~g"}}
    dashes = [[8, 5]] + [[1, 0]] * (len(names) - 1)
    series = {"field": "series", "type": "nominal", "title": labels.way}
    layers = [
        {"name": "curves", "data": {"name": "curves"}, "mark": {"type": "line", "clip": True, "strokeWidth": 3},
         "encoding": {"x": x, "y": {"field": "revenue", "type": "quantitative", "title": labels.y},
                      "color": {**series_color(names, (COLORS["truth"], COLORS["d"], COLORS["danger"])[: len(names)]),
                                "title": labels.way, "legend": {**LEGEND_BELOW, "columns": 1, "labelLimit": 300}},
                      "strokeDash": {**series, "scale": {"domain": list(names), "range": dashes}}}},
        {"name": "current", "data": {"name": "current"},
         "mark": {"type": "rule", "strokeDash": [2, 3], "color": COLORS["neutral"]},
         "encoding": {"x": {**x, "field": "epsilon"}}},
    ]
    return vega(layers, {"curves": lines, "current": pa.table({"epsilon": [float(current_epsilon)]})},
                 labels.title, height=260)


def mode_bars(
    candidates: Sequence[str], counts: np.ndarray, probabilities: np.ndarray, chosen: int, labels: ModeLabels
) -> dict:
    """Probability of each candidate (most common first, at most MAX_BARS), the chosen one marked
    by a red triangle (layer "chosen") and the chosen label above its bar (layer "chosen_label")."""
    shown = min(len(candidates), MAX_BARS)
    options = [str(c) for c in candidates[:shown]]
    c = np.asarray(counts)[:shown]
    p = np.asarray(probabilities, dtype=float)[:shown]
    layers, bars = _labelled_bars(
        options, p, c == np.max(counts), {"count": c.astype(np.int64)}, labels.x, labels.y,
        {"field": "count", "title": labels.count, "format": ","}, headroom=0.3,
    )
    at = {"x": category_x("option", options, labels.x),
          "y": {"field": "probability", "type": "quantitative", "title": labels.y}}
    layers += [
        {"name": "chosen", "data": {"name": "chosen"},
         "mark": {"type": "point", "shape": "triangle-down", "filled": True, "size": 120,
                  "yOffset": -30, "color": COLORS["danger"], "opacity": 1},
         "encoding": at},
        {"name": "chosen_label", "data": {"name": "chosen"},
         "mark": {"type": "text", "baseline": "bottom", "dy": -38, "color": COLORS["danger"]},
         "encoding": {**at, "text": {"field": "label"}}},
    ]
    picked = [chosen] if chosen < shown else []
    chosen_rows = pa.table({
        "option": pa.array([options[i] for i in picked], pa.string()),
        "probability": pa.array([float(p[i]) for i in picked], pa.float64()),
        "label": pa.array([labels.chosen for _ in picked], pa.string()),
    })
    return vega(layers, {"bars": bars, "chosen": chosen_rows}, labels.title, height=260)
