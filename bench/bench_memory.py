"""Memory of a class uploading big files: the server's memory per session, and whether it returns.

Target (issue): 30 sessions each uploading a 50 MB CSV; print the server's memory per session and
check that it returns when the sessions end (no leak).

Starts the app as `scripts/run_app.sh` does on a free loopback port and speaks Streamlit's protocol
as the browser does (the websocket client of `bench.bench_sessions`): each session opens the
Histogram page with `?data=upload`, asks for an upload address (`file_urls_request`), sends the file
with an HTTP PUT (multipart, with the XSRF cookie and header the browser sends), then reruns with the
uploader's `file_uploader_state_value`, as the frontend does after a drop. The file is the bundled
`data/adult.csv` repeated to 50 MB (1.7 million rows of 14 integer columns). The run after the
upload counts the parsed table for the charts (which hold the release at every epsilon: a step of
their slider never reaches the server with the data), so the table is really in use.

The server's resident memory (VmRSS from /proc) is read: once the app is warm (one session on the
page, bundled data); with all sessions holding their upload (and the peak while uploading); right
after they disconnect; and once Streamlit's reconnect grace has passed (it keeps a disconnected
session 2 minutes, then drops it when another tab closes: one short visit does that) and the app's
collector has run (`ui.upload_memory`: dropped sessions sit in reference cycles until a full
garbage collection, which the app runs once a minute after the first upload).
Per session = (holding - warm) / sessions. A second round shows whether anything accumulates
(no leak: the second round's "after" stays near the first's).

Every upload's end is counted: held, or refused by the server's bounds (`ui.upload_store`: one
parsed table at most MAX_UPLOAD_HELD_MB, all together at most MAX_UPLOADS_HELD_MB). `--short-rows`
uploads rows of one number and one short word, which take about 4x their bytes once read (the
audit's four tabs of 143 MB of short rows took 2.5 GB).

Run: .venv/bin/python -m bench.bench_memory [--sessions 30] [--mb 50] [--rounds 2] [--grace 125] [--short-rows]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

import requests
import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Common_pb2 import FileURLs
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench.bench_sessions import Results, Session
from dpcore.limits import MAX_UPLOAD_HELD_MB, MAX_UPLOADS_HELD_MB
from tests.e2e.conftest import _free_port, start_server, stop_server
from ui.text.common import TEXT
from ui.upload_memory import COLLECT_EVERY_S

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
PAGE = "Histogram_and_neighbour"
MB = 2**20


def make_csv(megabytes: int, short_rows: bool = False) -> Path:
    """data/adult.csv's rows repeated to `megabytes` (whole rows), written once to bench/out; with
    `short_rows`, rows of one number and one short word (what takes most memory per byte read)."""
    path = OUT / f"upload-{megabytes}mb{'-short' if short_rows else ''}.csv"
    if not path.exists():
        if short_rows:
            head, body = b"n,word", b"".join(b"%d,w%d\n" % (i % 10, i % 97) for i in range(10_000))
        else:
            head, body = (ROOT / "data" / "adult.csv").read_bytes().split(b"\n", 1)
        data = (head + b"\n" + body * (megabytes * MB // len(body) + 1))[: megabytes * MB]
        path.write_bytes(data[: data.rfind(b"\n") + 1])
    return path


def rss_mb(pid: int) -> float:
    """The process's resident memory in MiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


class PeakSampler(threading.Thread):
    """Reads the server's RSS every 0.2 s and keeps the largest."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0.0, True

    def run(self) -> None:
        while self.running:
            self.peak = max(self.peak, rss_mb(self.pid))
            time.sleep(0.2)


class UploadSession(Session):
    """A browser tab that uploads one file through the sidebar's uploader. A class uploading at
    once queues on 2 cores: a rerun may take minutes, as it would in the browser (no error)."""

    timeout_s = 600.0
    uploader_id = ""
    refused = ""  # the sidebar's error when the server would not hold the upload (ui.upload_store)

    def _delta(self, fwd: ForwardMsg, seen: set[str]) -> None:
        delta = fwd.delta
        if delta.WhichOneof("type") == "new_element" and delta.new_element.WhichOneof("type") == "file_uploader":
            uploader = delta.new_element.file_uploader
            if ".csv" in uploader.type:  # the dataset's uploader, not the lesson file's
                self.uploader_id = uploader.id
        if delta.WhichOneof("type") == "new_element" and delta.new_element.WhichOneof("type") == "alert":
            body = delta.new_element.alert.body
            for reason in ("too_large", "server_full"):
                if TEXT[f"upload_refused_{reason}"].split("{")[0][:30] in body:
                    self.refused = reason
        super()._delta(fwd, seen)

    async def _file_urls(self, name: str) -> FileURLs:
        """Ask for an upload address, as the uploader does when a file is dropped on it."""
        msg = BackMsg()
        request = msg.file_urls_request
        request.request_id = uuid.uuid4().hex
        request.session_id = self.session_id
        request.file_names.append(name)
        await self.ws.send(msg.SerializeToString())
        while True:
            fwd = ForwardMsg()
            fwd.ParseFromString(await asyncio.wait_for(self.ws.recv(), self.timeout_s))
            if fwd.WhichOneof("type") == "file_urls_response" and fwd.file_urls_response.response_id == request.request_id:
                return fwd.file_urls_response.file_urls[0]

    async def upload(self, http: requests.Session, base: str, path: Path) -> None:
        """Send the file (HTTP PUT with the XSRF token), then rerun with it in the uploader."""
        urls = await self._file_urls(path.name)

        def put() -> int:
            with path.open("rb") as f:
                response = http.put(base + urls.upload_url, files={"file": (path.name, f, "text/csv")},
                                    headers={"X-Xsrftoken": http.cookies.get("_streamlit_xsrf", "")},
                                    timeout=300)
            return response.status_code

        status = await asyncio.to_thread(put)
        if status != 204:
            raise RuntimeError(f"upload refused: HTTP {status}")
        key = self.uploader_id
        state = WidgetState(id=key)
        info = state.file_uploader_state_value.uploaded_file_info.add()
        info.name, info.size, info.file_id = path.name, path.stat().st_size, urls.file_id
        info.file_urls.CopyFrom(urls)
        self.values[key] = state
        await self.run("upload")
        del self.values[key]  # the app drew a fresh, empty uploader: the browser forgets this one


async def _session(index: int, base: str, path: Path, results: Results, uploaded: asyncio.Queue[str],
                   release: asyncio.Event) -> None:
    """One person: open the page on an upload, upload (the charts are drawn from it), stay until released."""
    http = requests.Session()
    try:
        await asyncio.to_thread(http.get, base + "/_stcore/health", timeout=60)  # sets the XSRF cookie, as on a page load
        async with websockets.connect(base.replace("http", "ws", 1) + "/_stcore/stream",
                                      subprotocols=["streamlit"], max_size=None, open_timeout=60,
                                      ping_interval=None) as ws:
            session = UploadSession(ws, random.Random(index), results)
            session.page, session.query = PAGE, "data=upload"  # a link that opens on the uploader
            await session.run("open", page_name=PAGE)
            await session.upload(http, base, path)
            uploaded.put_nowait(session.refused or "held")
            await release.wait()
    except Exception as exc:  # every failure is counted, and the round goes on without this session
        results.error("session", f"{index}: {exc!r}")
        uploaded.put_nowait("error")


async def _warm(base: str, results: Results) -> None:
    """One short session on the page with bundled data: imports and caches, as after a first visit."""
    async with websockets.connect(base.replace("http", "ws", 1) + "/_stcore/stream",
                                  subprotocols=["streamlit"], max_size=None, open_timeout=60,
                                  ping_interval=None) as ws:
        session = Session(ws, random.Random(0), results)
        await session.open(PAGE)


async def _round(base: str, path: Path, sessions: int, pid: int,
                 results: Results) -> tuple[float, float, float, Counter[str]]:
    """All sessions upload at once and hold; returns (peak, holding, right after they left) in MiB and
    how the uploads ended (held, refused as too large or with the server full, error)."""
    sampler = PeakSampler(pid)
    sampler.start()
    uploaded: asyncio.Queue[str] = asyncio.Queue()
    release = asyncio.Event()
    tasks = [asyncio.create_task(_session(i, base, path, results, uploaded, release)) for i in range(sessions)]
    ends = Counter([await uploaded.get() for _ in range(sessions)])
    await asyncio.sleep(2)
    holding = rss_mb(pid)
    release.set()
    await asyncio.gather(*tasks)
    await asyncio.sleep(3)
    sampler.running = False
    return sampler.peak, holding, rss_mb(pid), ends


async def _all(port: int, args: argparse.Namespace, pid: int, path: Path) -> Results:
    results = Results()
    base = f"http://127.0.0.1:{port}"
    await _warm(base, results)
    await asyncio.sleep(2)
    warm = rss_mb(pid)
    print(f"server warm (one visit, bundled data): {warm:.0f} MiB; the uploads' tables are bounded to "
          f"{MAX_UPLOAD_HELD_MB} MiB each and {MAX_UPLOADS_HELD_MB} MiB together (ui.upload_store)")
    for n in range(1, args.rounds + 1):
        start, len_before = time.perf_counter(), len(results.reruns)
        peak, holding, left, ends = await _round(base, path, args.sessions, pid, results)
        uploads = sorted(r.seconds for r in results.reruns[len_before:] if r.kind == "upload")
        print(f"round {n}: uploads held {ends['held']}, refused as too large {ends['too_large']}, refused with "
              f"the server full {ends['server_full']}, failed {ends['error']}")
        print(f"round {n}: {len(uploads)} of {args.sessions} sessions uploaded {path.stat().st_size / MB:.0f} MB "
              f"each in {time.perf_counter() - start:.0f} s (the rerun that parses it: p50 "
              f"{statistics.median(uploads or [0]):.1f} s, max {max(uploads or [0]):.1f} s); peak {peak:.0f} MiB, "
              f"holding {holding:.0f} MiB = {(holding - warm) / args.sessions:.0f} MiB per session; "
              f"right after they left {left:.0f} MiB")
        await asyncio.sleep(args.grace)
        await _warm(base, results)  # a tab that closes: Streamlit drops the sessions past their grace
        await asyncio.sleep(COLLECT_EVERY_S + 5)  # the app's collector frees them within a minute
        after = rss_mb(pid)
        print(f"round {n}: {args.grace:.0f} s later, one more visit and {COLLECT_EVERY_S + 5:.0f} s: {after:.0f} MiB "
              f"({after - warm:+.0f} MiB against warm)")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--mb", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--grace", type=float, default=125.0, help="seconds to wait after a round")
    parser.add_argument("--short-rows", action="store_true", help="a file of short rows (4x its size once read)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    path = make_csv(args.mb, args.short_rows)
    port = _free_port()
    log = OUT / "bench-memory-server.log"
    server = start_server(port, log)
    try:
        results = asyncio.run(_all(port, args, server.pid, path))
    finally:
        stop_server(server)
    total = sum(results.error_kinds.values())
    print(f"errors: {total} (target 0)")
    for text in results.errors[:10]:
        print(f"  {text}")
    print(f"server log: {log}")


if __name__ == "__main__":
    main()
