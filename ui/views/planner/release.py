"""Draw a plan's release with OpenDP, and export it: the values (CSV), a JSON report, an OpenDP script.

`release` draws every statistic of a plan (the rows of `ui.views.planner.plan.compute`) with
OpenDP's samplers through `dpcore.plan_release.release_plan` (contributions bounded with fresh
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

The script (`opendp_script`) redoes the same release on the same CSV with OpenDP alone: the template
dpcore/scripts/opendp_release.py with the plan's values; every user string (column names,
categories, file name) enters it through `repr`, inside its data literals.

References: OpenDP 0.16 `make_laplace`, `make_gaussian`, `make_clamp`, `make_sum`,
`make_private_quantile`; McKenna & Sheldon, "Permute-and-Flip" (NeurIPS 2020); OWASP, "CSV
injection" (through dpcore.export); issue 10, item 8.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import numpy as np
import pandas as pd

from dpcore import scripts
from dpcore.errors import DPError
from dpcore.export import safe_csv_bytes, safe_file_name
from dpcore.key_selection import KeyedHistogram
from dpcore.mechanisms import AdditiveNoise
from dpcore.plan_release import PlannedStatistic, Released, planned_noises, quantile_scale, release_plan
from dpcore.protection import Protection
from dpcore.provenance import package_versions
from dpcore.release import HistogramDomain
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
    """The row's calibrated mechanisms, each used once (dpcore.plan_release.planned_noises)."""
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
    """A row of the plan as dpcore.plan_release draws it (a histogram with its declared bins)."""
    domain = histogram_domain(row.item) if row.item.kind == "histogram" and not row.item.select_keys else None
    return PlannedStatistic(row.name, row.stat, row.epsilon, row.events, domain, row.delta)  # type: ignore[arg-type]


def release(frame: pd.DataFrame, rows: Sequence[Row], protection: Protection) -> PlanRelease:
    """Draw every statistic of the plan with OpenDP (dpcore.plan_release.release_plan); rows with a
    `problem` are skipped.

    `frame` is the table as it is, before contribution bounding: `release_plan` chooses the rows each
    person keeps with fresh secret randomness drawn for this release alone (issue 30, item 1). Raises
    DPError for anything that cannot be released (no releasable row, undeclared bins, a row whose
    noise does not match its kind, bad data for OpenDP), before anything is returned.
    """
    kept = [row for row in rows if not row.problem]
    values = release_plan(frame, [_planned(row) for row in kept], protection)
    drawn = tuple(StatisticRelease(row.name, row.item.kind, _column(row.item), released.labels, _justified(released),
                                   float(row.epsilon), float(row.delta))
                  for row, released in zip(kept, values, strict=True))
    if not drawn:
        raise DPError("nothing_to_release")
    return PlanRelease(drawn, float(sum(s.epsilon for s in drawn)), float(sum(s.delta for s in drawn)),
                       datetime.now(timezone.utc))


def _justified(released: Released) -> tuple[float | int, ...]:
    """The values rounded to what their noise justifies (ui.fmt.justified, as the histogram page's
    download): the digits below the noise are noise. Post-processing: it costs no privacy. Whole
    numbers (a discrete noise's) stay whole: the rounding never goes past the units."""
    if all(isinstance(v, int) for v in released.values):
        return released.values
    return tuple(float(v) for v in fmt.justified(np.array(released.values, dtype=float), released.noise))


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
    """One row per released number (statistic, bin or label, value), safe to open in a spreadsheet;
    each value as `release` keeps it, rounded to what its noise justifies."""
    frame = pd.DataFrame(_records(drawn), columns=[TEXT["release_csv_statistic"], TEXT["release_csv_label"],
                                           TEXT["release_csv_value"]], dtype=object)  # whole numbers stay whole
    return safe_csv_bytes(frame)


# --- the report, as JSON --------------------------------------------------------------------------


def _finite(x: float) -> float | None:
    """A number JSON can hold: None for infinity or NaN (JSON has no such numbers)."""
    return float(x) if math.isfinite(x) else None


def _up(x: float) -> float:
    """`x` rounded up to 6 significant digits, for a report a person reads: a cost or a sensitivity
    never shown below what was used (OpenDP's 250000.00232830647 reads 250001, ε 0.0599146454 0.0599147)."""
    if x == 0 or not math.isfinite(x):
        return x
    shift = 10.0 ** (5 - math.floor(math.log10(abs(x))))
    return float(f"{math.ceil(x * shift) / shift:.6g}")


def _noise_record(part: str, noise: AdditiveNoise) -> dict[str, Any]:
    return {"part": part, "noise": noise.kind, "calibration": noise.calibration, "scale": float(f"{noise.scale:.6g}"),
            "sensitivity": _up(noise.sensitivity), "norm": "L2" if noise.kind == "gaussian" else "L1",
            "epsilon": _up(noise.epsilon), "delta": _up(noise.delta)}


def _public_facts(item: Item) -> dict[str, Any]:
    """What the statistic was told in public: bounds, bins, categories, filter, quantile."""
    facts: dict[str, Any] = {}
    if item.kind == "count" and item.equals is not None:
        facts["filter"] = {"column": item.column, "equals": item.equals}
    if item.kind == "histogram" and item.select_keys:
        facts["bins"] = {"source": "data, by DP key selection (OpenDP's thresholded counts)"}
    elif item.kind == "histogram":
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
                              "mechanism": row.item.mechanism, "epsilon": _up(row.epsilon), "delta": _up(row.delta)}
    record.update(_public_facts(row.item))
    stat = row.stat
    if isinstance(stat, Quantile):
        record["noise"] = [{"part": "selection", "noise": "permute_and_flip",
                            "scale": float(f"{quantile_scale(stat, row.epsilon, protection):.6g}"),
                            "sensitivity": _up(stat.score_sensitivity(protection)), "norm": "score",
                            "epsilon": _up(row.epsilon), "delta": 0.0}]
    else:
        parts = ("sum", "count") if isinstance(stat, Mean) else ("value",)
        record["noise"] = [_noise_record(part, noise) for part, (noise, _) in zip(parts, row.events)]
    if isinstance(stat, KeyedHistogram):
        chosen = stat.selection(row.epsilon, row.delta, protection)
        record["key_selection"] = {"threshold": chosen.threshold, "delta": _up(chosen.failure),
                                   "kept": "the categories whose noisy count reached the threshold"}
    record["expected_accuracy"] = {"plus_minus": _finite(_up(row.accuracy)), "confidence": 1 - alpha,
                                   "computed_on_the_data": isinstance(stat, (Mean, Quantile))}
    return record


def report_json(drawn: PlanRelease, rows: Sequence[Row], protection: Protection,
                accountant_totals: dict[str, float | None], delta: float, alpha: float = 0.05,
                dataset: str = "", file_name: str = "") -> str:
    """The release's report: a one-sentence summary, the dataset by name and file (never its row
    count: an exact fact about the data), per statistic its mechanism, cost, sensitivity, public
    bounds or categories and expected accuracy (±a with probability 1 - alpha); the unit of
    protection; the total under each accountant given (at total delta `delta`); library versions and
    the date. Never a raw value; costs and sensitivities rounded up to 6 significant digits.

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
        "summary": TEXT["release_report_summary"].format(
            n=len(records), file=file_name or dataset or "?", epsilon=fmt.number(_up(drawn.total_epsilon), 6),
            delta=fmt.tiny(_up(drawn.total_delta)), m=explained.rows_per_person),
        "dataset": {"name": dataset, "file": file_name, "rows": TEXT["release_report_rows"]},
        "drawn_at": drawn.drawn_at.isoformat(),
        "note": TEXT["release_report_note"],
        "unit_of_protection": {"unit": explained.unit, "rows_per_person": explained.rows_per_person,
                               "id_column": explained.id_column,
                               "neighbours": "add or remove one person with all of their rows "
                                             "(at most rows_per_person)"},
        "statistics": records,
        "total": {"epsilon": _up(drawn.total_epsilon), "delta": _up(drawn.total_delta), "composition": "basic"},
        "accountants": {"delta": delta, "epsilon": {k: None if v is None else _finite(_up(v))
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
        if isinstance(stat, KeyedHistogram):
            entry["threshold"] = stat.selection(row.epsilon, row.delta, protection).threshold
        elif isinstance(stat, Histogram):
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


def opendp_script(rows: Sequence[Row], protection: Protection, csv_name: str) -> str:
    """A standalone Python script that redoes the plan's release with OpenDP 0.16 on the CSV `csv_name`
    (as `safe_file_name` makes it: the name a browser sent is the user's text).

    The script is the template `dpcore/scripts/opendp_release.py` with this plan's values.
    It bounds contributions as the app does (at most m rows per person, rows without an ID dropped;
    chosen at random, not with the app's seed), builds each measurement with the planned scale and
    bounds, and prints one CSV line per released number, its labels defused for spreadsheets as the
    app's own CSV is. Rows with a `problem` are left out. Every user string reaches the script through
    `repr` inside the template's data literals, never as code.
    """
    return scripts.fill("opendp_release", {
        "CSV_FILE": safe_file_name(csv_name),
        "ID_COLUMN": protection.id_column,
        "ROWS_PER_PERSON": int(protection.factor),
        "PLAN": script_plan(rows, protection),
    })
