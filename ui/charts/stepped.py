"""One Vega-Lite chart that holds a whole slider's worth of frames and steps through them itself.

A slider step that reruns the script costs the browser a message, a React pass and a redraw of
every changed element: at least twice the minimal one-slider page, whatever the page does
(LEARNED.md, bench/floor_app.py). Here the slider is the chart's own input (a Vega-Lite parameter
bound to a range input): every frame's numbers sit in the chart, each row tagged with its frame,
and each layer keeps only the rows of the chosen frame, so a step is drawn by the browser alone.

`stepped` merges frames built by one chart builder at each value of the slider. Datasets that
differ become one table with a "step" column; any other difference (a title that names epsilon,
a steady axis range) becomes an expression that picks the frame's value from an array parameter.
The frames must share their structure (the same layers and keys); only values may differ.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyarrow as pa

STEP = "step"  # the parameter (and the dataset column) holding the index of the frame shown


def stepped(frames: Sequence[dict], start: int, label: str) -> dict:
    """One spec showing frame `start` of `frames`, with a range input named `label` that steps
    through them in the browser. Raises ValueError if the frames differ in structure."""
    if not frames:
        raise ValueError("stepped: no frames")
    if not 0 <= start < len(frames):
        raise ValueError(f"stepped: start {start} outside 0..{len(frames) - 1}")
    datasets, moving = _merge_datasets([frame["datasets"] for frame in frames])
    arrays: list[list[Any]] = []
    rest = [{k: v for k, v in frame.items() if k != "datasets"} for frame in frames]
    spec = copy.deepcopy(_merge(rest, arrays, ""))  # the frames stay as they were (callers keep them)
    _filter_layers(spec, moving)
    params = [
        {"name": STEP, "value": start,
         "bind": {"input": "range", "min": 0, "max": len(frames) - 1, "step": 1, "name": label}},
        *({"name": f"{STEP}_values_{i}", "value": values} for i, values in enumerate(arrays)),
    ]
    return {**spec, "params": [*spec.get("params", []), *params], "datasets": datasets}


def _merge_datasets(per_frame: list[dict[str, pa.Table]]) -> tuple[dict[str, pa.Table], set[str]]:
    """The datasets of all frames: one table each if every frame has the same, else the frames'
    tables stacked with a "step" column. Also the names of the stacked ones."""
    names = list(per_frame[0])
    if any(list(datasets) != names for datasets in per_frame):
        raise ValueError("stepped: the frames name different datasets")
    merged: dict[str, pa.Table] = {}
    moving: set[str] = set()
    for name in names:
        tables = [datasets[name] for datasets in per_frame]
        if all(table.equals(tables[0]) for table in tables[1:]):
            merged[name] = tables[0]
            continue
        if any(not table.schema.equals(tables[0].schema) for table in tables[1:]):
            raise ValueError(f"stepped: the frames differ in structure in dataset {name!r} (only values may)")
        moving.add(name)
        step = np.repeat(np.arange(len(tables), dtype=np.int16), [table.num_rows for table in tables])
        merged[name] = pa.concat_tables(tables).append_column(STEP, pa.array(step))  # one column, not one per frame
    return merged, moving


def _merge(values: list[Any], arrays: list[list[Any]], path: str) -> Any:
    """The frames' values at one place of the spec: the value itself where all agree, else an
    expression reading the frame's value from a new array parameter (its values added to `arrays`)."""
    first = values[0]
    if all(value == first for value in values[1:]):
        return first
    if all(isinstance(value, dict) for value in values) and all(value.keys() == first.keys() for value in values):
        return {key: _merge([value[key] for value in values], arrays, f"{path}.{key}") for key in first}
    if path.endswith(".layer"):
        if all(isinstance(value, list) and len(value) == len(first) for value in values):
            return [_merge([value[i] for value in values], arrays, f"{path}[]") for i in range(len(first))]
    if any(isinstance(value, dict) for value in values) or path.endswith((".layer", ".mark", ".type", ".field")) \
            or ".transform" in path or ".data" in path:
        raise ValueError(f"stepped: the frames differ in structure at {path or 'the top'} (only values may)")
    if list(values) not in arrays:
        arrays.append(list(values))
    return {"expr": f"{STEP}_values_{arrays.index(list(values))}[{STEP}]"}


def _filter_layers(spec: dict, moving: set[str]) -> None:
    """Make every view that reads a stacked dataset keep only the rows of the frame shown."""
    for view in spec.get("layer", ()):
        _filter_layers(view, moving)
    name = spec.get("data", {}).get("name")
    if name in moving:
        spec["transform"] = [{"filter": f"datum.{STEP} == {STEP}"}, *spec.get("transform", [])]
