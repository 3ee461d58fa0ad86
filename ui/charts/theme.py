"""The shared look of every chart: colours with a fixed meaning, big fonts for a classroom, and
the Vega-Lite builder every page uses.

Each chart's numbers travel in named datasets, apart from its spec, so when a slider moves the
spec stays the same and the browser swaps the data into the chart it has already drawn: about a
fifth of the browser's work of the plotly redraws this app used before (LEARNED.md).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

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
FONT_SIZE = 18  # read from the back of a classroom; fullscreen enlarges the plot, not the text
# Text colours with a contrast of at least 4.5:1 on white (projectors wash out light grey).
INK = "#1a1a1a"
INK_SOFT = "#3d3d3d"
# Points per drawn curve: the browser's redraw cost grows with every point (400 points per curve
# cost ~70 ms of main-thread time per redraw on our 2-core machine, 120 ~15 ms).
CURVE_POINTS = 120
# A curve in a chart that holds a frame for every value of its slider (ui/charts/stepped.py) is sent
# 27 times: every number sent costs the page's first open (6,500 rows of curves ~200 ms, LEARNED.md).
STEPPED_CURVE_POINTS = 60

# Axis labels for people. A percentage axis keeps the decimals its ticks need (steps of 0.5% read
# "0.5%", "1%", not "1%" twice); "~" drops trailing zeros, so whole steps stay "20%".
PERCENT_AXIS = ".2~%"


def _superscript(expr: str) -> str:
    """A Vega expression writing the digits and minus of the string `expr` as superscripts."""
    for plain, raised in zip("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹", strict=True):
        expr = f"replace({expr}, regexp('{plain}', 'g'), '{raised}')"
    return expr


# A log axis of small numbers (delta): 0.001 and up as plain numbers, below as powers of ten
# ("10⁻⁶", "2 × 10⁻⁶"), never Vega's "1e-6". The ".0e" format only picks which ticks get a label.
_MANTISSA, _EXPONENT = "split(datum.label, 'e')[0]", "split(datum.label, 'e')[1]"
SMALL_LOG_AXIS: dict[str, object] = {
    "format": ".0e",
    "labelExpr": f"datum.label === '' ? '' : datum.value >= 0.001 ? format(datum.value, ',~g') : "
                 f"({_MANTISSA} === '1' ? '' : {_MANTISSA} + ' × ') + '10' + {_superscript(_EXPONENT)}",
}


Title = str | tuple[str, ...]  # a tuple is drawn on several lines (short lines fit a phone)
# A legend below the plot, in columns narrow enough for a phone (390 px wide).
LEGEND_BELOW: dict[str, object] = {"orient": "bottom", "columns": 2, "labelLimit": 150}
# A legend of long names in one column on a phone: a name past ~28 characters goes on two lines (at
# its last space before them) within `labelLimit` pixels, instead of running off the chart's edge.
_CUT = "lastindexof(slice(datum.label, 0, 28), ' ')"
LEGEND_WRAPPED: dict[str, object] = {
    "orient": "bottom", "columns": 1, "labelLimit": 270,
    "labelExpr": f"length(datum.label) <= 28 || {_CUT} < 1 ? datum.label : "
                 f"[slice(datum.label, 0, {_CUT}), slice(datum.label, {_CUT} + 1)]",
}


def vega(
    layers: list[dict], datasets: dict[str, pa.Table], title: Title, height: int = 300, **extra: object
) -> dict:
    """A layered Vega-Lite spec in the house look: title on the left, legend on top, large fonts.

    Every number belongs in `datasets` (each layer names its dataset), never in the layers, so
    that a new draw of the noise leaves the spec unchanged. `extra` adds top-level keys such as
    "resolve".
    """
    return {
        # the width fits the page; `height` is the plot's own (Streamlit's default "fit" would
        # squeeze title, legend and axes into it and leave the plot a sliver)
        "autosize": {"type": "fit-x", "contains": "padding"},
        **extra,
        "title": {"text": list(title) if isinstance(title, tuple) else title, "anchor": "start"},
        "height": height,
        "datasets": datasets,
        "layer": layers,
        "config": {
            "font": "sans-serif",
            "title": {"fontSize": FONT_SIZE + 2, "fontWeight": "normal", "color": INK},
            "axis": {"labelFontSize": FONT_SIZE - 2, "titleFontSize": FONT_SIZE, "labelLimit": 220,
                     "labelColor": INK_SOFT, "titleColor": INK, "titleFontWeight": "normal",
                     "domainColor": INK_SOFT, "tickColor": INK_SOFT},
            # Series are often named by a phrase ("Central (histogram page), the ε chosen above");
            # one entry per row, so a long legend fits a phone instead of running off the chart.
            "legend": {"orient": "top", "title": None, "labelFontSize": FONT_SIZE - 1, "symbolSize": 180,
                       "labelLimit": 320, "labelColor": INK, "columns": 1},
            "text": {"fontSize": FONT_SIZE - 1, "color": INK},
        },
    }


def series_color(names: tuple[str, ...], colors: tuple[str, ...]) -> dict[str, object]:
    """A colour encoding that gives each named series its fixed house colour (untitled: the names
    say it all, and no internal field name reaches a tooltip or a screen reader's label)."""
    return {"field": "series", "type": "nominal", "sort": list(names), "title": " ",
            "scale": {"domain": list(names), "range": list(colors)}}


def series_rows(name: str, rows: int) -> list[str]:
    """The "series" column of a dataset whose rows all belong to one legend entry."""
    return [name] * rows


def category_x(field: str, labels: Sequence[str], title: str) -> dict[str, object]:
    """Categories on the x axis in their own order, every label kept: level (centred) and wrapped
    when few and short, turned when many or long; never dropped for overlapping (Vega's default)."""
    # level only while they fit side by side on a phone's ~330 px plot
    level = len(labels) <= 6 and sum(len(str(label)) for label in labels) <= 28
    axis: dict[str, object] = {"labelOverlap": False, "labelLimit": 220}
    axis |= {"labelAngle": 0, "labelAlign": "center"} if level else {"labelAngle": -40, "labelAlign": "right"}
    return {"field": field, "type": "nominal", "sort": list(labels), "title": title, "axis": axis}


def wrap(text: str, width: int) -> list[str]:
    """Lines of at most `width` columns, a wide (Chinese) character counting two: broken at a space,
    or between two wide characters, since Chinese has no spaces to break at."""
    lines: list[str] = []
    line, size, cut = "", 0, 0  # cut: where the line may be broken (0: nowhere yet)
    for char in text.strip():
        wide = unicodedata.east_asian_width(char) in "WF"
        if char == " ":
            cut = len(line)
        elif wide and line and not line.endswith(" ") and char not in "，。、；：）》”":  # no line opens on those
            cut = len(line)
        line += char
        size += 2 if wide else 1
        if size > width and cut:
            lines.append(line[:cut].rstrip())
            line = line[cut:].lstrip()
            size = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
            cut = 0
    return [*lines, line] if line else lines


AXIS_TITLE_CHARS = 26  # an axis title wider than this goes on lines: a phone's plot is ~250 px wide


def axis_title(text: str) -> str | list[str]:
    """An axis title on lines that fit a phone's plot (a long one ran off both edges of the chart)."""
    lines = wrap(text, AXIS_TITLE_CHARS)
    return lines[0] if len(lines) == 1 else lines
