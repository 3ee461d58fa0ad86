"""Browser time from an epsilon change to the Histogram page fully redrawn, against a minimal page.

Target (issue 2): at most 3x the same step on a minimal Streamlit page with one slider and one
number. Both apps run with the project's .streamlit/config.toml on loopback; Playwright drives
Debian's chromium; each step is timed (after a few warm-up steps) from the key press until the script has
finished and the page shows the new numbers (for the histogram: the noisy chart's bars changed), polled on every
animation frame, plus two more frames so the browser has painted. The key goes to the focused slider with
`page.keyboard`, not through a locator: resolving a locator walks the whole page, Playwright's cost, not the
app's. Also printed: the browser's main-thread CPU per step (Chrome's TaskDuration), steadier than wall time
on a shared machine. For scale it then times a step of the first slider on every other page
(until the page's texts change). Run: .venv/bin/python -m bench.bench_browser
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
# The noisy histogram (second chart): the labels Vega gives its bars, which carry their heights.
NOISY_BARS = (
    "Array.from(document.querySelectorAll('[data-testid=stVegaLiteChart]')[1]"
    ".querySelectorAll('g.layer_1_marks path')).map(p => p.getAttribute('aria-label')).join('|')"
)
PAINTED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(0))))"


def _serve(script: Path, port: int) -> subprocess.Popen[bytes]:
    log = (OUT / f"bench-browser-{port}.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
    )
    time.sleep(0.5)
    return proc


def _step_times(page: Page, changed_js: str) -> tuple[list[float], list[float]]:
    """Wall-clock seconds and browser main-thread CPU seconds of each epsilon step, warm-ups dropped."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def busy() -> float:
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        return next(m["value"] for m in metrics if m["name"] == "TaskDuration")

    page.get_by_role("slider").first.focus()
    times, cpu = [], []
    for i in range(WARMUP + STEPS):
        before = page.evaluate(changed_js)
        cpu_start = busy()
        start = time.perf_counter()
        page.keyboard.press("ArrowLeft" if i % 2 else "ArrowRight")
        page.wait_for_function(
            f"(before) => ({IDLE}) && ({changed_js}) !== before", arg=before, polling="raf", timeout=60_000
        )
        page.evaluate(PAINTED)
        times.append(time.perf_counter() - start)
        cpu.append(busy() - cpu_start)
    return times[WARMUP:], cpu[WARMUP:]


# The other pages, for scale (no target): a step of each page's first slider, until its texts change.
OTHER_PAGES = ("Attacks", "Attacker_posterior", "Exponential_mechanism", "Randomized_response")
TEXTS = "Array.from(document.querySelectorAll('[data-testid=stMarkdown]')).map(e => e.innerText).join('|')"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    app_port, min_port = _free_port(), _free_port()
    app = start_server(app_port, OUT / "bench-browser-app.log")
    minimal = _serve(ROOT / "bench" / "minimal_app.py", min_port)
    others: dict[str, tuple[list[float], list[float]]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            open_app(page, f"http://127.0.0.1:{min_port}/")
            number = "document.querySelector('[data-testid=stMarkdown]').innerText"
            minimal_times, minimal_cpu = _step_times(page, number)
            open_app(page, f"http://127.0.0.1:{app_port}/Histogram_and_neighbour")
            page.wait_for_function(f"(() => {{ try {{ return ({NOISY_BARS}).length > 0 }} catch {{ return false }} }})()",
                                   timeout=60_000)
            hist_times, hist_cpu = _step_times(page, NOISY_BARS)
            for path in OTHER_PAGES:
                open_app(page, f"http://127.0.0.1:{app_port}/{path}")
                others[path] = _step_times(page, TEXTS)
            browser.close()
    finally:
        app.terminate()
        minimal.terminate()
    m, h = statistics.median(minimal_times), statistics.median(hist_times)
    mc, hc = statistics.median(minimal_cpu), statistics.median(hist_cpu)
    print(f"minimal page (one slider, one number): median {m * 1000:.0f} ms over {STEPS} changes "
          f"(browser CPU {mc * 1000:.0f} ms)")
    print(f"histogram page, epsilon change:        median {h * 1000:.0f} ms over {STEPS} changes "
          f"(browser CPU {hc * 1000:.0f} ms)")
    print(f"ratio: {h / m:.2f}x (target <= 3x; well under 1 s wanted); browser CPU ratio {hc / mc:.2f}x")
    for path, (times, cpu) in others.items():
        t, c = statistics.median(times), statistics.median(cpu)
        print(f"for scale, {path}: first slider step median {t * 1000:.0f} ms ({t / m:.2f}x), "
              f"browser CPU {c * 1000:.0f} ms")


if __name__ == "__main__":
    main()
