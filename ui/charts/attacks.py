"""Charts of the Attacks page: plain numbers in, Vega-Lite specs out (no st.* calls).

Each builder takes its numbers and one small frozen labels dataclass (the sentences come from
ui/text/attacks.py). The numbers sit in named datasets and each spec depends only on its labels,
so a new epsilon, k or seed sends new data into charts the browser has already drawn. Every layer
has a "name" (Vega draws its marks under `g.<name>_marks`, where tests find them). Legends sit
below the plot in short columns, so nothing is cut off at phone width, and no chart writes text
inside its plot: the numbers a slider moves are in the page's sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from ui.charts.theme import COLORS, Title, series_color, series_rows, vega

_TRACE_COLORS = ("#1f77b4", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f")
_DOTTED = [2, 4]
_DASHED = [8, 4]
_SOLID = [1, 0]
_PHONE_ROW = 300  # pixels a legend row may take at phone width (390 px, less the page's margins)


def _legend(columns: int = 1, **extra: object) -> dict[str, object]:
    """A legend below the plot in `columns` columns whose labels fit a phone's width."""
    return {"orient": "bottom", "title": None, "columns": columns, "labelLimit": _PHONE_ROW // columns - 30,
            **extra}


def _series(names: tuple[str, ...], colors: tuple[str, ...], title: str, columns: int = 1,
            dashes: Sequence[list[int]] | None = None, **legend: object) -> dict[str, dict]:
    """Colour (and dash) encodings on the "series" field that share one legend below the plot.

    `title` names the field for a screen reader ("Curve: Observed"); the legend shows no title."""
    style: dict[str, dict] = {"color": {**series_color(names, colors), "title": title,
                                        "legend": _legend(columns, **legend)}}
    if dashes is not None:
        style["strokeDash"] = {"field": "series", "type": "nominal", "sort": list(names), "title": title,
                               "scale": {"domain": list(names), "range": list(dashes)}}
    return style


_POWERS_OF_TEN = [10**e for e in range(7)]  # the ticks of a log k axis: 1, 10, 100, ... 1M


def _log_k(title: str) -> dict[str, object]:
    return {"field": "k", "type": "quantitative", "title": title, "scale": {"type": "log"},
            "axis": {"values": _POWERS_OF_TEN, "format": "~s"}}


@dataclass(frozen=True)
class DensityLabels:
    """Words of the chart of the noisy difference's two densities."""

    title: Title  # a tuple: lines
    x: str
    y: str
    secret: str  # the curve if the target has the secret
    none: str  # the curve if not
    observed: str
    series: str  # what a legend entry is, for screen readers ("Curve")


def difference_densities(
    x: np.ndarray, density_secret: np.ndarray, density_none: np.ndarray, observed: float, labels: DensityLabels
) -> dict:
    """Density of the noisy difference if the target has the secret (centred on 1) and if not (0),
    with the difference the attacker observed. Layers: "curves", "observed"."""
    names = (labels.secret, labels.none, labels.observed)
    style = _series(names, (COLORS["danger"], COLORS["d"], COLORS["neutral"]), labels.series,
                    dashes=(_SOLID, _DASHED, _DOTTED))
    at = {"field": "difference", "type": "quantitative", "title": labels.x, "scale": {"zero": False, "nice": False},
          "axis": {"format": ".2~f"}}
    layers = [
        {"name": "curves", "data": {"name": "curves"}, "mark": {"type": "line", "strokeWidth": 3, "clip": True},
         "encoding": {"x": at, "y": {"field": "density", "type": "quantitative", "title": labels.y}, **style}},
        {"name": "observed", "data": {"name": "observed"}, "mark": {"type": "rule", "strokeWidth": 2},
         "encoding": {"x": at, **style,
                      "tooltip": [{"field": "difference", "title": labels.observed, "format": ".2f"}]}},
    ]
    datasets = {
        "curves": pa.table({"difference": np.concatenate([x, x]),
                            "density": np.concatenate([density_secret, density_none]),
                            "series": series_rows(names[0], len(x)) + series_rows(names[1], len(x))}),
        "observed": pa.table({"difference": [float(observed)], "series": [names[2]]}),
    }
    return vega(layers, datasets, labels.title, height=280)


@dataclass(frozen=True)
class BeliefLabels:
    """Words of the chart of the attacker's belief against the difference seen."""

    title: str
    x: str
    y: str
    curve: str
    observed: str
    prior: str
    band: str
    series: str


def difference_posterior(
    x: np.ndarray,
    posterior: np.ndarray,
    band: tuple[float, float],
    prior: float,
    observed: float,
    observed_posterior: float,
    labels: BeliefLabels,
) -> dict:
    """The attacker's posterior as a function of the difference seen, inside the eps band.

    Layers: "band", "prior", "curve", "observed" (the diamond at the difference seen)."""
    names = (labels.curve, labels.observed, labels.prior, labels.band)
    style = _series(names, (COLORS["danger"], COLORS["danger"], COLORS["neutral"], COLORS["band"]), labels.series,
                    columns=2, dashes=([], [], list(_DOTTED), []))
    # one legend whose symbols match the marks: a stroke for each line, the diamond, a square for the band
    shape = {"shape": {"field": "series", "type": "nominal", "sort": list(names), "title": labels.series,
                       "scale": {"domain": list(names), "range": ["stroke", "diamond", "stroke", "square"]}}}
    x_axis = {"field": "difference", "type": "quantitative", "title": labels.x, "scale": {"zero": False, "nice": False},
              "axis": {"format": ".2~f"}}
    y = {"field": "belief", "type": "quantitative", "title": labels.y, "scale": {"domain": [0, 1]},
         "axis": {"format": ".0%"}}
    layers = [
        {"name": "band", "data": {"name": "band"}, "mark": {"type": "rect", "aria": False},
         "encoding": {"y": {**y, "field": "low"}, "y2": {"field": "high"}, "color": style["color"]}},
        {"name": "prior", "data": {"name": "prior"}, "mark": {"type": "rule", "strokeDash": _DOTTED, "strokeWidth": 2},
         "encoding": {"y": y, **style}},
        {"name": "curve", "data": {"name": "curve"}, "mark": {"type": "line", "strokeWidth": 3, "clip": True},
         "encoding": {"x": x_axis, "y": y, **style}},
        {"name": "observed", "data": {"name": "observed"},
         "mark": {"type": "point", "filled": True, "size": 220, "opacity": 1},
         "encoding": {"x": x_axis, "y": y, **style, **shape,
                      "tooltip": [{"field": "difference", "title": labels.x, "format": ".2f"},
                                  {"field": "belief", "title": labels.y, "format": ".1%"}]}},
    ]
    datasets = {
        "band": pa.table({"low": [float(band[0])], "high": [float(band[1])], "series": [names[3]]}),
        "prior": pa.table({"belief": [float(prior)], "series": [names[2]]}),
        "curve": pa.table({"difference": x, "belief": posterior, "series": series_rows(names[0], len(x))}),
        "observed": pa.table({"difference": [float(observed)], "belief": [float(observed_posterior)],
                              "series": [names[1]]}),
    }
    return vega(layers, datasets, labels.title, height=280)


@dataclass(frozen=True)
class TraceLabels:
    """Words of a running-means chart; `trace` has an {i} placeholder ("Attacker {i}")."""

    title: Title
    x: str
    y: str
    trace: str
    truth: str
    zone: str
    series: str


def running_means(
    checkpoints: np.ndarray, answers: np.ndarray, truth: float, tolerance: float, half_range: float,
    labels: TraceLabels,
) -> dict:
    """Running means of a few attackers against k (log x), with the truth and the danger zone.

    `answers` has one row per attacker (mean answer at each checkpoint, at most CURVE_POINTS
    checkpoints). The window is truth ± half_range (earlier, wilder answers would squash the
    picture): a trace that leaves it runs to the window's edge, which is the plot's, and comes back
    in where it re-enters, so it reads as one whole line cut by the frame (`_in_window`).
    Layers: "means", "truth", "zone".
    """
    k = np.asarray(checkpoints, dtype=float)
    rows = np.asarray(answers, dtype=float)
    traces = tuple(labels.trace.format(i=i + 1) for i in range(len(rows)))
    names = (labels.truth, *traces, labels.zone)
    colors = (COLORS["truth"], *(_TRACE_COLORS[i % len(_TRACE_COLORS)] for i in range(len(rows))), COLORS["highlight"])
    style = _series(names, colors, labels.series, columns=2, symbolStrokeWidth=6)
    points = [(i, *point) for i, row in enumerate(rows)
              for point in _in_window(k, row, truth - half_range, truth + half_range)]
    trace, at, mean, stretch = list(zip(*points, strict=True)) or [(), (), (), ()]
    means = pa.table({
        "k": np.asarray(at, dtype=float),
        "mean": np.round(np.asarray(mean, dtype=float), 6),
        "series": pa.array([traces[i] for i in trace], pa.string()),  # a string column even when empty
        "stretch": np.asarray(trace, dtype=np.int64) * (len(k) + 1) + np.asarray(stretch, dtype=np.int64),
    })
    x = _log_k(labels.x)
    # not rounded out ("nice"): a trace cut at the window's edge then meets the plot's edge
    y = {"field": "mean", "type": "quantitative", "title": labels.y, "scale": {"zero": False, "nice": False}}
    # The lines come first, so the legend draws every entry as a line (the zone's faint colour is
    # an rgba: a mark opacity would fade every legend entry).
    layers = [
        {"name": "means", "data": {"name": "means"},
         "mark": {"type": "line", "strokeWidth": 1.6, "clip": True, "aria": False},
         "encoding": {"x": x, "y": y, **style, "detail": {"field": "stretch", "type": "nominal"}}},
        {"name": "truth", "data": {"name": "truth"}, "mark": {"type": "rule", "strokeWidth": 3},
         "encoding": {"y": y, **style}},
        {"name": "zone", "data": {"name": "zone"}, "mark": {"type": "rect", "aria": False},
         "encoding": {"y": {**y, "field": "low"}, "y2": {"field": "high"}, **style}},
    ]
    datasets = {
        "zone": pa.table({"low": [truth - tolerance], "high": [truth + tolerance], "series": [labels.zone]}),
        "truth": pa.table({"mean": [float(truth)], "series": [labels.truth]}),
        "means": means,
    }
    return vega(layers, datasets, labels.title, height=280)


def _in_window(k: np.ndarray, y: np.ndarray, low: float, high: float) -> list[tuple[float, float, int]]:
    """The parts of the polyline (k, y) (straight on a log k axis) inside low <= y <= high, as
    points (k, y, stretch): a segment that leaves or enters the window ends or starts at its edge,
    and each part inside has its own stretch number (the line is not joined across the outside)."""
    points: list[tuple[float, float, int]] = []
    stretch = 0
    if low <= y[0] <= high:
        points.append((float(k[0]), float(y[0]), stretch))
    for i in range(1, len(k)):
        y0, y1 = float(y[i - 1]), float(y[i])
        if y0 == y1:
            start, end = (0.0, 1.0) if low <= y0 <= high else (1.0, 0.0)
        else:
            at_low, at_high = (low - y0) / (y1 - y0), (high - y0) / (y1 - y0)
            start, end = max(0.0, min(at_low, at_high)), min(1.0, max(at_low, at_high))
        if start > end:
            continue
        if start > 0.0:  # it comes in from outside: a new part
            stretch += 1
            points.append((*_along(k[i - 1], k[i], y0, y1, start, low, high), stretch))
        if end > start:
            points.append((*_along(k[i - 1], k[i], y0, y1, end, low, high), stretch))
    return points


def _along(k0: float, k1: float, y0: float, y1: float, t: float, low: float, high: float) -> tuple[float, float]:
    """The point a share `t` of the way along the segment from (k0, y0) to (k1, y1), straight on a
    log k axis (kept within low..high against rounding); the ends are the points themselves."""
    if t in (0.0, 1.0):
        return (float(k0), y0) if t == 0.0 else (float(k1), y1)
    return float(np.exp(np.log(k0) + t * (np.log(k1) - np.log(k0)))), min(high, max(low, y0 + t * (y1 - y0)))


@dataclass(frozen=True)
class RecoveryLabels:
    """Words of the chart of the probability of exact recovery against k."""

    title: Title
    x: str
    y: str
    exact: str
    simulated: str
    chosen: str
    series: str


def recovery_curve(
    ks: np.ndarray,
    exact: np.ndarray,
    sim_ks: Sequence[int],
    sim_p: Sequence[float],
    sim_low: Sequence[float],
    sim_high: Sequence[float],
    chosen_k: int,
    labels: RecoveryLabels,
) -> dict:
    """Exact probability of exact recovery against k, simulated points with their intervals, chosen k.

    Layers: "chosen", "exact", "interval", "simulated" (one point per simulated k)."""
    names = (labels.exact, labels.simulated, labels.chosen)
    style = _series(names, (COLORS["danger"], COLORS["d"], COLORS["neutral"]), labels.series,
                    dashes=([], [], list(_DOTTED)))
    # one legend whose symbols match the marks: a stroke for the curve and the dotted rule, a dot
    shape = {"shape": {"field": "series", "type": "nominal", "sort": list(names), "title": labels.series,
                       "scale": {"domain": list(names), "range": ["stroke", "circle", "stroke"]}}}
    x = _log_k(labels.x)
    y = {"field": "p", "type": "quantitative", "title": labels.y, "scale": {"domain": [-0.02, 1.02]},
         "axis": {"format": ".0%"}}
    sim = {"data": {"name": "simulated"}}
    layers = [
        {"name": "chosen", "data": {"name": "chosen"},
         "mark": {"type": "rule", "strokeDash": _DOTTED, "strokeWidth": 2},
         "encoding": {"x": x, **style}},
        {"name": "exact", "data": {"name": "exact"}, "mark": {"type": "line", "strokeWidth": 3},
         "encoding": {"x": x, "y": y, **style}},
        {"name": "interval", **sim, "mark": {"type": "rule", "strokeWidth": 2},
         "encoding": {"x": x, "y": {"field": "low", "type": "quantitative"}, "y2": {"field": "high"}, **style}},
        {"name": "simulated", **sim, "mark": {"type": "point", "filled": True, "size": 90, "opacity": 1},
         "encoding": {"x": x, "y": y, **style, **shape,
                      "tooltip": [{"field": "k", "title": labels.x, "format": ","},
                                  {"field": "p", "title": labels.simulated, "format": ".2%"}]}},
    ]
    datasets = {
        "chosen": pa.table({"k": [float(chosen_k)], "series": [names[2]]}),
        "exact": pa.table({"k": np.asarray(ks, dtype=float), "p": np.asarray(exact, dtype=float),
                           "series": series_rows(names[0], len(ks))}),
        "simulated": pa.table({"k": np.asarray(sim_ks, dtype=float), "p": np.asarray(sim_p, dtype=float),
                               "low": np.asarray(sim_low, dtype=float), "high": np.asarray(sim_high, dtype=float),
                               "series": series_rows(names[1], len(sim_ks))}),
    }
    return vega(layers, datasets, labels.title, height=280)


@dataclass(frozen=True)
class SpreadLabels:
    """Words of the chart of the spread of the attacker's mean, naive against split budget."""

    title: Title
    x: str
    y: str
    naive: str
    split: str
    zone: str
    series: str


def spread_curves(
    ks: np.ndarray, naive_sd: np.ndarray, split_sd: np.ndarray, tolerance: float, labels: SpreadLabels
) -> dict:
    """Standard deviation of the attacker's mean against k: naive (shrinks) versus split (grows).

    Layers: "curves", "zone"."""
    names = (labels.naive, labels.split, labels.zone)
    style = _series(names, (COLORS["danger"], COLORS["truth"], COLORS["neutral"]), labels.series,
                    dashes=(_SOLID, _SOLID, _DOTTED))
    x = _log_k(labels.x)
    y = {"field": "sd", "type": "quantitative", "title": labels.y, "scale": {"type": "log"}, "axis": {"format": "~g"}}
    ks = np.asarray(ks, dtype=float)
    layers = [
        {"name": "curves", "data": {"name": "curves"}, "mark": {"type": "line", "strokeWidth": 3},
         "encoding": {"x": x, "y": y, **style}},
        {"name": "zone", "data": {"name": "zone"}, "mark": {"type": "rule", "strokeWidth": 2},
         "encoding": {"y": y, **style}},
    ]
    datasets = {
        "curves": pa.table({"k": np.concatenate([ks, ks]), "sd": np.concatenate([naive_sd, split_sd]),
                            "series": series_rows(names[0], len(ks)) + series_rows(names[1], len(ks))}),
        "zone": pa.table({"sd": [float(tolerance)], "series": [names[2]]}),
    }
    return vega(layers, datasets, labels.title, height=280)


@dataclass(frozen=True)
class PeopleLabels:
    """Texts of the person grid: title, the two states of a square, and its tooltip."""

    title: Title
    right: str
    wrong: str
    has: str
    has_not: str
    person: str
    secret: str


def people_grid(secret: np.ndarray, right: np.ndarray, labels: PeopleLabels, columns: int = 10) -> dict:
    """One square per person in rows of `columns` (layer "people"), filled red when the attacker
    got their secret right, grey when not; the tooltip tells the true secret."""
    n = secret.size
    table = pa.table({
        "x": np.arange(n) % columns, "y": np.arange(n) // columns,
        "status": pa.array([labels.right if r else labels.wrong for r in right], pa.string()),
        "secret": pa.array([labels.has if b else labels.has_not for b in secret], pa.string()),
    })
    layer = {"name": "people", "data": {"name": "people"}, "mark": {"type": "square", "size": 260, "filled": True},
             "encoding": {"x": {"field": "x", "type": "ordinal", "axis": None},
                          "y": {"field": "y", "type": "ordinal", "axis": None},
                          "color": {"field": "status", "type": "nominal", "title": None,
                                    "scale": {"domain": [labels.right, labels.wrong],
                                              "range": [COLORS["danger"], "#c7c7c7"]},
                                    "legend": {"orient": "bottom"}},
                          "tooltip": [{"field": "status", "title": labels.person},
                                      {"field": "secret", "title": labels.secret}]}}
    return vega([layer], {"people": table}, labels.title, height=220)
