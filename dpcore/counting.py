"""The course's two ways to answer a count with Laplace noise (Experiment 6-1, the zoo).

Interactive: answer the query, then add Lap(Delta/eps) to the answer; every answer spends eps.
Non-interactive: add Lap(b) to every record's value once, publish the noisy records, and let
anyone query them afterwards for free (post-processing).
Reference: course section 6.2.3; SEED-FACTS section 3.
"""

from __future__ import annotations

import numpy as np

from dpcore.mechanisms import calibrate
from dpcore.validation import check_positive


def _numbers(values: np.ndarray) -> np.ndarray:
    v = np.asarray(values, dtype=float)
    v = v[~np.isnan(v)]
    if v.size == 0:
        raise ValueError("There are no numbers to count.")
    return v


def count_above(values: np.ndarray, threshold: float) -> int:
    """How many values are strictly above `threshold` (missing values are not counted)."""
    return int(np.count_nonzero(_numbers(values) > threshold))


def interactive_count(
    values: np.ndarray, threshold: float, epsilon: float, rng: np.random.Generator
) -> float:
    """Scheme 1: the true count plus Lap(1/eps) (a count has sensitivity 1)."""
    return count_above(values, threshold) + float(calibrate("laplace", epsilon).sample(rng, 1)[0])


def noisy_records_count(
    values: np.ndarray,
    threshold: float,
    epsilon: float,
    rng: np.random.Generator,
    value_sensitivity: float = 1.0,
) -> int:
    """Scheme 2: Lap(value_sensitivity/eps) on every record, then count the noisy records above
    the threshold. The course uses value_sensitivity = 1; protecting a value that can lie
    anywhere in [0, 100] would need value_sensitivity = 100."""
    v = _numbers(values)
    noise = calibrate("laplace", epsilon, sensitivity=check_positive("Value sensitivity", value_sensitivity))
    return int(np.count_nonzero(v + noise.sample(rng, v.size) > threshold))
