"""Uniqueness and linkage on 1,000,000 rows with 5 quasi-identifiers, against a bare pandas
`groupby(columns).size()` over the same columns (issue 34: at most 2x).

The table is bench/census.py's census-like file read as an upload is (`dpcore.io.load_csv`: pandas'
string columns, numbers with missing values); the voter list is `dpcore.reidentification.voter_list`
drawn from it with every person on it (1,000,000 voters). Figures, best of REPEATS runs each:

- groupby: `frame.groupby(columns, dropna=False, sort=False).size()`, the reference;
- uniqueness: `uniqueness(frame, columns)`, every row's k and the totals;
- linkage: `link(frame, voters, columns)`, every voter looked up (it gives every row's k too);
- uniqueness and linkage: `uniqueness_and_linkage`, both questions in one pass (the issue's figure);
- the two calls one after the other, for comparison;
- growth: the unique share after each of the 5 columns, and a generation of the voter list (for scale).

Two sets of columns: one whose combined codes fit a direct count (age, sex, state, marital_status,
education: 828,800 combinations possible), one that needs hashing (hours_per_week instead of
marital_status: 11.7 million). Run: .venv/bin/python -m bench.bench_reidentification [--rows N]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from bench.census import write_census_csv
from dpcore import reidentification as R
from dpcore.io import load_csv

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
REPEATS = 5
COLUMN_SETS = {
    "direct count": ["age", "sex", "state", "marital_status", "education"],
    "hashed": ["age", "sex", "state", "hours_per_week", "education"],
}


def best(run: Callable[[], object], repeats: int = REPEATS) -> float:
    """The fastest of `repeats` runs, in seconds (the machine is shared: the least disturbed run)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    rows = parser.parse_args().rows
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"census_{rows}.csv"
    if not path.exists():
        write_census_csv(path, rows)
    frame = load_csv(path).frame
    print(f"{len(frame):,} rows read from {path.name}")
    for label, columns in COLUMN_SETS.items():
        report(label, frame, columns)


def report(label: str, frame: pd.DataFrame, columns: list[str]) -> None:
    """Print the figures of one set of quasi-identifiers against pandas' groupby."""
    voters = R.voter_list(frame, columns, np.random.default_rng(1)).table
    reference = best(lambda: frame.groupby(columns, dropna=False, sort=False).size())
    unique = best(lambda: R.uniqueness(frame, columns))
    linkage = best(lambda: R.link(frame, voters, columns))
    both = best(lambda: R.uniqueness_and_linkage(frame, voters, columns))
    growth = best(lambda: R.growth(frame, columns), repeats=3)
    drawing = best(lambda: R.voter_list(frame, columns, np.random.default_rng(1)), repeats=3)
    u = R.uniqueness(frame, columns)
    linked = R.link(frame, voters, columns).reidentified
    print(f"\n{label}: {', '.join(columns)}")
    print(f"  {u.groups:,} groups; {u.unique:,.0f} unique rows; {linked:,} of {len(voters):,} voters re-identified")
    print(f"  groupby(...).size()     {reference * 1000:8.1f} ms  1.00x")
    for name, seconds in (("uniqueness", unique), ("linkage", linkage), ("uniqueness and linkage", both),
                          ("the two calls in turn", unique + linkage), ("growth (5 prefixes)", growth),
                          ("voter list drawn", drawing)):
        print(f"  {name:<22}  {seconds * 1000:8.1f} ms  {seconds / reference:4.2f}x")

if __name__ == "__main__":
    main()
