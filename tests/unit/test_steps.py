"""A view at every value of a chart's own slider (ui/views/steps.py): the frames and readings read
off the views by field, a refused value's reason, a pending value's empty frame and its wait."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from ui.charts import curves
from ui.views.steps import PENDING, Steps, at_each, steps_of


@dataclass(frozen=True)
class Settings:
    epsilon: float | None
    seed: int = 1


@dataclass(frozen=True)
class View:
    chart: dict
    summary: str


def compute(s: Settings) -> View:
    """A line at height epsilon; epsilon 2 is refused."""
    if s.epsilon == 2:
        raise ValueError("two is refused")
    x = np.array([1.0, 2.0])
    chart = curves.lines([curves.Line("line", x, np.full(2, s.epsilon), "#000")],
                         curves.AxisLabels(f"at {s.epsilon}", "x", "y", "series"))
    return View(chart, f"ε = {s.epsilon}")


def steps_of_lines(values: tuple[float, ...]) -> Steps[View]:
    return at_each(compute, Settings(None), values)


def test_frames_and_readings_follow_the_values() -> None:
    steps = steps_of_lines((0.5, 1.0))
    frames = steps.frames("chart")
    assert [f["datasets"]["curves"].column("y").to_pylist() for f in frames] == [[0.5, 0.5], [1.0, 1.0]]
    assert steps.frames("chart") is frames  # the same tuple: the merged spec is kept by its identity
    assert steps.readings("summary") == ((("p", "ε = 0.5"),), (("p", "ε = 1.0"),))
    assert steps.readings(lambda v: (("table", v.summary),))[1] == (("table", "ε = 1.0"),)
    assert steps.complete and steps.template.summary == "ε = 0.5"


def test_a_refused_value_keeps_its_reason_and_an_empty_frame() -> None:
    steps = steps_of_lines((1.0, 2.0))
    assert isinstance(steps.views[1], ValueError)
    empty = steps.frames("chart", title=lambda eps: f"nothing at {eps}")[1]
    assert empty["datasets"]["curves"].num_rows == 0 and empty["title"]["text"] == "nothing at 2.0"
    assert steps.readings("summary")[1][0][0] == "error" and "two is refused" in steps.readings("summary")[1][0][1]


def test_every_value_refused_raises_the_first_reason() -> None:
    with pytest.raises(ValueError, match="two is refused"):
        steps_of_lines((2.0,))


def test_a_pending_value_waits_with_an_empty_frame() -> None:
    steps = steps_of((0.5, 1.0), [PENDING, compute(Settings(1.0))])
    assert not steps.complete
    pending = steps.frames("chart")[0]
    assert pending["datasets"]["curves"].num_rows == 0
    assert pending["title"]["text"] == "Computing this step: it appears in a moment."  # not the template's value
    assert steps.readings("summary")[0] == (("p", "Computing this step: it appears in a moment."),)
    with pytest.raises(ValueError):
        steps_of((0.5,), [PENDING])  # nothing computed: nothing to draw
