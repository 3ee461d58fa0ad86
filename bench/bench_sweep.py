"""Local DP's oracles at every ε of a chart's slider: one sweep (`dpcore.ldp.sweep`, each user's
randomness drawn once) against one simulation per ε (`estimate_frequencies`), per oracle.

Run: .venv/bin/python -m bench.bench_sweep [--users N ...] [--domain D] [--repeats R]

Prints, for each number of users, the best of R runs (the machine is shared) of every oracle's
sweep over the 27 values of EPSILON_GRID and of 27 single runs, and their ratio. The oracles tab
runs this once per setting of the users (and per repeated run of its measured variance).
Timings are never asserted in tests.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from dpcore.ldp.oracles import ORACLES, estimate_frequencies
from dpcore.ldp.sweep import sweep_estimates
from dpcore.limits import EPSILON_GRID


def best_ms(fn: Callable[[], object], repeats: int) -> float:
    """Best wall time of `repeats` calls, in milliseconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--users", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--domain", type=int, default=16)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    for n in args.users:
        values = rng.integers(0, args.domain, size=n)
        print(f"{n:,} users, d = {args.domain}, {len(EPSILON_GRID)} values of ε (best of {args.repeats}):")
        total_sweep = total_single = 0.0
        for oracle in ORACLES:
            sweep = best_ms(lambda: sweep_estimates(values, args.domain, EPSILON_GRID, oracle, rng), args.repeats)
            single = best_ms(lambda: [estimate_frequencies(values, args.domain, e, oracle, rng) for e in EPSILON_GRID],
                             args.repeats)
            total_sweep, total_single = total_sweep + sweep, total_single + single
            print(f"  {oracle:>4}: sweep {sweep:7.1f} ms, one run per ε {single:7.1f} ms ({single / sweep:4.1f}x)")
        print(f"   all: sweep {total_sweep:7.1f} ms, one run per ε {total_single:7.1f} ms "
              f"({total_single / total_sweep:4.1f}x)")


if __name__ == "__main__":
    main()
