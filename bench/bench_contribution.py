"""The bound on rows per person (dpcore.contribution): one pass over the data against a bare pandas
groupby over the same ID column, then the cost of scoring candidate bounds.

Target (issue 32): one pass at most 2x the groupby on 1,000,000 rows; each further bound under 1 ms.
Run: .venv/bin/python -m bench.bench_contribution [--rows 1000000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
import pandas as pd

from dpcore.contribution import expected_dropped, shape


def _best(f: Callable[[], object], repeats: int = 7) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    args = parser.parse_args()
    rng = np.random.default_rng(1)  # a simulation: ~4 rows a person on average, a few with hundreds
    many = rng.random(args.rows) >= 0.95  # 5% of rows belong to 500 heavy users
    ids = np.where(many, rng.integers(0, 500, args.rows), rng.integers(0, args.rows // 4, args.rows))
    frame = pd.DataFrame({"person": ids, "value": rng.random(args.rows)})
    bare = _best(lambda: frame.groupby("person").size())
    counted = _best(lambda: shape(frame["person"]))
    summed = _best(lambda: shape(frame["person"], frame["value"].to_numpy()))
    data = shape(frame["person"], frame["value"].to_numpy())
    bounds = np.arange(1, 101)
    score = _best(lambda: expected_dropped(data, bounds), 21)
    print(f"{args.rows:,} rows, {int(data.people.sum()):,} people, {data.rows.size} distinct row counts")
    print(f"pandas groupby(ID).size(): {bare * 1000:.0f} ms")
    print(f"one pass, rows per person: {counted * 1000:.0f} ms ({counted / bare:.2f}x the groupby; target <= 2x)")
    print(f"one pass, rows and a sum per person: {summed * 1000:.0f} ms ({summed / bare:.2f}x)")
    print(f"100 candidate bounds scored: {score * 1000:.2f} ms "
          f"({score * 1e6 / bounds.size:.1f} us a bound; target < 1 ms)")


if __name__ == "__main__":
    main()
