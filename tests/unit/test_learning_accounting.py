"""DP-SGD's accounting (dpcore.learning.accounting) against dp-accounting's own accountants, the
course's published figures and closed forms: at q = 1 the steps are plain Gaussians, whose RDP is
T alpha / (2 sigma^2) and whose exact delta(eps) is the analytic Gaussian's (Balle & Wang 2018)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dpcore.errors import DPError
from dpcore.learning import accounting as acc
from dpcore.limits import MAX_DPSGD_EPOCHS, MAX_DPSGD_NOISE, MAX_DPSGD_STEPS, MIN_DPSGD_NOISE

COURSE_Q = 256 / 60_000


def _event(q: float, sigma: float, steps: int):
    import dp_accounting

    return dp_accounting.SelfComposedDpEvent(
        dp_accounting.PoissonSampledDpEvent(q, dp_accounting.GaussianDpEvent(sigma)), steps)


def test_the_course_check_60_epochs_of_batches_of_256_out_of_60000() -> None:
    """60 epochs of 60,000 / 256 = 234.375 steps are 14,062.5 steps: counted as 14,063 (ceil), they
    give the course's 2.60 (RDP) and 2.38 (PLD); 60 x ceil(60000 / 256) = 14,100 would give 2.39."""
    steps = acc.steps_for(60, COURSE_Q)
    assert steps == 14_063
    rdp = acc.dpsgd_epsilon(COURSE_Q, 1.1, steps, 1e-5, "rdp")
    pld = acc.dpsgd_epsilon(COURSE_Q, 1.1, steps, 1e-5, "pld")
    assert (round(rdp, 2), round(pld, 2)) == (2.60, 2.38)
    assert round(acc.dpsgd_epsilon(COURSE_Q, 1.1, 14_100, 1e-5, "pld"), 2) == 2.39


def test_both_accountants_are_dp_accountings_own() -> None:
    from dp_accounting.pld import PLDAccountant
    from dp_accounting.rdp import RdpAccountant

    q, sigma, steps = 0.01, 0.9, 700
    rdp = RdpAccountant().compose(_event(q, sigma, steps)).get_epsilon(1e-6)
    pld = PLDAccountant().compose(_event(q, sigma, steps)).get_epsilon(1e-6)
    assert acc.dpsgd_epsilon(q, sigma, steps, 1e-6, "rdp") == pytest.approx(rdp, rel=1e-12)
    assert acc.dpsgd_epsilon(q, sigma, steps, 1e-6, "pld") == pytest.approx(pld, rel=1e-9)
    assert acc.dpsgd_pld(q, sigma, steps).get_epsilon_for_delta(1e-6) == pytest.approx(pld, rel=1e-9)


def test_the_pld_is_a_dp_accounting_distribution_riskcal_reads() -> None:
    from dp_accounting.pld.privacy_loss_distribution import PrivacyLossDistribution

    from dpcore.risk import tradeoff_curve

    pld = acc.dpsgd_pld(0.02, 1.0, 200)
    assert isinstance(pld, PrivacyLossDistribution)
    eps = acc.dpsgd_epsilon(0.02, 1.0, 200, 1e-5, "pld")
    curve = tradeoff_curve(eps, 1e-5, [0.001, 0.01, 0.1], pld)
    assert curve.tpr_pld is not None and np.all(np.diff(curve.tpr_pld) > 0)
    assert np.all(curve.tpr_pld <= curve.tpr_bound) and curve.tpr_pld[0] < curve.tpr_bound[0]


@pytest.mark.parametrize(("sigma", "steps"), [(1.0, 1), (2.0, 10), (5.0, 300)])
def test_rdp_at_q_1_is_the_gaussians_closed_form(sigma: float, steps: int) -> None:
    """One Gaussian of noise multiplier sigma has RDP alpha / (2 sigma^2) at order alpha; T of them
    T times that; converted by Canonne-Kamath-Steinke's bound eps = r + ln(1 - 1/a) - ln(delta a) / (a - 1)
    at the best of dp-accounting's orders."""
    from dp_accounting.rdp.rdp_privacy_accountant import DEFAULT_RDP_ORDERS

    delta = 1e-5
    orders = np.array([a for a in DEFAULT_RDP_ORDERS if a > 1.01], dtype=float)
    r = steps * orders / (2 * sigma**2)
    expected = float(np.min(r + np.log1p(-1 / orders) - np.log(delta * orders) / (orders - 1)))
    assert acc.dpsgd_epsilon(1.0, sigma, steps, delta, "rdp") == pytest.approx(expected, rel=1e-9)


def _analytic_gaussian_delta(eps: float, mu: float) -> float:
    from scipy.stats import norm

    return float(norm.cdf(-eps / mu + mu / 2) - math.exp(eps) * norm.cdf(-eps / mu - mu / 2))


@pytest.mark.parametrize(("sigma", "steps", "delta"), [(1.0, 1, 1e-5), (3.0, 25, 1e-6), (10.0, 400, 1e-5)])
def test_pld_at_q_1_is_the_analytic_gaussian(sigma: float, steps: int, delta: float) -> None:
    """T Gaussians of multiplier sigma are one of sensitivity sqrt(T) / sigma (mu-GDP); the PLD's
    epsilon is an upper bound (pessimistic grid) within 1e-3 of the exact one."""
    from scipy.optimize import brentq

    mu = math.sqrt(steps) / sigma
    exact = brentq(lambda e: _analytic_gaussian_delta(e, mu) - delta, 0.0, 100.0, xtol=1e-12)
    eps = acc.dpsgd_epsilon(1.0, sigma, steps, delta, "pld")
    assert exact - 1e-9 <= eps <= exact + 1e-3
    assert _analytic_gaussian_delta(eps, mu) <= delta * (1 + 1e-9)


def test_epsilon_falls_with_noise_and_grows_with_steps_and_rate() -> None:
    for kind in acc.ACCOUNTANTS:
        by_sigma = [acc.dpsgd_epsilon(0.01, s, 500, 1e-5, kind) for s in (0.8, 1.0, 2.0, 4.0)]
        by_steps = [acc.dpsgd_epsilon(0.01, 1.0, t, 1e-5, kind) for t in (1, 10, 100, 1000)]
        by_rate = [acc.dpsgd_epsilon(q, 1.0, 500, 1e-5, kind) for q in (0.001, 0.01, 0.1)]
        assert np.all(np.diff(by_sigma) < 0), (kind, by_sigma)
        assert np.all(np.diff(by_steps) > 0), (kind, by_steps)
        assert np.all(np.diff(by_rate) > 0), (kind, by_rate)
    # PLD is the tighter accountant
    assert acc.dpsgd_epsilon(0.01, 1.0, 500, 1e-5, "pld") < acc.dpsgd_epsilon(0.01, 1.0, 500, 1e-5, "rdp")


def test_epsilon_by_epoch_matches_each_points_own_accounting() -> None:
    q, sigma, epochs = 0.03, 1.2, 4  # 1 / q = 33.3 steps an epoch: epochs of 34, 33 and 34 steps
    curve = acc.epsilon_by_epoch(q, sigma, epochs, 1e-5)
    assert curve.epochs == (1, 2, 3, 4)
    assert curve.steps == (34, 67, 100, 134)
    for t, rdp, pld in zip(curve.steps, curve.rdp, curve.pld, strict=True):
        assert rdp == pytest.approx(acc.dpsgd_epsilon(q, sigma, t, 1e-5, "rdp"), rel=1e-12)
        assert pld == pytest.approx(acc.dpsgd_epsilon(q, sigma, t, 1e-5, "pld"), abs=1e-6)
    assert np.all(np.diff(curve.rdp) > 0) and np.all(np.diff(curve.pld) > 0)


def test_steps_for_counts_whole_steps_up_and_forgives_float_error() -> None:
    assert acc.steps_for(1, 0.01) == 100
    assert acc.steps_for(3, 0.1) == 30
    assert acc.steps_for(1, 0.3) == 4
    assert acc.steps_for(2, 1.0) == 2


@pytest.mark.parametrize("kind", ["rdp", "pld"])
@pytest.mark.parametrize("epsilon", [0.5, 2.0])
def test_noise_for_epsilon_is_the_smallest_sigma_within_the_target(kind: str, epsilon: float) -> None:
    q, steps, delta = 0.01, 300, 1e-5
    sigma = acc.noise_for_epsilon(q, steps, delta, epsilon, kind)  # type: ignore[arg-type]
    assert acc.dpsgd_epsilon(q, sigma, steps, delta, kind) <= epsilon  # type: ignore[arg-type]
    smaller = sigma / (1 + 2 * acc.CALIBRATION_TOLERANCE)
    assert acc.dpsgd_epsilon(q, smaller, steps, delta, kind) > epsilon  # type: ignore[arg-type]


@pytest.mark.slow
def test_noise_for_a_grid_of_epsilons_falls_and_pld_needs_less_than_rdp() -> None:
    q, steps = 0.01, 300
    rdp = [acc.noise_for_epsilon(q, steps, 1e-5, e, "rdp") for e in (0.5, 1.0, 2.0, 4.0)]
    pld = [acc.noise_for_epsilon(q, steps, 1e-5, e, "pld") for e in (0.5, 1.0, 2.0, 4.0)]
    assert np.all(np.diff(rdp) < 0) and np.all(np.diff(pld) < 0)
    assert all(p < r for p, r in zip(pld, rdp, strict=True))


def test_noise_for_an_unreachable_epsilon_says_which_end() -> None:
    with pytest.raises(DPError) as small:
        acc.noise_for_epsilon(1.0, 1000, 1e-5, 1e-4, "rdp")
    assert small.value.key == "dpsgd_epsilon_unreachable.small"
    with pytest.raises(DPError) as large:
        acc.noise_for_epsilon(0.001, 1, 1e-5, 50.0, "pld")
    assert large.value.key == "dpsgd_epsilon_unreachable.large"


@pytest.mark.parametrize(("call", "code"), [
    (lambda: acc.dpsgd_epsilon(0.0, 1.0, 10, 1e-5, "rdp"), "dpsgd_sampling_rate"),
    (lambda: acc.dpsgd_epsilon(1.5, 1.0, 10, 1e-5, "rdp"), "dpsgd_sampling_rate"),
    (lambda: acc.dpsgd_epsilon("a", 1.0, 10, 1e-5, "rdp"), "dpsgd_sampling_rate"),
    (lambda: acc.dpsgd_epsilon(float("nan"), 1.0, 10, 1e-5, "rdp"), "dpsgd_sampling_rate"),
    (lambda: acc.dpsgd_epsilon(0.1, 0.0, 10, 1e-5, "rdp"), "dpsgd_noise"),
    (lambda: acc.dpsgd_epsilon(0.1, MIN_DPSGD_NOISE / 2, 10, 1e-5, "pld"), "dpsgd_noise"),
    (lambda: acc.dpsgd_epsilon(0.1, MAX_DPSGD_NOISE * 2, 10, 1e-5, "pld"), "dpsgd_noise"),
    (lambda: acc.dpsgd_epsilon(0.1, float("inf"), 10, 1e-5, "pld"), "dpsgd_noise"),
    (lambda: acc.dpsgd_epsilon(0.1, 1.0, 0, 1e-5, "rdp"), "dpsgd_steps"),
    (lambda: acc.dpsgd_epsilon(0.1, 1.0, 2.5, 1e-5, "rdp"), "dpsgd_steps"),
    (lambda: acc.dpsgd_epsilon(0.1, 1.0, MAX_DPSGD_STEPS + 1, 1e-5, "rdp"), "dpsgd_steps"),
    (lambda: acc.dpsgd_epsilon(0.1, 1.0, 10, 0.0, "rdp"), "delta_zero_gaussian"),
    (lambda: acc.dpsgd_epsilon(0.1, 1.0, 10, 1.0, "rdp"), "delta_range"),
    (lambda: acc.dpsgd_epsilon(0.1, 1.0, 10, 1e-5, "moments"), "dpsgd_accountant"),
    (lambda: acc.dpsgd_pld(0.1, 1.0, -3), "dpsgd_steps"),
    (lambda: acc.epsilon_by_epoch(0.1, 1.0, 0, 1e-5), "dpsgd_epochs"),
    (lambda: acc.epsilon_by_epoch(0.1, 1.0, MAX_DPSGD_EPOCHS + 1, 1e-5), "dpsgd_epochs"),
    (lambda: acc.epsilon_by_epoch(1e-4, 1.0, MAX_DPSGD_EPOCHS, 1e-5), "dpsgd_steps"),
    (lambda: acc.noise_for_epsilon(0.1, 10, 1e-5, -1.0, "rdp"), "epsilon_range"),
    (lambda: acc.noise_for_epsilon(0.1, 10, 1e-5, 1.0, "basic"), "dpsgd_accountant"),
])
def test_bad_input_raises_a_dp_error_with_its_code(call, code: str) -> None:
    with pytest.raises(DPError) as caught:
        call()
    assert caught.value.code == code
