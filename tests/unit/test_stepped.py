"""ui/charts/stepped.py: frames built by one chart builder become one chart that steps itself."""

from __future__ import annotations

import numpy as np
import pytest

from ui.charts.histogram import BarsLabels, paired_histograms, steady_range
from ui.charts.stepped import STEP, stepped


def frame(scale: float, title: str = "Noisy") -> dict:
    d, dp = np.array([10.0, 20.0]) * scale, np.array([10.0, 21.0])
    return paired_histograms(["a", "b"], d, dp, [1], BarsLabels(title, "bin", "count"), half_width=scale,
                             y_domain=steady_range(0, 21 * scale))


def test_moving_data_is_stacked_with_its_step_and_each_layer_keeps_only_the_step_shown() -> None:
    frames = [frame(s) for s in (1.0, 2.0, 3.0)]
    spec = stepped(frames, start=1, label="ε")
    bars = spec["datasets"]["bars"]
    assert bars.num_rows == 3 * frames[0]["datasets"]["bars"].num_rows
    assert bars.column(STEP).to_pylist() == [0] * 4 + [1] * 4 + [2] * 4
    assert bars.filter(np.array(bars.column(STEP).to_pylist()) == 2).column("value").to_pylist() == [30, 60, 10, 21]
    assert spec["datasets"]["changed"].equals(frames[0]["datasets"]["changed"])  # the same in every frame: once
    layers = {layer["name"]: layer for layer in spec["layer"]}
    assert layers["bars"]["transform"][0] == {"filter": f"datum.{STEP} == {STEP}"}
    assert layers["intervals"]["transform"][0] == {"filter": f"datum.{STEP} == {STEP}"}
    assert "transform" not in layers["changed"]
    slider = spec["params"][0]
    assert slider["value"] == 1 and slider["bind"] == {"input": "range", "min": 0, "max": 2, "step": 1, "name": "ε"}


def test_other_differences_become_expressions_over_one_array_each() -> None:
    frames = [frame(s, title=f"Noisy at ε = {s:g}") for s in (1.0, 2.0)]
    spec = stepped(frames, start=0, label="ε")
    arrays = {p["name"]: p["value"] for p in spec["params"][1:]}
    title = spec["title"]["text"]["expr"]
    assert arrays[title.split("[")[0]] == ["Noisy at ε = 1", "Noisy at ε = 2"]
    domains = [layer["encoding"]["y"]["scale"]["domain"] for layer in spec["layer"][1:]]
    assert domains[0] == domains[1]  # equal differences share one array
    assert arrays[domains[0]["expr"].split("[")[0]] == [list(steady_range(0, 21)), list(steady_range(0, 42))]
    assert "params" not in frames[0] and "transform" not in frames[0]["layer"][1]  # the frames are left as they were


def test_frames_that_differ_in_structure_are_refused() -> None:
    with_bars = paired_histograms(["a"], np.array([1.0]), np.array([2.0]), [], BarsLabels("T", "x", "y"))
    with pytest.raises(ValueError, match="differ in structure"):
        stepped([frame(1.0), with_bars], start=0, label="ε")
    with pytest.raises(ValueError, match="outside"):
        stepped([frame(1.0)], start=1, label="ε")
    with pytest.raises(ValueError, match="no frames"):
        stepped([], start=0, label="ε")

