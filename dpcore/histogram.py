"""Histograms on public bins, their noisy releases, post-processing and utility.

Bins come from public bounds (numeric columns) or a declared list of categories, never from the
private data's min/max: bins that follow the data would themselves reveal the smallest and the
largest value, and a release listing only non-empty bins tells an attacker for certain that
somebody is in each listed bin. So every declared bin is always released, empty ones included.
Reference: Dwork & Roth (2014) section 3.3 (histogram queries have L1 sensitivity 1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from dpcore.columns import category_labels, people_per_row
from dpcore.errors import DPError
from dpcore.limits import MAX_BINS, MAX_CATEGORIES
from dpcore.mechanisms import AdditiveNoise
from dpcore.validation import check_bounds, check_count


@dataclass(frozen=True)
class NumericBins:
    """Equal-width bins on the public range [lower, upper]; values outside are clamped in."""

    lower: float
    upper: float
    count: int

    def __post_init__(self) -> None:
        try:
            finite = math.isfinite(float(self.lower)) and math.isfinite(float(self.upper))
        except (TypeError, ValueError, OverflowError):
            finite = False
        if not finite:
            raise DPError("histogram_bounds_not_finite")
        if self.lower >= self.upper:
            raise DPError("bounds_order", lower=self.lower, upper=self.upper)
        check_count("The number of bins", self.count, minimum=1, maximum=MAX_BINS)
        # Bounds within +-MAX_SUM_BOUND keep the width upper - lower finite ("bounds" otherwise);
        # bins narrower than the floats can tell apart would repeat an edge and misplace values.
        check_bounds(self.lower, self.upper)
        if not np.all(np.diff(self.edges) > 0) or not (self.upper - self.lower) / self.count > 0:
            raise DPError("bins_too_narrow", lower=self.lower, upper=self.upper, count=self.count)

    @property
    def edges(self) -> np.ndarray:
        return np.linspace(self.lower, self.upper, self.count + 1)

    @property
    def labels(self) -> list[str]:
        e = self.edges
        return [f"{a:g}–{b:g}" for a, b in zip(e[:-1], e[1:])]

    def index(self, values: np.ndarray) -> np.ndarray:
        """Bin of each value (values outside the range go to the first or last bin)."""
        width = (self.upper - self.lower) / self.count
        idx = np.floor((np.asarray(values, dtype=float) - self.lower) / width)
        return np.clip(idx, 0, self.count - 1).astype(np.int64)


@dataclass(frozen=True)
class CategoryBins:
    """One bin per declared category, in the declared order."""

    categories: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.categories:
            raise DPError("no_categories")
        if len(self.categories) > MAX_CATEGORIES:
            raise DPError("too_many_categories", maximum=MAX_CATEGORIES, count=len(self.categories))
        if len(set(self.categories)) != len(self.categories):
            raise DPError("category_declared_twice")

    @property
    def count(self) -> int:
        return len(self.categories)

    @property
    def labels(self) -> list[str]:
        return list(self.categories)

    def index(self, values: np.ndarray) -> np.ndarray:
        """Bin of each value, or -1 for a value outside the declared categories."""
        return pd.Index(self.categories).get_indexer(np.asarray(values, dtype=object)).astype(np.int64)


Bins = NumericBins | CategoryBins


@dataclass(frozen=True)
class Histogram:
    """Counts per declared bin, and what was left out or clamped to get them."""

    labels: tuple[str, ...]
    counts: np.ndarray
    missing: int
    outside: int
    clamped: int


def histogram(
    frame: pd.DataFrame, column: str, bins: Bins, weight_column: str | None = None
) -> Histogram:
    """Count the records of `column` per bin; `weight_column` (if given) says how many people a
    row stands for (a table that is already aggregated, such as the course's medicaldata.csv).

    Missing values are not counted; categories outside the declared list are left out (and
    counted in `outside`); numbers outside the bounds are clamped into the end bins.
    """
    if column not in frame.columns:
        raise ValueError(f"The column {column!r} is not in this dataset.")
    values = frame[column]
    weights = people_per_row(frame, weight_column)
    present = values.notna().to_numpy()
    if weights is not None:
        present = present & ~np.isnan(weights)
    kept = values[present]
    kept_weights = None if weights is None else weights[present]
    outside = clamped = 0
    if isinstance(bins, NumericBins):
        numbers = pd.to_numeric(kept, errors="coerce").to_numpy(dtype=float)
        if np.isnan(numbers).any():
            raise DPError("column_not_numeric_bounds", column=column)
        idx = bins.index(numbers)
        clamped = int(np.count_nonzero((numbers < bins.lower) | (numbers > bins.upper)))
    else:
        idx = bins.index(category_labels(kept))
        inside = idx >= 0
        outside = int(np.count_nonzero(~inside))
        idx = idx[inside]
        kept_weights = None if kept_weights is None else kept_weights[inside]
    counts = np.bincount(idx, weights=kept_weights, minlength=bins.count)
    return Histogram(
        labels=tuple(bins.labels),
        counts=np.rint(counts).astype(np.int64),
        missing=int(np.count_nonzero(~present)),
        outside=outside,
        clamped=clamped,
    )


def observed_categories(values: pd.Series) -> list[str]:
    """The distinct labels present in a column, most frequent first, at most MAX_CATEGORIES.

    These come from the private data: a page offering them must say so (see the module doc)."""
    present = values.dropna()
    labels = pd.Series(category_labels(present)).value_counts()
    return [str(v) for v in labels.index[:MAX_CATEGORIES]]


def bin_of(bins: Bins, value: object) -> int:
    """The bin one value falls in, or -1 when it is missing or outside the declared categories."""
    if value is None or (isinstance(value, float) and np.isnan(value)) or value is pd.NA:
        return -1
    if isinstance(bins, NumericBins):
        return int(bins.index(np.array([float(value)]))[0])
    return int(bins.index(category_labels(pd.Series([value])))[0])


def noisy_counts(counts: np.ndarray, mechanism: AdditiveNoise, rng: np.random.Generator) -> np.ndarray:
    """Counts plus independent noise per bin (a numpy simulation, for display)."""
    c = np.asarray(counts)
    _check_finite_counts(c)
    return c + mechanism.sample(rng, c.shape)


def _check_finite_counts(counts: np.ndarray) -> None:
    """DPError "counts_not_finite" unless every count is a finite number (NaN would pass through)."""
    try:
        finite = bool(np.all(np.isfinite(np.asarray(counts, dtype=float))))
    except (TypeError, ValueError):
        finite = False
    if not finite:
        raise DPError("counts_not_finite")


@dataclass(frozen=True)
class PostProcessing:
    """Choices applied after the noise. Post-processing never costs privacy (course Thm 6-1)."""

    clamp_at_zero: bool = False
    round_to_integers: bool = False
    normalise: bool = False


def post_process(noisy: np.ndarray, choice: PostProcessing) -> np.ndarray:
    """Apply clamping at 0, rounding and normalising to shares, in that order."""
    _check_finite_counts(np.asarray(noisy))
    out = np.asarray(noisy, dtype=float).copy()
    if out.size == 0:
        return out  # no bins, nothing to clamp, round or share out
    if choice.clamp_at_zero:
        out = np.maximum(out, 0.0)
    if choice.round_to_integers:
        out = np.rint(out)
    if choice.normalise:
        positive = np.clip(out, 0, None)
        top = positive.max()
        positive = positive / top if top > 0 else positive  # the sum of counts near 1e308 must not overflow
        total = positive.sum()
        out = positive / total if total > 0 else np.full_like(out, 1 / out.size)
    return out


@dataclass(frozen=True)
class Utility:
    """Accuracy in plain numbers: expected |error| per bar, this draw's L1 error, 95% half-width."""

    expected_abs_error_per_bar: float
    l1_error: float
    interval_half_width: float


def utility(true_counts: np.ndarray, released: np.ndarray, mechanism: AdditiveNoise) -> Utility:
    """Utility of one release against the truth, and what to expect from the mechanism."""
    _check_finite_counts(np.asarray(true_counts))
    _check_finite_counts(np.asarray(released))
    if np.shape(released) != np.shape(true_counts):
        raise DPError("counts_mismatch")
    return Utility(
        expected_abs_error_per_bar=mechanism.expected_abs_error(),
        l1_error=float(np.abs(np.asarray(released, dtype=float) - true_counts).sum()),
        interval_half_width=mechanism.accuracy(0.05),
    )
