"""The Machine learning page in a real browser: its first visit after a server start, its ε slider,
and whether a grid training in the server's background slows another page (issue 35: "never blocks
another user's page").

Run: .venv/bin/python -m bench.bench_learning [--steps 8]

Prints, against one fresh server (`python -m ui.serve`, which starts training the default grid):
- the first visit's wait, from opening the page on UCI Adult right after the health check until the
  accuracy chart's sentence shows (jax's compiling and the default grid included);
- the chart's ε slider, key press to the new sentence (the browser steps it: no rerun);
- a visit at the same settings once trained (the shared grid);
- the Histogram page's ε slider (a Streamlit widget: every step a rerun), key press until the page's
  text changes, with the server idle and while a grid at another seed trains in its background.
Timings are never asserted.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time

from playwright.sync_api import Page, sync_playwright

from bench.bench_browser import OUT
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, start_server, stop_server, wait_for_app_run
from ui.text.learning import TEXT

VIEWPORT = {"width": 1920, "height": 1080}
SENTENCE = r"At ε = {eps} \("  # the train part's reading at that ε


def _steps_of_the_chart(page: Page, steps: int) -> list[float]:
    """Milliseconds from an arrow key on the chart's ε slider to its new sentence."""
    slider = page.get_by_role("slider", name=TEXT["epsilon_slider"])
    values = ["2", "4", "8", "4", "2", "1"]
    keys = ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft", "ArrowLeft", "ArrowLeft"]
    times = []
    for i in range(steps):
        slider.focus()
        page.wait_for_timeout(300)
        started = time.perf_counter()
        page.keyboard.press(keys[i % len(keys)])
        page.get_by_text(re.compile(SENTENCE.format(eps=re.escape(values[i % len(values)])))).wait_for()
        times.append((time.perf_counter() - started) * 1000)
        page.wait_for_timeout(300)
    return times


def _steps_of_a_widget(page: Page, steps: int) -> list[float]:
    """Milliseconds from an arrow key on the page's first slider to a change of the page's text."""
    slider = page.get_by_role("slider").first
    times = []
    for i in range(steps):
        slider.focus()
        page.wait_for_timeout(300)
        before = page.locator("[data-testid=stMain]").inner_text()
        started = time.perf_counter()
        page.keyboard.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
        page.wait_for_function("b => document.querySelector('[data-testid=stMain]').innerText !== b", arg=before)
        wait_for_app_run(page, 0)
        times.append((time.perf_counter() - started) * 1000)
        page.wait_for_timeout(300)
    return times


def _say(what: str, times: list[float]) -> None:
    print(f"{what}: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms over {len(times)} steps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=8)
    args = parser.parse_args()
    port, log = _free_port(), OUT / "bench-learning-server.log"
    launched = time.perf_counter()
    server = start_server(port, log)
    base = f"http://127.0.0.1:{port}/Machine_learning?data=adult"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=VIEWPORT)
            opened = time.perf_counter()
            page.goto(base)
            page.get_by_text(re.compile(SENTENCE.format(eps="1"))).wait_for(timeout=900_000)
            print(f"first visit after a server start: {time.perf_counter() - opened:.1f} s until the chart's "
                  f"sentence (the health check answered {opened - launched:.1f} s after the launch)")
            _say("the chart's ε slider, key to sentence", _steps_of_the_chart(page, args.steps))
            again = browser.new_page(viewport=VIEWPORT)
            opened = time.perf_counter()
            again.goto(base)
            again.get_by_text(re.compile(SENTENCE.format(eps="1"))).wait_for()
            print(f"a visit at the same settings, trained: {time.perf_counter() - opened:.1f} s")
            other = browser.new_page(viewport=VIEWPORT)
            other.goto(f"http://127.0.0.1:{port}/Histogram_and_neighbour")
            wait_for_app_run(other, 0)
            _say("Histogram's ε slider, server idle", _steps_of_a_widget(other, args.steps))
            page.goto(f"{base}&seed=7")  # a grid nobody has: it trains in the background
            page.get_by_role("progressbar").wait_for()
            _say("Histogram's ε slider, a grid training", _steps_of_a_widget(other, args.steps))
            still = page.get_by_role("progressbar").count() > 0
            print(f"the grid was {'still' if still else 'no longer'} training at the last step")
            browser.close()
    finally:
        stop_server(server)


if __name__ == "__main__":
    main()
