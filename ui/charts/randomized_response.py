"""Charts of the Randomized response page: plain numbers in, Vega-Lite specs out (the static
local-versus-central diagram stays a plotly figure, see `local_vs_central`).

The numbers sit in named datasets and a spec depends only on the labels and the categories, so
a new epsilon, p, share or seed sends new data into charts the browser has already laid out.
Category labels come from the user's data: Vega draws them as SVG text, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go
import pyarrow as pa

from ui.charts.theme import COLORS, FONT_SIZE, figure, series_color, vega

MAX_BARS = 30
_WIDE_LEGEND = {"labelLimit": 400}  # the theme cuts legend labels at 160 px; these are phrases
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
                      "tooltip": [{"field": "series", "title": " "}, {"field": "share", "title": x_title, "format": ".3f"}]}},
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
    x = {"field": "bin", "type": "nominal", "sort": labels, "title": x_title,
         "axis": {"labelAngle": 0, "labelAlign": "center"} if shown <= 8 else {"labelAngle": -45}}
    offset = {"field": "series", "sort": list(series), "scale": {"domain": list(series)}}
    y = {"type": "quantitative", "title": y_title}
    layers = [
        {"data": {"name": "bars"}, "mark": {"type": "bar"},
         "encoding": {"x": x, "xOffset": offset, "y": {**y, "field": "value"},
                      "color": {**series_color(series, (COLORS["truth"], COLORS["neutral"], COLORS["d"])),
                                "legend": _WIDE_LEGEND},
                      "tooltip": [{"field": "bin", "title": x_title}, {"field": "series", "title": " "},
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
    color = {**series_color(names, colors), "legend": {**_WIDE_LEGEND, "columns": 3}}
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


def _box(x0: float, y0: float, x1: float, y1: float, text: str, colour: str) -> tuple[dict, dict]:
    shape = {"type": "rect", "x0": x0, "y0": y0, "x1": x1, "y1": y1, "line": {"color": colour, "width": 2}, "fillcolor": "white"}
    label = {"x": (x0 + x1) / 2, "y": (y0 + y1) / 2, "text": text, "showarrow": False, "font": {"size": FONT_SIZE - 2}}
    return shape, label


def _arrow(x0: float, y0: float, x1: float, y1: float, colour: str) -> dict:
    return {
        "x": x1, "y": y1, "ax": x0, "ay": y0, "xref": "x", "yref": "y", "axref": "x", "ayref": "y",
        "showarrow": True, "arrowhead": 3, "arrowwidth": 2, "arrowcolor": colour, "text": "",
    }


def local_vs_central(labels: Mapping[str, str]) -> go.Figure:
    """A static diagram, so plotly (no slider redraws it). Two rows of boxes and arrows: the central model (true answers reach a trusted curator, who
    adds noise once) and the local model (each person randomizes; the collector sees no true answer).

    `labels` holds the page's own short texts (not user input; "<br>" breaks a line): central,
    local, person, curator, collector, true_answers, randomized, coin, noisy_total, estimate.
    """
    shapes: list[dict] = []
    notes: list[dict] = []

    def box(*args: object) -> None:
        shape, label = _box(*args)  # type: ignore[arg-type]
        shapes.append(shape)
        notes.append(label)

    small = FONT_SIZE - 4
    for row, y in (("central", 3.0), ("local", 0.0)):
        notes.append({"x": 0.0, "y": y + 1.55, "text": f"<b>{labels[row]}</b>", "showarrow": False, "xanchor": "left"})
        for i, dy in enumerate((-0.75, 0.0, 0.75)):
            box(0.0, y + dy - 0.28, 1.5, y + dy + 0.28, f"{labels['person']} {i + 1}", COLORS["neutral"])
        if row == "central":
            notes.extend(_arrow(1.55, y + dy, 4.45, y, COLORS["danger"]) for dy in (-0.75, 0.0, 0.75))
            notes.append({"x": 3.0, "y": y + 0.95, "text": labels["true_answers"], "showarrow": False,
                          "font": {"size": small, "color": COLORS["danger"]}})
            box(4.5, y - 0.45, 7.0, y + 0.45, labels["curator"], COLORS["danger"])
            notes.append(_arrow(7.05, y, 8.45, y, COLORS["d"]))
            box(8.5, y - 0.35, 10.5, y + 0.35, labels["noisy_total"], COLORS["d"])
        else:
            for dy in (-0.75, 0.0, 0.75):
                box(1.8, y + dy - 0.28, 2.9, y + dy + 0.28, labels["coin"], COLORS["d"])
                notes.append(_arrow(2.95, y + dy, 4.45, y, COLORS["d"]))
            notes.append({"x": 3.6, "y": y + 1.05, "text": labels["randomized"], "showarrow": False,
                          "font": {"size": small, "color": COLORS["d"]}})
            box(4.5, y - 0.45, 7.0, y + 0.45, labels["collector"], COLORS["neutral"])
            notes.append(_arrow(7.05, y, 8.45, y, COLORS["d"]))
            box(8.5, y - 0.35, 10.5, y + 0.35, labels["estimate"], COLORS["d"])
    return figure(
        [], "", "", "", height=420,
        xaxis={"visible": False, "range": [-0.1, 10.6]},
        yaxis={"visible": False, "range": [-1.2, 4.8]},
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        showlegend=False, shapes=shapes, annotations=notes,
    )
