"""Figures of the Randomized response page: plain numbers in, plotly figures out.

Each figure is built in one pass with theme.figure. Category labels come from the user's data, so
they are HTML-escaped before plotly sees them.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

from ui.charts.theme import COLORS, FONT_SIZE, figure

MAX_BARS = 30


def survey_estimate(
    true_share: float,
    raw_share: float,
    estimate: float,
    low: float,
    high: float,
    labels: Mapping[str, str],
    title: str,
    x_title: str,
) -> go.Figure:
    """Three rows on one share axis: the truth, the raw share of "yes", the corrected estimate with
    its interval. `labels` names the rows ("truth", "raw", "corrected")."""
    rows = [labels["truth"], labels["raw"], labels["corrected"]]
    marker = {"size": 16}
    traces = [
        go.Scatter(x=[true_share], y=[rows[0]], mode="markers", marker={**marker, "color": COLORS["truth"]}, name=rows[0]),
        go.Scatter(x=[raw_share], y=[rows[1]], mode="markers", marker={**marker, "color": COLORS["neutral"]}, name=rows[1]),
        go.Scatter(
            x=[estimate], y=[rows[2]], mode="markers", marker={**marker, "color": COLORS["d"]}, name=rows[2],
            error_x={"type": "data", "symmetric": False, "array": [high - estimate], "arrayminus": [estimate - low], "thickness": 2},
        ),
    ]
    return figure(
        traces, title, x_title, "", height=300,
        yaxis={"categoryorder": "array", "categoryarray": rows[::-1]},
        showlegend=False,
        shapes=[{"type": "line", "xref": "x", "yref": "paper", "x0": true_share, "x1": true_share, "y0": 0, "y1": 1,
                 "line": {"color": COLORS["truth"], "dash": "dot"}}],
    )


def frequency_comparison(
    categories: Sequence[str],
    true_freq: np.ndarray,
    raw_freq: np.ndarray,
    corrected: np.ndarray,
    half_width: np.ndarray,
    names: Mapping[str, str],
    title: str,
    x_title: str,
    y_title: str,
) -> go.Figure:
    """Grouped bars per category: true, raw (what the collector sees) and corrected frequencies,
    the corrected ones with a +- half_width interval. At most MAX_BARS categories are drawn."""
    shown = min(len(categories), MAX_BARS)
    x = np.arange(shown)
    traces = [
        go.Bar(x=x, y=np.asarray(true_freq)[:shown], name=html.escape(names["truth"]), marker_color=COLORS["truth"]),
        go.Bar(x=x, y=np.asarray(raw_freq)[:shown], name=html.escape(names["raw"]), marker_color=COLORS["neutral"]),
        go.Bar(
            x=x, y=np.asarray(corrected)[:shown], name=html.escape(names["corrected"]), marker_color=COLORS["d"],
            error_y={"type": "data", "array": np.asarray(half_width)[:shown], "thickness": 1.5},
        ),
    ]
    return figure(
        traces, title, x_title, y_title,
        xaxis={"tickmode": "array", "tickvals": list(x), "ticktext": [html.escape(str(c)) for c in categories[:shown]]},
        shapes=[{"type": "line", "xref": "x domain", "yref": "y", "x0": 0, "x1": 1, "y0": 0, "y1": 0,
                 "line": {"color": COLORS["neutral"], "width": 1}}],
    )


def error_vs_n(
    n_values: np.ndarray,
    local_curves: Mapping[str, np.ndarray],
    central_curve: np.ndarray,
    central_label: str,
    this_run: tuple[int, float] | None,
    this_run_label: str,
    title: str,
    x_title: str,
    y_title: str,
) -> go.Figure:
    """Typical error of a frequency against the number of people (log-log): one line per epsilon in
    the local model, one dashed line for the central model, and this run's error as a point."""
    palette = ["#c6dbef", "#6baed6", "#2171b5", "#08306b", COLORS["d_prime"]]
    traces: list[object] = [
        go.Scatter(x=n_values, y=values, mode="lines", name=html.escape(label), line={"color": colour, "width": 3})
        for (label, values), colour in zip(local_curves.items(), palette)
    ]
    traces.append(
        go.Scatter(
            x=n_values, y=central_curve, mode="lines", name=html.escape(central_label),
            line={"color": COLORS["truth"], "dash": "dash", "width": 3},
        )
    )
    if this_run is not None:
        traces.append(
            go.Scatter(
                x=[this_run[0]], y=[this_run[1]], mode="markers", name=html.escape(this_run_label),
                marker={"size": 14, "color": COLORS["danger"], "symbol": "x"},
            )
        )
    return figure(
        traces, title, x_title, y_title, height=460,
        xaxis={"type": "log"}, yaxis={"type": "log", "exponentformat": "power"},
    )


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
    """Two rows of boxes and arrows: the central model (true answers reach a trusted curator, who
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
