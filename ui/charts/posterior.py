"""Figures of the attacker's-view page: plain numbers in, plotly figures out (no streamlit calls).

Every curve arrives precomputed on a grid of a few hundred points, so each figure is a few KB.
Colours keep their house meaning: blue = D, orange = D′, red = what the attacker gains.

Speed: each figure is built in one pass from plain dicts (`theme.figure`), so plotly validates once.
Its `add_vline` / `add_hrect` helpers validate every property again and cost ~20 ms each, and
every `add_trace` a few ms more.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from ui.charts.theme import COLORS, figure
from ui.text.posterior import TEXT

_BIG = 520  # height of the main figures: readable from the back of a classroom
_OTHER_EPS = "rgba(127, 127, 127, 0.6)"
_AREA = "rgba(214, 39, 40, 0.35)"


def _line(x: object, y: object, name: str, color: str, width: float = 3, dash: str = "solid", **extra: object) -> dict:
    return {"type": "scatter", "x": x, "y": y, "mode": "lines", "name": name,
            "line": {"color": color, "width": width, "dash": dash}, **extra}


def _points(x: object, y: object, name: str, color: str, size: float = 9, symbol: str = "circle", **extra: object) -> dict:
    return {"type": "scatter", "x": x, "y": y, "mode": "markers", "name": name,
            "marker": {"color": color, "size": size, "symbol": symbol}, **extra}


def _vline(x: float, color: str, width: float = 3, dash: str = "solid") -> dict:
    return {"type": "line", "xref": "x", "yref": "paper", "x0": x, "x1": x, "y0": 0, "y1": 1,
            "line": {"color": color, "width": width, "dash": dash}}


def _hline(y: float, color: str, width: float = 2, dash: str = "dot") -> dict:
    return {"type": "line", "xref": "paper", "yref": "y", "x0": 0, "x1": 1, "y0": y, "y1": y,
            "line": {"color": color, "width": width, "dash": dash}}


def _vrect(x0: float, x1: float, color: str) -> dict:
    return {"type": "rect", "xref": "x", "yref": "paper", "x0": x0, "x1": x1, "y0": 0, "y1": 1,
            "fillcolor": color, "line": {"width": 0}, "layer": "below"}


def _hrect(y0: float, y1: float, color: str) -> dict:
    return {"type": "rect", "xref": "paper", "yref": "y", "x0": 0, "x1": 1, "y0": y0, "y1": y1,
            "fillcolor": color, "line": {"width": 0}, "layer": "below"}


def _label(text: str, x: float, y: float, xref: str = "x", yref: str = "paper", **extra: object) -> dict:
    return {"text": text, "x": x, "y": y, "xref": xref, "yref": yref, "showarrow": False,
            "yanchor": "bottom", "font": {"size": 14}, **extra}


def _figure(data: list[dict], layout: dict, title: str, x_title: str, y_title: str, height: int = 420) -> go.Figure:
    return figure(data, title, x_title, y_title, height, **layout)


# Figures with many legend entries keep the legend under the plot, clear of the title.
_LEGEND_BELOW = {"legend": {"orientation": "h", "yanchor": "top", "y": -0.18, "xanchor": "left", "x": 0.0},
                 "margin": {"b": 130}}

_RR_AXIS = {"tickmode": "array", "tickvals": [0, 1], "range": [-0.6, 1.6]}


def _output_axis(binary: bool) -> dict:
    return {**_RR_AXIS, "ticktext": [TEXT["rr_no"], TEXT["rr_yes"]]} if binary else {}


def band_figure(
    prior: np.ndarray,
    epsilons: Sequence[float],
    lower: np.ndarray,
    upper: np.ndarray,
    chosen: int,
    your_prior: float,
    your_lower: float,
    your_upper: float,
) -> go.Figure:
    """The posterior band against the prior for several epsilons, the chosen one shaded.

    `lower` and `upper` have one row per epsilon; `chosen` is the row to shade. The other
    epsilons share one grey trace (curves separated by gaps) and are named on the plot.
    """
    others = [i for i in range(len(epsilons)) if i != chosen]
    gap = np.array([np.nan])
    xs = np.concatenate([np.concatenate((prior, gap)) for _ in range(2 * len(others))]) if others else np.array([])
    ys = np.concatenate([np.concatenate((row, gap)) for i in others for row in (upper[i], lower[i])]) if others else np.array([])
    labels = [
        _label(TEXT["fig_band_eps"].format(eps=epsilons[i]), 0.25, float(np.interp(0.25, prior, upper[i])), yref="y",
               xanchor="right", yanchor="middle", font={"size": 13, "color": COLORS["neutral"]})
        for i in others
    ]
    name = TEXT["fig_band_eps"].format(eps=epsilons[chosen])
    data = [
        _line(xs, ys, ", ".join(TEXT["fig_band_eps"].format(eps=epsilons[i]) for i in others), _OTHER_EPS, 1.5, hoverinfo="skip", showlegend=False),
        _line(prior, lower[chosen], name, COLORS["d"], showlegend=False),
        _line(prior, upper[chosen], name, COLORS["d"], fill="tonexty", fillcolor=COLORS["band"]),
        _line([0, 1], [0, 1], TEXT["fig_band_diagonal"], "black", 2, "dash"),
        {**_line([your_prior] * 3, [your_lower, your_prior, your_upper], TEXT["fig_band_you"], COLORS["danger"]),
         "mode": "lines+markers", "marker": {"size": 11, "color": COLORS["danger"]}},
    ]
    layout = {"annotations": labels, "xaxis": {"range": [0, 1], "tickformat": ".0%"},
              "yaxis": {"range": [0, 1], "tickformat": ".0%"}}
    return _figure(data, layout, TEXT["fig_band_title"], TEXT["fig_band_x"], TEXT["fig_band_y"], _BIG)


def densities_figure(
    outputs: np.ndarray,
    likelihood_d: np.ndarray,
    likelihood_d_prime: np.ndarray,
    observed: float,
    discrete: bool,
    binary: bool = False,
    leak_above: float | None = None,
    leak_below: float | None = None,
) -> go.Figure:
    """p(O | D) and p(O | D′) over the outputs, the observed O, and where the posterior leaves the band."""
    if discrete:
        data = [
            {"type": "bar", "x": outputs, "y": likelihood_d, "name": TEXT["fig_on_d"], "marker": {"color": COLORS["d"]}, "opacity": 0.8},
            {"type": "bar", "x": outputs, "y": likelihood_d_prime, "name": TEXT["fig_on_dp"],
             "marker": {"color": COLORS["d_prime"]}, "opacity": 0.8},
        ]
    else:
        data = [
            _line(outputs, likelihood_d, TEXT["fig_on_d"], COLORS["d"], fill="tozeroy"),
            _line(outputs, likelihood_d_prime, TEXT["fig_on_dp"], COLORS["d_prime"], fill="tozeroy"),
        ]
    lo, hi = float(outputs[0]), float(outputs[-1])
    shapes, labels = [], []
    if leak_above is not None and leak_above < hi:
        shapes.append(_vrect(leak_above, hi, COLORS["highlight"]))
        labels.append(_label(TEXT["fig_dens_leak"], leak_above, 0.9, xanchor="left"))
    if leak_below is not None and leak_below > lo:
        shapes.append(_vrect(lo, leak_below, COLORS["highlight"]))
        labels.append(_label(TEXT["fig_dens_leak"], leak_below, 0.9, xanchor="right"))
    shapes.append(_vline(observed, COLORS["danger"]))
    labels.append(_label(TEXT["fig_dens_seen"], observed, 1.0))
    layout = {"shapes": shapes, "annotations": labels, "xaxis": _output_axis(binary)}
    if discrete:
        layout.update(barmode="group", bargap=0.15)
    y_title = TEXT["fig_dens_y_pmf"] if discrete else TEXT["fig_dens_y_density"]
    return _figure(data, layout, TEXT["fig_dens_title"], TEXT["fig_dens_x"], y_title, _BIG)


def posterior_curve_figure(
    outputs: np.ndarray,
    posterior: np.ndarray,
    prior: float,
    lower: float,
    upper: float,
    observed: float,
    observed_posterior: float,
    discrete: bool,
    binary: bool = False,
) -> go.Figure:
    """The exact posterior as a function of O against the constant pure-ε band for this prior."""
    ends = [outputs[0], outputs[-1]]
    curve = (_points(outputs, posterior, TEXT["fig_post_curve"], COLORS["truth"]) if discrete
             else _line(outputs, posterior, TEXT["fig_post_curve"], COLORS["truth"]))
    data = [
        _line(ends, [upper, upper], TEXT["fig_post_band"], COLORS["d"], 2),
        _line(ends, [lower, lower], TEXT["fig_post_band"], COLORS["d"], 2, showlegend=False, hoverinfo="skip"),
        _line(ends, [prior, prior], TEXT["fig_post_prior"], "black", 2, "dash"),
        curve,
        _points([observed], [observed_posterior], TEXT["fig_post_seen"], COLORS["danger"], 16, "diamond"),
    ]
    layout = {"shapes": [_hrect(lower, upper, COLORS["band"])], "yaxis": {"range": [0, 1], "tickformat": ".0%"},
              "xaxis": _output_axis(binary)}
    return _figure(data, layout, TEXT["fig_post_title"], TEXT["fig_post_x"], TEXT["fig_post_y"], _BIG)


_LEFT, _RIGHT = [0.0, 0.6], [0.68, 1.0]  # two panels side by side in one figure (one template, half the cost)


def privacy_loss_figure(
    outputs: np.ndarray,
    loss: np.ndarray,
    epsilon: float,
    observed: float,
    discrete: bool,
    binary: bool,
    hist_edges: np.ndarray,
    hist_mass: np.ndarray,
) -> go.Figure:
    """Left: L(O) against O with the ±ε lines, the region beyond them shaded. Right, on the same
    loss axis: how L is distributed when the real dataset is D (bars, red beyond ε)."""
    centres = 0.5 * (hist_edges[:-1] + hist_edges[1:])
    heights = np.diff(hist_edges)
    top = max(float(np.max(loss)), float(hist_edges[-1]), epsilon) * 1.15 + 1e-9
    bottom = min(float(np.min(loss)), float(hist_edges[0]), -epsilon) * 1.15 - 1e-9
    ends = [outputs[0], outputs[-1]]
    curve = (_points(outputs, loss, TEXT["fig_loss_y"], COLORS["d"]) if discrete
             else _line(outputs, loss, TEXT["fig_loss_y"], COLORS["d"]))
    beyond = centres > epsilon
    data = [
        curve,
        _line(ends, [epsilon, epsilon], TEXT["fig_loss_eps"], COLORS["danger"], 2, "dash"),
        _line(ends, [-epsilon, -epsilon], TEXT["fig_loss_eps"], COLORS["danger"], 2, "dash", showlegend=False),
        {"type": "bar", "orientation": "h", "y": centres[~beyond], "x": hist_mass[~beyond], "width": heights[~beyond],
         "name": TEXT["fig_pld_within"], "marker": {"color": COLORS["d"]}, "xaxis": "x2", "yaxis": "y"},
        {"type": "bar", "orientation": "h", "y": centres[beyond], "x": hist_mass[beyond], "width": heights[beyond],
         "name": TEXT["fig_pld_beyond"], "marker": {"color": COLORS["danger"]}, "xaxis": "x2", "yaxis": "y"},
    ]
    layout = {
        "shapes": [_hrect(epsilon, top, COLORS["highlight"]), _hrect(bottom, -epsilon, COLORS["highlight"]),
                   _vline(observed, COLORS["danger"])],
        "annotations": [
            _label(TEXT["fig_loss_beyond"], 0.01, epsilon, xref="paper", yref="y", xanchor="left"),
            _label(TEXT["fig_dens_seen"], observed, 1.0),
            _label(TEXT["fig_pld_title"], sum(_RIGHT) / 2, 1.0, xref="paper", font={"size": 15}),
        ],
        "yaxis": {"range": [bottom, top]},
        "xaxis": {**_output_axis(binary), "domain": _LEFT},
        "xaxis2": {"domain": _RIGHT, "anchor": "y", "title": {"text": TEXT["fig_pld_y"]}},
        "barmode": "overlay",
        "bargap": 0,
        **_LEGEND_BELOW,
    }
    return _figure(data, layout, TEXT["fig_loss_title"], TEXT["fig_loss_x"], TEXT["fig_loss_y"], _BIG)


def _positive(values: np.ndarray | None) -> np.ndarray | None:
    if values is None:
        return None
    v = np.asarray(values, dtype=float)
    return np.where(v > 1e-15, v, np.nan)  # zeros (and rounding dust) have no place on a log axis


def delta_figure(
    u: np.ndarray,
    y: np.ndarray,
    delta: float,
    delta_one: float,
    epsilons: np.ndarray,
    numeric: np.ndarray,
    delta_one_curve: np.ndarray,
    read_epsilon: float,
    mechanism_delta: float,
    analytic: np.ndarray | None = None,
    accounting: np.ndarray | None = None,
) -> go.Figure:
    """Left, the seed's picture: y = 1 − e^(ε − L) against the D-probability of the outputs ranked by
    loss at ε′ = `read_epsilon`; the shaded area is δ(ε′), held in the dashed rectangle of height 1
    and width δ₁(ε′). Right: the whole δ(ε) and δ₁(ε) curves on a log axis, with closed-form and
    dp-accounting values as markers, ε′ and the mechanism's own δ marked."""
    rectangle = {"type": "rect", "xref": "x", "yref": "y", "x0": 0, "x1": delta_one, "y0": 0, "y1": 1,
                 "line": {"color": COLORS["neutral"], "dash": "dash", "width": 2}}
    data = [
        _line(u, np.maximum(y, 0.0), TEXT["fig_area_delta"].format(delta=delta), COLORS["danger"], 0.5,
              fill="tozeroy", fillcolor=_AREA),
        _line(u, y, TEXT["fig_area_curve"], COLORS["d"]),
        _line([0, delta_one], [1, 1], TEXT["fig_area_delta_one"].format(delta_one=delta_one), COLORS["neutral"], 2, "dash"),
    ]
    right = {"xaxis": "x2", "yaxis": "y2"}
    data += [
        _line(epsilons, _positive(numeric), TEXT["fig_curve_numeric"], COLORS["d"], **right),
        _line(epsilons, _positive(delta_one_curve), TEXT["fig_curve_delta_one"], COLORS["neutral"], 2, "dash", **right),
    ]
    every = max(1, len(epsilons) // 20)  # markers on every few points, so the line stays visible
    if analytic is not None:
        marks = _points(epsilons[::every], _positive(analytic)[::every], TEXT["fig_curve_analytic"], COLORS["truth"], 11,
                        "circle-open", **right)
        marks["marker"]["line"] = {"width": 2}
        data.append(marks)
    if accounting is not None:
        data.append(_points(epsilons[::every], _positive(accounting)[::every], TEXT["fig_curve_accounting"],
                            COLORS["d_prime"], 8, "x", **right))
    shapes = [rectangle] if delta_one > 0 else []
    shapes.append({**_vline(read_epsilon, COLORS["danger"], 2), "xref": "x2"})
    labels = [
        _label(TEXT["fig_curve_title"], sum(_RIGHT) / 2, 1.0, xref="paper", font={"size": 15}),
        _label(TEXT["fig_curve_chosen"], read_epsilon, 0.0, xref="x2", xanchor="left"),
    ]
    if mechanism_delta > 0:
        shapes.append({**_hline(mechanism_delta, COLORS["danger"]), "xref": "x2 domain", "yref": "y2"})
        # (An annotation on a log axis is placed by the log10 of its value; a shape by the value.)
        labels.append(_label(TEXT["fig_curve_target"], 0.0, float(np.log10(mechanism_delta)), xref="x2 domain", yref="y2",
                             xanchor="left", yanchor="top"))
    low = min(-0.25, float(np.min(y)) if y.size else 0.0)
    layout = {
        "shapes": shapes,
        "annotations": labels,
        "xaxis": {"domain": _LEFT, "range": [0, float(u[-1]) if u.size else 1.0]},
        "yaxis": {"range": [low, 1.08]},
        "xaxis2": {"domain": _RIGHT, "anchor": "y2", "title": {"text": TEXT["fig_curve_x"]}},
        "yaxis2": {"anchor": "x2", "type": "log", "exponentformat": "power", "title": {"text": TEXT["fig_curve_y"]}},
        **_LEGEND_BELOW,
    }
    return _figure(data, layout, TEXT["fig_area_title"], TEXT["fig_area_x"], TEXT["fig_area_y"], _BIG)


def roc_figure(
    fpr: np.ndarray,
    tpr: np.ndarray,
    region_fpr: np.ndarray,
    region_upper: np.ndarray,
    region_lower: np.ndarray,
    best_fpr: float,
    best_tpr: float,
) -> go.Figure:
    """The likelihood-ratio test's ROC curve inside the (ε, δ)-DP region, with its best point."""
    data = [
        _line(region_fpr, region_lower, TEXT["fig_roc_region"], COLORS["d"], 1, showlegend=False, hoverinfo="skip"),
        _line(region_fpr, region_upper, TEXT["fig_roc_region"], COLORS["d"], 1, fill="tonexty", fillcolor=COLORS["band"]),
        _line([0, 1], [0, 1], TEXT["fig_roc_chance"], "black", 2, "dash"),
        _line(fpr, tpr, TEXT["fig_roc_curve"], COLORS["danger"], 4),
        {**_line([best_fpr, best_fpr], [best_fpr, best_tpr], TEXT["fig_roc_best"], COLORS["truth"]),
         "mode": "lines+markers", "marker": {"size": 10, "color": COLORS["truth"]}},
    ]
    layout = {"xaxis": {"range": [0, 1], "constrain": "domain"},
              "yaxis": {"range": [0, 1], "scaleanchor": "x", "scaleratio": 1}}
    return _figure(data, layout, TEXT["fig_roc_title"], TEXT["fig_roc_x"], TEXT["fig_roc_y"], 600)


def game_figure(
    rounds: np.ndarray,
    running: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
    ceiling: float,
    expected: float,
) -> go.Figure:
    """Running accuracy with its 95% band, the DP ceiling and the best accuracy possible here."""
    ends = [1, float(rounds[-1]) if rounds.size else 1.0]
    data = [
        _line(rounds, low, TEXT["fig_game_ci"], COLORS["d"], 0, showlegend=False, hoverinfo="skip"),
        _line(rounds, high, TEXT["fig_game_ci"], COLORS["d"], 0, fill="tonexty", fillcolor=COLORS["band"]),
        _line(rounds, running, TEXT["fig_game_running"], COLORS["d"]),
        _line(ends, [ceiling, ceiling], TEXT["fig_game_ceiling"], COLORS["danger"], 3, "dash"),
        _line(ends, [expected, expected], TEXT["fig_game_expected"], COLORS["truth"], 2, "dot"),
        _line(ends, [0.5, 0.5], TEXT["fig_game_coin"], COLORS["neutral"], 1.5, "dash"),
    ]
    layout = {"xaxis": {"type": "log"}, "yaxis": {"range": [0, 1.02], "tickformat": ".0%"}, **_LEGEND_BELOW}
    return _figure(data, layout, TEXT["fig_game_title"], TEXT["fig_game_x"], TEXT["fig_game_y"], _BIG)
