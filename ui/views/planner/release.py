"""Draw a plan's release with OpenDP, and export it: the values (CSV), a JSON report, an OpenDP script.

`release` draws every statistic of a plan (the rows of `ui.views.planner.plan.compute`) with
OpenDP's samplers through `dpcore.release.release_plan` (contributions bounded with fresh
randomness first, then each statistic), at the row's epsilon and delta and with the very
mechanisms the row carries (`Row.events`), so the accuracy released is the accuracy planned:
- a count (with its filter): `release_counts` on the true count;
- a histogram: `release_histogram` on a declared domain (typed categories, or numeric bins on
  public bounds); every declared bin is released, empty ones included;
- a sum: `release_sum` (OpenDP clamps and sums; its sensitivity is the one the plan calibrated on);
- a mean: a noisy clamped sum over a noisy count of the column's values, each at half the row's
  (epsilon, delta) as the plan prices it (its two events), then clamped to the public bounds
  (post-processing: it only moves the value towards the true clamped mean, which lies within them);
- a quantile: OpenDP's `make_private_quantile` (permute-and-flip, pure epsilon-DP) on the plan's
  public grid of candidates, at scale 2 * score_sensitivity / epsilon (dpcore.statistics.Quantile).

What comes out never holds a raw value: `PlanRelease` keeps only released numbers, the report
only public facts (bounds, categories, mechanisms, costs, expected accuracy), the script only
the plan. The expected accuracy of a mean and of a quantile is computed on the true data (the mean's
bound uses the true count and mean; the quantile's is read off its output distribution on the data),
so the report flags those figures: they are for the data owner, not for publication.

The script (`opendp_script`) redoes the same release on the same CSV with OpenDP alone; every user
string (column names, categories, file name) enters it through `repr`, inside one data literal.

References: OpenDP 0.16 `make_laplace`, `make_gaussian`, `make_clamp`, `make_sum`,
`make_private_quantile`; McKenna & Sheldon, "Permute-and-Flip" (NeurIPS 2020); OWASP, "CSV
injection" (through dpcore.export); issue 10, item 8.
"""

from __future__ import annotations

import json
import math
import pprint
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import pandas as pd

from dpcore.errors import DPError
from dpcore.export import defuse_source, safe_csv_bytes, safe_file_name
from dpcore.mechanisms import AdditiveNoise
from dpcore.protection import Protection
from dpcore.provenance import package_versions
from dpcore.release import HistogramDomain, PlannedStatistic, planned_noises, quantile_scale, release_plan
from dpcore.statistics import Histogram, Mean, Quantile, Sum
from ui import fmt
from ui.safe import md_escape
from ui.text.planner import TEXT
from ui.views.planner.items import Item, StatKind, statistic
from ui.views.planner.plan import Row

LIBRARIES = ("opendp", "dp-accounting", "numpy", "pandas", "scipy")


@dataclass(frozen=True)
class StatisticRelease:
    """One released statistic: its labels (bins; "" for a single number) and noisy values, and its cost."""

    name: str
    kind: StatKind
    column: str | None
    labels: tuple[str, ...]
    values: tuple[float | int, ...]
    epsilon: float
    delta: float


@dataclass(frozen=True)
class PlanRelease:
    """Every released statistic of a plan, the total cost (basic composition) and when it was drawn."""

    statistics: tuple[StatisticRelease, ...]
    total_epsilon: float
    total_delta: float
    drawn_at: datetime


# --- drawing --------------------------------------------------------------------------------------


def _noises(row: Row, parts: int) -> tuple[AdditiveNoise, ...]:
    """The row's calibrated mechanisms, each used once (dpcore.release.planned_noises)."""
    return planned_noises(row.name, row.events, parts)


def _column(item: Item) -> str | None:
    """The column a statistic reads: none for a count without a filter (it counts every row)."""
    return None if item.kind == "count" and item.equals is None else item.column


def histogram_domain(item: Item) -> HistogramDomain:
    """The declared bins of a histogram item: its typed categories, or numeric bins on its public bounds."""
    if item.categories:
        return HistogramDomain.typed(item.categories)
    if item.lower is None or item.upper is None:
        raise DPError("undeclared_categories.planner", column=item.column)
    return HistogramDomain.public_bounds(item.lower, item.upper, item.bins)


def _planned(row: Row) -> PlannedStatistic:
    """A row of the plan as dpcore.release draws it (a histogram with its declared bins)."""
    domain = histogram_domain(row.item) if row.item.kind == "histogram" else None
    return PlannedStatistic(row.name, row.stat, row.epsilon, row.events, domain)  # type: ignore[arg-type]


def release(frame: pd.DataFrame, rows: Sequence[Row], protection: Protection) -> PlanRelease:
    """Draw every statistic of the plan with OpenDP (dpcore.release.release_plan); rows with a
    `problem` are skipped.

    `frame` is the table as it is, before contribution bounding: `release_plan` chooses the rows each
    person keeps with fresh secret randomness drawn for this release alone (issue 30, item 1). Raises
    DPError for anything that cannot be released (no releasable row, undeclared bins, a row whose
    noise does not match its kind, bad data for OpenDP), before anything is returned.
    """
    kept = [row for row in rows if not row.problem]
    values = release_plan(frame, [_planned(row) for row in kept], protection)
    drawn = tuple(StatisticRelease(row.name, row.item.kind, _column(row.item), labels, numbers,
                                   float(row.epsilon), float(row.delta))
                  for row, (labels, numbers) in zip(kept, values, strict=True))
    if not drawn:
        raise DPError("nothing_to_release")
    return PlanRelease(drawn, float(sum(s.epsilon for s in drawn)), float(sum(s.delta for s in drawn)),
                       datetime.now(timezone.utc))


# --- the values, as a table and as CSV -----------------------------------------------------------


def _records(drawn: PlanRelease) -> list[tuple[str, str, float | int]]:
    """(statistic, bin or label, value): one per released number."""
    return [(s.name, label, value) for s in drawn.statistics for label, value in zip(s.labels, s.values)]


def values_table(drawn: PlanRelease) -> dict[str, list[str]]:
    """The released numbers for the page's table, one row each, written for people."""
    records = _records(drawn)
    return {TEXT["release_csv_statistic"]: [md_escape(r[0]) for r in records],  # st.table renders markdown
            TEXT["release_csv_label"]: [md_escape(str(r[1])) for r in records],
            TEXT["release_csv_value"]: [fmt.number(float(r[2])) for r in records]}


def values_csv(drawn: PlanRelease) -> bytes:
    """One row per released number (statistic, bin or label, value), safe to open in a spreadsheet."""
    frame = pd.DataFrame(_records(drawn), columns=[TEXT["release_csv_statistic"], TEXT["release_csv_label"],
                                           TEXT["release_csv_value"]], dtype=object)  # whole numbers stay whole
    return safe_csv_bytes(frame)


# --- the report, as JSON --------------------------------------------------------------------------


def _finite(x: float) -> float | None:
    """A number JSON can hold: None for infinity or NaN (JSON has no such numbers)."""
    return float(x) if math.isfinite(x) else None


def _noise_record(part: str, noise: AdditiveNoise) -> dict[str, Any]:
    return {"part": part, "noise": noise.kind, "calibration": noise.calibration, "scale": noise.scale,
            "sensitivity": noise.sensitivity, "norm": "L2" if noise.kind == "gaussian" else "L1",
            "epsilon": noise.epsilon, "delta": noise.delta}


def _public_facts(item: Item) -> dict[str, Any]:
    """What the statistic was told in public: bounds, bins, categories, filter, quantile."""
    facts: dict[str, Any] = {}
    if item.kind == "count" and item.equals is not None:
        facts["filter"] = {"column": item.column, "equals": item.equals}
    if item.kind == "histogram":
        domain = histogram_domain(item)
        facts["bins"] = {"source": domain.source, "labels": list(domain.bins.labels)}
        if not item.categories:
            facts["bounds"] = {"lower": float(item.lower), "upper": float(item.upper)}  # type: ignore[arg-type]
    if item.kind in ("sum", "mean", "quantile"):
        facts["bounds"] = {"lower": float(item.lower), "upper": float(item.upper)}  # type: ignore[arg-type]
    if item.kind == "quantile":
        facts["q"] = item.q
        facts["candidates"] = len(statistic(item).candidates)  # type: ignore[union-attr]
    return facts


def _statistic_record(row: Row, protection: Protection, alpha: float) -> dict[str, Any]:
    record: dict[str, Any] = {"name": row.name, "kind": row.item.kind, "column": _column(row.item),
                              "mechanism": row.item.mechanism, "epsilon": row.epsilon, "delta": row.delta}
    record.update(_public_facts(row.item))
    stat = row.stat
    if isinstance(stat, Quantile):
        record["noise"] = [{"part": "selection", "noise": "permute_and_flip",
                            "scale": quantile_scale(stat, row.epsilon, protection),
                            "sensitivity": stat.score_sensitivity(protection), "norm": "score",
                            "epsilon": row.epsilon, "delta": 0.0}]
    else:
        parts = ("sum", "count") if isinstance(stat, Mean) else ("value",)
        record["noise"] = [_noise_record(part, noise) for part, (noise, _) in zip(parts, row.events)]
    record["expected_accuracy"] = {"plus_minus": _finite(row.accuracy), "confidence": 1 - alpha,
                                   "computed_on_the_data": isinstance(stat, (Mean, Quantile))}
    return record


def report_json(drawn: PlanRelease, rows: Sequence[Row], protection: Protection,
                accountant_totals: dict[str, float | None], delta: float, alpha: float = 0.05) -> str:
    """The release's report: per statistic its mechanism, cost, sensitivity, public bounds or categories
    and expected accuracy (±a with probability 1 - alpha); the unit of protection; the total under each
    accountant given (at total delta `delta`); library versions and the date. Never a raw value.

    Raises DPError("report_mismatch") when a released statistic is not among `rows` at the same epsilon
    (the plan changed after the draw)."""
    by_name = {row.name: row for row in rows if not row.problem}
    records = []
    for s in drawn.statistics:
        row = by_name.get(s.name)
        if row is None or row.epsilon != s.epsilon or row.delta != s.delta:
            raise DPError("report_mismatch", name=s.name)
        records.append(_statistic_record(row, protection, alpha))
    explained = protection.explain()
    report = {
        "report": "DP Explorer release report",
        "drawn_at": drawn.drawn_at.isoformat(),
        "note": TEXT["release_report_note"],
        "unit_of_protection": {"unit": explained.unit, "rows_per_person": explained.rows_per_person,
                               "id_column": explained.id_column,
                               "neighbours": "add or remove one person with all of their rows "
                                             "(at most rows_per_person)"},
        "statistics": records,
        "total": {"epsilon": drawn.total_epsilon, "delta": drawn.total_delta, "composition": "basic"},
        "accountants": {"delta": delta, "epsilon": {k: None if v is None else _finite(v)
                                                    for k, v in accountant_totals.items()}},
        "versions": {**package_versions(LIBRARIES), "app": None},  # DP Explorer has no version number yet
    }
    return json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False)


# --- the script that redoes the release with OpenDP -----------------------------------------------


def script_plan(rows: Sequence[Row], protection: Protection) -> list[dict[str, Any]]:
    """The plan as the generated scripts' PLAN literal: one entry per statistic without a problem.
    Raises DPError when nothing is left to release."""
    plan = [_script_entry(row, protection) for row in rows if not row.problem]
    if not plan:
        raise DPError("nothing_to_release")
    return plan


def _script_entry(row: Row, protection: Protection) -> dict[str, Any]:
    """One statistic of the script's PLAN literal: plain values only (they go through repr)."""
    item = row.item
    stat = statistic(item)
    entry: dict[str, Any] = {"name": row.name, "kind": item.kind, "column": _column(item)}

    def noise(n: AdditiveNoise) -> dict[str, Any]:
        return {"kind": n.kind, "scale": float(n.scale), "sensitivity": float(n.sensitivity)}

    if isinstance(stat, Quantile):
        entry.update(q=stat.q, candidates=list(stat.candidates),
                     scale=quantile_scale(stat, row.epsilon, protection))
    elif isinstance(stat, Mean):
        entry.update(lower=stat.lower, upper=stat.upper, noise=[noise(n) for n in _noises(row, 2)])
    else:
        (n,) = _noises(row, 1)
        entry["noise"] = noise(n)
        if isinstance(stat, Histogram):
            domain = histogram_domain(item)
            entry["labels"] = list(domain.bins.labels)
            if not item.categories:
                bins = domain.bins
                entry.update(lower=bins.lower, upper=bins.upper, bins=bins.count)  # type: ignore[union-attr]
        elif isinstance(stat, Sum):
            entry.update(lower=stat.lower, upper=stat.upper)
        else:
            entry["equals"] = item.equals  # None: every row
    return entry


_SCRIPT_BODY = '''

def bounded(frame):
    """At most ROWS_PER_PERSON rows per person, chosen at random; rows without an ID are dropped."""
    if ID_COLUMN is None:
        return frame
    kept = frame[frame[ID_COLUMN].notna()].sample(frac=1.0)
    return kept.groupby(ID_COLUMN, sort=False).head(ROWS_PER_PERSON).sort_index()


def is_numeric(series):
    return pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series)


def numbers(frame, column):
    """The column's numbers, missing cells left out."""
    values = pd.to_numeric(frame[column], errors="raise").to_numpy(dtype=float)
    return values[~np.isnan(values)]


def noisy_counts(counts, noise):
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


def noisy_sum(values, lower, upper, noise):
    """OpenDP clamps to the public bounds and sums; the noise scale grows if OpenDP's sensitivity is larger."""
    integer = noise["kind"] == "discrete_laplace"
    atom = dp.atom_domain(T="i64") if integer else dp.atom_domain(T=float, nan=False)
    bounds = (int(lower), int(upper)) if integer else (float(lower), float(upper))
    summed = dp.t.make_clamp(dp.vector_domain(atom), dp.symmetric_distance(), bounds=bounds) >> dp.t.then_sum()
    scale = noise["scale"] * max(1.0, summed.map(ROWS_PER_PERSON) / noise["sensitivity"])
    then = dp.m.then_gaussian if noise["kind"] == "gaussian" else dp.m.then_laplace
    data = np.clip(values, lower, upper).astype(np.int64).tolist() if integer else values.tolist()
    return float((summed >> then(scale=scale))(data))


def count_rows(frame, stat):
    """COUNT(*), or the rows where the column equals the filter value (missing cells never match)."""
    if stat["equals"] is None:
        return len(frame)
    series = frame[stat["column"]]
    if is_numeric(series):
        match = series == float(stat["equals"])
    else:
        match = (series.astype("string") == str(stat["equals"])).fillna(False)
    return int((match & series.notna()).sum())


def histogram_counts(frame, stat):
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


def private_quantile(values, stat):
    space = dp.vector_domain(dp.atom_domain(T=float, nan=False)), dp.symmetric_distance()
    meas = dp.m.make_private_quantile(*space, dp.max_divergence(), stat["candidates"], stat["q"], stat["scale"])
    return float(meas(values.tolist()))


def released(frame, stat):
    """(label, value) pairs of one statistic."""
    kind = stat["kind"]
    if kind == "count":
        return [("", noisy_counts([count_rows(frame, stat)], stat["noise"])[0])]
    if kind == "histogram":
        return list(zip(stat["labels"], noisy_counts(histogram_counts(frame, stat), stat["noise"])))
    values = numbers(frame, stat["column"])
    if kind == "sum":
        return [("", noisy_sum(values, stat["lower"], stat["upper"], stat["noise"]))]
    if kind == "mean":
        total = noisy_sum(values, stat["lower"], stat["upper"], stat["noise"][0])
        count = noisy_counts([values.size], stat["noise"][1])[0]
        return [("", float(np.clip(total / max(count, 1.0), stat["lower"], stat["upper"])))]
    return [("", private_quantile(values, stat))]


def main():
    frame = bounded(pd.read_csv(CSV_FILE))
    out = csv.writer(sys.stdout)
    out.writerow(["statistic", "label", "value"])
    for stat in PLAN:
        for label, value in released(frame, stat):
            out.writerow([_defuse(stat["name"]), _defuse(label), value])  # no cell read as a formula


if __name__ == "__main__":
    main()
'''


def opendp_script(rows: Sequence[Row], protection: Protection, csv_name: str) -> str:
    """A standalone Python script that redoes the plan's release with OpenDP 0.16 on the CSV `csv_name`
    (as `safe_file_name` makes it: the name a browser sent is the user's text).

    It bounds contributions as the app does (at most m rows per person, rows without an ID dropped;
    chosen at random, not with the app's seed), builds each measurement with the planned scale and
    bounds, and prints one CSV line per released number, its labels defused for spreadsheets as the
    app's own CSV is (`defuse_source`). Rows with a `problem` are left out. Every user string reaches
    the script through `repr` inside one data literal, never as code.
    """
    plan = script_plan(rows, protection)
    csv_name = safe_file_name(csv_name)
    header = (
        '"""Redo a release planned in DP Explorer, with OpenDP 0.16, on the same CSV file.\n\n'
        "Every run draws new noise (from the operating system's entropy) with the same scales, and\n"
        "spends the same privacy budget again. Prints one line per released number (CSV).\n"
        "The file is read with pandas' defaults (commas, UTF-8, a header row): a file the app had to\n"
        "repair (another separator, decimal commas, renamed columns) should be saved that way first.\n"
        f"Put the data file beside this script, named {csv_name}, and run it from that folder.\n"
        '"""\n\n'
        "import csv\nimport sys\n\nimport numpy as np\nimport opendp.prelude as dp\nimport pandas as pd\n\n"
        'dp.enable_features("contrib")\n\n'
        f"CSV_FILE = {csv_name!r}\n"
        f"ID_COLUMN = {protection.id_column!r}\n"
        f"ROWS_PER_PERSON = {int(protection.factor)!r}\n"
        f"PLAN = {pprint.pformat(plan, width=110, compact=True, sort_dicts=False)}\n\n\n"
    )
    return header + defuse_source() + _SCRIPT_BODY
