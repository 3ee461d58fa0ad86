"""A slider that lives in its chart: the step is drawn by the browser, the server learns it after.

A slider step that reruns the script costs at least twice the minimal one-slider page (the target
is at most twice, CONTRIBUTING.md); a chart that holds every position's numbers and steps itself
costs a quarter of it (LEARNED.md). `ChartSlider` places such a chart (ui/charts/stepped.py), the
sentences that follow it (ui/components/stepper), and an invisible follower that tells the server
the new value a moment after the last step, so that the address, a shared link, a lesson and any
part that needs the value on the server (a release, a table opened on request) stay right. The
follower's rerun redraws nothing; if a part that shows the value is open, it reruns the page.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar, cast

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.limits import EPSILON_GRID
from ui.charts.stepped import stepped
from ui.components import stepper
from ui.memo import shared_memo, shared_peek
from ui.page import on_screen, show_error, slide_menu
from ui.reading import Block
from ui.state import address_notice
from ui.text.common import TEXT as COMMON
from ui.views.steps import PENDING, Pending, Steps, at_each, steps_of, tried

PAUSE_MS = 250  # after the last step, the server learns the value
MERGED_KEPT = 64  # merged specs kept (a rerun draws the same frames again: merging 27 costs ~5-20 ms)
V = TypeVar("V")
_MERGED: OrderedDict[tuple[int, int, str], tuple[Sequence[dict], dict]] = OrderedDict()
_MERGED_LOCK = threading.Lock()


@dataclass(frozen=True)
class Shown:
    """Settings a session was shown with one value computed (the others pending): the settings'
    ident and that value, whose frame stays when the others are computed."""

    ident: int
    value: float


@dataclass(frozen=True)
class ChartSlider:
    """The slider `key` (its value in the address as ?key=, and in the session) over `options`,
    each read as `format` gives it (in the address and to a screen reader), setting the field
    `field` of a view's settings."""

    key: str
    default: float = 1.0
    options: tuple[float, ...] = EPSILON_GRID
    format: str = "g"
    field: str = "epsilon"  # the field of a view's settings that the slider sets

    def label(self, value: float) -> str:
        return format(value, self.format)

    def value(self) -> float:
        """Where the slider stands as the server knows it: the browser's last report, else the
        session's value, else the address's (a shared link), else the default."""
        self._take_report()  # a report that reaches a whole run is taken here, before anything is drawn
        if self.key not in st.session_state:
            asked = st.query_params.get(self.key)
            by_label = {self.label(option): option for option in self.options}
            st.session_state[self.key] = by_label.get(asked, self.default) if asked is not None else self.default
            if asked is not None and asked not in by_label:
                address_notice([self.key])
        return float(st.session_state[self.key])

    def index(self) -> int:
        return self.options.index(self.value())

    def steps(self, settings: Any, compute: Callable[[Any], V],
              sweep: Callable[[Any, tuple[float, ...]], Sequence[V | ValueError]] | None = None,
              where: DeltaGenerator | None = None) -> Steps[V] | None:
        """The view `compute(settings)` at every option (its field `self.field` set to each), kept
        for every session under the settings themselves: they must be a hashable frozen dataclass
        naming everything the view depends on (data by its content's ident, with the data itself a
        `compare=False` field). `sweep(settings, options)`, when given, computes every option at once
        (one simulation for all). Settings not seen yet get the current option only (a class with
        one seed each would otherwise compute every frame at every change); the others follow when
        the slider first moves (`follow`). A ValueError is shown in the page (in `where`): None."""
        value = self.value()  # first: a report taken now may ask for every frame
        slot, key = self._memo_key(settings, compute)
        ident = hash((slot, key))
        pending: dict[str, Shown] = st.session_state.setdefault(f"{self.key}_pending", {})
        want: dict[int, float] = st.session_state.get(f"{self.key}_want", {})
        try:
            found = shared_peek(slot, key)
            if found is None and ident in want:  # keeping the frame this session saw (a sweep draws afresh)
                seen = cast("Steps[V] | None", shared_peek(f"{slot}@", (key, want[ident])))
                found = shared_memo(slot, key, lambda: self._all(settings, compute, sweep, seen))
            if found is not None:
                pending.pop(slot, None)
                return found  # type: ignore[return-value]
            first = shared_memo(f"{slot}@", (key, value), lambda: self._first(settings, compute, value))
            if isinstance(first, ValueError):  # refused here: every frame, so that the slider can leave it
                return shared_memo(slot, key, lambda: self._all(settings, compute, sweep))
            pending[slot] = Shown(ident, value)
            return first
        except ValueError as exc:
            show_error(exc, where)
            return None

    def warm(self, settings: Any, compute: Callable[[Any], V],
             sweep: Callable[[Any, tuple[float, ...]], Sequence[V | ValueError]] | None = None) -> None:
        """Compute every option of `steps(settings, compute, sweep)` for every session, with no
        session at hand (at the server's start: the view a first visit opens on)."""
        slot, key = self._memo_key(settings, compute)
        shared_memo(slot, key, lambda: self._all(settings, compute, sweep))

    def _memo_key(self, settings: Any, compute: Callable[[Any], V]) -> tuple[str, tuple]:
        """Where the steps of `compute` at `settings` are kept: the view's name, and the settings
        with the slider's field cleared (every option is in the steps)."""
        return f"{compute.__module__}.{compute.__qualname__}", (replace(settings, **{self.field: None}), self.options)

    def _first(self, settings: Any, compute: Callable[[Any], V], value: float) -> Steps[V] | ValueError:
        """The steps with only `value` computed (or the ValueError it meets)."""
        view = tried(compute, replace(settings, **{self.field: value}))
        if isinstance(view, ValueError):
            return view
        return Steps(self.options, tuple(view if option == value else PENDING for option in self.options))

    def _all(self, settings: Any, compute: Callable[[Any], V],
             sweep: Callable[[Any, tuple[float, ...]], Sequence[V | ValueError]] | None,
             seen: Steps[V] | None = None) -> Steps[V]:
        """Every option's view; the views of `seen` (the steps a session was shown first) kept as
        they are, so that a frame does not change under the visitor's eyes when its sweep arrives."""
        kept = {} if seen is None else {o: v for o, v in zip(seen.values, seen.views, strict=True)
                                        if not isinstance(v, Pending)}
        if sweep is None:
            return at_each(compute, settings, self.options, self.field, kept)
        return steps_of(self.options, [kept.get(o, v) for o, v in zip(self.options, sweep(settings, self.options),
                                                                     strict=True)])

    @property
    def _chart(self) -> str:
        return f".st-key-{self.key}_chart"

    def chart(self, steps: Steps, name: str, label: str, follower: str | None = None,
              title: Callable[[float], str | list[str]] | None = None) -> dict:
        """Draw one chart holding the frames of field `name` of `steps` (see `Steps.frames`; `title`
        names a value with no frame), on the frame of the current value, with the slider named
        `label` above it. A `follower` chart (a name) has no slider of its own: it takes every step
        of this one's. Returns its spec."""
        frames = steps.frames(name, title)
        spec = _merged(frames, self.index(), label)
        where = f"{self.key}_chart" if follower is None else f"{self.key}_follower_{follower}"
        st.container(key=where).vega_lite_chart(spec=on_screen(spec), key=f"{where}_fig", width="stretch")
        slide_menu(frames[self.index()], where)  # a slide shows the frame the server knows
        return spec

    def chart_pair(self, steps: Steps, first: str, second: str, label: str, follower: str,
                   gap: Literal["small", "large"] = "small",
                   title: Callable[[float], str | list[str]] | None = None) -> None:
        """The charts of fields `first` and `second` side by side and level: the slider above the
        first, the second (`follower`) taking its every step. On a phone they stack."""
        left, right = st.columns(2, gap=gap, vertical_alignment="bottom")
        with left:
            self.chart(steps, first, label, title=title)
        with right:
            self.chart(steps, second, label, follower=follower, title=title)

    def reading(self, steps: Steps, blocks: str | Callable[[Any], Sequence[Block]], name: str = "") -> None:
        """The sentences of each option (`Steps.readings(blocks)`) that follow the slider; a `name`
        tells apart several readings of one slider."""
        stepper.reading(f"{self.key}_reading{'_' + name if name else ''}", self._chart, steps.readings(blocks),
                        self.index())

    def widget(self, label: str, container: DeltaGenerator | None = None) -> float:
        """The same value as an ordinary slider whose every step reruns the page: for a view that
        needs the server at each step. Returns the value."""
        widget = f"{self.key}_widget"
        st.session_state[widget] = self.value()  # it shows the value, wherever that was set last
        (container or st).select_slider(label, options=self.options, format_func=self.label, key=widget,
                                        help=COMMON["epsilon_help"],
                                        on_change=lambda: self._set(st.session_state[widget]))
        return self.value()

    def _set(self, value: float) -> None:
        """Take `value` as the slider's (and into the address)."""
        st.session_state[self.key] = value
        if value == self.default:
            st.query_params.pop(self.key, None)
        else:
            st.query_params[self.key] = self.label(value)

    def follow(self) -> None:
        """Keep the server's value in step with the chart's slider (in a fragment of its own: its
        reruns redraw nothing). A value that came with a click elsewhere reruns the page."""
        _follow(self)

    def _take_report(self) -> None:
        """Take a new report of the browser's follower as the value (and into the address). A
        report is new by its stamp, so whoever asks first in a run takes it (a button's callback
        may run before the follower's), and an old one never undoes a value set since (a lesson's
        step). A report that came with a click elsewhere is noted for the follower's fragment: the page
        must then rerun whole."""
        reports = [r for r in (stepper.reported(f"{self.key}_follow"), stepper.reported(f"{self.key}_follow_partial"))
                   if r is not None]
        report = max(reports, key=lambda r: r[2], default=None)  # the newest, from either follower
        taken = f"{self.key}_taken"
        if report is None or st.session_state.get(taken) == report[2]:
            return
        st.session_state[taken] = report[2]
        pending = st.session_state.pop(f"{self.key}_pending", None)
        if pending:  # the browser stepped onto frames not computed yet: the page reruns whole with all of them
            st.session_state[f"{self.key}_want"] = {shown.ident: shown.value for shown in pending.values()}
            st.session_state[f"{self.key}_with_click"] = True
        if not 0 <= report[0] < len(self.options) or self.options[report[0]] == st.session_state.get(self.key):
            return
        self._set(self.options[report[0]])
        if report[1]:
            st.session_state[f"{self.key}_with_click"] = True


def _merged(frames: Sequence[dict], start: int, label: str) -> dict:
    """`stepped(frames, start, label)`, kept while the same frames object is drawn again (the
    frames come from a memo, so a rerun passes the very same tuple; Streamlit copies the spec
    before changing it)."""
    key = (id(frames), start, label)
    with _MERGED_LOCK:
        kept = _MERGED.get(key)
        if kept is not None and kept[0] is frames:
            _MERGED.move_to_end(key)
            return kept[1]
    spec = stepped(frames, start, label)
    with _MERGED_LOCK:
        _MERGED[key] = (frames, spec)  # holding the frames keeps their id from being reused
        while len(_MERGED) > MERGED_KEPT:
            _MERGED.popitem(last=False)
    return spec


@st.fragment
def _follow(slider: ChartSlider) -> None:
    # A partial chart's follower is another element (its own key): Streamlit runs a component's
    # script again when its data change but never cleans up the first run, whose listeners would stay.
    partial = bool(st.session_state.get(f"{slider.key}_pending"))
    stepper.follow(f"{slider.key}_follow{'_partial' if partial else ''}", slider._chart,
                   f'[class*="st-key-{slider.key}_follower_"]', [slider.label(v) for v in slider.options], PAUSE_MS,
                   on_step=slider._take_report, partial=partial)
    slider._take_report()
    if st.session_state.pop(f"{slider.key}_with_click", False):
        st.rerun()
