"""dpcore.posterior against closed forms, dp-accounting and seeded simulation.

References used as independent checks: the seed's closed-form band (SEED-FACTS section 7), Balle &
Wang's analytic Gaussian delta (arXiv:1805.06530 Thm 8) via dp-accounting's gaussian_mechanism
and privacy-loss classes, the Laplace closed form delta = 1 - e^((eps - eps0)/2) (derived in
dpcore.posterior.laplace_delta_analytic), Kairouz et al.'s hypothesis-testing region, and the
Wilson interval's textbook values.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from dp_accounting import gaussian_mechanism
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import special, stats

from dpcore import posterior as post
from dpcore.catalog import BUNDLED
from dpcore.errors import DPError
from dpcore.mechanisms import rr_truth_probability

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
priors = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
epsilons = st.floats(min_value=0.0, max_value=50.0, allow_nan=False)
app_epsilons = st.floats(min_value=0.001, max_value=20.0, allow_nan=False)
CANCER = post.CountPair(3, 2, "has_cancer = yes", "Alice")


def closed_form(prior: float, eps: float) -> tuple[float, float]:
    """The seed's closed form, in exact rational arithmetic (no cancellation near P = 1)."""
    e, p = Fraction(math.exp(eps)), Fraction(prior)
    return float(p / (e + (1 - e) * p)), float(e * p / (1 + (e - 1) * p))


# --- 1. posterior bounds --------------------------------------------------------------------


def test_bounds_at_the_seed_point() -> None:
    lower, upper = post.posterior_bounds(0.5, 1.0)
    assert float(lower) == pytest.approx(0.2689414213699951, abs=1e-12)
    assert float(upper) == pytest.approx(0.7310585786300049, abs=1e-12)
    assert round(float(upper), 4) == 0.7311 and round(float(lower), 4) == 0.2689


@pytest.mark.parametrize("prior", [0.0, 0.01, 0.1, 0.3, 0.5, 0.77, 0.99, 1.0])
@pytest.mark.parametrize("eps", [0.001, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0])
def test_bounds_match_the_closed_form_on_a_grid(prior: float, eps: float) -> None:
    lower, upper = post.posterior_bounds(prior, eps)
    ref_lower, ref_upper = closed_form(prior, eps)
    assert float(lower) == pytest.approx(ref_lower, rel=1e-12, abs=1e-15)
    assert float(upper) == pytest.approx(ref_upper, rel=1e-12, abs=1e-15)


@pytest.mark.slow
@PROPERTY
@given(prior=priors, eps=epsilons)
def test_bounds_are_probabilities_around_the_prior(prior: float, eps: float) -> None:
    lower, upper = post.posterior_bounds(prior, eps)
    assert 0.0 <= lower <= prior <= upper <= 1.0
    ref_lower, ref_upper = closed_form(prior, eps)
    assert float(lower) == pytest.approx(ref_lower, rel=1e-9, abs=1e-300)
    assert float(upper) == pytest.approx(ref_upper, rel=1e-9, abs=1e-300)


@PROPERTY
@given(prior=priors)
def test_zero_epsilon_learns_nothing(prior: float) -> None:
    lower, upper = post.posterior_bounds(prior, 0.0)
    assert lower == prior and upper == prior


@PROPERTY
@given(ps=st.lists(priors, min_size=2, max_size=40), eps=epsilons)
def test_bounds_are_monotone_in_the_prior(ps: list[float], eps: float) -> None:
    prior = np.sort(np.array(ps))
    lower, upper = post.posterior_bounds(prior, eps)
    assert lower.shape == prior.shape == upper.shape
    assert np.all(np.diff(lower) >= 0) and np.all(np.diff(upper) >= 0)


@PROPERTY
@given(prior=priors, e1=epsilons, e2=epsilons)
def test_bounds_widen_with_epsilon(prior: float, e1: float, e2: float) -> None:
    small, large = sorted((e1, e2))
    lo_s, up_s = post.posterior_bounds(prior, small)
    lo_l, up_l = post.posterior_bounds(prior, large)
    assert lo_l <= lo_s and up_s <= up_l


@PROPERTY
@given(prior=st.floats(min_value=1e-3, max_value=1 - 1e-3), eps=st.floats(min_value=0, max_value=10))
def test_odds_move_by_at_most_e_to_the_epsilon(prior: float, eps: float) -> None:
    lower, upper = post.posterior_bounds(prior, eps)
    prior_odds = prior / (1 - prior)
    factor = post.odds_factor(eps)
    # (1 - upper loses digits as upper nears 1: compare the odds to 1e-6.)
    assert float(upper / (1 - upper)) == pytest.approx(factor * prior_odds, rel=1e-6)
    assert float(lower / (1 - lower)) == pytest.approx(prior_odds / factor, rel=1e-6)


def test_huge_epsilon_stays_finite() -> None:
    lower, upper = post.posterior_bounds(np.array([0.0, 1e-9, 0.5, 1.0]), 1000.0)
    assert np.all(np.isfinite(lower)) and np.all(np.isfinite(upper))
    assert upper[1] == pytest.approx(1.0) and lower[1] == pytest.approx(0.0)
    assert (lower[0], upper[0], lower[3], upper[3]) == (0.0, 0.0, 1.0, 1.0)


@pytest.mark.parametrize("prior", [-0.1, 1.1, float("nan"), "half", [0.2, 1.5]])
def test_bad_priors_raise(prior: object) -> None:
    with pytest.raises(ValueError, match="prior"):
        post.posterior_bounds(prior, 1.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("eps", [-1.0, float("nan"), float("inf"), "x"])
def test_bad_epsilons_raise(eps: object) -> None:
    with pytest.raises(ValueError, match="Epsilon"):
        post.posterior_bounds(0.5, eps)  # type: ignore[arg-type]


def test_band_curves_stack_one_row_per_epsilon() -> None:
    band = post.band_curves((0.1, 1.0, 5.0), points=11)
    assert band.lower.shape == band.upper.shape == (3, 11)
    assert np.allclose(band.upper[1], post.posterior_bounds(band.prior, 1.0)[1])


# --- 2. neighbour pairs ---------------------------------------------------------------------


def test_cancer_table_with_and_without_alice() -> None:
    frame = pd.read_csv(BUNDLED["cancer"].path)
    pair = post.count_with_and_without(frame, name_column="name", name="Alice", column="has_cancer", value="yes")
    assert (pair.value_d, pair.value_d_prime, pair.sensitivity, pair.subject) == (3, 2, 1, "Alice")


@pytest.mark.parametrize(("key", "expected", "subject"),
                         [("medical", (436, 435), "30-40"), ("zoo", (90, 89), "Dugong")])
def test_bundled_neighbours_give_the_course_counts(key: str, expected: tuple[int, int], subject: str) -> None:
    info = BUNDLED[key]
    pair = post.neighbour_count_pair(pd.read_csv(info.path), pd.read_csv(info.neighbour_path))
    assert (pair.value_d, pair.value_d_prime) == expected
    assert pair.subject == subject


def test_pairs_that_cannot_be_told_apart_are_refused() -> None:
    with pytest.raises(ValueError, match="both D and D'"):
        post.CountPair(4, 4)
    frame = pd.DataFrame({"name": ["Ann", "Bo"], "sick": ["no", "yes"]})
    with pytest.raises(ValueError, match="both D and D'"):
        post.count_with_and_without(frame, name_column="name", name="Ann", column="sick", value="yes")
    with pytest.raises(ValueError, match="Nobody called"):
        post.count_with_and_without(frame, name_column="name", name="Cy", column="sick", value="yes")
    with pytest.raises(ValueError, match="no column"):
        post.count_with_and_without(frame, name_column="who", name="Ann", column="sick", value="yes")
    other = frame.assign(sick=["yes", "no"])
    with pytest.raises(ValueError, match="exactly one cell"):
        post.neighbour_count_pair(frame, other)


# --- 3. exact posteriors inside the band ----------------------------------------------------


@PROPERTY
@given(eps=app_epsilons, prior=priors, offset=st.floats(min_value=-1e4, max_value=1e4, allow_nan=False))
def test_laplace_posteriors_stay_inside_the_band(eps: float, prior: float, offset: float) -> None:
    model = post.attack_model("laplace", CANCER, eps)
    reading = post.read_output(model, prior, 2.5 + offset)
    assert reading.inside_band
    assert abs(reading.privacy_loss) <= eps * (1 + 1e-9)


@pytest.mark.slow
@PROPERTY
@given(eps=app_epsilons, prior=priors, output=st.integers(min_value=-10_000, max_value=10_000))
def test_discrete_laplace_posteriors_stay_inside_the_band(eps: float, prior: float, output: int) -> None:
    model = post.attack_model("discrete_laplace", CANCER, eps)
    assert post.read_output(model, prior, output).inside_band


@pytest.mark.slow
@PROPERTY
@given(eps=app_epsilons, prior=priors, output=st.sampled_from([0, 1]))
def test_randomized_response_posteriors_stay_inside_the_band(eps: float, prior: float, output: int) -> None:
    model = post.attack_model("randomized_response", CANCER, eps)
    reading = post.read_output(model, prior, output)
    assert reading.inside_band
    # It is the band's edge: randomized response uses all of its budget on every answer.
    edge = reading.upper if output == 1 else reading.lower
    assert reading.posterior == pytest.approx(edge, abs=1e-12)


@PROPERTY
@given(eps=app_epsilons, prior=st.floats(min_value=0.0, max_value=1.0), output=st.floats(min_value=-30, max_value=30))
def test_exact_posterior_is_bayes_rule(eps: float, prior: float, output: float) -> None:
    model = post.attack_model("laplace", CANCER, eps)
    lik_d, lik_dp = model.likelihoods(output)
    if lik_d + lik_dp > 1e-300:
        expected = post.posterior_from_likelihoods(prior, lik_d, lik_dp)
        assert float(post.exact_posterior(model, prior, output)) == pytest.approx(float(expected), abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(eps=st.floats(min_value=0.01, max_value=10.0), delta_exp=st.integers(min_value=3, max_value=10))
def test_gaussian_excess_mass_outside_the_band_never_exceeds_delta(eps: float, delta_exp: int) -> None:
    delta = 10.0**-delta_exp
    model = post.attack_model("gaussian", CANCER, eps, delta)
    leak = post.band_leak(model)
    # Outputs outside the band exist and carry delta_1 = P_D[L > eps] > 0 ...
    assert leak.above is not None and leak.below is not None
    assert leak.delta_one > 0
    # ... but (eps, delta)-DP only charges their excess P_D[S] - e^eps P_D'[S] to delta.
    assert leak.delta_excess <= delta * (1 + 1e-6)
    assert leak.delta_excess == pytest.approx(delta, rel=1e-6)  # the analytic calibration is tight
    assert leak.delta_excess <= leak.delta_one
    # Every output beyond the crossing really has its posterior outside the band.
    reading = post.read_output(model, 0.5, leak.above + 1e-6 * model.spread + 1e-9)
    assert not reading.inside_band and reading.posterior > reading.upper


def test_literal_reading_mass_outside_band_exceeds_delta() -> None:
    # "the probability mass outside the band never exceeds delta" is false as literally stated:
    # the mass is delta_1 = Phi(Delta/2s - eps s/Delta), larger than delta. Pin it down.
    model = post.attack_model("gaussian", CANCER, 1.0, 1e-5)
    sigma = model.noise.scale
    leak = post.band_leak(model)
    assert leak.delta_one == pytest.approx(special.ndtr(1 / (2 * sigma) - sigma), rel=1e-9)
    assert leak.delta_one > 10 * 1e-5


def test_classic_gaussian_also_keeps_the_excess_below_delta() -> None:
    model = post.attack_model("gaussian", CANCER, 0.5, 1e-5, gaussian_method="classic")
    assert post.band_leak(model).delta_excess <= 1e-5


@pytest.mark.parametrize("kind", ["laplace", "discrete_laplace", "randomized_response"])
def test_pure_mechanisms_have_no_outputs_outside_the_band(kind: str) -> None:
    leak = post.band_leak(post.attack_model(kind, CANCER, 1.0))
    assert (leak.above, leak.below, leak.mass_d, leak.delta_excess) == (None, None, 0.0, 0.0)


# --- 4. delta(eps) by integration vs closed forms and dp-accounting --------------------------

GAUSSIANS = [(0.1, 1e-3), (0.5, 1e-5), (1.0, 1e-5), (2.0, 1e-6), (5.0, 1e-8), (10.0, 1e-10)]


# The classic formula is calibrated only where it is proven (epsilon < 1); beyond, it is refused.
CALIBRATIONS = [(eps, delta, method) for eps, delta in GAUSSIANS for method in ("analytic", "classic")
                if method == "analytic" or eps < 1]


@pytest.mark.slow
@pytest.mark.parametrize(("eps", "delta", "method"), CALIBRATIONS)
def test_gaussian_delta_by_integration_matches_analytic_and_dp_accounting(eps: float, delta: float,
                                                                        method: str) -> None:
    model = post.attack_model("gaussian", CANCER, eps, delta, method)
    sigma = model.noise.scale
    grid = np.array([0.0, eps / 4, eps / 2, eps, 1.5 * eps, 3 * eps])
    numeric = np.array([post.delta_for_epsilon(model, e) for e in grid])
    analytic = post.gaussian_delta_analytic(grid, sigma, 1.0)
    accounting = post.dp_accounting_delta(model, grid)
    assert np.allclose(numeric, analytic, rtol=1e-6, atol=1e-6)
    assert np.allclose(numeric, accounting, rtol=1e-6, atol=1e-6)
    # dp-accounting's exact Gaussian calibration (sensitivity 1, its public API) run backwards: each
    # delta is met at the grid's epsilon (where delta is not vanishingly small, the inverse being flat there).
    usable = numeric > 1e-12
    back = np.array([gaussian_mechanism.get_epsilon_gaussian(sigma, d) for d in numeric[usable]])
    assert np.allclose(back, grid[usable], rtol=1e-6, atol=1e-9)
    # The vectorised curve from the privacy-loss cells agrees too.
    curve = post.delta_curve(post.privacy_loss_distribution(model), grid)
    assert np.allclose(curve, numeric, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize(("eps", "delta"), [(eps, delta) for eps, delta in GAUSSIANS if eps >= 1])
def test_classic_gaussian_attack_model_is_refused_from_epsilon_one(eps: float, delta: float) -> None:
    with pytest.raises(DPError, match="proven only for epsilon below 1") as info:
        post.attack_model("gaussian", CANCER, eps, delta, gaussian_method="classic")
    assert info.value.code == "classic_gaussian_range"


@pytest.mark.parametrize(("eps", "delta"), GAUSSIANS)
def test_analytic_calibration_round_trips(eps: float, delta: float) -> None:
    model = post.attack_model("gaussian", CANCER, eps, delta, "analytic")
    achieved = post.delta_for_epsilon(model, eps)
    assert achieved == pytest.approx(delta, rel=1e-6)
    assert gaussian_mechanism.get_epsilon_gaussian(model.noise.scale, achieved) == pytest.approx(eps, rel=1e-6)


@pytest.mark.parametrize("eps", [0.001, 0.1, 1.0, 3.0, 20.0])
def test_laplace_delta_matches_its_closed_form(eps: float) -> None:
    model = post.attack_model("laplace", CANCER, eps)
    grid = np.array([0.0, eps / 3, eps / 2, 0.9 * eps, eps, 2 * eps])
    numeric = np.array([post.delta_for_epsilon(model, e) for e in grid])
    closed = post.laplace_delta_analytic(grid, model.noise.scale, 1.0)
    assert np.allclose(numeric, closed, rtol=1e-7, atol=1e-9)
    assert np.allclose(numeric, post.dp_accounting_delta(model, grid), rtol=1e-7, atol=1e-9)
    assert np.allclose(post.delta_curve(post.privacy_loss_distribution(model), grid), closed, rtol=1e-6, atol=1e-9)
    assert numeric[-1] == 0.0 and numeric[-2] == pytest.approx(0.0, abs=1e-12)  # pure eps-DP


@pytest.mark.parametrize("eps", [0.01, 0.5, 1.0, 5.0])
def test_discrete_mechanisms_sum_the_pmf(eps: float) -> None:
    grid = np.array([0.0, eps / 2, eps, 2 * eps])
    dlap = post.attack_model("discrete_laplace", CANCER, eps)
    numeric = np.array([post.delta_for_epsilon(dlap, e) for e in grid])
    assert np.allclose(numeric, post.dp_accounting_delta(dlap, grid), rtol=1e-7, atol=1e-10)
    rr = post.attack_model("randomized_response", CANCER, eps)
    p = rr_truth_probability(eps)
    closed = np.maximum(0.0, p - np.exp(grid) * (1 - p))
    assert np.allclose([post.delta_for_epsilon(rr, e) for e in grid], closed, atol=1e-12)


@pytest.mark.parametrize("kind", ["laplace", "gaussian", "discrete_laplace", "randomized_response"])
def test_delta_one_is_never_tighter_than_delta(kind: str) -> None:
    model = post.attack_model(kind, CANCER, 1.0, 1e-5)
    pld = post.privacy_loss_distribution(model)
    grid = np.linspace(0, 3, 61)
    assert np.all(post.delta_one_curve(pld, grid) >= post.delta_curve(pld, grid) - 1e-15)
    assert np.all(np.diff(post.delta_curve(pld, grid)) <= 1e-15)  # delta(eps) falls with eps


def test_gaussian_delta_one_curve_matches_its_closed_form() -> None:
    model = post.attack_model("gaussian", CANCER, 1.0, 1e-5)
    sigma = model.noise.scale
    grid = np.array([0.0, 0.5, 1.0, 2.0])
    curve = post.delta_one_curve(post.privacy_loss_distribution(model), grid)
    assert np.allclose(curve, special.ndtr(1 / (2 * sigma) - grid * sigma), atol=2e-4)


def test_privacy_loss_distribution_is_a_distribution() -> None:
    for kind in post.ATTACK_KINDS:
        pld = post.privacy_loss_distribution(post.attack_model(kind, CANCER, 1.0, 1e-5))
        assert pld.mass_d.sum() == pytest.approx(1.0, abs=1e-12)
        assert pld.mass_d_prime.sum() == pytest.approx(1.0, abs=1e-12)
        assert np.all(np.diff(pld.loss) <= 0)
        hist = post.loss_histogram(pld, bins=40)
        assert hist.mass.sum() == pytest.approx(1.0, abs=1e-9) and hist.edges.size == 41


def test_gaussian_privacy_loss_is_normal() -> None:
    # L ~ N(mu, 2 mu) with mu = Delta^2 / (2 sigma^2) under D (Balle & Wang 2018, Lemma 3).
    model = post.attack_model("gaussian", CANCER, 1.0, 1e-5)
    pld = post.privacy_loss_distribution(model)
    mu = 1 / (2 * model.noise.scale**2)
    mean = float(np.sum(pld.loss * pld.mass_d))
    var = float(np.sum((pld.loss - mean) ** 2 * pld.mass_d))
    assert mean == pytest.approx(mu, rel=1e-4) and var == pytest.approx(2 * mu, rel=1e-4)


def test_delta_area_matches_delta_and_delta_one() -> None:
    model = post.attack_model("gaussian", CANCER, 0.5, 1e-3)
    area = post.delta_area(post.privacy_loss_distribution(model), 0.5)
    positive = np.maximum(area.y, 0.0)
    assert np.trapezoid(positive, area.u) == pytest.approx(area.delta, rel=2e-2)
    assert area.delta < area.delta_one
    assert area.delta == pytest.approx(1e-3, rel=1e-5)


# --- 5. hypothesis testing ------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(eps=app_epsilons, kind=st.sampled_from(["laplace", "discrete_laplace", "randomized_response", "gaussian"]))
def test_likelihood_ratio_roc_respects_the_dp_region(eps: float, kind: str) -> None:
    delta = 1e-5 if kind == "gaussian" else 0.0
    model = post.attack_model(kind, CANCER, eps, delta)
    roc = post.roc_curve(post.privacy_loss_distribution(model))
    assert (roc.fpr[0], roc.tpr[0]) == (0.0, 0.0)
    assert roc.fpr[-1] == pytest.approx(1.0) and roc.tpr[-1] == pytest.approx(1.0)
    assert np.all(np.diff(roc.fpr) >= 0) and np.all(np.diff(roc.tpr) >= 0)
    upper, lower = post.dp_roc_region(eps, delta, roc.fpr)
    assert np.all(roc.tpr <= upper + 1e-9) and np.all(roc.tpr >= lower - 1e-9)
    assert roc.max_advantage <= post.advantage_bound(eps, delta) + 1e-9


def test_randomized_response_reaches_the_region_corner() -> None:
    for eps in (0.1, 1.0, 3.0):
        roc = post.roc_curve(post.privacy_loss_distribution(post.attack_model("randomized_response", CANCER, eps)))
        p = rr_truth_probability(eps)
        assert (roc.best_fpr, roc.best_tpr) == pytest.approx((1 - p, p))
        assert roc.max_advantage == pytest.approx(post.advantage_bound(eps), abs=1e-12)


def test_gaussian_max_advantage_is_total_variation() -> None:
    model = post.attack_model("gaussian", CANCER, 1.0, 1e-5)
    roc = post.roc_curve(post.privacy_loss_distribution(model))
    assert roc.max_advantage == pytest.approx(2 * special.ndtr(1 / (2 * model.noise.scale)) - 1, abs=1e-9)


def test_dp_region_is_symmetric_and_closed_form() -> None:
    fpr = np.linspace(0, 1, 101)
    upper, lower = post.dp_roc_region(1.0, 0.0, fpr)
    assert np.allclose(lower, 1 - upper[::-1])
    assert np.allclose(upper, np.minimum(np.e * fpr, 1 - (1 - fpr) / np.e))
    assert post.advantage_bound(1.0) == pytest.approx((np.e - 1) / (np.e + 1))
    assert post.accuracy_ceiling(1.0) == pytest.approx(np.e / (1 + np.e))
    assert post.accuracy_ceiling(1.0, 0.01) == pytest.approx((np.e + 0.01) / (1 + np.e))


# --- 6. the game ----------------------------------------------------------------------------


def test_wilson_interval_known_values() -> None:
    low, high = post.wilson_interval(50, 100)
    assert (float(low), float(high)) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    with pytest.raises(ValueError):
        post.wilson_interval(5, 0)


@pytest.mark.parametrize("kind", post.ATTACK_KINDS)
@pytest.mark.parametrize("eps", [0.1, 1.0, 3.0])
def test_game_accuracy_stays_below_the_ceiling(kind: str, eps: float) -> None:
    model = post.attack_model(kind, CANCER, eps, 1e-5)
    game = post.play_game(model, 100_000, np.random.default_rng([2024, int(eps * 10)]))
    assert game.rounds == 100_000 and game.checkpoints[-1] == 100_000
    assert game.ci_low <= game.ceiling  # below the ceiling within its 95% interval
    assert game.expected_accuracy <= game.ceiling + 1e-12
    # The simulation agrees with the exact Bayes accuracy; 99.9% two-sided band (false alarm 1e-3).
    z = stats.norm.ppf(0.9995)
    sd = math.sqrt(game.expected_accuracy * (1 - game.expected_accuracy) / game.rounds)
    assert abs(game.accuracy - game.expected_accuracy) <= z * sd


def test_game_is_reproducible_and_validated() -> None:
    model = post.attack_model("laplace", CANCER, 1.0)
    a = post.play_game(model, 5_000, np.random.default_rng(7))
    b = post.play_game(model, 5_000, np.random.default_rng(7))
    assert a.correct == b.correct and np.array_equal(a.running_accuracy, b.running_accuracy)
    assert np.all((a.running_low <= a.running_accuracy) & (a.running_accuracy <= a.running_high))
    for bad in (0, 100_001, 2.5):
        with pytest.raises(ValueError, match="rounds"):
            post.play_game(model, bad, np.random.default_rng(7))  # type: ignore[arg-type]


# --- 7. the mechanism adapter and the output axis ------------------------------------------


def test_attack_model_reuses_the_calibrated_mechanisms() -> None:
    lap = post.attack_model("laplace", post.CountPair(436, 435), 0.5)
    assert lap.noise.scale == pytest.approx(2.0) and lap.noise.sensitivity == 1.0
    wide = post.attack_model("laplace", post.CountPair(10, 7), 1.0)
    assert wide.noise.scale == pytest.approx(3.0)  # sensitivity |10 - 7| = 3
    rr = post.attack_model("randomized_response", CANCER, 1.0)
    assert rr.truth_probability == pytest.approx(np.e / (1 + np.e)) and rr.delta == 0.0
    assert rr.privacy_loss(np.array([1.0, 0.0])) == pytest.approx([1.0, -1.0])


@pytest.mark.parametrize(
    ("kind", "eps", "delta", "match"),
    [
        ("gaussian", 1.0, 0.0, "Delta must be greater than zero"),
        ("laplace", 0.0, 0.0, "Epsilon"),
        ("randomized_response", -1.0, 0.0, "Epsilon"),
        ("exponential", 1.0, 0.0, "Unknown mechanism"),
    ],
)
def test_attack_model_rejects_bad_settings(kind: str, eps: float, delta: float, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        post.attack_model(kind, CANCER, eps, delta)  # type: ignore[arg-type]


def test_outputs_a_mechanism_cannot_give_are_refused() -> None:
    with pytest.raises(ValueError, match="0 \\(no\\) or 1"):
        post.read_output(post.attack_model("randomized_response", CANCER, 1.0), 0.5, 0.5)
    with pytest.raises(ValueError, match="whole numbers"):
        post.read_output(post.attack_model("discrete_laplace", CANCER, 1.0), 0.5, 2.5)
    with pytest.raises(ValueError, match="whole-number counts"):
        post.attack_model("discrete_laplace", post.CountPair(2.5, 1.5), 1.0)


@pytest.mark.parametrize("kind", post.ATTACK_KINDS)
@pytest.mark.parametrize("eps", [0.001, 0.1, 1.0, 20.0])
def test_output_axis_covers_both_answers_on_a_round_grid(kind: str, eps: float) -> None:
    model = post.attack_model(kind, CANCER, eps, 1e-5)
    axis = post.output_axis(model)
    assert axis.lo <= min(model.centre_d, model.centre_d_prime) < max(model.centre_d, model.centre_d_prime) <= axis.hi
    assert (axis.hi - axis.lo) / axis.step <= 1000
    assert axis.snap(model.centre_d) == model.centre_d
    assert axis.lo <= axis.snap(1e12) == axis.hi and axis.snap(-1e12) == axis.lo
    if model.discrete:
        assert float(axis.step).is_integer()
        grid = axis.grid()
        assert np.all(grid == np.round(grid))
        post.read_output(model, 0.5, axis.snap(0.3 * axis.lo + 0.7 * axis.hi))  # snapped outputs are valid


def test_draws_are_reproducible() -> None:
    model = post.attack_model("gaussian", CANCER, 1.0, 1e-5)
    first = post.draw_output(model, np.random.default_rng(3))
    assert first == post.draw_output(model, np.random.default_rng(3))
    assert first != post.draw_output(model, np.random.default_rng(4))


def test_a_crossing_that_lands_on_a_grid_point_is_found() -> None:
    """eps = 0.2451158419311893 at delta 1e-9: a grid point of the root search falls within 1e-9 of
    the loss's crossing of eps, and was taken for a plateau (hypothesis found it)."""
    model = post.attack_model("gaussian", CANCER, 0.2451158419311893, 1e-9)
    leak = post.band_leak(model)
    assert leak.above is not None and leak.below is not None
    assert float(model.privacy_loss(leak.above)) == pytest.approx(model.epsilon, abs=1e-9)
