"""Charts of the Attacks page: plain numbers in, Vega-Lite specs out (no st.* calls).

Every label is passed in by the page (from ui/text/attacks.py). The numbers sit in named datasets
and each spec depends only on its labels, so a new epsilon, k or seed sends new data into charts
the browser has already drawn. Curves reach the browser thinned to at most CURVE_POINTS points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
import pyarrow as pa

from dpcore.attacks import TABLE_KS, TABLE_LEVELS, Table63Row
from ui.charts.theme import COLORS, series_color, series_rows, vega

_TRACE_COLORS = ("#1f77b4", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f")
_DOTTED = [2, 4]
_SOLID = [1, 0]
# Legends of half-width charts go below the plot, in rows, so no entry is cut off.
_LEGEND_BELOW: dict[str, object] = {"orient": "bottom", "columns": 2, "labelLimit": 320}
# The privacy budget behind a chart, written in its top-left corner: a number a slider moves, so
# it travels in the "budget" dataset rather than in the title.
_BUDGET_NOTE: dict[str, object] = {
    "data": {"name": "budget"},
    "mark": {"type": "text", "align": "left", "baseline": "top", "dx": 8, "dy": 8, "color": COLORS["neutral"]},
    "encoding": {"x": {"value": 0}, "y": {"value": 0}, "text": {"field": "text"}},
}


def _styled(names: tuple[str, ...], colors: tuple[str, ...], dashes: Sequence[list[int]]) -> dict[str, dict]:
    """Colour and dash encodings on the "series" field that share one legend."""
    return {"color": series_color(names, colors),
            "strokeDash": {"field": "series", "type": "nominal", "sort": list(names),
                           "scale": {"domain": list(names), "range": list(dashes)}}}


def difference_densities(
    x: np.ndarray,
    density_secret: np.ndarray,
    density_none: np.ndarray,
    observed: float,
    labels: Mapping[str, str],
) -> dict:
    """Density of the noisy difference if the target has the secret (centred on 1) and if not (0).

    labels: title, x, y, secret, none, observed.
    """
    names = (labels["secret"], labels["none"], labels["observed"])
    style = _styled(names, (COLORS["danger"], COLORS["d"], COLORS["neutral"]), (_SOLID, [8, 4], _DOTTED))
    curves = pa.table({
        "difference": np.concatenate([x, x]),
        "density": np.concatenate([density_secret, density_none]),
        "series": series_rows(names[0], len(x)) + series_rows(names[1], len(x)),
    })
    at = {"field": "difference", "type": "quantitative", "title": labels["x"], "scale": {"zero": False, "nice": False}}
    layers = [
        {"data": {"name": "curves"}, "mark": {"type": "line", "strokeWidth": 3, "clip": True},
         "encoding": {"x": at, "y": {"field": "density", "type": "quantitative", "title": labels["y"]}, **style}},
        {"data": {"name": "observed"}, "mark": {"type": "rule", "strokeWidth": 2},
         "encoding": {"x": {"field": "difference", "type": "quantitative"}, **style}},
    ]
    marker = pa.table({"difference": [float(observed)], "series": [names[2]]})
    return vega(layers, {"curves": curves, "observed": marker}, labels["title"], height=400)


def difference_posterior(
    x: np.ndarray,
    posterior: np.ndarray,
    band: tuple[float, float],
    prior: float,
    observed: float,
    observed_posterior: float,
    labels: Mapping[str, str],
) -> dict:
    """The attacker's posterior as a function of the difference seen, inside the eps band.

    labels: title, x, y, curve, band, prior, observed.
    """
    names = (labels["curve"], labels["observed"], labels["prior"], labels["band"])
    color = {**series_color(names, (COLORS["danger"], COLORS["danger"], COLORS["neutral"], COLORS["band"])),
             "legend": _LEGEND_BELOW}
    y = {"field": "belief", "type": "quantitative", "title": labels["y"], "scale": {"domain": [0, 1]},
         "axis": {"format": ".0%"}}
    layers = [
        {"data": {"name": "band"}, "mark": {"type": "rect"},
         "encoding": {"y": {**y, "field": "low"}, "y2": {"field": "high"}, "color": color}},
        {"data": {"name": "prior"}, "mark": {"type": "rule", "strokeDash": _DOTTED, "strokeWidth": 2},
         "encoding": {"y": y, "color": color}},
        {"data": {"name": "curve"}, "mark": {"type": "line", "strokeWidth": 3, "clip": True},
         "encoding": {"x": {"field": "difference", "type": "quantitative", "title": labels["x"],
                            "scale": {"zero": False, "nice": False}},
                      "y": y, "color": color}},
        {"data": {"name": "observed"}, "mark": {"type": "point", "shape": "diamond", "filled": True, "size": 220,
                                                "opacity": 1},
         "encoding": {"x": {"field": "difference", "type": "quantitative", "title": labels["x"]}, "y": y,
                      "color": color,
                      "tooltip": [{"field": "difference", "title": labels["x"], "format": ".2f"},
                                  {"field": "belief", "title": labels["y"], "format": ".1%"}]}},
    ]
    datasets = {
        "band": pa.table({"low": [float(band[0])], "high": [float(band[1])], "series": [names[3]]}),
        "prior": pa.table({"belief": [float(prior)], "series": [names[2]]}),
        "curve": pa.table({"difference": x, "belief": posterior, "series": series_rows(names[0], len(x))}),
        "observed": pa.table({"difference": [float(observed)], "belief": [float(observed_posterior)],
                              "series": [names[1]]}),
    }
    return vega(layers, datasets, labels["title"], height=480)  # room for the legend below and the long y title


def running_means(
    checkpoints: np.ndarray,
    answers: np.ndarray,
    truth: float,
    tolerance: float,
    half_range: float,
    labels: Mapping[str, str],
) -> dict:
    """Running means of a few attackers against k (log x), with the truth and the danger zone.

    `answers` has one row per attacker (mean answer at each checkpoint, at most CURVE_POINTS
    checkpoints). Only means within truth ± half_range are drawn (a trace that leaves the window is
    broken there, not joined across): earlier, wilder answers would squash the picture. A text
    layer names the budget per answer (`labels["budget"]`, already filled in).
    labels: title, x, y, trace (with {i}), truth, zone, budget.
    """
    k = np.asarray(checkpoints, dtype=float)
    rows = np.asarray(answers, dtype=float)
    traces = tuple(labels["trace"].format(i=i + 1) for i in range(len(rows)))
    names = (labels["truth"], *traces, labels["zone"])
    colors = (COLORS["truth"], *(_TRACE_COLORS[i % len(_TRACE_COLORS)] for i in range(len(rows))), COLORS["highlight"])
    color = {**series_color(names, colors), "legend": {**_LEGEND_BELOW, "columns": 3, "symbolStrokeWidth": 6}}
    inside = np.abs(rows - truth) <= half_range
    stretch = np.cumsum(~inside, axis=1)  # the same number along each stretch inside the window
    trace, _ = np.nonzero(inside)
    means = pa.table({
        "k": np.broadcast_to(k, rows.shape)[inside],
        "mean": np.round(rows[inside], 6),
        "series": [traces[i] for i in trace],
        "stretch": trace * (rows.shape[1] + 1) + stretch[inside],
    })
    x = {"field": "k", "type": "quantitative", "title": labels["x"], "scale": {"type": "log"}}
    y = {"field": "mean", "type": "quantitative", "title": labels["y"], "scale": {"zero": False}}
    # The lines come first, so the legend draws every entry as a line (the zone's faint colour is
    # an rgba: a mark opacity would fade every legend entry).
    layers = [
        {"data": {"name": "means"}, "mark": {"type": "line", "strokeWidth": 1.6, "clip": True},
         "encoding": {"x": x, "y": y, "color": color, "detail": {"field": "stretch", "type": "nominal"}}},
        {"data": {"name": "truth"}, "mark": {"type": "rule", "strokeWidth": 3}, "encoding": {"y": y, "color": color}},
        {"data": {"name": "zone"}, "mark": {"type": "rect"},
         "encoding": {"y": {**y, "field": "low"}, "y2": {"field": "high"}, "color": color}},
        _BUDGET_NOTE,
    ]
    datasets = {
        "zone": pa.table({"low": [truth - tolerance], "high": [truth + tolerance], "series": [labels["zone"]]}),
        "truth": pa.table({"mean": [float(truth)], "series": [labels["truth"]]}),
        "means": means,
        "budget": pa.table({"text": [labels["budget"]]}),
    }
    return vega(layers, datasets, labels["title"], height=420)


def recovery_curve(
    ks: np.ndarray,
    exact: np.ndarray,
    sim_ks: Sequence[int],
    sim_p: Sequence[float],
    sim_low: Sequence[float],
    sim_high: Sequence[float],
    chosen_k: int,
    labels: Mapping[str, str],
) -> dict:
    """Exact probability of exact recovery against k, simulated points with their intervals, chosen k.

    labels: title, x, y, exact, sim, chosen, budget (already filled in).
    """
    names = (labels["exact"], labels["sim"], labels["chosen"])
    color = series_color(names, (COLORS["danger"], COLORS["d"], COLORS["neutral"]))
    x = {"field": "k", "type": "quantitative", "title": labels["x"], "scale": {"type": "log"}}
    y = {"field": "p", "type": "quantitative", "title": labels["y"], "scale": {"domain": [-0.02, 1.02]},
         "axis": {"format": ".0%"}}
    sim = {"data": {"name": "simulated"}}
    layers = [
        {"data": {"name": "chosen"}, "mark": {"type": "rule", "strokeDash": _DOTTED, "strokeWidth": 2},
         "encoding": {"x": x, "color": color}},
        {"data": {"name": "exact"}, "mark": {"type": "line", "strokeWidth": 3},
         "encoding": {"x": x, "y": y, "color": color}},
        {**sim, "mark": {"type": "rule", "strokeWidth": 2},
         "encoding": {"x": x, "y": {"field": "low", "type": "quantitative"}, "y2": {"field": "high"}, "color": color}},
        {**sim, "mark": {"type": "point", "filled": True, "size": 90, "opacity": 1},
         "encoding": {"x": x, "y": y, "color": color,
                      "tooltip": [{"field": "k", "title": labels["x"], "format": ","},
                                  {"field": "p", "title": labels["sim"], "format": ".2%"}]}},
        _BUDGET_NOTE,
    ]
    datasets = {
        "chosen": pa.table({"k": [float(chosen_k)], "series": [names[2]]}),
        "exact": pa.table({"k": np.asarray(ks, dtype=float), "p": np.asarray(exact, dtype=float),
                           "series": series_rows(names[0], len(ks))}),
        "simulated": pa.table({"k": np.asarray(sim_ks, dtype=float), "p": np.asarray(sim_p, dtype=float),
                               "low": np.asarray(sim_low, dtype=float), "high": np.asarray(sim_high, dtype=float),
                               "series": series_rows(names[1], len(sim_ks))}),
        "budget": pa.table({"text": [labels["budget"]]}),
    }
    return vega(layers, datasets, labels["title"], height=420)


def spread_curves(
    ks: np.ndarray,
    naive_sd: np.ndarray,
    split_sd: np.ndarray,
    tolerance: float,
    labels: Mapping[str, str],
) -> dict:
    """Standard deviation of the attacker's mean against k: naive (shrinks) versus split (grows).

    labels: title, x, y, naive, split, zone.
    """
    names = (labels["naive"], labels["split"], labels["zone"])
    style = _styled(names, (COLORS["danger"], COLORS["truth"], COLORS["neutral"]), (_SOLID, _SOLID, _DOTTED))
    x = {"field": "k", "type": "quantitative", "title": labels["x"], "scale": {"type": "log"}}
    y = {"field": "sd", "type": "quantitative", "title": labels["y"], "scale": {"type": "log"}}
    ks = np.asarray(ks, dtype=float)
    layers = [
        {"data": {"name": "curves"}, "mark": {"type": "line", "strokeWidth": 3}, "encoding": {"x": x, "y": y, **style}},
        {"data": {"name": "zone"}, "mark": {"type": "rule", "strokeWidth": 2}, "encoding": {"y": y, **style}},
    ]
    datasets = {
        "curves": pa.table({"k": np.concatenate([ks, ks]), "sd": np.concatenate([naive_sd, split_sd]),
                            "series": series_rows(names[0], len(ks)) + series_rows(names[1], len(ks))}),
        "zone": pa.table({"sd": [float(tolerance)], "series": [names[2]]}),
    }
    return vega(layers, datasets, labels["title"], height=420)


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
