"""Redo a release planned in DP Explorer, with OpenDP 0.16, on the same CSV file.

Every run draws new noise (from the operating system's entropy) with the same scales, and
spends the same privacy budget again. Prints one line per released number (CSV).
The file is read with pandas' defaults (commas, UTF-8, a header row): a file the app had to
repair (another separator, decimal commas, renamed columns) should be saved that way first.
Run it as `python release.py path/to/file.csv`; with no path it reads the file named data.csv
beside this script.
Needs Python 3.10 or later, with opendp 0.16, numpy and pandas.
"""

import csv
import sys
from pathlib import Path

import numpy as np
import opendp.prelude as dp
import pandas as pd

dp.enable_features("contrib")

# --- plan: the values DP Explorer wrote for this release; the code below is the same for every plan ---
CSV_FILE = "data.csv"
ID_COLUMN = None
ROWS_PER_PERSON = 1
PLAN = [{"name": "Count of rows", "kind": "count", "column": None,
         "noise": {"kind": "laplace", "scale": 1.0, "sensitivity": 1.0}, "equals": None}]
# --- end of plan ---


# Cells that a spreadsheet would read as a formula get a leading apostrophe, as in DP Explorer's own
# CSV export (dpcore/export.py; DP Explorer's tests keep this copy the same as that one).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _defuse(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def bounded(frame: pd.DataFrame) -> pd.DataFrame:
    """At most ROWS_PER_PERSON rows per person, chosen at random; rows without an ID are dropped."""
    if ID_COLUMN is None:
        return frame
    kept = frame[frame[ID_COLUMN].notna()].sample(frac=1.0)
    return kept.groupby(ID_COLUMN, sort=False).head(ROWS_PER_PERSON).sort_index()


def is_numeric(series: pd.Series) -> bool:
    return pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series)


def numbers(frame: pd.DataFrame, column: str) -> np.ndarray:
    """The column's numbers, missing cells left out."""
    values = pd.to_numeric(frame[column], errors="raise").to_numpy(dtype=float)
    return values[~np.isnan(values)]


def noisy_counts(counts: list, noise: dict) -> list:
    """Counts plus OpenDP noise of the planned kind and scale (whole numbers for discrete Laplace)."""
    if noise["kind"] == "discrete_laplace":
        space = dp.vector_domain(dp.atom_domain(T="i64")), dp.l1_distance(T="i64")
        return [int(v) for v in dp.m.make_laplace(*space, scale=noise["scale"])([int(c) for c in counts])]
    domain = dp.vector_domain(dp.atom_domain(T=float, nan=False))
    if noise["kind"] == "laplace":
        meas = dp.m.make_laplace(domain, dp.l1_distance(T=float), scale=noise["scale"])
    else:
        meas = dp.m.make_gaussian(domain, dp.l2_distance(T=float), scale=noise["scale"])
    return [float(v) for v in meas([float(c) for c in counts])]


def noisy_sum(values: np.ndarray, lower: float, upper: float, noise: dict) -> float:
    """OpenDP clamps to the public bounds and sums; the noise scale grows if OpenDP's sensitivity is larger."""
    integer = noise["kind"] == "discrete_laplace"
    atom = dp.atom_domain(T="i64") if integer else dp.atom_domain(T=float, nan=False)
    bounds = (int(lower), int(upper)) if integer else (float(lower), float(upper))
    summed = dp.t.make_clamp(dp.vector_domain(atom), dp.symmetric_distance(), bounds=bounds) >> dp.t.then_sum()
    scale = noise["scale"] * max(1.0, summed.map(ROWS_PER_PERSON) / noise["sensitivity"])
    then = dp.m.then_gaussian if noise["kind"] == "gaussian" else dp.m.then_laplace
    data = np.clip(values, lower, upper).astype(np.int64).tolist() if integer else values.tolist()
    return float((summed >> then(scale=scale))(data))


def count_rows(frame: pd.DataFrame, stat: dict) -> int:
    """COUNT(*), or the rows where the column equals the filter value (missing cells never match)."""
    if stat["equals"] is None:
        return len(frame)
    series = frame[stat["column"]]
    if is_numeric(series):
        match = series == float(stat["equals"])
    else:
        match = (series.astype("string") == str(stat["equals"])).fillna(False)
    return int((match & series.notna()).sum())


def histogram_counts(frame: pd.DataFrame, stat: dict) -> list:
    """Counts per declared bin, empty bins included; values outside numeric bounds go to the end bins."""
    values = frame[stat["column"]].dropna()
    if "bins" in stat:
        x = pd.to_numeric(values, errors="raise").to_numpy(dtype=float)
        width = (stat["upper"] - stat["lower"]) / stat["bins"]
        index = np.clip(np.floor((x - stat["lower"]) / width), 0, stat["bins"] - 1).astype(np.int64)
        return np.bincount(index, minlength=stat["bins"]).tolist()
    if is_numeric(values):
        labels = [f"{v:g}" for v in values.to_numpy(dtype=float)]
    else:
        labels = values.astype(str).tolist()
    position = {label: i for i, label in enumerate(stat["labels"])}
    counts = [0] * len(stat["labels"])
    for label in labels:
        if label in position:
            counts[position[label]] += 1
    return counts


def selected_keys(frame: pd.DataFrame, stat: dict) -> list:
    """Categories read from the data (DP key selection): OpenDP counts each one present and keeps
    those whose noisy count reaches the planned threshold, most frequent first."""
    values = frame[stat["column"]].dropna()
    labels = [f"{v:g}" for v in values.to_numpy(dtype=float)] if is_numeric(values) else values.astype(str).tolist()
    counted = dp.t.make_count_by(dp.vector_domain(dp.atom_domain(T=str)), dp.symmetric_distance(), TV="i64")
    meas = counted >> dp.m.then_laplace_threshold(scale=stat["noise"]["scale"], threshold=stat["threshold"])
    return sorted(meas(labels).items(), key=lambda kv: (-kv[1], kv[0]))


def private_quantile(values: np.ndarray, stat: dict) -> float:
    space = dp.vector_domain(dp.atom_domain(T=float, nan=False)), dp.symmetric_distance()
    meas = dp.m.make_private_quantile(*space, dp.max_divergence(), stat["candidates"], stat["q"], stat["scale"])
    return float(meas(values.tolist()))


def released(frame: pd.DataFrame, stat: dict) -> list:
    """(label, value) pairs of one statistic."""
    kind = stat["kind"]
    if kind == "count":
        return [("", noisy_counts([count_rows(frame, stat)], stat["noise"])[0])]
    if kind == "histogram" and "threshold" in stat:
        return selected_keys(frame, stat)
    if kind == "histogram":
        return list(zip(stat["labels"], noisy_counts(histogram_counts(frame, stat), stat["noise"]), strict=True))
    values = numbers(frame, stat["column"])
    if kind == "sum":
        return [("", noisy_sum(values, stat["lower"], stat["upper"], stat["noise"]))]
    if kind == "mean":
        total = noisy_sum(values, stat["lower"], stat["upper"], stat["noise"][0])
        count = noisy_counts([values.size], stat["noise"][1])[0]
        return [("", float(np.clip(total / max(count, 1.0), stat["lower"], stat["upper"])))]
    return [("", private_quantile(values, stat))]


def data_file(args: list) -> Path:
    """The CSV named on the command line, else CSV_FILE beside this script (wherever it is run from)."""
    if len(args) > 1:
        sys.exit("Give at most one argument: the path of the CSV file to release.")
    return Path(args[0]) if args else Path(__file__).resolve().parent / CSV_FILE


def main() -> None:
    path = data_file(sys.argv[1:])
    if not path.is_file():
        sys.exit(f"No CSV file at {path}: give its path, as in `python {Path(__file__).name} path/to/data.csv`.")
    frame = bounded(pd.read_csv(path))
    out = csv.writer(sys.stdout)
    out.writerow(["statistic", "label", "value"])
    for stat in PLAN:
        for label, value in released(frame, stat):
            out.writerow([_defuse(stat["name"]), _defuse(label), value])  # no cell read as a formula


if __name__ == "__main__":
    main()
