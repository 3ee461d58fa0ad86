"""The guided tour's first pass after a server start, as a teacher meets it: each step's time from
pressing Next until its stage is drawn, on a server just started (its warm-up still running in the
background) and again on the same server once warm (issue 33: the first pass took 8.9 s to reach the
averaging step and 10.9 s to the audit step).

Each run launches a fresh server (`python -m ui.serve`), opens the tour's first step in presentation
mode at 1920x1080 as soon as the health check answers, and presses Next through every step: a step
counts as shown when its heading is there, its chart's axes are drawn and the app's run is done
(`tests.e2e.conftest.wait_for_app_run`). Then, once the server says it is warmed up, a new browser
context goes through the tour again. Printed per step: the first pass and the warm pass (median
over the runs), and the first pass's time since launch. No timing is asserted.

Run: .venv/bin/python -m bench.bench_tour [--runs 2] [--lang en]
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from pathlib import Path

from playwright.sync_api import Browser, expect, sync_playwright

from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    _free_port,
    start_server,
    stop_server,
    wait_for_app_run,
    wait_warmed,
)
from ui.i18n import language
from ui.text.common import TEXT
from ui.views.lesson import TOUR

OUT = Path(__file__).resolve().parent / "out"
PROJECTOR = {"width": 1920, "height": 1080}


def _heading(n: int, lang: str) -> re.Pattern[str]:
    with language(lang):
        return re.compile(re.escape(TEXT["lesson_heading"].format(n=n, total=len(TOUR()), title=TOUR()[n - 1].title)))


def tour_pass(browser: Browser, base: str, lang: str) -> list[float]:
    """Seconds each step took to show, the first from opening its address, the others from Next."""
    page = browser.new_context(viewport=PROJECTOR).new_page()
    seconds = []
    for index, step in enumerate(TOUR()):
        t0 = time.perf_counter()
        if index == 0:
            page.goto(f"{base}/?present=1&step=0&lang={lang}")
        else:
            with language(lang):
                page.get_by_role("button", name=TEXT["lesson_next"]).click()
        expect(page.get_by_text(_heading(index + 1, lang))).to_be_visible(timeout=120_000)
        if step.stage is not None:
            expect(page.locator(step.stage.main[0]).first).to_be_visible(timeout=120_000)
            if step.stage.menu:  # a chart: shown once its axes are drawn
                expect(page.locator(f"{step.stage.main[0]} g.role-axis-label text").first).to_be_attached(
                    timeout=120_000)
        wait_for_app_run(page, initial_wait_ms=0)
        seconds.append(time.perf_counter() - t0)
    page.context.close()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--lang", default="en", choices=("en", "zh"))
    args = parser.parse_args()
    first, warm, since_launch = [], [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for run in range(args.runs):
            port, log = _free_port(), OUT / f"bench-tour-server{run}.log"
            launched = time.perf_counter()
            server = start_server(port, log)
            try:
                started = time.perf_counter() - launched
                first.append(tour_pass(browser, f"http://127.0.0.1:{port}", args.lang))
                since_launch.append([started + sum(first[-1][: i + 1]) for i in range(len(first[-1]))])
                warmed = wait_warmed(log)
                warm.append(tour_pass(browser, f"http://127.0.0.1:{port}", args.lang))
                print(f"run {run + 1}: health check after {started:.1f} s, warmed up in {warmed:.1f} s")
            finally:
                stop_server(server)
        browser.close()
    print(f"{'step':<52} {'first pass':>10} {'warm':>6} {'since launch':>13}  (median of {args.runs} runs, s)")
    for i, step in enumerate(TOUR()):
        f, w, s = (statistics.median(x[i] for x in runs) for runs in (first, warm, since_launch))
        print(f"{i + 1:>2}. {step.title[:48]:<48} {f:>10.2f} {w:>6.2f} {s:>13.1f}")
    whole = [statistics.median(map(sum, runs)) for runs in (first, warm)]
    print(f"whole tour: first pass {whole[0]:.1f} s, warm {whole[1]:.1f} s")


if __name__ == "__main__":
    main()
