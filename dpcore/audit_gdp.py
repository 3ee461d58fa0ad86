"""The Gaussian-fit audit: a lower bound on mu (Gaussian differential privacy), and the epsilon it means.

A mechanism is mu-GDP when telling D from D' is at least as hard as telling N(0, 1) from N(mu, 1):
every test with false-positive rate FPR has a false-negative rate FNR >= Phi(Phi^-1(1 - FPR) - mu)
(Dong, Roth & Su, "Gaussian differential privacy", JRSS B 2022, section 2). So each
threshold test gives mu >= Phi^-1(1 - FPR) - Phi^-1(FNR), and with Clopper-Pearson upper bounds on
its two error rates, a mu that holds with confidence 1 - alpha, for any mechanism.

The test is chosen as the Clopper-Pearson audit chooses its own (dpcore.audit), on a smaller share:
the first PICK_SHARE of the draws picks the threshold and its direction (a high output says D', or
says D), the rest bounds its two error rates, each at level alpha / 2 per threshold kept
(Bonferroni). Choosing on the draws that bound it would make mu optimistic. A Gaussian's mu is the
same at every threshold, so the pick needs only a rough place and the bound every draw it can get:
at 1e5 draws a side, a tenth to pick recovers 93% of the Gaussian's epsilon on average (20 seeds;
half to pick: 90%). About 93% is also what a perfect pick on all the draws could show at 95%
confidence (each rate's one-sided bound moves Phi^-1 by ~0.009 at a rate near 0.45). The reverse
direction needs lower bounds on both rates (its own errors are 1 - FPR and 1 - FNR); jax-privacy
2.0.0's `epsilon_from_gdp` took |mu| of the forward upper bounds instead, which overshoots
(google-deepmind/jax_privacy pull request 270).

The assumption is only in reading mu as epsilon: a mechanism whose trade-off curve is Gaussian
(Gaussian noise, DP-SGD) is (epsilon, delta(epsilon))-DP exactly for
    delta(epsilon) = Phi(-epsilon / mu + mu / 2) - e^epsilon Phi(-epsilon / mu - mu / 2)
(Corollary 2.13 there; Balle & Wang 2018, Theorem 8), so one test's error rates pin its whole curve
and give an epsilon at the page's delta that tightens with the draws (Nasr et al., "Tight auditing of
differentially private machine learning", USENIX Security 2023). For a mechanism with another curve
(Laplace, randomized response) that epsilon is not a bound: Laplace's is several times its true one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from dpcore.audit import at_least, clopper_pearson, split_for_audit
from dpcore.errors import DPError
from dpcore.validation import check_delta

BOUNDS_PER_THRESHOLD = 2  # one-sided: the chosen direction's FPR and FNR, each from above
PICK_SHARE = 0.1  # of each side's draws, to pick the threshold (module docstring)


@dataclass(frozen=True)
class GDPBound:
    """A Gaussian-fit audit: `mu` holds with confidence 1 - alpha for any mechanism; `epsilon` is
    the epsilon of a mu-GDP mechanism at `delta` (inf when delta = 0 and mu > 0: a Gaussian curve
    needs some delta), a lower bound only if the mechanism's trade-off curve is Gaussian."""

    mu: float
    epsilon: float
    delta: float


def gdp_delta(mu: float, epsilon: float) -> float:
    """delta(epsilon) of a mu-GDP mechanism: Phi(-eps/mu + mu/2) - e^eps Phi(-eps/mu - mu/2), in logs."""
    from scipy.stats import norm

    if mu <= 0:
        return 0.0
    first = norm.logcdf(-epsilon / mu + mu / 2)
    second = epsilon + norm.logcdf(-epsilon / mu - mu / 2)
    if second >= first:
        return 0.0
    return float(math.exp(first) * -math.expm1(second - first))


def gdp_epsilon(mu: float, delta: float, tolerance: float = 1e-10) -> float:
    """The smallest epsilon at which a mu-GDP mechanism is (epsilon, delta)-DP: 0 when mu = 0 or
    delta(0) <= delta, inf when delta = 0 and mu > 0. Raises DPError for mu < 0 or delta outside [0, 1)."""
    from scipy.optimize import brentq

    d = check_delta(delta)
    if not math.isfinite(mu) or mu < 0:
        raise DPError("not_positive", what="μ", value=float(mu))
    if mu == 0 or gdp_delta(mu, 0.0) <= d:
        return 0.0
    if d == 0:
        return math.inf
    high = 1.0
    while gdp_delta(mu, high) > d:
        high *= 2
    return float(brentq(lambda e: gdp_delta(mu, e) - d, 0.0, high, xtol=tolerance, rtol=4 * np.finfo(float).eps))


def mu_from_rates(fpr_upper: Any, fnr_upper: Any) -> np.ndarray:
    """Phi^-1(1 - FPR) - Phi^-1(FNR) for each pair of upper bounds on a test's error rates: the mu
    every mu-GDP mechanism with such a test needs (-inf where a rate's bound is 1)."""
    from scipy.stats import norm

    fpr, fnr = np.asarray(fpr_upper, dtype=float), np.asarray(fnr_upper, dtype=float)
    with np.errstate(invalid="ignore"):
        mu = norm.isf(fpr) - norm.ppf(fnr)
    return np.where(np.isnan(mu), -np.inf, mu)


def mu_bounds(d: np.ndarray, d_prime: np.ndarray, thresholds: np.ndarray,
              level: float) -> tuple[np.ndarray, np.ndarray]:
    """For each threshold t, the mu of the test "D' when the output is >= t" (forward) and of "D
    when it is >= t" (reverse), from one-sided Clopper-Pearson bounds at `level` (`d`, `d_prime` sorted).

    Forward: FPR = P_D(o >= t) and FNR = P_D'(o < t), from above. Reverse: its FPR is 1 - P_D(o >= t)
    and its FNR 1 - P_D'(o < t), from above: P_D(o >= t) and P_D'(o < t) from below.
    """
    lo_fp, hi_fp = clopper_pearson(at_least(d, thresholds), d.size, level)
    lo_tp, hi_tp = clopper_pearson(at_least(d_prime, thresholds), d_prime.size, level)
    forward = mu_from_rates(hi_fp, 1 - lo_tp)
    reverse = mu_from_rates(1 - lo_fp, hi_tp)
    return forward, reverse


def gdp_lower_bound(samples_d: Any, samples_d_prime: Any, alpha: float = 0.05, delta: float = 0.0,
                    thresholds: int = 1) -> GDPBound:
    """The Gaussian-fit audit of a mechanism from its outputs on D and on D' (module docstring): mu
    with confidence 1 - alpha, and the epsilon at `delta` of a mu-GDP mechanism. `thresholds` is how
    many tests the picking share chooses for the rest to measure. Raises DPError for too few
    samples or NaN, ValueError for a bad alpha, delta or number of thresholds."""
    s = split_for_audit(samples_d, samples_d_prime, alpha, delta, thresholds, PICK_SHARE)
    a, d_slack, candidates = s.alpha, s.delta, s.candidates
    forward, reverse = mu_bounds(s.pick_d, s.pick_dp, candidates, a / (BOUNDS_PER_THRESHOLD * candidates.size))
    best = np.maximum(forward, reverse)
    chosen = np.argsort(best, kind="stable")[::-1][: s.thresholds]
    forward2, reverse2 = mu_bounds(s.test_d, s.test_dp, candidates[chosen], a / (BOUNDS_PER_THRESHOLD * chosen.size))
    measured = np.where(forward[chosen] >= reverse[chosen], forward2, reverse2)
    mu = max(0.0, float(measured.max()))
    return GDPBound(mu, gdp_epsilon(mu, d_slack), d_slack)
