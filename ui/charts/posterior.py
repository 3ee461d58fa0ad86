"""Charts of the attacker's-view page: plain numbers in, Vega-Lite specs out (no streamlit calls).

Each builder takes plain data and one small frozen labels dataclass. Every number sits in a named
dataset and each spec depends only on the labels and the mechanism family (binary or continuous
output, closed forms available), so an epsilon, prior or output change sends new data into charts
the browser has already drawn. Every layer has a "name" (Vega draws it under `g.<name>_marks`).
Curves come with at most `CURVE_POINTS` points, their kinks included. Titles are wrapped into
short lines and legends into narrow columns, so both stay whole on a 390-pixel phone screen.
Colours keep their house meaning: blue = D, orange = D′, green = truth, red = what the attacker gains.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import zip_longest

import numpy as np
import pyarrow as pa

from ui.charts.theme import COLORS, SMALL_LOG_AXIS, series_color, series_rows, vega, wrap

_BIG = 320  # plot height of the main charts (theme.vega: title and legend come on top)
_SMALL = 230  # charts drawn one above the other under one slider
_TITLE_CHARS = 30  # a title line this long fits a phone screen at the theme's title size
_NARROW_TITLE_CHARS = 20  # the same in a half-width chart (two charts side by side)
_LEGEND_LIMIT = 260  # pixels: a legend label stays whole in a phone-width chart
_BLACK = "#000000"
_GREYS = ("#cfcfcf", "#b0b0b0", "#8c8c8c", "#666666", "#404040")  # the comparison epsilons, light to dark
_AREA = "rgba(214, 39, 40, 0.35)"
_LEAK = "rgba(214, 39, 40, 0.25)"  # outputs whose posterior leaves the band
_PERCENT = {"format": ".0%"}
_DASH, _DOT = [8, 5], [2, 4]
# Legend symbols of a dashed and a dotted line: SVG paths in Vega's unit square, stroked like a line.
_DASH_SYMBOL, _DOT_SYMBOL = "M-1,0H-0.25M0.25,0H1", "M-1,0H-0.7M-0.35,0H-0.05M0.3,0H0.6M0.95,0H1"
_CROSS = "M-1,-1L1,1M-1,1L1,-1"  # an "x" marker (Vega-Lite's "cross" is a plus)


# --- labels: one dataclass per chart ------------------------------------------------------------


@dataclass(frozen=True)
class Answers:
    """How the two answers of randomized response read on an output axis."""

    no: str
    yes: str


@dataclass(frozen=True)
class BandLabels:
    title: str
    x: str
    y: str
    chosen: str  # the chosen epsilon's band
    diagonal: str
    you: str
    others: tuple[str, ...]  # one legend entry per comparison epsilon ("ε = 0.1", ...)


@dataclass(frozen=True)
class DensitiesLabels:
    title: str
    x: str
    y: str
    on_d: str
    on_dp: str
    world: str  # tooltip title of the series field
    seen: str
    leak: str
    answers: Answers


@dataclass(frozen=True)
class PosteriorLabels:
    title: str
    x: str
    y: str
    band: str
    prior: str
    curve: str
    seen: str
    answers: Answers


@dataclass(frozen=True)
class LossLabels:
    title: str
    x: str
    y: str
    curve: str
    eps_lines: str
    seen: str
    answers: Answers


@dataclass(frozen=True)
class PldLabels:
    title: str
    x: str
    y: str
    within: str
    beyond: str


@dataclass(frozen=True)
class AreaLabels:
    title: str
    x: str
    y: str
    curve: str
    delta: str
    delta_one: str


@dataclass(frozen=True)
class DeltaCurvesLabels:
    title: str
    x: str
    y: str
    delta: str  # tooltip title of a delta value
    kind: str  # tooltip title of the series field
    numeric: str
    delta_one: str
    analytic: str
    accounting: str
    chosen: str
    target: str


@dataclass(frozen=True)
class RocLabels:
    title: str
    x: str
    y: str
    region: str
    curve: str
    chance: str
    best: str


@dataclass(frozen=True)
class GameLabels:
    title: str
    x: str
    y: str
    running: str
    interval: str
    ceiling: str
    expected: str
    coin: str


@dataclass(frozen=True)
class ScoreLabels:
    title: str
    x: str
    player: str  # tooltip title of the bar's category
    you: str
    bayes: str
    ceiling: str
    coin: str


# --- shared pieces ------------------------------------------------------------------------------


def _q(field: str, title: str | None = None, **extra: object) -> dict[str, object]:
    """A quantitative encoding of `field`, with an axis title unless it only shapes the scale."""
    return {"field": field, "type": "quantitative", **({"title": title} if title else {}), **extra}


def _unit(field: str, title: str) -> dict[str, object]:
    """A probability axis from 0% to 100%."""
    return _q(field, title, scale={"domain": [0, 1], "nice": False}, axis=_PERCENT)


def _output_x(title: str, binary: bool, answers: Answers, field: str = "output") -> dict[str, object]:
    """The output axis: a number line, or the two answers of randomized response."""
    if not binary:
        return _q(field, title, scale={"zero": False, "nice": False})
    labels = f"datum.value == 0 ? {json.dumps(answers.no)} : {json.dumps(answers.yes)}"
    return _q(field, title, scale={"domain": [-0.6, 1.6], "nice": False}, axis={"values": [0, 1], "labelExpr": labels})


def _legend(color: dict[str, object], columns: int) -> dict[str, object]:
    """A colour encoding whose legend wraps into `columns` narrow enough for a phone screen (entries
    fill the rows left to right: two columns only where every label in the second one is short)."""
    return {**color, "legend": {"columns": columns, "labelLimit": _LEGEND_LIMIT, "rowPadding": 2, "columnPadding": 16}}


def _chart(layers: list[dict], datasets: dict[str, pa.Table], title: str, height: int = _BIG,
           narrow: bool = False) -> dict:
    """`theme.vega`, with the title wrapped into lines short enough for a phone screen (or half a
    page, when `narrow`) and starting at the chart's left edge (not the plot's, which the y axis
    pushes right)."""
    spec = vega(layers, datasets, title, height)
    width = _NARROW_TITLE_CHARS if narrow else _TITLE_CHARS
    spec["title"].update({"text": wrap(title, width), "frame": "bounds"})
    return spec


def _layer(name: str, data: str, mark: dict[str, object], **encoding: object) -> dict[str, object]:
    """One layer named `name` (tests find its marks by it) drawing the named dataset."""
    return {"name": name, "data": {"name": data}, "mark": mark, "encoding": encoding}


def _line(width: float = 3, dash: list[int] | None = None) -> dict[str, object]:
    """A line mark, clipped to the plot."""
    mark: dict[str, object] = {"type": "line", "clip": True, "strokeWidth": width}
    if dash:
        mark["strokeDash"] = dash
    return mark


def _curve_mark(discrete: bool) -> dict[str, object]:
    """Discrete outputs are separate points; continuous ones a line."""
    return {"type": "point", "filled": True, "size": 70, "clip": True} if discrete else _line()


def _observed_layer(x: dict[str, object], color: dict[str, object]) -> dict[str, object]:
    """The output the attacker saw: a red vertical line, named in the legend (dataset "observed")."""
    return _layer("observed", "observed", {"type": "rule", "strokeWidth": 3}, x=x, color=color)


def _observed(output: float, name: str) -> pa.Table:
    """The one row of `_observed_layer`."""
    return pa.table({"output": [float(output)], "series": [name]})


def corners(x: np.ndarray, *ys: np.ndarray) -> np.ndarray:
    """Indices of the points where a piecewise-linear curve bends (and its two ends): drawing only
    these draws the same curve with far fewer points."""
    if x.size <= 2:
        return np.arange(x.size)
    bends = np.zeros(x.size - 2, dtype=bool)
    for y in ys:
        slope = np.diff(y) / np.diff(x)
        bends |= ~np.isclose(slope[1:], slope[:-1], rtol=1e-9, atol=1e-9)
    return np.concatenate(([0], np.flatnonzero(bends) + 1, [x.size - 1]))


# --- part 1: the band -----------------------------------------------------------------------------


def band_chart(
    prior: np.ndarray,
    lower: np.ndarray,
    upper: np.ndarray,
    chosen_lower: np.ndarray,
    chosen_upper: np.ndarray,
    your_prior: float,
    your_lower: float,
    your_upper: float,
    labels: BandLabels,
) -> dict:
    """The posterior band against the prior for the chosen epsilon, shaded, over thin grey bands of
    fixed comparison epsilons (one row of `lower` and `upper` each, named in the legend, so no text
    sits on the plot where a line could cross it).

    The grey bands do not depend on the chosen epsilon, so the browser keeps their data when epsilon
    moves (Streamlit skips datasets whose bytes are unchanged)."""
    first = [(labels.chosen, COLORS["d"]), (labels.diagonal, _BLACK), (labels.you, COLORS["danger"])]
    others = list(zip(labels.others, _GREYS))
    # Rows of two, so the legend fits a phone: a long name on the left, a short epsilon on the right.
    entries = [e for row in zip_longest(first, others[: len(first)]) for e in row if e] + others[len(first):]
    color = _legend(series_color(tuple(e[0] for e in entries), tuple(e[1] for e in entries)), 2)
    names = (labels.chosen, labels.diagonal, labels.you)
    # one legend whose symbols match the marks: a stroke for each line, a dot for your prior's points
    order = [e[0] for e in entries]
    shape = {"field": "series", "type": "nominal", "sort": order, "title": " ",
             "scale": {"domain": order, "range": ["circle" if name == labels.you else "stroke" for name in order]}}
    n, k = prior.size, len(labels.others)
    grey = pa.table({
        "prior": np.tile(prior, 2 * k),
        "posterior": np.concatenate([row for i in range(k) for row in (upper[i], lower[i])]),
        "curve": np.repeat(np.arange(2 * k), n),
        "series": [name for name in labels.others for _ in range(2 * n)],
    })
    band = pa.table({"prior": prior, "lower": chosen_lower, "upper": chosen_upper, "series": series_rows(names[0], n)})
    diagonal = pa.table({"prior": [0.0, 1.0], "posterior": [0.0, 1.0], "series": series_rows(names[1], 2)})
    you = pa.table({"prior": [your_prior] * 3, "posterior": [your_lower, your_prior, your_upper],
                    "series": series_rows(names[2], 3)})
    x, y = _unit("prior", labels.x), _unit("posterior", labels.y)
    tip = [_q("prior", labels.x, format=".1%"), _q("posterior", labels.y, format=".1%")]
    layers = [
        _layer("others", "grey", _line(1.5), x=x, y=y, color=color, detail={"field": "curve", "type": "nominal"}),
        _layer("band", "band", {"type": "area", "color": COLORS["band"]}, x=x, y=_unit("upper", labels.y),
               y2={"field": "lower"}),
        _layer("band_lower", "band", _line(), x=x, y=_unit("lower", labels.y), color=color),
        _layer("band_upper", "band", _line(), x=x, y=_unit("upper", labels.y), color=color),
        _layer("diagonal", "diagonal", _line(2, _DASH), x=x, y=y, color=color),
        _layer("you_range", "you", _line(), x=x, y=y, color=color, order={"field": "posterior"}),
        _layer("you", "you", {"type": "point", "filled": True, "size": 110, "opacity": 1}, x=x, y=y, color=color,
               shape=shape, tooltip=tip),
    ]
    return _chart(layers, {"grey": grey, "band": band, "diagonal": diagonal, "you": you}, labels.title)


# --- part 2: a real mechanism ---------------------------------------------------------------------


def densities_chart(
    outputs: np.ndarray,
    likelihood_d: np.ndarray,
    likelihood_d_prime: np.ndarray,
    observed: float,
    discrete: bool,
    binary: bool,
    leak_above: float | None,
    leak_below: float | None,
    labels: DensitiesLabels,
) -> dict:
    """p(O | D) and p(O | D′) over the outputs, the observed O, and (shaded, named in the legend)
    where the posterior leaves the band.

    Discrete outputs are pairs of bars (D left of the output, D′ right), continuous ones shaded curves."""
    names = (labels.on_d, labels.on_dp, labels.leak, labels.seen)
    color = _legend(series_color((names[0], names[2], names[1], names[3]),
                                 (COLORS["d"], _LEAK, COLORS["d_prime"], COLORS["danger"])), 2)
    n = outputs.size
    laws: dict[str, object] = {
        "output": np.concatenate([outputs, outputs]),
        "series": series_rows(names[0], n) + series_rows(names[1], n),
        "likelihood": np.concatenate([likelihood_d, likelihood_d_prime]),
    }
    x, y = _output_x(labels.x, binary, labels.answers), _q("likelihood", labels.y)
    tip = [_q("output", labels.x, format=",.3~g"), {"field": "series", "title": labels.world},
           _q("likelihood", labels.y, format=".3~g")]
    if discrete:
        width = 0.4 * (float(np.min(np.diff(outputs))) if n > 1 else 1.0)
        laws["left"] = np.concatenate([outputs - width, outputs])
        laws["right"] = np.concatenate([outputs, outputs + width])
        law_layers = [_layer("laws", "laws", {"type": "rect", "opacity": 0.8}, x={**x, "field": "left"},
                             x2={"field": "right"}, y=y, y2={"datum": 0}, color=color, tooltip=tip)]
    else:
        law_layers = [
            # A fill of its own (no legend): an area's opacity would fade the shared legend's entries.
            _layer("laws_area", "laws", {"type": "area", "opacity": 0.2, "clip": True}, x=x, y={**y, "stack": None},
                   fill={**color, "legend": None}),
            _layer("laws", "laws", _line(), x=x, y=y, color=color, tooltip=tip),
        ]
    lo, hi = float(outputs[0]), float(outputs[-1])
    rows = ([(leak_above, hi)] if leak_above is not None and leak_above < hi else []) + (
        [(lo, leak_below)] if leak_below is not None and leak_below > lo else [])
    leak = pa.table({"start": [float(r[0]) for r in rows], "end": [float(r[1]) for r in rows],
                     "series": series_rows(names[2], len(rows))},
                    schema=pa.schema([("start", pa.float64()), ("end", pa.float64()), ("series", pa.string())]))
    layers = [
        _layer("leak", "leak", {"type": "rect"}, x={**x, "field": "start"}, x2={"field": "end"}, color=color),
        *law_layers,
        _observed_layer(x, color),
    ]
    datasets = {"laws": pa.table(laws), "leak": leak, "observed": _observed(observed, labels.seen)}
    return _chart(layers, datasets, labels.title, _SMALL)


def posterior_curve_chart(
    outputs: np.ndarray,
    posterior: np.ndarray,
    prior: float,
    lower: float,
    upper: float,
    observed: float,
    observed_posterior: float,
    discrete: bool,
    binary: bool,
    labels: PosteriorLabels,
) -> dict:
    """The exact posterior as a function of O against the constant pure-ε band for this prior."""
    names = (labels.band, labels.prior, labels.curve, labels.seen)
    color = _legend(series_color(names, (COLORS["d"], _BLACK, COLORS["truth"], COLORS["danger"])), 2)
    x, y = _output_x(labels.x, binary, labels.answers), _unit("posterior", labels.y)
    tip = [_q("output", labels.x, format=",.3~g"), _q("posterior", labels.y, format=".1%")]
    curve = pa.table({"output": outputs, "posterior": posterior, "series": series_rows(names[2], outputs.size)})
    band = pa.table({"lower": [lower], "upper": [upper], "series": [names[0]]})
    prior_line = pa.table({"posterior": [prior], "series": [names[1]]})
    seen = pa.table({"output": [observed], "posterior": [observed_posterior], "series": [names[3]]})
    layers = [
        _layer("band", "band", {"type": "rect", "color": COLORS["band"]}, y=_unit("lower", labels.y),
               y2={"field": "upper"}),
        _layer("band_lower", "band", {"type": "rule", "strokeWidth": 2}, y=_unit("lower", labels.y), color=color),
        _layer("band_upper", "band", {"type": "rule", "strokeWidth": 2}, y=_unit("upper", labels.y), color=color),
        _layer("prior", "prior", {"type": "rule", "strokeWidth": 2, "strokeDash": _DASH}, y=y, color=color),
        _layer("curve", "curve", _curve_mark(discrete), x=x, y=y, color=color, tooltip=tip),
        _layer("seen", "seen", {"type": "point", "shape": "diamond", "filled": True, "size": 300, "opacity": 1},
               x=x, y=y, color=color, tooltip=tip),
    ]
    return _chart(layers, {"band": band, "prior": prior_line, "curve": curve, "seen": seen}, labels.title, _SMALL)


# --- part 3: privacy loss and delta ---------------------------------------------------------------


def _beyond_epsilon(epsilon: float, bottom: float, top: float) -> pa.Table:
    """The two stretches of the loss axis beyond ±ε (shaded in both loss charts, one dataset)."""
    return pa.table({"low": [epsilon, bottom], "high": [top, -epsilon]})


def loss_extent(loss: np.ndarray, hist_edges: np.ndarray, epsilon: float) -> tuple[float, float]:
    """The loss axis both loss charts share: every loss drawn and ±ε, with some room."""
    top = max(float(np.max(loss)), float(hist_edges[-1]), epsilon) * 1.15 + 1e-9
    bottom = min(float(np.min(loss)), float(hist_edges[0]), -epsilon) * 1.15 - 1e-9
    return bottom, top


def privacy_loss_chart(
    outputs: np.ndarray,
    loss: np.ndarray,
    epsilon: float,
    observed: float,
    discrete: bool,
    binary: bool,
    extent: tuple[float, float],
    labels: LossLabels,
) -> dict:
    """L(O) against O with the ±ε lines and the region beyond them shaded; the loss axis spans
    `extent` (shared with `loss_distribution_chart`, drawn beside it)."""
    names = (labels.curve, labels.eps_lines, labels.seen)
    color = _legend(series_color(names, (COLORS["d"], COLORS["danger"], COLORS["danger"])), 1)
    x = _output_x(labels.x, binary, labels.answers)
    y = _q("loss", labels.y, scale={"zero": False, "nice": False})
    curve = pa.table({"output": outputs, "loss": loss, "series": series_rows(names[0], outputs.size)})
    lines = pa.table({"loss": [epsilon, -epsilon], "series": series_rows(names[1], 2)})
    layers = [
        _layer("beyond", "beyond", {"type": "rect", "color": COLORS["highlight"]}, y={**y, "field": "low"},
               y2={"field": "high"}),
        _layer("lines", "lines", {"type": "rule", "strokeWidth": 2, "strokeDash": _DASH}, y=y, color=color),
        _observed_layer(x, color),
        _layer("curve", "curve", _curve_mark(discrete), x=x, y=y, color=color,
               tooltip=[_q("output", labels.x, format=",.3~g"), _q("loss", labels.y, format=".3~g")]),
    ]
    datasets = {"beyond": _beyond_epsilon(epsilon, *extent), "lines": lines, "curve": curve,
                "observed": _observed(observed, labels.seen)}
    return _chart(layers, datasets, labels.title, narrow=True)


def loss_distribution_chart(
    hist_edges: np.ndarray, hist_mass: np.ndarray, epsilon: float, extent: tuple[float, float], labels: PldLabels
) -> dict:
    """How L is distributed when the real dataset is D: horizontal bars on the loss axis of
    `privacy_loss_chart` (same `extent`), red beyond ε."""
    names = (labels.within, labels.beyond)
    centres = 0.5 * (hist_edges[:-1] + hist_edges[1:])
    bins = pa.table({
        "low": hist_edges[:-1], "high": hist_edges[1:], "mass": hist_mass,
        "series": [names[1] if c > epsilon else names[0] for c in centres],
    })
    y = _q("low", labels.x, scale={"zero": False, "nice": False})
    layers = [
        _layer("beyond", "beyond", {"type": "rect", "color": COLORS["highlight"]}, y=y, y2={"field": "high"}),
        _layer("bins", "bins", {"type": "rect"}, y=y, y2={"field": "high"}, x=_q("mass", labels.y), x2={"datum": 0},
               color=_legend(series_color(names, (COLORS["d"], COLORS["danger"])), 2),
               tooltip=[_q("low", labels.x, format=".3~g"), _q("high", labels.x, format=".3~g"),
                        _q("mass", labels.y, format=".3~g")]),
    ]
    return _chart(layers, {"beyond": _beyond_epsilon(epsilon, *extent), "bins": bins}, labels.title, narrow=True)


def delta_area_chart(u: np.ndarray, y: np.ndarray, delta_one: float, labels: AreaLabels) -> dict:
    """The seed's picture: y = 1 − e^(ε − L) against the D-probability of the outputs ranked by
    loss; the shaded area is δ, held in the dashed rectangle of height 1 and width δ₁ (the values
    are in the page's sentence and the legend names what is what: no text on the plot)."""
    names = (labels.delta, labels.curve, labels.delta_one)
    color = _legend(series_color(names, (_AREA, COLORS["d"], COLORS["neutral"])), 1)
    x = _q("u", labels.x, scale={"nice": False})
    y_axis = _q("y", labels.y, scale={"nice": False})
    # Pairs of points at each cell's start and end make a step curve (Vega keeps ties in order).
    curve = pa.table({"u": u, "y": y, "shaded": np.maximum(y, 0.0), "series": series_rows(names[1], u.size),
                      "area": series_rows(names[0], u.size)})
    rows = 1 if delta_one > 0 else 0
    box = pa.table({"u": [0.0] * rows, "u2": [delta_one] * rows, "series": series_rows(names[2], rows)},
                   schema=pa.schema([("u", pa.float64()), ("u2", pa.float64()), ("series", pa.string())]))
    layers = [
        _layer("area", "curve", {"type": "area", "clip": True}, x=x, y={**y_axis, "field": "shaded"}, y2={"datum": 0},
               color={**color, "field": "area"}),
        _layer("curve", "curve", _line(), x=x, y=y_axis, color=color,
               tooltip=[_q("u", labels.x, format=".3~g"), _q("y", labels.y, format=".3~g")]),
        _layer("box", "box", {"type": "rect", "fillOpacity": 0, "stroke": COLORS["neutral"], "strokeWidth": 2,
                              "strokeDash": _DASH}, x=x, x2={"field": "u2"}, y={"datum": 0}, y2={"datum": 1}),
        _layer("box_top", "box", {"type": "rule", "strokeWidth": 2, "strokeDash": _DASH}, x=x, x2={"field": "u2"},
               y={"datum": 1}, color=color),
        # Keeps -0.25 and 1.08 in view, so the rectangle's top and the zero line have room.
        _layer("extent", "extent", {"type": "point", "opacity": 0}, y=_q("y")),
    ]
    return _chart(layers, {"curve": curve, "box": box, "extent": pa.table({"y": [-0.25, 1.08]})}, labels.title)


def _positive(epsilons: np.ndarray, values: np.ndarray, name: str) -> dict[str, object]:
    """Rows of one δ curve, without the zeros (and rounding dust) that a log axis cannot show."""
    keep = np.asarray(values, dtype=float) > 1e-15
    return {"epsilon": epsilons[keep], "delta": np.asarray(values, dtype=float)[keep],
            "series": series_rows(name, int(keep.sum()))}


_DELTA_ROWS = pa.schema([("epsilon", pa.float64()), ("delta", pa.float64()), ("series", pa.string())])


def _rows(parts: list[dict[str, object]]) -> pa.Table:
    """One table of several curves' rows."""
    columns = {key: [v for p in parts for v in np.asarray(p[key]).tolist()] for key in _DELTA_ROWS.names}
    return pa.table(columns, schema=_DELTA_ROWS)


def delta_curves_chart(
    epsilons: np.ndarray,
    numeric: np.ndarray,
    delta_one_curve: np.ndarray,
    read_epsilon: float,
    mechanism_delta: float,
    analytic: np.ndarray | None,
    accounting: np.ndarray | None,
    labels: DeltaCurvesLabels,
) -> dict:
    """The whole δ(ε) and δ₁(ε) curves on a log axis, with closed-form and dp-accounting values as
    markers (on every few points, so the line stays visible), ε′ and the mechanism's own δ marked.
    Which marker series exist depends on the mechanism family only."""
    lines = (labels.numeric, labels.delta_one)
    checks = [(name, values, shape) for name, values, shape in (
        (labels.analytic, analytic, "circle"), (labels.accounting, accounting, _CROSS)) if values is not None]
    palette = {labels.numeric: COLORS["d"], labels.delta_one: COLORS["neutral"], labels.analytic: COLORS["truth"],
               labels.accounting: COLORS["d_prime"], labels.chosen: COLORS["danger"], labels.target: COLORS["danger"]}
    names = (*lines, *(c[0] for c in checks), labels.chosen, labels.target)
    color = _legend(series_color(names, tuple(palette[n] for n in names)), 1)
    every = max(1, len(epsilons) // 20)
    curves = _rows([_positive(epsilons, numeric, lines[0]), _positive(epsilons, delta_one_curve, lines[1])])
    marks = _rows([_positive(epsilons[::every], v[::every], n) for n, v, _ in checks])
    x = _q("epsilon", labels.x, scale={"nice": False})
    y = _q("delta", labels.y, scale={"type": "log"}, axis=SMALL_LOG_AXIS)
    tip = [{"field": "series", "title": labels.kind}, _q("epsilon", labels.x, format=".3~g"),
           _q("delta", labels.delta, format=".3~g")]
    dash = {"field": "series", "scale": {"domain": list(lines), "range": [[1, 0], _DASH]}, "legend": None}
    symbols = {labels.delta_one: _DASH_SYMBOL, labels.target: _DOT_SYMBOL, **{c[0]: c[2] for c in checks}}
    layers = [
        _layer("curves", "curves", _line(), x=x, y=y, color=color, strokeDash=dash, tooltip=tip),
        _layer("marks", "marks", {"type": "point", "filled": False, "size": 120, "strokeWidth": 2}, x=x, y=y,
               color=color,
               # one legend whose symbols match the marks: a stroke for each line and rule, each check's marker
               shape={"field": "series", "type": "nominal", "sort": list(names), "title": " ",
                      "scale": {"domain": list(names), "range": [symbols.get(n, "stroke") for n in names]}},
               tooltip=tip),
        _layer("span", "span", {"type": "rule", "opacity": 0}, x=x),  # the whole range of ε, also where δ = 0
        _layer("read", "read", {"type": "rule", "strokeWidth": 2}, x=x, color=color),
        _layer("target", "target", {"type": "rule", "strokeWidth": 2, "strokeDash": _DOT}, y=y, color=color),
    ]
    target = pa.table({"delta": [mechanism_delta] if mechanism_delta > 0 else [],
                       "series": [labels.target] if mechanism_delta > 0 else []},
                      schema=pa.schema([("delta", pa.float64()), ("series", pa.string())]))
    datasets = {"curves": curves, "marks": marks.append_column("kind", marks["series"]),
                "span": pa.table({"epsilon": [float(epsilons.min()), float(epsilons.max())]}),
                "read": pa.table({"epsilon": [read_epsilon], "series": [labels.chosen]}), "target": target}
    return _chart(layers, datasets, labels.title)


# --- part 4: hypothesis testing -------------------------------------------------------------------


def roc_chart(
    fpr: np.ndarray,
    tpr: np.ndarray,
    region_fpr: np.ndarray,
    region_upper: np.ndarray,
    region_lower: np.ndarray,
    best_fpr: float,
    best_tpr: float,
    labels: RocLabels,
) -> dict:
    """The likelihood-ratio test's ROC curve inside the (ε, δ)-DP region, with its best point.

    The region's edges are piecewise linear: only their corners are sent."""
    names = (labels.region, labels.curve, labels.chance, labels.best)
    color = _legend(series_color(names, (COLORS["d"], COLORS["danger"], _BLACK, COLORS["truth"])), 1)
    keep = corners(region_fpr, region_upper, region_lower)
    region = pa.table({"fpr": region_fpr[keep], "lower": region_lower[keep], "upper": region_upper[keep],
                       "series": series_rows(names[0], keep.size)})
    curve = pa.table({"fpr": fpr, "tpr": tpr, "series": series_rows(names[1], fpr.size)})
    chance = pa.table({"fpr": [0.0, 1.0], "tpr": [0.0, 1.0], "series": series_rows(names[2], 2)})
    best = pa.table({"fpr": [best_fpr, best_fpr], "tpr": [best_fpr, best_tpr], "series": series_rows(names[3], 2)})
    x, y = _q("fpr", labels.x, scale={"domain": [0, 1], "nice": False}), _unit("tpr", labels.y)
    tip = [_q("fpr", labels.x, format=".1%"), _q("tpr", labels.y, format=".1%")]
    layers = [
        _layer("region", "region", {"type": "area", "color": COLORS["band"]}, x=x, y={**y, "field": "upper"},
               y2={"field": "lower"}),
        _layer("region_upper", "region", _line(1), x=x, y={**y, "field": "upper"}, color=color),
        _layer("region_lower", "region", _line(1), x=x, y={**y, "field": "lower"}, color=color),
        _layer("chance", "chance", _line(2, _DASH), x=x, y=y, color=color),
        _layer("curve", "curve", _line(4), x=x, y=y, color=color, tooltip=tip),
        _layer("best_range", "best", _line(), x=x, y=y, color=color, order={"field": "tpr"}),
        _layer("best", "best", {"type": "point", "filled": True, "size": 100, "opacity": 1}, x=x, y=y, color=color,
               tooltip=tip),
    ]
    return _chart(layers, {"region": region, "curve": curve, "chance": chance, "best": best}, labels.title, 300)


# --- part 5: the game -----------------------------------------------------------------------------


def _levels(names: tuple[str, ...], values: tuple[float, ...]) -> pa.Table:
    return pa.table({"accuracy": list(values), "series": list(names)})


def game_chart(
    rounds: np.ndarray,
    running: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
    ceiling: float,
    expected: float,
    labels: GameLabels,
) -> dict:
    """Running accuracy with its 95% band, the DP ceiling and the best accuracy possible here."""
    names = (labels.running, labels.interval, labels.ceiling, labels.expected, labels.coin)
    color = _legend(series_color(names, (COLORS["d"], COLORS["band"], COLORS["danger"], COLORS["truth"],
                                         COLORS["neutral"])), 1)
    n = rounds.size
    run = pa.table({"round": rounds, "accuracy": running, "low": low, "high": high,
                    "series": series_rows(names[0], n), "band": series_rows(names[1], n)})
    x = _q("round", labels.x, scale={"type": "log", "nice": False})
    y = _q("accuracy", labels.y, scale={"domain": [0, 1.02], "nice": False}, axis=_PERCENT)
    dash = {"field": "series", "scale": {"domain": list(names[2:]), "range": [_DASH, _DOT, _DASH]}, "legend": None}
    layers = [
        _layer("interval", "run", {"type": "area"}, x=x, y={**y, "field": "low"}, y2={"field": "high"},
               color={**color, "field": "band"}),
        _layer("running", "run", _line(), x=x, y=y, color=color,
               tooltip=[_q("round", labels.x, format=","), _q("accuracy", labels.y, format=".1%"),
                        _q("low", labels.interval, format=".1%"), _q("high", labels.interval, format=".1%")]),
        _layer("levels", "levels", {"type": "rule", "strokeWidth": 2.5}, y=y, color=color, strokeDash=dash),
    ]
    return _chart(layers, {"run": run, "levels": _levels(names[2:], (ceiling, expected, 0.5))}, labels.title)


def score_chart(you: float | None, bayes: float | None, ceiling: float, labels: ScoreLabels) -> dict:
    """The player's hit rate beside the Bayes-optimal attacker's on the same rounds (bars), against
    the DP ceiling and a coin flip (lines). Before the first guess the bars are empty."""
    names = (labels.you, labels.bayes, labels.ceiling, labels.coin)
    color = _legend(series_color(names, (COLORS["d"], COLORS["truth"], COLORS["danger"], COLORS["neutral"])), 1)
    played = [(name, rate) for name, rate in ((names[0], you), (names[1], bayes)) if rate is not None]
    bars = pa.table({"series": [p[0] for p in played], "accuracy": [float(p[1]) for p in played]},
                    schema=pa.schema([("series", pa.string()), ("accuracy", pa.float64())]))
    x = _q("accuracy", labels.x, scale={"domain": [0, 1], "nice": False}, axis=_PERCENT)
    y = {"field": "series", "type": "nominal", "sort": list(names[:2]), "scale": {"domain": list(names[:2])},
         "title": None, "axis": None}
    dash = {"field": "series", "scale": {"domain": list(names[2:]), "range": [_DASH, _DOT]}, "legend": None}
    layers = [
        _layer("bars", "bars", {"type": "bar", "height": {"band": 0.7}}, x=x, x2={"datum": 0}, y=y, color=color,
               tooltip=[{"field": "series", "title": labels.player}, _q("accuracy", labels.x, format=".1%")]),
        _layer("levels", "levels", {"type": "rule", "strokeWidth": 2.5}, x=x, color=color, strokeDash=dash),
    ]
    return _chart(layers, {"bars": bars, "levels": _levels(names[2:], (ceiling, 0.5))}, labels.title, 200)
