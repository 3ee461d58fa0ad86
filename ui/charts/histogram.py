"""Figures of the Histogram & neighbour page: plain numbers in, plotly figures out.

Only bin counts reach the browser (a few KB), never the raw rows. Each figure is built in one
pass with theme.figure, which keeps a rerun after an epsilon change fast.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from dpcore.mechanisms import AdditiveNoise
from ui.charts.theme import COLORS, figure


def _bins_axis(labels: Sequence[str], changed: Sequence[int]) -> dict[str, object]:
    """Category ticks, and a shaded band behind every bin that differs between D and D'."""
    return {
        "xaxis": {"tickmode": "array", "tickvals": list(range(len(labels))), "ticktext": list(labels)},
        "shapes": [
            {"type": "rect", "xref": "x", "yref": "paper", "x0": i - 0.5, "x1": i + 0.5, "y0": 0, "y1": 1,
             "fillcolor": COLORS["highlight"], "line": {"width": 0}, "layer": "below"}
            for i in changed
        ],
    }


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
) -> go.Figure:
    """Grouped bars of D and D' (true or noisy), the bins that differ shaded, and an optional
    ± half_width interval on every bar."""
    x = np.arange(len(labels))
    error = None if half_width is None else {"type": "constant", "value": half_width, "thickness": 1.5}
    return figure(
        [
            go.Bar(x=x, y=values_d, name=names[0], marker_color=COLORS["d"], error_y=error),
            go.Bar(x=x, y=values_d_prime, name=names[1], marker_color=COLORS["d_prime"], error_y=error),
        ],
        title, x_title, y_title, **_bins_axis(labels, changed),
    )


def output_distributions(
    mechanism: AdditiveNoise,
    value_d: float,
    value_d_prime: float,
    observed: float,
    title: str,
    x_title: str,
    y_title: str,
) -> go.Figure:
    """The output's density (or pmf) under D and under D', with the observed output marked."""
    reach = mechanism.accuracy(0.001) + abs(value_d - value_d_prime)
    lo, hi = min(value_d, value_d_prime) - reach, max(value_d, value_d_prime) + reach
    laws = ((value_d, "under D", COLORS["d"]), (value_d_prime, "under D′", COLORS["d_prime"]))
    if mechanism.discrete:
        grid = np.arange(np.floor(lo), np.ceil(hi) + 1)
        traces = [
            go.Bar(x=grid, y=mechanism.output_pdf(grid, v), name=name, marker_color=c, opacity=0.6)
            for v, name, c in laws
        ]
    else:
        grid = np.linspace(lo, hi, 400)
        traces = [
            go.Scatter(x=grid, y=mechanism.output_pdf(grid, v), name=name, line={"color": c, "width": 3})
            for v, name, c in laws
        ]
    return figure(
        traces, title, x_title, y_title, barmode="overlay",
        shapes=[{"type": "line", "xref": "x", "yref": "paper", "x0": observed, "x1": observed, "y0": 0, "y1": 1,
                 "line": {"color": COLORS["danger"], "dash": "dash", "width": 2}}],
        annotations=[{"x": observed, "xref": "x", "y": 0.97, "yref": "paper", "yanchor": "top", "xanchor": "left",
                      "xshift": 6, "text": f"observed O = {observed:.2f}", "showarrow": False,
                      "font": {"color": COLORS["danger"]}}],
    )


def zoo_answers(
    rows: Sequence[tuple[str, float, float]], truth_d: float, truth_d_prime: float, title: str, y_title: str
) -> go.Figure:
    """Noisy answers on D and D' for each (label, answer on D, answer on D') with the truths as lines."""
    labels = [r[0] for r in rows]
    return figure(
        [
            go.Bar(x=labels, y=[r[1] for r in rows], name="D", marker_color=COLORS["d"]),
            go.Bar(x=labels, y=[r[2] for r in rows], name="D′", marker_color=COLORS["d_prime"]),
        ],
        title, "", y_title,
        shapes=[
            {"type": "line", "xref": "paper", "yref": "y", "x0": 0, "x1": 1, "y0": v, "y1": v,
             "line": {"color": c, "dash": "dot"}}
            for v, c in ((truth_d, COLORS["d"]), (truth_d_prime, COLORS["d_prime"]))
        ],
    )
