"""Attacks that differential privacy stops, and the defences: exact values and simulations.

Two attacks of the course chapter (SEED-FACTS sections 1 and 3):

* the differencing attack: two harmless-looking counts, one with and one without the target,
  subtracted, reveal the target's secret; with Laplace noise on each answer the difference only
  moves the attacker's belief within the eps bound;
* the averaging attack: the same count answered again and again with fresh Lap(Delta / eps) noise;
  the attacker averages k answers and rounds. The mean noise of k answers is (G1 - G2) / k with
  G1, G2 ~ Gamma(k, Delta / eps) independent, so both the exact success probability and a
  simulation of any number of attackers cost the same for k = 10 as for k = 10^7.

Defences: split a total budget eps over the k answers (eps / k each, sequential composition), or
cache answers so that the same query always gets the same noisy answer.

The counts the attacks ask (COUNT(*) WHERE column op value) live in dpcore.counting; here are the
attacks built on them.

Reference: Dwork & Roth, "The Algorithmic Foundations of Differential Privacy" (2014), sections
1.1 and 3.5; Kotz, Kozubowski & Podgorski, "The Laplace Distribution and Generalizations" (2001),
section 2.3 (a sum of iid Laplace variables is a difference of two Gamma variables); the course
chapter, Tables 6-1, 6-2 and 6-3.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dpcore.counting import check_frame_column, row_mask
from dpcore.errors import DPError
from dpcore.limits import MAX_ATTACKERS, MAX_RELEASE_COUNT, MAX_REPEATED_QUERIES, MAX_TRACE_POINTS, MAX_TRACES
from dpcore.mechanisms import calibrate, check_noise_scale
from dpcore.posterior import posterior_bounds, posterior_from_likelihoods
from dpcore.validation import check_count, check_epsilon, check_positive, check_probability

# --------------------------------------------------------------------------------------------
# Defaults and the course's Table 6-3
# --------------------------------------------------------------------------------------------

DEFAULT_TOLERANCE = 0.5
"""The danger zone: |mean - truth| < 0.5, so rounding the mean gives the exact count."""

TABLE_KS: tuple[int, ...] = (100, 1_000, 10_000, 100_000)
TABLE_LEVELS: tuple[float, ...] = (0.90, 0.95, 0.99, 0.999)


@dataclass(frozen=True)
class BookRow:
    """One row of the course's Table 6-3, as printed (Monte-Carlo estimates, in percent for k)."""

    epsilon: float
    quantiles: tuple[float, float, float, float]  # 90, 95, 99, 99.9 % quantiles of |noise|
    recovery_percent: tuple[float, float, float, float]  # k = 100, 1000, 10000, 100000


BOOK_TABLE_6_3: dict[float, BookRow] = {
    r.epsilon: r
    for r in (
        BookRow(1.0, (2.29, 2.98, 4.50, 6.43), (100.00, 100.00, 100.00, 100.00)),
        BookRow(0.1, (23.24, 29.99, 45.51, 66.56), (25.59, 73.75, 99.99, 100.00)),
        BookRow(0.01, (227.97, 296.22, 463.48, 677.26), (2.72, 9.12, 27.85, 73.70)),
    )
}

# --------------------------------------------------------------------------------------------
# Input checks specific to attacks
# --------------------------------------------------------------------------------------------


def _check_k(k: Any, maximum: int = MAX_RELEASE_COUNT) -> int:
    # at most 2^53 by default: k stays a whole float, an int64 and finite under sqrt(2 k) b
    return check_count("The number of repeated queries k", k, minimum=1, maximum=maximum)


def _check_trials(trials: Any) -> int:
    return check_count("The number of simulated attackers", trials, minimum=1, maximum=MAX_ATTACKERS)


def _scale(epsilon: Any, sensitivity: Any) -> float:
    """Laplace scale b = Delta / eps, validated (finite, and not so small that 1 / b overflows)."""
    eps = check_epsilon(epsilon)
    sens = check_positive("Sensitivity", sensitivity)
    return check_noise_scale(sens / eps, eps, sens)


# --------------------------------------------------------------------------------------------
# The averaging attack: exact
# --------------------------------------------------------------------------------------------


def _log_gamma_pdf_scaled(k: int, z: float, s: float) -> float:
    """log( sqrt(k) * pdf of Gamma(k, 1) at g = k + sqrt(k) z ), stable for k up to 10^8 and more.

    log pdf(g) = -log g + k (log1p(u) - u) + [k log k - k - lgamma(k)], u = (g - k) / k, and the
    bracket is 0.5 log(k / 2 pi) - stirlerr(k), summed by Stirling's series for large k so that no
    two numbers of size k log k are subtracted.
    """
    g = k + s * z
    u = s * z / k
    if k >= 30:
        k2 = float(k) * k
        stirlerr = (1.0 / 12 - (1.0 / 360 - (1.0 / 1260 - 1.0 / (1680 * k2)) / k2) / k2) / k
        const = 0.5 * math.log(k / (2 * math.pi)) - stirlerr
    else:
        const = k * math.log(k) - k - math.lgamma(k)
    return math.log(s) - math.log(g) + k * (math.log1p(u) - u) + const


def _sum_abs_below(k: int, t: float) -> float:
    """P(|X1 - X2| < t) for X1, X2 ~ Gamma(k, 1) independent, by one-dimensional quadrature.

    P = integral f(g) [F(g + t) - F(g - t)] dg, or, when P is near 1, 1 - 2 integral f(g) Q(g + t) dg
    (Q = 1 - F), so neither tail loses its digits. Integrated in z = (g - k) / sqrt(k) over
    [-40, 40] (clipped at g = 0) with breakpoints around the mode.
    """
    from scipy import special  # imported on use: ~120 ms a page's cold open does not pay

    s = math.sqrt(k)
    complement = t > math.sqrt(2.0 * k)  # P above about 0.68: integrate the tails instead

    def integrand(z: float) -> float:
        g = k + s * z
        if g <= 0.0:
            return 0.0
        dens = math.exp(_log_gamma_pdf_scaled(k, z, s))
        if complement:
            return dens * special.gammaincc(k, g + t)
        lower = special.gammainc(k, g - t) if g > t else 0.0
        return dens * (special.gammainc(k, g + t) - lower)

    lo = max(-s, -40.0)
    inner = [p for p in (-20.0, -10.0, -5.0, -2.0, -1.0, 0.0, 1.0, 2.0, 5.0, 10.0, 20.0) if lo < p < 40.0]
    edges = [lo, *inner, 40.0]
    total = 0.0
    from scipy import integrate  # imported on first use: a page's cold open should not pay for it

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", integrate.IntegrationWarning)
        for a, b in zip(edges[:-1], edges[1:]):
            value, _ = integrate.quad(integrand, a, b, epsabs=1e-15, epsrel=1e-11, limit=200)
            total += value
    p = 1.0 - 2.0 * total if complement else total
    return min(1.0, max(0.0, p))


def averaging_success_probability(
    epsilon: float, k: int, tolerance: float = DEFAULT_TOLERANCE, sensitivity: float = 1.0
) -> float:
    """Exact probability that the mean of k answers with fresh Lap(Delta/eps) noise is within tolerance.

    The sum of k iid Laplace(b) variables is G1 - G2 with G1, G2 ~ Gamma(k, b) independent, so
        P(|mean noise| < tol) = P(|G1 - G2| < k tol) = P(|X1 - X2| < k tol / b),  X ~ Gamma(k, 1),
    computed by numerical integration (see `_sum_abs_below`); stable for k up to 10^7 and beyond.
    With tol = 0.5 and an integer count, this is the probability that rounding the mean gives the
    exact answer. k = 1 gives 1 - exp(-tol / b); k = 2 gives 1 - exp(-x/b)(1 + x/(2b)), x = 2 tol.

    Args: epsilon > 0 per answer, k >= 1 answers, tolerance > 0, sensitivity Delta > 0.
    Returns a probability in [0, 1]. Raises ValueError for any invalid input.
    Reference: Kotz, Kozubowski & Podgorski (2001), sec. 2.3; course Table 6-3.
    """
    b = _scale(epsilon, sensitivity)
    n = _check_k(k)
    tol = check_positive("The tolerance", tolerance)
    t = n * tol / b
    if not math.isfinite(t):
        raise DPError("tolerance_too_large", tolerance=tol)
    if n == 1:
        return -math.expm1(-t)
    return _sum_abs_below(n, t)


def normal_approximation(
    epsilon: float, k: int, tolerance: float = DEFAULT_TOLERANCE, sensitivity: float = 1.0
) -> float:
    """Central-limit approximation of `averaging_success_probability`: 2 Phi(tol sqrt(k) / (sqrt2 b)) - 1.

    The mean of k Lap(b) has standard deviation sqrt(2) b / sqrt(k); good for large k only.
    """
    b = _scale(epsilon, sensitivity)
    n = _check_k(k)
    tol = check_positive("The tolerance", tolerance)
    from scipy import special  # imported on use (a page's cold open)

    return float(2.0 * special.ndtr(tol * math.sqrt(n) / (math.sqrt(2.0) * b)) - 1.0)


def mean_noise_std(epsilon: float, k: int, sensitivity: float = 1.0) -> float:
    """Standard deviation of the mean noise of k answers, each with Lap(Delta/eps): sqrt(2) b / sqrt(k)."""
    return math.sqrt(2.0) * _scale(epsilon, sensitivity) / math.sqrt(_check_k(k))


def split_mean_noise_std(total_epsilon: float, k: int, sensitivity: float = 1.0) -> float:
    """The same when a total budget eps is split over k answers (eps/k each): sqrt(2k) Delta / eps.

    The spread of the attacker's mean grows like sqrt(k): more questions, less learned per answer.
    """
    n = _check_k(k)
    return math.sqrt(2.0 * n) * _scale(total_epsilon, sensitivity)


def split_epsilon(total_epsilon: float, k: int) -> float:
    """The budget of each of k answers when a total eps is split evenly: eps / k (sequential
    composition: the k budgets add up to eps)."""
    return check_epsilon(total_epsilon) / _check_k(k)


def spent_epsilon(epsilon: float, k: int) -> float:
    """What k answers with eps each spend in all: k eps (sequential composition)."""
    spent = check_epsilon(epsilon) * _check_k(k)
    return check_epsilon(spent)  # k eps past the float range: "an infinite epsilon means no privacy"


def cached_success_probability(epsilon: float, tolerance: float = DEFAULT_TOLERANCE, sensitivity: float = 1.0) -> float:
    """With answer caching every repeat returns the first noisy answer: P = 1 - exp(-tol / b), for any k."""
    b = _scale(epsilon, sensitivity)
    tol = check_positive("The tolerance", tolerance)
    return -math.expm1(-tol / b)


# --------------------------------------------------------------------------------------------
# The averaging attack: simulated
# --------------------------------------------------------------------------------------------

_CHUNK = 25_000  # attackers per chunk: fixed, so a seed gives the same draws with or without progress


def simulate_averaging(
    epsilon: float,
    k: int,
    trials: int,
    rng: np.random.Generator,
    sensitivity: float = 1.0,
    on_progress: Callable[[float], None] | None = None,
) -> np.ndarray:
    """Mean noise (mean answer minus truth) of `trials` attackers who each average k noisy answers.

    Each attacker's sum of k Lap(b) noises is drawn as G1 - G2 with G1, G2 ~ Gamma(k, b): two Gamma
    variates per attacker, so the cost does not grow with k. `on_progress(fraction)` is called
    after each chunk of attackers. This is a simulation with numpy's Generator.

    Raises ValueError for invalid epsilon, k (1 … MAX_REPEATED_QUERIES), trials (1 … MAX_ATTACKERS)
    or sensitivity.
    Reference: Kotz, Kozubowski & Podgorski (2001), sec. 2.3.
    """
    b = _scale(epsilon, sensitivity)
    n = _check_k(k, MAX_REPEATED_QUERIES)
    m = _check_trials(trials)
    out = np.empty(m)
    for start in range(0, m, _CHUNK):
        stop = min(m, start + _CHUNK)
        g = rng.gamma(n, b, size=(2, stop - start))
        out[start:stop] = (g[0] - g[1]) / n
        if on_progress is not None:
            on_progress(stop / m)
    return out


@dataclass(frozen=True)
class SimulatedRecovery:
    """How many simulated attackers landed in the danger zone, with a Clopper-Pearson interval."""

    k: int
    trials: int
    successes: int
    confidence: float
    ci_low: float
    ci_high: float
    method: str = "simulation: Gamma-difference sums, Clopper-Pearson interval"

    @property
    def proportion(self) -> float:
        return self.successes / self.trials


def clopper_pearson(successes: int, trials: int, confidence: float = 0.99) -> tuple[float, float]:
    """Exact (conservative) binomial confidence interval for successes / trials.

    low = Beta^-1(alpha/2; x, n - x + 1), high = Beta^-1(1 - alpha/2; x + 1, n - x), alpha = 1 - conf.
    Reference: Clopper & Pearson, Biometrika 26 (1934).
    """
    n = check_count("The number of trials", trials, maximum=MAX_RELEASE_COUNT)  # scipy's beta takes int64 and floats
    x = check_count("The number of successes", successes, minimum=0, maximum=n)
    conf = check_probability("The confidence level", confidence, open_interval=True)
    alpha = 1.0 - conf
    from scipy import stats  # imported on first use: a page's cold open should not pay for it

    low = 0.0 if x == 0 else float(stats.beta.ppf(alpha / 2, x, n - x + 1))
    high = 1.0 if x == n else float(stats.beta.ppf(1 - alpha / 2, x + 1, n - x))
    return low, high


def simulate_recovery(
    epsilon: float,
    k: int,
    trials: int,
    rng: np.random.Generator,
    tolerance: float = DEFAULT_TOLERANCE,
    sensitivity: float = 1.0,
    confidence: float = 0.99,
    on_progress: Callable[[float], None] | None = None,
) -> SimulatedRecovery:
    """Simulate `trials` averaging attackers and count those whose mean is within the tolerance."""
    tol = check_positive("The tolerance", tolerance)
    errors = simulate_averaging(epsilon, k, trials, rng, sensitivity, on_progress)
    successes = int(np.count_nonzero(np.abs(errors) < tol))
    low, high = clopper_pearson(successes, errors.size, confidence)
    return SimulatedRecovery(int(k), errors.size, successes, confidence, low, high)


def log_checkpoints(k: int, points: int = 500) -> np.ndarray:
    """About `points` whole numbers from 1 to k, evenly spaced on a log scale (always 1 and k)."""
    n = _check_k(k)
    m = check_count("The number of checkpoints", points, minimum=2, maximum=MAX_TRACE_POINTS)
    grid = np.unique(np.round(np.logspace(0.0, math.log10(n), m)).astype(np.int64))
    return np.union1d(grid, [1, n])


@dataclass(frozen=True)
class RunningMeans:
    """Running means of the noise of a few attackers, at checkpoints k_1 < k_2 < ... (answers seen)."""

    checkpoints: np.ndarray  # shape (m,)
    means: np.ndarray  # shape (attackers, m): mean noise of the first k_j answers
    epsilon_per_answer: float
    method: str


def _check_checkpoints(checkpoints: Sequence[int] | np.ndarray) -> np.ndarray:
    try:
        cp = np.asarray(checkpoints, dtype=float)
    except (TypeError, ValueError):
        raise DPError("checkpoints_not_whole") from None
    if cp.ndim != 1 or cp.size == 0 or cp.size > MAX_TRACE_POINTS:
        raise DPError("checkpoints_count", maximum=MAX_TRACE_POINTS, count=cp.size)
    if not np.all(np.isfinite(cp)) or np.any(cp != np.round(cp)) or cp[0] < 1 or np.any(np.diff(cp) <= 0):
        raise DPError("checkpoints_order")
    if cp[-1] > MAX_REPEATED_QUERIES:
        raise DPError("too_many_queries", maximum=MAX_REPEATED_QUERIES, count=int(cp[-1]))
    return cp.astype(np.int64)


def running_means(
    epsilon: float,
    checkpoints: Sequence[int] | np.ndarray,
    attackers: int,
    rng: np.random.Generator,
    sensitivity: float = 1.0,
) -> RunningMeans:
    """Each attacker's running mean of the noise, seen at the checkpoints only.

    Between two checkpoints k_{j-1} < k_j the n = k_j - k_{j-1} new answers add a sum of n iid
    Lap(b) noises, which is Gamma(n, b) - Gamma(n, b); the increments are independent, so the
    path at the checkpoints has exactly the law of the full path, drawn with two Gamma variates
    per checkpoint instead of k draws. Where n = 1 this is a single Laplace answer.
    """
    b = _scale(epsilon, sensitivity)
    cp = _check_checkpoints(checkpoints)
    m = check_count("The number of attackers shown", attackers, minimum=1, maximum=MAX_TRACES)
    steps = np.diff(cp, prepend=0).astype(float)
    g = rng.gamma(steps, b, size=(2, m, cp.size))
    sums = np.cumsum(g[0] - g[1], axis=1)
    return RunningMeans(cp, sums / cp, check_epsilon(epsilon), "gamma-increments")


def cached_running_means(
    epsilon: float,
    checkpoints: Sequence[int] | np.ndarray,
    attackers: int,
    rng: np.random.Generator,
    sensitivity: float = 1.0,
) -> RunningMeans:
    """Running means when the server caches: every repeat returns the first noisy answer.

    The mean of k identical answers is that one answer, so each trace is flat: repeating the query
    teaches nothing new, and the server spends eps once.
    """
    noise = calibrate("laplace", epsilon, sensitivity=sensitivity)
    cp = _check_checkpoints(checkpoints)
    m = check_count("The number of attackers shown", attackers, minimum=1, maximum=MAX_TRACES)
    first = noise.sample(rng, m)
    return RunningMeans(cp, np.repeat(first[:, None], cp.size, axis=1), noise.epsilon, "cached")


# --------------------------------------------------------------------------------------------
# Table 6-3
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table63Row:
    """One epsilon of Table 6-3: the book's numbers (if any), exact values and this run's simulation.

    Quantiles are of |noise| for one answer; recovery entries are probabilities (0-1) per TABLE_KS.
    """

    epsilon: float
    book: BookRow | None
    exact_quantiles: tuple[float, ...]
    simulated_quantiles: tuple[float, ...]
    exact_recovery: tuple[float, ...]
    simulated_recovery: tuple[SimulatedRecovery, ...]


def abs_noise_quantiles(epsilon: float, levels: Sequence[float] = TABLE_LEVELS, sensitivity: float = 1.0) -> tuple[float, ...]:
    """Exact quantiles of |Lap(Delta/eps)|: P(|noise| <= q) = level gives q = b ln(1 / (1 - level))."""
    noise = calibrate("laplace", epsilon, sensitivity=sensitivity)
    return tuple(noise.accuracy(1.0 - check_probability("A quantile level", lv, open_interval=True)) for lv in levels)


def table_6_3(
    epsilons: Sequence[float],
    trials: int,
    rng: np.random.Generator,
    ks: Sequence[int] = TABLE_KS,
    levels: Sequence[float] = TABLE_LEVELS,
    on_progress: Callable[[float], None] | None = None,
) -> list[Table63Row]:
    """Rebuild Table 6-3 for the given epsilons: book, exact and simulated values side by side.

    Simulated quantiles come from `trials` single Laplace draws; simulated recovery from `trials`
    attackers per k (Gamma-difference sums). The book's own figures were Monte-Carlo estimates.
    """
    eps_list = [check_epsilon(e) for e in epsilons]
    if not eps_list:
        raise DPError("no_epsilons")
    n = _check_trials(trials)
    k_list = [_check_k(k, MAX_REPEATED_QUERIES) for k in ks]
    rows: list[Table63Row] = []
    steps = len(eps_list) * (1 + len(k_list))
    done = 0
    for eps in eps_list:
        noise = calibrate("laplace", eps)
        draws = np.abs(noise.sample(rng, n))
        sim_q = tuple(float(np.quantile(draws, lv)) for lv in levels)
        done += 1
        if on_progress is not None:
            on_progress(done / steps)
        exact_r, sim_r = [], []
        for k in k_list:
            exact_r.append(averaging_success_probability(eps, k))
            sim_r.append(simulate_recovery(eps, k, n, rng))
            done += 1
            if on_progress is not None:
                on_progress(done / steps)
        rows.append(
            Table63Row(
                eps,
                BOOK_TABLE_6_3.get(eps),
                abs_noise_quantiles(eps, levels),
                sim_q,
                tuple(exact_r),
                tuple(sim_r),
            )
        )
    return rows


# --------------------------------------------------------------------------------------------
# The differencing attack
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Differencing:
    """The two harmless-looking counts of a differencing attack and what their difference reveals."""

    with_target: int
    without_target: int
    method: str

    @property
    def difference(self) -> int:
        return self.with_target - self.without_target

    @property
    def target_has_secret(self) -> bool:
        """Exact answers: a difference of 1 means the target has the secret, 0 that they do not."""
        return self.difference == 1


def _target_index(frame: pd.DataFrame, name_column: str, target: Any) -> int:
    check_frame_column(frame, name_column)
    hits = np.flatnonzero(frame[name_column].astype(str).to_numpy() == str(target))
    if hits.size == 0:
        raise DPError("target_missing", target=str(target))
    if hits.size > 1:
        raise DPError("target_not_unique", rows=hits.size, target=str(target))
    return int(hits[0])


def change_record(frame: pd.DataFrame, name_column: str, target: Any, column: str, value: Any) -> pd.DataFrame:
    """A copy of the table with one person's cell changed (the course flips Aisha's grade to Pass)."""
    i = _target_index(frame, name_column, target)
    check_frame_column(frame, column)
    out = frame.copy()
    out.iloc[i, out.columns.get_loc(column)] = value
    return out


def exclusion_differencing(
    frame: pd.DataFrame, name_column: str, target: Any, secret_column: str, secret_value: Any
) -> Differencing:
    """'How many have the secret?' minus 'How many, the target excluded?' (course Table 6-1).

    On the course's students table with Aisha changed to Pass: 4 - 3 = 1 reveals that Aisha passed.
    """
    i = _target_index(frame, name_column, target)
    mask = row_mask(frame, secret_column, "=", secret_value)
    total = int(mask.sum())
    return Differencing(total, total - int(mask[i]), "exclusion")


def prefix_differencing(frame: pd.DataFrame, secret_column: str, secret_value: Any, position: int) -> Differencing:
    """f(i) - f(i - 1), f(i) = how many of the first i rows have the secret (course Table 6-2).

    On the cancer table f(5) - f(4) = 3 - 2 = 1 reveals that Alice, the fifth row, has cancer.
    """
    mask = row_mask(frame, secret_column, "=", secret_value)
    i = check_count("The position of the target", position, minimum=1, maximum=len(frame))
    return Differencing(int(mask[:i].sum()), int(mask[: i - 1].sum()), "prefix")


def bounded_noise_intervals(result: Differencing, bound: float = 1.0) -> tuple[tuple[float, float], ...]:
    """With noise in [-bound, bound] on each answer: the ranges of both answers and of their difference.

    Cancer table, bound 1: f'(5) in [2, 4], f'(4) in [1, 3], difference in [-1, 3]: 0 and 1 both
    fit, so the difference no longer reveals Alice for sure. DPError "noise_bound_large" for a bound
    whose ranges overflow (2 * bound beyond 1.8e308).
    """
    c = check_positive("The noise bound", bound)
    a, b = result.with_target, result.without_target
    ranges = (a - c, a + c), (b - c, b + c), (a - b - 2 * c, a - b + 2 * c)
    if not all(math.isfinite(end) for pair in ranges for end in pair):
        raise DPError("noise_bound_large", bound=c)
    return ranges


@dataclass(frozen=True)
class NoisyDifferencing:
    """Both answers with fresh Laplace noise, and the difference the attacker computes."""

    answer_with: float
    answer_without: float
    epsilon: float
    sensitivity: float

    @property
    def difference(self) -> float:
        return self.answer_with - self.answer_without


def noisy_differencing(
    result: Differencing, epsilon: float, rng: np.random.Generator, sensitivity: float = 1.0
) -> NoisyDifferencing:
    """Answer both counts with Lap(Delta/eps) noise (a simulation with numpy's Generator)."""
    noise = calibrate("laplace", epsilon, sensitivity=sensitivity)
    n = noise.sample(rng, 2)
    return NoisyDifferencing(
        result.with_target + float(n[0]), result.without_target + float(n[1]), noise.epsilon, noise.sensitivity
    )


def _log_difference_pdf(x: np.ndarray, b: float) -> np.ndarray:
    """log density of L1 - L2, L ~ Lap(b) iid: (1 / 4b) (1 + |x|/b) exp(-|x|/b).

    -inf where |x|/b overflows (far in the tail of a tiny b): the log density lies below -1.8e308
    there and the density underflows to exactly 0.
    """
    with np.errstate(over="ignore"):
        a = np.abs(x) / b
    with np.errstate(invalid="ignore"):  # inf - inf where a overflowed: replaced by -inf
        return np.where(np.isinf(a), -np.inf, np.log1p(a) - a - math.log(4.0 * b))


def difference_grid(observed: float, epsilon: float, points: int, sensitivity: float = 1.0) -> np.ndarray:
    """About `points` differences to draw both densities of the noisy difference over: 8 noise scales
    either side of 0.5 (the middle of the two hypotheses, 0 and 1), stretched to reach `observed`.
    Both peaks, 0 and 1, are on the grid, so a curve is drawn at its full height."""
    b = _scale(epsilon, sensitivity)
    n = check_count("The number of points", points, minimum=3, maximum=MAX_TRACE_POINTS)
    if not math.isfinite(float(observed)):
        raise DPError("output_not_finite")
    reach = max(8.0 * b, abs(float(observed) - 0.5) + 2.0 * b)
    return np.union1d(np.linspace(0.5 - reach, 0.5 + reach, n - 2), [0.0, 1.0])


def noisy_difference_pdf(x: Any, true_difference: float, epsilon: float, sensitivity: float = 1.0) -> np.ndarray:
    """Density of the attacker's noisy difference when the true difference is `true_difference`.

    The difference of two independent Lap(b) noises has density (1/4b)(1 + |s|/b) e^{-|s|/b}.
    DPError "output_not_finite" / "difference_not_finite" for a point or a true difference that is
    not a finite number.
    """
    b = _scale(epsilon, sensitivity)
    points = np.asarray(x, dtype=float)
    if not np.all(np.isfinite(points)):
        raise DPError("output_not_finite")
    if not math.isfinite(float(true_difference)):
        raise DPError("difference_not_finite")
    return np.exp(_log_difference_pdf(points - float(true_difference), b))


def difference_posterior(
    observed_difference: Any, epsilon: float, prior: float = 0.5, sensitivity: float = 1.0
) -> np.ndarray:
    """The attacker's posterior that the target has the secret after seeing the noisy difference.

    Hypotheses: true difference 1 (secret) or 0 (no secret). Bayes' rule with the difference
    density above, through `posterior.posterior_from_likelihoods`; likelihoods are rescaled in log
    space so they never both underflow. Only the first answer depends on the target, so the
    posterior stays within `posterior.posterior_bounds(prior, eps)` (post-processing).
    """
    b = _scale(epsilon, sensitivity)
    p = check_probability("The prior", prior)
    d = np.asarray(observed_difference, dtype=float)
    if not np.all(np.isfinite(d)):
        raise DPError("observed_not_finite")
    l1 = _log_difference_pdf(d - 1.0, b)
    l0 = _log_difference_pdf(d, b)
    top = np.maximum(l1, l0)
    return posterior_from_likelihoods(p, np.exp(l1 - top), np.exp(l0 - top))


def posterior_band(prior: float, epsilon: float) -> tuple[float, float]:
    """The eps bound on the attacker's posterior (from dpcore.posterior), as two floats."""
    low, high = posterior_bounds(check_probability("The prior", prior), epsilon)
    return float(low), float(high)
