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
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.limits import EPSILON_GRID
from ui.charts.stepped import stepped
from ui.components import stepper
from ui.memo import session_memo, shared_memo
from ui.page import show_error, slide_menu
from ui.reading import Block
from ui.state import address_notice
from ui.text.common import TEXT as COMMON

PAUSE_MS = 250  # after the last step, the server learns the value
MERGED_KEPT = 64  # merged specs kept (a rerun draws the same frames again: merging 27 costs ~5-20 ms)
S = TypeVar("S")
_MERGED: OrderedDict[tuple[int, int, str], tuple[Sequence[dict], dict]] = OrderedDict()
_MERGED_LOCK = threading.Lock()


@dataclass(frozen=True)
class ChartSlider:
    """The slider `key` (its value in the address as ?key=, and in the session) over `options`,
    each read as `format` gives it (in the address and to a screen reader)."""

    key: str
    default: float = 1.0
    options: tuple[float, ...] = EPSILON_GRID
    format: str = "g"

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

    def steps(self, slot: str, key: Hashable, compute: Callable[[], S], where: DeltaGenerator | None = None,
              shared: bool = False) -> S | None:
        """`compute()`, a view's work at every option, kept for `key` (everything it depends on but
        the slider's value: a step or a rerun reuses it): in this session, or for every session if
        `shared` (a hashable key that names the data by id). A ValueError is shown in the page (in
        `where`) and gives None."""
        try:
            return (shared_memo if shared else session_memo)(slot, key, compute)
        except ValueError as exc:
            show_error(exc, where)
            return None

    @property
    def _chart(self) -> str:
        return f".st-key-{self.key}_chart"

    def chart(self, frames: Sequence[dict], label: str, follower: str | None = None) -> dict:
        """Draw one chart holding `frames` (one per option, built by one chart builder), on the
        frame of the current value, with the slider named `label` above it. A `follower` chart (a
        name) has no slider of its own: it takes every step of this one's. Returns its spec."""
        spec = _merged(frames, self.index(), label)
        where = f"{self.key}_chart" if follower is None else f"{self.key}_follower_{follower}"
        st.container(key=where).vega_lite_chart(spec=spec, key=f"{where}_fig", width="stretch")
        slide_menu(frames[self.index()], where)  # a slide shows the frame the server knows
        return spec

    def chart_pair(self, first: Sequence[dict], second: Sequence[dict], label: str, follower: str,
                   gap: Literal["small", "large"] = "small") -> None:
        """Two charts side by side and level: the slider above the first, the second (`follower`)
        taking its every step. On a phone they stack."""
        left, right = st.columns(2, gap=gap, vertical_alignment="bottom")
        with left:
            self.chart(first, label)
        with right:
            self.chart(second, label, follower=follower)

    def reading(self, steps: Sequence[Sequence[Block]], name: str = "") -> None:
        """The sentences of each option (one list of blocks per option) that follow the slider; a
        `name` tells apart several readings of one slider."""
        stepper.reading(f"{self.key}_reading{'_' + name if name else ''}", self._chart, steps, self.index())

    def widget(self, label: str, container: DeltaGenerator | None = None) -> float:
        """The same value as an ordinary slider whose every step reruns the page: for a view that
        needs the server at each step. Returns the value."""
        widget = f"{self.key}_widget"
        st.session_state[widget] = self.value()  # it shows the value, wherever that was set last
        (container or st).select_slider(label, options=self.options, format_func=self.label, key=widget,
                                        help=COMMON["epsilon_help"], on_change=lambda: self._set(st.session_state[widget]))
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
        report = stepper.reported(f"{self.key}_follow")
        taken = f"{self.key}_taken"
        if report is None or st.session_state.get(taken) == report[2]:
            return
        st.session_state[taken] = report[2]
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
    stepper.follow(f"{slider.key}_follow", slider._chart, f'[class*="st-key-{slider.key}_follower_"]',
                   [slider.label(v) for v in slider.options], PAUSE_MS, on_step=slider._take_report)
    slider._take_report()
    if st.session_state.pop(f"{slider.key}_with_click", False):
        st.rerun()
