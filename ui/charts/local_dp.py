"""Charts of the Local DP page: plain numbers in, Vega-Lite specs out.

Every number sits in a named dataset, so a new epsilon, column or seed swaps data in a chart the
browser has already laid out. Each oracle keeps one colour on every chart of the page. Category
labels come from the user's data: Vega draws them as SVG text, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pyarrow as pa

from ui.charts.curves import MAX_CATEGORIES as MAX_BARS
from ui.charts.curves import AxisLabels
from ui.charts.theme import COLORS, LEGEND_BELOW, category_x, series_color, vega

# One colour per oracle, on every chart (none of the house colours with a meaning of their own).
ORACLE_COLORS: dict[str, str] = {
    "grr": "#1f77b4", "sue": "#17becf", "oue": "#ff7f0e", "blh": "#8c564b",
    "olh": "#9467bd", "hr": "#e377c2", "kss": "#6b6b00",
}


def estimates_by_category(
    categories: Sequence[str], truth: np.ndarray, estimates: Mapping[str, np.ndarray], colors: Sequence[str],
    truth_name: str, labels: AxisLabels,
) -> dict:
    """The true share of each category as a bar (layer "truth") and each oracle's estimate as a dot
    beside it (layer "estimates"), a zero line (layer "zero"). At most MAX_BARS categories."""
    shown = min(len(categories), MAX_BARS)
    bins = [str(c) for c in categories[:shown]]
    names = tuple(estimates)
    truth_table = pa.table({"bin": pa.array(bins, pa.string()), "value": np.asarray(truth, float)[:shown],
                            "series": pa.array([truth_name] * shown, pa.string())})
    dots = pa.table({
        "bin": pa.array(bins * len(names), pa.string()),
        "series": pa.array(np.repeat(names, shown), pa.string()),
        "value": np.concatenate([np.asarray(v, float)[:shown] for v in estimates.values()]) if names else np.zeros(0),
    })
    x = category_x("bin", bins, labels.x)
    y = {"field": "value", "type": "quantitative", "title": labels.y}
    color = {**series_color((truth_name, *names), (COLORS["truth"], *colors)), "title": labels.series,
             "legend": {**LEGEND_BELOW, "columns": 2, "labelLimit": 130}}  # two columns fit a phone
    tooltip = [{"field": "bin", "title": labels.x}, {"field": "series", "title": labels.series},
               {"field": "value", "title": labels.y, "format": ".3f"}]
    layers = [
        {"name": "truth", "data": {"name": "truth"}, "mark": {"type": "bar", "opacity": 0.45},
         "encoding": {"x": x, "y": y, "color": color, "tooltip": tooltip}},
        {"name": "estimates", "data": {"name": "dots"}, "mark": {"type": "point", "filled": True, "size": 110, "opacity": 1},
         "encoding": {"x": x, "xOffset": {"field": "series", "sort": list(names), "scale": {"domain": list(names)}},
                      "y": y, "color": color, "tooltip": tooltip}},
        {"name": "zero", "mark": {"type": "rule", "color": COLORS["neutral"]},
         "encoding": {"y": {"datum": 0, "type": "quantitative"}}},
    ]
    return vega(layers, {"truth": truth_table, "dots": dots}, labels.title, height=300)
