"""Every oracle's estimates at many epsilons from one draw of each user's randomness
(dpcore.ldp.sweep), tested by their samples: each row's support counts against their exact law
(scipy's binomials), each row's mean and variance against the exact variance, and the coupling
(the same epsilon twice gives the same row)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from dpcore.errors import DPError
from dpcore.ldp.oracles import ORACLES, support_probabilities
from dpcore.ldp.sweep import sweep_estimates
from tests.unit.test_ldp_oracles import RUNS, VALUES, D, _check_moments

pytestmark = pytest.mark.slow  # each test draws many runs of every oracle: ~0.5-2 s each

EPSILONS = (0.001, 0.3, 1.0, 1.5, 5.0)  # OLH: g = 2, 2, 4, 5 and 149; k-subset: k from 4 down to 1


@pytest.mark.parametrize("oracle", ORACLES)
def test_each_epsilon_is_unbiased_with_the_exact_variance(oracle: str) -> None:
    rng = np.random.default_rng(5)
    runs = np.array([sweep_estimates(VALUES, D, EPSILONS, oracle, rng) for _ in range(RUNS)])
    for i, eps in enumerate(EPSILONS):
        _check_moments(runs[:, i], oracle, eps)


def _binomial_sum_pmf(holders: int, others: int, p: float, q: float) -> np.ndarray:
    """The law of Bin(holders, p) + Bin(others, q), on 0..holders + others."""
    return np.convolve(stats.binom.pmf(np.arange(holders + 1), holders, p),
                       stats.binom.pmf(np.arange(others + 1), others, q))


@pytest.mark.parametrize("oracle", ORACLES)
def test_support_counts_follow_their_exact_law(oracle: str) -> None:
    """A report supports its user's item with probability p and another given item with q,
    independently across users: the support of an item held by h of n users is exactly
    Bin(h, p) + Bin(n - h, q) for every oracle. Chi-square against it, at every epsilon of a sweep."""
    values = np.repeat(np.arange(4), (12, 8, 6, 4))
    n, sweeps, item = values.size, 2_000, 1
    rng = np.random.default_rng(17)
    estimates = np.array([sweep_estimates(values, 4, EPSILONS[:4], oracle, rng)[:, item] for _ in range(sweeps)])
    for i, eps in enumerate(EPSILONS[:4]):
        sup = support_probabilities(oracle, eps, 4)
        counts = np.rint(n * (sup.q + estimates[:, i] * (sup.p - sup.q))).astype(int)
        pmf = _binomial_sum_pmf(8, n - 8, sup.p, sup.q)
        expected = pmf * sweeps
        # pool the tails into cells of at least 5 expected
        cells, observed, pooled, seen = [], [], 0.0, 0
        seen_counts = np.bincount(counts, minlength=pmf.size)
        for k in range(pmf.size):
            pooled, seen = pooled + expected[k], seen + seen_counts[k]
            if pooled >= 5:
                cells.append(pooled), observed.append(seen)
                pooled, seen = 0.0, 0
        cells[-1] += pooled
        observed[-1] += seen
        result = stats.chisquare(observed, np.array(cells) * sum(observed) / sum(cells))
        assert result.pvalue > 1e-4, (oracle, eps, result)


@pytest.mark.parametrize("oracle", ORACLES)
def test_the_same_epsilon_twice_gives_the_same_row(oracle: str) -> None:
    rows = sweep_estimates(VALUES, D, (1.0, 3.0, 1.0), oracle, np.random.default_rng(2))
    assert np.array_equal(rows[0], rows[2])
    assert not np.array_equal(rows[0], rows[1])


@pytest.mark.parametrize("kwargs,code", [
    ({"values": []}, "ldp_values"),
    ({"epsilons": (1.0, 30.0)}, "ldp_epsilon_high"),
    ({"oracle": "magic"}, "unknown_oracle"),
])
def test_bad_input_raises_dperror(kwargs: dict, code: str) -> None:
    args = {"values": VALUES, "d": D, "epsilons": (1.0,), "oracle": "grr", "rng": np.random.default_rng(0), **kwargs}
    with pytest.raises(DPError) as caught:
        sweep_estimates(**args)
    assert caught.value.code.startswith(code)
