"""Charts of the Histogram & neighbour page: plain numbers in, Vega-Lite specs out.

Only bin counts reach the browser (a few KB), never the raw rows. The numbers sit in named
datasets and the spec depends only on the settings (labels, titles, mechanism family), so an
epsilon change or a new seed sends new data into charts the browser has already laid out.
Labels are drawn as SVG text, never parsed as HTML, so uploaded category names are safe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa

from dpcore.mechanisms import AdditiveNoise
from ui.charts.theme import COLORS, STEPPED_CURVE_POINTS, category_x, series_color, vega

_PAIR_COLORS = (COLORS["d"], COLORS["d_prime"])


@dataclass(frozen=True)
class BarsLabels:
    """Words of a paired-bars chart: its title, axis titles and the two series' names."""

    title: str
    x: str
    y: str
    names: tuple[str, str] = ("D", "D′")


@dataclass(frozen=True)
class DistributionLabels:
    """Words of the output-distribution chart; `observed` has an {observed} field."""

    title: str
    x: str
    y: str
    names: tuple[str, str]
    observed: str


@dataclass(frozen=True)
class ZooLabels:
    """Words of the zoo chart."""

    title: str
    value: str


def steady_top(top: float) -> float:
    """A y-axis top that moves in few, round steps (1, 2, 5 x 10^k): the axis keeps still while a
    slider nudges the numbers, and changes (a new spec) only when they outgrow it."""
    if top <= 0:
        return 1.0
    power = 10.0 ** np.floor(np.log10(top))
    return float(next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= top))


def steady_range(low: float, high: float) -> tuple[float, float]:
    """A y range around [low, high] on round steps (a quarter of the span, rounded up to 1, 2, 2.5
    or 5 x 10^k): it stays put while a slider nudges the numbers, and changes (a new spec) only
    when they outgrow it."""
    step = steady_top(max(high - low, 1e-9) / 4)
    return float(np.floor(low / step) * step), float(np.ceil(high / step) * step)


def paired_histograms(
    labels: Sequence[str],
    values_d: np.ndarray,
    values_d_prime: np.ndarray,
    changed: Sequence[int],
    text: BarsLabels,
    half_width: float | None = None,
    y_domain: tuple[float, float] | None = None,
    height: int = 260,
) -> dict:
    """Grouped bars of D and D' (true or noisy), the bins that differ shaded, and an optional
    ± half_width interval on every bar.

    With a fixed y range (`y_domain`, a steady axis) each value is a dot instead of a bar: the
    axis need not start at zero then, so a difference of one person and the noise both show even
    on bars of hundreds."""
    labels = [str(label) for label in labels]
    names = text.names
    values = np.concatenate([values_d, values_d_prime]).astype(float)
    bars = {"bin": labels * 2, "series": [names[0]] * len(labels) + [names[1]] * len(labels), "value": values}
    x = category_x("bin", labels, text.x)
    offset = {"field": "series", "sort": list(names), "title": " "}
    # the axis format also writes the marks' labels that screen readers (and tests) read
    y: dict[str, object] = {"field": "value", "type": "quantitative", "title": text.y, "axis": {"format": ",.4~r"}}
    if y_domain is not None:
        y["scale"] = {"domain": list(y_domain), "nice": False}
    tooltip = [{"field": "bin", "title": text.x}, {"field": "value", "title": text.y, "format": ",.4~r"},
               {"field": "series", "title": " "}]
    layers: list[dict] = [
        {"name": "changed", "data": {"name": "changed"}, "mark": {"type": "rect", "color": COLORS["highlight"]},
         "encoding": {"x": x}},
        {
            "name": "bars",
            "data": {"name": "bars"},
            "mark": {"type": "bar"} if y_domain is None else {"type": "point", "filled": True, "size": 140,
                                                                "opacity": 1, "clip": True},
            "encoding": {
                "x": x, "xOffset": offset, "y": y,
                "color": {**series_color(names, _PAIR_COLORS), "legend": {"direction": "horizontal", "columns": 2}},
                "tooltip": tooltip,
            },
        },
    ]
    if half_width is not None:
        bars["low"], bars["high"] = values - half_width, values + half_width
        layers.append({
            "name": "intervals",
            "data": {"name": "bars"},
            "mark": {"type": "errorbar", "ticks": {"size": 10}, "thickness": 1.5, "color": "#333333", "clip": True},
            # the bar's own tooltip: an error bar's default one lists its ends unrounded ("high 423.313596583")
            "encoding": {"x": x, "xOffset": offset, "y2": {"field": "high"}, "y": {**y, "field": "low"},
                         "tooltip": tooltip},
        })
    shaded = pa.table({"bin": pa.array([labels[i] for i in changed], pa.string())})
    return vega(layers, {"bars": pa.table(bars), "changed": shaded}, text.title, height=height)


def output_distributions(
    mechanism: AdditiveNoise,
    value_d: float,
    value_d_prime: float,
    observed: float,
    text: DistributionLabels,
    height: int = 240,
) -> dict:
    """The output's density (or pmf) under D and under D', with the observed output marked."""
    reach = mechanism.accuracy(0.001) + abs(value_d - value_d_prime)
    lo, hi = min(value_d, value_d_prime) - reach, max(value_d, value_d_prime) + reach
    # Few points keep the browser's redraw cheap (its cost grows with every point); the two
    # centres are on the grid so a Laplace peak is drawn sharp.
    grid = np.union1d(np.linspace(lo, hi, STEPPED_CURVE_POINTS), [value_d, value_d_prime])
    bars = mechanism.discrete and hi - lo <= STEPPED_CURVE_POINTS
    if mechanism.discrete:  # a pmf lives on the integers
        grid = np.arange(np.floor(lo), np.ceil(hi) + 1) if bars else np.unique(np.round(grid))
    output = np.concatenate([grid, grid])
    curves = {
        "output": output,
        "series": np.repeat(list(text.names), len(grid)),
        "likelihood": np.concatenate([mechanism.output_pdf(grid, value_d), mechanism.output_pdf(grid, value_d_prime)]),
        "as_bar": np.full(len(output), bars),
    }
    x = {"field": "output", "type": "quantitative", "title": text.x, "scale": {"zero": False, "nice": False}}
    y = {"field": "likelihood", "type": "quantitative", "title": text.y}
    # the legend's symbols match the marks: squares for bars, strokes for lines
    color = {**series_color(text.names, _PAIR_COLORS), "legend": {"symbolType": "square" if bars else "stroke"}}
    # Both ways of drawing a law are layers, each keeping its own rows: a pmf over few integers is
    # one bar per output (the two laws overlaid), anything else a line. The spec is the same for
    # both, so a chart that steps through epsilon (ui/charts/stepped.py) can switch between them.
    laws = [
        # a bar's edges computed in the chart: every number sent costs the page's first open
        {"name": "law_bars", "data": {"name": "curves"}, "transform": [
            {"filter": "datum.as_bar"}, {"calculate": "datum.output - 0.5", "as": "left"},
            {"calculate": "datum.output + 0.5", "as": "right"}],
         "mark": {"type": "bar", "opacity": 0.55},
         # anchored at 0: a bar ranged in x alone is drawn as a thin stroke at its height
         "encoding": {"x": {**x, "field": "left"}, "x2": {"field": "right"}, "y": y, "y2": {"datum": 0},
                      "color": color}},
        {"name": "law_lines", "data": {"name": "curves"}, "transform": [{"filter": "!datum.as_bar"}],
         "mark": {"type": "line", "strokeWidth": 3, "clip": True}, "encoding": {"x": x, "y": y, "color": color}},
    ]
    marker = {"output": [observed], "text": [text.observed.format(observed=observed)]}
    at_observed = {"field": "output", "type": "quantitative"}
    layers = [
        *laws,
        {"name": "observed", "data": {"name": "observed"}, "mark": {"type": "rule", "color": COLORS["danger"], "strokeWidth": 2, "strokeDash": [6, 4]},
         "encoding": {"x": at_observed}},
        {"name": "observed_text", "data": {"name": "observed"}, "mark": {"type": "text", "align": "left", "baseline": "top", "dx": 6, "dy": 4,
                                                 "color": COLORS["danger"]},
         "encoding": {"x": at_observed, "y": {"value": 0}, "text": {"field": "text"}}},
    ]
    return vega(layers, {"curves": pa.table(curves), "observed": pa.table(marker)}, text.title, height=height)


def zoo_answers(
    rows: Sequence[tuple[str, float, float]], truth_d: float, truth_d_prime: float, text: ZooLabels
) -> dict:
    """Noisy answers on D and D' for each (label, answer on D, answer on D') as horizontal bars
    (long labels fit on the left), the true answers as dotted lines."""
    names = ("D", "D′")
    labels = [r[0] for r in rows]
    answers = pa.table({
        "bin": labels * 2,
        "series": [names[0]] * len(rows) + [names[1]] * len(rows),
        "value": [float(r[1]) for r in rows] + [float(r[2]) for r in rows],
    })
    truths = pa.table({"series": list(names), "value": [float(truth_d), float(truth_d_prime)]})
    color = {**series_color(names, _PAIR_COLORS), "legend": {"direction": "horizontal", "columns": 2}}
    x = {"field": "value", "type": "quantitative", "title": text.value}
    layers = [
        {"name": "answers", "data": {"name": "answers"}, "mark": {"type": "bar"},
         "encoding": {"y": {"field": "bin", "type": "nominal", "sort": labels, "title": None, "axis": {"labelLimit": 360, "labelOverlap": False}},
                      "yOffset": {"field": "series", "sort": list(names)}, "x": x, "color": color,
                      "tooltip": [{"field": "bin", "title": " "}, {"field": "series", "title": "  "},
                                  {"field": "value", "title": text.value, "format": ",.1f"}]}},
        {"name": "truths", "data": {"name": "truths"}, "mark": {"type": "rule", "strokeDash": [3, 3], "strokeWidth": 2},
         "encoding": {"x": x, "color": color}},
    ]
    return vega(layers, {"answers": answers, "truths": truths}, text.title, height=64 * len(rows))
