"""Chart of the planner's sensitivity tab: how widening a clamped sum's bounds trades bias for noise.

Plain numbers in, a Vega-Lite spec out. Every number sits in a named dataset, so a new epsilon or
bound only swaps data in the browser; every layer has a "name" (marks under `g.<name>_marks`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from ui.charts.theme import COLORS, LEGEND_BELOW, Title, series_color, series_rows, vega


@dataclass(frozen=True)
class TradeoffLabels:
    """Texts of the bias-and-noise chart: title, axes, the three series and the chosen bound."""

    title: Title
    x: str
    y: str
    bias: str
    noise: str
    total: str
    chosen: str


def bias_noise_tradeoff(
    uppers: np.ndarray, bias: np.ndarray, noise: np.ndarray, chosen_upper: float, labels: TradeoffLabels
) -> dict:
    """Size of the clamping bias, the noise's half-width and their sum (layer "curves") against the
    public upper bound, and a dotted rule at the chosen upper bound (layer "chosen")."""
    u = np.asarray(uppers, dtype=float)
    b = np.abs(np.asarray(bias, dtype=float))
    n = np.asarray(noise, dtype=float)
    names = (labels.bias, labels.noise, labels.total)
    curves = pa.table({
        "upper": np.tile(u, 3),
        "error": np.concatenate([b, n, b + n]),
        "series": pa.array([s for name in names for s in series_rows(name, u.size)], pa.string()),
    })
    chosen = pa.table({"upper": [float(chosen_upper)], "series": [labels.chosen]})
    x = {"field": "upper", "type": "quantitative", "title": labels.x, "axis": {"format": ",.4~r"}}
    y = {"field": "error", "type": "quantitative", "title": labels.y, "axis": {"format": ",.4~r"}}
    color = {**series_color(names, (COLORS["danger"], COLORS["d"], COLORS["neutral"])), "legend": LEGEND_BELOW}
    tooltip = [{"field": "series", "type": "nominal", "title": " "},
               {"field": "upper", "type": "quantitative", "title": labels.x, "format": ",.4~r"},
               {"field": "error", "type": "quantitative", "title": labels.y, "format": ",.4~r"}]
    layers = [
        {"name": "curves", "data": {"name": "curves"}, "mark": {"type": "line", "strokeWidth": 3, "clip": True},
         "encoding": {"x": x, "y": y, "color": color, "tooltip": tooltip}},
        {"name": "chosen", "data": {"name": "chosen"},
         "mark": {"type": "rule", "strokeDash": [4, 4], "strokeWidth": 2, "color": COLORS["truth"]},
         "encoding": {"x": x, "tooltip": [{"field": "upper", "type": "quantitative", "title": labels.chosen,
                                           "format": ",.4~r"}]}},
    ]
    return vega(layers, {"curves": curves, "chosen": chosen}, labels.title, height=300)
