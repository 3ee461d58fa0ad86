"""A view at every value of a chart's own slider (ui/chart_slider.py): the frames of its charts and
the sentences of each value, for the browser to step through without a rerun.

`Steps` holds one view per value: the view, the ValueError that value meets (the classic Gaussian
from epsilon 1 on, say), or `PENDING` (not computed yet: a session whose settings changed gets the
current value first and the others when its slider first moves). `frames` and `readings` give one
chart spec and one reading per value, read off the views by field name; a refused or pending value
gets an empty frame and a sentence saying why. `at_each` runs a view's `compute` once per value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Generic, TypeVar

from ui.errors import message
from ui.reading import Block
from ui.text.common import TEXT as COMMON

V = TypeVar("V")


class Pending:
    """A value whose view is not computed yet."""


PENDING: Final = Pending()


@dataclass(frozen=True, eq=False)
class Steps(Generic[V]):
    """One view per value of the slider, the error that value meets, or PENDING."""

    values: tuple[float, ...]
    views: tuple[V | ValueError | Pending, ...]
    _frames: dict[str, tuple[dict, ...]] = field(default_factory=dict, repr=False)

    @property
    def complete(self) -> bool:
        return not any(isinstance(v, Pending) for v in self.views)

    @property
    def template(self) -> V:
        """A view that was computed (`at_each` raises when every value is refused)."""
        return next(v for v in self.views if not isinstance(v, (ValueError, Pending)))

    def frames(self, name: str, title: Callable[[float], str | list[str]] | None = None) -> tuple[dict, ...]:
        """The chart in field `name` of each view; a refused or pending value gets the template's
        chart with no rows, titled `title(value)` for a refused one (when given: the title names the
        value) and the wait for a pending one. The same tuple every time: the chart slider keeps its
        merged spec by the frames' identity."""
        kept = self._frames.get(name)
        if kept is None:
            blank = _blank(getattr(self.template, name))

            def empty(text: str | list[str]) -> dict:
                return {**blank, "title": {**blank["title"], "text": text}}
            kept = tuple(empty(COMMON["step_pending"]) if isinstance(v, Pending) else
                         (empty(title(value)) if title else blank) if isinstance(v, ValueError) else
                         getattr(v, name) for v, value in zip(self.views, self.values, strict=True))
            self._frames[name] = kept
        return kept

    def readings(self, blocks: str | Callable[[V], Sequence[Block]]) -> tuple[tuple[Block, ...], ...]:
        """The reading of each value: the field `blocks` (a sentence, or blocks), or `blocks(view)`;
        a refused value reads as its reason, a pending one as a moment's wait."""
        def read(view: V) -> tuple[Block, ...]:
            if callable(blocks):
                return tuple(blocks(view))
            found = getattr(view, blocks)
            return (("p", found),) if isinstance(found, str) else tuple(found)
        return tuple(read(v) if not isinstance(v, (ValueError, Pending)) else
                     (("p", COMMON["step_pending"]),) if isinstance(v, Pending) else
                     (("error", COMMON["error_prefix"].format(message=message(v))),) for v in self.views)


def at_each(compute: Callable[[Any], V], settings: Any, values: Sequence[float], field: str = "epsilon",
            kept: Mapping[float, V | ValueError] | None = None) -> Steps[V]:
    """`compute(settings)` with `field` set to each of `values`, but for the views `kept` already holds.
    Raises the first ValueError if every value is refused (the page shows it instead of a chart)."""
    kept = kept or {}
    views = [kept[v] if v in kept else tried(compute, replace(settings, **{field: v})) for v in values]
    return steps_of(tuple(values), views)


def steps_of(values: tuple[float, ...], views: Sequence[V | ValueError | Pending]) -> Steps[V]:
    """The steps of `views`, one per value. Raises the first ValueError if no view was computed."""
    if all(isinstance(v, (ValueError, Pending)) for v in views):
        raise next((v for v in views if isinstance(v, ValueError)), ValueError("no view"))
    return Steps(values, tuple(views))


def tried(compute: Callable[[Any], V], settings: Any) -> V | ValueError:
    """`compute(settings)`, or the ValueError it raises."""
    try:
        return compute(settings)
    except ValueError as exc:
        return exc


def _blank(chart: dict) -> dict:
    """`chart` with no rows: the frame of a value that cannot be shown."""
    return {**chart, "datasets": {name: table.slice(0, 0) for name, table in chart["datasets"].items()}}
