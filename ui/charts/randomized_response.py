"""Charts of the Randomized response page: plain numbers in, Vega-Lite specs out.

The numbers sit in named datasets and a spec depends only on the labels and the categories, so
a new epsilon, p, share or seed sends new data into charts the browser has already laid out.
Category labels come from the user's data: Vega draws them as SVG text, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pyarrow as pa

from ui.charts.theme import COLORS, FONT_SIZE, category_x, series_color, vega

MAX_BARS = 30
_LOCAL_BLUES = ("#c6dbef", "#6baed6", "#2171b5", "#08306b")


def survey_estimate(
    true_share: float,
    raw_share: float,
    estimate: float,
    low: float,
    high: float,
    labels: Mapping[str, str],
    title: str,
    x_title: str,
) -> dict:
    """Three rows on one share axis: the truth (also a dotted line), the raw share of "yes", the
    corrected estimate with its interval. `labels` names the rows ("truth", "raw", "corrected")."""
    rows = (labels["truth"], labels["raw"], labels["corrected"])
    points = pa.table({"series": list(rows), "share": [float(true_share), float(raw_share), float(estimate)]})
    interval = pa.table({"series": [rows[2]], "low": [float(low)], "high": [float(high)]})
    truth = pa.table({"share": [float(true_share)]})
    x = {"type": "quantitative", "title": x_title}
    y = {"field": "series", "type": "nominal", "sort": list(rows), "title": None, "axis": {"labelLimit": 400}}
    color = {**series_color(rows, (COLORS["truth"], COLORS["neutral"], COLORS["d"])), "legend": None}
    layers = [
        {"data": {"name": "truth"}, "mark": {"type": "rule", "strokeDash": [3, 3], "strokeWidth": 2, "color": COLORS["truth"]},
         "encoding": {"x": {**x, "field": "share"}}},
        {"data": {"name": "interval"}, "mark": {"type": "rule", "strokeWidth": 3, "color": COLORS["d"]},
         "encoding": {"x": {**x, "field": "low"}, "x2": {"field": "high"}, "y": y}},
        {"data": {"name": "interval"}, "mark": {"type": "tick", "thickness": 3, "size": 22, "color": COLORS["d"]},
         "encoding": {"x": {**x, "field": "low"}, "y": y}},
        {"data": {"name": "interval"}, "mark": {"type": "tick", "thickness": 3, "size": 22, "color": COLORS["d"]},
         "encoding": {"x": {**x, "field": "high"}, "y": y}},
        {"data": {"name": "points"}, "mark": {"type": "point", "filled": True, "size": 260, "opacity": 1},
         "encoding": {"x": {**x, "field": "share"}, "y": y, "color": color,
                      "tooltip": [{"field": "share", "title": x_title, "format": ".3f"}]}},
    ]
    return vega(layers, {"points": points, "interval": interval, "truth": truth}, title, height=240)


def frequency_comparison(
    categories: Sequence[object],
    true_freq: np.ndarray,
    raw_freq: np.ndarray,
    corrected: np.ndarray,
    half_width: np.ndarray,
    names: Mapping[str, str],
    title: str,
    x_title: str,
    y_title: str,
) -> dict:
    """Grouped bars per category: true, raw (what the collector sees) and corrected frequencies,
    the corrected ones with a ± half_width interval. At most MAX_BARS categories are drawn."""
    shown = min(len(categories), MAX_BARS)
    labels = [str(c) for c in categories[:shown]]
    series = (names["truth"], names["raw"], names["corrected"])
    values = [np.asarray(v, dtype=float)[:shown] for v in (true_freq, raw_freq, corrected)]
    bars = pa.table({
        "bin": pa.array(labels * 3, pa.string()),
        "series": pa.array(np.repeat(series, shown), pa.string()),
        "value": np.concatenate(values),
    })
    half = np.asarray(half_width, dtype=float)[:shown]
    intervals = pa.table({
        "bin": pa.array(labels, pa.string()), "series": pa.array([series[2]] * shown, pa.string()),
        "low": values[2] - half, "high": values[2] + half,
    })
    x = category_x("bin", labels, x_title)
    offset = {"field": "series", "sort": list(series), "scale": {"domain": list(series)}}
    y = {"type": "quantitative", "title": y_title}
    layers = [
        {"data": {"name": "bars"}, "mark": {"type": "bar"},
         "encoding": {"x": x, "xOffset": offset, "y": {**y, "field": "value"},
                      "color": {**series_color(series, (COLORS["truth"], COLORS["neutral"], COLORS["d"])),
                                },
                      "tooltip": [{"field": "bin", "title": x_title}, {"field": "series"},
                                  {"field": "value", "title": y_title, "format": ".3f"}]}},
        {"data": {"name": "intervals"}, "mark": {"type": "rule", "strokeWidth": 1.5, "color": "#333333"},
         "encoding": {"x": x, "xOffset": offset, "y": {**y, "field": "low"}, "y2": {"field": "high"}}},
        {"mark": {"type": "rule", "color": COLORS["neutral"]}, "encoding": {"y": {"datum": 0, "type": "quantitative"}}},
    ]
    return vega(layers, {"bars": bars, "intervals": intervals}, title)


def error_vs_n(
    n_values: np.ndarray,
    local_curves: Mapping[str, np.ndarray],
    central_curve: np.ndarray,
    this_run: tuple[int, float] | None,
    labels: Mapping[str, str],
    title: str,
    x_title: str,
    y_title: str,
) -> dict:
    """Typical error of a frequency against the number of people (log-log): one line per epsilon in
    the local model (the last one at the epsilon chosen on the page), a dashed line for the central
    model, and this run's error as a cross with a note.

    `labels` holds the series names "central" and "this_run", and "this_run_note" (the note next
    to the cross, the numbers already in). The spec depends only on the curves' names, so the
    chosen epsilon belongs in the note and in the page's text, not in a name."""
    local = tuple(local_curves)
    names = (*local, labels["central"], labels["this_run"])
    n = np.asarray(n_values, dtype=float)
    curves = pa.table({
        "n": np.tile(n, len(local) + 1),
        "series": pa.array(np.repeat(names[:-1], n.size), pa.string()),
        "error": np.concatenate([np.asarray(v, dtype=float) for v in (*local_curves.values(), central_curve)]),
    })
    runs = [] if this_run is None else [this_run]
    run = pa.table({
        "n": pa.array([float(r[0]) for r in runs], pa.float64()),
        "error": pa.array([float(r[1]) for r in runs], pa.float64()),
        "series": pa.array([labels["this_run"]] * len(runs), pa.string()),
        "note": pa.array([labels["this_run_note"]] * len(runs), pa.string()),
    })
    colors = (*_LOCAL_BLUES[: len(local) - 1], COLORS["d_prime"], COLORS["truth"], COLORS["danger"])
    color = {**series_color(names, colors), "legend": {"columns": 3}}
    x = {"field": "n", "type": "quantitative", "title": x_title, "scale": {"type": "log"}}
    y = {"field": "error", "type": "quantitative", "title": y_title, "scale": {"type": "log"}}
    dashes = [[1, 0]] * len(local) + [[8, 5], [1, 0]]
    layers = [
        {"data": {"name": "curves"}, "mark": {"type": "line", "clip": True, "strokeWidth": 3},
         "encoding": {"x": x, "y": y, "color": color,
                      "strokeDash": {"field": "series", "type": "nominal",
                                     "scale": {"domain": list(names), "range": dashes}}}},
        {"data": {"name": "run"}, "mark": {"type": "point", "shape": "cross", "filled": True, "size": 220, "opacity": 1},
         "encoding": {"x": x, "y": y, "color": color}},
        {"data": {"name": "run"}, "mark": {"type": "text", "align": "left", "dx": 12, "color": COLORS["danger"]},
         "encoding": {"x": x, "y": y, "text": {"field": "note"}}},
    ]
    return vega(layers, {"curves": curves, "run": run}, title, height=460)


def _arrow(x0: float, y0: float, x1: float, y1: float, colour: str) -> list[tuple[float, float, float, float, str]]:
    """An arrow as three segments in data units: the shaft and two barbs at its tip (a drawn
    head needs no angle, which a chart that stretches to the page's width cannot know)."""
    length = float(np.hypot(x1 - x0, y1 - y0))
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    back, side = 0.16, 0.1
    bx, by = x1 - back * ux, y1 - back * uy
    return [(x0, y0, x1, y1, colour)] + [(bx - s * side * uy, by + s * side * ux, x1, y1, colour) for s in (1, -1)]


def local_vs_central(labels: Mapping[str, str], title: str) -> dict:
    """Two rows of boxes and arrows: the central model (true answers reach a trusted curator, who
    adds noise once) and the local model (each person randomizes; the collector sees no true answer).

    `labels` holds the page's own short texts ("\\n" breaks a line): central, local, person,
    curator, collector, true_answers, randomized, coin, noisy_total, estimate. A static diagram,
    drawn with Vega-Lite like the page's other charts (a plotly figure on the page costs the
    browser ~30 ms on every slider step, even in a hidden tab)."""
    boxes: list[tuple[float, float, float, float, str, str]] = []
    arrows: list[tuple[float, float, float, float, str]] = []
    headings: list[tuple[float, float, str]] = []
    notes: list[tuple[float, float, str, str]] = []  # x, y, text, colour
    for row, y in (("central", 3.0), ("local", 0.0)):
        headings.append((0.0, y + 1.55, labels[row]))
        for i, dy in enumerate((-0.75, 0.0, 0.75)):
            boxes.append((0.0, y + dy - 0.28, 1.5, y + dy + 0.28, f"{labels['person']} {i + 1}", COLORS["neutral"]))
        if row == "central":
            for dy in (-0.75, 0.0, 0.75):
                arrows += _arrow(1.55, y + dy, 4.45, y, COLORS["danger"])
            notes.append((2.3, y + 1.0, labels["true_answers"], COLORS["danger"]))
            boxes.append((4.5, y - 0.45, 7.0, y + 0.45, labels["curator"], COLORS["danger"]))
            boxes.append((8.5, y - 0.35, 10.5, y + 0.35, labels["noisy_total"], COLORS["d"]))
        else:
            for dy in (-0.75, 0.0, 0.75):
                boxes.append((1.8, y + dy - 0.28, 2.9, y + dy + 0.28, labels["coin"], COLORS["d"]))
                arrows += _arrow(2.95, y + dy, 4.45, y, COLORS["d"])
            notes.append((3.0, y + 1.05, labels["randomized"], COLORS["d"]))
            boxes.append((4.5, y - 0.45, 7.0, y + 0.45, labels["collector"], COLORS["neutral"]))
            boxes.append((8.5, y - 0.35, 10.5, y + 0.35, labels["estimate"], COLORS["d"]))
        arrows += _arrow(7.05, y, 8.45, y, COLORS["d"])
    box_table = pa.table({
        "x0": [b[0] for b in boxes], "y0": [b[1] for b in boxes], "x1": [b[2] for b in boxes], "y1": [b[3] for b in boxes],
        # a label's first line sits at its anchor: two-line labels start half a line higher
        "xc": [(b[0] + b[2]) / 2 for b in boxes], "yc": [(b[1] + b[3]) / 2 + 0.12 * b[4].count("\n") for b in boxes],
        "label": [b[4] for b in boxes], "colour": [b[5] for b in boxes],
    })
    arrow_table = pa.table({k: [a[i] for a in arrows] for i, k in enumerate(("x0", "y0", "x1", "y1", "colour"))})
    note_table = pa.table({k: [n[i] for n in notes] for i, k in enumerate(("x", "y", "text", "colour"))})
    heading_table = pa.table({k: [h[i] for h in headings] for i, k in enumerate(("x", "y", "text"))})
    x = {"type": "quantitative", "axis": None, "scale": {"domain": [-0.1, 10.6]}}
    y = {"type": "quantitative", "axis": None, "scale": {"domain": [-1.2, 4.8]}}
    colour = {"field": "colour", "type": "nominal", "scale": None}
    layers = [
        {"data": {"name": "arrows"}, "mark": {"type": "rule", "strokeWidth": 2},
         "encoding": {"x": {**x, "field": "x0"}, "y": {**y, "field": "y0"}, "x2": {"field": "x1"}, "y2": {"field": "y1"},
                      "color": colour}},
        {"data": {"name": "boxes"}, "mark": {"type": "rect", "fill": "white", "strokeWidth": 2},
         "encoding": {"x": {**x, "field": "x0"}, "y": {**y, "field": "y0"}, "x2": {"field": "x1"}, "y2": {"field": "y1"},
                      "stroke": colour}},
        {"data": {"name": "boxes"}, "mark": {"type": "text", "lineBreak": "\n", "fontSize": FONT_SIZE - 2},
         "encoding": {"x": {**x, "field": "xc"}, "y": {**y, "field": "yc"}, "text": {"field": "label"}}},
        {"data": {"name": "notes"}, "mark": {"type": "text", "align": "left"},
         "encoding": {"x": {**x, "field": "x"}, "y": {**y, "field": "y"}, "text": {"field": "text"}, "color": colour}},
        {"data": {"name": "headings"}, "mark": {"type": "text", "align": "left", "fontWeight": "bold"},
         "encoding": {"x": {**x, "field": "x"}, "y": {**y, "field": "y"}, "text": {"field": "text"}}},
    ]
    datasets = {"arrows": arrow_table, "boxes": box_table, "notes": note_table, "headings": heading_table}
    spec = vega(layers, datasets, title, height=420)
    spec["config"]["view"] = {"stroke": None}  # no frame around a diagram
    return spec
