"""Start plus first visit: from launching the server to the first visitor's page drawn, for the app
(`python -m ui.serve`, its warm-up in a background thread) against a minimal Streamlit page with one
slider and one Vega-Lite chart (`bench/minimal_chart_app.py`), in the same run (issue 33: aim for at
most 1.5x).

Each run launches a fresh server, polls its health check every 50 ms (the server accepts visitors),
then opens the page in a new browser context and waits until every chart is drawn and nothing has
changed for 600 ms (`bench_browser.cold_open`). Printed: the median of the runs, interleaved, of the
start (launch to health), the open and their sum, and the sum's ratio to the minimal page's. No
timing is asserted.

Run: .venv/bin/python -m bench.bench_start [--runs 3] [--pages "" Attacks]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.bench_browser import OUT, cold_open
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, stop_server

ROOT = Path(__file__).resolve().parents[1]
MINIMAL = "minimal chart page"


def launch(script: Path | None, port: int, log: Path) -> tuple[subprocess.Popen[bytes], float]:
    """The server (the app through ui.serve, or `streamlit run script`) and the seconds until its
    health check answers."""
    command = ["-m", "ui.serve"] if script is None else ["-m", "streamlit", "run", str(script)]
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, *command, "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--server.headless", "true", "--browser.gatherUsageStats", "false"],
                            cwd=ROOT, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    while time.monotonic() - t0 < 60:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return proc, time.monotonic() - t0
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"no server; see {log}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", nargs="*", default=["", "Attacks"], help="the app's pages ('' is home)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    names = [MINIMAL, *args.pages]
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for _ in range(args.runs):
                for name in names:
                    port = _free_port()
                    script = ROOT / "bench" / "minimal_chart_app.py" if name == MINIMAL else None
                    proc, started = launch(script, port, OUT / f"bench-start-{name or 'home'}.log")
                    path = "" if name == MINIMAL else name
                    try:
                        opened, problem = cold_open(browser, f"http://127.0.0.1:{port}/{path}")
                    finally:
                        stop_server(proc)
                    if opened is None:
                        print(f"  /{name}: {problem}")
                        continue
                    figures[name].append((started, opened))
        finally:
            browser.close()
    base = statistics.median(s + o for s, o in figures[MINIMAL]) if figures[MINIMAL] else None
    print(f"start plus first visit (median of {args.runs} fresh servers; aim <= 1.5x the {MINIMAL})")
    for name, runs in figures.items():
        if not runs:
            continue
        start, opened = statistics.median(s for s, _ in runs), statistics.median(o for _, o in runs)
        total = statistics.median(s + o for s, o in runs)
        ratio = f"{total / base:.2f}x" if base else "n/a"
        label = name if name == MINIMAL else f"/{name}"
        print(f"  {label:>20}: {total * 1000:5.0f} ms ({ratio}) = start {start * 1000:4.0f} ms + open "
              f"{opened * 1000:4.0f} ms; runs {', '.join(f'{(s + o) * 1000:.0f}' for s, o in runs)} ms")


if __name__ == "__main__":
    main()
