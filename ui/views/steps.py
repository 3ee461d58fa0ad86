"""A view at every value of a chart's own slider (ui/chart_slider.py): the frames of its charts and
the sentences of each value, for the browser to step through without a rerun.

`at_each` runs a tab's `compute` once per value (its settings' `field` replaced); a value it refuses
(a ValueError: the classic Gaussian from epsilon 1 on, say) keeps its error. `frames` and `readings`
then give one chart spec and one reading per value, an empty frame of a computed one and the reason
standing in for a refused value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from ui.errors import message
from ui.reading import Block
from ui.text.common import TEXT as COMMON

V = TypeVar("V")


@dataclass(frozen=True, eq=False)
class Steps(Generic[V]):
    """One view per value of the slider, or the error that value meets."""

    values: tuple[float, ...]
    views: tuple[V | ValueError, ...]

    @property
    def template(self) -> V:
        """A view that was computed (every value refused raises in `at_each`)."""
        return next(v for v in self.views if not isinstance(v, ValueError))

    def frames(self, chart: Callable[[V], dict], title: Callable[[float], str] | None = None) -> tuple[dict, ...]:
        """`chart(view)` at each value; a refused value gets the template's chart with no rows (and
        `title(value)` as its title, when the title names the value)."""
        blank = _blank(chart(self.template))
        return tuple(chart(v) if not isinstance(v, ValueError) else
                     ({**blank, "title": {**blank["title"], "text": title(value)}} if title else blank)
                     for v, value in zip(self.views, self.values))

    def chart_steps(self, chart: Callable[[V], dict], blocks: Callable[[V], Sequence[Block]],
                    title: Callable[[float], str] | None = None) -> ChartSteps:
        """The frames of one chart and one reading per value: what most views step."""
        return ChartSteps(self.frames(chart, title), self.readings(blocks))

    def readings(self, blocks: Callable[[V], Sequence[Block]]) -> tuple[tuple[Block, ...], ...]:
        """`blocks(view)` at each value; a refused value reads as its reason."""
        return tuple(tuple(blocks(v)) if not isinstance(v, ValueError) else
                     (("error", COMMON["error_prefix"].format(message=message(v))),) for v in self.views)


@dataclass(frozen=True, eq=False)
class ChartSteps:
    """One chart's frames and one reading per value of a chart's own slider (a refused value's
    reading is its reason)."""

    frames: tuple[dict, ...]
    readings: tuple[tuple[Block, ...], ...]


def at_each(compute: Callable[[Any], V], settings: Any, values: Sequence[float], field: str = "epsilon") -> Steps[V]:
    """`compute(settings)` with `field` set to each of `values`. Raises the first ValueError if every
    value is refused (the page shows it instead of a chart)."""
    views: list[V | ValueError] = []
    for value in values:
        try:
            views.append(compute(replace(settings, **{field: value})))
        except ValueError as exc:
            views.append(exc)
    if all(isinstance(v, ValueError) for v in views):
        raise views[0]  # type: ignore[misc]
    return Steps(tuple(values), tuple(views))


def _blank(chart: dict) -> dict:
    """`chart` with no rows: the frame of a value that cannot be shown."""
    return {**chart, "datasets": {name: table.slice(0, 0) for name, table in chart["datasets"].items()}}
