"""dpcore.accuracy against OpenDP's accuracy helpers, dp-accounting and Balle & Wang's closed form."""

from __future__ import annotations

import math

import numpy as np
import pytest
from dp_accounting.gaussian_mechanism import get_sigma_gaussian
from opendp import accuracy as odp
from scipy import stats

from dpcore.accuracy import accuracy, accuracy_curve, epsilon_for_accuracy
from dpcore.errors import DPError
from dpcore.limits import MAX_ACCURACY_CURVE_POINTS
from dpcore.mechanisms import NOISE_KINDS

EPSILONS = (0.01, 0.1, 0.5, 1.0, 3.0, 10.0)
SENSITIVITIES = (1.0, 3.0, 250.0)
ALPHAS = (0.01, 0.05, 0.3)
DELTA = 1e-6


def balle_wang_delta(sigma: float, epsilon: float, sensitivity: float) -> float:
    """delta(eps) of the Gaussian mechanism, Balle & Wang 2018 Thm 8, written out with scipy
    (Phi(a - b) - e^eps Phi(-a - b), in logs so that a large epsilon does not overflow)."""
    a, b = sensitivity / (2 * sigma), epsilon * sigma / sensitivity
    first, second = stats.norm.logcdf(a - b), epsilon + stats.norm.logcdf(-a - b)
    return math.exp(first) * -math.expm1(second - first)


@pytest.mark.parametrize("alpha", ALPHAS)
@pytest.mark.parametrize("sens", SENSITIVITIES)
@pytest.mark.parametrize("eps", EPSILONS)
def test_accuracy_matches_opendp_scale_to_accuracy(eps: float, sens: float, alpha: float) -> None:
    assert accuracy("laplace", eps, sens, alpha) == pytest.approx(
        odp.laplacian_scale_to_accuracy(sens / eps, alpha), rel=1e-12
    )
    assert accuracy("discrete_laplace", eps, sens, alpha) == pytest.approx(
        odp.discrete_laplacian_scale_to_accuracy(sens / eps, alpha), rel=1e-9
    )
    sigma = sens * get_sigma_gaussian(eps, DELTA)
    assert accuracy("gaussian", eps, sens, alpha, DELTA) == pytest.approx(
        odp.gaussian_scale_to_accuracy(sigma, alpha), rel=1e-9
    )


@pytest.mark.parametrize("alpha", ALPHAS)
@pytest.mark.parametrize("sens", SENSITIVITIES)
@pytest.mark.parametrize("target", (0.5, 10.0, 1234.5))
def test_epsilon_for_accuracy_matches_opendp_accuracy_to_scale(target: float, sens: float, alpha: float) -> None:
    assert epsilon_for_accuracy("laplace", target, sens, alpha) == pytest.approx(
        sens / odp.accuracy_to_laplacian_scale(target, alpha), rel=1e-12
    )
    assert epsilon_for_accuracy("discrete_laplace", target, sens, alpha) == pytest.approx(
        sens / odp.accuracy_to_discrete_laplacian_scale(target, alpha), rel=1e-6
    )
    # Gaussian: OpenDP gives sigma for the target; Balle & Wang's delta at (sigma, our epsilon) is delta.
    sigma = odp.accuracy_to_gaussian_scale(target, alpha)
    eps = epsilon_for_accuracy("gaussian", target, sens, alpha, DELTA)
    if eps > 0:
        assert balle_wang_delta(sigma, eps, sens) == pytest.approx(DELTA, rel=1e-6)
    else:  # delta alone covers that much noise
        assert balle_wang_delta(sigma, 0.0, sens) <= DELTA


@pytest.mark.parametrize("kind", NOISE_KINDS)
@pytest.mark.parametrize("alpha", ALPHAS)
@pytest.mark.parametrize("sens", SENSITIVITIES)
def test_round_trips_on_a_grid(kind: str, alpha: float, sens: float) -> None:
    for eps in EPSILONS:
        a = accuracy(kind, eps, sens, alpha, DELTA)
        assert epsilon_for_accuracy(kind, a, sens, alpha, DELTA) == pytest.approx(eps, rel=1e-8)
        back = epsilon_for_accuracy(kind, a, sens, alpha, DELTA)
        assert accuracy(kind, back, sens, alpha, DELTA) == pytest.approx(a, rel=1e-8)


def test_more_accuracy_costs_more_epsilon_and_gaussian_can_cost_nothing() -> None:
    for kind in NOISE_KINDS:
        assert epsilon_for_accuracy(kind, 1.0, 1.0, 0.05, DELTA) > epsilon_for_accuracy(kind, 2.0, 1.0, 0.05, DELTA)
    # sigma = 1e6 on a sensitivity-1 query: (0, 1e-6)-DP already, so epsilon 0 suffices.
    huge = 1e6 * stats.norm.ppf(0.975)
    assert epsilon_for_accuracy("gaussian", huge, 1.0, 0.05, DELTA) == 0.0


@pytest.mark.slow
@pytest.mark.parametrize("kind", NOISE_KINDS)
@pytest.mark.parametrize("delta", (1e-12, 1e-6, 1e-2))
def test_curve_matches_pointwise_accuracy(kind: str, delta: float) -> None:
    eps = np.geomspace(1e-3, 50, 60)
    curve = accuracy_curve(kind, 7.0, eps, 0.05, delta)
    expected = [accuracy(kind, e, 7.0, 0.05, delta) for e in eps]
    assert curve.shape == (60,)
    np.testing.assert_allclose(curve, expected, rtol=1e-9)


def test_gaussian_curve_matches_dp_accounting_far_out() -> None:
    eps = np.array([1e-4, 1e-2, 1.0, 100.0, 1000.0])
    sigmas = accuracy_curve("gaussian", 1.0, eps, 0.05, 1e-9) / stats.norm.ppf(0.975)
    np.testing.assert_allclose(sigmas, [get_sigma_gaussian(e, 1e-9) for e in eps], rtol=1e-9)


def test_curve_stays_finite_where_the_discrete_scale_underflows() -> None:
    a = accuracy_curve("discrete_laplace", 1.0, [1e3, 1e5], 0.05)
    np.testing.assert_allclose(a, [1e-3 * math.log(40), 1e-5 * math.log(40)], rtol=1e-12)


@pytest.mark.parametrize(
    "call,code",
    [
        (lambda: epsilon_for_accuracy("laplace", 0, 1.0), "accuracy"),
        (lambda: epsilon_for_accuracy("laplace", -3, 1.0), "accuracy"),
        (lambda: epsilon_for_accuracy("gaussian", float("nan"), 1.0, 0.05, 1e-5), "accuracy"),
        (lambda: epsilon_for_accuracy("laplace", 1.0, 1.0, alpha=0), "alpha"),
        (lambda: accuracy("laplace", 1.0, 1.0, alpha=1.0), "alpha"),
        (lambda: accuracy("laplace", 1.0, 1.0, alpha=1.5), "alpha"),
        (lambda: accuracy("gaussian", 1.0, 1.0, delta=0.0), "delta"),
        (lambda: accuracy("laplace", 0.0, 1.0), "epsilon"),
        (lambda: accuracy("laplace", 1.0, 0.0), "sensitivity"),
        (lambda: accuracy("cauchy", 1.0, 1.0), "unknown_mechanism"),
        (lambda: accuracy_curve("laplace", 1.0, [1.0, 0.0]), "epsilon"),
        (lambda: accuracy_curve("laplace", 1.0, []), "curve_points"),
        (lambda: accuracy_curve("laplace", 1.0, np.ones(MAX_ACCURACY_CURVE_POINTS + 1)), "curve_points"),
    ],
)
def test_bad_inputs_raise_readable_errors_with_codes(call, code: str) -> None:
    with pytest.raises(DPError) as caught:
        call()
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).endswith(".")


def test_error_quotes_the_offending_target() -> None:
    with pytest.raises(DPError, match="-3"):
        epsilon_for_accuracy("laplace", -3, 1.0)
