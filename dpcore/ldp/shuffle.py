"""The shuffle model: how much central privacy n shuffled eps0-local reports give.

n people each send one report from an eps0-differentially private local randomizer; a shuffler
removes who sent what and hands the collector the multiset. Feldman, McMillan and Talwar show that
the shuffled output is (eps, delta)-DP centrally with eps much smaller than eps0 when n is large:
every other person's report is, with probability e^-eps0, a "clone" that could equally have come
from the target's input, so the target hides among about n e^-eps0 clones.

- `shuffle_epsilon`: their numerical upper bound (the paper's Appendix E; the authors' public
  reference script `computeamplification.py`, `numericalanalysis(..., upperbound=True)`), rewritten
  here vectorised: for a candidate eps, delta(eps) = E_C[D_{e^eps}(P_C || Q_C)] with
  C ~ Bin(n - 1, e^-eps0) clones, P_C = alpha Bin(C, 1/2) + (1 - alpha)(Bin(C, 1/2) + 1),
  Q_C its mirror, alpha = e^eps0 / (e^eps0 + 1); a bisection finds the smallest eps with
  delta(eps) <= delta.
- `shuffle_epsilon_closed_form`: the paper's Theorem 3.1,
  eps <= log(1 + (e^eps0 - 1)/(e^eps0 + 1) (8 sqrt(e^eps0 log(4/delta)) / sqrt(n) + 8 e^eps0 / n)),
  valid when eps0 <= log(n / (16 log(2/delta))) (`closed_form_applies`).

Reference: V. Feldman, A. McMillan, K. Talwar, "Hiding Among the Clones: A Simple and Nearly
Optimal Analysis of Privacy Amplification by Shuffling", FOCS 2021 (arXiv 2012.12803), Theorem 3.1
and Appendix E; github.com/apple/ml-shuffling-amplification. The authors' README prints, for
n = 10^5, eps0 = 4, delta = 10^-6, a numerical bound between 0.16754 and 0.17279 and a closed form
(their script's variant) of 0.5378.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from dpcore.limits import MAX_SHUFFLE_USERS
from dpcore.validation import check_count, check_epsilon, check_probability

# How many clone counts c the delta sum evaluates at most. Beyond this the counts are grouped into
# consecutive intervals and each interval is charged its worst (smallest) c: the divergence can only
# shrink as clones are added (post-processing), so the grouped sum stays an upper bound (the
# reference script's "step" trick, with the step chosen from n).
_MAX_CLONE_POINTS = 400
# Clone counts outside [ppf(t), isf(t)] are not summed; their probability (at most 2 t) is added to
# delta whole, which keeps the bound an upper bound. t is a small fraction of the target delta.
_TAIL_FRACTION = 1e-4
# Bisection stops when the bracket is this narrow (absolute and relative to the bound).
_ABS_TOLERANCE = 1e-6
_REL_TOLERANCE = 2e-4
# Beyond this eps0 the chance that anybody is a clone (n e^-eps0 < 10^-208) is nil and e^eps0 would
# overflow: eps0 itself is returned (still an upper bound: shuffling never hurts).
_LARGEST_EPSILON0 = 500.0


def _check_inputs(epsilon0: Any, n: Any, delta: Any) -> tuple[float, int, float]:
    eps0 = check_epsilon(epsilon0)
    users = check_count("The number of users n", n, minimum=1, maximum=MAX_SHUFFLE_USERS)
    d = check_probability("Delta", delta, open_interval=True)
    return eps0, users, d


def closed_form_applies(epsilon0: float, n: int, delta: float) -> bool:
    """Whether Theorem 3.1's closed form is proven for these values: eps0 <= log(n / (16 log(2/delta))).

    For small groups (n below 16 log(2/delta), e.g. about 230 people at delta = 10^-6) it never applies.
    """
    eps0, users, d = _check_inputs(epsilon0, n, delta)
    ratio = users / (16.0 * math.log(2.0 / d))
    return ratio > 1.0 and eps0 <= math.log(ratio)


def shuffle_epsilon_closed_form(epsilon0: float, n: int, delta: float) -> float:
    """Theorem 3.1's central epsilon after shuffling n eps0-local reports, or eps0 where it does not apply.

    eps = log(1 + (e^eps0 - 1)/(e^eps0 + 1) * (8 sqrt(e^eps0 log(4/delta) / n) + 8 e^eps0 / n)),
    capped at eps0 (shuffling never hurts). Outside the theorem's range (`closed_form_applies`
    False) no amplification is claimed and eps0 itself is returned.
    """
    eps0, users, d = _check_inputs(epsilon0, n, delta)
    if not closed_form_applies(eps0, users, d):
        return eps0
    e0 = math.exp(eps0)
    inner = 8.0 * math.sqrt(e0 * math.log(4.0 / d) / users) + 8.0 * e0 / users
    return min(eps0, math.log1p(math.tanh(eps0 / 2.0) * inner))  # tanh(x/2) = (e^x - 1)/(e^x + 1)


def _clone_grid(eps0: float, n: int, delta: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Clone counts to evaluate, the probability of each group, and the probability left out.

    Returns (starts, ends, masses, leftover): group g covers clone counts starts[g]..ends[g] and has
    probability masses[g] under C ~ Bin(n - 1, e^-eps0); `leftover` is the probability of the
    counts not covered (both tails).
    """
    from scipy import stats  # imported on use (a page's cold open)

    trials = n - 1
    p_clone = math.exp(-eps0)
    if trials == 0:
        return np.zeros(1), np.zeros(1), np.ones(1), 0.0
    clones = stats.binom(trials, p_clone)
    tail = _TAIL_FRACTION * delta
    lo = max(int(clones.ppf(tail)), 0)
    hi = min(int(clones.isf(tail)), trials)
    width = hi - lo + 1
    step = max(1, math.ceil(width / _MAX_CLONE_POINTS))
    starts = np.arange(lo, hi + 1, step, dtype=float)
    ends = np.minimum(starts + step - 1, hi)
    below = clones.cdf(starts - 1)  # P(C < start)
    masses = clones.cdf(ends) - below
    covered = float(clones.cdf(hi) - clones.cdf(lo - 1))
    return starts, ends, np.clip(masses, 0.0, None), max(0.0, 1.0 - covered)


def _divergence(c: np.ndarray, eps: float, eps0: float) -> np.ndarray:
    """Hockey-stick divergence D_{e^eps}(P_c || Q_c) for each clone count c (needs eps < eps0).

    P_c is Bin(c, 1/2) shifted by one with probability 1 - alpha, Q_c the mirror image (shifted
    with probability alpha), so D(P||Q) = D(Q||P). Their likelihood ratio falls in x, so the
    divergence is P(X <= t) - e^eps Q(X <= t) at the crossing point t = (c + 1) / (e^eps' + 1) with
    e^eps' = (e^eps - e^-eps0) / (1 - e^(eps - eps0)) (the paper's effective epsilon).
    """
    from scipy import special

    alpha = 1.0 / (1.0 + math.exp(-eps0))
    beta_ = math.exp(-eps0) / (1.0 + math.exp(-eps0))  # 1 - alpha, without cancellation
    e_eff = (math.exp(eps) - math.exp(-eps0)) / -math.expm1(eps - eps0)
    trials = c.astype(np.int64)
    cutoff = np.floor((c + 1.0) / (e_eff + 1.0)).astype(np.int64)

    def cdf(k: np.ndarray) -> np.ndarray:  # P(Bin(c, 1/2) <= k), zero below 0
        return np.where(k < 0, 0.0, special.bdtr(np.maximum(k, 0), trials, 0.5))

    at, below = cdf(cutoff), cdf(cutoff - 1)
    p_mass = alpha * at + beta_ * below
    q_mass = beta_ * at + alpha * below
    return np.clip(p_mass - math.exp(eps) * q_mass, 0.0, None)


def _delta_bound(eps: float, eps0: float, grid: tuple[np.ndarray, np.ndarray, np.ndarray, float], upper: bool) -> float:
    """An upper (or lower) bound on delta(eps) from the grouped clone counts.

    Upper: each group charged its smallest clone count (the largest divergence) plus the uncovered
    tails charged 1; lower: each group charged its largest count, tails charged 0.
    """
    starts, ends, masses, leftover = grid
    if upper:
        return float(masses @ _divergence(starts, eps, eps0)) + leftover
    return float(masses @ _divergence(ends, eps, eps0))


def _bisect(eps0: float, n: int, delta: float, upper: bool) -> float:
    if eps0 > _LARGEST_EPSILON0:
        return eps0
    grid = _clone_grid(eps0, n, delta)
    lo, hi = 0.0, eps0  # delta(eps0) = 0: a single report already is eps0-DP
    if upper and closed_form_applies(eps0, n, delta):
        guess = shuffle_epsilon_closed_form(eps0, n, delta)
        if guess < eps0 and _delta_bound(guess, eps0, grid, upper) <= delta:
            hi = guess
    while hi - lo > max(_ABS_TOLERANCE, _REL_TOLERANCE * hi):
        mid = 0.5 * (lo + hi)
        if _delta_bound(mid, eps0, grid, upper) <= delta:
            hi = mid
        else:
            lo = mid
    return hi if upper else lo


def shuffle_epsilon(epsilon0: float, n: int, delta: float) -> float:
    """Central epsilon (at `delta`) of n shuffled reports, each from an eps0-local randomizer.

    The Feldman-McMillan-Talwar numerical upper bound: the smallest eps (to a relative 2 * 10^-4,
    rounded up) whose delta(eps), summed over the number of clones, is at most `delta`. Never more
    than eps0. For n = 10^5, eps0 = 4, delta = 10^-6 it gives 0.1698 (the authors' coarser run
    brackets it between 0.1675 and 0.1728); a class of 30 with eps0 = 1 keeps 0.9995 of eps0 = 1.
    Raises DPError for eps0 <= 0, n outside 1..MAX_SHUFFLE_USERS, delta outside (0, 1).
    """
    eps0, users, d = _check_inputs(epsilon0, n, delta)
    return _bisect(eps0, users, d, upper=True)


def shuffle_epsilon_lower(epsilon0: float, n: int, delta: float) -> float:
    """A lower bound on what this analysis can certify (not a lower bound on the true privacy loss).

    The same computation with every group of clone counts charged its best case; the gap to
    `shuffle_epsilon` shows the numerical slack (the authors' script prints both: 0.1675 and 0.1728
    for n = 10^5, eps0 = 4, delta = 10^-6).
    """
    eps0, users, d = _check_inputs(epsilon0, n, delta)
    return _bisect(eps0, users, d, upper=False)


def shuffle_epsilon_curve(epsilon0: float, ns: np.ndarray | list[int], delta: float) -> np.ndarray:
    """`shuffle_epsilon` for each n in `ns` (one curve of the central-epsilon-versus-n chart)."""
    return np.array([shuffle_epsilon(epsilon0, n, delta) for n in np.asarray(ns).ravel()], dtype=float)
