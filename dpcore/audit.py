"""An empirical lower bound on epsilon from a mechanism's outputs on two neighbouring datasets.

If M is (eps, delta)-DP, then for every set S of outputs
    P[M(D) in S] <= e^eps P[M(D') in S] + delta,   and the same with D and D' swapped,
so eps >= ln((P[M(D) in S] - delta) / P[M(D') in S]). With S = {o >= t} and its complement
{o < t} (a threshold test, whose errors are the false positive and false negative rates),
Clopper-Pearson intervals on the two probabilities turn n draws on each side into a bound that
holds with probability at least 1 - alpha. A release whose bound exceeds its label is not what
it claims; a correct one stays at or below it (up to that alpha).

The samples are split in two halves. The first half only picks the thresholds that look most
telling; the second half computes the bound at those thresholds, with a Bonferroni correction:
four one-sided intervals per threshold (P_D and P_D', each from below and above), each at level
alpha / (4 k) for k thresholds. Choosing thresholds on the same draws that bound them would make
the bound optimistic.

Reference: Jagielski, Ullman & Oprea, "Auditing differentially private machine learning: how
private is private SGD?" (NeurIPS 2020), section 3 and Algorithm 2 (Clopper-Pearson bounds on
the false positive and false negative rates of a threshold test); Clopper & Pearson (1934).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from dpcore.errors import DPError
from dpcore.limits import AUDIT_CANDIDATE_THRESHOLDS
from dpcore.validation import check_count, check_delta, check_probability

BOUNDS_PER_THRESHOLD = 4  # one-sided intervals: P_D from below and above, P_D' from below and above


def clopper_pearson(successes: np.ndarray, trials: int, level: float) -> tuple[np.ndarray, np.ndarray]:
    """One-sided Clopper-Pearson bounds (lower, upper) on a binomial proportion, each wrong with
    probability at most `level`: lower = Beta^-1(level; k, n - k + 1) (0 when k = 0) and
    upper = Beta^-1(1 - level; k + 1, n - k) (1 when k = n)."""
    from scipy.stats import beta

    k = np.asarray(successes, dtype=float)
    lower = np.where(k > 0, beta.ppf(level, np.maximum(k, 1), trials - k + 1), 0.0)
    upper = np.where(k < trials, beta.ppf(1 - level, k + 1, np.maximum(trials - k, 1)), 1.0)
    return lower, upper


def check_samples(name: str, samples: Any) -> np.ndarray:
    """`samples` as a flat float array of at least 2 values without NaN (DPError otherwise)."""
    try:
        values = np.asarray(samples, dtype=float).ravel()
    except (TypeError, ValueError):
        raise DPError("audit_samples.not_numbers", data=name) from None
    if values.size < 2:
        raise DPError("audit_samples.too_few", size=values.size, data=name)
    if np.isnan(values).any():
        raise DPError("audit_samples.nan", data=name)
    return values


def at_least(sorted_values: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """How many values are >= each threshold."""
    return sorted_values.size - np.searchsorted(sorted_values, thresholds, side="left")


def pick_and_measure(samples: np.ndarray, pick_share: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """The first `pick_share` of the samples (which picks the tests) and the rest (which measures
    them), each sorted; each part keeps at least one sample."""
    k = min(max(1, int(samples.size * pick_share)), samples.size - 1)
    return np.sort(samples[:k]), np.sort(samples[k:])


def candidate_thresholds(pick_d: np.ndarray, pick_dp: np.ndarray) -> np.ndarray:
    """The thresholds a selection half scores: its values, at most AUDIT_CANDIDATE_THRESHOLDS of them
    spread by quantile (sample values: no interpolation between -inf and a number)."""
    candidates = np.unique(np.concatenate([pick_d, pick_dp]))
    if candidates.size > AUDIT_CANDIDATE_THRESHOLDS:
        spread = np.linspace(0, 1, AUDIT_CANDIDATE_THRESHOLDS)
        candidates = np.unique(np.quantile(candidates, spread, method="inverted_cdf"))
    return candidates


def _bounds_at(d: np.ndarray, d_prime: np.ndarray, thresholds: np.ndarray, level: float, delta: float) -> np.ndarray:
    """The largest of the four epsilon bounds of S = {o >= t} and its complement, for each t.

    `d` and `d_prime` are sorted. A bound whose numerator is not above 0 says nothing (0)."""
    lo_d, hi_d = clopper_pearson(at_least(d, thresholds), d.size, level)
    lo_p, hi_p = clopper_pearson(at_least(d_prime, thresholds), d_prime.size, level)
    # (P_D(S) from below - delta) over P_D'(S) from above, and so on; every denominator is > 0.
    numerators = np.stack([lo_d, lo_p, 1 - hi_d, 1 - hi_p]) - delta
    denominators = np.stack([hi_p, hi_d, 1 - lo_p, 1 - lo_d])
    with np.errstate(divide="ignore", invalid="ignore"):
        eps = np.where(numerators > 0, np.log(np.maximum(numerators, 1e-300) / denominators), 0.0)
    return np.maximum(eps.max(axis=0), 0.0)


@dataclass(frozen=True)
class AuditSplit:
    """An audit's checked inputs: its alpha, delta and number of thresholds, each side's samples in
    the half that picks the tests and the half that measures them, and the candidate thresholds."""

    alpha: float
    delta: float
    thresholds: int
    pick_d: np.ndarray
    test_d: np.ndarray
    pick_dp: np.ndarray
    test_dp: np.ndarray
    candidates: np.ndarray


def split_for_audit(samples_d: Any, samples_d_prime: Any, alpha: float, delta: float, thresholds: int,
                    pick_share: float = 0.5) -> AuditSplit:
    """Check an audit's inputs and split each side's samples in two (the first `pick_share` picks, the
    rest measures). Raises DPError for too few samples or NaN, ValueError for a bad alpha, delta or count."""
    a = check_probability("Alpha", alpha, open_interval=True)
    d_slack = check_delta(delta)
    k = check_count("The number of thresholds", thresholds, maximum=AUDIT_CANDIDATE_THRESHOLDS)
    pick_d, test_d = pick_and_measure(check_samples("D", samples_d), pick_share)
    pick_dp, test_dp = pick_and_measure(check_samples("D′", samples_d_prime), pick_share)
    return AuditSplit(a, d_slack, k, pick_d, test_d, pick_dp, test_dp, candidate_thresholds(pick_d, pick_dp))


def epsilon_lower_bound(
    samples_d: np.ndarray | list[float],
    samples_d_prime: np.ndarray | list[float],
    alpha: float = 0.05,
    delta: float = 0.0,
    thresholds: int = 10,
) -> float:
    """An epsilon every (epsilon, delta)-DP mechanism with these outputs must reach, with
    confidence 1 - alpha: 0 when the samples show no difference.

    `samples_d` and `samples_d_prime` are independent outputs of the mechanism on D and on D'
    (scalars; encode an output that is absent, such as a category left out of a release, as
    -inf). `thresholds` is how many thresholds the first half of the samples picks for the
    second half to test. Raises DPError for too few samples or NaN, ValueError for bad alpha or delta.
    """
    s = split_for_audit(samples_d, samples_d_prime, alpha, delta, thresholds)
    scores = _bounds_at(s.pick_d, s.pick_dp, s.candidates, s.alpha / (BOUNDS_PER_THRESHOLD * s.candidates.size),
                        s.delta)
    chosen = s.candidates[np.argsort(scores, kind="stable")[::-1][: s.thresholds]]
    return float(_bounds_at(s.test_d, s.test_dp, chosen, s.alpha / (BOUNDS_PER_THRESHOLD * chosen.size),
                            s.delta).max())
