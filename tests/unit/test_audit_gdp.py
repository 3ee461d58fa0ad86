"""dpcore.audit_gdp: the mu-to-epsilon conversion against dp-accounting (an independent solver), the
mu of a test against jax-privacy 2.0.0's `epsilon_from_gdp` on the same draws, the split audit's
recovery and its false alarms on the Gaussian mechanism, and the reverse direction jax-privacy got
wrong (google-deepmind/jax_privacy pull request 270)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import norm

from dpcore.audit import clopper_pearson, pick_and_measure
from dpcore.audit_gdp import gdp_delta, gdp_epsilon, gdp_lower_bound, mu_bounds, mu_from_rates
from dpcore.errors import DPError
from tests.unit.jax_privacy_auditing import auditing


@pytest.mark.parametrize("epsilon,delta", [(0.1, 1e-5), (1.0, 1e-5), (1.0, 1e-9), (3.0, 1e-6), (8.0, 1e-3)])
def test_epsilon_of_mu_is_dp_accountings_analytic_gaussian(epsilon: float, delta: float) -> None:
    import dp_accounting

    sigma = dp_accounting.get_sigma_gaussian(epsilon, delta)  # sensitivity 1: mu = 1 / sigma
    assert gdp_epsilon(1 / sigma, delta) == pytest.approx(epsilon, rel=1e-6)


@pytest.mark.parametrize("mu,epsilon", [(0.27, 1.0), (1.0, 0.5), (2.0, 4.0), (5.2, 10.0)])
def test_delta_of_mu_is_dp_accountings_gaussian_privacy_loss(mu: float, epsilon: float) -> None:
    from dp_accounting.pld.privacy_loss_mechanism import GaussianPrivacyLoss

    reference = GaussianPrivacyLoss(standard_deviation=1 / mu, sensitivity=1.0).get_delta_for_epsilon(epsilon)
    assert gdp_delta(mu, epsilon) == pytest.approx(reference, rel=1e-9, abs=1e-300)


def test_conversion_at_the_edges() -> None:
    assert gdp_epsilon(0.0, 1e-5) == 0.0  # no evidence, nothing to convert
    assert gdp_epsilon(0.5, 0.0) == math.inf  # a Gaussian curve is never (eps, 0)-DP
    assert gdp_epsilon(0.01, 0.5) == 0.0  # delta(0) = 2 Phi(mu / 2) - 1 is below 0.5
    assert gdp_delta(0.0, 1.0) == 0.0
    with pytest.raises(DPError):
        gdp_epsilon(-1.0, 1e-5)
    with pytest.raises(DPError):
        gdp_epsilon(1.0, 1.0)


def test_mu_of_a_test_is_the_gaussian_trade_off() -> None:
    # N(0, 1) vs N(mu, 1) at threshold t: FPR = Q(t), FNR = Phi(t - mu), so mu is recovered exactly
    t, mu = np.array([-1.0, 0.3, 2.0]), 0.8
    assert mu_from_rates(norm.sf(t), norm.cdf(t - mu)) == pytest.approx(np.full(3, mu))
    assert mu_from_rates([1.0], [0.2])[0] == -math.inf  # a rate bounded by 1 says nothing


def _jax_equivalent(auditor, n: int, alpha: float, delta: float) -> tuple[float, float]:
    """jax-privacy's mu at its thresholds and Bonferroni level, from our Clopper-Pearson bounds: the
    largest forward mu, and the largest |mu| of a negative one (which it also takes)."""
    k = len(auditor._fn_counts)
    level = alpha / (2 * k)
    fnr = clopper_pearson(auditor._fn_counts, n, level)[1]
    fpr = clopper_pearson(n - auditor._tn_counts, n, level)[1]
    kept = np.maximum(fpr, fnr) < 1 - delta  # jax-privacy leaves out tests with a rate near 1
    mu = mu_from_rates(fpr[kept], fnr[kept])
    return float(mu.max()), float(-mu[np.isfinite(mu)].min())


@pytest.mark.parametrize("mu,n,seed", [(1.0, 20_000, 1), (0.5, 50_000, 0), (2.0, 5_000, 3)])
def test_mu_and_epsilon_match_jax_privacy_on_the_same_draws(mu: float, n: int, seed: int) -> None:
    a = auditing()
    g = np.random.default_rng(seed)
    out, held_in = g.normal(0, 1, n), g.normal(mu, 1, n)  # D: out, D': in (higher)
    auditor = a.CanaryScoreAuditor(held_in, out)
    forward, reverse = _jax_equivalent(auditor, n, 0.05, 1e-5)
    assert forward > reverse  # here jax-privacy's |mu| is a forward one, which it bounds right
    assert gdp_epsilon(forward, 1e-5) == pytest.approx(auditor.epsilon_from_gdp(0.05, 1e-5), rel=1e-6)


def test_jax_privacy_2_0_overshoots_on_identical_outputs_and_we_do_not() -> None:
    """Its |mu| of the forward upper bounds is no bound for the reverse direction (pull request 270)."""
    g = np.random.default_rng(5)
    x, y = g.normal(0, 1, 2_000), g.normal(0, 1, 2_000)  # no difference at all: epsilon is 0
    assert auditing().CanaryScoreAuditor(x, y).epsilon_from_gdp(0.05, 1e-5) > 1.0
    assert gdp_lower_bound(y, x, 0.05, 1e-5).epsilon == 0.0


def test_reverse_direction_is_found_with_its_own_bounds() -> None:
    g = np.random.default_rng(6)
    d, d_prime = g.normal(1.0, 1, 20_000), g.normal(0.0, 1, 20_000)  # D' lower
    forward, reverse = mu_bounds(np.sort(d), np.sort(d_prime), np.array([0.5]), 0.025)
    assert forward[0] < 0 < reverse[0] <= 1.0
    assert 0.9 < gdp_lower_bound(d, d_prime).mu <= 1.0  # draws in the order drawn: halves split them


def test_gaussian_mechanism_is_recovered_and_not_exceeded() -> None:
    # The app's Gaussian: epsilon 1, delta 1e-5, sensitivity 1 (sigma 3.73, mu 0.268)
    import dp_accounting

    sigma = dp_accounting.get_sigma_gaussian(1.0, 1e-5)
    g = np.random.default_rng(11)
    bound = gdp_lower_bound(g.normal(10, sigma, 400_000), g.normal(11, sigma, 400_000), 0.05, 1e-5)
    assert 0.9 < bound.epsilon <= 1.0 and bound.mu <= 1 / sigma and bound.delta == 1e-5


@pytest.mark.slow
def test_false_alarms_are_at_most_alpha() -> None:
    # 200 audits of N(0, 1) vs N(0.5, 1) at 2,000 draws: each overshoots mu = 0.5 with chance <= 5%
    g = np.random.default_rng(12)
    over = sum(gdp_lower_bound(g.normal(0, 1, 2_000), g.normal(0.5, 1, 2_000)).mu > 0.5 for _ in range(200))
    assert over <= 18  # P[Bin(200, 0.05) > 18] < 0.5%


def test_laplace_read_as_gaussian_is_not_a_bound() -> None:
    """The fit's assumption: Laplace's curve is not Gaussian; read as if it were, mu ~ 1 claims an
    epsilon at delta = 1e-5 four times the truth (1)."""
    g = np.random.default_rng(13)
    bound = gdp_lower_bound(10 + g.laplace(0, 1, 200_000), 11 + g.laplace(0, 1, 200_000), 0.05, 1e-5)
    assert 0.9 < bound.mu < 1.1 and bound.epsilon > 3.5


def test_bad_inputs_raise() -> None:
    with pytest.raises(DPError):
        gdp_lower_bound([1.0], [2.0, 3.0])
    with pytest.raises(DPError):
        gdp_lower_bound([1.0, float("nan")], [2.0, 3.0])
    with pytest.raises(ValueError):
        gdp_lower_bound([1.0, 2.0], [2.0, 3.0], alpha=1.5)


def test_pick_and_measure_keeps_a_share_to_pick_and_the_rest_to_measure() -> None:
    pick, measure = pick_and_measure(np.arange(10.0)[::-1], 0.1)
    assert pick.tolist() == [9.0] and measure.tolist() == list(np.arange(9.0))
    assert [part.size for part in pick_and_measure(np.arange(2.0), 0.1)] == [1, 1]


@pytest.mark.slow
def test_a_tenth_to_pick_recovers_more_of_the_gaussian_at_1e5_draws() -> None:
    """20 seeds at 1e5 draws a side: the mean share of epsilon recovered is above 92% (half to pick:
    90%), and the bound exceeds the truth in at most 3 (each may with probability 5%)."""
    import dp_accounting

    sigma = dp_accounting.get_sigma_gaussian(1.0, 1e-5)
    bounds = []
    for seed in range(20):
        g = np.random.default_rng(200 + seed)
        bounds.append(gdp_lower_bound(g.normal(10, sigma, 100_000), g.normal(11, sigma, 100_000), 0.05, 1e-5).epsilon)
    assert np.mean(bounds) > 0.92 and sum(b > 1.0 for b in bounds) <= 3
