"""Benchmark `load_csv` against a bare `pyarrow.csv.read_csv` on a 1,000,000-row census-like CSV.

Prints, for both readers: the best of 8 warm timings (with fewer, the ratio swung by ±0.3 on
a shared 2-core machine), wall clock and CPU (taken alternately in one process, after a
warm-up, so both see the same machine load), the time and peak memory of a first read in a
fresh process (peak from ru_maxrss, since tracemalloc does not see Arrow's allocations), and
the two ratios the issue asks for: time(load_csv) / time(pyarrow) <= 1.5 and
peak(load_csv) / frame memory <= 3.
Run: `.venv/bin/python -m bench.bench_load` (the file is generated once into bench/out/).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.csv as pv

from bench.census import write_census_csv
from dpcore.io import load_csv

OUT = Path(__file__).parent / "out"
ROWS = 1_000_000
_MB = 1024 * 1024


def _bare(path: Path) -> pa.Table:
    """Read with pyarrow's defaults."""
    return pv.read_csv(path)


def _load(path: Path) -> pd.DataFrame:
    """Read with load_csv."""
    return load_csv(path).frame


def _size(result: pa.Table | pd.DataFrame) -> int:
    """Bytes held by a table, or by a frame counting its strings."""
    return result.nbytes if isinstance(result, pa.Table) else int(result.memory_usage(deep=True).sum())


METHODS: dict[str, Callable[[Path], pa.Table | pd.DataFrame]] = {"pyarrow": _bare, "load_csv": _load}


def cold_run(method: str, path: Path) -> dict[str, float]:
    """One read in this (fresh) process: seconds, result bytes, and growth of the peak RSS."""
    gc.collect()
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    start = time.perf_counter()
    result = METHODS[method](path)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"seconds": seconds, "result_bytes": _size(result), "peak_growth": peak - baseline}


def warm_best(path: Path, repeats: int) -> dict[str, float]:
    """Best wall-clock and CPU (all threads) time of each method over `repeats` alternating runs.

    One warm-up run each first. CPU time is printed too because it shifts far less than wall
    time when other jobs share the machine.
    """
    data = path.read_bytes()
    # What an upload costs: Streamlit hands over bytes already in memory, so no file read.
    methods = {**METHODS, "load_csv bytes": lambda _: load_csv(data).frame}
    best = {f"{method} {clock}": float("inf") for method in methods for clock in ("wall", "cpu")}
    for round_ in range(repeats + 1):
        for method, read in methods.items():
            wall, cpu = time.perf_counter(), time.process_time()
            result = read(path)
            if round_:  # round 0 is the warm-up
                best[f"{method} wall"] = min(best[f"{method} wall"], time.perf_counter() - wall)
                best[f"{method} cpu"] = min(best[f"{method} cpu"], time.process_time() - cpu)
            del result  # freed outside the timed span, for both methods alike
    return best


def _subprocess(*args: str) -> dict[str, float]:
    """Run this module with `args` in a new interpreter and parse the JSON it prints."""
    command = [sys.executable, "-m", "bench.bench_load", *args]
    done = subprocess.run(command, check=True, capture_output=True, text=True, cwd=Path(__file__).parents[1])
    return json.loads(done.stdout)


def main() -> None:
    """Generate the file if needed, measure, and print figures and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=OUT / f"census_{ROWS}.csv")
    parser.add_argument("--repeats", type=int, default=8)
    parser.add_argument("--cold", choices=sorted(METHODS), help=argparse.SUPPRESS)
    parser.add_argument("--warm", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cold:
        print(json.dumps(cold_run(args.cold, args.path)))
        return
    if args.warm:
        print(json.dumps(warm_best(args.path, args.repeats)))
        return
    if not args.path.exists():
        print(f"generating {args.path} ...", flush=True)
        write_census_csv(args.path, ROWS)
    print(f"file: {args.path} ({args.path.stat().st_size / _MB:.1f} MB), {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}")
    warm = _subprocess(str(args.path), "--warm", "--repeats", str(args.repeats))
    cold = {method: [_subprocess(str(args.path), "--cold", method) for _ in range(args.repeats)] for method in METHODS}
    for method, runs in cold.items():
        label = "pyarrow.csv.read_csv" if method == "pyarrow" else "load_csv"
        held = "table" if method == "pyarrow" else "frame"
        print(
            f"{label:21s} warm best of {args.repeats}: {warm[f'{method} wall']:.3f} s "
            f"(CPU {warm[f'{method} cpu']:.3f} s) | fresh process: "
            f"best {min(r['seconds'] for r in runs):.3f} s, peak RSS growth "
            f"{max(r['peak_growth'] for r in runs) / _MB:.0f} MB ({held} {runs[0]['result_bytes'] / _MB:.0f} MB)"
        )
    frame_bytes = cold["load_csv"][0]["result_bytes"]
    cold_best = {method: min(r["seconds"] for r in runs) for method, runs in cold.items()}
    print(f"load_csv(bytes in memory, as an upload) warm best of {args.repeats}: "
          f"{warm['load_csv bytes wall']:.3f} s (CPU {warm['load_csv bytes cpu']:.3f} s), ratio "
          f"{warm['load_csv bytes wall'] / warm['pyarrow wall']:.2f} to pyarrow reading the path")
    warm_ratio = warm["load_csv wall"] / warm["pyarrow wall"]
    cpu_ratio = warm["load_csv cpu"] / warm["pyarrow cpu"]
    print(f"time ratio load_csv / pyarrow: warm {warm_ratio:.2f} (CPU {cpu_ratio:.2f}), "
          f"fresh process {cold_best['load_csv'] / cold_best['pyarrow']:.2f} (target <= 1.5)")
    peak = max(r["peak_growth"] for r in cold["load_csv"])
    print(f"peak memory / frame memory: {peak / frame_bytes:.2f} (target <= 3)")


if __name__ == "__main__":
    main()
