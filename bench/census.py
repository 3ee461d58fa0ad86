"""Generate a census-like CSV (ints, floats, categories, some missing) for load benchmarks.

The columns imitate the UCI "adult" extract and a state-level census table, so the file
exercises what `dpcore.io.load_csv` meets in practice: integer and float columns with
empty cells, low-cardinality text columns with "?" for unknown, and a free-text-ish
column of higher cardinality.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.csv as pv

SEXES = ("Female", "Male")
EDUCATIONS = (
    "Preschool", "1st-4th", "5th-6th", "7th-8th", "9th", "10th", "11th", "12th", "HS-grad",
    "Some-college", "Assoc-voc", "Assoc-acdm", "Bachelors", "Masters", "Prof-school", "Doctorate",
)
OCCUPATIONS = (
    "Tech-support", "Craft-repair", "Other-service", "Sales", "Exec-managerial",
    "Prof-specialty", "Handlers-cleaners", "Machine-op-inspct", "Adm-clerical",
    "Farming-fishing", "Transport-moving", "Priv-house-serv", "Protective-serv",
    "Armed-Forces", "?",
)
MARITAL = (
    "Married-civ-spouse", "Divorced", "Never-married", "Separated", "Widowed",
    "Married-spouse-absent", "Married-AF-spouse",
)
STATES = (
    "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut",
    "Delaware", "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa",
    "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan",
    "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire",
    "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio",
    "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota",
    "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington", "West Virginia",
    "Wisconsin", "Wyoming",
)
WORKCLASSES = ("Private", "Self-emp-not-inc", "Local-gov", "State-gov", "Federal-gov", "?")


def _with_missing(values: np.ndarray, share: float, rng: np.random.Generator) -> pa.Array:
    """Arrow array of `values` with about `share` of the entries missing (written as empty)."""
    return pa.array(values, mask=rng.random(values.size) < share)


def _choice(levels: tuple[str, ...], n: int, rng: np.random.Generator) -> pa.Array:
    """Dictionary-free string column drawn from `levels` with uneven (Zipf-like) frequencies."""
    weights = 1.0 / np.arange(1, len(levels) + 1)
    codes = rng.choice(len(levels), size=n, p=weights / weights.sum())
    return pa.array(np.asarray(levels, dtype=object)[codes], type=pa.string())


def census_table(n_rows: int, *, seed: int = 2024) -> pa.Table:
    """A census-like table of `n_rows` rows and 15 columns, reproducible from `seed`."""
    rng = np.random.default_rng(seed)
    age = rng.integers(17, 91, n_rows)
    education = _choice(EDUCATIONS, n_rows, rng)
    hours = np.clip(rng.normal(40, 12, n_rows).round(), 1, 99).astype(np.int64)
    income = np.round(rng.lognormal(10.5, 0.8, n_rows), 2)
    columns = {
        "person_id": pa.array(np.arange(1, n_rows + 1)),
        "age": _with_missing(age, 0.01, rng),
        "sex": _choice(SEXES, n_rows, rng),
        "workclass": _choice(WORKCLASSES, n_rows, rng),
        "education": education,
        "education_num": pa.array(rng.integers(1, 17, n_rows)),
        "marital_status": _choice(MARITAL, n_rows, rng),
        "occupation": _choice(OCCUPATIONS, n_rows, rng),
        "state": _choice(STATES, n_rows, rng),
        "hours_per_week": pa.array(hours),
        "income": _with_missing(income, 0.05, rng),
        "capital_gain": pa.array(np.where(rng.random(n_rows) < 0.92, 0, rng.integers(100, 99_999, n_rows))),
        "capital_loss": pa.array(np.where(rng.random(n_rows) < 0.95, 0, rng.integers(100, 4_356, n_rows))),
        "household_size": _with_missing(rng.integers(1, 9, n_rows), 0.02, rng),
        "bmi": _with_missing(np.round(rng.normal(27.0, 5.0, n_rows), 1), 0.03, rng),
    }
    return pa.table(columns)


def write_census_csv(path: Path, n_rows: int, *, seed: int = 2024) -> Path:
    """Write the census-like table as a plain, unquoted, comma-separated UTF-8 CSV."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pv.write_csv(census_table(n_rows, seed=seed), path, pv.WriteOptions(quoting_style="none"))
    return path


def main() -> None:
    """Command line: `python -m bench.census OUT.csv --rows N`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--rows", type=int, default=1_000_000)
    args = parser.parse_args()
    print(write_census_csv(args.out, args.rows))


if __name__ == "__main__":
    main()
