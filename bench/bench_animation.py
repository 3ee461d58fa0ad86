"""What the browser-played animations cost: prints figures, asserts nothing.

Against the minimal one-slider page (bench/minimal_app.py), measured in the same run with Debian's
chromium driven by Playwright, the project's config and bench/bench_browser.py's own measuring code
(imported, not copied):

1. Playback. The page is opened with the animation's expander open (from the address), then idle
   for WINDOW seconds (the baseline: nothing moves), then Play is pressed and the next WINDOW
   seconds are measured. Chrome's Performance metrics through CDP: TaskDuration (all main-thread
   work), ScriptDuration (JavaScript), LayoutDuration + RecalcStyleDuration, per second of
   playback, and the websocket messages sent and received meanwhile (0: no rerun, the browser
   plays alone). The minimal page's idle second is the reference.
2. Slider step (bench_browser.slider_steps: key press on the epsilon slider to the last change of
   the page, median, with the browser CPU per step) on the page with the animation's expander
   closed (the default) and open, and on the minimal page. The rule of CONTRIBUTING.md/issue 11:
   a page's step stays within 2x the minimal page.

Servers run on ports 8641-8642 (this benchmark's own), and are stopped at the end.
Run: .venv/bin/python -m bench.bench_animation   (options: --window, --steps, --warmup)
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from playwright.sync_api import Browser, Page, sync_playwright

from bench.bench_browser import (
    OBSERVER,
    OPEN_TIMEOUT_MS,
    OPENING,
    OUT,
    ROOT,
    STEP_QUIET_MS,
    VIEWPORT,
    Figures,
    _settle,
    slider_steps,
)
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server, wait_for_app_run
from ui.text.animations import EN

APP_PORT, MINIMAL_PORT = 8641, 8642
METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


@dataclass(frozen=True)
class Animation:
    name: str
    path: str  # the page, on the animation's tab
    opened: str  # the query parameter that opens the animation's expander


ANIMATIONS = (
    Animation("averaging attack", "/Attacks?att_tab=averaging", "att_anim=true"),
    Animation("hypothetical outcomes", "/Histogram_and_neighbour?", "hist_hops=true"),
)


@contextmanager
def servers() -> Iterator[tuple[str, str]]:
    app = start_server(APP_PORT, OUT / "bench-animation-app.log")
    try:
        minimal = start_server(MINIMAL_PORT, OUT / "bench-animation-minimal.log", ROOT / "bench" / "minimal_app.py")
        try:
            yield f"http://127.0.0.1:{APP_PORT}", f"http://127.0.0.1:{MINIMAL_PORT}"
        finally:
            stop_server(minimal)
    finally:
        stop_server(app)


def _metrics(cdp) -> dict[str, float]:  # noqa: ANN001 - a Playwright CDPSession
    values = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {name: values.get(name, 0.0) for name in METRICS}


def _traffic(page: Page) -> tuple[int, int]:
    t = page.evaluate("() => [window.__bench.sent, window.__bench.received]")
    return int(t[0]), int(t[1])


def _window(page: Page, cdp, seconds: float) -> dict[str, float]:  # noqa: ANN001
    """Main-thread milliseconds per second over the next `seconds`, and the messages exchanged."""
    start, traffic = _metrics(cdp), _traffic(page)
    page.wait_for_timeout(seconds * 1000)
    end, after = _metrics(cdp), _traffic(page)
    out = {name: (end[name] - start[name]) * 1000 / seconds for name in METRICS}
    out["sent"], out["received"] = after[0] - traffic[0], after[1] - traffic[1]
    return out


def _open(browser: Browser, url: str) -> tuple[Page, object]:
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(OBSERVER)
    page = context.new_page()
    page.goto(url, timeout=OPEN_TIMEOUT_MS)
    wait_for_app_run(page, initial_wait_ms=0)
    _settle(page, STEP_QUIET_MS, OPEN_TIMEOUT_MS, OPENING, charts=True)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    return page, cdp


def playback(browser: Browser, app: str, minimal: str, seconds: float) -> dict[str, dict[str, float]]:
    results: dict[str, dict[str, float]] = {}
    page, cdp = _open(browser, minimal + "/")
    results["minimal page, idle"] = _window(page, cdp, seconds)
    page.context.close()
    for animation in ANIMATIONS:
        page, cdp = _open(browser, f"{app}{animation.path}&{animation.opened}")
        chart = page.get_by_test_id("stPlotlyChart")
        chart.get_by_text(EN["play"], exact=True).wait_for()
        results[f"{animation.name}, idle"] = _window(page, cdp, seconds)
        chart.get_by_text(EN["play"], exact=True).click()
        results[f"{animation.name}, playing"] = _window(page, cdp, seconds)
        page.context.close()
    return results


def steps(browser: Browser, app: str, minimal: str, warmup: int, count: int) -> dict[str, Figures]:
    targets = [("minimal page", minimal + "/")]
    for animation in ANIMATIONS:
        targets.append((f"{animation.name} page, animation closed", f"{app}{animation.path}"))
        targets.append((f"{animation.name} page, animation open", f"{app}{animation.path}&{animation.opened}"))
    results: dict[str, Figures] = {}
    for name, url in targets:
        figures = results[name] = Figures()
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(OBSERVER)
        page = context.new_page()
        try:
            slider_steps(page, url, warmup, count, figures)
        except Exception as exc:  # noqa: BLE001 - a page that breaks is a finding
            figures.problems.append(f"failed: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
        context.close()
    return results


def report_playback(results: dict[str, dict[str, float]], seconds: float) -> None:
    print(f"1. playback: browser main-thread ms per second over {seconds:g} s (Chrome CDP metrics)")
    base = results["minimal page, idle"]["TaskDuration"]
    for name, r in results.items():
        layout = r["LayoutDuration"] + r["RecalcStyleDuration"]
        ratio = f"{r['TaskDuration'] / base:5.1f}x" if base else "n/a"
        print(f"  {name:>34}: task {r['TaskDuration']:6.1f} ms/s ({ratio} the idle minimal page), "
              f"script {r['ScriptDuration']:6.1f} ms/s, layout+style {layout:5.1f} ms/s, "
              f"websocket messages sent {int(r['sent'])}, received {int(r['received'])}")


def report_steps(results: dict[str, Figures], count: int) -> None:
    print(f"2. epsilon slider step, key press to the last change (median of {count}; target <= 2x the minimal page)")
    base = results["minimal page"]
    m = statistics.median(base.times) if base.times else None
    mc = statistics.median(base.cpu) if base.cpu else None
    for name, f in results.items():
        if not f.times:
            print(f"  {name:>46}: no figure {f.problems}")
            continue
        t, c = statistics.median(f.times), statistics.median(f.cpu)
        ratio = f"{t / m:.2f}x" if m else "n/a"
        cpu_ratio = f"{c / mc:.2f}x" if mc else "n/a"
        print(f"  {name:>46}: {t * 1000:5.0f} ms ({ratio}), browser CPU {c * 1000:4.0f} ms ({cpu_ratio}), "
              f"{len(f.times)} steps, {f.note}")
        for problem in dict.fromkeys(f.problems):
            print(f"      problem: {problem}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--window", type=float, default=6.0, help="seconds measured idle and playing")
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p, servers() as (app, minimal):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            report_playback(playback(browser, app, minimal, args.window), args.window)
            report_steps(steps(browser, app, minimal, args.warmup, args.steps), args.steps)
        finally:
            browser.close()
    print(f"server logs: {OUT}/bench-animation-*.log")


if __name__ == "__main__":
    main()
