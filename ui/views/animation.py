"""What every animation view returns: the figure (as a dict for tests, as a plotly Figure for the
page), its caption and how many frames it plays. One shape for the attacks' and the histogram's."""

from __future__ import annotations

from dataclasses import dataclass

from ui.charts.animations import frame_count, plotly_figure


@dataclass(frozen=True)
class AnimationView:
    spec: dict  # the plotly figure as a dict (ui.charts.animations), what tests read
    figure: object  # the same as a plotly Figure, what the page draws
    caption: str
    frames: int


def animation_view(spec: dict, caption: str) -> AnimationView:
    """The view of a figure built by ui.charts.animations."""
    return AnimationView(spec, plotly_figure(spec), caption, frame_count(spec))
