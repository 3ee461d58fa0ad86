"""Amplification by Poisson subsampling (dpcore/amplification.py) against dp-accounting's
subsampled privacy loss distributions and the theorem's worst case."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dpcore.amplification import poisson_amplified, tight_single
from dpcore.mechanisms import calibrate


@pytest.mark.parametrize("epsilon", [0.1, 0.5, 1.0, 3.0])
@pytest.mark.parametrize("rate", [0.01, 0.1, 0.5])
def test_one_laplace_answer_the_bound_matches_dp_accounting(epsilon: float, rate: float) -> None:
    """A Laplace mechanism's privacy loss reaches ±epsilon, so the bound is tight for it:
    dp-accounting's subsampled PLD at delta ~ 0 gives ln(1 + q (e^eps - 1)) up to its grid."""
    bound, _ = poisson_amplified(epsilon, 0.0, rate)
    tight = tight_single(calibrate("laplace", epsilon, 0.0, 1.0), rate, 1e-12)
    assert tight <= bound + 2e-4
    assert tight == pytest.approx(bound, rel=0.02, abs=5e-4)


@pytest.mark.parametrize("rate", [0.01, 0.1, 0.5])
def test_a_gaussian_answer_is_never_worse_than_the_bound(rate: float) -> None:
    noise = calibrate("gaussian", 1.0, 1e-6, 1.0)
    bound, delta = poisson_amplified(noise.epsilon, noise.delta, rate)
    assert delta == pytest.approx(rate * 1e-6)
    assert tight_single(noise, rate, delta) <= bound + 1e-3


def test_the_worst_case_mechanism_reaches_the_bound() -> None:
    """Randomized response with e^eps odds, run on a Poisson sample: the likelihood ratio of its
    'yes' between the population with and without the target is exactly 1 + q (e^eps - 1)."""
    eps, q = 1.2, 0.3
    p_yes_in, p_yes_out = math.exp(eps) / (1 + math.exp(eps)), 1 / (1 + math.exp(eps))
    with_target = q * p_yes_in + (1 - q) * p_yes_out  # the target answers only if sampled
    assert math.log(with_target / p_yes_out) == pytest.approx(poisson_amplified(eps, 0.0, q)[0])


def test_a_full_sample_changes_nothing_and_smaller_samples_cost_less() -> None:
    assert poisson_amplified(2.0, 1e-6, 1.0) == pytest.approx((2.0, 1e-6))
    rates = np.array([0.001, 0.01, 0.1, 0.5, 1.0])
    amplified = [poisson_amplified(1.0, 0.0, q)[0] for q in rates]
    assert np.all(np.diff(amplified) > 0)
    assert amplified[0] == pytest.approx(0.001 * (math.e - 1), rel=1e-3)  # ~ q (e^eps - 1) for small q


@pytest.mark.parametrize("rate", [0.0, -0.1, 1.5, math.nan, "half", True])
def test_a_bad_rate_is_refused(rate: object) -> None:
    with pytest.raises(ValueError):
        poisson_amplified(1.0, 0.0, rate)  # type: ignore[arg-type]
