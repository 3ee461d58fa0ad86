"""Charts of the Exponential mechanism page: plain numbers in, Vega-Lite specs out.

The numbers sit in named datasets and a spec depends only on the options' names and the labels,
so a new epsilon or seed sends new data into charts the browser has already laid out. Option
names come from a table the user typed or from a dataset: Vega draws them as SVG text, never
parsed as markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pyarrow as pa

from ui.charts.theme import COLORS, category_x, series_color, vega

MAX_BARS = 30  # more bars than this are unreadable; the page says when it shows only the first ones
PALETTE = (COLORS["d"], COLORS["d_prime"], COLORS["truth"], COLORS["danger"], "#9467bd", "#8c564b", "#e377c2")
_PROBABILITY_TICKS = {"values": [0, 0.2, 0.4, 0.6, 0.8, 1.0]}


def _labelled_bars(
    labels: list[str], probabilities: np.ndarray, best: np.ndarray, extra: dict[str, object],
    x_title: str, y_title: str, tooltip: dict[str, object], headroom: float,
) -> tuple[list[dict], pa.Table]:
    """Probability bars (the best options in the "truth" colour) with their value printed on top.

    Probabilities never exceed 1: the axis is fixed, with `headroom` above 1 for what is written
    over the bars, so a new epsilon never rescales it."""
    bars = pa.table({
        "option": pa.array(labels, pa.string()),
        "probability": np.asarray(probabilities, dtype=float),
        "value": [f"{v:.3g}" for v in probabilities],
        "best": np.asarray(best, dtype=bool),
        **extra,
    })
    x = category_x("option", labels, x_title)
    y = {"field": "probability", "type": "quantitative", "title": y_title,
         "scale": {"domain": [0, 1 + headroom]}, "axis": _PROBABILITY_TICKS}
    layers = [
        {"data": {"name": "bars"}, "mark": {"type": "bar"},
         "encoding": {"x": x, "y": y,
                      "color": {"condition": {"test": "datum.best", "value": COLORS["truth"]}, "value": COLORS["d"]},
                      "tooltip": [{"field": "option", "title": x_title},
                                  {"field": "probability", "title": y_title, "format": ".3g"}, tooltip]}},
        {"data": {"name": "bars"}, "mark": {"type": "text", "baseline": "bottom", "dy": -4},
         "encoding": {"x": x, "y": y, "text": {"field": "value"}}},
    ]
    return layers, bars


def probability_bars(
    names: Sequence[str],
    probabilities: np.ndarray,
    scores: np.ndarray,
    title: str,
    x_title: str,
    y_title: str,
    score_title: str,
) -> dict:
    """One bar per option: its selection probability, printed on the bar; the score in the tooltip.
    The best-scored options are drawn in the "truth" colour."""
    s = np.asarray(scores, dtype=float)
    layers, bars = _labelled_bars(
        [str(n) for n in names], probabilities, s == s.max(), {"score": s}, x_title, y_title,
        {"field": "score", "title": score_title, "format": "g"}, headroom=0.12,
    )
    return vega(layers, {"bars": bars}, title)


def convergence(
    marks: np.ndarray,
    frequencies: np.ndarray,
    names: Sequence[str],
    probabilities: np.ndarray,
    title: str,
    x_title: str,
    y_title: str,
) -> dict:
    """Share of each option among the first m simulated selections (solid, log m axis), its
    probability (dotted). At most MAX_BARS options are drawn."""
    shown = min(len(names), MAX_BARS)
    labels = tuple(str(n) for n in names[:shown])
    steps = len(marks)
    shares = pa.table({
        "m": np.tile(np.asarray(marks, dtype=float), shown),
        "series": pa.array(np.repeat(labels, steps), pa.string()),
        "share": np.asarray(frequencies, dtype=float)[:, :shown].T.ravel(),
    })
    expected = pa.table({"series": pa.array(labels, pa.string()), "probability": np.asarray(probabilities, dtype=float)[:shown]})
    color = series_color(labels, tuple(PALETTE[i % len(PALETTE)] for i in range(shown)))
    y = {"type": "quantitative", "title": y_title, "scale": {"domain": [0, 1]}}
    layers = [
        {"data": {"name": "shares"}, "mark": {"type": "line", "clip": True, "strokeWidth": 2},
         "encoding": {"x": {"field": "m", "type": "quantitative", "title": x_title, "scale": {"type": "log"}},
                      "y": {**y, "field": "share"}, "color": color}},
        {"data": {"name": "expected"}, "mark": {"type": "rule", "strokeDash": [2, 3], "strokeWidth": 1.5},
         "encoding": {"y": {**y, "field": "probability"}, "color": color}},
    ]
    return vega(layers, {"shares": shares, "expected": expected}, title)


def pricing_candidates(
    prices: np.ndarray,
    revenues: np.ndarray,
    probabilities: np.ndarray,
    buyers: np.ndarray,
    title: str,
    x_title: str,
    revenue_title: str,
    probability_title: str,
) -> dict:
    """At every candidate price, its revenue (left axis) next to the exponential mechanism's
    probability of choosing it (right axis); the buyers' maximum prices as dotted lines."""
    p = np.asarray(prices, dtype=float)
    half = float(np.min(np.diff(p))) * 0.4 if p.size > 1 else 0.25
    names = (revenue_title, probability_title)

    def bars(values: np.ndarray, series: str, left: np.ndarray) -> pa.Table:
        return pa.table({"price": p, "left": left, "right": left + half, "value": np.asarray(values, dtype=float),
                         "series": pa.array([series] * p.size, pa.string())})

    color = {**series_color(names, (COLORS["truth"], COLORS["d"]))}
    x = {"field": "left", "type": "quantitative", "title": x_title}

    def layer(name: str, y_title: str) -> dict:
        return {"data": {"name": name}, "mark": {"type": "bar"},
                "encoding": {"x": x, "x2": {"field": "right"},
                             "y": {"field": "value", "type": "quantitative", "title": y_title}, "y2": {"datum": 0},
                             "color": color,
                             "tooltip": [{"field": "price", "title": x_title, "format": "g"},
                                         {"field": "value", "title": y_title, "format": ".3g"}]}}

    layers = [
        layer("revenue", revenue_title),
        layer("choice", probability_title),
        {"data": {"name": "buyers"}, "mark": {"type": "rule", "strokeDash": [4, 3], "strokeWidth": 2, "color": "#333333"},
         "encoding": {"x": {"field": "max_price", "type": "quantitative", "title": x_title}}},
    ]
    datasets = {
        "revenue": bars(revenues, revenue_title, p - half),
        "choice": bars(probabilities, probability_title, p),
        "buyers": pa.table({"max_price": np.unique(np.asarray(buyers, dtype=float))}),
    }
    return vega(layers, datasets, title, height=420, resolve={"scale": {"y": "independent"}})


def pricing_curves(
    epsilons: np.ndarray,
    curves: Mapping[str, np.ndarray],
    current_epsilon: float,
    title: str,
    x_title: str,
    y_title: str,
) -> dict:
    """Expected revenue against epsilon (log axis) for each way of choosing the price (the first
    one dashed); the epsilon in use as a dotted line."""
    names = tuple(curves)
    e = np.asarray(epsilons, dtype=float)
    lines = pa.table({
        "epsilon": np.tile(e, len(names)),
        "series": pa.array(np.repeat(names, e.size), pa.string()),
        "revenue": np.concatenate([np.asarray(v, dtype=float) for v in curves.values()]),
    })
    x = {"field": "epsilon", "type": "quantitative", "title": x_title, "scale": {"type": "log", "nice": False}}
    dashes = [[8, 5]] + [[1, 0]] * (len(names) - 1)
    layers = [
        {"data": {"name": "curves"}, "mark": {"type": "line", "clip": True, "strokeWidth": 3},
         "encoding": {"x": x, "y": {"field": "revenue", "type": "quantitative", "title": y_title},
                      "color": {**series_color(names, (COLORS["truth"], COLORS["d"], COLORS["danger"])[: len(names)]),
                                },
                      "strokeDash": {"field": "series", "type": "nominal",
                                     "scale": {"domain": list(names), "range": dashes}}}},
        {"data": {"name": "current"}, "mark": {"type": "rule", "strokeDash": [2, 3], "color": COLORS["neutral"]},
         "encoding": {"x": {**x, "field": "epsilon"}}},
    ]
    return vega(layers, {"curves": lines, "current": pa.table({"epsilon": [float(current_epsilon)]})}, title)


def mode_bars(
    candidates: Sequence[str],
    counts: np.ndarray,
    probabilities: np.ndarray,
    chosen: int,
    title: str,
    x_title: str,
    y_title: str,
    count_title: str,
    chosen_label: str,
) -> dict:
    """Probability of each candidate (most common first, at most MAX_BARS), the chosen one marked
    by a red triangle and `chosen_label` above its bar."""
    shown = min(len(candidates), MAX_BARS)
    labels = [str(c) for c in candidates[:shown]]
    c = np.asarray(counts)[:shown]
    p = np.asarray(probabilities, dtype=float)[:shown]
    layers, bars = _labelled_bars(
        labels, p, c == np.max(counts), {"count": c.astype(np.int64)}, x_title, y_title,
        {"field": "count", "title": count_title, "format": ","}, headroom=0.3,
    )
    at = {"x": category_x("option", labels, x_title), "y": {"field": "probability", "type": "quantitative", "title": y_title}}
    layers += [
        {"data": {"name": "chosen"}, "mark": {"type": "point", "shape": "triangle-down", "filled": True, "size": 120,
                                               "yOffset": -30, "color": COLORS["danger"], "opacity": 1},
         "encoding": at},
        {"data": {"name": "chosen"}, "mark": {"type": "text", "baseline": "bottom", "dy": -38, "color": COLORS["danger"]},
         "encoding": {**at, "text": {"field": "label"}}},
    ]
    picked = [chosen] if chosen < shown else []
    chosen_rows = pa.table({
        "option": pa.array([labels[i] for i in picked], pa.string()),
        "probability": pa.array([float(p[i]) for i in picked], pa.float64()),
        "label": pa.array([chosen_label for _ in picked], pa.string()),
    })
    return vega(layers, {"bars": bars, "chosen": chosen_rows}, title)
