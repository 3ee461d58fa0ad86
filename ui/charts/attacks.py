"""Figures of the Attacks page: plain numbers in, plotly figures out (no st.* calls).

Every label is passed in by the page (from ui/text/attacks.py). Traces reach the browser already
thinned to a few hundred log-spaced points, never one point per simulated answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from dpcore.attacks import TABLE_KS, TABLE_LEVELS, Table63Row
from ui.charts.theme import COLORS, figure

_TRACE_COLORS = ("#1f77b4", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f")


_LEGEND_BELOW: dict[str, object] = {
    "legend": {"orientation": "h", "yanchor": "top", "y": -0.22, "xanchor": "left", "x": 0.0},
    "margin": {"b": 130},
}


def _band(y0: float, y1: float, color: str) -> dict[str, object]:
    """A horizontal band across the whole plot, behind the traces."""
    return {"type": "rect", "xref": "paper", "yref": "y", "x0": 0, "x1": 1, "y0": y0, "y1": y1,
            "fillcolor": color, "line": {"width": 0}, "layer": "below"}


def _swatch(name: str, color: str, opacity: float = 1.0) -> go.Scatter:
    """A legend entry for a shaded band (shapes have no legend of their own)."""
    return go.Scatter(x=[None], y=[None], name=name, mode="markers",
                      marker={"color": color, "opacity": opacity, "size": 14, "symbol": "square"})


def difference_densities(
    x: np.ndarray,
    density_secret: np.ndarray,
    density_none: np.ndarray,
    observed: float,
    labels: Mapping[str, str],
) -> go.Figure:
    """Density of the noisy difference if the target has the secret (centred on 1) and if not (0).

    labels: title, x, y, secret, none, observed. A half-width chart: legend below.
    """
    top = float(max(np.max(density_secret), np.max(density_none)))
    return figure(
        [
            go.Scatter(x=x, y=density_secret, name=labels["secret"], line={"color": COLORS["danger"], "width": 3}),
            go.Scatter(x=x, y=density_none, name=labels["none"], line={"color": COLORS["d"], "width": 3, "dash": "dash"}),
            go.Scatter(x=[observed, observed], y=[0.0, top], name=labels["observed"], mode="lines",
                       line={"color": COLORS["neutral"], "width": 2, "dash": "dot"}),
        ],
        labels["title"], labels["x"], labels["y"], height=450, **_LEGEND_BELOW,
    )


def difference_posterior(
    x: np.ndarray,
    posterior: np.ndarray,
    band: tuple[float, float],
    prior: float,
    observed: float,
    observed_posterior: float,
    labels: Mapping[str, str],
) -> go.Figure:
    """The attacker's posterior as a function of the difference seen, inside the eps band.

    labels: title, x, y, curve, band, prior, observed. A half-width chart: legend below.
    """
    low, high = band
    return figure(
        [
            go.Scatter(x=x, y=posterior, name=labels["curve"], line={"color": COLORS["danger"], "width": 3}),
            go.Scatter(
                x=[observed], y=[observed_posterior], name=labels["observed"], mode="markers",
                marker={"color": COLORS["danger"], "size": 14, "symbol": "diamond"},
            ),
            go.Scatter(x=[x[0], x[-1]], y=[prior, prior], name=labels["prior"], mode="lines",
                       line={"color": COLORS["neutral"], "dash": "dot"}),
            _swatch(labels["band"], COLORS["band"]),
        ],
        labels["title"], labels["x"], labels["y"], height=450,
        shapes=[_band(low, high, COLORS["band"])],
        yaxis={"range": [0, 1], "tickformat": ".0%"},
        **_LEGEND_BELOW,
    )


def running_means(
    checkpoints: np.ndarray,
    answers: np.ndarray,
    truth: float,
    tolerance: float,
    half_range: float,
    labels: Mapping[str, str],
    compact: bool = False,
) -> go.Figure:
    """Running means of a few attackers against k (log x), with the truth and the danger zone.

    `answers` has one row per attacker (mean answer at each checkpoint). The y axis shows
    truth ± half_range; earlier, wilder answers fall outside and can be reached by zooming out.
    compact: a half-width chart, legend below. labels: title, x, y, trace (with {i}), truth, zone.
    """
    k = np.asarray(checkpoints, dtype=float)
    traces = [go.Scatter(x=[k[0], k[-1]], y=[truth, truth], name=labels["truth"], mode="lines",
                         line={"color": COLORS["truth"], "width": 3})]
    traces += [
        go.Scatter(x=k, y=np.round(row, 6), name=labels["trace"].format(i=i + 1), mode="lines",
                   line={"color": _TRACE_COLORS[i % len(_TRACE_COLORS)], "width": 1.6})
        for i, row in enumerate(np.asarray(answers, dtype=float))
    ]
    traces.append(_swatch(labels["zone"], COLORS["danger"], opacity=0.3))
    extra: dict[str, object] = {
        "shapes": [_band(truth - tolerance, truth + tolerance, COLORS["highlight"])],
        "xaxis": {"type": "log"},
        "yaxis": {"range": [truth - half_range, truth + half_range]},
    }
    if compact:
        extra.update(_LEGEND_BELOW)
    return figure(traces, labels["title"], labels["x"], labels["y"], height=490 if compact else 420, **extra)


def recovery_curve(
    ks: np.ndarray,
    exact: np.ndarray,
    sim_ks: Sequence[int],
    sim_p: Sequence[float],
    sim_low: Sequence[float],
    sim_high: Sequence[float],
    chosen_k: int,
    labels: Mapping[str, str],
) -> go.Figure:
    """Exact probability of exact recovery against k, simulated points with their intervals, chosen k.

    labels: title, x, y, exact, sim, chosen.
    """
    p = np.asarray(sim_p, dtype=float)
    return figure(
        [
            go.Scatter(x=ks, y=exact, name=labels["exact"], mode="lines", line={"color": COLORS["danger"], "width": 3}),
            go.Scatter(
                x=list(sim_ks), y=p, name=labels["sim"], mode="markers",
                marker={"color": COLORS["d"], "size": 10},
                error_y={"type": "data", "symmetric": False,
                         "array": np.asarray(sim_high) - p, "arrayminus": p - np.asarray(sim_low), "thickness": 2},
            ),
            # A trace, not a shape: shapes on a log axis would need log10 coordinates.
            go.Scatter(x=[chosen_k, chosen_k], y=[0.0, 1.0], name=labels["chosen"], mode="lines",
                       line={"color": COLORS["neutral"], "dash": "dot", "width": 2}),
        ],
        labels["title"], labels["x"], labels["y"],
        xaxis={"type": "log"}, yaxis={"range": [-0.02, 1.02], "tickformat": ".0%"},
    )


def spread_curves(
    ks: np.ndarray,
    naive_sd: np.ndarray,
    split_sd: np.ndarray,
    tolerance: float,
    labels: Mapping[str, str],
) -> go.Figure:
    """Standard deviation of the attacker's mean against k: naive (shrinks) versus split (grows).

    labels: title, x, y, naive, split, zone.
    """
    return figure(
        [
            go.Scatter(x=ks, y=naive_sd, name=labels["naive"], line={"color": COLORS["danger"], "width": 3}),
            go.Scatter(x=ks, y=split_sd, name=labels["split"], line={"color": COLORS["truth"], "width": 3}),
            go.Scatter(x=[ks[0], ks[-1]], y=[tolerance, tolerance], name=labels["zone"], mode="lines",
                       line={"color": COLORS["neutral"], "dash": "dot"}),
        ],
        labels["title"], labels["x"], labels["y"], xaxis={"type": "log"}, yaxis={"type": "log"},
    )


def _cell(book: float | None, exact: float, simulated: float, missing: str) -> str:
    first = missing if book is None else f"{book:.2f}"
    return f"{first} · {exact:.2f} · {simulated:.2f}"


def table_6_3_frames(rows: Sequence[Table63Row], labels: Mapping[str, str]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Table 6-3 as two tables of text cells 'book · exact · simulation': the quantiles of |noise|
    (one answer) and the recovery probabilities in percent, one row per epsilon.

    labels: eps, q (with {level}), k (with {k}), missing.
    """
    quantiles, recovery = [], []
    for row in rows:
        q: dict[str, str] = {labels["eps"]: f"{row.epsilon:g}"}
        r: dict[str, str] = {labels["eps"]: f"{row.epsilon:g}"}
        for j, level in enumerate(TABLE_LEVELS):
            book = None if row.book is None else row.book.quantiles[j]
            q[labels["q"].format(level=100 * level)] = _cell(
                book, row.exact_quantiles[j], row.simulated_quantiles[j], labels["missing"]
            )
        for j, k in enumerate(TABLE_KS):
            book = None if row.book is None else row.book.recovery_percent[j]
            r[labels["k"].format(k=k)] = _cell(
                book, 100 * row.exact_recovery[j], 100 * row.simulated_recovery[j].proportion, labels["missing"]
            )
        quantiles.append(q)
        recovery.append(r)
    return pd.DataFrame.from_records(quantiles), pd.DataFrame.from_records(recovery)
