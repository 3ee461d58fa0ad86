"""60 students answering a live poll within 10 seconds, through the app, while one of them tries to
answer many times: answers lost, what the cheater got counted, and the time until the teacher's view
shows all of them.

Starts the app (`python -m ui.serve`) on a loopback port with its own SQLite file (or the
DATABASE_URL given), opens a poll through the store, and opens the teacher's link in Debian's
chromium (Playwright): the teacher's view refreshes itself every second (`st.fragment(run_every=1)`,
driven by the browser). Then N students connect as Streamlit websocket sessions (the protocol of
bench/bench_sessions.py: `/_stcore/stream`, protobuf BackMsg / ForwardMsg), each opens
`?poll=<code>` (a full page run: question, explanation, the Yes / No component), and at a random
moment within the window randomizes its answer as the component's JavaScript does (p from the poll,
here with `secrets`) and sends only the randomized answer with its browser's token, as the
component's trigger value ("answer": "yes:<token>" / "no:<token>") on the component's trigger widget.
A student counts as answered when its rerun ends with "Received:" on the page.

Each student has its own network address (the server trusts X-Forwarded-For from loopback, as it
would from a reverse proxy on the same machine), or with `--nat` all share one, as a class behind a
school's NAT. Student 0 cheats: after its answer it presses again `--cheat-same` times in the same
session, each time with a made-up browser token, then opens `--cheat-sessions` fresh sessions one after
the other (a cleared browser, private windows, a script), each answering once with a new token. The
rule: one answer per session and browser token, at most POLL_MAX_ANSWERS_PER_ADDRESS per address
(`--address-cap`, default 10 with own addresses; the app's 200 with `--nat`).

Printed: answers sent, recorded (page said so), in the database, lost (an honest answer not in the
database: target 0), doubled (a second press per student is sent too and must be refused), what the
cheater tried and got counted against what the rule allows, the tally against what was recorded, the
answer reruns' times, and the time from the last answer's rerun ending until the teacher's browser
shows the full count (target: within 2 s). The students' own client runs in this process on the same
2-core machine as the server and the teacher's browser.

Run: .venv/bin/python -m bench.bench_poll [--students 60] [--window 10] [--port 8621] [--seed 1]
     [--cheat-same 20] [--cheat-sessions 30] [--address-cap N] [--nat]
     [--postgres]  (a throwaway PostgreSQL server instead of the SQLite file)
     [--with-sessions 30 --sessions-page Attacks]  (meanwhile others move sliders, as bench_sessions)
     [--servers 2]  (with --postgres: students and slider sessions alternate between two servers,
                     the teacher's view on the first, as a class too big for one process)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import statistics
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from playwright.async_api import async_playwright
from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server, wait_warmed
from tests.postgres import throwaway_postgres

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
TERMINAL = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
            ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}
TIMEOUT_S = 60.0


@dataclass
class Student:
    index: int
    sent_yes: bool | None = None
    recorded: bool = False
    second_refused: bool = False
    answer_seconds: float = 0.0
    finished_at: float = 0.0
    errors: list[str] = field(default_factory=list)
    extra_tried: int = 0  # the cheater's further presses and fresh sessions
    extra_yes: list[bool] = field(default_factory=list)  # the randomized answers of those recorded
    extra_refused: dict[str, int] = field(default_factory=dict)  # why the others were not


@dataclass(frozen=True)
class Cheat:
    same: int  # further presses in the same session, each with a made-up browser token
    sessions: int  # fresh sessions, one after the other, each answering once


REFUSALS = {"already answered": "duplicate", "as many as it takes from one address": "address cap",
            "arriving from your network address": "too fast", "poll store": "store problem"}


class Connection:
    """One student's tab as the server sees it."""

    def __init__(self, ws: websockets.ClientConnection, query: str) -> None:
        self.ws, self.query = ws, query
        self.component_id = ""
        self.page_hash = ""  # the poll page's script hash, as the app's navigation names it

    async def run(self, widgets: list[WidgetState]) -> str:
        """Send a rerun of the poll page (named on every run, as a link does); return the page's
        markdown and alerts of that run, joined."""
        msg = BackMsg()
        msg.rerun_script.query_string = self.query
        if self.page_hash:  # later runs name the page by its hash, as the browser does
            msg.rerun_script.page_script_hash = self.page_hash
        else:
            msg.rerun_script.page_name = "Live_poll"
        msg.rerun_script.widget_states.widgets.extend(widgets)
        await self.ws.send(msg.SerializeToString())
        return await asyncio.wait_for(self._receive(), TIMEOUT_S)

    async def _receive(self) -> str:
        texts: list[str] = []
        while True:
            fwd = ForwardMsg()
            fwd.ParseFromString(await self.ws.recv())
            kind = fwd.WhichOneof("type")
            if kind == "navigation":
                self.page_hash = next((p.page_script_hash for p in fwd.navigation.app_pages
                                       if p.url_pathname == "Live_poll"), self.page_hash)
            elif kind == "page_info_changed":
                self.query = fwd.page_info_changed.query_string
            elif kind == "delta" and fwd.delta.WhichOneof("type") == "new_element":
                el = fwd.delta.new_element
                etype = el.WhichOneof("type")
                if etype == "bidi_component":
                    self.component_id = el.bidi_component.id
                elif etype == "alert":
                    texts.append(el.alert.body)
                elif etype == "markdown":
                    texts.append(el.markdown.body)
                elif etype == "exception":
                    texts.append(f"EXCEPTION {el.exception.message}")
            elif kind == "script_finished" and fwd.script_finished in TERMINAL:
                return "\n".join(texts)

    def answer(self, yes: bool, device: str) -> list[WidgetState]:
        """What the component sends: its trigger aggregator with one "answer" event, the randomized
        answer and the browser's token (32 hex digits from its localStorage)."""
        state = WidgetState(id=_make_trigger_id(self.component_id, "events"))
        state.json_trigger_value = json.dumps([{"event": "answer", "value": f"{'yes' if yes else 'no'}:{device}"}])
        return [state]


def _connect(url: str, address: str) -> websockets.connect:
    return websockets.connect(url, subprotocols=["streamlit"], max_size=None, open_timeout=60, ping_interval=None,
                              additional_headers={"X-Forwarded-For": address})


def _randomized(p: float, truth: bool) -> bool:
    """The component's draw, on the "device": the truth with probability p."""
    return truth if secrets.randbelow(2**32) / 2**32 < p else not truth


def _refusal(page: str) -> str:
    return next((why for text, why in REFUSALS.items() if text in page), "other")


async def cheat(result: Student, conn: Connection, url: str, code: str, p: float, address: str,
                plan: Cheat) -> None:
    """Student 0 after its own answer: made-up tokens in its session, then fresh sessions."""
    pages = []
    for _ in range(plan.same):
        pages.append((await conn.run(conn.answer(_randomized(p, True), secrets.token_hex(16))), None))
    for _ in range(plan.sessions):
        async with _connect(url, address) as ws:
            fresh = Connection(ws, f"poll={code}")
            await fresh.run([])
            sent = _randomized(p, True)
            pages.append((await fresh.run(fresh.answer(sent, secrets.token_hex(16))), sent))
    for page, sent in pages:
        result.extra_tried += 1
        if "EXCEPTION" in page:
            result.errors.append("exception shown to the cheater")
        if "Received:" in page and sent is not None:
            result.extra_yes.append(sent)
        else:
            why = _refusal(page)
            result.extra_refused[why] = result.extra_refused.get(why, 0) + 1


@dataclass
class Gate:
    """Every student opens the page first; the answering window opens when all are in."""

    expected: int
    opened: asyncio.Event = field(default_factory=asyncio.Event)
    go: asyncio.Event = field(default_factory=asyncio.Event)
    ready: int = 0
    start: float = 0.0


async def student(index: int, url: str, code: str, p: float, truth: bool, window: float,
                  rng: random.Random, gate: Gate, address: str, plan: Cheat | None) -> Student:
    result = Student(index)
    device = secrets.token_hex(16)
    try:
        async with _connect(url, address) as ws:
            conn = Connection(ws, f"poll={code}")
            page = await conn.run([])
            if not conn.component_id or "EXCEPTION" in page:
                result.errors.append(f"page without buttons: {page[:200]}")
                return result
            gate.ready += 1
            if gate.ready == gate.expected:
                gate.opened.set()
            await gate.go.wait()
            await asyncio.sleep(max(0.0, gate.start + rng.uniform(0, window) - time.perf_counter()))
            sent = _randomized(p, truth)
            t0 = time.perf_counter()
            page = await conn.run(conn.answer(sent, device))
            result.answer_seconds = time.perf_counter() - t0
            result.finished_at = time.perf_counter()
            result.sent_yes = sent
            result.recorded = "Received:" in page
            again = await conn.run(conn.answer(not sent, device))  # a double tap with the other answer
            result.second_refused = "already answered" in again
            if "EXCEPTION" in page or "EXCEPTION" in again:
                result.errors.append("exception shown")
            if not result.recorded:
                result.errors.append(f"not recorded ({_refusal(page)})")
            if plan is not None:
                await cheat(result, conn, url, code, p, address, plan)
                result.finished_at = time.perf_counter()  # its last answer
    except (OSError, TimeoutError, websockets.ConnectionClosed) as exc:
        result.errors.append(repr(exc))
    return result


async def scenario(ports: list[int], students: int, window: float, seed: int, plan: Cheat, nat: bool,
                   cap: int) -> None:
    from ui.classroom import store

    engine = store.make_engine(store.database_url())
    poll, secret = store.create_poll(engine, "Did you sleep eight hours last night?", 1.0986)
    rng = random.Random(seed)
    truths = [rng.random() < 0.4 for _ in range(students)]
    base = f"http://127.0.0.1:{ports[0]}/Live_poll"  # the teacher's view on the first server
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        teacher = await (await browser.new_context(viewport={"width": 1920, "height": 1080})).new_page()
        await teacher.goto(f"{base}?poll={poll.code}&teacher={secret}")
        await teacher.get_by_text("No answers yet").wait_for(timeout=60_000)
        gate = Gate(students)
        urls = [f"ws://127.0.0.1:{port}/_stcore/stream" for port in ports]  # student i on server i mod n
        addresses = ["198.51.100.1" if nat else f"10.{i // 250}.{i % 250}.{1 + seed % 250}" for i in range(students)]
        tasks = [asyncio.create_task(student(i, urls[i % len(urls)], poll.code, poll.p, truths[i], window,
                                             random.Random(seed * 1000 + i), gate, addresses[i],
                                             plan if i == 0 else None))
                 for i in range(students)]
        t_open = time.perf_counter()
        await asyncio.wait([asyncio.create_task(gate.opened.wait()), *tasks], timeout=300,
                           return_when=asyncio.FIRST_COMPLETED)
        opening = time.perf_counter() - t_open
        start = gate.start = time.perf_counter()  # the window opens now for everyone
        gate.go.set()
        results = await asyncio.gather(*tasks)
        last_answer = max((r.finished_at for r in results if r.finished_at), default=start)
        sent = sum(r.sent_yes is not None for r in results)
        extra = [yes for r in results for yes in r.extra_yes]
        expected = sum(r.recorded for r in results) + len(extra)
        label = f"{expected} answer" + ("" if expected == 1 else "s") + " received"
        try:
            await teacher.get_by_text(label).wait_for(timeout=30_000)
            shown = time.perf_counter()
        except Exception:  # noqa: BLE001
            shown = float("nan")
        await browser.close()
    tally = store.tally(engine, poll.id)
    recorded = [r for r in results if r.recorded]
    recorded_yes = sum(bool(r.sent_yes) for r in recorded) + sum(extra)
    times = [r.answer_seconds for r in results if r.sent_yes is not None]
    errors = [e for r in results for e in r.errors]
    print(f"{len(ports)} server(s), one database; {students} students; pages opened in {opening:.1f} s; "
          f"answers sent within {window:.0f} s "
          f"(the last rerun ended {last_answer - start:.1f} s after the window opened)")
    print(f"addresses: {'one for the whole class (--nat)' if nat else 'one per student'}; "
          f"answers per address at most {cap}")
    print(f"first answers sent {sent}, recorded (page said so) {len(recorded)}, in the database {tally.n} "
          f"(the cheater's extra ones included: {len(extra)}); honest answers lost: "
          f"{sent - len(recorded)} refused + {max(0, expected - tally.n)} acknowledged but missing (target 0 + 0)")
    print(f"second presses refused: {sum(r.second_refused for r in results)} of {sent}; doubled: "
          f"{max(0, tally.n - expected)} (target 0)")
    cheater = results[0]
    others = len(recorded) - int(cheater.recorded) if nat else 0  # behind one NAT the class shares the cap
    allowed = min(1 + plan.sessions, cap - others)
    print(f"cheater: tried {1 + cheater.extra_tried} answers ({plan.same} more in its session with made-up "
          f"tokens, {plan.sessions} fresh sessions), counted {int(cheater.recorded) + len(extra)} "
          f"(the rule allows at most {allowed}: one per session, {cap} per address); refused: "
          f"{dict(sorted(cheater.extra_refused.items()))}")
    print(f"tally: database {tally.n_yes} yes of {tally.n}; recorded {recorded_yes} yes of {expected} "
          f"({'equal' if (tally.n_yes, tally.n) == (recorded_yes, expected) else 'DIFFERENT'})")
    if times:
        ordered = sorted(times)
        print(f"answer rerun (send to script_finished): p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {ordered[round(0.95 * (len(ordered) - 1))] * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")
    print(f"time until the teacher's view shows all {expected}: {shown - last_answer:.2f} s after the last answer's "
          f"rerun ended (target <= 2 s; the view refreshes every 1 s)")
    print(f"errors: {len(errors)}" + "".join(f"\n  {e}" for e in errors[:10]))
    engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--window", type=float, default=10.0, help="seconds within which all answer")
    parser.add_argument("--port", type=int, default=8621)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", action="store_true",
                        help="start a throwaway PostgreSQL server (tests/postgres.py) instead of SQLite")
    parser.add_argument("--cheat-same", type=int, default=20, help="student 0's extra presses in its session")
    parser.add_argument("--cheat-sessions", type=int, default=30, help="student 0's fresh sessions")
    parser.add_argument("--nat", action="store_true", help="the whole class behind one address")
    parser.add_argument("--with-sessions", type=int, default=0,
                        help="meanwhile, this many sessions move sliders on --sessions-page (bench_sessions)")
    parser.add_argument("--sessions-page", default="Attacks")
    parser.add_argument("--servers", type=int, default=1,
                        help="app servers on one database (ports --port, --port+1, ...), as behind a balancer; "
                             "more than one needs --postgres")
    parser.add_argument("--address-cap", type=int, default=0,
                        help="POLL_MAX_ANSWERS_PER_ADDRESS for the server (default: 10, or the app's with --nat)")
    args = parser.parse_args()
    if args.servers > 1 and not args.postgres:
        parser.error("--servers above 1 needs --postgres (servers share a PostgreSQL database)")
    from ui.classroom import limits

    if args.address_cap or not args.nat:
        os.environ[limits.MAX_PER_ADDRESS_ENV] = str(args.address_cap or 10)
    OUT.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        if args.postgres:
            os.environ["DATABASE_URL"] = stack.enter_context(throwaway_postgres())
        else:
            folder = Path(tempfile.mkdtemp(prefix="bench-poll-"))
            os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder / 'polls.sqlite'}")
        print(f"database: {os.environ['DATABASE_URL'].split('@')[-1]}")
        _serve_and_run(args)


def _serve_and_run(args: argparse.Namespace) -> None:
    ports = [args.port + i for i in range(args.servers)]
    logs = [OUT / f"bench-poll-server{i or ''}.log" for i in range(args.servers)]
    servers = [start_server(port, log) for port, log in zip(ports, logs, strict=True)]
    try:
        warm = [wait_warmed(log) for log in logs]  # the teacher started the server before the class came
        print(f"servers warmed up in {', '.join(f'{w:.1f} s' for w in warm)} before the class arrives")
        from bench import bench_sessions
        from ui.classroom import limits

        poll = scenario(ports, args.students, args.window, args.seed,
                        Cheat(args.cheat_same, args.cheat_sessions), args.nat, limits.max_answers_per_address())
        if not args.with_sessions:
            asyncio.run(poll)
            return
        seconds = args.window + 20  # the sliders move before, during and after the answers

        async def together() -> bench_sessions.Results:
            sliders = asyncio.ensure_future(bench_sessions._all(ports, args.with_sessions, seconds, args.seed,
                                                                args.sessions_page, False))
            await asyncio.sleep(5)  # the slider sessions are under way when the students come
            await poll
            return await sliders

        cpu = [bench_sessions._cpu_seconds(server.pid) for server in servers]
        client, wall = time.process_time(), time.perf_counter()
        moved = asyncio.run(together())
        client, wall = time.process_time() - client, time.perf_counter() - wall
        cpu = [bench_sessions._cpu_seconds(server.pid) - before for server, before in zip(servers, cpu, strict=True)]
        print(f"in {wall:.0f} s: the servers used {sum(cpu):.1f} s of CPU, this load generator (every student's and "
              f"slider session's client) {client:.1f} s, on {os.cpu_count()} cores shared with the teacher's browser")
        print(f"meanwhile on /{args.sessions_page} (session i on server i mod {len(servers)}); "
              f"servers' CPU: {', '.join(f'{c:.1f} s' for c in cpu)}:")
        bench_sessions.report(moved, seconds, args.with_sessions, sum(cpu))
    finally:
        for server in servers:
            stop_server(server)
    print(f"server logs: {', '.join(map(str, logs))}")


if __name__ == "__main__":
    main()
