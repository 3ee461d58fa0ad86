"""Figures of the Exponential mechanism page: plain numbers in, plotly figures out.

Each figure is built in one pass with theme.figure (lines and markers go in as layout shapes and
annotations, not add_* calls), which keeps a rerun after an epsilon change fast. Option names come
from a table the user typed or from a dataset, so they are HTML-escaped before plotly sees them
(plotly renders a few HTML tags, links included, in labels).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

from ui.charts.theme import COLORS, figure

MAX_BARS = 30  # more bars than this are unreadable; the page says when it shows only the first ones
PALETTE = (COLORS["d"], COLORS["d_prime"], COLORS["truth"], COLORS["danger"], "#9467bd", "#8c564b", "#e377c2")


def _plain(labels: Sequence[object]) -> list[str]:
    return [html.escape(str(label)) for label in labels]


def _category_ticks(labels: Sequence[object]) -> dict[str, object]:
    return {"tickmode": "array", "tickvals": list(range(len(labels))), "ticktext": _plain(labels)}


def _hline(y: float, colour: str, xref: str = "x", yref: str = "y") -> dict[str, object]:
    return {
        "type": "line", "xref": f"{xref} domain", "yref": yref, "x0": 0, "x1": 1, "y0": y, "y1": y,
        "line": {"color": colour, "dash": "dot", "width": 1},
    }


def _vline(x: float, colour: str, yref: str = "paper") -> dict[str, object]:
    return {
        "type": "line", "xref": "x", "yref": yref, "x0": x, "x1": x, "y0": 0, "y1": 1,
        "line": {"color": colour, "dash": "dot", "width": 1},
    }


def probability_bars(
    names: Sequence[str],
    probabilities: np.ndarray,
    scores: np.ndarray,
    title: str,
    x_title: str,
    y_title: str,
    hover: str,
) -> go.Figure:
    """One bar per option: its selection probability, printed on the bar; the score on hover.

    `hover` is a template with {score}; the best-scored options are drawn in the "truth" colour.
    """
    p = np.asarray(probabilities, dtype=float)
    s = np.asarray(scores, dtype=float)
    bar = go.Bar(
        x=np.arange(p.size), y=p, marker_color=[COLORS["truth"] if v == s.max() else COLORS["d"] for v in s],
        text=[f"{v:.3g}" for v in p], textposition="outside", cliponaxis=False,
        hovertext=[hover.format(score=f"{v:g}") for v in s], hoverinfo="text+y", name=y_title,
    )
    return figure(
        [bar], title, x_title, y_title,
        xaxis=_category_ticks(names), yaxis={"range": [0, max(1.0, float(p.max()) * 1.15)]},
    )


def convergence(
    marks: np.ndarray,
    frequencies: np.ndarray,
    names: Sequence[str],
    probabilities: np.ndarray,
    title: str,
    x_title: str,
    y_title: str,
) -> go.Figure:
    """Share of each option among the first m simulated selections (solid), its probability (dotted).
    At most MAX_BARS options are drawn."""
    shown = min(len(names), MAX_BARS)
    colours = [PALETTE[i % len(PALETTE)] for i in range(shown)]
    traces = [
        go.Scatter(x=marks, y=frequencies[:, i], mode="lines", name=_plain([names[i]])[0], line={"color": c, "width": 2})
        for i, c in enumerate(colours)
    ]
    return figure(
        traces, title, x_title, y_title,
        xaxis={"type": "log"}, yaxis={"range": [0, 1]},
        shapes=[_hline(float(probabilities[i]), c) for i, c in enumerate(colours)],
    )


def pricing_candidates(
    prices: np.ndarray,
    revenues: np.ndarray,
    probabilities: np.ndarray,
    buyers: np.ndarray,
    title: str,
    x_title: str,
    revenue_title: str,
    probability_title: str,
) -> go.Figure:
    """Top: revenue at every candidate price, buyers' maximum prices as dotted lines.
    Bottom: the exponential mechanism's probability of choosing each price (shared price axis)."""
    width = float(np.min(np.diff(prices))) * 0.8 if len(prices) > 1 else 0.5
    return figure(
        [
            go.Bar(x=prices, y=revenues, width=width, marker_color=COLORS["truth"], name=revenue_title, yaxis="y"),
            go.Bar(x=prices, y=probabilities, width=width, marker_color=COLORS["d"], name=probability_title, yaxis="y2"),
        ],
        title, x_title, revenue_title, height=520,
        xaxis={"anchor": "y2"},
        yaxis={"domain": [0.55, 1.0], "anchor": "x"},
        yaxis2={"domain": [0.0, 0.45], "title": {"text": probability_title}, "anchor": "x"},
        showlegend=False,
        shapes=[_vline(float(v), COLORS["neutral"]) for v in np.unique(buyers)],
    )


def pricing_curves(
    epsilons: np.ndarray,
    curves: Mapping[str, np.ndarray],
    current_epsilon: float,
    title: str,
    x_title: str,
    y_title: str,
) -> go.Figure:
    """Expected revenue against epsilon (log axis) for each way of choosing the price; the epsilon
    in use as a dotted line."""
    styles = ((COLORS["truth"], "dash"), (COLORS["d"], "solid"), (COLORS["danger"], "solid"))
    traces = [
        go.Scatter(x=epsilons, y=values, mode="lines", name=html.escape(label), line={"color": colour, "dash": dash, "width": 3})
        for (label, values), (colour, dash) in zip(curves.items(), styles)
    ]
    return figure(
        traces, title, x_title, y_title,
        xaxis={"type": "log"}, yaxis={"rangemode": "tozero"},
        shapes=[_vline(current_epsilon, COLORS["neutral"])],
    )


def mode_bars(
    candidates: Sequence[str],
    counts: np.ndarray,
    probabilities: np.ndarray,
    chosen: int,
    title: str,
    x_title: str,
    y_title: str,
    hover: str,
    chosen_label: str,
) -> go.Figure:
    """Probability of each candidate (most common first, at most MAX_BARS), the chosen one marked."""
    shown = min(len(candidates), MAX_BARS)
    c = np.asarray(counts)[:shown]
    p = np.asarray(probabilities)[:shown]
    bar = go.Bar(
        x=np.arange(shown), y=p, marker_color=[COLORS["truth"] if v == np.max(counts) else COLORS["d"] for v in c],
        text=[f"{v:.3g}" for v in p], textposition="outside", cliponaxis=False,
        hovertext=[hover.format(count=f"{v:,}") for v in c], hoverinfo="text+y", name=y_title,
    )
    annotations = []
    if chosen < shown:
        annotations.append(
            {"x": chosen, "y": float(p[chosen]), "text": html.escape(chosen_label), "showarrow": True,
             "arrowhead": 2, "ay": -40, "yshift": 22, "font": {"color": COLORS["danger"]}}
        )
    return figure(
        [bar], title, x_title, y_title,
        xaxis=_category_ticks(list(candidates)[:shown]), yaxis={"range": [0, max(1.0, float(p.max())) * 1.3]},
        annotations=annotations,
    )
