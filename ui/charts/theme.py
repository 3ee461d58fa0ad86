"""The shared look of every chart: colours with a fixed meaning, and big fonts for a classroom.

Two builders: `figure` (plotly) and `vega` (Vega-Lite). Charts redrawn on every epsilon change
use `vega`: their numbers travel in named datasets, so the spec stays the same and the browser
swaps the data into the drawn chart, about a fifth of the work of a plotly redraw.
"""

from __future__ import annotations

import plotly.graph_objects as go
import pyarrow as pa

COLORS: dict[str, str] = {
    "d": "#1f77b4",  # the real dataset D
    "d_prime": "#ff7f0e",  # the neighbour D'
    "truth": "#2ca02c",  # true values
    "danger": "#d62728",  # what an attacker learns
    "neutral": "#7f7f7f",
    "band": "rgba(31, 119, 180, 0.18)",
    "highlight": "rgba(214, 39, 40, 0.12)",
}
FONT_SIZE = 16
PLOTLY_CONFIG: dict[str, object] = {"displaylogo": False, "responsive": True}


def house_layout(title: str, x_title: str, y_title: str, height: int = 420, **extra: object) -> dict:
    """The house layout as a plain dict: title, axis titles, large fonts, legend on top.

    No plotly template is set: Streamlit applies its own theme, and copying a template costs
    ~30 ms per figure on every rerun. Shapes, annotations and axis settings go in `extra`.
    """
    layout: dict[str, object] = {
        "title": {"text": title, "x": 0.0, "xanchor": "left"},
        "xaxis": {"title": {"text": x_title}},
        "yaxis": {"title": {"text": y_title}},
        "height": height,
        "font": {"size": FONT_SIZE},
        "margin": {"l": 60, "r": 20, "t": 70, "b": 60},
        "legend": {"orientation": "h", "yanchor": "bottom", "y": 1.0, "xanchor": "right", "x": 1.0},
    }
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(layout.get(key), dict):
            layout[key] = {**layout[key], **value}  # type: ignore[dict-item]
        else:
            layout[key] = value
    return layout


def figure(traces: list[object], title: str, x_title: str, y_title: str, height: int = 420, **extra: object) -> go.Figure:
    """Build a figure in one pass (plotly validates once): ~5 ms, against ~50 ms for the same
    figure assembled with update_layout / add_vrect / add_vline calls."""
    return go.Figure(data=traces, layout=house_layout(title, x_title, y_title, height, **extra))


# Points per drawn curve in a Vega-Lite chart: the browser's redraw cost grows with every point
# (400 points per curve cost ~70 ms of main-thread time per redraw on our 2-core machine, 120 ~15 ms).
CURVE_POINTS = 120


def vega(
    layers: list[dict], datasets: dict[str, pa.Table], title: str, height: int = 380, **extra: object
) -> dict:
    """A layered Vega-Lite spec in the house look: title on the left, legend on top, large fonts.

    Every number belongs in `datasets` (each layer names its dataset), never in the layers, so
    that a new draw of the noise leaves the spec unchanged. `extra` adds top-level keys such as
    "resolve".
    """
    return {
        **extra,
        "title": {"text": title, "anchor": "start"},
        "height": height,
        "datasets": datasets,
        "layer": layers,
        "config": {
            "font": "sans-serif",
            "title": {"fontSize": FONT_SIZE + 2, "fontWeight": "normal"},
            "axis": {"labelFontSize": FONT_SIZE - 2, "titleFontSize": FONT_SIZE, "labelLimit": 160},
            "legend": {"orient": "top", "title": None, "labelFontSize": FONT_SIZE, "symbolSize": 160},
            "text": {"fontSize": FONT_SIZE - 1},
        },
    }


def series_color(names: tuple[str, ...], colors: tuple[str, ...]) -> dict[str, object]:
    """A colour encoding that gives each named series its fixed house colour."""
    return {"field": "series", "type": "nominal", "sort": list(names),
            "scale": {"domain": list(names), "range": list(colors)}}
