"""Speed of the attacker's-view page: the 100,000-round game, and its reruns against the Histogram page's.

Targets (issue 3): the 100,000-round game finishes in well under a second; the page's server-side
rerun after a slider change stays within 2x the Histogram page's rerun after an epsilon change.
Reruns are measured with AppTest (the script's own time, no browser): one first run, then repeated
slider changes, median. Epsilon on the Histogram page and the posterior bounds is the chart's own
slider (ui/chart_slider.py): there the run timed is the one that takes the browser's report of a
step (`tests.app.conftest.step`); the other parts' epsilon is an ordinary slider.
Run: .venv/bin/python -m bench.bench_posterior
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from streamlit.testing.v1 import AppTest

from dpcore import posterior as post
from dpcore.limits import MAX_GAME_ROUNDS
from tests.app.conftest import step

ROOT = Path(__file__).resolve().parents[1]
POSTERIOR = "pages/3_Attacker_posterior.py"
HISTOGRAM = "pages/2_Histogram_and_neighbour.py"
EPSILONS = (0.5, 1.0, 2.0, 0.7, 1.5, 3.0, 0.3, 5.0)
PARTS = ("bounds", "mechanism", "loss", "testing", "game")
REPEATS = 3


def _median_ms(action: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def game_times() -> None:
    pair = post.CountPair(3, 2)
    print(f"Game of {MAX_GAME_ROUNDS:,} rounds (median of 7, ms):")
    for kind in post.ATTACK_KINDS:
        model = post.attack_model(kind, pair, 1.0, 1e-5)
        pld = post.privacy_loss_distribution(model)
        rng = np.random.default_rng(0)
        play = _median_ms(lambda: post.play_game(model, MAX_GAME_ROUNDS, rng, pld), 7)
        cold = _median_ms(lambda: post.play_game(model, MAX_GAME_ROUNDS, rng), 7)
        print(f"  {kind:<20} {play:6.1f} ms   (with its privacy-loss distribution computed too: {cold:6.1f} ms)")


def _app(page: str, query: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=600)
    at.switch_page(page)
    at.query_params.update(query)
    at.run()
    assert not at.exception, at.exception
    return at


def epsilon_reruns(page: str, key: str, query: dict[str, str]) -> list[float]:
    """Time each epsilon change's rerun after a first run (a report of the chart's own slider `key`,
    or a move of the ordinary slider `key`_widget when the page shows that one)."""
    at = _app(page, query)
    times = []
    for _ in range(REPEATS):
        for eps in EPSILONS:
            widget = f"{key}_widget" in [s.key for s in at.select_slider]
            start = time.perf_counter()
            if widget:
                at.select_slider(key=f"{key}_widget").set_value(eps).run()
            else:
                step(at, key, eps)
            times.append(time.perf_counter() - start)
            assert not at.exception, at.exception
    return times


def output_reruns(query: dict[str, str]) -> list[float]:
    """Time each change of the output slider O (part 2) after a first run."""
    at = _app(POSTERIOR, query)
    slider = at.slider(key="post_o")
    values = np.linspace(slider.min, slider.max, 8)
    times = []
    for _ in range(REPEATS):
        for value in values:
            start = time.perf_counter()
            at.slider(key="post_o").set_value(float(value)).run()
            times.append(time.perf_counter() - start)
            assert not at.exception, at.exception
    return times


def main() -> None:
    game_times()
    print()
    hist = statistics.median(epsilon_reruns(HISTOGRAM, "hist_eps", {}))
    hist_ms = hist * 1000
    print(f"Histogram page, epsilon-change rerun (default view):       median {hist_ms:6.1f} ms")
    worst = 0.0
    for kind in ("laplace", "gaussian"):
        for part in PARTS:
            ms = statistics.median(epsilon_reruns(POSTERIOR, "post_eps", {"post_part": part, "post_mech": kind})) * 1000
            worst = max(worst, ms)
            print(f"Attacker page, epsilon change, {kind:<8} part {part:<9}  median {ms:6.1f} ms  ({ms / hist_ms:.2f}x)")
    for kind in ("laplace", "gaussian"):
        ms = statistics.median(output_reruns({"post_part": "mechanism", "post_mech": kind})) * 1000
        worst = max(worst, ms)
        print(f"Attacker page, O-slider change,  {kind:<8} part mechanism  median {ms:6.1f} ms  ({ms / hist_ms:.2f}x)")
    print(f"Slowest attacker-page rerun / histogram rerun: {worst / hist_ms:.2f}x (target <= 2x)")


if __name__ == "__main__":
    main()
