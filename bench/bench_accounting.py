"""Speed of the release planner's accounting: a 20-statistic plan under every accountant, and its chart.

Targets (issue 10): a plan of 20 distinct statistics, each answered up to 1,000 times, costs at most
0.5 s under all accountants together; the chart of the total epsilon against the number of times the
plan is answered (r = 1 .. 10,000, 30 points) stays under 1 s for all accountants (a page budget).
Two plans: "heavy" (epsilon 0.05 .. 1 per statistic, 50 .. 1,000 answers: totals in the thousands)
and "light" (epsilon 0.02 .. 0.115 per statistic, 1 .. 1,000 answers, log-spaced). Each
mechanism kind (Laplace, discrete Laplace, Gaussian) and sensitivities 1 .. 4 appear.
Run: .venv/bin/python -m bench.bench_accounting
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np

from dpcore import accounting
from dpcore.mechanisms import AdditiveNoise, calibrate

DELTA = 1e-5
KINDS = ("laplace", "discrete_laplace", "gaussian")
REPEATS = np.unique(np.round(np.logspace(0, 4, 30)).astype(int))
TIMES = 5


def plan(epsilon: Callable[[int], float], count: Callable[[int], int]) -> list[tuple[AdditiveNoise, int]]:
    """20 distinct statistics, the i-th with epsilon(i) answered count(i) times."""
    events = []
    for i in range(20):
        kind = KINDS[i % 3]
        mechanism = calibrate(kind, epsilon(i), 1e-9 if kind == "gaussian" else 0.0, 1 + i % 4)
        events.append((mechanism, count(i)))
    return events


PLANS = {
    "heavy": plan(lambda i: 0.05 + 0.05 * i, lambda i: 50 * (i + 1)),
    "light": plan(lambda i: 0.02 + 0.005 * i, lambda i: int(np.round(1000 ** (i / 19)))),
}


def _median_ms(action: Callable[[], object]) -> float:
    times = []
    for _ in range(TIMES):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    accounting.total_epsilon(PLANS["light"], DELTA, "pld")  # imports dp-accounting and scipy once
    for name, events in PLANS.items():
        answers = sum(k for _, k in events)
        print(f"Plan {name!r}: 20 statistics, {answers:,} answers, delta = {DELTA:g} (median of {TIMES}, ms)")
        total = 0.0
        for acc in accounting.ACCOUNTANTS:
            ms = _median_ms(lambda: accounting.total_epsilon(events, DELTA, acc))
            total += ms
            eps = accounting.total_epsilon(events, DELTA, acc)
            print(f"  total_epsilon {acc:<9} {ms:7.1f} ms   epsilon = {eps:,.4g}")
        print(f"  all accountants          {total:7.1f} ms   (target <= 500 ms)")
        chart = 0.0
        for acc in accounting.ACCOUNTANTS:
            ms = _median_ms(lambda: accounting.epsilon_by_repeats(events, DELTA, acc, REPEATS))
            chart += ms
            print(f"  epsilon_by_repeats {acc:<9} {ms:7.1f} ms at {REPEATS.size} points")
        print(f"  chart, all accountants   {chart:7.1f} ms   (target < 1,000 ms)")
        print()


if __name__ == "__main__":
    main()
