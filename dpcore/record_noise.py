"""What noise on every record (the zoo's scheme 2) really guarantees for a count.

Scheme 2 adds Lap(b) to each record's value once and counts the noisy records above a threshold.
Against removing one record, the count then differs by a coin that the removed record's noisy
value throws: it is above the threshold with probability p. The released count on D is
N + Bernoulli(p) and on D' it is N, with N the Poisson-binomial count of the other records. That
pair of distributions is (eps, delta)-indistinguishable with

    delta(eps) = max( sum_k [P_D(k) - e^eps P_D'(k)]^+ , sum_k [P_D'(k) - e^eps P_D(k)]^+ ),

the tight delta of the pair (Dwork & Roth 2014, section 3.5.1 read as a hockey-stick divergence).
Noise on the values protects a value, not a record's presence, so this delta is not small:
Lap(1/0.1) per record gives about 0.06 at eps = 0.1 for the course's Dugong, not pure 0.1-DP.
Reference: course section 6.2.3 (Experiment 6-1); SEED-FACTS section 3.
"""

from __future__ import annotations

import numpy as np

from dpcore.validation import check_epsilon, check_positive


def above_probability(values: np.ndarray, threshold: float, scale: float) -> np.ndarray:
    """P[v + Lap(scale) > threshold] for each value v (the Laplace survival function)."""
    gap = (np.asarray(values, dtype=float) - threshold) / scale
    return np.where(gap >= 0, 1.0 - 0.5 * np.exp(-np.abs(gap)), 0.5 * np.exp(-np.abs(gap)))


def poisson_binomial(probabilities: np.ndarray) -> np.ndarray:
    """pmf of a sum of independent Bernoulli(p_i), for 0..n (exact, by convolution)."""
    pmf = np.ones(1)
    for p in np.asarray(probabilities, dtype=float):
        pmf = np.append(pmf * (1 - p), 0.0) + np.insert(pmf * p, 0, 0.0)
    return pmf


def removal_delta(
    kept: np.ndarray, removed: float, threshold: float, noise_epsilon: float, epsilon: float,
    value_sensitivity: float = 1.0,
) -> float:
    """The tight delta at `epsilon` of scheme 2's count against removing the record `removed`.

    kept: the other records' values (D' = kept, D = kept + removed). Noise Lap(value_sensitivity /
    noise_epsilon) on every value, as `counting.noisy_records_count` draws it."""
    check_epsilon(noise_epsilon)
    check_epsilon(epsilon, allow_zero=True)
    values = np.asarray(kept, dtype=float)
    values = values[~np.isnan(values)]
    scale = check_positive("Value sensitivity", value_sensitivity) / noise_epsilon
    others = poisson_binomial(above_probability(values, threshold, scale))
    p = float(above_probability(np.array([removed]), threshold, scale)[0])
    with_it = np.append(others * (1 - p), 0.0) + np.insert(others * p, 0, 0.0)
    without = np.append(others, 0.0)
    cap = np.exp(epsilon)
    return float(max(np.maximum(with_it - cap * without, 0).sum(), np.maximum(without - cap * with_it, 0).sum()))
