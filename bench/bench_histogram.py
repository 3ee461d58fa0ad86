"""Server-side rerun time of the Histogram page after an epsilon change: 1M-row upload vs 7 rows.

Target (issue 2): the rerun on a 1,000,000-row, 15-column upload takes at most 2x the rerun on the
7-row students table. Parsing and binning are kept per session, so an epsilon change must not
re-read or re-bin the data. Epsilon is the chart's own slider (ui/chart_slider.py): the browser
draws a step and reports it to the server after; this times the run that takes such a report, as
`tests.app.conftest.step` sends it. Measured with AppTest (the script's own time, no browser),
median of repeated epsilon changes. Run: .venv/bin/python -m bench.bench_histogram
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from bench.census import write_census_csv
from tests.app.conftest import step

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
PAGE = "pages/2_Histogram_and_neighbour.py"
EPSILONS = (0.5, 1.0, 2.0, 0.7, 1.5, 3.0, 0.3, 5.0)


def _app(query: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=600)
    at.switch_page(PAGE)
    at.query_params.update(query)
    return at


def rerun_times(at: AppTest, repeats: int = 3) -> list[float]:
    """Time each epsilon change's rerun (after a first run has parsed and binned the data)."""
    times = []
    for _ in range(repeats):
        for eps in EPSILONS:
            start = time.perf_counter()
            step(at, "hist_eps", eps)
            times.append(time.perf_counter() - start)
            assert not at.exception, at.exception
    return times


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "census_1000000.csv"
    if not path.exists():
        write_census_csv(path, 1_000_000)
    small = _app({"data": "students"}).run()
    small_times = rerun_times(small)

    big = _app({"data": "upload"}).run()
    start = time.perf_counter()
    big.sidebar.file_uploader[0].set_value((path.name, path.read_bytes(), "text/csv")).run()
    first = time.perf_counter() - start
    assert not big.exception, big.exception
    rows = big.sidebar.caption[0].value
    big_times = rerun_times(big)

    s, b = statistics.median(small_times), statistics.median(big_times)
    print(f"1M-row upload: first run (upload, parse, bin): {first:.2f} s; {rows}")
    print(f"epsilon-change rerun, students (7 rows): median {s * 1000:.1f} ms over {len(small_times)}")
    print(f"epsilon-change rerun, 1M-row upload:     median {b * 1000:.1f} ms over {len(big_times)}")
    print(f"ratio 1M / 7 rows: {b / s:.2f}x (target <= 2x)")


if __name__ == "__main__":
    main()
