"""dpcore.risk against closed forms, riskcal's own (eps, delta) formulas and dp-accounting.

Independent references: the posterior band's closed form (seed 003); the Kairouz-Oh-Viswanath
region written out by hand and riskcal's `get_beta_from_adp` / `get_advantage_from_adp` (Dong,
Roth & Su, eq. 5); the Laplace and Gaussian trade-off curves in closed form (Dong, Roth & Su,
arXiv:1905.02383: Laplace Prop. 2.x, Gaussian eq. 6, advantage 2 Phi(mu/2) - 1); the Gaussian
privacy loss N(mu^2/2, mu^2) and dp-accounting's analytic Gaussian delta(eps) for the tail lemma.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from dp_accounting.pld import privacy_loss_distribution as pld_lib
from dp_accounting.pld import privacy_loss_mechanism
from riskcal.analysis import get_advantage_from_adp, get_beta_from_adp, get_beta_from_pld
from scipy import stats

from dpcore.accounting import plan_pld, total_epsilon
from dpcore.errors import DPError
from dpcore.mechanisms import calibrate
from dpcore.risk import risk, tail_probability, tradeoff_curve

FPR = np.linspace(0.0, 1.0, 201)


def laplace_tradeoff_tpr(alpha: np.ndarray, eps: float) -> np.ndarray:
    """1 - T(Lap(0, 1), Lap(eps, 1))(alpha), Dong-Roth-Su's closed form for the Laplace mechanism."""
    beta = np.where(
        alpha < math.exp(-eps) / 2,
        1 - math.exp(eps) * alpha,
        np.where(alpha <= 0.5, math.exp(-eps) / (4 * np.maximum(alpha, 1e-300)), math.exp(-eps) * (1 - alpha)),
    )
    return 1 - beta


# --- posterior and odds ---------------------------------------------------------------------


@pytest.mark.parametrize(("eps", "prior"), [(0.5, 0.5), (1.0, 0.1), (3.0, 0.01), (0.0, 0.3)])
def test_posterior_band_and_odds_match_the_closed_form(eps, prior):
    r = risk(eps, 0.0, prior)
    e = math.exp(eps)
    assert r.posterior_high == pytest.approx(e * prior / (1 + (e - 1) * prior), rel=1e-12)
    assert r.posterior_low == pytest.approx(prior / (e + (1 - e) * prior), rel=1e-12)
    assert r.odds_factor == pytest.approx(e, rel=1e-15)
    # odds after / odds before is exactly the factor at the upper edge
    if 0 < prior < 1 and eps > 0:
        moved = (r.posterior_high / (1 - r.posterior_high)) / (prior / (1 - prior))
        assert moved == pytest.approx(r.odds_factor, rel=1e-9)


def test_pure_dp_has_no_tail():
    r = risk(1.0, 0.0, 0.5)
    assert r.tail_probability == 0.0 and r.tail_epsilon == 2.0
    assert r.tail_posterior_high == pytest.approx(math.exp(2) / (1 + math.exp(2)))


def test_tail_probability_closed_form():
    assert tail_probability(1.0, 1e-5) == pytest.approx(1e-5 / (1 - math.exp(-1)), rel=1e-12)
    assert tail_probability(0.0, 1e-5) == 1.0
    assert tail_probability(1e-9, 0.5) == 1.0


@pytest.mark.parametrize("sigma", [0.5, 1.0, 2.0, 5.0])
@pytest.mark.parametrize("eps", [0.1, 0.5, 1.0, 2.0])
def test_tail_lemma_holds_for_the_gaussian_mechanism(sigma, eps):
    """P_D[L > 2 eps] <= delta(eps) / (1 - e^-eps), with L ~ N(mu^2/2, mu^2) exactly (mu = 1 / sigma)."""
    mu = 1.0 / sigma
    delta = privacy_loss_mechanism.GaussianPrivacyLoss(sigma).get_delta_for_epsilon(eps)
    past = stats.norm.sf(2 * eps, loc=mu**2 / 2, scale=mu)
    assert past <= tail_probability(eps, delta) * (1 + 1e-9) + 1e-15
    # and why delta alone is not "the chance the band fails": P_D[L > eps] is at least delta
    assert stats.norm.sf(eps, loc=mu**2 / 2, scale=mu) >= delta * (1 - 1e-6)


# --- the (eps, delta) hypothesis-testing bound ----------------------------------------------


def test_tpr_at_one_and_five_percent_by_hand():
    eps, delta = 1.0, 1e-5
    r = risk(eps, delta, 0.5)
    assert r.fprs == (0.01, 0.05)
    for fpr, tpr in zip(r.fprs, r.tpr_bound):
        by_hand = min(1.0, math.e * fpr + delta, 1 - math.exp(-eps) * (1 - delta - fpr))
        assert tpr == pytest.approx(by_hand, rel=1e-12)
    assert r.tpr_bound[0] == pytest.approx(0.0271928, abs=1e-7)  # e * 0.01 + 1e-5


@pytest.mark.parametrize("eps", [0.0, 0.1, 1.0, 3.0, 8.0])
@pytest.mark.parametrize("delta", [0.0, 1e-6, 1e-2, 0.2])
def test_bound_matches_riskcal_and_the_advantage_closed_form(eps, delta):
    curve = tradeoff_curve(eps, delta, FPR)
    np.testing.assert_allclose(curve.tpr_bound, 1 - get_beta_from_adp(eps, delta, FPR), atol=1e-12)
    r = risk(eps, delta, 0.5)
    closed = (math.exp(eps) - 1 + 2 * delta) / (math.exp(eps) + 1)
    assert r.advantage_bound == pytest.approx(closed, abs=1e-12)
    assert r.advantage_bound == pytest.approx(get_advantage_from_adp(eps, delta), abs=1e-12)
    fine = np.linspace(0, 1, 2_000)
    gain = tradeoff_curve(eps, delta, fine).tpr_bound - fine
    assert np.max(gain) <= r.advantage_bound + 1e-12
    assert np.max(gain) >= r.advantage_bound - 1e-3  # and reached, up to the grid


# --- the plan's own curve through riskcal ---------------------------------------------------


@pytest.mark.parametrize("eps", [0.3, 1.0, 2.5])
def test_laplace_pld_curve_is_the_closed_form(eps):
    pld = pld_lib.from_laplace_mechanism(1.0 / eps, value_discretization_interval=1e-4)
    curve = tradeoff_curve(eps, 0.0, FPR, pld)
    np.testing.assert_allclose(curve.tpr_pld, laplace_tradeoff_tpr(FPR, eps), atol=1e-4)
    assert np.all(curve.tpr_pld <= curve.tpr_bound + 1e-9)
    r = risk(eps, 0.0, 0.5, pld)
    assert r.advantage_pld == pytest.approx(1 - math.exp(-eps / 2), abs=1e-4)  # TV of two Laplaces
    assert r.advantage_pld <= r.advantage_bound


@pytest.mark.parametrize(("sigma", "k"), [(1.0, 1), (3.0, 10), (20.0, 100)])
def test_composed_gaussian_pld_curve_is_the_closed_form_and_under_the_bound(sigma, k):
    pld = pld_lib.from_gaussian_mechanism(sigma, value_discretization_interval=1e-3).self_compose(k)
    mu = math.sqrt(k) / sigma
    delta = 1e-5
    eps = pld.get_epsilon_for_delta(delta)
    curve = tradeoff_curve(eps, delta, FPR, pld)
    np.testing.assert_allclose(curve.tpr_pld, stats.norm.cdf(mu - stats.norm.ppf(1 - FPR)), atol=1e-4)
    assert np.all(curve.tpr_pld <= curve.tpr_bound + 1e-9)
    r = risk(eps, delta, 0.5, pld)
    assert r.advantage_pld == pytest.approx(2 * stats.norm.cdf(mu / 2) - 1, abs=1e-4)
    assert all(p <= b + 1e-9 for p, b in zip(r.tpr_pld, r.tpr_bound))
    assert r.advantage_pld <= r.advantage_bound + 1e-9


def test_mixed_plan_curve_stays_under_the_bound():
    lap = pld_lib.from_laplace_mechanism(2.0, value_discretization_interval=1e-3).self_compose(5)
    pld = lap.compose(pld_lib.from_gaussian_mechanism(4.0, value_discretization_interval=1e-3))
    for delta in (1e-8, 1e-5, 1e-3):
        eps = pld.get_epsilon_for_delta(delta)
        curve = tradeoff_curve(eps, delta, FPR, pld)
        assert np.all(curve.tpr_pld <= curve.tpr_bound + 1e-9)
        assert np.any(curve.tpr_pld < curve.tpr_bound - 0.05)  # and strictly tighter somewhere


# Issue 30: the planner's plans, each (kind, epsilon, sensitivity) answered once. "audit" is the
# audit's plan: a count and a county histogram at +-50 and a mean income on [0, 250000] at +-500
# (its sum and count), all Laplace, total epsilon 0.32 at delta 1e-6.
PLANS = {
    "audit": [("laplace", 0.0599, 2.0), ("laplace", 0.0599, 2.0), ("laplace", 0.1, 250_000.0), ("laplace", 0.1, 2.0)],
    "laplaces": [("laplace", 0.37, 1.0), ("laplace", 1.1, 3.0), ("laplace", 0.013, 1.0)],
    "mixed": [("laplace", 0.5, 1.0), ("gaussian", 1.0, 2.0), ("discrete_laplace", 0.3, 1.0)],
    "discrete": [("discrete_laplace", 0.7, 1.0), ("discrete_laplace", 0.7, 2.0), ("laplace", 2.3, 1.0)],
    "gaussians": [("gaussian", 0.5, 1.0), ("gaussian", 2.0, 4.0)],
    "large": [("laplace", 3.0, 1.0), ("gaussian", 4.0, 1.0), ("laplace", 5.5, 2.0)],
}
ALPHAS = np.unique(np.concatenate((FPR, np.geomspace(1e-6, 1, 60))))


def _events(plan: str) -> tuple:
    return tuple((calibrate(kind, eps, 1e-6 if kind == "gaussian" else 0.0, sens), 1) for kind, eps, sens in PLANS[plan])


@pytest.mark.slow
@pytest.mark.parametrize("plan", sorted(PLANS))
def test_plan_curve_never_leaves_its_own_region(plan):
    """The plan's PLD read by riskcal stays inside the (eps, delta) region of its own epsilon at delta:
    TPR <= min(1, e^eps alpha + delta, 1 - e^-eps (1 - delta - alpha)) at every alpha (the regridded
    pmf gave 6.4% at 1% on the audit's plan, whose region allows 1.4%). The page's curve, against
    the accountant's total (delta = 0: the exact sum), stays inside too."""
    events = _events(plan)
    pld = plan_pld(events)
    raw = 1 - np.asarray(get_beta_from_pld(pld, alpha=ALPHAS))
    for delta in (1e-6, 1e-3):
        own = pld.get_epsilon_for_delta(delta)
        assert np.all(raw <= np.minimum(1, np.minimum(math.exp(own) * ALPHAS + delta,
                                                       1 - math.exp(-own) * (1 - delta - ALPHAS))) + 1e-9)
    for delta in (0.0, 1e-6, 1e-3):
        if delta == 0 and any(kind == "gaussian" for kind, _, _ in PLANS[plan]):
            continue
        curve = tradeoff_curve(total_epsilon(events, delta, "pld"), delta, ALPHAS, pld)
        assert np.all(curve.tpr_pld <= curve.tpr_bound)
        assert np.all(curve.tpr_pld >= np.minimum(raw, curve.tpr_bound) - 1e-12)


def test_the_audit_s_plan_catches_about_one_point_four_percent_at_one_percent():
    """dp-accounting's own composition of the same four Laplace mechanisms gives 1.38% at 1%."""
    events = _events("audit")
    eps = total_epsilon(events, 1e-6, "pld")
    assert eps == pytest.approx(0.32, abs=0.001)
    own = None
    for _, e, _ in PLANS["audit"]:
        one = pld_lib.from_laplace_mechanism(1 / e, value_discretization_interval=1e-4)
        own = one if own is None else own.compose(one)
    reference = 1 - float(get_beta_from_pld(own, alpha=0.01))
    assert reference == pytest.approx(0.0138, abs=1e-4)
    r = risk(eps, 1e-6, 0.5, plan_pld(events))
    assert r.fprs[0] == 0.01 and r.tpr_pld[0] == pytest.approx(reference, abs=2e-5)
    assert r.tpr_pld[0] <= r.tpr_bound[0] == pytest.approx(math.exp(eps) * 0.01 + 1e-6)


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "quoted"),
    [
        (lambda: risk(-1.0, 0.0, 0.5), "-1"),
        (lambda: risk(float("inf"), 0.0, 0.5), "infinite"),
        (lambda: risk(1.0, 1.0, 0.5), "1"),
        (lambda: risk(1.0, 0.0, 1.5), "1.5"),
        (lambda: risk(1.0, 0.0, float("nan")), "NaN"),
    ],
)
def test_bad_totals_and_priors_raise_readable_errors(call, quoted):
    with pytest.raises(ValueError, match=quoted):
        call()


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: tradeoff_curve(1.0, 0.0, [0.1, 2.0]), "invalid_fpr"),
        (lambda: tradeoff_curve(1.0, 0.0, []), "invalid_fpr"),
        (lambda: tradeoff_curve(1.0, 0.0, ["x"]), "invalid_fpr"),
        (lambda: tradeoff_curve(1.0, 0.0, np.linspace(0, 1, 5000)), "invalid_fpr"),
        (lambda: risk(1.0, 0.0, 0.5, pld="not a pld"), "invalid_pld"),
    ],
)
def test_bad_rates_and_plds_raise_coded_errors(call, code):
    with pytest.raises(DPError) as caught:
        call()
    assert caught.value.code == code


# --- published epsilons ---------------------------------------------------------------------


def test_published_entries_are_complete_and_sourced():
    from dpcore.published import PUBLISHED_EPSILONS

    assert len({(p.organisation, p.release) for p in PUBLISHED_EPSILONS}) == len(PUBLISHED_EPSILONS)
    for p in PUBLISHED_EPSILONS:
        assert p.epsilon > 0 and 0 <= p.delta < 1
        assert p.source_url.startswith("https://")
        assert p.unit and p.organisation and p.release
        assert p.year is None or 2006 <= p.year <= 2026
        assert (p.rho is None) or p.delta > 0  # a zCDP budget is quoted as epsilon at some delta


def test_census_epsilon_is_its_rho_converted_at_its_delta():
    """OpenDP's zCDP -> (eps, delta) conversion of rho = (542/339)^2 at delta = 1e-10 gives 17.14."""
    import opendp.prelude as dp

    from dpcore.published import PUBLISHED_EPSILONS

    dp.enable_features("contrib")
    census = next(p for p in PUBLISHED_EPSILONS if p.organisation == "U.S. Census Bureau")
    assert census.rho == pytest.approx(2.5562, abs=1e-4)
    sigma = 1.0 / math.sqrt(2 * census.rho)  # a Gaussian of sensitivity 1 is 1 / (2 sigma^2)-zCDP
    gauss = dp.m.make_gaussian(dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float), scale=sigma)
    assert gauss.map(1.0) == pytest.approx(census.rho, rel=1e-9)
    approx = dp.c.make_fix_delta(dp.c.make_zCDP_to_approxDP(gauss), census.delta)
    eps, delta = approx.map(1.0)
    assert delta == census.delta
    assert eps == pytest.approx(census.epsilon, abs=0.005)
