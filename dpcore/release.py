"""Releases a user can download: noise drawn by OpenDP's vetted samplers, on inputs that are really DP.

numpy's floating-point Laplace and Gaussian samplers are fine to *show* how noise behaves, but a
real release drawn with them can leak through the pattern of floating-point values (Mironov 2012).
OpenDP samples exactly. The calibration (scale) still comes from dpcore.mechanisms.

What this module refuses, and why (issue 10, "Releases must really be DP"):
- counts that are NaN, infinite, fractional, negative, empty or too large to be held exactly
  (OpenDP would raise an obscure error, or round a count before adding noise);
- histogram bins read from the data (`HistogramDomain.observed`): a category held by one person
  then appears only when that person is in the data, so the release's epsilon is infinite whatever
  the noise. Only declared bins are released: typed categories, a bundled dataset's documented
  domain, or numeric bins on public bounds. The one way to publish categories found in the data
  is key selection (OpenDP's thresholded Laplace, `dpcore.key_selection`), which costs a delta as well.

Sums are clamped and summed by OpenDP (`make_clamp` >> `then_sum`), whose sensitivity includes the
floating-point rounding error of the sum (Casacuberta et al. 2022): naive "max(|L|, |U|)" can
underestimate it. `release_sum` scales the noise to OpenDP's own sensitivity: the noise's
scale over that sensitivity is at least the mechanism's, so its (epsilon, delta) holds.

A quantile, and a whole plan drawn from the raw table, are released by `dpcore.plan_release`, which
knows the statistics a plan holds (dpcore.statistics, which itself asks this module for OpenDP's
sum sensitivity).

References: OpenDP 0.16 `make_laplace`, `make_gaussian`, `make_clamp`, `make_sum`,
`make_count_by`, `make_laplace_threshold`, `make_private_quantile`; Casacuberta, Shoemate, Vadhan & Wagaman, "Widespread
underestimation of sensitivity in differentially private libraries" (CCS 2022, arXiv:2207.10635);
Rogers, "A unifying privacy analysis framework for unknown domain algorithms in differential
privacy" (2023, arXiv:2309.09170).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

import numpy as np
import pandas as pd

from dpcore.catalog import declared_bounds, public_categories
from dpcore.errors import DPError
from dpcore.histogram import Bins, CategoryBins, NumericBins, histogram, observed_categories
from dpcore.limits import MAX_BINS, MAX_RELEASE_COUNT
from dpcore.mechanisms import AdditiveNoise, NoiseKind
from dpcore.validation import check_bounds, check_count

DomainSource = Literal["typed", "catalog", "public_bounds", "data"]
DOMAIN_SOURCES: tuple[DomainSource, ...] = ("typed", "catalog", "public_bounds", "data")


def opendp_prelude() -> Any:
    """opendp.prelude with contrib enabled, imported on a release only (~0.4 s a cold open skips)."""
    import opendp.prelude as dp

    dp.enable_features("contrib")
    return dp


def _checked_counts(counts: Any) -> np.ndarray:
    """Counts as whole, finite, non-negative floats no larger than MAX_RELEASE_COUNT; DPError otherwise."""
    try:
        values = np.asarray(counts, dtype=float)
    except (TypeError, ValueError):
        raise DPError("invalid_counts.not_numbers") from None
    if values.ndim != 1:
        raise DPError("invalid_counts.shape", shape=values.shape)
    if values.size == 0:
        raise DPError("empty_counts")
    problems = (
        (~np.isfinite(values), "invalid_counts.not_finite"),
        (values != np.round(values), "invalid_counts.not_whole"),
        (values < 0, "invalid_counts.negative"),
        (values > MAX_RELEASE_COUNT, "count_out_of_range"),  # OpenDP's integer noise needs exact whole counts
    )
    with np.errstate(invalid="ignore"):
        for bad, key in problems:
            if bad.any():
                i = int(np.argmax(bad))
                v = float(values[i])
                shown = f"{v:,.0f}" if math.isfinite(v) and v.is_integer() else f"{v:g}"
                raise DPError(key, index=i, value=v, number=i + 1, shown=shown, maximum=MAX_RELEASE_COUNT)
    return values


def release_counts(counts: np.ndarray | Sequence[float], mechanism: AdditiveNoise) -> np.ndarray:
    """Noisy counts drawn by OpenDP with the mechanism's scale (whole numbers for discrete Laplace).

    Raises DPError for NaN, infinite, fractional, negative or empty counts ("invalid_counts",
    "empty_counts") and for counts above 2^53 ("count_out_of_range"). OpenDP draws from the
    operating system's entropy, so a release is not reproducible from the app's seed: that is
    the point of a release.
    """
    values = _checked_counts(counts)
    dp = opendp_prelude()
    if mechanism.kind == "discrete_laplace":
        space = dp.vector_domain(dp.atom_domain(T="i64")), dp.l1_distance(T="i64")
        meas = dp.m.make_laplace(*space, scale=mechanism.scale)
        return np.asarray(meas([int(v) for v in values]), dtype=np.int64)
    domain = dp.vector_domain(dp.atom_domain(T=float, nan=False))
    if mechanism.kind == "laplace":
        meas = dp.m.make_laplace(domain, dp.l1_distance(T=float), scale=mechanism.scale)
    else:
        meas = dp.m.make_gaussian(domain, dp.l2_distance(T=float), scale=mechanism.scale)
    return np.asarray(meas(values.tolist()), dtype=float)


# --- histograms on declared bins -----------------------------------------------------------------


@dataclass(frozen=True)
class HistogramDomain:
    """The bins of a histogram and where they came from; build it with one of the class methods.

    Only a declared domain (`typed`, `catalog`, `public_bounds`) may be released. `observed`
    (categories read from the data) is for planning and simulations only: `release_histogram`
    refuses it, because the list of categories itself is not private.
    """

    bins: Bins
    source: DomainSource

    def __post_init__(self) -> None:
        if self.source not in DOMAIN_SOURCES:
            raise DPError("unknown_bin_source", value=self.source, options=', '.join(DOMAIN_SOURCES))

    @property
    def declared(self) -> bool:
        """True when the bins come from public information, so a release may use them."""
        return self.source != "data"

    @classmethod
    def typed(cls, categories: Sequence[object]) -> HistogramDomain:
        """Categories the user typed or pasted (never a list suggested from the data)."""
        labels = tuple(str(c).strip() for c in categories)
        if any(not c for c in labels):
            raise DPError("empty_category")
        return cls(CategoryBins(labels), "typed")

    @classmethod
    def prefilled(cls, categories: Sequence[object]) -> HistogramDomain:
        """A list that started as the categories read from the data, whatever the user's edits since:
        every label that came from the data taints it, so it stays data-derived (never released)."""
        return cls(CategoryBins(tuple(str(c) for c in categories)), "data")

    @classmethod
    def catalog(cls, dataset_key: str, column: str, bin_count: int = 10) -> HistogramDomain:
        """A bundled dataset's documented domain: its category list, or `bin_count` bins on its bounds."""
        categories = public_categories(dataset_key, column)
        if categories is not None:
            return cls(CategoryBins(categories), "catalog")
        bounds = declared_bounds(dataset_key, column)
        if bounds is not None:
            return cls(NumericBins(bounds[0], bounds[1], bin_count), "catalog")
        raise DPError("undeclared_categories.dataset", dataset=dataset_key, column=column)

    @classmethod
    def public_bounds(cls, lower: float, upper: float, count: int) -> HistogramDomain:
        """`count` equal-width bins on public bounds [lower, upper] (typed, or from a public definition)."""
        return cls(NumericBins(float(lower), float(upper), check_count("The number of bins", count, maximum=MAX_BINS)),
                   "public_bounds")

    @classmethod
    def observed(cls, values: pd.Series) -> HistogramDomain:
        """The categories present in the data (most frequent first): fine to plan with, never to release."""
        return cls(CategoryBins(tuple(observed_categories(values))), "data")


def require_declared(domain: object) -> HistogramDomain:
    """The domain, or DPError("undeclared_categories") when its bins were not declared publicly."""
    if isinstance(domain, HistogramDomain) and domain.declared:
        return domain
    raise DPError("undeclared_categories.from_data")


@dataclass(frozen=True)
class HistogramRelease:
    """A histogram released with OpenDP: one noisy value per declared bin, empty bins included."""

    labels: tuple[str, ...]
    values: np.ndarray
    mechanism: AdditiveNoise
    source: DomainSource


def release_histogram(
    frame: pd.DataFrame,
    column: str,
    domain: HistogramDomain,
    mechanism: AdditiveNoise,
    weight_column: str | None = None,
) -> HistogramRelease:
    """Count `column` per declared bin (dpcore.histogram.histogram) and release the counts with OpenDP.

    The mechanism must be calibrated to the histogram's sensitivity (1 per row under add/remove,
    2 (L1) or sqrt 2 (L2) under substitution, times the rows per person). Raises DPError
    "undeclared_categories" for bins read from the data, and release_counts' errors.
    """
    declared = require_declared(domain)
    counts = histogram(frame, column, declared.bins, weight_column)
    return HistogramRelease(counts.labels, release_counts(counts.counts, mechanism), mechanism, declared.source)


# --- sums clamped to public bounds ---------------------------------------------------------------


def _integer_sum(kind: NoiseKind, lower: float, upper: float) -> bool:
    """Discrete Laplace sums whole numbers in OpenDP's i64 arithmetic; the others sum floats."""
    if kind != "discrete_laplace":
        return False
    if not (lower.is_integer() and upper.is_integer()):
        raise DPError("discrete_needs_integers.bounds", lower=lower, upper=upper)
    return True


def _clamped_sum(lower: float, upper: float, integer: bool) -> Any:
    """OpenDP's transformation: clamp each row to [lower, upper], then sum (rows added or removed:
    the symmetric distance)."""
    dp = opendp_prelude()
    atom = dp.atom_domain(T="i64") if integer else dp.atom_domain(T=float, nan=False)
    bounds = (int(lower), int(upper)) if integer else (lower, upper)
    return dp.t.make_clamp(dp.vector_domain(atom), dp.symmetric_distance(), bounds=bounds) >> dp.t.then_sum()


def sum_sensitivity(lower: float, upper: float, kind: NoiseKind = "laplace", max_contributions: int = 1) -> float:
    """OpenDP's sensitivity of the sum clamped to [lower, upper] when a person adds or removes up to
    `max_contributions` rows: max(|L|, |U|) m for whole numbers (discrete Laplace); for floats
    OpenDP adds the sum's rounding error and, for bounds of both signs, uses (U - L) m.

    Calibrate a sum's mechanism with this figure so that `release_sum` adds exactly the noise planned.
    """
    lo, hi = check_bounds(lower, upper)
    m = check_count("The number of rows per person", max_contributions)
    return _opendp_sum_map(lo, hi, _integer_sum(kind, lo, hi), m)


@lru_cache(maxsize=256)
def _opendp_sum_map(lower: float, upper: float, integer: bool, m: int) -> float:
    """OpenDP's map of the clamped sum (kept: building the transformation costs ~1.4 ms, and the
    planner's accuracy curve asks for the same one dozens of times per slider step)."""
    return float(_clamped_sum(lower, upper, integer).map(m))


@dataclass(frozen=True)
class SumRelease:
    """A clamped sum released with OpenDP, and the noise it took.

    `sensitivity` is OpenDP's; `scale` is the mechanism's scale, raised by sensitivity /
    mechanism.sensitivity when OpenDP's sensitivity is the larger, so the release keeps the
    mechanism's (epsilon, delta). Nothing here is a raw value of the data.
    """

    value: float
    scale: float
    sensitivity: float


def release_sum(
    values: np.ndarray | Sequence[float] | pd.Series,
    lower: float,
    upper: float,
    mechanism: AdditiveNoise,
    max_contributions: int = 1,
) -> SumRelease:
    """Sum of the values clamped to public bounds [lower, upper], plus OpenDP noise of the mechanism's kind.

    Missing values (NaN) are left out first (a filter row by row, so one person still moves at
    most `max_contributions` rows); +-infinity clamps to the bounds. A mean is this noisy sum
    divided by a noisy count of the same non-missing rows (`release_counts`, its own epsilon);
    the division is post-processing and costs nothing more.
    Raises DPError for bad bounds, values that are not numbers, or fractional bounds with
    discrete Laplace.
    """
    lo, hi = check_bounds(lower, upper)
    m = check_count("The number of rows per person", max_contributions)
    try:
        numbers = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise DPError("column_not_numeric.sum_values") from None
    numbers = numbers.ravel()
    numbers = numbers[~np.isnan(numbers)]
    integer = _integer_sum(mechanism.kind, lo, hi)
    if integer and not np.all(np.isinf(numbers) | (numbers == np.round(numbers))):
        raise DPError("discrete_needs_integers.fractions")
    dp = opendp_prelude()
    summed = _clamped_sum(lo, hi, integer)
    sensitivity = float(summed.map(m))
    scale = mechanism.scale * max(1.0, sensitivity / mechanism.sensitivity)
    if mechanism.kind == "gaussian":
        noisy = summed >> dp.m.then_gaussian(scale=scale)
    else:
        noisy = summed >> dp.m.then_laplace(scale=scale)
    if integer:
        data: list[Any] = np.clip(numbers, lo, hi).astype(np.int64).tolist()  # +-inf has no int: clamp first
    else:
        data = numbers.tolist()
    return SumRelease(float(noisy(data)), scale, sensitivity)
