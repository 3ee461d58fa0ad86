"""Value bounds: the bias that clamping a sum or a mean to [L, U] causes, against the noise the
bound U calls for, and bounds suggested privately by two quantiles on a public grid.

1. The trade-off (`tradeoff`), lower bound L fixed, over a grid of upper bounds U (`upper_grid`):
   - bias(U) = clamped statistic minus unclamped one, on the data (`clamping_bias`), exactly and for
     every U at once: with the values sorted, v_1 <= ... <= v_n, and their prefix and suffix sums,
         bias_sum(U) = (L #{v < L} - sum_{v < L} v) + (U #{v > U} - sum_{v > U} v),
     one `searchsorted` over the grid; a mean's is that over n. It shrinks as U grows (to 0 past the
     largest value) and is never positive above the values raised to L.
   - noise(U) = the statistic's own 1 - alpha half-width (`Sum.accuracy`, `Mean.accuracy`) with the
     bounds [L, U], at the plan's epsilon, delta, mechanism and unit of protection. It grows with U:
     one person moves a clamped sum by up to m max(|L|, |U|) (OpenDP's (U - L) m for bounds of both
     signs), and a mean's error carries its sum's.
   - the best U minimises |bias| + noise (an error bound: |release - true| <= |bias| + noise with
     probability 1 - alpha).
   This reads the data (its values, their largest one): the best U it finds is a fact about the
   data, not private, and no budget pays for it. A page says so.

2. The private suggestion (`request_bounds`, `suggest_bounds`): two quantiles of the column released
   by OpenDP's `make_private_quantile` (`dpcore.plan_release.release_quantile`, permute-and-flip,
   pure epsilon-DP) over a PUBLIC grid of candidates built from a wide range the user states
   (`suggestion_grid`), each at half the epsilon: epsilon in all by basic composition. With an ID
   column, rows are bounded to m per person first, with fresh secret randomness, as
   `dpcore.plan_release.release_plan` does. Sorting the two values (and parting them when they land
   on the same candidate) uses nothing but the released values and the public grid: post-processing.

   Which quantiles: 0.05 and 0.95 (`SUGGEST_QUANTILES`). The selection misses the true rank by
   about 2 m ln(K) / epsilon_q rows whatever q is (K candidates, epsilon_q its share: ~280 rows
   at 0.05 over 1,000 candidates), and it can only tell the q-quantile from the grid's far end
   when (1 - q) n rows lie beyond it: the 0.95 quantile needs about n > 20 x that error (~5,500
   rows at the default epsilon), the 0.99 one five times more. 0.05 / 0.95 thus give usable
   bounds on tables of thousands of rows at epsilon 0.1, and clamp about 5% of the values on each
   side; the trade-off chart (which reads the data, so is not private) shows what that costs and
   whether a wider U would pay.

Reference: Dwork & Roth (2014) section 3.3 (clamped sums); Smith, STOC 2011 and McKenna & Sheldon,
NeurIPS 2020 (private quantiles by selection); OpenDP 0.16 `make_private_quantile`; Amin et al.,
"Bounding user contributions: a bias-variance trade-off in differential privacy" (ICML 2019) for
the same trade-off on the rows per person.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from dpcore.accuracy import check_plan_epsilon
from dpcore.errors import DPError
from dpcore.limits import MAX_CLAMP_CANDIDATES, MAX_QUANTILE_CANDIDATES
from dpcore.protection import Protection, bound_contributions
from dpcore.statistics import Event, Mean, Quantile, Sum
from dpcore.validation import check_bounds, check_count

ClampedStatistic = Sum | Mean
SUGGEST_QUANTILES = (0.05, 0.95)  # the private suggestion's two quantiles (module docstring: why)
SUGGEST_EPSILON = 0.1  # what a suggestion spends unless told otherwise
WIDE_RATIO = 20.0  # a positive range whose top is this many times its start is spaced geometrically
SPAN_DECADES = 6  # a geometric grid starting from 0 starts its positive part 10^6 below its top
ONE_ROW = Protection()  # one row, one person (a frozen default)


# --- the trade-off, on the data (not private) ----------------------------------------------------


def _checked_uppers(lower: float, uppers: Sequence[float] | np.ndarray) -> np.ndarray:
    """The candidate upper bounds as floats, each a valid bound above `lower` (DPError otherwise)."""
    grid = np.asarray(uppers, dtype=float).ravel()
    check_count("The number of points", grid.size, maximum=MAX_CLAMP_CANDIDATES)
    check_bounds(lower, float(grid.max()))  # NaN there too: not finite
    check_bounds(lower, float(grid.min()))
    return grid


def clamping_bias(
    values: np.ndarray | Sequence[float], lower: float, uppers: np.ndarray | Sequence[float], mean: bool = False,
    column: str = "",
) -> np.ndarray:
    """Clamped minus unclamped sum of `values` (or mean, with `mean=True`) for the bounds [lower, U],
    for every U of `uppers` at once (module docstring): sorted values, prefix and suffix sums, one
    search over the grid. Missing values (NaN) are left out, as the statistics leave them out.
    DPError for bounds that are not finite, within MAX_SUM_BOUND and above `lower`, and for the mean
    of no values (of `column`)."""
    grid = _checked_uppers(lower, uppers)
    lo = float(lower)
    v = np.asarray(values, dtype=float).ravel()
    v = np.sort(v[~np.isnan(v)])
    n = v.size
    if n == 0:
        if mean:
            raise DPError("no_values.mean", column=column)
        return np.zeros(grid.size)
    prefix = np.concatenate([[0.0], np.cumsum(v)])  # prefix[k]: sum of the k smallest
    suffix = np.concatenate([np.cumsum(v[::-1])[::-1], [0.0]])  # suffix[k]: sum of v[k:]
    below = int(np.searchsorted(v, lo, side="left"))  # values raised to L
    raised = lo * below - prefix[below]
    kept = np.searchsorted(v, grid, side="right")  # values at or below each U
    lowered = grid * (n - kept) - suffix[kept]
    bias = raised + lowered
    return bias / n if mean else bias


def upper_grid(lower: float, top: float, points: int, smallest: float | None = None,
               whole: bool = False) -> tuple[np.ndarray, bool]:
    """`points` candidate upper bounds in (lower, top], and whether they are spaced geometrically.

    Geometric when the range is wide: lower >= 0 and top at least WIDE_RATIO times the grid's start,
    which is `lower` when above 0, else the larger of `smallest` (the smallest value above the
    lower bound, say) and top / 10^SPAN_DECADES; linear otherwise. With `whole` (the discrete Laplace
    adds whole numbers, so its bounds are whole), every whole number above `lower` up to `top` when
    they are at most `points`, else the candidates rounded up and repeats dropped.
    DPError for bounds out of order or range, or `points` outside [2, MAX_CLAMP_CANDIDATES]."""
    lo, hi = check_bounds(lower, top)
    count = check_count("The number of points", points, minimum=2, maximum=MAX_CLAMP_CANDIDATES)
    start = lo if lo > 0 else max(hi / 10.0**SPAN_DECADES, smallest if smallest is not None and smallest > lo else 0.0)
    wide = lo >= 0 and start > 0 and hi >= WIDE_RATIO * start
    if wide:
        grid = np.geomspace(start, hi, count + 1)[1:] if start == lo else np.geomspace(start, hi, count)
    else:
        grid = np.linspace(lo, hi, count + 1)[1:]
    if whole and math.ceil(hi) - math.floor(lo) <= count:  # every whole number fits
        return np.arange(math.floor(lo) + 1, math.ceil(hi) + 1, dtype=float), False
    if whole:
        grid = np.unique(np.ceil(grid))
        grid = grid[grid > lo]
    return grid, bool(wide)


@dataclass(frozen=True, eq=False)
class Tradeoff:
    """A sum's or a mean's bias and noise at each candidate upper bound (lower bound fixed), in the
    statistic's own unit: `bias` signed (clamped minus true), `noise` the 1 - alpha half-width."""

    lower: float
    uppers: np.ndarray
    bias: np.ndarray
    noise: np.ndarray

    @property
    def error(self) -> np.ndarray:
        """|bias| + noise: how far the release may land from the unclamped truth, with probability 1 - alpha."""
        return np.abs(self.bias) + self.noise

    @property
    def best(self) -> int:
        """The index of the upper bound with the smallest error (the smallest such bound on a tie)."""
        return int(np.argmin(self.error))

    @property
    def best_upper(self) -> float:
        return float(self.uppers[self.best])

    @property
    def best_error(self) -> float:
        return float(self.error[self.best])


def noise_at(
    stat: ClampedStatistic, uppers: np.ndarray | Sequence[float], kind: str, epsilon: float, delta: float,
    protection: Protection, alpha: float = 0.05, frame: pd.DataFrame | None = None,
) -> np.ndarray:
    """The statistic's own 1 - alpha half-width (`accuracy`) with its upper bound set to each U, at
    (epsilon, delta) with noise `kind`: a mean's needs the frame (its count and clamped mean)."""
    return np.array([replace(stat, upper=float(u)).accuracy(kind, epsilon, protection, alpha, delta,  # type: ignore[arg-type]
                                                             frame=frame) for u in uppers], dtype=float)


def tradeoff(
    stat: ClampedStatistic, frame: pd.DataFrame, uppers: np.ndarray | Sequence[float], kind: str, epsilon: float,
    delta: float, protection: Protection, alpha: float = 0.05,
) -> Tradeoff:
    """Bias and noise of `stat` with its lower bound and each upper bound of `uppers`, on `frame`
    (the data the statistic is computed on: after contribution bounding). DPError for a column
    without numbers (a mean), bad bounds, or settings its `accuracy` refuses."""
    if not isinstance(stat, (Sum, Mean)):
        raise TypeError("A clamping trade-off is for a Sum or a Mean.")
    values = Sum(stat.column, stat.lower, stat.upper).values(frame)
    grid = _checked_uppers(stat.lower, uppers)
    bias = clamping_bias(values, stat.lower, grid, mean=isinstance(stat, Mean), column=stat.column)
    only = pd.DataFrame({stat.column: values})  # what a mean's accuracy reads, without the other columns
    noise = noise_at(stat, grid, kind, epsilon, delta, protection, alpha, only)
    return Tradeoff(stat.lower, grid, bias, noise)


# --- the private suggestion (OpenDP) -------------------------------------------------------------


def suggestion_grid(low: float, high: float, count: int = MAX_QUANTILE_CANDIDATES) -> tuple[float, ...]:
    """A PUBLIC grid of `count` candidates from `low` to `high` (a range stated without looking at
    the data), both ends included: geometric for a positive range (the same relative precision at
    every scale: 1,000 points over six decades lie 1.4% apart), linear for one that holds negative
    numbers; from 0, the candidate 0 and then geometric from high / 10^SPAN_DECADES (or linear, when
    that would be a narrow range). DPError for bad bounds or a count outside [2, MAX_QUANTILE_CANDIDATES]."""
    lo, hi = check_bounds(low, high)
    k = check_count("The number of points", count, minimum=2, maximum=MAX_QUANTILE_CANDIDATES)
    if lo > 0:
        grid = np.geomspace(lo, hi, k)
    elif lo == 0 and k > 2:
        grid = np.concatenate([[0.0], np.geomspace(hi / 10.0**SPAN_DECADES, hi, k - 1)])
    else:
        grid = np.linspace(lo, hi, k)
    grid[0], grid[-1] = lo, hi  # exactly the ends typed
    return tuple(float(c) for c in grid)


@dataclass(frozen=True)
class BoundsRequest:
    """What a private suggestion of bounds draws, checked before anything is spent: the column, the
    public grid, the total epsilon (each quantile takes half) and the two quantiles."""

    column: str
    candidates: tuple[float, ...]
    epsilon: float
    quantiles: tuple[float, float] = SUGGEST_QUANTILES

    def statistics(self) -> tuple[Quantile, Quantile]:
        """The two quantiles the suggestion releases, on the public grid."""
        return (Quantile(self.column, self.quantiles[0], self.candidates),
                Quantile(self.column, self.quantiles[1], self.candidates))

    def events(self, protection: Protection = ONE_ROW) -> tuple[Event, ...]:
        """What the accountants price: each quantile's events at epsilon / 2 (pure epsilon-DP)."""
        return tuple(e for q in self.statistics() for e in q.events("permute_and_flip", self.epsilon / 2, protection))

    def check(self, frame: pd.DataFrame) -> None:
        """DPError when `frame` has no such column, text in it, or no numbers: before anything is spent."""
        self.statistics()[0].values(frame)


def request_bounds(
    column: str, low: float, high: float, epsilon: float = SUGGEST_EPSILON,
    quantiles: tuple[float, float] = SUGGEST_QUANTILES, count: int = MAX_QUANTILE_CANDIDATES,
) -> BoundsRequest:
    """A checked request: the public grid from the stated range (`suggestion_grid`), epsilon above 0,
    two quantiles in (0, 1). DPError otherwise."""
    request = BoundsRequest(str(column), suggestion_grid(low, high, count), check_plan_epsilon(epsilon),
                            (float(quantiles[0]), float(quantiles[1])))
    request.statistics()  # each quantile in (0, 1), the grid in order
    return request


@dataclass(frozen=True)
class Suggestion:
    """Bounds drawn privately: [lower, upper] (the two released quantiles, sorted and never equal),
    what they cost (epsilon, pure DP), the released values as drawn (`drawn`, in the order of the
    request's quantiles) and the request."""

    lower: float
    upper: float
    epsilon: float
    drawn: tuple[float, float]
    request: BoundsRequest


def _apart(lower: float, upper: float, grid: tuple[float, ...]) -> tuple[float, float]:
    """The two values sorted, and moved one candidate apart when equal (the next one up, or down at
    the top): a statistic's bounds must differ. Reads the released values and the grid only."""
    lo, hi = sorted((lower, upper))
    if lo < hi:
        return lo, hi
    at = grid.index(lo)
    return (lo, grid[at + 1]) if at + 1 < len(grid) else (grid[at - 1], lo)


def suggest_bounds(frame: pd.DataFrame, request: BoundsRequest, protection: Protection = ONE_ROW) -> Suggestion:
    """Draw the two quantiles of `request` with OpenDP, each at epsilon / 2, on `frame` as it is
    (before contribution bounding): with an ID column, each person keeps at most m rows, chosen with
    fresh secret randomness (never a page's seed), as a plan's release does. Costs `request.epsilon`
    (basic composition of two pure epsilon / 2 releases). DPError for a column without numbers or a
    mismatch OpenDP reports."""
    from dpcore.plan_release import release_quantile

    if protection.id_column is not None:
        frame = bound_contributions(frame, protection.id_column, protection.rows_per_person,
                                    np.random.default_rng()).frame  # no seed: the OS's entropy
    low_q, high_q = request.statistics()
    half = request.epsilon / 2
    drawn = (release_quantile(frame, low_q, half, protection), release_quantile(frame, high_q, half, protection))
    lower, upper = _apart(*drawn, request.candidates)
    return Suggestion(lower, upper, request.epsilon, drawn, request)
