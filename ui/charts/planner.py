"""Charts of the release planner: plain numbers in, Vega-Lite specs out.

Statistic names come from the user's plan (column names of an upload): Vega draws them as SVG
text, never parsed as markup. Every layer has a "name" (Vega draws its marks under
`g.<name>_marks`), and every number sits in a named dataset so a budget change only swaps data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from ui.charts.exponential import PALETTE
from ui.charts.theme import LEGEND_WRAPPED, Title, axis_title, vega


@dataclass(frozen=True)
class AccuracyLabels:
    """Texts of the accuracy-versus-epsilon chart."""

    title: Title
    x: str
    y: str


@dataclass(frozen=True)
class CostLabels:
    """Texts of the total-cost-against-repeats chart."""

    title: Title
    x: str
    y: str


def _log_x(field: str, title: str) -> dict[str, object]:
    return {"field": field, "type": "quantitative", "title": axis_title(title), "scale": {"type": "log", "nice": False},
            "axis": {"format": "~g"}}


def _series(names: Sequence[str]) -> dict[str, object]:
    colors = [PALETTE[i % len(PALETTE)] for i in range(len(names))]
    return {"field": "series", "type": "nominal", "sort": list(names), "title": " ",
            "scale": {"domain": list(names), "range": colors},
            "legend": LEGEND_WRAPPED}


@dataclass(frozen=True)
class TypedTarget:
    """A statistic whose target accuracy the chart reads as the user types it: its place among the
    page's inputs (`slot`) and the value a target is a share of (the statistic's reference)."""

    slot: int
    reference: float


def accuracy_curves(
    epsilons: np.ndarray, errors: Mapping[str, np.ndarray], chosen: Mapping[str, tuple[float, float]],
    labels: AccuracyLabels, typed: Sequence[TypedTarget] = (),
) -> dict:
    """Relative error (share of each statistic's reference value, log axis) against epsilon (log
    axis), one line per statistic (layer "curves"), and the plan's point on each (layer "chosen").

    With `typed` (one per curve, in order), the points are not data: the chart reads each target as
    it is typed (parameter `target_<slot>`, bound to a hidden input the page's own input writes to)
    and puts the point where the curve crosses it, interpolated on log axes, so typing a target
    never redraws the chart; the epsilon the server computes exactly is in the table beside it."""
    names = tuple(errors)
    e = np.asarray(epsilons, dtype=float)
    curves = pa.table({
        "epsilon": np.tile(e, len(names)),
        "series": pa.array(np.repeat(names, e.size), pa.string()),
        "error": np.concatenate([np.asarray(v, dtype=float) for v in errors.values()]) if names else [],
        **({"slot": np.repeat([t.slot for t in typed], e.size),
            "reference": np.repeat([t.reference for t in typed], e.size)} if typed else {}),
    })
    points = pa.table({
        "series": pa.array(list(chosen), pa.string()),
        "epsilon": [float(v[0]) for v in chosen.values()],
        "error": [float(v[1]) for v in chosen.values()],
    })
    x = _log_x("epsilon", labels.x)
    y = {"field": "error", "type": "quantitative", "title": labels.y, "scale": {"type": "log"},
         "axis": {"format": ".2~%"}}
    if typed:  # the curves' extent: an empty layer of points would make the log scales' domain infinite
        errors_seen = curves["error"].to_numpy()
        errors_seen = errors_seen[np.isfinite(errors_seen) & (errors_seen > 0)]
        if errors_seen.size:
            y["scale"] = {"type": "log", "domain": [float(errors_seen.min()), float(errors_seen.max())]}
        x["scale"] = {**x["scale"], "domain": [float(e.min()), float(e.max())]}  # type: ignore[dict-item]
    tooltip = [{"field": "series", "type": "nominal", "title": " "},
               {"field": "epsilon", "type": "quantitative", "title": "ε", "format": ".3~g"},
               {"field": "error", "type": "quantitative", "title": labels.y, "format": ".2~%"}]
    layers = [
        {"name": "curves", "data": {"name": "curves"}, "mark": {"type": "line", "clip": True, "strokeWidth": 3},
         "encoding": {"x": x, "y": y, "color": _series(names), "tooltip": tooltip}},
        {"name": "chosen", "data": {"name": "curves"} if typed else {"name": "chosen"},
         **({"transform": _crossings([t.slot for t in typed])} if typed else {}),
         "mark": {"type": "point", "filled": True, "size": 220, "clip": True, "stroke": "white", "strokeWidth": 1.5},
         "encoding": {"x": x, "y": y, "color": {**_series(names), "legend": None}, "tooltip": tooltip}},
    ]
    if not typed:
        return vega(layers, {"curves": curves, "chosen": points}, labels.title, height=300)
    # each target arrives in a text input Vega makes for it (hidden by the page), named target_<slot>:
    # the page's own inputs copy what is typed into it (ui/components/spend), whichever mounts first
    params = [{"name": f"target_{t.slot}", "value": None, "bind": {"input": "text"}} for t in typed]
    return vega(layers, {"curves": curves}, labels.title, height=300, params=params)


def _crossings(slots: Sequence[int]) -> list[dict]:
    """Transforms that keep, of each curve, the point where it crosses its typed target (parameter
    `target_<slot>`, the input's text): the two grid points around the target, interpolated
    linearly in log epsilon against log error (exact for Laplace, whose error is proportional to
    1/epsilon). No point while the input is empty or the target is off the curve."""
    typed = "[" + ", ".join(f"target_{i}" if i in slots else "null" for i in range(max(slots) + 1)) + "][datum.slot]"
    between = ("log(datum.epsilon) + (log(datum.wanted) - log(datum.error)) * (log(datum.next_epsilon) - "
               "log(datum.epsilon)) / (log(datum.next_error) - log(datum.error))")
    return [
        {"calculate": f"toNumber({typed}) / datum.reference", "as": "wanted"},
        {"filter": "isValid(datum.wanted) && isFinite(datum.wanted) && datum.wanted > 0"},
        {"window": [{"op": "lead", "field": "epsilon", "as": "next_epsilon"},
                    {"op": "lead", "field": "error", "as": "next_error"}],
         "groupby": ["series"], "sort": [{"field": "epsilon"}]},
        {"filter": "isValid(datum.next_epsilon) && datum.error >= datum.wanted && datum.next_error < datum.wanted"},
        {"calculate": f"exp({between})", "as": "epsilon"},
        {"calculate": "datum.wanted", "as": "error"},
    ]


def cost_by_repeats(repeats: np.ndarray, totals: Mapping[str, np.ndarray], labels: CostLabels) -> dict:
    """Total epsilon against how many times the plan is answered (both log axes), one line per
    accountant (layer "totals"); where an accountant gives no finite total its line stops."""
    names = tuple(totals)
    r = np.asarray(repeats, dtype=float)
    epsilon = np.concatenate([np.asarray(v, dtype=float) for v in totals.values()]) if names else np.array([])
    finite = np.isfinite(epsilon)
    data = pa.table({
        "repeats": np.tile(r, len(names))[finite],
        "series": pa.array(np.repeat(names, r.size)[finite].tolist(), pa.string()),
        "epsilon": epsilon[finite],
    })
    tooltip = [{"field": "series", "type": "nominal", "title": " "},
               {"field": "repeats", "type": "quantitative", "title": labels.x, "format": ",d"},
               {"field": "epsilon", "type": "quantitative", "title": labels.y, "format": ".3~g"}]
    layers = [
        {"name": "totals", "data": {"name": "totals"}, "mark": {"type": "line", "strokeWidth": 3, "clip": True},
         "encoding": {"x": _log_x("repeats", labels.x),
                      "y": {"field": "epsilon", "type": "quantitative", "title": labels.y,
                            "scale": {"type": "log"}, "axis": {"format": "~g"}},
                      "color": _series(names), "tooltip": tooltip}},
    ]
    return vega(layers, {"totals": data}, labels.title, height=320)
