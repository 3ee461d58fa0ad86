"""Run a release planned in DP Explorer with PipelineDP 0.3.1, on Apache Spark or locally.

python this_script.py [--backend local|spark] [--master local[2]] [--csv FILE]

Every statistic is aggregated on its declared (public) partitions only, with its own budget
accountant holding the plan's epsilon and delta for it; a person's rows are bounded to
ROWS_PER_PERSON in total. Every run draws new noise and spends the whole budget again.
Prints one line per released number (CSV). Spark needs a Java runtime and pyspark;
its Python workers use PYSPARK_PYTHON (this interpreter unless set).
A quantile uses PipelineDP's quantile tree, not the app's permute-and-flip: the planned
accuracy of a quantile does not apply to it.
With no --csv it reads the file named data.csv beside this script.
Needs Python 3.10 or later, with pipeline-dp 0.3.1 (and pyspark for Spark): `pip install -r
requirements-engine.txt` in DP Explorer's folder installs the versions it was tested with.
"""

import argparse
import csv
import math
import os
import sys
from pathlib import Path

INSTALL = ("pip install pipeline-dp==0.3.1 python-dp==1.1.5 dill==0.4.1 (and for Spark: pyspark==4.3.0 "
           "py4j==0.10.9.9 and a Java runtime), or `pip install -r requirements-engine.txt` in DP Explorer's folder")
try:
    import pipeline_dp
except ImportError:
    sys.exit(f"This job needs PipelineDP, which this Python does not have: {INSTALL}.")

# --- plan: the values DP Explorer wrote for this release; the code below is the same for every plan ---
CSV_FILE = "data.csv"
ID_COLUMN = None
ROWS_PER_PERSON = 1
BACKEND = "local"
TOTAL_EPSILON = 1.0  # basic composition of the statistics below
PLAN = [{"name": "Count of rows", "kind": "count", "column": None,
         "noise": {"kind": "laplace", "scale": 1.0, "sensitivity": 1.0}, "equals": None}]
# (epsilon, delta) of each statistic of PLAN, in the same order
BUDGET = [(1.0, 0.0)]
# --- end of plan ---


# Cells that a spreadsheet would read as a formula get a leading apostrophe, as in DP Explorer's own
# CSV export (dpcore/export.py; DP Explorer's tests keep this copy the same as that one).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _defuse(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


MISSING = {"", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
           "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"}  # pandas' missing cells


def cell(row: dict, column: str) -> str | None:
    """The cell's text, or None when it is missing."""
    value = row.get(column)
    return None if value is None or value in MISSING else value


def number(text: str, column: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise SystemExit(f"The column {column!r} holds {text!r}, which is not a number.") from None


def matches(row: dict, stat: dict) -> bool:
    """COUNT(*), or the rows where the column equals the filter value (missing cells never match;
    numbers compare as numbers)."""
    if stat["equals"] is None:
        return True
    text = cell(row, stat["column"])
    if text is None:
        return False
    if text == str(stat["equals"]):
        return True
    try:
        return float(text) == float(stat["equals"])
    except ValueError:
        return False


def bin_label(row: dict, stat: dict) -> str | None:
    """The declared bin of the row's value, or None (missing, or not a declared category)."""
    text = cell(row, stat["column"])
    if text is None:
        return None
    labels = stat["labels"]
    if "bins" in stat:  # numeric bins on public bounds: values outside go to the end bins
        x = number(text, stat["column"])
        width = (stat["upper"] - stat["lower"]) / stat["bins"]
        index = math.floor((x - stat["lower"]) / width) if math.isfinite(x) else (0 if x < 0 else stat["bins"])
        return labels[min(max(index, 0), stat["bins"] - 1)]
    if text in labels:
        return text
    try:
        text = f"{float(text):g}"  # a numeric column's categories are written as the app writes them
    except ValueError:
        return None
    return text if text in labels else None


def kept(row: dict, stat: dict) -> bool:
    """Whether the row enters the statistic: it passes a count's filter, falls in a histogram's
    declared bins, or has a value in the column of a sum, a mean or a quantile."""
    if stat["kind"] == "count":
        return matches(row, stat)
    if stat["kind"] == "histogram":
        return bin_label(row, stat) is not None
    return cell(row, stat["column"]) is not None


def partition_of(row: dict, stat: dict) -> str | None:
    """The row's public partition: its bin in a histogram, the one partition "" otherwise."""
    return bin_label(row, stat) if stat["kind"] == "histogram" else ""


def value_of(row: dict, stat: dict) -> float:
    """The row's value: its number in the column (a count or a histogram counts rows: 0)."""
    if stat["kind"] in ("count", "histogram"):
        return 0.0
    return number(row[stat["column"]], stat["column"])  # kept() left only rows with a value


def declared_partitions(stat: dict) -> list:
    """The public partitions of a statistic: a histogram's declared bins, or the one partition ""."""
    return list(stat["labels"]) if stat["kind"] == "histogram" else [""]


def aggregate_params(stat: dict) -> pipeline_dp.AggregateParams:
    """PipelineDP's parameters of one statistic (see the plan's mapping in pipeline_script.py)."""
    kind = stat["kind"]
    noises = stat["noise"] if isinstance(stat.get("noise"), list) else [stat.get("noise")]
    gaussian = any(n is not None and n["kind"] == "gaussian" for n in noises)
    noise_kind = pipeline_dp.NoiseKind.GAUSSIAN if gaussian else pipeline_dp.NoiseKind.LAPLACE
    if kind in ("count", "histogram"):
        return pipeline_dp.AggregateParams(metrics=[pipeline_dp.Metrics.COUNT], noise_kind=noise_kind,
                                           max_contributions=ROWS_PER_PERSON)
    if kind in ("sum", "mean"):
        metric = pipeline_dp.Metrics.SUM if kind == "sum" else pipeline_dp.Metrics.MEAN
        return pipeline_dp.AggregateParams(
            metrics=[metric], noise_kind=noise_kind, max_contributions=ROWS_PER_PERSON,
            min_value=float(stat["lower"]), max_value=float(stat["upper"]))
    # A quantile: PipelineDP's quantile tree on the public bounds of the plan's grid (see the top).
    return pipeline_dp.AggregateParams(
        metrics=[pipeline_dp.Metrics.PERCENTILE(100 * stat["q"])], noise_kind=pipeline_dp.NoiseKind.LAPLACE,
        max_partitions_contributed=1, max_contributions_per_partition=ROWS_PER_PERSON,
        min_value=float(stat["candidates"][0]), max_value=float(stat["candidates"][-1]))


def released(stat: dict, metrics: tuple) -> float:
    """The number PipelineDP released for one partition (a mean clamped to its bounds)."""
    value = float(metrics[0])
    if stat["kind"] in ("mean", "quantile"):
        low, high = (stat["lower"], stat["upper"]) if stat["kind"] == "mean" else \
            (stat["candidates"][0], stat["candidates"][-1])
        value = min(max(value, low), high)
    return value


def read_local(path: str) -> list:
    """(privacy unit, row) for every row of the CSV, with Python's csv module (a list in memory)."""
    with open(path, newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        needed = check_columns(list(reader.fieldnames or []))
        rows = [{c: row.get(c) for c in needed} for row in reader]  # only the columns the plan reads
    if ID_COLUMN is None:
        return list(enumerate(rows))
    return [(row[ID_COLUMN], row) for row in rows if cell(row, ID_COLUMN) is not None]


def read_spark(spark, path: str):
    """(privacy unit, row) for every row of the CSV, read by Spark (every cell as text; a missing
    cell is None). Quotes are doubled inside quoted cells (RFC 4180, as pandas writes them); a cell
    holding a line break needs Spark's multiLine option, which this job does not set."""
    frame = spark.read.csv(path, header=True, inferSchema=False, escape='"')
    needed = check_columns(frame.columns)
    # Only the columns the plan reads, selected by position (a name may hold dots or backticks).
    where = [frame.columns.index(c) for c in needed]
    frame = frame.toDF(*[f"c{i}" for i in range(len(frame.columns))]).select(*[f"c{i}" for i in where])
    rows = frame.rdd.map(lambda r: dict(zip(needed, r, strict=True)))
    if ID_COLUMN is None:
        pairs = rows.zipWithIndex().map(lambda p: (p[1], p[0]))
    else:
        pairs = rows.filter(lambda row: cell(row, ID_COLUMN) is not None).map(lambda row: (row[ID_COLUMN], row))
    return pairs.cache()


def check_columns(header: list) -> list:
    """The columns the plan reads (ID first), in a fixed order; exits naming one the file lacks."""
    needed = list(dict.fromkeys(c for c in [ID_COLUMN] + [stat["column"] for stat in PLAN] if c is not None))
    absent = [c for c in needed if c not in header]
    if absent:
        raise SystemExit(f"The CSV file has no column named {absent[0]!r}.")
    return needed


def run(backend: pipeline_dp.PipelineBackend, data: object, repeats: int) -> list:
    """Build one aggregation per statistic and repeat, each with its own accountant; returns the
    lazy results as (repeat, statistic index, collection of (partition, metrics), accountant)."""
    if abs(sum(e for e, _ in BUDGET) - TOTAL_EPSILON) > 1e-9 * TOTAL_EPSILON:
        raise SystemExit("The per-statistic budgets do not add up to the plan's total epsilon.")
    results = []
    for repeat in range(repeats):
        for index, stat in enumerate(PLAN):
            epsilon, delta = BUDGET[index]
            accountant = pipeline_dp.NaiveBudgetAccountant(total_epsilon=epsilon, total_delta=delta)
            engine = pipeline_dp.DPEngine(accountant, backend)
            rows = backend.filter(data, lambda pair, stat=stat: kept(pair[1], stat), f"Rows of statistic {index}")
            extractors = pipeline_dp.DataExtractors(
                privacy_id_extractor=lambda pair: pair[0],
                partition_extractor=lambda pair, stat=stat: partition_of(pair[1], stat),
                value_extractor=lambda pair, stat=stat: value_of(pair[1], stat))
            result = engine.aggregate(rows, aggregate_params(stat), extractors,
                                      public_partitions=declared_partitions(stat))
            accountant.compute_budgets()  # before the lazy result is evaluated
            results.append((repeat, index, result, accountant))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=str(__doc__).splitlines()[0])
    parser.add_argument("--backend", choices=["local", "spark"], default=BACKEND)
    parser.add_argument("--master", default="local[2]", help="Spark master (default: local[2])")
    parser.add_argument("--csv", help="the CSV file (default: the planned one, beside this script)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="draw the release this many times; EACH draw spends the whole budget again")
    args = parser.parse_args()
    args.csv = args.csv or str(Path(__file__).resolve().parent / CSV_FILE)
    if not Path(args.csv).is_file():
        sys.exit(f"No CSV file at {args.csv}: give its path with --csv.")
    if args.backend == "spark":
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # Spark's Python workers
        try:
            from pyspark.sql import SparkSession
        except ImportError:
            sys.exit(f"--backend spark needs pyspark, which this Python does not have: {INSTALL}.")

        spark = (SparkSession.builder.master(args.master).appName("DP Explorer release")
                 .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
                 .getOrCreate())
        spark.sparkContext.setLogLevel("ERROR")
        backend = pipeline_dp.SparkRDDBackend(spark.sparkContext)
        results = run(backend, read_spark(spark, args.csv), args.repeat)
        tagged = [r.map(lambda kv, tag=(repeat, index): (tag, kv[0], kv[1])) for repeat, index, r, _ in results]
        collected = spark.sparkContext.union(tagged).collect()  # one Spark job for the whole release
        spark.stop()
    else:
        backend = pipeline_dp.LocalBackend()
        results = run(backend, read_local(args.csv), args.repeat)
        collected = [((repeat, index), k, m) for repeat, index, r, _ in results for k, m in r]
    by_tag: dict = {}
    for tag, partition, metrics in collected:
        by_tag.setdefault(tag, {})[partition] = metrics
    out = csv.writer(sys.stdout)
    out.writerow((["run"] if args.repeat > 1 else []) + ["statistic", "label", "value"])
    for repeat in range(args.repeat):
        for index, stat in enumerate(PLAN):
            got = by_tag.get((repeat, index), {})
            labels = declared_partitions(stat)
            if sorted(got) != sorted(labels):  # public partitions: exactly the declared ones
                raise SystemExit(f"PipelineDP released other partitions than the declared ones for {stat['name']!r}.")
            for label in labels:
                row = [_defuse(stat["name"]), _defuse(label), released(stat, got[label])]  # no formula
                out.writerow(([repeat + 1] if args.repeat > 1 else []) + row)


if __name__ == "__main__":
    main()
