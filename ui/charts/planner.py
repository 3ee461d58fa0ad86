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
from ui.charts.theme import LEGEND_BELOW, Title, vega


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
    return {"field": field, "type": "quantitative", "title": title, "scale": {"type": "log", "nice": False},
            "axis": {"format": "~g"}}


def _series(names: Sequence[str]) -> dict[str, object]:
    colors = [PALETTE[i % len(PALETTE)] for i in range(len(names))]
    return {"field": "series", "type": "nominal", "sort": list(names), "title": " ",
            "scale": {"domain": list(names), "range": colors},
            "legend": {**LEGEND_BELOW, "columns": 1, "labelLimit": 360}}


def accuracy_curves(
    epsilons: np.ndarray, errors: Mapping[str, np.ndarray], chosen: Mapping[str, tuple[float, float]],
    labels: AccuracyLabels,
) -> dict:
    """Relative error (share of each statistic's reference value, log axis) against epsilon (log
    axis), one line per statistic (layer "curves"), and the plan's point on each (layer "chosen")."""
    names = tuple(errors)
    e = np.asarray(epsilons, dtype=float)
    curves = pa.table({
        "epsilon": np.tile(e, len(names)),
        "series": pa.array(np.repeat(names, e.size), pa.string()),
        "error": np.concatenate([np.asarray(v, dtype=float) for v in errors.values()]) if names else [],
    })
    points = pa.table({
        "series": pa.array(list(chosen), pa.string()),
        "epsilon": [float(v[0]) for v in chosen.values()],
        "error": [float(v[1]) for v in chosen.values()],
    })
    x = _log_x("epsilon", labels.x)
    y = {"field": "error", "type": "quantitative", "title": labels.y, "scale": {"type": "log"},
         "axis": {"format": ".2~%"}}
    tooltip = [{"field": "series", "type": "nominal", "title": " "},
               {"field": "epsilon", "type": "quantitative", "title": "ε", "format": ".3~g"},
               {"field": "error", "type": "quantitative", "title": labels.y, "format": ".2~%"}]
    layers = [
        {"name": "curves", "data": {"name": "curves"}, "mark": {"type": "line", "clip": True, "strokeWidth": 3},
         "encoding": {"x": x, "y": y, "color": _series(names), "tooltip": tooltip}},
        {"name": "chosen", "data": {"name": "chosen"},
         "mark": {"type": "point", "filled": True, "size": 220, "clip": True, "stroke": "white", "strokeWidth": 1.5},
         "encoding": {"x": x, "y": y, "color": {**_series(names), "legend": None}, "tooltip": tooltip}},
    ]
    return vega(layers, {"curves": curves, "chosen": points}, labels.title, height=300)


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
