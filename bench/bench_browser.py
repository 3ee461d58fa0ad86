"""Browser time from an epsilon change to the Histogram page fully redrawn, against a minimal page.

Target (issue 2): at most 3x the same step on a minimal Streamlit page with one slider and one
number. Both apps run with the project's .streamlit/config.toml on loopback; Playwright drives
Debian's chromium; each step is timed (after a few warm-up steps) from the key press until the script has
finished and the page shows the new numbers (for the histogram: the noisy chart's bars changed), polled on every
animation frame. Run: .venv/bin/python -m bench.bench_browser
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, open_app, start_server

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
STEPS = 12
WARMUP = 3  # first changes on a fresh server (imports, caches) are not the steady state

IDLE = "document.querySelector('[data-testid=stApp]').dataset.testScriptState === 'notRunning'"
NOISY_Y = "Array.from(document.querySelectorAll('.js-plotly-plot')[1]._fullData[0].y).join(',')"


def _serve(script: Path, port: int) -> subprocess.Popen[bytes]:
    log = (OUT / f"bench-browser-{port}.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
    )
    time.sleep(0.5)
    return proc


def _step_times(page: Page, changed_js: str, before_js: str) -> list[float]:
    slider = page.get_by_role("slider").first
    times = []
    for i in range(WARMUP + STEPS):
        before = page.evaluate(before_js)
        slider.focus()
        start = time.perf_counter()
        slider.press("ArrowLeft" if i % 2 else "ArrowRight")
        page.wait_for_function(
            f"(before) => ({IDLE}) && ({changed_js}) !== before", arg=before, polling="raf", timeout=60_000
        )
        times.append(time.perf_counter() - start)
    return times[WARMUP:]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    app_port, min_port = _free_port(), _free_port()
    app = start_server(app_port, OUT / "bench-browser-app.log")
    minimal = _serve(ROOT / "bench" / "minimal_app.py", min_port)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            open_app(page, f"http://127.0.0.1:{min_port}/")
            number = "document.querySelector('[data-testid=stMarkdown]').innerText"
            minimal_times = _step_times(page, number, number)
            open_app(page, f"http://127.0.0.1:{app_port}/Histogram_and_neighbour")
            page.wait_for_function("document.querySelectorAll('.js-plotly-plot').length >= 3", timeout=60_000)
            hist_times = _step_times(page, NOISY_Y, NOISY_Y)
            browser.close()
    finally:
        app.terminate()
        minimal.terminate()
    m, h = statistics.median(minimal_times), statistics.median(hist_times)
    print(f"minimal page (one slider, one number): median {m * 1000:.0f} ms over {STEPS} changes")
    print(f"histogram page, epsilon change:        median {h * 1000:.0f} ms over {STEPS} changes")
    print(f"ratio: {h / m:.2f}x (target <= 3x; well under 1 s wanted)")


if __name__ == "__main__":
    main()
