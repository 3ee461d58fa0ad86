"""The planner's release as a PipelineDP job, on Apache Spark or on PipelineDP's local backend.

`pipelinedp_script` is the twin of `release.opendp_script`: a standalone Python script built from
the SAME plan literal (`release.script_plan(rows, protection)`), for data that has outgrown one
machine. It runs every statistic of the plan with PipelineDP 0.3.1 (`DPEngine.aggregate`) on
PUBLIC partitions only (the declared bins of a histogram; one partition "" for a count, a sum, a
mean or a quantile), so no partition key is ever read from the data, and prints one CSV line per
released number (statistic, label, value) as the OpenDP script does. `--backend local|spark`
chooses the engine (`pipeline_dp.LocalBackend()` or `pipeline_dp.SparkRDDBackend` on a
SparkContext, `local[2]` by default, or any master given with `--master`).

How the plan maps onto PipelineDP (read off pipeline_dp 0.3.1's source):
- Unit of protection. The privacy unit is the plan's ID column (rows without an ID are dropped,
  as the app does), or the row itself when there is none. `max_contributions = m` (rows per
  person) bounds a person's rows IN TOTAL, exactly the app's bound (PipelineDP samples m rows per
  privacy unit, `SamplingPerPrivacyIdContributionBounder`); its sensitivities are then the plan's
  under add/remove: L1 = L2 = m for a count or a histogram, m max(|L|, |U|) for a sum. The pair
  `max_partitions_contributed = max_contributions_per_partition = m` would charge a histogram
  m^2. Without an ID column, m > 1 is the data owner's promise, as in the app.
- Budget. `NaiveBudgetAccountant` splits one total by weight * count over every mechanism, and a
  delta only over the mechanisms that use one, in proportion to their weights; the plan gives its
  Gaussian statistics EQUAL deltas whatever their epsilons. So each statistic gets its own
  accountant holding exactly the plan's (epsilon, delta) for it, and the total is their sum (basic
  composition, the plan's own total); the script checks that sum against the plan's total. A mean
  is PipelineDP's MEAN: a noisy count and a noisy sum (of values minus the middle of the bounds),
  each at half the statistic's (epsilon, delta), as the plan prices it; its output is clamped to
  the bounds as the app does (post-processing).
- Noise. Laplace, or Gaussian (python-dp's analytic Gaussian) where the plan says; the discrete
  Laplace becomes PipelineDP's Laplace at the same epsilon (PipelineDP has no discrete Laplace;
  its (1 - alpha) half-width t ln(1/alpha) is no wider than the discrete one's). PipelineDP
  computes its own scale from its own sensitivity, which is never above the plan's (the plan's sum
  uses OpenDP's (U - L) m when the bounds have both signs; a mean's numerator has (U - L) m / 2
  here), so each released number is at least as accurate as the plan states.
- Quantiles: PipelineDP's PERCENTILE (python-dp's quantile tree, Laplace, pure epsilon-DP) on the
  public bounds of the plan's grid, one partition, at most m rows per person. It is a different
  mechanism from the app's permute-and-flip over the grid, so the plan's stated accuracy for a
  quantile does not carry over.

Every user string (file name, ID column, column names, categories) reaches the script through
`repr` inside its data literals (pprint), never as code.

References: PipelineDP 0.3.1 (`DPEngine.aggregate`, `AggregateParams`, `NaiveBudgetAccountant`,
`LocalBackend`, `SparkRDDBackend`, `Metrics.PERCENTILE`); Wilson et al., "Differentially private
SQL with bounded user contribution" (PoPETs 2020) for contribution bounding; Balle & Wang (ICML
2018) for the analytic Gaussian python-dp calibrates; issue 13, part 3.
"""

from __future__ import annotations

import pprint
from collections.abc import Sequence
from typing import Literal

from dpcore.errors import DPError
from dpcore.export import defuse_source, safe_file_name
from dpcore.protection import Protection
from ui.views.planner.plan import Row
from ui.views.planner.release import script_plan

Backend = Literal["local", "spark"]
BACKENDS: tuple[Backend, ...] = ("local", "spark")


def script_budget(rows: Sequence[Row]) -> list[tuple[float, float]]:
    """(epsilon, delta) of every statistic in the PLAN literal, in its order (rows with a problem are
    left out, as `script_plan` leaves them out)."""
    return [(float(row.epsilon), float(row.delta)) for row in rows if not row.problem]


_SCRIPT_BODY = r'''
MISSING = {"", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
           "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"}  # pandas' missing cells


def cell(row, column):
    """The cell's text, or None when it is missing."""
    value = row.get(column)
    return None if value is None or value in MISSING else value


def number(text, column):
    try:
        return float(text)
    except ValueError:
        raise SystemExit(f"The column {column!r} holds {text!r}, which is not a number.") from None


def matches(row, stat):
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


def bin_label(row, stat):
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


def job(stat):
    """(which rows, partition key, value, public partitions, AggregateParams) of one statistic."""
    kind, column = stat["kind"], stat["column"]
    noises = stat["noise"] if isinstance(stat.get("noise"), list) else [stat.get("noise")]
    gaussian = any(n is not None and n["kind"] == "gaussian" for n in noises)
    noise_kind = pipeline_dp.NoiseKind.GAUSSIAN if gaussian else pipeline_dp.NoiseKind.LAPLACE
    if kind == "count":
        keep = lambda row: matches(row, stat)
        return keep, lambda row: "", lambda row: 0.0, [""], pipeline_dp.AggregateParams(
            metrics=[pipeline_dp.Metrics.COUNT], noise_kind=noise_kind, max_contributions=ROWS_PER_PERSON)
    if kind == "histogram":
        keep = lambda row: bin_label(row, stat) is not None
        return keep, lambda row: bin_label(row, stat), lambda row: 0.0, list(stat["labels"]), \
            pipeline_dp.AggregateParams(metrics=[pipeline_dp.Metrics.COUNT], noise_kind=noise_kind,
                                        max_contributions=ROWS_PER_PERSON)
    keep = lambda row: cell(row, column) is not None
    value = lambda row: number(cell(row, column), column)
    if kind in ("sum", "mean"):
        metric = pipeline_dp.Metrics.SUM if kind == "sum" else pipeline_dp.Metrics.MEAN
        return keep, lambda row: "", value, [""], pipeline_dp.AggregateParams(
            metrics=[metric], noise_kind=noise_kind, max_contributions=ROWS_PER_PERSON,
            min_value=float(stat["lower"]), max_value=float(stat["upper"]))
    # A quantile: PipelineDP's quantile tree on the public bounds of the plan's grid (see the top).
    return keep, lambda row: "", value, [""], pipeline_dp.AggregateParams(
        metrics=[pipeline_dp.Metrics.PERCENTILE(100 * stat["q"])], noise_kind=pipeline_dp.NoiseKind.LAPLACE,
        max_partitions_contributed=1, max_contributions_per_partition=ROWS_PER_PERSON,
        min_value=float(stat["candidates"][0]), max_value=float(stat["candidates"][-1]))


def released(stat, metrics):
    """The number PipelineDP released for one partition (a mean clamped to its bounds)."""
    value = float(metrics[0])
    if stat["kind"] in ("mean", "quantile"):
        low, high = (stat["lower"], stat["upper"]) if stat["kind"] == "mean" else \
            (stat["candidates"][0], stat["candidates"][-1])
        value = min(max(value, low), high)
    return value


def read_local(path):
    """(privacy unit, row) for every row of the CSV, with Python's csv module (a list in memory)."""
    with open(path, newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        needed = check_columns(reader.fieldnames or [])
        rows = [{c: row.get(c) for c in needed} for row in reader]  # only the columns the plan reads
    if ID_COLUMN is None:
        return list(enumerate(rows))
    return [(row[ID_COLUMN], row) for row in rows if cell(row, ID_COLUMN) is not None]


def read_spark(spark, path):
    """(privacy unit, row) for every row of the CSV, read by Spark (every cell as text; a missing
    cell is None). Quotes are doubled inside quoted cells (RFC 4180, as pandas writes them); a cell
    holding a line break needs Spark's multiLine option, which this job does not set."""
    frame = spark.read.csv(path, header=True, inferSchema=False, escape='"')
    needed = check_columns(frame.columns)
    # Only the columns the plan reads, selected by position (a name may hold dots or backticks).
    where = [frame.columns.index(c) for c in needed]
    frame = frame.toDF(*[f"c{i}" for i in range(len(frame.columns))]).select(*[f"c{i}" for i in where])
    rows = frame.rdd.map(lambda r: dict(zip(needed, r)))
    if ID_COLUMN is None:
        pairs = rows.zipWithIndex().map(lambda p: (p[1], p[0]))
    else:
        pairs = rows.filter(lambda row: cell(row, ID_COLUMN) is not None).map(lambda row: (row[ID_COLUMN], row))
    return pairs.cache()


def check_columns(header):
    """The columns the plan reads (ID first), in a fixed order; exits naming one the file lacks."""
    needed = list(dict.fromkeys(c for c in [ID_COLUMN] + [stat["column"] for stat in PLAN] if c is not None))
    absent = [c for c in needed if c not in header]
    if absent:
        raise SystemExit(f"The CSV file has no column named {absent[0]!r}.")
    return needed


def run(backend, data, repeats):
    """Build one aggregation per statistic and repeat, each with its own accountant; returns the
    lazy results as (repeat, statistic index, collection of (partition, metrics), accountant)."""
    if abs(sum(e for e, _ in BUDGET) - TOTAL_EPSILON) > 1e-9 * TOTAL_EPSILON:
        raise SystemExit("The per-statistic budgets do not add up to the plan's total epsilon.")
    results = []
    for repeat in range(repeats):
        for index, (stat, (epsilon, delta)) in enumerate(zip(PLAN, BUDGET)):
            keep, key, value, partitions, params = job(stat)
            accountant = pipeline_dp.NaiveBudgetAccountant(total_epsilon=epsilon, total_delta=delta)
            engine = pipeline_dp.DPEngine(accountant, backend)
            rows = backend.filter(data, lambda pair, keep=keep: keep(pair[1]), f"Rows of statistic {index}")
            extractors = pipeline_dp.DataExtractors(
                privacy_id_extractor=lambda pair: pair[0],
                partition_extractor=lambda pair, key=key: key(pair[1]),
                value_extractor=lambda pair, value=value: value(pair[1]))
            result = engine.aggregate(rows, params, extractors, public_partitions=partitions)
            accountant.compute_budgets()  # before the lazy result is evaluated
            results.append((repeat, index, result, accountant))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["local", "spark"], default=BACKEND)
    parser.add_argument("--master", default="local[2]", help="Spark master (default: local[2])")
    parser.add_argument("--csv", default=CSV_FILE, help="the CSV file (default: the planned one)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="draw the release this many times; EACH draw spends the whole budget again")
    args = parser.parse_args()
    if args.backend == "spark":
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # Spark's Python workers
        from pyspark.sql import SparkSession

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
    by_tag = {}
    for tag, partition, metrics in collected:
        by_tag.setdefault(tag, {})[partition] = metrics
    out = csv.writer(sys.stdout)
    out.writerow((["run"] if args.repeat > 1 else []) + ["statistic", "label", "value"])
    for repeat in range(args.repeat):
        for index, stat in enumerate(PLAN):
            got = by_tag.get((repeat, index), {})
            labels = list(stat["labels"]) if stat["kind"] == "histogram" else [""]
            if sorted(got) != sorted(labels):  # public partitions: exactly the declared ones
                raise SystemExit(f"PipelineDP released other partitions than the declared ones for {stat['name']!r}.")
            for label in labels:
                row = [_defuse(stat["name"]), _defuse(label), released(stat, got[label])]  # no formula
                out.writerow(([repeat + 1] if args.repeat > 1 else []) + row)


if __name__ == "__main__":
    main()
'''


def pipelinedp_script(rows: Sequence[Row], protection: Protection, csv_name: str,
                      backend: Backend = "local") -> str:
    """A standalone Python script that runs the plan's release with PipelineDP 0.3.1 on the CSV `csv_name`
    (as `safe_file_name` makes it); its labels are defused for spreadsheets as the app's CSV is.

    `backend` ("local" or "spark") is the engine the script uses when run without `--backend`; the
    script takes `--backend local|spark`, `--master` (Spark's, default local[2]), `--csv` and
    `--repeat` (each repeat spends the budget again; for tests). Its PLAN literal is
    `script_plan(rows, protection)`, the OpenDP script's; BUDGET holds each statistic's (epsilon,
    delta) in the same order. Rows with a `problem` are left out. Raises DPError("nothing_to_release")
    when no row is left and DPError("engine_backend") for another backend.
    """
    if backend not in BACKENDS:
        raise DPError("engine_backend", backend=backend)
    plan = script_plan(rows, protection)
    csv_name = safe_file_name(csv_name)
    budget = script_budget(rows)
    total = sum(e for e, _ in budget)
    header = (
        '"""Run a release planned in DP Explorer with PipelineDP 0.3.1, on Apache Spark or locally.\n\n'
        "python this_script.py [--backend local|spark] [--master local[2]] [--csv FILE]\n\n"
        "Every statistic is aggregated on its declared (public) partitions only, with its own budget\n"
        "accountant holding the plan's epsilon and delta for it; a person's rows are bounded to\n"
        "ROWS_PER_PERSON in total. Every run draws new noise and spends the whole budget again.\n"
        "Prints one line per released number (CSV). Spark needs a Java runtime and pyspark;\n"
        "its Python workers use PYSPARK_PYTHON (this interpreter unless set).\n"
        "A quantile uses PipelineDP's quantile tree, not the app's permute-and-flip: the planned\n"
        "accuracy of a quantile does not apply to it.\n"
        f"Put the data file beside this script, named {csv_name} (or give --csv FILE).\n"
        '"""\n\n'
        "import argparse\nimport csv\nimport math\nimport os\nimport sys\n\nimport pipeline_dp\n\n"
        f"CSV_FILE = {csv_name!r}\n"
        f"ID_COLUMN = {protection.id_column!r}\n"
        f"ROWS_PER_PERSON = {int(protection.factor)!r}\n"
        f"BACKEND = {backend!r}\n"
        f"TOTAL_EPSILON = {float(total)!r}  # basic composition of the statistics below\n"
        f"PLAN = {pprint.pformat(plan, width=110, compact=True, sort_dicts=False)}\n"
        "# (epsilon, delta) of each statistic of PLAN, in the same order\n"
        f"BUDGET = {pprint.pformat(budget, width=110, compact=True)}\n\n\n"
    )
    return header + defuse_source() + _SCRIPT_BODY
