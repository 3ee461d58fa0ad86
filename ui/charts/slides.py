"""Charts at slide size, as PNG and SVG files: the page's own Vega-Lite spec rendered on the server.

Streamlit's chart menu saves a PNG at twice the size on screen (no SVG since 1.67); a teacher's
slide wants 1920x1080 whatever the screen, and a vector copy. vl-convert renders the same spec
(its named datasets written out as values) without a browser; it is imported on the first render,
which happens only when a teacher asks for a file (a deferred download).
"""

from __future__ import annotations

import copy
from typing import Any

SLIDE_WIDTH, SLIDE_HEIGHT = 1920, 1080
# On a projector (presentation mode) a chart's type is read from 10 m: at 1920x1080 the theme's sizes
# times PROJECTOR_SCALE (tick labels 16 -> 22 px, the title 20 -> 28 px), in proportion to the window
# below that and never under the theme's own (1280x720 and a phone keep them: larger type would crowd
# a small plot), at most MAX_SCALE on a larger screen. The window is the browser's: Vega's windowSize()
# (a renderer with no window, vl-convert's, keeps the theme's sizes).
PROJECTOR_SCALE, MAX_SCALE = 1.375, 1.5
SCALE_EXPR = (f"clamp(min(windowSize()[0] / {SLIDE_WIDTH}, windowSize()[1] / {SLIDE_HEIGHT}) * {PROJECTOR_SCALE} "
              f"|| 1, 1, {MAX_SCALE})")
# Sizes in px, times the scale; an axis title (18 px) grows less than the rest, to the tick labels'
# 22 px: a long vertical title grows past its plot's height and pushes the plot down.
_SIZES = {"fontSize": 1, "labelFontSize": 1, "titleFontSize": 0.89, "labelLimit": 1, "titleLimit": 1}
_AREAS = ("symbolSize",)  # in px²: times the scale squared
_LEFT_ALONE = ("datasets", "params", "data", "transform")  # numbers, never sizes
# A plot's height follows the window's below 1080 px, as the page's type does (ui/presentation.py:
# the root font is 20 px at 1280x720 against 30 px at 1920x1080), so a step that fits a projector fits
# a 1280x720 one too; never under MIN_HEIGHT_SHARE of its own (a phone scrolls), its own with no window.
MIN_HEIGHT_SHARE = 0.6
HEIGHT_EXPR = ("round({height} * clamp(windowSize()[1] > 0 ? windowSize()[1] / "
               f"{SLIDE_HEIGHT} : 1, {MIN_HEIGHT_SHARE}, 1))")


def for_slides(spec: dict[str, Any], width: int = SLIDE_WIDTH, height: int = SLIDE_HEIGHT) -> dict[str, Any]:
    """The spec filling a slide: fixed width and height (title, legend and axes included), its
    Arrow datasets written out as plain values (what a renderer without Streamlit reads)."""
    slide = {**spec, "width": width, "height": height, "autosize": {"type": "fit", "contains": "padding"},
             "background": "white"}
    if "params" in spec:  # a projector's height follows its window, a slide's is the slide's
        slide["params"] = [param for param in spec["params"] if param.get("name") != "height"]
    slide["datasets"] = {name: table.to_pylist() for name, table in spec.get("datasets", {}).items()}
    return slide


def for_projector(spec: dict[str, Any]) -> dict[str, Any]:
    """The spec with every font size, label width and legend symbol it sets (the theme's `config`
    and any layer's own) scaled with the window (`SCALE_EXPR`): the same chart, its type read from
    the back of a room, and its plot's height with the window's below 1080 px (`HEIGHT_EXPR`: Vega's
    signal `height`, set by a parameter of that name). The page's spec is left as it was; the datasets
    are shared, not copied."""
    scaled = {key: value if key in _LEFT_ALONE else _scaled(copy.deepcopy(value)) for key, value in spec.items()}
    height = spec.get("height")
    if isinstance(height, int | float) and not isinstance(height, bool):
        scaled["params"] = [*spec.get("params", []), {"name": "height", "expr": HEIGHT_EXPR.format(height=height)}]
    return scaled


# A legend's entries in more columns when the window is wide: each column as wide as its labels
# may be, in half the window (a chart's side of the screen), never fewer columns than the chart's
# own (a phone keeps them), at most twice as many.
_LEGEND_COLUMNS = "max({columns}, min({most}, floor(windowSize()[0] * 0.5 / ({limit} * {scale} + 50))))"


def _scaled(value: Any) -> Any:
    if isinstance(value, dict):
        columns, limit = value.get("columns"), value.get("labelLimit")
        if isinstance(columns, int) and isinstance(limit, int | float):  # a legend
            value["columns"] = {"expr": _LEGEND_COLUMNS.format(columns=columns, most=2 * columns, limit=limit,
                                                               scale=f"({SCALE_EXPR})")}
        for key, item in value.items():
            if key in _LEFT_ALONE:
                continue
            if isinstance(item, int | float) and not isinstance(item, bool) and (key in _SIZES or key in _AREAS):
                factor = f" * {SCALE_EXPR}" if key in _AREAS else f" * {_SIZES[key]}" if _SIZES[key] != 1 else ""
                value[key] = {"expr": f"round(max({item}, {item} * {SCALE_EXPR}{factor}))"}
            else:
                _scaled(item)
    elif isinstance(value, list):
        for item in value:
            _scaled(item)
    return value


def one_line(title: str | list[str]) -> str:
    """A chart's title on one line: a space between English words, none after Chinese (a menu that
    named a chart by its title's first line read "Group sizes:" or "收集者看到什么，")."""
    if isinstance(title, str):
        return title
    text = title[0].strip()
    for line in title[1:]:
        text += ("" if text and ord(text[-1]) >= 0x2E80 else " ") + line.strip()
    return text


def svg(spec: dict[str, Any]) -> str:
    """The chart at slide size as SVG text."""
    import vl_convert

    return vl_convert.vegalite_to_svg(for_slides(spec))


def png(spec: dict[str, Any]) -> bytes:
    """The chart at slide size as a PNG image."""
    import vl_convert

    return vl_convert.vegalite_to_png(for_slides(spec), scale=1)
