"""Is a change faster in the browser? Slider steps on one page, this checkout (A) against another
(B, e.g. a `git worktree` holding the change), in interleaved rounds.

Two runs of bench_browser apart differ by 10-20 ms a step, more than many changes are worth; two
servers measured turn about, in the same browser, see the same spells of a busy machine. Each round
opens the page in a new browser context on each server (A first in even rounds, B first in odd
ones) and times `--steps` key presses after `--warmup` ones, exactly as bench_browser does. No
timing is asserted.

Run: .venv/bin/python -m bench.ab_browser OTHER_CHECKOUT PAGE [--rounds 4] [--steps 10]
     (PAGE as in the address, e.g. Histogram_and_neighbour; '' is the home page)
"""

from __future__ import annotations

import argparse
import statistics
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.bench_browser import OBSERVER, OUT, VIEWPORT, Figures, slider_steps
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, _free_port, start_server, stop_server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("other", type=Path, help="the other checkout (B)")
    parser.add_argument("page", help="the page's path in the address")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args()
    roots = {"A": ROOT, "B": args.other.resolve()}
    results = {name: Figures() for name in roots}
    with sync_playwright() as p, ExitStack() as stack:
        urls = {}
        for name, root in roots.items():
            port = _free_port()
            proc = start_server(port, OUT / f"ab-browser-{name}.log", root=root)
            stack.callback(stop_server, proc)
            urls[name] = f"http://127.0.0.1:{port}/{args.page}"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        stack.callback(browser.close)
        for round_ in range(args.rounds):
            for name in ("A", "B") if round_ % 2 == 0 else ("B", "A"):
                context = browser.new_context(viewport=VIEWPORT)
                context.add_init_script(OBSERVER)
                slider_steps(context.new_page(), urls[name], args.warmup, args.steps, results[name])
                context.close()
    for name, figures in results.items():
        if figures.times:
            print(f"{name} ({roots[name]}): step median {statistics.median(figures.times) * 1000:.1f} ms, "
                  f"browser CPU {statistics.median(figures.cpu) * 1000:.1f} ms, {len(figures.times)} steps, "
                  f"{figures.note}")
        else:
            print(f"{name} ({roots[name]}): no figure")
        for problem in dict.fromkeys(figures.problems):
            print(f"    problem: {problem}")


if __name__ == "__main__":
    main()
