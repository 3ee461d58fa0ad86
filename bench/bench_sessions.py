"""Many concurrent sessions moving sliders on one server: reruns per second, rerun times, errors.

Target (issue): 30 sessions for 60 s, p95 rerun time at most 1 s, zero errors.

Starts `streamlit run app.py` on a free loopback port (127.0.0.1 only) and opens N sessions that
speak Streamlit's websocket protocol directly (`/_stcore/stream`, protobuf `BackMsg` /
`ForwardMsg` from the installed streamlit package): far lighter than N browsers on 2 cores, and
it measures the server, not the browsers. Each session opens a random page (a `rerun_script`
with the page name and no widget states), then every 0.5-2 s (random, seeded) does what a person
does there, as the frontend's `WidgetStateManager` sends it:
- moves a slider of the page one step (mostly): a `rerun_script` carrying every widget value the
  session has set, the moved one changed (a slider sends its numbers as `double_array_value`, a
  select_slider its option label as `string_array_value`); a slider inside an `st.fragment`
  (its delta carries a `fragment_id`) reruns only that fragment, as the browser does;
- sometimes opens another part of the page (the parts' segmented control, `ui.state.url_tabs`,
  sends the chosen part's label as `string_array_value`);
- rarely goes to another page (its `page_script_hash`, query string dropped).
A rerun's time runs from sending the BackMsg to receiving its final `script_finished`.
Errors: exceptions the page shows, error boxes, pages not found, disconnects, and timeouts (no
`script_finished` within 30 s). The server's CPU time is read from /proc. The sessions' own
client runs in this process on the same machine: its protobuf parsing competes with the server.

A class on one page (`--page NAME --own-seeds`): every session opens that page and every action
sets the sidebar's seed to a new value of its own (a full rerun with settings no other session has,
as students who each explore on their own cause).

The floor of that load (`--floor minimal` or `--floor floor`): the same sessions on
`bench/minimal_app.py` (one slider and one number, every step a full rerun) or on
`bench/floor_app.py` (the shared sidebar, the title and one slider, chart and sentence; with
`--own-seeds` every action a full rerun at a seed of its own): what the framework and our page frame
cost under the load before any view computes.

Run: .venv/bin/python -m bench.bench_sessions [--sessions 30] [--seconds 60] [--seed 1]
     [--page Histogram_and_neighbour --own-seeds] [--floor minimal|floor] [--servers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ButtonGroup_pb2 import ButtonGroup
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.Slider_pb2 import Slider
from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench.bench_browser import _floor_script
from tests.e2e.conftest import _free_port, start_server, stop_server, wait_warmed
from ui.text.common import EN as COMMON_TEXT

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
# Every page with sliders (the live poll is left out: its fragment refreshes every second on its own).
PAGES = ("Reidentification", "Attacks", "Histogram_and_neighbour", "Attacker_posterior", "Exponential_mechanism",
         "Randomized_response", "Release_planner", "Local_DP", "Synthetic_data", "Audit", "Machine_learning")
RERUN_TIMEOUT_S = 30.0
P_TAB, P_PAGE = 0.12, 0.05  # chance that an action is a tab switch or a page switch, not a slider
TERMINAL = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
            ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}


@dataclass
class Rerun:
    kind: str  # "open" (page load), "full", "fragment", "tab", "page"
    page: str
    seconds: float


@dataclass
class Results:
    reruns: list[Rerun] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    error_kinds: Counter[str] = field(default_factory=Counter)

    def error(self, kind: str, text: str) -> None:
        self.error_kinds[kind] += 1
        self.errors.append(f"{kind}: {text}")


@dataclass
class Widget:
    """A widget as the last run drew it: its proto and the fragment it lives in ("" = none)."""
    proto: Slider | None
    fragment_id: str
    tab_labels: list[str] = field(default_factory=list)  # for the page's parts (segmented control) only


class Session:
    """One browser tab, as far as the server can tell."""

    timeout_s = RERUN_TIMEOUT_S  # a rerun not finished by then is an error

    def __init__(self, ws: websockets.ClientConnection, rng: random.Random, results: Results,
                 own_seeds: bool = False) -> None:
        self.ws, self.rng, self.results, self.own_seeds = ws, rng, results, own_seeds
        self.seed_id = ""  # the sidebar's seed input, as the last full run drew it
        self.page = ""
        self.page_hash = ""
        self.session_id = ""  # the server's id of this session (upload addresses need it)
        self.page_hashes: dict[str, str] = {}  # url path -> page_script_hash
        self.query = ""
        self.widgets: dict[str, Widget] = {}
        self.values: dict[str, WidgetState] = {}  # what the frontend would send: values set so far

    async def run(self, kind: str, fragment_id: str = "", page_name: str = "") -> None:
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = self.query
        state.page_script_hash = self.page_hash
        state.page_name = page_name
        state.fragment_id = fragment_id
        state.widget_states.widgets.extend(self.values.values())
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        seen = await asyncio.wait_for(self._receive(), self.timeout_s)
        self.results.reruns.append(Rerun(kind, self.page, time.perf_counter() - start))
        if fragment_id:
            gone = [k for k, w in self.widgets.items() if w.fragment_id == fragment_id and k not in seen]
        else:  # a full run draws every widget of the page: forget the others (frontend: removeInactive)
            gone = [k for k in self.widgets if k not in seen]
        for k in gone:
            self.widgets.pop(k, None)
            self.values.pop(k, None)

    async def _receive(self) -> set[str]:
        """Read ForwardMsgs until the run ends; note the widgets it drew and any error shown."""
        seen: set[str] = set()
        while True:
            fwd = ForwardMsg()
            fwd.ParseFromString(await self.ws.recv())
            kind = fwd.WhichOneof("type")
            if kind == "delta":
                self._delta(fwd, seen)
            elif kind == "new_session":
                self.page_hash = fwd.new_session.page_script_hash
                self.session_id = fwd.new_session.initialize.session_id
                for p in fwd.new_session.app_pages:
                    self.page_hashes[p.url_pathname] = p.page_script_hash
            elif kind == "navigation":  # the page st.navigation chose: what the next rerun asks for
                self.page_hash = fwd.navigation.page_script_hash or self.page_hash
                for p in fwd.navigation.app_pages:
                    self.page_hashes[p.url_pathname] = p.page_script_hash
            elif kind == "page_info_changed":
                self.query = fwd.page_info_changed.query_string
            elif kind == "page_not_found":
                self.results.error("page not found", fwd.page_not_found.page_name or self.page)
            elif kind == "script_finished" and fwd.script_finished in TERMINAL:
                if fwd.script_finished == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                    self.results.error("compile error", self.page)
                return seen

    def _delta(self, fwd: ForwardMsg, seen: set[str]) -> None:
        delta = fwd.delta
        which = delta.WhichOneof("type")
        if which == "new_element":
            el = delta.new_element
            etype = el.WhichOneof("type")
            if etype == "number_input" and el.number_input.id.endswith("-seed"):
                self.seed_id = el.number_input.id
                seen.add(self.seed_id)
            elif etype == "slider" and not el.slider.disabled:
                self.widgets[el.slider.id] = Widget(el.slider, delta.fragment_id)
                seen.add(el.slider.id)
            elif (etype == "button_group" and el.button_group.style == ButtonGroup.SEGMENTED_CONTROL
                  and el.button_group.label == COMMON_TEXT["parts"]):
                parts = el.button_group
                self.widgets[parts.id] = Widget(None, delta.fragment_id, [o.content for o in parts.options])
                seen.add(parts.id)
            elif etype == "exception":
                shown = f"{el.exception.type} {el.exception.message[:120]}"
                self.results.error("exception shown", f"{self.page}: {shown}")
            elif etype == "alert" and el.alert.format == Alert.ERROR:
                self.results.error("error box", f"{self.page}: {el.alert.body[:120]}")

    def sliders(self) -> list[str]:
        return [k for k, w in self.widgets.items() if w.proto is not None]

    def tabs(self) -> tuple[str, Widget] | None:
        return next(((k, w) for k, w in self.widgets.items() if w.tab_labels), None)

    def _slider_step(self, key: str) -> WidgetState:
        """The slider's state after one step left or right (never past its ends)."""
        s = self.widgets[key].proto
        assert s is not None
        old = self.values.get(key)
        direction = self.rng.choice((-1, 1))
        new = WidgetState(id=key)
        if s.type == Slider.SELECT_SLIDER:
            options = list(s.options)
            if old is not None:
                current = list(old.string_array_value.data)
            elif s.set_value:
                current = list(s.raw_value)
            else:
                current = [options[int(i)] for i in s.default]
            end = self.rng.randrange(len(current))
            i = options.index(current[end]) if current[end] in options else 0
            if not 0 <= i + direction < len(options):
                direction = -direction
            current[end] = options[min(max(i + direction, 0), len(options) - 1)]
            new.string_array_value.data.extend(current)
        else:
            if old is not None:
                values = list(old.double_array_value.data)
            else:
                values = list(s.value if s.set_value else s.default)
            end = self.rng.randrange(len(values))
            v = values[end] + direction * s.step
            if not s.min <= v <= s.max:
                v = values[end] - direction * s.step
            values[end] = round(min(max(v, s.min), s.max), 10)
            new.double_array_value.data.extend(values)
        return new

    async def act(self) -> None:
        """One action of a person: a slider step (mostly), another tab, or another page; with
        `own_seeds`, a new seed of its own."""
        if self.own_seeds and self.seed_id:
            self.values[self.seed_id] = WidgetState(id=self.seed_id, int_value=self.rng.randrange(1, 10**6))
            await self.run("full")
            return
        roll = self.rng.random()
        tabs = self.tabs()
        if (roll < P_PAGE and self.page) or (not self.sliders() and tabs is None):  # a floor stays
            await self.open(self.rng.choice([p for p in PAGES if p != self.page]))
        elif tabs is not None and (roll < P_PAGE + P_TAB or not self.sliders()):
            key, widget = tabs
            current = self.values[key].string_array_value.data[0] if key in self.values else widget.tab_labels[0]
            others = [t for t in widget.tab_labels if t != current] or widget.tab_labels
            self.values[key] = WidgetState(id=key)
            self.values[key].string_array_value.data.append(self.rng.choice(others))
            await self.run("tab", widget.fragment_id)
        else:
            await self.step(self.rng.choice(self.sliders()))

    async def step(self, key: str) -> None:
        """One step of the slider `key`, rerunning its fragment only if it lives in one."""
        self.values[key] = self._slider_step(key)
        fragment = self.widgets[key].fragment_id
        await self.run("fragment" if fragment else "full", fragment)

    async def open(self, page: str) -> None:
        kind = "open" if not self.page else "page"
        self.page, self.query, self.values = page, "", {}
        self.page_hash = self.page_hashes.get(page, "")
        await self.run(kind, page_name="" if self.page_hash else page)


async def _session(index: int, url: str, seconds: float, seed: int, results: Results, page: str | None,
                   own_seeds: bool) -> None:
    rng = random.Random(seed * 1000 + index)
    await asyncio.sleep(rng.uniform(0, 1))  # people do not all arrive in the same millisecond
    deadline = time.monotonic() + seconds
    try:
        async with websockets.connect(url, subprotocols=["streamlit"], max_size=None,
                                      open_timeout=30, ping_interval=None) as ws:
            session = Session(ws, rng, results, own_seeds)
            await session.open(page if page is not None else rng.choice(PAGES))
            while True:
                pause = rng.uniform(0.5, 2.0)
                if time.monotonic() + pause >= deadline:
                    break
                await asyncio.sleep(pause)
                await session.act()
    except TimeoutError:
        results.error("timeout", f"session {index}: no script_finished within {RERUN_TIMEOUT_S:.0f} s")
    except websockets.ConnectionClosed as exc:
        results.error("disconnect", f"session {index}: {exc}")
    except OSError as exc:
        results.error("disconnect", f"session {index}: {exc!r}")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its waited-for children, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(results: Results, seconds: float, sessions: int, server_cpu: float) -> None:
    times = [r.seconds for r in results.reruns]
    moves = [r for r in results.reruns if r.kind != "open"]
    print(f"{sessions} sessions for {seconds:.0f} s: {len(results.reruns)} reruns "
          f"({len(moves)} after the page opens), {len(moves) / seconds:.1f} reruns per second")
    for what, ts in (("after the page opens (sliders, tabs, page switches)", [r.seconds for r in moves]),
                     ("all, first page opens included", times)):
        if ts:
            print(f"rerun time, {what}: p50 {_ms(statistics.median(ts))}, p95 {_ms(_percentile(ts, 0.95))}, "
                  f"max {_ms(max(ts))} (target p95 <= 1000 ms)")
    for kind in ("open", "fragment", "full", "tab", "page"):
        ts = [r.seconds for r in results.reruns if r.kind == kind]
        if ts:
            print(f"  {kind:>8}: {len(ts):4d} reruns, p50 {_ms(statistics.median(ts))}, "
                  f"p95 {_ms(_percentile(ts, 0.95))}, max {_ms(max(ts))}")
    for page in PAGES:
        ts = [r.seconds for r in moves if r.page == page]
        if ts:
            print(f"  {page:>24}: {len(ts):4d} reruns, p50 {_ms(statistics.median(ts))}, "
                  f"p95 {_ms(_percentile(ts, 0.95))}")
    if results.reruns:
        print(f"server CPU: {server_cpu:.1f} s in {seconds:.0f} s, {_ms(server_cpu / len(results.reruns))} "
              f"per rerun (the first page opens' imports included)")
    total = sum(results.error_kinds.values())
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(results.error_kinds.items())) or "none"
    print(f"errors: {total} ({kinds}) (target 0)")
    for text, n in Counter(results.errors).most_common(10):
        print(f"  {n}x {text}")


async def _all(ports: Sequence[int], sessions: int, seconds: float, seed: int, page: str | None,
               own_seeds: bool) -> Results:
    """Run the sessions, session i on server `ports[i % len(ports)]` (servers behind a balancer)."""
    results = Results()
    urls = [f"ws://127.0.0.1:{port}/_stcore/stream" for port in ports]
    await asyncio.gather(*(_session(i, urls[i % len(urls)], seconds, seed, results, page, own_seeds)
                           for i in range(sessions)))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--page", choices=PAGES, help="every session on this page")
    parser.add_argument("--own-seeds", action="store_true", help="every action sets a new seed of the session's own")
    parser.add_argument("--floor", choices=("minimal", "floor"),
                        help="the same load on bench/minimal_app.py or bench/floor_app.py instead of the app")
    parser.add_argument("--servers", type=int, default=1,
                        help="this many servers of the same script, session i on server i mod n (a balancer)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    ports = [_free_port() for _ in range(args.servers)]
    logs = [OUT / f"bench-sessions-server{i or ''}.log" for i in range(args.servers)]
    with ExitStack() as stack:
        if args.floor == "minimal":
            minimal = ROOT / "bench" / "minimal_app.py"
            servers = [start_server(port, log, minimal) for port, log in zip(ports, logs, strict=True)]
        elif args.floor == "floor":
            script = stack.enter_context(_floor_script("floor_app.py"))
            servers = [start_server(port, log, script, warm=True) for port, log in zip(ports, logs, strict=True)]
        else:
            servers = [start_server(port, log) for port, log in zip(ports, logs, strict=True)]
        page = "" if args.floor else args.page
        try:
            if args.floor != "minimal":  # measured once the server's background warm-up is over
                warmed = [wait_warmed(log, models=not args.floor) for log in logs]  # a floor page trains no models
                print(f"warmed up in {', '.join(f'{w:.1f} s' for w in warmed)}")
            cpu_start = [_cpu_seconds(server.pid) for server in servers]
            results = asyncio.run(_all(ports, args.sessions, args.seconds, args.seed, page, args.own_seeds))
            cpu = [_cpu_seconds(server.pid) - before for server, before in zip(servers, cpu_start, strict=True)]
        finally:
            for server in servers:
                stop_server(server)
    report(results, args.seconds, args.sessions, sum(cpu))
    if len(cpu) > 1:
        print(f"servers' CPU: {', '.join(f'{c:.1f} s' for c in cpu)}")
    print(f"server logs: {', '.join(map(str, logs))}")


if __name__ == "__main__":
    main()
