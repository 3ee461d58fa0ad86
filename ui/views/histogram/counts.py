"""The true histograms of D and its neighbour D', and what the page says about them.

Depends on the data and the bins, never on epsilon: the page keeps the result per session and an
epsilon change reuses it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from dpcore.histogram import Bins, NumericBins, bin_of, histogram
from dpcore.neighbours import Sensitivity, histogram_sensitivity, neighbour_counts, neighbour_distance
from ui.charts.histogram import BarsLabels, paired_histograms
from ui.text.histogram import TEXT


@dataclass(frozen=True, eq=False)
class CountsSettings:
    """What to count and how D' differs: `neighbour` is "course", "remove" or "replace"."""

    frame: pd.DataFrame
    column: str
    bins: Bins
    weight: str | None
    neighbour: str
    neighbour_frame: pd.DataFrame | None = None
    row: int = 0
    new_value: object = None


@dataclass(frozen=True, eq=False)
class CountsView:
    """Both true histograms, the bars that differ, the sensitivity, and the sentences about them."""

    labels: tuple[str, ...]
    counts_d: np.ndarray
    counts_dp: np.ndarray
    changed: tuple[int, ...]
    sensitivity: Sensitivity
    record: str
    notes: str
    warning: str
    chart: dict


def compute(s: CountsSettings) -> CountsView:
    """Count D on the declared bins, derive D', and say what was left out. Raises ValueError."""
    hist = histogram(s.frame, s.column, s.bins, s.weight)
    record = ""
    if s.neighbour == "course":
        if s.neighbour_frame is None:
            raise ValueError("This dataset has no neighbour file from the course.")
        counts_dp = histogram(s.neighbour_frame, s.column, s.bins, s.weight).counts
        l1 = neighbour_distance(hist.counts, counts_dp).l1
        if l1 > 1:
            raise ValueError(TEXT["not_neighbours"].format(l1=l1))
        sensitivity = histogram_sensitivity("remove")
    else:
        if not 0 <= s.row < len(s.frame):
            raise ValueError(f"There is no row {s.row}: the rows are numbered 0 to {len(s.frame) - 1}.")
        value = s.frame[s.column].iloc[s.row]
        added = bin_of(s.bins, s.new_value) if s.neighbour == "replace" else None
        counts_dp = neighbour_counts(hist.counts, bin_of(s.bins, value), added)
        sensitivity = histogram_sensitivity(s.neighbour)  # type: ignore[arg-type]
        record = " · ".join(f"{name}: {cell}" for name, cell in s.frame.iloc[s.row].items())
    changed = tuple(int(i) for i in np.flatnonzero(hist.counts != counts_dp))
    notes = [TEXT[f"sensitivity_{s.neighbour}"]]
    if changed:
        notes.append(TEXT["band_explained"].format(label=hist.labels[changed[0]]))
    else:
        notes.append(TEXT["same_histograms"])
    if hist.missing or hist.outside:
        notes.append(TEXT["left_out"].format(missing=hist.missing, outside=hist.outside))
    warning = ""
    if hist.clamped and isinstance(s.bins, NumericBins):
        warning = TEXT["clamped"].format(clamped=hist.clamped, lower=s.bins.lower, upper=s.bins.upper)
    chart = paired_histograms(
        hist.labels, hist.counts, counts_dp, changed,
        BarsLabels(TEXT["true_title"], TEXT["bin_axis"], TEXT["count_axis"]), height=200,
    )
    return CountsView(
        hist.labels, hist.counts, counts_dp, changed, sensitivity, record, "\n\n".join(notes), warning, chart
    )
