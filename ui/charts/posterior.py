"""Charts of the attacker's-view page: plain numbers in, Vega-Lite specs out (no streamlit calls).

Every number sits in a named dataset and each spec depends only on the mechanism family (binary
or continuous output, closed forms available), so an epsilon, prior or output change sends new
data into charts the browser has already drawn. Curves come with at most `CURVE_POINTS` points,
their kinks included, since the browser's redraw cost grows with every point.
Colours keep their house meaning: blue = D, orange = D′, green = truth, red = what the attacker gains.
"""

from __future__ import annotations

import json

import numpy as np
import pyarrow as pa

from ui.charts.theme import COLORS, series_color, series_rows, vega
from ui.text.posterior import TEXT

_BIG = 520  # height of the main charts: readable from the back of a classroom
_BLACK = "#000000"
_OTHER_EPS = "rgba(127, 127, 127, 0.6)"
_AREA = "rgba(214, 39, 40, 0.35)"
_PERCENT = {"format": ".0%"}
_DASH, _DOT = [8, 5], [2, 4]
_CROSS = "M-1,-1L1,1M-1,1L1,-1"  # an "x" marker (Vega-Lite's "cross" is a plus)


def _q(field: str, title: str | None = None, **extra: object) -> dict[str, object]:
    """A quantitative encoding of `field`, with an axis title unless it only shapes the scale."""
    return {"field": field, "type": "quantitative", **({"title": title} if title else {}), **extra}


def _unit(field: str, title: str) -> dict[str, object]:
    """A probability axis from 0% to 100%."""
    return _q(field, title, scale={"domain": [0, 1], "nice": False}, axis=_PERCENT)


def _output_x(title: str, binary: bool, field: str = "output") -> dict[str, object]:
    """The output axis: a number line, or the two answers of randomized response."""
    if not binary:
        return _q(field, title, scale={"zero": False, "nice": False})
    labels = f"datum.value == 0 ? {json.dumps(TEXT['rr_no'])} : {json.dumps(TEXT['rr_yes'])}"
    return _q(field, title, scale={"domain": [-0.6, 1.6], "nice": False}, axis={"values": [0, 1], "labelExpr": labels})


def _wrapped(color: dict[str, object], columns: int) -> dict[str, object]:
    """A colour encoding whose legend wraps into `columns`, so long series names stay whole."""
    return {**color, "legend": {"columns": columns, "labelLimit": 420}}


def _chart(layers: list[dict], datasets: dict[str, pa.Table], title: str, height: int = _BIG) -> dict:
    """`theme.vega`, with a title that holds a line break drawn on two lines (half-width charts)."""
    spec = vega(layers, datasets, title, height)
    spec["title"]["text"] = title.split("\n")
    return spec


def _layer(data: str, mark: dict[str, object], **encoding: object) -> dict[str, object]:
    """One layer drawing the named dataset."""
    return {"data": {"name": data}, "mark": mark, "encoding": encoding}


def _line(width: float = 3, dash: list[int] | None = None) -> dict[str, object]:
    """A line mark, clipped to the plot."""
    mark: dict[str, object] = {"type": "line", "clip": True, "strokeWidth": width}
    if dash:
        mark["strokeDash"] = dash
    return mark


def _curve_mark(discrete: bool) -> dict[str, object]:
    """Discrete outputs are separate points; continuous ones a line."""
    return {"type": "point", "filled": True, "size": 70, "clip": True} if discrete else _line()


def _observed_layers(title: str, binary: bool) -> list[dict]:
    """The output the attacker saw: a red vertical line, named at the top (dataset "observed")."""
    at = _output_x(title, binary)
    return [
        _layer("observed", {"type": "rule", "color": COLORS["danger"], "strokeWidth": 3}, x=at),
        _layer("observed", {"type": "text", "text": TEXT["fig_dens_seen"], "color": COLORS["danger"], "align": "left",
                            "baseline": "top", "dx": 6, "dy": 4}, x=at, y={"value": 0}),
    ]


def _observed(output: float) -> pa.Table:
    """The one row of `_observed_layers`."""
    return pa.table({"output": [float(output)]})


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


def band_chart(
    prior: np.ndarray,
    epsilons: tuple[float, ...],
    lower: np.ndarray,
    upper: np.ndarray,
    chosen: float,
    chosen_lower: np.ndarray,
    chosen_upper: np.ndarray,
    your_prior: float,
    your_lower: float,
    your_upper: float,
) -> dict:
    """The posterior band against the prior for the chosen epsilon, shaded, over thin grey bands
    for a fixed set of `epsilons` (one row of `lower` and `upper` each), each named on the plot.

    The grey bands do not depend on the chosen epsilon, so the browser keeps their data when
    epsilon moves (Streamlit skips datasets whose bytes are unchanged); where the chosen epsilon
    is one of them, its grey curves lie under the band's edges."""
    names = (TEXT["fig_band_chosen"], TEXT["fig_band_diagonal"], TEXT["fig_band_you"])
    color = series_color(names, (COLORS["d"], _BLACK, COLORS["danger"]))
    n, k = prior.size, len(epsilons)
    grey = pa.table({
        "prior": np.tile(prior, 2 * k),
        "posterior": np.concatenate([row for i in range(k) for row in (upper[i], lower[i])]),
        "curve": np.repeat(np.arange(2 * k), n),
    })
    grey_labels = pa.table({
        "prior": [0.25] * k,
        "posterior": [float(np.interp(0.25, prior, upper[i])) for i in range(k)],
        "text": [TEXT["fig_band_eps"].format(eps=e) for e in epsilons],
    })
    band = pa.table({"prior": prior, "lower": chosen_lower, "upper": chosen_upper, "series": series_rows(names[0], n)})
    chosen_label = pa.table({"prior": [0.75], "posterior": [float(np.interp(0.75, prior, chosen_lower))],
                             "text": [TEXT["fig_band_eps"].format(eps=chosen)]})
    diagonal = pa.table({"prior": [0.0, 1.0], "posterior": [0.0, 1.0], "series": series_rows(names[1], 2)})
    you = pa.table({"prior": [your_prior] * 3, "posterior": [your_lower, your_prior, your_upper],
                    "series": series_rows(names[2], 3)})
    x, y = _unit("prior", TEXT["fig_band_x"]), _unit("posterior", TEXT["fig_band_y"])
    tip = [_q("prior", TEXT["fig_band_x"], format=".1%"), _q("posterior", TEXT["fig_band_y"], format=".1%")]
    layers = [
        _layer("grey", {**_line(1.5), "color": _OTHER_EPS}, x=x, y=y, detail={"field": "curve", "type": "nominal"}),
        _layer("grey_labels", {"type": "text", "align": "right", "dx": -4, "color": COLORS["neutral"]},
               x=x, y=y, text={"field": "text"}),
        _layer("band", {"type": "area", "color": COLORS["band"]}, x=x, y=_unit("upper", TEXT["fig_band_y"]), y2={"field": "lower"}),
        _layer("band", _line(), x=x, y=_unit("lower", TEXT["fig_band_y"]), color=color),
        _layer("band", _line(), x=x, y=_unit("upper", TEXT["fig_band_y"]), color=color),
        _layer("chosen_label", {"type": "text", "align": "left", "baseline": "top", "dx": 6, "dy": 6,
                                "color": COLORS["d"], "fontWeight": "bold"}, x=x, y=y, text={"field": "text"}),
        _layer("diagonal", _line(2, _DASH), x=x, y=y, color=color),
        _layer("you", {**_line(), "point": {"filled": True, "size": 110}}, x=x, y=y, color=color,
               order={"field": "posterior"}, tooltip=tip),
    ]
    datasets = {"grey": grey, "grey_labels": grey_labels, "band": band, "chosen_label": chosen_label,
                "diagonal": diagonal, "you": you}
    return _chart(layers, datasets, TEXT["fig_band_title"])


def densities_chart(
    outputs: np.ndarray,
    likelihood_d: np.ndarray,
    likelihood_d_prime: np.ndarray,
    observed: float,
    discrete: bool,
    binary: bool = False,
    leak_above: float | None = None,
    leak_below: float | None = None,
) -> dict:
    """p(O | D) and p(O | D′) over the outputs, the observed O, and where the posterior leaves the band.

    Discrete outputs are pairs of bars (D left of the output, D′ right), continuous ones shaded curves."""
    names = (TEXT["fig_on_d"], TEXT["fig_on_dp"])
    color = series_color(names, (COLORS["d"], COLORS["d_prime"]))
    n = outputs.size
    laws: dict[str, object] = {
        "output": np.concatenate([outputs, outputs]),
        "series": series_rows(names[0], n) + series_rows(names[1], n),
        "likelihood": np.concatenate([likelihood_d, likelihood_d_prime]),
    }
    x_title = TEXT["fig_dens_x"]
    y_title = TEXT["fig_dens_y_pmf"] if discrete else TEXT["fig_dens_y_density"]
    x, y = _output_x(x_title, binary), _q("likelihood", y_title)
    tip = [_q("output", x_title, format=",.4g"), {"field": "series", "title": " "}, _q("likelihood", y_title, format=".4g")]
    if discrete:
        width = 0.4 * (float(np.min(np.diff(outputs))) if n > 1 else 1.0)
        laws["left"] = np.concatenate([outputs - width, outputs])
        laws["right"] = np.concatenate([outputs, outputs + width])
        law_layers = [_layer("laws", {"type": "rect", "opacity": 0.8}, x={**x, "field": "left"}, x2={"field": "right"},
                             y=y, y2={"datum": 0}, color=color, tooltip=tip)]
    else:
        law_layers = [
            _layer("laws", {"type": "area", "opacity": 0.2, "clip": True}, x=x, y={**y, "stack": None}, color=color),
            _layer("laws", _line(), x=x, y=y, color=color, tooltip=tip),
        ]
    lo, hi = float(outputs[0]), float(outputs[-1])
    above = [(leak_above, hi)] if leak_above is not None and leak_above < hi else []
    below = [(lo, leak_below)] if leak_below is not None and leak_below > lo else []
    leak_layers = []
    # Each label starts at its region's edge and runs inward, over the low tails of the curves.
    for name, rows, anchor, align, dx in (("leak_above", above, "start", "right", -4), ("leak_below", below, "end", "left", 4)):
        leak_layers += [
            _layer(name, {"type": "rect", "color": COLORS["highlight"]}, x={**x, "field": "start"}, x2={"field": "end"}),
            _layer(name, {"type": "text", "text": TEXT["fig_dens_leak"], "align": align, "baseline": "top", "dx": dx, "dy": 28},
                   x={**x, "field": anchor}, y={"value": 0}),
        ]
    leaks = {name: pa.table({"start": [float(r[0]) for r in rows], "end": [float(r[1]) for r in rows]},
                            schema=pa.schema([("start", pa.float64()), ("end", pa.float64())]))
             for name, rows in (("leak_above", above), ("leak_below", below))}
    layers = leak_layers + law_layers + _observed_layers(x_title, binary)
    return _chart(layers, {"laws": pa.table(laws), **leaks, "observed": _observed(observed)}, TEXT["fig_dens_title"])


def posterior_curve_chart(
    outputs: np.ndarray,
    posterior: np.ndarray,
    prior: float,
    lower: float,
    upper: float,
    observed: float,
    observed_posterior: float,
    discrete: bool,
    binary: bool = False,
) -> dict:
    """The exact posterior as a function of O against the constant pure-ε band for this prior."""
    names = (TEXT["fig_post_band"], TEXT["fig_post_prior"], TEXT["fig_post_curve"], TEXT["fig_post_seen"])
    color = series_color(names, (COLORS["d"], _BLACK, COLORS["truth"], COLORS["danger"]))
    x_title, y_title = TEXT["fig_post_x"], TEXT["fig_post_y"]
    x, y = _output_x(x_title, binary), _unit("posterior", y_title)
    tip = [_q("output", x_title, format=",.4g"), _q("posterior", y_title, format=".3f")]
    curve = pa.table({"output": outputs, "posterior": posterior, "series": series_rows(names[2], outputs.size)})
    band = pa.table({"lower": [lower], "upper": [upper], "series": [names[0]]})
    prior_line = pa.table({"posterior": [prior], "series": [names[1]]})
    seen = pa.table({"output": [observed], "posterior": [observed_posterior], "series": [names[3]]})
    layers = [
        _layer("band", {"type": "rect", "color": COLORS["band"]}, y=_unit("lower", y_title), y2={"field": "upper"}),
        _layer("band", {"type": "rule", "strokeWidth": 2}, y=_unit("lower", y_title), color=color),
        _layer("band", {"type": "rule", "strokeWidth": 2}, y=_unit("upper", y_title), color=color),
        _layer("prior", {"type": "rule", "strokeWidth": 2, "strokeDash": _DASH}, y=y, color=color),
        _layer("curve", _curve_mark(discrete), x=x, y=y, color=color, tooltip=tip),
        _layer("seen", {"type": "point", "shape": "diamond", "filled": True, "size": 300, "opacity": 1}, x=x, y=y,
               color=color, tooltip=tip),
    ]
    datasets = {"band": band, "prior": prior_line, "curve": curve, "seen": seen}
    return _chart(layers, datasets, TEXT["fig_post_title"])


def _beyond_epsilon(epsilon: float, bottom: float, top: float) -> pa.Table:
    """The two stretches of the loss axis beyond ±ε (shaded in both loss charts)."""
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
) -> dict:
    """L(O) against O with the ±ε lines and the region beyond them shaded; the loss axis spans
    `extent` (shared with `loss_distribution_chart`, drawn beside it)."""
    names = (TEXT["fig_loss_y"], TEXT["fig_loss_eps"])
    color = series_color(names, (COLORS["d"], COLORS["danger"]))
    x_title, y_title = TEXT["fig_loss_x"], TEXT["fig_loss_y"]
    x = _output_x(x_title, binary)
    y = _q("loss", y_title, scale={"zero": False, "nice": False})
    curve = pa.table({"output": outputs, "loss": loss, "series": series_rows(names[0], outputs.size)})
    lines = pa.table({"loss": [epsilon, -epsilon], "series": series_rows(names[1], 2)})
    layers = [
        _layer("beyond", {"type": "rect", "color": COLORS["highlight"]}, y={**y, "field": "low"}, y2={"field": "high"}),
        _layer("lines", {"type": "rule", "strokeWidth": 2, "strokeDash": _DASH}, y=y, color=color),
        {**_layer("lines", {"type": "text", "text": TEXT["fig_loss_beyond"], "align": "left", "baseline": "bottom", "dy": -4},
                  x={"value": 4}, y=y), "transform": [{"filter": "datum.loss > 0"}]},
        *_observed_layers(x_title, binary),
        _layer("curve", _curve_mark(discrete), x=x, y=y, color=color,
               tooltip=[_q("output", x_title, format=",.4g"), _q("loss", y_title, format=".4f")]),
    ]
    datasets = {"beyond": _beyond_epsilon(epsilon, *extent), "lines": lines, "curve": curve, "observed": _observed(observed)}
    return _chart(layers, datasets, TEXT["fig_loss_title"])


def loss_distribution_chart(
    hist_edges: np.ndarray, hist_mass: np.ndarray, epsilon: float, extent: tuple[float, float]
) -> dict:
    """How L is distributed when the real dataset is D: horizontal bars on the loss axis of
    `privacy_loss_chart` (same `extent`), red beyond ε."""
    names = (TEXT["fig_pld_within"], TEXT["fig_pld_beyond"])
    centres = 0.5 * (hist_edges[:-1] + hist_edges[1:])
    bins = pa.table({
        "low": hist_edges[:-1], "high": hist_edges[1:], "mass": hist_mass,
        "series": [names[1] if c > epsilon else names[0] for c in centres],
    })
    y = _q("low", TEXT["fig_pld_x"], scale={"zero": False, "nice": False})
    layers = [
        _layer("beyond", {"type": "rect", "color": COLORS["highlight"]}, y=y, y2={"field": "high"}),
        _layer("bins", {"type": "rect"}, y=y, y2={"field": "high"}, x=_q("mass", TEXT["fig_pld_y"]), x2={"datum": 0},
               color=series_color(names, (COLORS["d"], COLORS["danger"])),
               tooltip=[_q("low", TEXT["fig_pld_x"], format=".3f"), _q("high", TEXT["fig_pld_x"], format=".3f"),
                        _q("mass", TEXT["fig_pld_y"], format=".4g")]),
    ]
    return _chart(layers, {"beyond": _beyond_epsilon(epsilon, *extent), "bins": bins}, TEXT["fig_pld_title"])


def delta_area_chart(u: np.ndarray, y: np.ndarray, delta: float, delta_one: float) -> dict:
    """The seed's picture: y = 1 − e^(ε − L) against the D-probability of the outputs ranked by
    loss; the shaded area is δ, held in the dashed rectangle of height 1 and width δ₁."""
    names = (TEXT["fig_area_delta_name"], TEXT["fig_area_curve"], TEXT["fig_area_delta_one_name"])
    color = _wrapped(series_color(names, (_AREA, COLORS["d"], COLORS["neutral"])), 1)
    x = _q("u", TEXT["fig_area_x"], scale={"nice": False})
    y_axis = _q("y", TEXT["fig_area_y"], scale={"nice": False})
    # Pairs of points at each cell's start and end make a step curve (Vega keeps ties in order).
    curve = pa.table({"u": u, "y": y, "shaded": np.maximum(y, 0.0), "series": series_rows(names[1], u.size),
                      "area": series_rows(names[0], u.size)})
    box = pa.table({"u": [0.0] if delta_one > 0 else [], "u2": [delta_one] if delta_one > 0 else [],
                    "series": series_rows(names[2], 1 if delta_one > 0 else 0)},
                   schema=pa.schema([("u", pa.float64()), ("u2", pa.float64()), ("series", pa.string())]))
    words = "\n".join((TEXT["fig_area_delta"].format(delta=delta), TEXT["fig_area_delta_one"].format(delta_one=delta_one)))
    layers = [
        _layer("curve", {"type": "area", "clip": True}, x=x, y={**y_axis, "field": "shaded"}, y2={"datum": 0},
               color={**color, "field": "area"}),
        _layer("curve", _line(), x=x, y=y_axis, color=color,
               tooltip=[_q("u", TEXT["fig_area_x"], format=".4g"), _q("y", TEXT["fig_area_y"], format=".4f")]),
        _layer("box", {"type": "rect", "fillOpacity": 0, "stroke": COLORS["neutral"], "strokeWidth": 2, "strokeDash": _DASH},
               x=x, x2={"field": "u2"}, y={"datum": 0}, y2={"datum": 1}),
        _layer("box", {"type": "rule", "strokeWidth": 2, "strokeDash": _DASH}, x=x, x2={"field": "u2"}, y={"datum": 1},
               color=color),
        # Keeps -0.25 and 1.08 in view, so the rectangle's top and the zero line have room.
        _layer("extent", {"type": "point", "opacity": 0}, y=_q("y")),
        # Bottom left stays empty: the outputs are ranked by loss, so the curve only falls.
        _layer("words", {"type": "text", "align": "left", "baseline": "bottom", "lineBreak": "\n", "dx": 8, "dy": -8,
                         "lineHeight": 22}, x={"value": 0}, y={"value": "height"}, text={"field": "text"}),
    ]
    datasets = {"curve": curve, "box": box, "extent": pa.table({"y": [-0.25, 1.08]}), "words": pa.table({"text": [words]})}
    return _chart(layers, datasets, TEXT["fig_area_title"])


def _positive(epsilons: np.ndarray, values: np.ndarray, name: str) -> dict[str, object]:
    """Rows of one δ curve, without the zeros (and rounding dust) that a log axis cannot show."""
    keep = np.asarray(values, dtype=float) > 1e-15
    return {"epsilon": epsilons[keep], "delta": np.asarray(values, dtype=float)[keep], "series": series_rows(name, int(keep.sum()))}


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
    analytic: np.ndarray | None = None,
    accounting: np.ndarray | None = None,
) -> dict:
    """The whole δ(ε) and δ₁(ε) curves on a log axis, with closed-form and dp-accounting values as
    markers (on every few points, so the line stays visible), ε′ and the mechanism's own δ marked.
    Which marker series exist depends on the mechanism family only."""
    lines = (TEXT["fig_curve_numeric"], TEXT["fig_curve_delta_one"])
    checks = [(name, values, shape) for name, values, shape in (
        (TEXT["fig_curve_analytic"], analytic, "circle"), (TEXT["fig_curve_accounting"], accounting, _CROSS))
        if values is not None]
    palette = {TEXT["fig_curve_numeric"]: COLORS["d"], TEXT["fig_curve_delta_one"]: COLORS["neutral"],
               TEXT["fig_curve_analytic"]: COLORS["truth"], TEXT["fig_curve_accounting"]: COLORS["d_prime"]}
    names = lines + tuple(c[0] for c in checks)
    color = _wrapped(series_color(names, tuple(palette[n] for n in names)), 2)
    every = max(1, len(epsilons) // 20)
    curves = _rows([_positive(epsilons, numeric, lines[0]), _positive(epsilons, delta_one_curve, lines[1])])
    marks = _rows([_positive(epsilons[::every], v[::every], n) for n, v, _ in checks])
    x = _q("epsilon", TEXT["fig_curve_x"], scale={"nice": False})
    y = _q("delta", TEXT["fig_curve_y"], scale={"type": "log"}, axis={"format": ".0e"})
    tip = [{"field": "series", "title": " "}, _q("epsilon", TEXT["fig_curve_x"], format=".3g"),
           _q("delta", "δ", format=".4g")]
    dash = {"field": "series", "scale": {"domain": list(lines), "range": [[1, 0], _DASH]}, "legend": None}
    layers = [
        _layer("curves", _line(), x=x, y=y, color=color, strokeDash=dash, tooltip=tip),
        _layer("marks", {"type": "point", "filled": False, "size": 120, "strokeWidth": 2}, x=x, y=y, color=color,
               # A field of its own: a shape legend on "series" would merge with the colour legend.
               shape={"field": "kind", "scale": {"domain": [c[0] for c in checks], "range": [c[2] for c in checks]},
                      "legend": None}, tooltip=tip),
        _layer("span", {"type": "rule", "opacity": 0}, x=x),  # the whole range of ε, also where δ = 0
        _layer("read", {"type": "rule", "color": COLORS["danger"], "strokeWidth": 2}, x=x),
        _layer("read", {"type": "text", "text": TEXT["fig_curve_chosen"], "color": COLORS["danger"], "align": "left",
                        "baseline": "bottom", "dx": 5, "dy": -4}, x=x, y={"value": "height"}),
        _layer("target", {"type": "rule", "color": COLORS["danger"], "strokeWidth": 2, "strokeDash": _DOT}, y=y),
        _layer("target", {"type": "text", "text": TEXT["fig_curve_target"], "align": "left", "baseline": "top", "dy": 4},
               x={"value": 4}, y=y),
    ]
    target = pa.table({"delta": [mechanism_delta] if mechanism_delta > 0 else []}, schema=pa.schema([("delta", pa.float64())]))
    datasets = {"curves": curves, "marks": marks.append_column("kind", marks["series"]),
                "span": pa.table({"epsilon": [float(epsilons.min()), float(epsilons.max())]}),
                "read": pa.table({"epsilon": [read_epsilon]}), "target": target}
    return _chart(layers, datasets, TEXT["fig_curve_title"])


def roc_chart(
    fpr: np.ndarray,
    tpr: np.ndarray,
    region_fpr: np.ndarray,
    region_upper: np.ndarray,
    region_lower: np.ndarray,
    best_fpr: float,
    best_tpr: float,
) -> dict:
    """The likelihood-ratio test's ROC curve inside the (ε, δ)-DP region, with its best point.

    The region's edges are piecewise linear: only their corners are sent."""
    names = (TEXT["fig_roc_region"], TEXT["fig_roc_curve"], TEXT["fig_roc_chance"], TEXT["fig_roc_best"])
    color = _wrapped(series_color(names, (COLORS["d"], COLORS["danger"], _BLACK, COLORS["truth"])), 2)
    keep = corners(region_fpr, region_upper, region_lower)
    region = pa.table({"fpr": region_fpr[keep], "lower": region_lower[keep], "upper": region_upper[keep],
                       "series": series_rows(names[0], keep.size)})
    curve = pa.table({"fpr": fpr, "tpr": tpr, "series": series_rows(names[1], fpr.size)})
    chance = pa.table({"fpr": [0.0, 1.0], "tpr": [0.0, 1.0], "series": series_rows(names[2], 2)})
    best = pa.table({"fpr": [best_fpr, best_fpr], "tpr": [best_fpr, best_tpr], "series": series_rows(names[3], 2)})
    x, y = _q("fpr", TEXT["fig_roc_x"], scale={"domain": [0, 1], "nice": False}), _unit("tpr", TEXT["fig_roc_y"])
    tip = [_q("fpr", TEXT["fig_roc_x"], format=".3f"), _q("tpr", TEXT["fig_roc_y"], format=".3f")]
    layers = [
        _layer("region", {"type": "area", "color": COLORS["band"]}, x=x, y={**y, "field": "upper"}, y2={"field": "lower"}),
        _layer("region", _line(1), x=x, y={**y, "field": "upper"}, color=color),
        _layer("region", _line(1), x=x, y={**y, "field": "lower"}, color=color),
        _layer("chance", _line(2, _DASH), x=x, y=y, color=color),
        _layer("curve", _line(4), x=x, y=y, color=color, tooltip=tip),
        _layer("best", {**_line(), "point": {"filled": True, "size": 100}}, x=x, y=y, color=color,
               order={"field": "tpr"}, tooltip=tip),
    ]
    return _chart(layers, {"region": region, "curve": curve, "chance": chance, "best": best}, TEXT["fig_roc_title"], 600)


def game_chart(
    rounds: np.ndarray,
    running: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
    ceiling: float,
    expected: float,
) -> dict:
    """Running accuracy with its 95% band, the DP ceiling and the best accuracy possible here."""
    names = (TEXT["fig_game_running"], TEXT["fig_game_ci"], TEXT["fig_game_ceiling"], TEXT["fig_game_expected"],
             TEXT["fig_game_coin"])
    color = series_color(names, (COLORS["d"], COLORS["band"], COLORS["danger"], COLORS["truth"], COLORS["neutral"]))
    n = rounds.size
    run = pa.table({"round": rounds, "accuracy": running, "low": low, "high": high,
                    "series": series_rows(names[0], n), "band": series_rows(names[1], n)})
    levels = pa.table({"accuracy": [ceiling, expected, 0.5], "series": list(names[2:])})
    x = _q("round", TEXT["fig_game_x"], scale={"type": "log", "nice": False})
    y = _q("accuracy", TEXT["fig_game_y"], scale={"domain": [0, 1.02], "nice": False}, axis=_PERCENT)
    dash = {"field": "series", "scale": {"domain": list(names[2:]), "range": [_DASH, _DOT, _DASH]}, "legend": None}
    layers = [
        _layer("run", {"type": "area"}, x=x, y={**y, "field": "low"}, y2={"field": "high"}, color={**color, "field": "band"}),
        _layer("run", _line(), x=x, y=y, color=color,
               tooltip=[_q("round", TEXT["fig_game_x"], format=","), _q("accuracy", TEXT["fig_game_y"], format=".1%"),
                        _q("low", TEXT["fig_game_ci"], format=".1%"), _q("high", TEXT["fig_game_ci"], format=".1%")]),
        _layer("levels", {"type": "rule", "strokeWidth": 2.5}, y=y, color=color, strokeDash=dash),
    ]
    return _chart(layers, {"run": run, "levels": levels}, TEXT["fig_game_title"])
