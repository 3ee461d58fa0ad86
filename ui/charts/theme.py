"""The shared look of every chart: colours with a fixed meaning, and big fonts for a classroom."""

from __future__ import annotations

import plotly.graph_objects as go

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
