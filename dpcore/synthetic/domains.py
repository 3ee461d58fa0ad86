"""Declared, public domains for a multi-column synthesizer, and the table coded on them.

Each column is discretised on bins or categories given by the user (or a dataset's catalog),
never derived from the data: bins that follow the data reveal its extremes, and a category seen
only in the data exists only when its holder is there (see dpcore/histogram.py).
A declared domain is either a tuple of categories (text) or `(lower, upper, bins)`: equal-width
bins on public bounds, values outside clamped into the end bins, as the app's histograms do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dpcore.columns import category_labels
from dpcore.errors import DPError
from dpcore.histogram import Bins, CategoryBins, NumericBins
from dpcore.limits import MAX_SYNTHETIC_COLUMNS, MAX_SYNTHETIC_ROWS

DomainSpec = tuple[str, ...] | tuple[float, float, int]


@dataclass(frozen=True)
class ColumnDomain:
    """One column and its declared bins."""

    column: str
    bins: Bins

    @property
    def size(self) -> int:
        return self.bins.count

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(self.bins.labels)

    @property
    def numeric(self) -> bool:
        return isinstance(self.bins, NumericBins)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool)


def column_domain(column: str, spec: Any) -> ColumnDomain:
    """A declared domain spec as bins: (lower, upper, bins) for numbers, else categories."""
    if isinstance(spec, (NumericBins, CategoryBins)):
        return ColumnDomain(column, spec)
    items = tuple(spec) if isinstance(spec, Sequence) and not isinstance(spec, str) else ()
    if len(items) == 3 and all(_is_number(v) for v in items):
        lower, upper, count = items
        return ColumnDomain(column, NumericBins(float(lower), float(upper), int(count)))
    if items and all(isinstance(v, str) for v in items):
        return ColumnDomain(column, CategoryBins(items))
    raise DPError("synthetic_domain_spec", column=column, spec=repr(spec))


def declared_domains(
    frame_columns: Sequence[str], domains: Mapping[str, Any], columns: Sequence[str] | None = None
) -> tuple[ColumnDomain, ...]:
    """The declared domain of every chosen column (all of `domains` when `columns` is None)."""
    chosen = list(domains) if columns is None else list(columns)
    if len(chosen) < 2:
        raise DPError("synthetic_too_few_columns", count=len(chosen))
    if len(chosen) > MAX_SYNTHETIC_COLUMNS:
        raise DPError("synthetic_too_many_columns", maximum=MAX_SYNTHETIC_COLUMNS, count=len(chosen))
    if len(set(chosen)) != len(chosen):
        raise DPError("synthetic_column_twice")
    out = []
    for col in chosen:
        if col not in frame_columns:
            raise DPError("synthetic_column_missing", column=col)
        if col not in domains:
            raise DPError("synthetic_column_undeclared", column=col)
        out.append(column_domain(col, domains[col]))
    return tuple(out)


def encode(frame: pd.DataFrame, doms: Sequence[ColumnDomain]) -> np.ndarray:
    """The table as bin codes (rows x columns, int64). Numbers outside the public bounds are
    clamped into the end bins; a missing value or an undeclared category raises DPError."""
    if len(frame) > MAX_SYNTHETIC_ROWS:
        raise DPError("synthetic_table_too_large", rows=len(frame), maximum=MAX_SYNTHETIC_ROWS)
    codes = np.empty((len(frame), len(doms)), dtype=np.int64)
    for j, d in enumerate(doms):
        values = frame[d.column]
        if isinstance(d.bins, NumericBins):
            numbers = pd.to_numeric(values, errors="coerce").to_numpy(dtype=float)
            idx = d.bins.index(np.nan_to_num(numbers, nan=d.bins.lower))
            bad = np.flatnonzero(np.isnan(numbers))
        else:
            idx = d.bins.index(category_labels(values))
            bad = np.flatnonzero((idx < 0) | values.isna().to_numpy())
        if bad.size:
            first = values.iloc[int(bad[0])]
            first = first.item() if isinstance(first, np.generic) else first
            raise DPError("synthetic_value_outside", column=d.column, count=int(bad.size), value=repr(first))
        codes[:, j] = idx
    return codes


def decode(codes: np.ndarray, doms: Sequence[ColumnDomain]) -> pd.DataFrame:
    """Codes back to a table of declared labels (categories, or numeric bins as "lower–upper"),
    each column an ordered categorical holding exactly the declared domain."""
    data = {}
    for j, d in enumerate(doms):
        data[d.column] = pd.Categorical.from_codes(codes[:, j], categories=list(d.labels), ordered=True)
    return pd.DataFrame(data)


def sizes_of(doms: Sequence[ColumnDomain]) -> tuple[int, ...]:
    return tuple(d.size for d in doms)
