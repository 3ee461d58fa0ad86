"""Randomizing and de-biasing a 1,000,000-row column against drawing 1,000,000 uniforms with numpy.

Run: .venv/bin/python -m bench.bench_ldp [--rows N] [--repeats R]

Prints the best of R runs (the machine is shared, so the best run is the least disturbed one) for:
- the baseline: numpy drawing N uniform numbers (Generator.random);
- binary randomized response: perturb a yes/no column and compute the course estimate;
- generalised randomized response (k = 5 and k = 200): perturb a column of category codes, count
  the reports and de-bias every frequency;
- end to end from a pandas column of text (factorizing the strings included), for reference.
The target (issue 5) is at most 3x the baseline for randomizing + de-biasing a column of codes.
Timings are never asserted in tests.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import pandas as pd

from dpcore.columns import count_codes
from dpcore.ldp.randomized_response import grr_estimate, grr_perturb, randomize_column, rr_estimate, rr_perturb
from dpcore.mechanisms import rr_truth_probability


def best_ms(fn: Callable[[], object], repeats: int) -> float:
    """Best wall time of `repeats` calls, in milliseconds (the result is dropped between calls)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - start)
        del out
    return 1000 * min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    n, repeats = args.rows, args.repeats
    rng = np.random.default_rng(2024)
    eps = 1.0

    yes = rng.random(n) < 0.3
    p2 = rr_truth_probability(eps, 2)

    def binary() -> float:
        reported = rr_perturb(yes, p2, rng)
        return rr_estimate(int(np.count_nonzero(reported)), n, p2)

    cases: list[tuple[str, Callable[[], object]]] = [("binary RR, bool column", binary)]
    for k in (5, 200):
        codes = rng.integers(0, k, n).astype(np.min_scalar_type(k - 1))  # like pandas Categorical codes
        p = rr_truth_probability(eps, k)

        def grr(codes: np.ndarray = codes, k: int = k, p: float = p) -> np.ndarray:
            return grr_estimate(count_codes(grr_perturb(codes, k, p, rng), k), p)

        cases.append((f"GRR k = {k}, column of codes", grr))

    text = pd.Series(pd.Categorical(rng.choice(["north", "south", "east", "west", "centre"], n)).astype(str))

    def end_to_end() -> object:
        return randomize_column(text, eps, rng)

    baseline = best_ms(lambda: rng.random(n), repeats)
    print(f"rows: {n:,}; epsilon = {eps:g}; best of {repeats} runs")
    print(f"{'numpy: draw uniforms (baseline)':50s} {baseline:8.2f} ms   1.00x")
    for name, fn in cases:
        t = best_ms(fn, repeats)
        print(f"{'randomize + de-bias: ' + name:50s} {t:8.2f} ms   {t / baseline:4.2f}x")
    t = best_ms(end_to_end, max(3, repeats // 5))
    print(f"{'randomize_column on text (factorize incl.)':50s} {t:8.2f} ms   {t / baseline:4.2f}x   (reference)")


if __name__ == "__main__":
    main()
