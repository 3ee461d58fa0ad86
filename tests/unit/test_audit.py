"""dpcore.audit: Clopper-Pearson against scipy's exact binomial interval and closed forms; the
epsilon lower bound against mechanisms whose true epsilon is known in closed form (Laplace with
scale 1/eps, randomized response ln(p / (1 - p)), a mechanism that leaks with probability p)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from dpcore.audit import clopper_pearson, epsilon_lower_bound
from dpcore.errors import DPError

N = 20_000  # draws per side: a few hundredths of a second per audit


def rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


@pytest.mark.parametrize("k,n", [(0, 50), (1, 50), (17, 50), (50, 50), (3_000, 10_000)])
def test_clopper_pearson_matches_scipys_exact_interval(k: int, n: int) -> None:
    level = 0.01
    lower, upper = clopper_pearson(np.array([k]), n, level)
    # A two-sided exact interval at confidence 1 - 2 level has these one-sided ends.
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=1 - 2 * level, method="exact")
    assert lower[0] == pytest.approx(ci.low, abs=1e-12) and upper[0] == pytest.approx(ci.high, abs=1e-12)


def test_clopper_pearson_closed_forms_at_the_ends() -> None:
    lower, upper = clopper_pearson(np.array([0, 40]), 40, 0.05)
    assert lower[0] == 0.0 and upper[0] == pytest.approx(1 - 0.05 ** (1 / 40), rel=1e-12)
    assert upper[1] == 1.0 and lower[1] == pytest.approx(0.05 ** (1 / 40), rel=1e-12)


def test_exact_laplace_is_bounded_below_its_epsilon_with_power() -> None:
    g = rng(1)
    bound = epsilon_lower_bound(1 + g.laplace(0, 1.0, N), g.laplace(0, 1.0, N))
    assert 0.6 < bound <= 1.0  # the audit finds most of the true epsilon, never more


def test_half_the_laplace_noise_is_caught() -> None:
    g = rng(2)  # labelled epsilon = 1, true epsilon = 2
    assert epsilon_lower_bound(1 + g.laplace(0, 0.5, N), g.laplace(0, 0.5, N)) > 1.5


@pytest.mark.slow
def test_bound_never_exceeds_the_truth_across_seeds() -> None:
    # 40 small audits of Laplace at eps = 0.5: each may exceed 0.5 with probability <= alpha only.
    g = rng(3)
    bounds = [epsilon_lower_bound(1 + g.laplace(0, 2.0, 2_000), g.laplace(0, 2.0, 2_000)) for _ in range(40)]
    assert max(bounds) <= 0.5 and np.mean(bounds) > 0.1


def test_identical_mechanisms_give_no_evidence() -> None:
    g = rng(4)
    assert epsilon_lower_bound(g.normal(0, 1, N), g.normal(0, 1, N)) < 0.1


def test_randomized_response_with_tied_outputs() -> None:
    # Outputs 0/1: every threshold ties; true eps = ln(p / (1 - p)) = 1 for p = e / (1 + e).
    p = math.e / (1 + math.e)
    g = rng(5)
    bound = epsilon_lower_bound((g.random(N) < p).astype(float), (g.random(N) >= p).astype(float))
    assert 0.8 < bound <= 1.0


def test_delta_absorbs_a_rare_leak() -> None:
    # With probability 2% the output on D names the person (+inf); otherwise D and D' look alike:
    # the mechanism is (0, 0.02)-DP and not eps-DP for any finite eps.
    g = rng(6)
    on_d = np.where(g.random(N) < 0.02, np.inf, g.normal(0, 1, N))
    on_dp = g.normal(0, 1, N)
    assert epsilon_lower_bound(on_d, on_dp) > 2.5
    assert epsilon_lower_bound(on_d, on_dp, delta=0.03) < 0.1


def test_missing_outputs_as_minus_infinity() -> None:
    # A bin present on D only: the bound is limited only by the number of draws, ln(n / ln(4k / alpha)).
    g = rng(7)
    bound = epsilon_lower_bound(1 + g.laplace(0, 1.0, N), np.full(N, -np.inf))
    assert bound > 7.0


@pytest.mark.parametrize(
    "kwargs,error,message",
    [
        ({"samples_d": [1.0]}, DPError, "at least 2 samples on D"),
        ({"samples_d_prime": [0.0, float("nan")]}, DPError, "NaN"),
        ({"samples_d": ["a", "b"]}, DPError, "must be numbers"),
        ({"alpha": 0.0}, ValueError, "Alpha"),
        ({"alpha": 1.5}, ValueError, "Alpha"),
        ({"delta": 1.0}, ValueError, "Delta"),
        ({"thresholds": 0}, ValueError, "thresholds"),
    ],
)
def test_bad_input_is_refused_readably(kwargs: dict, error: type, message: str) -> None:
    args = {"samples_d": [0.0, 1.0, 2.0], "samples_d_prime": [0.0, 1.0], **kwargs}
    with pytest.raises(error, match=message):
        epsilon_lower_bound(**args)
