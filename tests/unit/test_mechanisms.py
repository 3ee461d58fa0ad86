"""dpcore.mechanisms against independent references: dp-accounting, OpenDP, scipy, closed forms."""

from __future__ import annotations

import math

import numpy as np
import pytest
from dp_accounting.gaussian_mechanism import get_epsilon_gaussian
from dp_accounting.pld import privacy_loss_distribution
from opendp import accuracy as odp_accuracy
from scipy import stats

from dpcore.errors import DPError
from dpcore.mechanisms import (
    NOISE_KINDS,
    calibrate,
    exponential_probabilities,
    gaussian_sigma,
    rr_epsilon,
    rr_truth_probability,
    sample_exponential,
)

ALPHA = 1e-3  # false-alarm rate of each statistical test below, with a fixed seed


def balle_wang_delta(sigma: float, epsilon: float, sensitivity: float = 1.0) -> float:
    """delta(eps) of the Gaussian mechanism, Balle & Wang 2018 Thm 8, written out with scipy."""
    a = sensitivity / (2 * sigma)
    b = epsilon * sigma / sensitivity
    return stats.norm.cdf(a - b) - math.exp(epsilon) * stats.norm.cdf(-a - b)


def test_analytic_sigma_matches_issue_reference() -> None:
    assert gaussian_sigma(1.0, 1e-5, 1.0, "analytic") == pytest.approx(3.7306, abs=1e-4)


@pytest.mark.parametrize("eps,delta,sens", [(1.0, 1e-5, 1.0), (0.5, 1e-6, 3.0), (4.0, 1e-3, 0.5)])
def test_analytic_sigma_is_exact_by_the_delta_formula(eps: float, delta: float, sens: float) -> None:
    sigma = gaussian_sigma(eps, delta, sens, "analytic")
    assert balle_wang_delta(sigma, eps, sens) == pytest.approx(delta, rel=1e-6)
    assert get_epsilon_gaussian(sigma / sens, delta) == pytest.approx(eps, rel=1e-6)


def test_classic_sigma_matches_seed_example() -> None:
    # SEED-FACTS section 8: Delta = 10, eps = 1, delta = 1e-5.
    expected = 10 * math.sqrt(2 * math.log(1.25 / 1e-5)) / 1
    assert gaussian_sigma(1.0, 1e-5, 10.0, "classic") == pytest.approx(expected)
    assert expected == pytest.approx(48.448, abs=1e-3)


def test_classic_is_looser_than_analytic_below_epsilon_one() -> None:
    assert gaussian_sigma(0.5, 1e-5, 1, "classic") > gaussian_sigma(0.5, 1e-5, 1, "analytic")
    m = calibrate("gaussian", 0.5, 1e-5, gaussian_method="classic")
    assert m.calibration == "gaussian-classic" and m.scale == gaussian_sigma(0.5, 1e-5, 1, "classic")


@pytest.mark.parametrize("eps", [1.0, 2.0, 15.0, 20.0])
def test_classic_gaussian_is_refused_from_epsilon_one(eps: float) -> None:
    what_to_do = "Choose the analytic calibration.*or an epsilon below 1"
    with pytest.raises(DPError, match=f"proven only for epsilon below 1.*{what_to_do}") as info:
        calibrate("gaussian", eps, 1e-5, 3.0, "classic")
    assert info.value.code == "classic_gaussian_range" and info.value.params["epsilon"] == eps
    assert calibrate("gaussian", eps, 1e-5, 3.0, "analytic").calibration == "gaussian-analytic"


def _true_delta(sigma: float, epsilon: float, sensitivity: float) -> float:
    """delta(eps) of Gaussian noise sigma on a query of L2 sensitivity Delta, by dp-accounting's PLD."""
    return privacy_loss_distribution.from_gaussian_mechanism(
        sigma, sensitivity=sensitivity, value_discretization_interval=1e-4
    ).get_delta_for_epsilon(epsilon)


@pytest.mark.slow
@pytest.mark.parametrize(
    "eps,delta,true_delta", [(20.0, 1e-5, 1.5e-3), (15.0, 0.1, 0.82)]  # the issue's measurements
)
def test_classic_sigma_breaks_its_delta_where_refused_and_analytic_keeps_it(
    eps: float, delta: float, true_delta: float
) -> None:
    classic = gaussian_sigma(eps, delta, 1.0, "classic")
    assert _true_delta(classic, eps, 1.0) == pytest.approx(true_delta, rel=0.02)
    assert balle_wang_delta(classic, eps) == pytest.approx(true_delta, rel=0.02)
    analytic = calibrate("gaussian", eps, delta, 2.0).scale
    assert _true_delta(analytic, eps, 2.0) == pytest.approx(delta, rel=1e-6)


@pytest.mark.parametrize("eps,delta", [(0.1, 1e-3), (0.5, 1e-5), (0.9, 1e-8)])
def test_classic_sigma_keeps_its_delta_below_epsilon_one(eps: float, delta: float) -> None:
    sigma = calibrate("gaussian", eps, delta, 1.0, "classic").scale
    assert _true_delta(sigma, eps, 1.0) <= delta


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"epsilon": 0}, "greater than zero"),
        ({"epsilon": -1}, "greater than zero"),
        ({"epsilon": float("nan")}, "NaN"),
        ({"epsilon": float("inf")}, "finite"),
        ({"epsilon": "abc"}, "must be a number"),
        ({"epsilon": 1, "sensitivity": 0}, "Sensitivity"),
        ({"epsilon": 1, "delta": 1.0}, "below 1"),
        ({"epsilon": 1, "delta": -0.1}, "at least 0"),
    ],
)
@pytest.mark.parametrize("kind", NOISE_KINDS)
def test_invalid_parameters_raise_readable_value_errors(kind: str, kwargs: dict, message: str) -> None:
    params = {"delta": 1e-5, **kwargs}
    with pytest.raises(ValueError, match=message):
        calibrate(kind, **params)


def test_gaussian_needs_positive_delta_and_known_method() -> None:
    with pytest.raises(ValueError, match="pure"):
        calibrate("gaussian", 1.0, 0.0)
    with pytest.raises(ValueError, match="Unknown Gaussian calibration"):
        gaussian_sigma(1.0, 1e-5, 1.0, "magic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Unknown mechanism"):
        calibrate("cauchy", 1.0)  # type: ignore[arg-type]


def test_laplace_scale_is_sensitivity_over_epsilon() -> None:
    m = calibrate("laplace", 0.1, sensitivity=3)
    assert m.scale == pytest.approx(30.0) and m.delta == 0.0


@pytest.mark.parametrize("alpha", [0.5, 0.1, 0.05, 0.001])
@pytest.mark.parametrize("eps", [0.1, 1.0, 3.0])
def test_accuracy_agrees_with_opendp(eps: float, alpha: float) -> None:
    lap = calibrate("laplace", eps)
    assert lap.accuracy(alpha) == pytest.approx(odp_accuracy.laplacian_scale_to_accuracy(lap.scale, alpha), rel=1e-9)
    gau = calibrate("gaussian", eps, 1e-5)
    assert gau.accuracy(alpha) == pytest.approx(odp_accuracy.gaussian_scale_to_accuracy(gau.scale, alpha), rel=1e-9)
    dl = calibrate("discrete_laplace", eps)
    assert dl.accuracy(alpha) == pytest.approx(
        odp_accuracy.discrete_laplacian_scale_to_accuracy(dl.scale, alpha), rel=1e-9, abs=1e-9
    )


@pytest.mark.parametrize("alpha", [0.5, 0.05, 0.001])
@pytest.mark.parametrize("scale", [1 / 100, 1 / 500, 1 / 709])
def test_discrete_laplace_accuracy_at_tiny_scales_agrees_with_opendp(scale: float, alpha: float) -> None:
    # 1/709 is the smallest whole 1/n at which OpenDP 0.16 still computes it (p = exp(-1/t) normal).
    dl = calibrate("discrete_laplace", 1.0, sensitivity=scale)
    assert dl.scale == pytest.approx(scale)
    expected = odp_accuracy.discrete_laplacian_scale_to_accuracy(dl.scale, alpha)
    assert math.isfinite(expected) and dl.accuracy(alpha) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("scale", [1 / 720, 1 / 746, 1e-4, 1e-300])
def test_discrete_laplace_accuracy_stays_finite_where_p_underflows(scale: float) -> None:
    # Here p = exp(-1/t) is subnormal or 0.0: the noise is 0 with probability 1 - 2p/(1 + p), 1 in
    # floating point. OpenDP 0.16 returns -inf; the closed form t (ln(2/alpha) - ln(1 + p)) is
    # t ln(2/alpha), a tiny positive number.
    dl = calibrate("discrete_laplace", 1.0, sensitivity=scale)
    assert math.exp(-1 / dl.scale) < 1e-307
    assert odp_accuracy.discrete_laplacian_scale_to_accuracy(dl.scale, 0.05) == -math.inf
    assert dl.accuracy(0.05) == pytest.approx(scale * math.log(40), rel=1e-12)
    assert dl.accuracy(0.05) < 1  # below one whole step: the noise never moves a count


def test_laplace_accuracy_gives_table_6_3_exact_quantiles() -> None:
    m = calibrate("laplace", 0.1)
    assert [m.accuracy(a) for a in (0.1, 0.05, 0.01, 0.001)] == pytest.approx(
        [math.log(10) / 0.1, math.log(20) / 0.1, math.log(100) / 0.1, math.log(1000) / 0.1]
    )


def _scipy_law(kind: str, scale: float):
    if kind == "laplace":
        return stats.laplace(scale=scale)
    if kind == "gaussian":
        return stats.norm(scale=scale)
    return stats.dlaplace(1 / scale)


@pytest.mark.parametrize("kind", NOISE_KINDS)
def test_density_cdf_and_moments_match_scipy(kind: str) -> None:
    m = calibrate(kind, 0.7, 1e-5, sensitivity=2.0)
    law = _scipy_law(kind, m.scale)
    x = np.arange(-15, 16, dtype=float) if m.discrete else np.linspace(-15, 15, 61)
    if m.discrete:
        np.testing.assert_allclose(m.pdf(x), law.pmf(x), rtol=1e-10)
        assert m.pdf(0.5) == 0.0
        assert m.log_pdf(0.5) == -np.inf
    else:
        np.testing.assert_allclose(m.pdf(x), law.pdf(x), rtol=1e-10)
    np.testing.assert_allclose(m.cdf(x), law.cdf(x), rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(np.exp(m.log_pdf(x)), m.pdf(x), rtol=1e-10)
    assert m.std == pytest.approx(law.std(), rel=1e-9)
    assert m.expected_abs_error() == pytest.approx(law.expect(abs), rel=1e-6)


@pytest.mark.parametrize("kind", ["laplace", "gaussian"])
def test_continuous_samplers_pass_kolmogorov_smirnov(kind: str) -> None:
    m = calibrate(kind, 0.5, 1e-5)
    sample = m.sample(np.random.default_rng(2024), 20_000)
    assert stats.kstest(sample, _scipy_law(kind, m.scale).cdf).pvalue > ALPHA


def test_discrete_laplace_sampler_passes_chi_square() -> None:
    m = calibrate("discrete_laplace", 0.8)
    sample = m.sample(np.random.default_rng(7), 50_000)
    assert sample.dtype == np.int64
    support = np.arange(-8, 9)
    observed = np.array([np.sum(sample == k) for k in support] + [np.sum(np.abs(sample) > 8)])
    expected_p = np.append(m.pdf(support), 1 - m.pdf(support).sum())
    assert stats.chisquare(observed, expected_p * sample.size).pvalue > ALPHA


@pytest.mark.parametrize("kind", ["laplace", "discrete_laplace"])
def test_pure_dp_privacy_loss_never_exceeds_epsilon(kind: str) -> None:
    m = calibrate(kind, 0.9)
    outputs = np.arange(-40, 41, dtype=float)
    loss = m.privacy_loss(outputs, 10.0, 11.0)
    assert np.max(np.abs(loss)) == pytest.approx(0.9)


def test_gaussian_privacy_loss_is_linear_and_finite_far_out() -> None:
    m = calibrate("gaussian", 1.0, 1e-5)
    loss = m.privacy_loss(np.array([-1e4, 0.5, 1e4]), 0.0, 1.0)
    assert np.all(np.isfinite(loss))
    assert loss[1] == pytest.approx(0.0)
    assert loss[0] == pytest.approx(((-1e4 - 1) ** 2 - 1e8) / (2 * m.scale**2))


def test_randomized_response_probability_round_trip() -> None:
    assert rr_truth_probability(math.log(4)) == pytest.approx(0.8)
    assert rr_epsilon(0.8) == pytest.approx(math.log(4))
    assert rr_epsilon(rr_truth_probability(1.3, 5), 5) == pytest.approx(1.3)
    with pytest.raises(ValueError, match="above 1/2"):
        rr_epsilon(0.5)


def test_randomized_response_rejects_bad_category_counts() -> None:
    for bad in (0, 1, 2.5):
        with pytest.raises(ValueError, match="categories"):
            rr_truth_probability(1.0, bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="categories"):
            rr_epsilon(0.9, bad)  # type: ignore[arg-type]


def test_exponential_mechanism_survives_a_tiny_sensitivity_and_checks_size() -> None:
    p = exponential_probabilities([3.0, 1.0, 3.0], 1.0, sensitivity=1e-320)
    assert p.tolist() == [0.5, 0.0, 0.5]
    with pytest.raises(ValueError, match="number of selections"):
        sample_exponential([1.0, 2.0], 1.0, np.random.default_rng(0), size=0)
