"""The planner's release as a PipelineDP job (Spark local[2], and PipelineDP's local backend) against
the same plan in the app (pandas + OpenDP: `ui.views.planner.release.release`), on a census-like CSV.

Issue 13, part 3: "the generated Spark job on a 1,000,000-row CSV: wall time against the same plan
in the app". The CSV comes from bench/census.py (seeded). The plan: a count, a histogram of sex and
one of state (declared categories), a sum of income clamped to [0, 200000], a mean of hours per
week on [1, 99], a Gaussian count of Private workers; one person = up to 2 rows (ID column
person_id). Wall times include everything a user waits for: for the app, reading the CSV with
pandas, bounding contributions, planning and drawing; for a job, the whole subprocess (Python and
JVM start-up, reading, aggregating, printing). Prints figures, asserts nothing; the machine is
shared, so run it when it is quiet.
Run: .venv/bin/python -m bench.bench_engine [--rows 1000000] [--backends spark local]
Needs requirements-engine.txt and, for Spark, a Java runtime.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

from bench.census import STATES, write_census_csv
from dpcore.protection import Protection, bound_contributions
from dpcore.rng import make_rng
from ui.views.planner import plan
from ui.views.planner.items import Item
from ui.views.planner.pipeline_script import pipelinedp_script
from ui.views.planner.release import release

ITEMS = (
    Item("count"),
    Item("histogram", "sex", categories=("Female", "Male")),
    Item("histogram", "state", categories=STATES),
    Item("sum", "income", lower=0, upper=200_000),
    Item("mean", "hours_per_week", lower=1, upper=99),
    Item("count", "workclass", equals="Private", mechanism="gaussian"),
)
PROTECTION = Protection(2, "person_id")
TOTAL_EPSILON, DELTA = 1.0, 1e-6


def app_release(path: Path) -> tuple[float, tuple[plan.Row, ...]]:
    """Wall time of the app's path (pandas read, contribution bounding, plan, OpenDP draw) and the plan."""
    start = time.perf_counter()
    frame = pd.read_csv(path)
    bounded = bound_contributions(frame, "person_id", PROTECTION.rows_per_person, make_rng(1, "bench_engine")).frame
    rows = plan.compute(plan.Settings(bounded, "bench", PROTECTION, ITEMS, "budget", TOTAL_EPSILON, DELTA)).rows
    drawn = release(bounded, rows, PROTECTION)
    elapsed = time.perf_counter() - start
    assert len(drawn.statistics) == len(ITEMS)
    return elapsed, rows


def job_release(script: Path, backend: str) -> tuple[float, int]:
    """Wall time of the generated job as a subprocess, and the number of lines it printed."""
    env = {**os.environ, "PYSPARK_PYTHON": sys.executable}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, str(script), "--backend", backend], capture_output=True, text=True,
                          env=env, timeout=3600)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    return elapsed, len(done.stdout.splitlines())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--backends", nargs="+", default=["spark", "local"], choices=["spark", "local"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        csv_path = write_census_csv(Path(tmp) / "census.csv", args.rows)
        size = csv_path.stat().st_size / 1e6
        print(f"CSV: {args.rows:,} rows, {size:.0f} MB; plan: {len(ITEMS)} statistics, epsilon {TOTAL_EPSILON:g}, "
              f"delta {DELTA:g}, up to {PROTECTION.rows_per_person} rows per person")
        seconds, rows = app_release(csv_path)
        print(f"app (pandas + OpenDP, in process):     {seconds:7.1f} s")
        script = Path(tmp) / "release_job.py"
        script.write_text(pipelinedp_script(rows, PROTECTION, str(csv_path)), encoding="utf-8")
        for backend in args.backends:
            label = "PipelineDP on Spark local[2]" if backend == "spark" else "PipelineDP LocalBackend"
            seconds, lines = job_release(script, backend)
            print(f"{label + ' (subprocess):':38s} {seconds:7.1f} s  ({lines - 1} numbers released)")


if __name__ == "__main__":
    main()
