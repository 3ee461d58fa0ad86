"""Auditing in one run with canaries (Steinke, Nasr & Jagielski, "Privacy auditing with one (1)
training run", NeurIPS 2023).

m canaries are each included in the input with probability 1/2, independently (S_i = +1 or -1); the
mechanism runs once; from its output the auditor scores every canary, guesses "included" for the k+
highest scores and "left out" for the k- lowest, and abstains on the rest. If the mechanism is
(epsilon, delta)-DP for one canary, the number W of right guesses among r = k+ + k- is dominated by
a binomial (their Theorem 3.1, delta = 0, and Theorem 5.2):

    P[W >= v] <= P[Bin(r, q) >= v] + 2 m delta max_{1 <= i <= v} P[v - i <= Bin(r, q) < v] / i,

q = e^epsilon / (1 + e^epsilon). Observing W = v with that tail below alpha rejects (epsilon, delta),
and every smaller epsilon with it: the lower bound is the largest epsilon rejected.

Why audits of machine learning stay far below the true epsilon: even an attacker whose every guess is
right (W = r = m) rejects only epsilon with q^m <= alpha, i.e. epsilon <= ln(alpha^(1/m) / (1 -
alpha^(1/m))) ~ ln(m / ln(1 / alpha)): 5.8 with 1,000 canaries at alpha = 0.05, 8.1 with 10,000.
A model trained at epsilon = 8 cannot be shown to leak more than that, however badly it leaks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dpcore.errors import DPError
from dpcore.limits import MAX_AUDIT_DRAWS
from dpcore.validation import check_count, check_delta, check_probability

TAIL_FLOOR = 1e-300  # the delta term stops where Bin(r, q)'s lower tail is below this (it cannot move it)
GUESS_SHARES: tuple[float, ...] = (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0)  # guesses tried, as shares of m


@dataclass(frozen=True)
class OneRunAudit:
    """One run's audit: `canaries` (m), how many were included, the guesses kept (`guesses` = r:
    the `guesses // 2` highest scores guessed in, as many lowest out), how many were right, and the
    epsilon lower bound (confidence 1 - alpha, Bonferroni over `tried` numbers of guesses)."""

    canaries: int
    included: int
    guesses: int
    correct: int
    epsilon: float
    alpha: float
    delta: float
    tried: int


def _q(epsilon: float) -> float:
    return 1.0 / (1.0 + math.exp(-epsilon))


def p_value(canaries: int, guesses: int, correct: int, epsilon: float, delta: float = 0.0) -> float:
    """The chance that an (epsilon, delta)-DP mechanism lets `correct` or more of `guesses` guesses
    about `canaries` canaries be right (module docstring), at most 1."""
    from scipy.stats import binom

    q = _q(epsilon)
    tail = float(binom.sf(correct - 1, guesses, q))
    if delta == 0 or correct == 0:
        return min(1.0, tail)
    # Hoeffding: P[Bin(r, q) <= rq - t] <= exp(-2 t^2 / r) = TAIL_FLOOR below `lowest`
    lowest = max(0, math.floor(guesses * q - math.sqrt(-math.log(TAIL_FLOOR) * guesses / 2)))
    i = np.arange(1, max(1, correct - lowest) + 1)
    term = float(np.max((binom.sf(correct - i - 1, guesses, q) - tail) / i))  # a larger i only divides by more
    return min(1.0, tail + 2 * canaries * delta * term)


def epsilon_bound(canaries: int, guesses: int, correct: int, alpha: float = 0.05, delta: float = 0.0) -> float:
    """The largest epsilon that `correct` right guesses out of `guesses` reject at level alpha (0 when
    none does). Raises ValueError for counts out of order or alpha, delta out of range."""
    from scipy.optimize import brentq

    m = check_count("The number of draws", canaries, maximum=MAX_AUDIT_DRAWS)
    r = check_count("The number of trials", guesses, minimum=0, maximum=m)
    w = check_count("The number of successes", correct, minimum=0, maximum=r)
    a = check_probability("Alpha", alpha, open_interval=True)
    d = check_delta(delta)
    if r == 0 or p_value(m, r, w, 0.0, 0.0) > a:  # not even epsilon = 0 with delta = 0
        return 0.0

    def margin(eps: float) -> float:
        return a - p_value(m, r, w, eps, d)

    if margin(0.0) <= 0:
        return 0.0
    low, high = 0.0, 1.0
    while margin(high) > 0:
        low, high = high, 2 * high
    return float(brentq(margin, low, high, xtol=1e-9))


def perfect_epsilon(canaries: int, alpha: float = 0.05, delta: float = 0.0) -> float:
    """The most one run with `canaries` canaries can show: every canary guessed, every guess right."""
    return epsilon_bound(canaries, canaries, canaries, alpha, delta)


def guess_counts(canaries: int, shares: Sequence[float] = GUESS_SHARES) -> tuple[int, ...]:
    """The numbers of guesses tried: each share of m, even (half guessed in, half out), at least 2."""
    return tuple(sorted({min(canaries - canaries % 2, max(2, 2 * round(s * canaries / 2))) for s in shares}))


def audit_scores(scores: Any, included: Any, rng: np.random.Generator, alpha: float = 0.05,
                 delta: float = 0.0) -> OneRunAudit:
    """Audit one run from each canary's score (higher: more likely included) and whether it was
    included: for each number of guesses of `guess_counts(m)`, the highest half guessed in and the
    lowest half out; ties are broken at random (`rng`), never by inclusion. The bound is the best
    over those numbers, each at level alpha / their count. Raises ValueError for mismatched lengths,
    fewer than 2 canaries or NaN scores."""
    s = np.asarray(scores, dtype=float).ravel()
    inc = np.asarray(included, dtype=bool).ravel()
    m = check_count("The number of draws", s.size, minimum=2, maximum=MAX_AUDIT_DRAWS)
    check_count("The number of draws", inc.size, minimum=m, maximum=m)
    if np.isnan(s).any():
        raise DPError("audit_samples.nan", data="canaries")
    a = check_probability("Alpha", alpha, open_interval=True)
    d = check_delta(delta)
    tie = rng.random(m)
    order = np.lexsort((tie, s))  # ascending score, ties in random order
    ranked = inc[order]
    counts = guess_counts(m)
    level = a / len(counts)
    best = OneRunAudit(m, int(inc.sum()), 0, 0, 0.0, a, d, len(counts))
    for r in counts:
        k = r // 2
        right = int(ranked[m - k:].sum() + (~ranked[:k]).sum())
        eps = epsilon_bound(m, r, right, level, d)
        if eps > best.epsilon or best.guesses == 0:
            best = OneRunAudit(m, best.included, r, right, eps, a, d, len(counts))
    return best
