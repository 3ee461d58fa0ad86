"""Scheme 2's real guarantee (dpcore.record_noise) against brute force and a simulation."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

from dpcore.catalog import DATA_DIR
from dpcore.counting import noisy_records_count
from dpcore.record_noise import above_probability, poisson_binomial, removal_delta


def test_poisson_binomial_matches_enumeration() -> None:
    ps = np.array([0.1, 0.5, 0.7])
    brute = np.zeros(4)
    for bits in itertools.product([0, 1], repeat=3):
        brute[sum(bits)] += np.prod([p if b else 1 - p for p, b in zip(ps, bits)])
    np.testing.assert_allclose(poisson_binomial(ps), brute)


def test_above_probability_matches_scipy() -> None:
    from scipy import stats

    values = np.array([0.0, 50.0, 55.0, 60.0, 90.0])
    np.testing.assert_allclose(above_probability(values, 55.0, 10.0), stats.laplace.sf(55.0, loc=values, scale=10.0))


def test_one_record_alone_gives_the_hockey_stick_by_hand() -> None:
    # D' is empty: D's count is Bernoulli(p), D''s is always 0, so delta = p at any epsilon.
    p = float(above_probability(np.array([73.0]), 55.0, 10.0)[0])
    assert removal_delta(np.array([]), 73.0, 55.0, 0.1, 0.1) == pytest.approx(p)


def test_the_zoo_scheme_two_is_not_pure_dp() -> None:
    """The outside audit's figure: (0.1, 0.063)-DP against removing the Dugong, not 0.1-DP."""
    kept = pd.read_csv(DATA_DIR / "zoo_nb.csv")["carrots"].to_numpy(float)
    assert removal_delta(kept, 73.0, 55.0, 0.1, 0.1) == pytest.approx(0.0629, abs=5e-4)
    assert removal_delta(kept, 73.0, 55.0, 10.0, 10.0) > 0.99  # at eps = 10 it is no protection


def test_the_count_distribution_matches_a_simulation() -> None:
    """The pmf the delta is computed from is the law of counting.noisy_records_count's draws."""
    values = np.array([10.0, 50.0, 54.0, 56.0, 80.0])
    rng = np.random.default_rng(7)
    draws = np.array([noisy_records_count(values, 55.0, 0.5, rng) for _ in range(20_000)])
    pmf = poisson_binomial(above_probability(values, 55.0, 2.0))
    seen = np.bincount(draws, minlength=pmf.size) / draws.size
    assert np.abs(seen - pmf).max() < 0.015  # 20,000 draws: standard error below 0.004


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError):
        removal_delta(np.array([1.0]), 2.0, 1.0, 0.0, 0.1)
    with pytest.raises(ValueError):
        removal_delta(np.array([1.0]), 2.0, 1.0, 0.1, -1.0)
