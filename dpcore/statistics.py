"""The statistics a release plan publishes: their true values, sensitivities, clamping and accuracy.

Each statistic is a frozen dataclass with `true_value(frame)`, `sensitivity(protection, neighbours)`
(a `dpcore.neighbours.Sensitivity`) and `accuracy(...)` / `epsilon_for_accuracy(...)` for the page's
two directions, and `events(...)`: what the accountants price for it (a mean: two halves; a quantile:
the worst case of epsilon-DP). A plan's total delta is shared by `delta_shares`. Sensitivities
follow dpcore.neighbours, multiplied by the m of the `Protection` (one person contributes at most m
rows):

| statistic                   | add/remove ("remove"): L1, L2  | substitution ("replace"): L1, L2     |
|-----------------------------|--------------------------------|--------------------------------------|
| c * COUNT                   | c m, c m                       | c m, c m                             |
| histogram (disjoint bins)   | m, m                           | 2m, sqrt(2) m                        |
| SUM clamped to [L, U]       | m max(abs(L), abs(U)), same    | m (U - L), same                      |

The SUM row is the textbook figure (`sensitivity`). What a release calibrates on is
`noise_sensitivity(kind, ...)`: for a SUM under add/remove that is OpenDP's own figure, the one
`dpcore.release.release_sum` uses: (U - L) m for float bounds of both signs, plus the float sum's
rounding error, so that the accuracy planned here is the accuracy released.

Add/remove: a person and all of their rows enter or leave (the count of rows changes).
Substitution: one person's rows keep their number and change their values. A histogram's L2 under
add/remove is m because the m rows' counts a_i >= 0 sum to m, so sqrt(sum a_i^2) <= m.

A Mean is a noisy clamped SUM divided by a noisy COUNT of the column's values, each released with
half the epsilon (and half the delta), so together they cost the Mean's (epsilon, delta) by basic
composition. Its accuracy is a union bound: with probability >= 1 - alpha both noises stay within
their (1 - alpha/2) half-widths a_S and a_N, and then
    |(S + e_S) / (N + e_N) - S / N| = |e_S - mu e_N| / (N + e_N) <= (a_S + |mu| a_N) / (N - a_N)
for N > a_N (mu = S / N); infinite otherwise. It uses the true N and mu: the plan is shown to the
data owner, it is not the release.

A Quantile is not additive noise: a selection mechanism of the exponential mechanism's family
(permute-and-flip, as OpenDP's `make_private_quantile`) picks one of a public grid of candidates;
its accuracy is read off the exact output distribution on the true data (see `Quantile`).

Histograms take only declared bins (a typed or documented list of categories, or numeric bins on
public bounds): categories read from the data would make the list itself a leak (see dpcore.histogram).

Local versus global sensitivity of the median (`local_sensitivity_median`): the local sensitivity
is the largest change one added or removed row makes on *this* data; noise scaled to it is not DP,
because the local sensitivity itself differs between neighbours and so reveals the data.

Reference: Dwork & Roth (2014) sections 2.3 and 3.3; Nissim, Raskhodnikova & Smith, "Smooth
sensitivity and sampling in private data analysis" (STOC 2007) section 1 (local sensitivity of the
median); the course section 6.1.2 (COUNT and 3*COUNT); OpenDP 0.16 `make_sum` (bounds and
sensitivity of a clamped sum).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from numbers import Real
from typing import Any

import numpy as np
import pandas as pd

from dpcore import histogram as hist
from dpcore.accuracy import accuracy as noise_accuracy
from dpcore.accuracy import accuracy_curve, check_noise_settings, check_plan_epsilon
from dpcore.accuracy import epsilon_for_accuracy as noise_epsilon_for_accuracy
from dpcore.columns import category_labels
from dpcore.counting import check_frame_column, is_numeric_column, row_mask
from dpcore.errors import DPError
from dpcore.limits import MAX_QUANTILE_CANDIDATES
from dpcore.mechanisms import AdditiveNoise, NoiseKind, calibrate, check_selection, selection_log_weights
from dpcore.neighbours import NEIGHBOUR_KINDS, NeighbourKind, Sensitivity, count_sensitivity, histogram_sensitivity
from dpcore.protection import Protection
from dpcore.validation import check_bounds

Event = tuple[AdditiveNoise, int]  # a noise and how many times it is answered: what an accountant prices


def _check_target(target: Any) -> float:
    """A target accuracy as a float above 0, or DPError("accuracy") quoting it."""
    if isinstance(target, bool) or not isinstance(target, Real) or not (math.isfinite(target) and target > 0):
        raise DPError("accuracy", value=target)
    return float(target)


def _numeric_cells(frame: pd.DataFrame, column: str) -> np.ndarray:
    """The column's numbers, one per row, NaN where missing; DPError if the column holds text."""
    check_frame_column(frame, column)
    if not is_numeric_column(frame, column):
        raise DPError("column_not_numeric.column", column=column)
    return frame[column].to_numpy(dtype=float, na_value=np.nan)


def _numeric_values(frame: pd.DataFrame, column: str) -> np.ndarray:
    """The column's numbers, missing cells left out; DPError if the column holds text."""
    values = _numeric_cells(frame, column)
    return values[~np.isnan(values)]


class _Additive:
    """Accuracy of a statistic released as true value + one noise per number (Count, Histogram, Sum);
    each subclass defines `sensitivity(protection, neighbours)`."""

    def sensitivity(self, protection: Protection, neighbours: NeighbourKind = "remove") -> Sensitivity:
        """How far one person moves the statistic (defined by each statistic)."""
        raise NotImplementedError

    def noise_sensitivity(
        self, kind: NoiseKind, protection: Protection, neighbours: NeighbourKind = "remove"
    ) -> float:
        """The sensitivity a release calibrates `kind` on: L2 for the Gaussian, L1 for the others."""
        return self.sensitivity(protection, neighbours).for_noise(kind)

    def accuracy(
        self,
        kind: NoiseKind,
        epsilon: float,
        protection: Protection,
        alpha: float = 0.05,
        delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
        frame: pd.DataFrame | None = None,
    ) -> float:
        """±a around each released number with probability 1 - alpha (the frame is not needed)."""
        sens = self.noise_sensitivity(kind, protection, neighbours)
        return noise_accuracy(kind, epsilon, sens, alpha, delta)

    def epsilon_for_accuracy(
        self,
        kind: NoiseKind,
        target: float,
        protection: Protection,
        alpha: float = 0.05,
        delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
        frame: pd.DataFrame | None = None,
    ) -> float:
        """The epsilon that gives ±target with probability 1 - alpha (the frame is not needed)."""
        sens = self.noise_sensitivity(kind, protection, neighbours)
        return noise_epsilon_for_accuracy(kind, target, sens, alpha, delta)

    def events(
        self, kind: NoiseKind, epsilon: float, protection: Protection, delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
    ) -> tuple[Event, ...]:
        """What the accountants price for this statistic at (epsilon, delta): its one noise, answered once."""
        return ((calibrate(kind, epsilon, delta, self.noise_sensitivity(kind, protection, neighbours)), 1),)


@dataclass(frozen=True)
class Count(_Additive):
    """factor * COUNT(*) of the rows, or of the rows where `column` is filled in, optionally filtered.

    Filter: `equals` (column = value; numbers compared as numbers) or `within` (lower <= column <=
    upper, a numeric column). `factor` is the course's 3 * COUNT(*): it multiplies the sensitivity.
    """

    column: str | None = None
    equals: Any = None
    within: tuple[float, float] | None = None
    factor: float = 1.0

    def __post_init__(self) -> None:
        if self.column is None and (self.equals is not None or self.within is not None):
            raise DPError("filter_without_column")
        if self.equals is not None and self.within is not None:
            raise DPError("two_filters")
        if self.within is not None:
            if not isinstance(self.within, (tuple, list)) or len(self.within) != 2:
                raise DPError("bounds.filter", value=self.within)
            object.__setattr__(self, "within", check_bounds(*self.within))
        f = self.factor
        if isinstance(f, bool) or not isinstance(f, Real) or not (math.isfinite(f) and f > 0):
            raise DPError("factor", value=f)

    def mask(self, frame: pd.DataFrame) -> np.ndarray:
        """Which rows the count counts."""
        if self.column is None:
            return np.ones(len(frame), dtype=bool)
        if self.equals is not None:
            return row_mask(frame, self.column, "=", self.equals)
        if self.within is not None:
            lo, hi = self.within
            return row_mask(frame, self.column, "≥", lo) & row_mask(frame, self.column, "≤", hi)
        check_frame_column(frame, self.column)
        return frame[self.column].notna().to_numpy()

    def true_value(self, frame: pd.DataFrame) -> float:
        """factor times the number of rows counted."""
        return float(self.factor * np.count_nonzero(self.mask(frame)))

    def row_weights(self, frame: pd.DataFrame) -> np.ndarray:
        """What each row adds to the count (factor or 0), in the frame's order."""
        return self.factor * self.mask(frame).astype(float)

    def sensitivity(self, protection: Protection, neighbours: NeighbourKind = "remove") -> Sensitivity:
        """factor * m in both norms: a person's m rows move the count by at most m."""
        base = count_sensitivity(neighbours)
        scale = self.factor * protection.factor
        return Sensitivity(base.l1 * scale, base.l2 * scale)


@dataclass(frozen=True)
class Histogram(_Additive):
    """Counts of `column` per declared bin (`dpcore.histogram.CategoryBins` or `NumericBins`)."""

    column: str
    bins: hist.Bins

    def __post_init__(self) -> None:
        if not isinstance(self.bins, (hist.CategoryBins, hist.NumericBins)):
            raise DPError("undeclared_bins")

    def tally(self, frame: pd.DataFrame) -> hist.Histogram:
        """Counts per bin with what was missing, outside the categories, or clamped into an end bin."""
        return hist.histogram(frame, self.column, self.bins)

    def true_value(self, frame: pd.DataFrame) -> np.ndarray:
        """The count in every declared bin (int64), empty bins included."""
        return self.tally(frame).counts

    def row_weights(self, frame: pd.DataFrame) -> np.ndarray:
        """What each row adds to the histogram's bars (1 when it falls in a bin, 0 when missing or
        outside the declared categories), in the frame's order."""
        check_frame_column(frame, self.column)
        values = frame[self.column]
        present = values.notna().to_numpy()
        weights = present.astype(float)
        if isinstance(self.bins, hist.CategoryBins):
            weights[present] = (self.bins.index(category_labels(values[present])) >= 0).astype(float)
        return weights

    def smallest_bar(self, frame: pd.DataFrame) -> int:
        """The smallest true count: the bar an error of ±a hurts most ("relative accuracy")."""
        return int(self.true_value(frame).min())

    def sensitivity(self, protection: Protection, neighbours: NeighbourKind = "remove") -> Sensitivity:
        """dpcore.neighbours.histogram_sensitivity times m (see the module table)."""
        base = histogram_sensitivity(neighbours)
        return Sensitivity(base.l1 * protection.factor, base.l2 * protection.factor)


@dataclass(frozen=True)
class Clamping:
    """What public bounds did to a column: values raised to `lower`, values lowered to `upper`, and
    the bias that causes (the clamped statistic minus the unclamped one, on the true data)."""

    below: int
    above: int
    bias: float


@dataclass(frozen=True)
class Sum(_Additive):
    """SUM of a numeric column, each value clamped to the public bounds [lower, upper] first."""

    column: str
    lower: float
    upper: float

    def __post_init__(self) -> None:
        lo, hi = check_bounds(self.lower, self.upper)
        object.__setattr__(self, "lower", lo)
        object.__setattr__(self, "upper", hi)

    def values(self, frame: pd.DataFrame) -> np.ndarray:
        """The column's numbers (missing cells left out), not yet clamped."""
        return _numeric_values(frame, self.column)

    def true_value(self, frame: pd.DataFrame) -> float:
        """The sum of the clamped values."""
        return float(np.clip(self.values(frame), self.lower, self.upper).sum())

    def row_weights(self, frame: pd.DataFrame) -> np.ndarray:
        """What each row adds to the sum (its clamped value; 0 for a missing cell), in the frame's order."""
        values = _numeric_cells(frame, self.column)
        return np.where(np.isnan(values), 0.0, np.clip(values, self.lower, self.upper))

    def clamping(self, frame: pd.DataFrame) -> Clamping:
        """How many values the bounds clamp, and clamped sum minus true sum."""
        v = self.values(frame)
        bias = float(np.clip(v, self.lower, self.upper).sum() - v.sum())
        return Clamping(int(np.count_nonzero(v < self.lower)), int(np.count_nonzero(v > self.upper)), bias)

    def sensitivity(self, protection: Protection, neighbours: NeighbourKind = "remove") -> Sensitivity:
        """m max(|L|, |U|) under add/remove, m (U - L) under substitution (both norms)."""
        if neighbours not in NEIGHBOUR_KINDS:
            raise DPError("unknown_neighbours", value=neighbours)
        per_row = max(abs(self.lower), abs(self.upper)) if neighbours == "remove" else self.upper - self.lower
        s = per_row * protection.factor
        return Sensitivity(s, s)

    def noise_sensitivity(
        self, kind: NoiseKind, protection: Protection, neighbours: NeighbourKind = "remove"
    ) -> float:
        """Under add/remove, OpenDP's own sensitivity of the clamped sum, the one `dpcore.release.release_sum`
        calibrates on: (U - L) m for float bounds of both signs, plus the float sum's rounding error
        (Casacuberta et al. 2022), so the plan's accuracy is the release's. Imports OpenDP (~0.4 s once).
        Under substitution, the textbook m (U - L). Raises DPError("discrete_needs_integers") for
        the discrete Laplace with fractional bounds."""
        if neighbours != "remove":
            return super().noise_sensitivity(kind, protection, neighbours)
        from dpcore.release import sum_sensitivity

        return sum_sensitivity(self.lower, self.upper, kind, protection.factor)


@dataclass(frozen=True)
class Mean:
    """Mean of a numeric column clamped to [lower, upper]: a noisy clamped SUM over a noisy COUNT of
    the column's values, each with half the epsilon and half the delta (see the module docstring)."""

    column: str
    lower: float
    upper: float

    def __post_init__(self) -> None:
        lo, hi = check_bounds(self.lower, self.upper)
        object.__setattr__(self, "lower", lo)
        object.__setattr__(self, "upper", hi)

    @property
    def sum_part(self) -> Sum:
        """The numerator, released with epsilon / 2."""
        return Sum(self.column, self.lower, self.upper)

    @property
    def count_part(self) -> Count:
        """The denominator (rows where the column is filled in), released with epsilon / 2."""
        return Count(column=self.column)

    def _values(self, frame: pd.DataFrame) -> np.ndarray:
        v = _numeric_values(frame, self.column)
        if v.size == 0:
            raise DPError("no_values.mean", column=self.column)
        return v

    def true_value(self, frame: pd.DataFrame) -> float:
        """The mean of the clamped values."""
        return float(np.clip(self._values(frame), self.lower, self.upper).mean())

    def clamping(self, frame: pd.DataFrame) -> Clamping:
        """How many values the bounds clamp, and clamped mean minus true mean."""
        v = self._values(frame)
        bias = float(np.clip(v, self.lower, self.upper).mean() - v.mean())
        return Clamping(int(np.count_nonzero(v < self.lower)), int(np.count_nonzero(v > self.upper)), bias)

    def _plan(
        self, frame: pd.DataFrame | None, kind: NoiseKind, protection: Protection, neighbours: NeighbourKind
    ) -> tuple[float, float, float, float]:
        """(N, |mu|, sum sensitivity, count sensitivity) in the norm `kind` calibrates on."""
        if frame is None:
            raise DPError("frame_needed.mean")
        v = self._values(frame)
        mu = abs(float(np.clip(v, self.lower, self.upper).mean()))
        s_sum = self.sum_part.noise_sensitivity(kind, protection, neighbours)
        s_count = self.count_part.noise_sensitivity(kind, protection, neighbours)
        return float(v.size), mu, s_sum, s_count

    def accuracy(
        self,
        kind: NoiseKind,
        epsilon: float,
        protection: Protection,
        alpha: float = 0.05,
        delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
        frame: pd.DataFrame | None = None,
    ) -> float:
        """±a around the released mean with probability >= 1 - alpha: the union bound of the module
        docstring, each part at (epsilon/2, delta/2, alpha/2); inf when the count's noise could reach
        the count. Needs the frame."""
        kind, alpha, delta = check_noise_settings(kind, alpha, delta)
        epsilon = check_plan_epsilon(epsilon)
        n, mu, s_sum, s_count = self._plan(frame, kind, protection, neighbours)
        a_s = noise_accuracy(kind, epsilon / 2, s_sum, alpha / 2, delta / 2)
        a_n = noise_accuracy(kind, epsilon / 2, s_count, alpha / 2, delta / 2)
        return (a_s + mu * a_n) / (n - a_n) if n > a_n else math.inf

    def epsilon_for_accuracy(
        self,
        kind: NoiseKind,
        target: float,
        protection: Protection,
        alpha: float = 0.05,
        delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
        frame: pd.DataFrame | None = None,
    ) -> float:
        """The smallest epsilon whose `accuracy` bound is ±target.

        Laplace and Gaussian noise are c * Delta * u with one unit scale u for both parts (u = 2 /
        epsilon, c = ln(2/alpha) for Laplace; u = the unit sigma at (epsilon/2, delta/2), c =
        Phi^-1(1 - alpha/4) for the Gaussian), so the bound is solved for u in closed form:
            u = target N / (c (Delta_S + |mu| Delta_N + target Delta_N)).
        The discrete Laplace's half-width is not linear in its scale: a root search on ln epsilon.
        The Gaussian's epsilon is 0 when delta alone covers that noise (as in dpcore.accuracy).
        """
        kind, alpha, delta = check_noise_settings(kind, alpha, delta)
        target = _check_target(target)
        n, mu, s_sum, s_count = self._plan(frame, kind, protection, neighbours)
        if kind == "laplace":
            unit = target * n / (math.log(2 / alpha) * (s_sum + mu * s_count + target * s_count))
            return 2 / unit
        if kind == "gaussian":
            from dp_accounting.gaussian_mechanism import get_epsilon_gaussian
            from scipy.special import ndtri

            c = float(ndtri(1 - alpha / 4))
            unit = target * n / (c * (s_sum + mu * s_count + target * s_count))
            return 2 * float(get_epsilon_gaussian(unit, delta / 2))
        return self._discrete_epsilon(target, n, mu, s_sum, s_count, alpha)

    def events(
        self, kind: NoiseKind, epsilon: float, protection: Protection, delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
    ) -> tuple[Event, ...]:
        """What the accountants price for this mean at (epsilon, delta): the noisy sum and the noisy
        count, each at (epsilon / 2, delta / 2) and answered once (basic composition adds them back up)."""
        return tuple((calibrate(kind, epsilon / 2, delta / 2, part.noise_sensitivity(kind, protection, neighbours)), 1)
                     for part in (self.sum_part, self.count_part))

    @staticmethod
    def _discrete_epsilon(target: float, n: float, mu: float, s_sum: float, s_count: float, alpha: float) -> float:
        """Root of bound(epsilon) = target for discrete Laplace noise, on ln epsilon (the bound falls
        as epsilon grows); DPError("accuracy_unreachable") beyond epsilon = 1e6."""
        from scipy.optimize import brentq

        def gap(log_eps: float) -> float:
            half = [math.exp(log_eps) / 2]  # accuracy_curve stays finite where the scale is tiny
            a_s = float(accuracy_curve("discrete_laplace", s_sum, half, alpha / 2)[0])
            a_n = float(accuracy_curve("discrete_laplace", s_count, half, alpha / 2)[0])
            bound = (a_s + mu * a_n) / (n - a_n) if n > a_n else 1e300
            return math.log(bound) - math.log(target)

        lo, hi = math.log(1e-6), math.log(1e6)
        if gap(hi) > 0:
            raise DPError("accuracy_unreachable.mean", value=target)
        if gap(lo) <= 0:
            return 1e-6
        # brentq's root is within 1e-12 of the true one in ln epsilon: step past it to meet the target.
        return math.exp(brentq(gap, lo, hi, xtol=1e-12) + 2e-12)


QUANTILE_MECHANISM = "permute_and_flip"


_NEGLIGIBLE = 1e-17  # a candidate's p below this changes no other candidate's chance (1 - t p == 1 in floats)


@lru_cache(maxsize=32)
def _unit_gauss_legendre(count: int) -> tuple[np.ndarray, np.ndarray]:
    """Gauss-Legendre nodes and weights on [0, 1] (exact for polynomials of degree < 2 count);
    cached: 500 nodes take numpy ~30 ms, and a root search asks for the same ones again and again."""
    nodes, weights = np.polynomial.legendre.leggauss(count)
    t, w = (nodes + 1) / 2, weights / 2
    t.flags.writeable = w.flags.writeable = False  # shared by every caller through the cache
    return t, w


def permute_and_flip_probabilities(scores: np.ndarray, epsilon: float, sensitivity: float) -> np.ndarray:
    """Exact output distribution of permute-and-flip over candidates with these scores (lower is better).

    With p_c = exp(-epsilon (s_c - min s) / (2 Delta)) and a uniformly random order, c is released
    when it flips heads and every candidate before it flipped tails. Giving each candidate an
    arrival time t ~ U(0, 1) (j comes before c when t_j < t_c) makes the order uniform and the
    others independent:  P(c) = p_c * integral_0^1 prod_{j != c} (1 - t p_j) dt,
    a polynomial in t, integrated exactly by Gauss-Legendre. Candidates with p_j < 1e-17 leave
    every factor 1 - t p_j equal to 1 in floating point, so only the others enter the product
    (its degree, and the number of nodes, is theirs).
    DPError for bad scores, epsilon or sensitivity (as the exponential mechanism's).
    Reference: McKenna & Sheldon (2020), Algorithm 1.
    """
    s, eps, sens = check_selection(scores, epsilon, sensitivity)
    p = np.exp(selection_log_weights(s.min() - s, eps, sens))
    active = p >= _NEGLIGIBLE
    t, w = _unit_gauss_legendre(int(active.sum()) // 2 + 1)
    product = np.exp(np.log1p(-t[:, None] * p[active]).sum(axis=1))  # prod over active j, per node
    without = product[:, None] / (1 - t[:, None] * p[None, :])  # ... leaving out c (t < 1: no zero)
    probabilities = p * (w @ without)
    return probabilities / probabilities.sum()  # removes the last rounding error only


@dataclass(frozen=True)
class Quantile:
    """The q-quantile of a numeric column, released as one of a public grid of `candidates`, chosen
    as OpenDP's `make_private_quantile` chooses it (pure epsilon-DP, with OpenDP's MaxDivergence).

    Score of candidate c (lower is better; OpenDP's `make_quantile_score_candidates` up to its
    integer scaling): s(c) = |(1 - q) #{x < c} - q #{x > c}|, about how many rows c is off the
    q-quantile's rank. One row added or removed moves every score by at most max(q, 1 - q); one
    row changing its value by at most 1 (it can go from below c to above c). With m rows per person,
    times m. OpenDP selects by permute-and-flip (McKenna & Sheldon): visit the candidates in random
    order and stop at c with probability p_c = exp(-epsilon (s(c) - min s) / (2 Delta)); epsilon-DP,
    and never less accurate than the exponential mechanism. `probabilities` gives its exact output
    distribution, `accuracy` reads the error off it on the true data.
    Reference: Smith, STOC 2011; McKenna & Sheldon, "Permute-and-Flip" (NeurIPS 2020,
    arXiv:2010.12603); OpenDP 0.16 `make_private_quantile` (scale 2 Delta / epsilon).
    """

    column: str
    q: float
    candidates: tuple[float, ...]

    def __post_init__(self) -> None:
        q = self.q
        if isinstance(q, bool) or not isinstance(q, Real) or not 0 < q < 1:
            raise DPError("quantile", value=q)
        try:
            grid = np.asarray(self.candidates, dtype=float)
        except (TypeError, ValueError):
            raise DPError("candidates.not_numbers") from None
        if grid.ndim != 1 or not 1 <= grid.size <= MAX_QUANTILE_CANDIDATES:
            raise DPError("candidates.count", value=int(grid.size), maximum=MAX_QUANTILE_CANDIDATES)
        if not np.all(np.isfinite(grid)) or np.any(np.diff(grid) <= 0):
            raise DPError("candidates.order")
        object.__setattr__(self, "q", float(q))
        object.__setattr__(self, "candidates", tuple(float(c) for c in grid))

    @classmethod
    def on_bounds(cls, column: str, q: float, lower: float, upper: float, count: int) -> Quantile:
        """`count` equally spaced candidates from `lower` to `upper` (public bounds), ends included."""
        lo, hi = check_bounds(lower, upper)
        if isinstance(count, bool) or not isinstance(count, int) or not 2 <= count <= MAX_QUANTILE_CANDIDATES:
            raise DPError("candidates.grid", value=count, maximum=MAX_QUANTILE_CANDIDATES)
        return cls(column, q, tuple(np.linspace(lo, hi, count).tolist()))

    def values(self, frame: pd.DataFrame) -> np.ndarray:
        """The column's numbers (missing cells left out), as `Sum.values`; DPError when there are none."""
        v = _numeric_values(frame, self.column)
        if v.size == 0:
            raise DPError("no_values.quantile", column=self.column)
        return v

    def true_value(self, frame: pd.DataFrame) -> float:
        """The exact q-quantile of the column (numpy's linear interpolation), not rounded to the grid."""
        return float(np.quantile(self.values(frame), self.q))

    def scores(self, frame: pd.DataFrame) -> np.ndarray:
        """s(c) for every candidate (lower is better)."""
        v = np.sort(self.values(frame))
        grid = np.asarray(self.candidates)
        below = np.searchsorted(v, grid, side="left")
        above = v.size - np.searchsorted(v, grid, side="right")
        return np.abs((1 - self.q) * below - self.q * above)

    def score_sensitivity(self, protection: Protection, neighbours: NeighbourKind = "remove") -> float:
        """How far one person moves any score: m max(q, 1 - q) under add/remove, m under substitution."""
        if neighbours not in NEIGHBOUR_KINDS:
            raise DPError("unknown_neighbours", value=neighbours)
        per_row = max(self.q, 1 - self.q) if neighbours == "remove" else 1.0
        return per_row * protection.factor

    def probabilities(
        self, frame: pd.DataFrame, epsilon: float, protection: Protection, neighbours: NeighbourKind = "remove"
    ) -> np.ndarray:
        """The probability that the mechanism releases each candidate, on this data."""
        eps = check_plan_epsilon(epsilon)
        return permute_and_flip_probabilities(self.scores(frame), eps, self.score_sensitivity(protection, neighbours))

    def _coverage(
        self, frame: pd.DataFrame, target: float, protection: Protection, neighbours: NeighbourKind
    ) -> Callable[[float], float]:
        """The function epsilon -> P(|release - true quantile| <= target) on this data."""
        scores = self.scores(frame)
        near = np.abs(np.asarray(self.candidates) - self.true_value(frame)) <= target
        sens = self.score_sensitivity(protection, neighbours)
        return lambda eps: float(permute_and_flip_probabilities(scores, eps, sens)[near].sum())

    def accuracy(
        self,
        kind: str,
        epsilon: float,
        protection: Protection,
        alpha: float = 0.05,
        delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
        frame: pd.DataFrame | None = None,
    ) -> float:
        """The smallest a with P(|release - true quantile| <= a) >= 1 - alpha, from the exact output
        distribution on this data (so it includes the grid's own spacing). `kind` must be
        "exponential"; delta is not used (pure DP). Needs the frame."""
        _check_quantile_kind(kind)
        alpha = _checked_alpha(alpha)
        if frame is None:
            raise DPError("frame_needed.quantile")
        p = self.probabilities(frame, epsilon, protection, neighbours)
        distance = np.abs(np.asarray(self.candidates) - self.true_value(frame))
        order = np.argsort(distance, kind="stable")
        covered = np.cumsum(p[order])
        return float(distance[order][min(int(np.searchsorted(covered, 1 - alpha - 1e-12)), len(order) - 1)])

    def epsilon_for_accuracy(
        self,
        kind: str,
        target: float,
        protection: Protection,
        alpha: float = 0.05,
        delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
        frame: pd.DataFrame | None = None,
    ) -> float:
        """The smallest epsilon with P(|release - true quantile| <= target) >= 1 - alpha on this data,
        by a root search on ln epsilon in [1e-6, 1e6] (that probability grows with epsilon as mass
        moves to the best-scored candidates, which lie near the quantile). DPError("accuracy_unreachable")
        when no candidate is that close, or the best-scored ones are not."""
        _check_quantile_kind(kind)
        alpha = _checked_alpha(alpha)
        target = _check_target(target)
        if frame is None:
            raise DPError("frame_needed.quantile")
        coverage = self._coverage(frame, target, protection, neighbours)
        lo, hi = math.log(1e-6), math.log(1e6)
        if coverage(math.exp(hi)) < 1 - alpha:
            raise DPError("accuracy_unreachable.quantile", value=target, confidence=1 - alpha)
        if coverage(math.exp(lo)) >= 1 - alpha:
            return 1e-6
        from scipy.optimize import brentq

        root = brentq(lambda log_eps: coverage(math.exp(log_eps)) - (1 - alpha), lo, hi, xtol=1e-10)
        return math.exp(root + 2e-10)  # past the root's uncertainty, on the side that meets the target


    def events(
        self, kind: str, epsilon: float, protection: Protection, delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
    ) -> tuple[Event, ...]:
        """What the accountants price for this quantile at epsilon. It is a selection, pure epsilon-DP
        with no additive noise: it is priced as the worst case of epsilon-DP, which a discrete Laplace
        of sensitivity 1 is exactly (its privacy loss is only +-epsilon, as randomized response's), so
        every accountant charges it no less than it could cost. `kind`, `delta` and `neighbours` change
        nothing (the selection's scale already holds the person's m rows)."""
        return ((calibrate("discrete_laplace", epsilon, 0.0, 1.0), 1),)


def _check_quantile_kind(kind: Any) -> None:
    if kind != QUANTILE_MECHANISM:
        raise DPError("quantile_mechanism", value=kind)


def _checked_alpha(alpha: Any) -> float:
    """alpha in (0, 1), checked as dpcore.accuracy checks it."""
    return check_noise_settings("laplace", alpha, 0.0)[1]


Statistic = Count | Histogram | Sum | Mean | Quantile


def delta_shares(needs: Sequence[bool], delta: float) -> list[float]:
    """Each statistic's share of a plan's total delta, given whether it needs one (Gaussian noise,
    or key selection's threshold): those share it equally, the others are pure (0). By basic
    composition the shares add up to the total (0 when none needs one)."""
    takers = sum(1 for n in needs if n)
    return [delta / takers if n else 0.0 for n in needs]


@dataclass(frozen=True)
class MedianSensitivity:
    """The median of values clamped to [lower, upper], and how far one row can move it.

    local: the largest change from adding one row (anywhere in the bounds) or removing one, on this
    data. global_bound: the largest such change over every dataset within the bounds, (U - L) / 2
    for the median as numpy computes it (the mean of the two middle values for an even count).
    """

    median: float
    local: float
    global_bound: float
    n: int


def local_sensitivity_median(values: np.ndarray | list[float], lower: float, upper: float) -> MedianSensitivity:
    """Local and global sensitivity of the median under add/remove neighbours.

    The median moves monotonically with the value added (and with the rank of the value removed),
    so the largest changes come from adding `lower` or `upper`, or removing the smallest or the
    largest value: four medians to compute. Global bound: for odd n the median is x_k and a step
    makes it the mean of x_k and a neighbour value; for even n it is a mean of two values and a step
    leaves one of them: either way at most half of U - L, reached by {L, U} minus U.
    Raises DPError for bad bounds or no numbers.
    """
    lo, hi = check_bounds(lower, upper)
    try:
        v = np.asarray(values, dtype=float).ravel()
    except (TypeError, ValueError):
        raise DPError("column_not_numeric.median") from None
    v = np.sort(np.clip(v[~np.isnan(v)], lo, hi))
    if v.size == 0:
        raise DPError("no_values.median")
    median = float(np.median(v))
    neighbours = [np.append(v, lo), np.append(v, hi)]
    if v.size >= 2:
        neighbours += [v[1:], v[:-1]]
    local = max(abs(float(np.median(d)) - median) for d in neighbours)
    return MedianSensitivity(median, local, (hi - lo) / 2, int(v.size))
