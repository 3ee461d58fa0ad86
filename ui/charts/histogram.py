"""Charts of the Histogram & neighbour page: plain numbers in, Vega-Lite specs out.

Only bin counts reach the browser (a few KB), never the raw rows. The numbers sit in named
datasets and the spec depends only on the settings (labels, titles, mechanism family), so an
epsilon change or a new seed sends new data into charts the browser has already laid out.
Labels are drawn as SVG text, never parsed as HTML, so uploaded category names are safe.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa

from dpcore.mechanisms import AdditiveNoise
from ui.charts.theme import COLORS, CURVE_POINTS, category_x, series_color, vega

_PAIR_COLORS = (COLORS["d"], COLORS["d_prime"])


def paired_histograms(
    labels: Sequence[str],
    values_d: np.ndarray,
    values_d_prime: np.ndarray,
    changed: Sequence[int],
    title: str,
    x_title: str,
    y_title: str,
    names: tuple[str, str] = ("D", "D′"),
    half_width: float | None = None,
) -> dict:
    """Grouped bars of D and D' (true or noisy), the bins that differ shaded, and an optional
    ± half_width interval on every bar."""
    labels = [str(label) for label in labels]
    values = np.concatenate([values_d, values_d_prime]).astype(float)
    bars = {"bin": labels * 2, "series": [names[0]] * len(labels) + [names[1]] * len(labels), "value": values}
    x = category_x("bin", labels, x_title)
    offset = {"field": "series", "sort": list(names)}
    layers: list[dict] = [
        {"data": {"name": "changed"}, "mark": {"type": "rect", "color": COLORS["highlight"]}, "encoding": {"x": x}},
        {
            "data": {"name": "bars"},
            "mark": {"type": "bar"},
            "encoding": {
                "x": x, "xOffset": offset,
                "y": {"field": "value", "type": "quantitative", "title": y_title},
                "color": series_color(names, _PAIR_COLORS),
                "tooltip": [{"field": "bin", "title": x_title}, {"field": "value", "title": y_title, "format": ",.2f"}],
            },
        },
    ]
    if half_width is not None:
        bars["low"], bars["high"] = values - half_width, values + half_width
        layers.append({
            "data": {"name": "bars"},
            "mark": {"type": "errorbar", "ticks": {"size": 10}, "thickness": 1.5, "color": "#333333"},
            "encoding": {"x": x, "xOffset": offset, "y2": {"field": "high"},
                         "y": {"field": "low", "type": "quantitative", "title": y_title}},
        })
    shaded = pa.table({"bin": pa.array([labels[i] for i in changed], pa.string())})
    return vega(layers, {"bars": pa.table(bars), "changed": shaded}, title)


def output_distributions(
    mechanism: AdditiveNoise,
    value_d: float,
    value_d_prime: float,
    observed: float,
    title: str,
    x_title: str,
    y_title: str,
    names: tuple[str, str],
    observed_label: str,
) -> dict:
    """The output's density (or pmf) under D and under D', with the observed output marked.

    `observed_label` is a sentence with an `{observed}` field, e.g. "observed O = {observed:.2f}".
    """
    reach = mechanism.accuracy(0.001) + abs(value_d - value_d_prime)
    lo, hi = min(value_d, value_d_prime) - reach, max(value_d, value_d_prime) + reach
    # Few points keep the browser's redraw cheap (its cost grows with every point); the two
    # centres are on the grid so a Laplace peak is drawn sharp.
    grid = np.union1d(np.linspace(lo, hi, CURVE_POINTS), [value_d, value_d_prime])
    bars = mechanism.discrete and hi - lo <= CURVE_POINTS
    if mechanism.discrete:  # a pmf lives on the integers
        grid = np.arange(np.floor(lo), np.ceil(hi) + 1) if bars else np.unique(np.round(grid))
    curves = {
        "output": np.concatenate([grid, grid]),
        "series": np.repeat(list(names), len(grid)),
        "likelihood": np.concatenate([mechanism.output_pdf(grid, value_d), mechanism.output_pdf(grid, value_d_prime)]),
    }
    x = {"field": "output", "type": "quantitative", "title": x_title, "scale": {"zero": False, "nice": False}}
    y = {"field": "likelihood", "type": "quantitative", "title": y_title}
    color = series_color(names, _PAIR_COLORS)
    if bars:  # a pmf over few integers: one bar per output, the two laws overlaid
        curves["left"], curves["right"] = curves["output"] - 0.5, curves["output"] + 0.5
        law = {"mark": {"type": "bar", "opacity": 0.55},
               "encoding": {"x": {**x, "field": "left"}, "x2": {"field": "right"}, "y": y, "color": color}}
    else:
        law = {"mark": {"type": "line", "strokeWidth": 3, "clip": True}, "encoding": {"x": x, "y": y, "color": color}}
    marker = {"output": [observed], "text": [observed_label.format(observed=observed)]}
    at_observed = {"field": "output", "type": "quantitative"}
    layers = [
        {"data": {"name": "curves"}, **law},
        {"data": {"name": "observed"}, "mark": {"type": "rule", "color": COLORS["danger"], "strokeWidth": 2, "strokeDash": [6, 4]},
         "encoding": {"x": at_observed}},
        {"data": {"name": "observed"}, "mark": {"type": "text", "align": "left", "baseline": "top", "dx": 6, "dy": 4,
                                                 "color": COLORS["danger"]},
         "encoding": {"x": at_observed, "y": {"value": 0}, "text": {"field": "text"}}},
    ]
    return vega(layers, {"curves": pa.table(curves), "observed": pa.table(marker)}, title)


def zoo_answers(
    rows: Sequence[tuple[str, float, float]], truth_d: float, truth_d_prime: float, title: str, value_title: str
) -> dict:
    """Noisy answers on D and D' for each (label, answer on D, answer on D') as horizontal bars
    (long labels fit on the left), the true answers as dotted lines."""
    names = ("D", "D′")
    labels = [r[0] for r in rows]
    answers = pa.table({
        "bin": labels * 2,
        "series": [names[0]] * len(rows) + [names[1]] * len(rows),
        "value": [float(r[1]) for r in rows] + [float(r[2]) for r in rows],
    })
    truths = pa.table({"series": list(names), "value": [float(truth_d), float(truth_d_prime)]})
    color = series_color(names, _PAIR_COLORS)
    x = {"field": "value", "type": "quantitative", "title": value_title}
    layers = [
        {"data": {"name": "answers"}, "mark": {"type": "bar"},
         "encoding": {"y": {"field": "bin", "type": "nominal", "sort": labels, "title": None, "axis": {"labelLimit": 360}},
                      "yOffset": {"field": "series", "sort": list(names)}, "x": x, "color": color,
                      "tooltip": [{"field": "bin", "title": " "}, {"field": "value", "title": value_title, "format": ",.2f"}]}},
        {"data": {"name": "truths"}, "mark": {"type": "rule", "strokeDash": [3, 3], "strokeWidth": 2},
         "encoding": {"x": x, "color": color}},
    ]
    return vega(layers, {"answers": answers, "truths": truths}, title, height=60 * len(rows) + 40)
