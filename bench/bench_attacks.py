"""Benchmark of the averaging-attack simulation: prints figures, asserts nothing.

Run: .venv/bin/python -m bench.bench_attacks

1. simulate_averaging(100,000 attackers, k = 1,000,000): each attacker's sum of k Laplace noises is
   drawn as a difference of two Gamma(k, b) variates, so the cost should not depend on k.
2. numpy drawing 200,000 Gamma variates (the same shape and scale): the floor for step 1.
3. The naive way (draw k Laplace answers per attacker and average), measured at 1,000 attackers
   for k = 1,000, 3,000 and 10,000, and extrapolated linearly in trials * k (the number of Laplace
   draws, which is what that method does) to 100,000 attackers * 1,000,000 answers.
4. The exact probability (numerical integral) for k = 10^3 ... 10^7.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np

from dpcore.attacks import averaging_success_probability, simulate_averaging

EPSILON = 0.1
SCALE = 1.0 / EPSILON
ATTACKERS = 100_000
K = 1_000_000
NAIVE_ATTACKERS = 1_000
NAIVE_KS = (1_000, 3_000, 10_000)
NAIVE_CHUNK = 100  # attackers per chunk, so the naive method never holds more than 10^6 draws


def _median_seconds(fn: Callable[[], object], repeats: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _naive(rng: np.random.Generator, attackers: int, k: int) -> np.ndarray:
    out = np.empty(attackers)
    for start in range(0, attackers, NAIVE_CHUNK):
        stop = min(attackers, start + NAIVE_CHUNK)
        out[start:stop] = rng.laplace(0.0, SCALE, size=(stop - start, k)).mean(axis=1)
    return out


def main() -> None:
    rng = np.random.default_rng(20_240_601)
    fast = _median_seconds(lambda: simulate_averaging(EPSILON, K, ATTACKERS, rng), repeats=7)
    floor = _median_seconds(lambda: rng.gamma(K, SCALE, size=2 * ATTACKERS), repeats=7)
    print(f"simulate_averaging: {ATTACKERS:,} attackers at k = {K:,}: {fast * 1e3:8.2f} ms (median of 7)")
    print(f"numpy: {2 * ATTACKERS:,} Gamma({K:,}, {SCALE:g}) variates:      {floor * 1e3:8.2f} ms (median of 7)")
    print(f"ratio simulate_averaging / numpy Gamma draws: {fast / floor:.2f}x (target: at most 3x)")
    for k in (10, 1_000, 100_000):
        t = _median_seconds(lambda k=k: simulate_averaging(EPSILON, k, ATTACKERS, rng), repeats=5)
        print(f"  same {ATTACKERS:,} attackers at k = {k:>9,}: {t * 1e3:8.2f} ms (cost does not grow with k)")

    print()
    print(f"Naive method: draw k Laplace answers per attacker and average ({NAIVE_ATTACKERS:,} attackers).")
    per_draw = []
    for k in NAIVE_KS:
        t = _median_seconds(lambda k=k: _naive(rng, NAIVE_ATTACKERS, k), repeats=3)
        draws = NAIVE_ATTACKERS * k
        per_draw.append(t / draws)
        print(f"  k = {k:>6,}: {t:7.3f} s for {draws:,} draws = {t / draws * 1e9:6.2f} ns per draw")
    ns = statistics.median(per_draw)
    target_draws = ATTACKERS * K
    naive_total = ns * target_draws
    print(
        f"Extrapolated linearly in trials*k with the median {ns * 1e9:.2f} ns per draw: "
        f"{ATTACKERS:,} x {K:,} = {target_draws:.0e} draws -> {naive_total:,.0f} s "
        f"(~{naive_total / 3600:.1f} h)"
    )
    print(f"Speed-up of simulate_averaging over the naive method: {naive_total / fast:,.0f}x (target: at least 1,000x)")

    print()
    print("Exact probability (numerical integral), eps = 0.01:")
    for k in (1_000, 100_000, 1_000_000, 10_000_000):
        t = _median_seconds(lambda k=k: averaging_success_probability(0.01, k), repeats=5)
        p = averaging_success_probability(0.01, k)
        print(f"  k = {k:>10,}: P = {p:.6f} in {t * 1e3:6.2f} ms")


if __name__ == "__main__":
    main()
