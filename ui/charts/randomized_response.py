"""Charts of the Randomized response page: plain numbers in, Vega-Lite specs out.

The numbers sit in named datasets and a spec depends only on the labels and the categories, so
a new epsilon, p, share or seed sends new data into charts the browser has already laid out.
Category labels come from the user's data: Vega draws them as SVG text, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from dpcore.limits import MAX_BARS
from ui.charts.theme import COLORS, FONT_SIZE, LEGEND_BELOW, Title, category_x, series_color, vega

_LOCAL_BLUES = ("#c6dbef", "#6baed6", "#2171b5", "#08306b")



@dataclass(frozen=True)
class SurveyLabels:
    """Texts of the survey chart: title, the share axis, and the names of its three rows."""

    title: Title
    x: str
    truth: str
    raw: str
    corrected: str
    row: str


@dataclass(frozen=True)
class FrequencyLabels:
    """Texts of the frequency chart: title, axes, the three series and the series' title."""

    title: Title
    x: str
    y: str
    truth: str
    raw: str
    corrected: str
    series: str


@dataclass(frozen=True)
class ErrorLabels:
    """Texts of the error-against-n chart. `run_note` is the note next to this run's cross, its
    numbers already in (the chosen epsilon goes there and in the page's text, never in a name)."""

    title: Title
    x: str
    y: str
    central: str
    run_note: str
    series: str


@dataclass(frozen=True)
class DiagramLabels:
    """Short texts of the local-versus-central diagram ("\\n" breaks a line)."""

    title: Title
    central: str
    local: str
    person: str
    curator: str
    collector: str
    true_answers: str
    randomized: str
    coin: str
    noisy_total: str
    estimate: str


def survey_estimate(
    true_share: float, raw_share: float, estimate: float, low: float, high: float, labels: SurveyLabels
) -> dict:
    """Three rows on one share axis (layer "points"): the truth (also a dotted line, layer
    "truth"), the raw share of "yes", the corrected estimate with its interval (layers "interval",
    "interval_low", "interval_high"). The rows are named in a legend below, so the plot keeps the
    whole width of a phone; the axis is padded and nice, so every point stays inside it."""
    rows = (labels.truth, labels.raw, labels.corrected)
    points = pa.table({"series": list(rows), "share": [float(true_share), float(raw_share), float(estimate)]})
    interval = pa.table({"series": [rows[2]], "low": [float(low)], "high": [float(high)]})
    truth = pa.table({"share": [float(true_share)]})
    x = {"type": "quantitative", "title": labels.x, "scale": {"zero": True, "nice": True, "padding": 16},
         "axis": {"labelFlush": True}}
    y = {"field": "series", "type": "nominal", "sort": list(rows), "title": labels.row, "axis": None}
    color = {**series_color(rows, (COLORS["truth"], COLORS["neutral"], COLORS["d"])), "title": labels.row,
             "legend": {**LEGEND_BELOW, "columns": 1, "labelLimit": 300, "symbolType": "circle"}}
    tick = {"type": "tick", "thickness": 3, "size": 22, "color": COLORS["d"]}
    layers = [
        {"name": "truth", "data": {"name": "truth"},
         "mark": {"type": "rule", "strokeDash": [3, 3], "strokeWidth": 2, "color": COLORS["truth"]},
         "encoding": {"x": {**x, "field": "share"}}},
        {"name": "interval", "data": {"name": "interval"}, "mark": {"type": "rule", "strokeWidth": 3, "color": COLORS["d"]},
         "encoding": {"x": {**x, "field": "low"}, "x2": {"field": "high"}, "y": y}},
        {"name": "interval_low", "data": {"name": "interval"}, "mark": tick, "encoding": {"x": {**x, "field": "low"}, "y": y}},
        {"name": "interval_high", "data": {"name": "interval"}, "mark": tick, "encoding": {"x": {**x, "field": "high"}, "y": y}},
        {"name": "points", "data": {"name": "points"}, "mark": {"type": "point", "filled": True, "size": 260, "opacity": 1},
         "encoding": {"x": {**x, "field": "share"}, "y": y, "color": color,
                      "tooltip": [{"field": "share", "title": labels.x, "format": ".3f"},
                                  {"field": "series", "title": labels.row}]}},
    ]
    return vega(layers, {"points": points, "interval": interval, "truth": truth}, labels.title, height=130)


def frequency_comparison(
    categories: Sequence[object], true_freq: np.ndarray, raw_freq: np.ndarray, corrected: np.ndarray,
    half_width: np.ndarray, labels: FrequencyLabels,
) -> dict:
    """Grouped bars per category (layer "bars"): true, raw (what the collector sees) and corrected
    frequencies, the corrected ones with a ± half_width interval (layer "intervals"); a zero line
    (layer "zero"). At most MAX_BARS categories are drawn."""
    shown = min(len(categories), MAX_BARS)
    bins = [str(c) for c in categories[:shown]]
    series = (labels.truth, labels.raw, labels.corrected)
    values = [np.asarray(v, dtype=float)[:shown] for v in (true_freq, raw_freq, corrected)]
    bars = pa.table({
        "bin": pa.array(bins * 3, pa.string()),
        "series": pa.array(np.repeat(series, shown), pa.string()),
        "value": np.concatenate(values),
    })
    half = np.asarray(half_width, dtype=float)[:shown]
    intervals = pa.table({
        "bin": pa.array(bins, pa.string()), "series": pa.array([series[2]] * shown, pa.string()),
        "low": values[2] - half, "high": values[2] + half,
    })
    x = category_x("bin", bins, labels.x)
    offset = {"field": "series", "sort": list(series), "scale": {"domain": list(series)}}
    y = {"type": "quantitative", "title": labels.y}
    color = {**series_color(series, (COLORS["truth"], COLORS["neutral"], COLORS["d"])), "title": labels.series,
             "legend": {**LEGEND_BELOW, "columns": 1, "labelLimit": 300}}
    layers = [
        {"name": "bars", "data": {"name": "bars"}, "mark": {"type": "bar"},
         "encoding": {"x": x, "xOffset": offset, "y": {**y, "field": "value"}, "color": color,
                      "tooltip": [{"field": "bin", "title": labels.x}, {"field": "series", "title": labels.series},
                                  {"field": "value", "title": labels.y, "format": ".3f"}]}},
        {"name": "intervals", "data": {"name": "intervals"}, "mark": {"type": "rule", "strokeWidth": 1.5, "color": "#333333"},
         "encoding": {"x": x, "xOffset": offset, "y": {**y, "field": "low"}, "y2": {"field": "high"}}},
        {"name": "zero", "mark": {"type": "rule", "color": COLORS["neutral"]},
         "encoding": {"y": {"datum": 0, "type": "quantitative"}}},
    ]
    return vega(layers, {"bars": bars, "intervals": intervals}, labels.title, height=280)


def error_vs_n(
    n_values: np.ndarray, local_curves: Mapping[str, np.ndarray], central_curve: np.ndarray,
    this_run: tuple[int, float], labels: ErrorLabels,
) -> dict:
    """Typical error of a frequency against the number of people (log-log): one line per epsilon in
    the local model (the last one at the epsilon chosen on the page), a dashed line for the central
    model (layer "curves"), and this run's error as a red cross (layer "run") with a note (layer
    "run_note"). The cross is named by its note, not in the legend, which shows lines only."""
    local = tuple(local_curves)
    names = (*local, labels.central)
    n = np.asarray(n_values, dtype=float)
    curves = pa.table({
        "n": np.tile(n, len(names)),
        "series": pa.array(np.repeat(names, n.size), pa.string()),
        "error": np.concatenate([np.asarray(v, dtype=float) for v in (*local_curves.values(), central_curve)]),
    })
    run = pa.table({"n": [float(this_run[0])], "error": [float(this_run[1])], "note": [labels.run_note]})
    colors = (*_LOCAL_BLUES[: len(local) - 1], COLORS["d_prime"], COLORS["truth"])
    color = {**series_color(names, colors), "title": labels.series, "legend": {**LEGEND_BELOW, "columns": 1}}
    x = {"field": "n", "type": "quantitative", "title": labels.x, "scale": {"type": "log"}, "axis": {"format": ",~s"}}
    y = {"field": "error", "type": "quantitative", "title": labels.y, "scale": {"type": "log"}, "axis": {"format": "~g"}}
    dashes = [[1, 0]] * len(local) + [[8, 5]]
    tooltip = [{"field": "n", "title": labels.x, "format": ","}, {"field": "error", "title": labels.y, "format": ".2~g"}]
    layers = [
        {"name": "curves", "data": {"name": "curves"}, "mark": {"type": "line", "clip": True, "strokeWidth": 3},
         "encoding": {"x": x, "y": y, "color": color,
                      "strokeDash": {"field": "series", "type": "nominal", "title": labels.series,
                                     "scale": {"domain": list(names), "range": dashes}}}},
        {"name": "run", "data": {"name": "run"},
         "mark": {"type": "point", "shape": "cross", "filled": True, "size": 220, "opacity": 1, "color": COLORS["danger"]},
         "encoding": {"x": x, "y": y, "tooltip": tooltip}},
        {"name": "run_note", "data": {"name": "run"},
         "mark": {"type": "text", "align": "left", "baseline": "bottom", "dx": 10, "dy": -4, "lineBreak": "\n",
                  "fontSize": FONT_SIZE - 3, "color": COLORS["danger"]},
         "encoding": {"x": x, "y": y, "text": {"field": "note"}}},
    ]
    return vega(layers, {"curves": curves, "run": run}, labels.title, height=320)


def _arrow(x0: float, y0: float, x1: float, y1: float, colour: str) -> list[tuple[float, float, float, float, str]]:
    """An arrow as three segments in data units: the shaft and two barbs at its tip (a drawn
    head needs no angle, which a chart that stretches to the page's width cannot know)."""
    length = float(np.hypot(x1 - x0, y1 - y0))
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    back, side = 0.16, 0.1
    bx, by = x1 - back * ux, y1 - back * uy
    return [(x0, y0, x1, y1, colour)] + [(bx - s * side * uy, by + s * side * ux, x1, y1, colour) for s in (1, -1)]


def local_vs_central(labels: DiagramLabels) -> dict:
    """Two rows of boxes and arrows: the central model (true answers reach a trusted curator, who
    adds noise once) and the local model (each person randomizes; the collector sees no true answer).

    Layers "arrows", "boxes", "box_labels", "notes" and "headings". A static diagram,
    drawn with Vega-Lite like the page's other charts (a plotly figure on the page costs the
    browser ~30 ms on every slider step, even in a hidden tab)."""
    boxes: list[tuple[float, float, float, float, str, str]] = []
    arrows: list[tuple[float, float, float, float, str]] = []
    headings: list[tuple[float, float, str]] = []
    notes: list[tuple[float, float, str, str]] = []  # x, y, text, colour
    for row, y in (("central", 3.0), ("local", 0.0)):
        headings.append((0.0, y + 1.55, getattr(labels, row)))
        for i, dy in enumerate((-0.75, 0.0, 0.75)):
            boxes.append((0.0, y + dy - 0.28, 1.5, y + dy + 0.28, f"{labels.person}\n{i + 1}", COLORS["neutral"]))
        if row == "central":
            for dy in (-0.75, 0.0, 0.75):
                arrows += _arrow(1.55, y + dy, 4.45, y, COLORS["danger"])
            notes.append((2.3, y + 1.0, labels.true_answers, COLORS["danger"]))
            boxes.append((4.5, y - 0.45, 7.0, y + 0.45, labels.curator, COLORS["danger"]))
            boxes.append((8.5, y - 0.35, 10.5, y + 0.35, labels.noisy_total, COLORS["d"]))
        else:
            for dy in (-0.75, 0.0, 0.75):
                boxes.append((1.8, y + dy - 0.28, 2.9, y + dy + 0.28, labels.coin, COLORS["d"]))
                arrows += _arrow(2.95, y + dy, 4.45, y, COLORS["d"])
            notes.append((3.0, y + 1.05, labels.randomized, COLORS["d"]))
            boxes.append((4.5, y - 0.45, 7.0, y + 0.45, labels.collector, COLORS["neutral"]))
            boxes.append((8.5, y - 0.35, 10.5, y + 0.35, labels.estimate, COLORS["d"]))
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
        {"name": "arrows", "data": {"name": "arrows"}, "mark": {"type": "rule", "strokeWidth": 2},
         "encoding": {"x": {**x, "field": "x0"}, "y": {**y, "field": "y0"}, "x2": {"field": "x1"}, "y2": {"field": "y1"},
                      "color": colour}},
        {"name": "boxes", "data": {"name": "boxes"}, "mark": {"type": "rect", "fill": "white", "strokeWidth": 2},
         "encoding": {"x": {**x, "field": "x0"}, "y": {**y, "field": "y0"}, "x2": {"field": "x1"}, "y2": {"field": "y1"},
                      "stroke": colour}},
        {"name": "box_labels", "data": {"name": "boxes"}, "mark": {"type": "text", "lineBreak": "\n", "fontSize": FONT_SIZE - 4},
         "encoding": {"x": {**x, "field": "xc"}, "y": {**y, "field": "yc"}, "text": {"field": "label"}}},
        {"name": "notes", "data": {"name": "notes"}, "mark": {"type": "text", "align": "left"},
         "encoding": {"x": {**x, "field": "x"}, "y": {**y, "field": "y"}, "text": {"field": "text"}, "color": colour}},
        {"name": "headings", "data": {"name": "headings"}, "mark": {"type": "text", "align": "left", "fontWeight": "bold"},
         "encoding": {"x": {**x, "field": "x"}, "y": {**y, "field": "y"}, "text": {"field": "text"}}},
    ]
    datasets = {"arrows": arrow_table, "boxes": box_table, "notes": note_table, "headings": heading_table}
    spec = vega(layers, datasets, labels.title, height=380)
    spec["config"]["view"] = {"stroke": None}  # no frame around a diagram
    return spec
