"""Animations that the browser plays on its own: plotly figures (as plain dicts) with frames, a
Play/Pause button and a slider. Plotly.js steps through the frames with no server rerun, which is
what a live demonstration needs; the app's other charts stay Vega-Lite (LEARNED.md: a plotly chart
costs the browser 70-100 ms per redraw, so an animation is only built and sent when its expander
is open).

Plain data in, a figure dict out (no st.* and no plotly import: Streamlit validates the dict once
when it is drawn). The shared look follows ui/charts/theme.py: the same colours with the same
meaning, the same large fonts, a fixed height, and axis ranges fixed across frames (computed from
every frame's numbers), so that what moves is the data, never the axes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ui.charts.histogram import steady_range
from ui.charts.theme import COLORS, FONT_SIZE, INK, INK_SOFT

FRAME_MS = 160  # one frame of the averaging attack on screen; 60 frames play in about 10 s
TRANSITION_MS = 0  # no glide between frames: each tween repaints the SVG many times (bench_animation)
HOPS_FRAME_MS = 600  # one draw on screen: long enough to read, short enough to see the noise jump
AVERAGING_HEIGHT = 840  # fixed, so the page does not jump when the figure arrives: two panels
HOPS_HEIGHT = 640
ATTACKER_COLOR = COLORS["danger"]  # what an attacker learns (theme)
_DIGITS = 4  # decimals kept in the figure: it travels to the browser as JSON


@dataclass(frozen=True)
class PlayerLabels:
    """The words of the player under an animation: its buttons and what its slider shows."""

    play: str
    pause: str
    current: str  # before the current frame's name on the slider, e.g. "Answers seen: "


@dataclass(frozen=True)
class AveragingLabels:
    title: str
    naive: str  # the left panel's title
    split: str  # the right panel's title
    x: str
    y: str
    truth: str
    zone: str
    attacker: str  # the legend entry of the attackers' running means
    player: PlayerLabels


@dataclass(frozen=True)
class HopsLabels:
    title: str
    x: str
    y: str
    names: tuple[str, str]  # the noisy series of D and D'
    truth: str
    player: PlayerLabels


def _round(values: np.ndarray | Sequence[float]) -> list[float]:
    return [float(v) for v in np.round(np.asarray(values, dtype=float), _DIGITS)]


def _font(size: int = FONT_SIZE, color: str = INK) -> dict[str, object]:
    return {"family": "sans-serif", "size": size, "color": color}


def _axis(title: str, **extra: object) -> dict[str, object]:
    return {"title": {"text": title, "font": _font()}, "tickfont": _font(FONT_SIZE - 2, INK_SOFT),
            "linecolor": INK_SOFT, "ticks": "outside", "tickcolor": INK_SOFT, "gridcolor": "#e6e6e6",
            "fixedrange": True, "autorange": False, **extra}


# Pixels of the figure's frame around the plot: the title (two lines on a phone) and the legend
# above; the x axis, the Play/Pause buttons and the slider below.
TOP, BOTTOM, LEFT, RIGHT = 190, 200, 80, 24


def _title(title: str) -> str:
    """A title written with "\n" between its lines (short lines fit a phone), as plotly writes them."""
    return "<br>".join(title.split("\n"))


def _player(names: list[str], labels: PlayerLabels, plot_height: int, frame_ms: int = FRAME_MS,
            transition_ms: int = TRANSITION_MS, redraw: bool = False) -> dict[str, object]:
    """Play/Pause buttons under the x axis and a slider over the frames under them (played by
    plotly.js, whatever the width: nothing side by side that a phone would squeeze). `redraw`
    False glides scatter traces; bars need a redraw per frame (without it plotly.js drops the
    other traces of a grouped bar chart while it plays)."""
    play = {"frame": {"duration": frame_ms, "redraw": redraw}, "transition": {"duration": transition_ms},
            "fromcurrent": True, "mode": "immediate"}
    pause = {"frame": {"duration": 0, "redraw": redraw}, "transition": {"duration": 0}, "mode": "immediate"}
    buttons_y = -78 / plot_height  # under the x axis' labels and title
    return {
        "updatemenus": [{
            "type": "buttons", "direction": "left", "showactive": False, "x": 0, "xanchor": "left",
            "y": buttons_y, "yanchor": "top", "pad": {"t": 0, "r": 10}, "font": _font(FONT_SIZE - 1),
            "bgcolor": "#f0f2f6", "bordercolor": INK_SOFT,
            "buttons": [
                {"label": labels.play, "method": "animate", "args": [None, play]},
                {"label": labels.pause, "method": "animate", "args": [[None], pause]},
            ],
        }],
        "sliders": [{
            "active": 0, "x": 0, "len": 1, "xanchor": "left", "y": buttons_y - 48 / plot_height, "yanchor": "top",
            "pad": {"t": 0, "b": 0}, "font": {"color": "rgba(0,0,0,0)", "size": 8},  # no tick labels: too many
            "tickcolor": INK_SOFT, "ticklen": 4, "minorticklen": 0,
            "currentvalue": {"prefix": labels.current, "visible": True, "xanchor": "left",
                             "font": _font(FONT_SIZE + 1)},
            "transition": {"duration": 0},
            "steps": [{"label": name, "method": "animate", "args": [[name], pause]} for name in names],
        }],
    }


def _layout(title: str, height: int, **extra: object) -> dict[str, object]:
    return {
        "title": {"text": _title(title), "x": 0, "xanchor": "left", "xref": "container", "y": 1 - 16 / height,
                  "yref": "container", "yanchor": "top", "pad": {"l": 12}, "font": _font(FONT_SIZE + 2)},
        "height": height, "font": _font(), "paper_bgcolor": "white", "plot_bgcolor": "white",
        "margin": {"l": LEFT, "r": RIGHT, "t": TOP, "b": BOTTOM},
        # under a two-line title, across the whole width (a phone wraps it to two lines)
        "legend": {"orientation": "h", "x": 0, "xref": "container", "xanchor": "left", "y": 1 - 76 / height,
                   "yref": "container", "yanchor": "top", "font": _font(FONT_SIZE - 1)},
        "hovermode": False, "dragmode": False,
        **extra,
    }


def _fixed_range(values: np.ndarray, truth: float, tolerance: float) -> list[float]:
    """A y range holding every frame's means, the truth and its zone, with a little air."""
    low = min(float(np.min(values)), truth - tolerance)
    high = max(float(np.max(values)), truth + tolerance)
    pad = 0.06 * (high - low)
    return _round([low - pad, high + pad])


def averaging_animation(
    answers: np.ndarray, naive: np.ndarray, split: np.ndarray, truth: float, tolerance: float,
    labels: AveragingLabels, height: int = AVERAGING_HEIGHT,
) -> dict:
    """Two panels, one above the other (a phone has no room side by side), played in step: the
    running means of a few attackers (one row per attacker in `naive` and `split`, one column per
    frame: the mean of the *answers*) after answers[0], answers[1], ... answers, with epsilon per
    answer (top) and with the budget split (bottom). The truth and the zone in which the rounded
    mean is the truth are drawn once; each frame redraws the paths up to its k and a dot at their
    ends."""
    ks = np.asarray(answers, dtype=np.int64)
    k = int(ks[-1])
    log = k > len(ks)  # frames spread on a log scale
    x_range = [-0.03, math.log10(k) * 1.03] if log else [0.5, k + 0.5]
    x_type = "log" if log else "linear"
    traces: list[dict] = []
    animated: list[int] = []
    frames_data: list[list[dict]] = [[] for _ in ks]
    layout = _layout(labels.title, height)
    plot_height = height - TOP - BOTTOM
    gap = 64 / plot_height  # room for the top panel's tick labels and the bottom panel's title
    domains = ([0.5 + gap / 2, 1.0], [0.0, 0.5 - gap / 2])
    for panel, (rows, name) in enumerate(((naive, labels.naive), (split, labels.split))):
        first = panel == 0
        xa, ya = ("x", "y") if first else ("x2", "y2")
        layout["xaxis" if first else "xaxis2"] = _axis(
            "" if first else labels.x, type=x_type, range=x_range, anchor=ya)
        layout["yaxis" if first else "yaxis2"] = _axis(
            "", range=_fixed_range(rows, truth, tolerance), anchor=xa, zeroline=False, domain=domains[panel],
            nticks=5)
        low, high = truth - tolerance, truth + tolerance
        traces.append({"type": "scatter", "x": [1, k, k, 1], "y": _round([low, low, high, high]), "xaxis": xa,
                       "yaxis": ya, "fill": "toself", "fillcolor": COLORS["highlight"], "mode": "lines",
                       "line": {"width": 0}, "name": labels.zone, "showlegend": False})  # too faint for a legend entry
        traces.append({"type": "scatter", "x": [1, k], "y": [truth, truth], "xaxis": xa, "yaxis": ya,
                       "mode": "lines", "line": {"color": COLORS["truth"], "width": 3}, "name": labels.truth,
                       "legendgroup": "truth", "showlegend": first})
        for i, row in enumerate(rows):
            animated.append(len(traces))
            traces.append({"type": "scatter", "x": [int(ks[0])], "y": _round(row[:1]), "xaxis": xa, "yaxis": ya,
                           "mode": "lines", "line": {"color": ATTACKER_COLOR, "width": 2.2},
                           "opacity": 0.85, "name": labels.attacker, "legendgroup": "attacker",
                           "showlegend": first and i == 0})
            for j in range(len(ks)):
                frames_data[j].append({"type": "scatter", "x": [int(v) for v in ks[: j + 1]],
                                       "y": _round(row[: j + 1])})
        animated.append(len(traces))
        traces.append({"type": "scatter", "x": [int(ks[0])] * len(rows), "y": _round(rows[:, 0]), "xaxis": xa,
                       "yaxis": ya, "mode": "markers", "marker": {"color": ATTACKER_COLOR, "size": 11},
                       "showlegend": False, "name": labels.attacker})
        for j in range(len(ks)):
            frames_data[j].append({"type": "scatter", "x": [int(ks[j])] * len(rows), "y": _round(rows[:, j])})
        layout.setdefault("annotations", []).append({
            "text": name, "xref": "paper", "yref": "paper", "x": 0, "xanchor": "left", "y": domains[panel][1],
            "yanchor": "bottom", "showarrow": False, "font": _font(FONT_SIZE, INK)})
    layout["annotations"].append({  # the y axis' title, once for both panels
        "text": labels.y, "xref": "paper", "yref": "paper", "x": 0, "xanchor": "center", "y": 0.5,
        "textangle": -90, "showarrow": False, "font": _font(FONT_SIZE, INK), "xshift": -(LEFT - 16)})
    names = [str(int(v)) for v in ks]
    layout.update(_player(names, labels.player, plot_height))
    frames = [{"name": n, "data": d, "traces": animated} for n, d in zip(names, frames_data)]
    return {"data": traces, "layout": layout, "frames": frames}


def hops_animation(
    bins: Sequence[str], true_d: np.ndarray, true_dp: np.ndarray, draws_d: np.ndarray, draws_dp: np.ndarray,
    changed: Sequence[int], labels: HopsLabels, height: int = HOPS_HEIGHT,
) -> dict:
    """Hypothetical outcome plots: the noisy histograms of D and D' (one row per draw), redrawn
    draw after draw as grouped bars, with the true counts as black ticks on them and the bins
    that differ shaded. The y axis hugs every draw (it need not start at 0: the noise is the
    point) and stays put across frames."""
    cats = [str(b) for b in bins]
    every = np.concatenate([np.ravel(draws_d), np.ravel(draws_dp), np.ravel(true_d), np.ravel(true_dp)])
    low, high = steady_range(float(np.min(every)), float(np.max(every)))
    if low < 0 <= float(np.min(every)):
        low = 0.0
    shapes = [{"type": "rect", "xref": "x", "yref": "paper", "x0": i - 0.5, "x1": i + 0.5, "y0": 0, "y1": 1,
               "fillcolor": COLORS["highlight"], "line": {"width": 0}, "layer": "below"} for i in changed]
    layout = _layout(labels.title, height, barmode="group", scattermode="group", bargap=0.25, shapes=shapes,
                     xaxis=_axis(labels.x, type="category", range=[-0.5, len(cats) - 0.5]),
                     yaxis=_axis(labels.y, range=[low, high]))
    traces: list[dict] = []
    for series, (name, color, draws, true) in enumerate((
        (labels.names[0], COLORS["d"], draws_d, true_d), (labels.names[1], COLORS["d_prime"], draws_dp, true_dp),
    )):
        traces.append({"type": "bar", "x": cats, "y": _round(draws[0]), "name": name, "marker": {"color": color},
                       "offsetgroup": str(series)})
    for series, true in enumerate((true_d, true_dp)):
        traces.append({"type": "scatter", "x": cats, "y": _round(true), "mode": "markers",
                       "marker": {"symbol": "line-ew-open", "size": 26, "color": INK, "line": {"width": 4, "color": INK}},
                       "name": labels.truth, "offsetgroup": str(series), "legendgroup": "truth",
                       "showlegend": series == 0})
    names = [str(i + 1) for i in range(len(draws_d))]
    frames = [{"name": n, "traces": [0, 1], "data": [{"type": "bar", "y": _round(d)}, {"type": "bar", "y": _round(dp)}]}
              for n, d, dp in zip(names, draws_d, draws_dp)]
    layout.update(_player(names, labels.player, height - TOP - BOTTOM, HOPS_FRAME_MS, 0, redraw=True))
    return {"data": traces, "layout": layout, "frames": frames}


def frame_count(figure: dict) -> int:
    """How many frames a figure plays (tests and views read it)."""
    return len(figure.get("frames", []))


def plotly_figure(spec: dict) -> object:
    """The figure as a plotly Figure, built without plotly's validation (the builders above write
    valid figures; tests/unit/views check them with validation on). Streamlit validates a dict on
    every draw (~100 ms for 50 frames) but takes a Figure as it is (~15 ms): a page keeps this
    object per setting and draws it again for free. plotly is imported here, on first use only."""
    import plotly.graph_objects as go

    return go.Figure(spec, _validate=False)
