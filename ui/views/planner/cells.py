"""Error per cell: which bars of the plan's histograms the noise leaves useful, and which it drowns.

Every bar of a histogram gets noise of the same size (±a at the plan's confidence, the statistic's
accuracy), so a bar's relative error is a / its count: small for a large bar, huge for a small one.
A bar is *too noisy* when a exceeds `threshold` times its count (an empty bar always is). The
plan's counts sit on the same chart: a national total is fine where the smallest county is not.

A histogram whose categories are read from the data (key selection, dpcore.key_selection) publishes
only the categories whose noisy count reaches a threshold: its chart is each category's chance of
being published against its true count, on the closed form's curve.

This reads the true counts, as the plan's accuracy does: it is for the data owner planning the
release, never published beside it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from dpcore.key_selection import KeyedHistogram, keep_probability
from dpcore.protection import Protection
from dpcore.statistics import Count, Histogram
from ui import fmt
from ui.charts.planner import CellLabels, CellPoint, KeepLabels, cell_errors, keep_chances
from ui.charts.theme import CURVE_POINTS
from ui.reading import Rows
from ui.safe import md_escape
from ui.text.planner import TEXT
from ui.views.planner.plan import Row

THRESHOLDS: tuple[float, ...] = (0.1, 0.25, 0.5, 1.0)  # the choices of "too noisy above"
SHOWN_WORST = 12  # too-noisy bars listed per histogram (the smallest first); the chart shows all
SURE = 0.95  # a category published (or dropped) at least this often is "likely" so


@dataclass(frozen=True)
class Settings:
    """The plan's rows at the budget shown, the data they count (known by `ident`) and the share of
    a bar's count above which its error makes it too noisy."""

    frame: pd.DataFrame = field(compare=False)
    ident: Hashable
    rows: tuple[Row, ...]
    threshold: float
    protection: Protection = Protection()


@dataclass(frozen=True)
class Cells:
    """One histogram's bars: label, true count, relative error (inf for an empty bar)."""

    name: str
    accuracy: float
    labels: tuple[str, ...]
    counts: tuple[int, ...]

    def relative(self) -> np.ndarray:
        counts = np.asarray(self.counts, dtype=float)
        return np.where(counts > 0, self.accuracy / np.maximum(counts, 1), math.inf)


@dataclass(frozen=True)
class View:
    chart: dict | None  # None: no histogram in the plan
    summary: str
    tables: tuple[tuple[str, Rows], ...]  # (heading, rows with the header first) of each histogram's too-noisy bars
    kept: tuple[tuple[dict, str], ...] = ()  # per histogram of categories read from the data: chart, reading


def _usable(r: Row) -> bool:
    return not r.problem and math.isfinite(r.accuracy)


def histogram_cells(rows: tuple[Row, ...], frame: pd.DataFrame) -> tuple[Cells, ...]:
    """The bars of every histogram of the plan that has an accuracy (a row with a problem has none):
    its declared bins, or the categories found in the data for key selection."""
    cells = []
    for r in rows:
        if isinstance(r.stat, Histogram) and _usable(r):
            cells.append(Cells(r.name, r.accuracy, tuple(str(label) for label in r.stat.bins.labels),
                               tuple(int(c) for c in r.stat.true_value(frame))))
        elif isinstance(r.stat, KeyedHistogram) and _usable(r):
            tally = r.stat.tally(frame)
            cells.append(Cells(r.name, r.accuracy, tuple(map(str, tally.index)), tuple(int(c) for c in tally)))
    return tuple(cells)


def kept(row: Row, frame: pd.DataFrame, protection: Protection) -> tuple[dict, str]:
    """A histogram of categories read from the data: each category's chance of being published
    against its true count (the closed form's curve, the categories on it), and what that means."""
    assert isinstance(row.stat, KeyedHistogram)
    chances, chosen = row.stat.keep_probability(frame, row.epsilon, row.delta, protection)
    tally = row.stat.tally(frame)  # the same categories, in the same order, as `chances`
    counts = tally.to_numpy()
    top = max(float(counts.max()) if counts.size else 1.0, 3.0 * chosen.threshold)
    grid = np.unique(np.geomspace(1, top, CURVE_POINTS).round())
    sure = int(grid[np.argmax(keep_probability(grid, chosen.scale, chosen.threshold) >= SURE)])
    chart = keep_chances(grid, keep_probability(grid, chosen.scale, chosen.threshold),
                         tuple(map(str, tally.index)), tuple(int(c) for c in counts), tuple(chances.to_numpy()),
                         KeepLabels(tuple(TEXT["keys_chart_title"].format(name=row.name).split("\n")),
                                    TEXT["keys_x"], TEXT["keys_y"], TEXT["keys_curve"], TEXT["keys_category"]))
    p = chances.to_numpy()
    text = TEXT["keys_reading"].format(
        name=md_escape(row.name), threshold=chosen.threshold, sure=fmt.number(sure), share=fmt.percent(SURE),
        delta=fmt.tiny(chosen.failure), found=len(p), likely=int(np.sum(p >= SURE)),
        dropped=int(np.sum(p <= 1 - SURE)), between=int(np.sum((p > 1 - SURE) & (p < SURE))))
    return chart, text


def compute(s: Settings) -> View:
    """Raises ValueError for a threshold that is not a positive share."""
    if not (isinstance(s.threshold, (int, float)) and 0 < s.threshold <= 10):
        raise ValueError(TEXT["cells_bad_threshold"])
    histograms = histogram_cells(s.rows, s.frame)
    if not histograms:
        return View(None, TEXT["cells_none"], ())
    points = [CellPoint(h.name, label, count, h.accuracy, "bar")
              for h in histograms for label, count in zip(h.labels, h.counts, strict=True) if count > 0]
    points += [CellPoint(r.name, "", abs(float(r.stat.true_value(s.frame))), r.accuracy, "count")
               for r in s.rows if isinstance(r.stat, Count) and not r.problem and math.isfinite(r.accuracy)
               and r.stat.true_value(s.frame) > 0]
    chart = cell_errors(points, s.threshold, CellLabels(
        tuple(TEXT["cells_chart_title"].format(threshold=fmt.percent(s.threshold)).split("\n")),
        TEXT["cells_x"], TEXT["cells_y"], TEXT["cells_useful"], TEXT["cells_noisy"], TEXT["cells_count"],
        TEXT["cells_rule"].format(threshold=fmt.percent(s.threshold))))
    sentences, tables = [], []
    for h in histograms:
        relative = h.relative()
        noisy = np.flatnonzero(relative > s.threshold)
        sentences.append(TEXT["cells_histogram"].format(
            name=md_escape(h.name), noisy=len(noisy), bars=len(h.counts), accuracy=fmt.number(h.accuracy),
            threshold=fmt.percent(s.threshold), needed=fmt.number(h.accuracy / s.threshold)))
        if len(noisy):
            worst = noisy[np.argsort(np.asarray(h.counts)[noisy], kind="stable")][:SHOWN_WORST]
            header = tuple(TEXT[f"cells_col_{c}"] for c in ("bar", "count", "error", "relative"))
            body = tuple((h.labels[i], fmt.number(h.counts[i]), f"±{fmt.number(h.accuracy)}",
                          TEXT["cells_empty"] if h.counts[i] == 0 else fmt.percent(float(relative[i])))
                         for i in worst)
            more = "" if len(noisy) <= SHOWN_WORST else TEXT["cells_more"].format(more=len(noisy) - SHOWN_WORST)
            tables.append((TEXT["cells_table_title"].format(name=h.name) + more, (header, *body)))
    counts = [p for p in points if p.kind == "count"]
    if counts:
        sentences.append(TEXT["cells_counts"].format(names=", ".join(
            f"{md_escape(p.series)} ±{fmt.number(p.accuracy)} ({fmt.percent(p.accuracy / p.count)})" for p in counts)))
    sentences.append(TEXT["cells_private_note"])
    keyed = tuple(kept(r, s.frame, s.protection) for r in s.rows if isinstance(r.stat, KeyedHistogram) and _usable(r))
    return View(chart, "\n\n".join(sentences), tuple(tables), keyed)
