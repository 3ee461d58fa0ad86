"""dpcore.learning.membership and membership_bound: the attacks on constructed models (a model that
memorizes is caught, a model blind to membership is not), LiRA's score against the Neyman-Pearson
likelihood ratio written out with scipy, the bound against the Gaussian mechanism's exact trade-off
curve Phi(Phi^-1(f) + 1/sigma) (Dong, Roth & Su 2019) and against the (epsilon, delta) region, and
bad input as DPError."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from scipy.stats import norm

from dpcore.audit_roc import auroc, tpr_at_fpr
from dpcore.errors import DPError
from dpcore.learning.membership import (
    DEFAULT_SHADOWS,
    PROBABILITY_CLIP,
    EvaluationRows,
    Predict,
    Shadows,
    attack_curve,
    confidence_logit,
    evaluation_rows,
    largest_advantage,
    lira_attack,
    lira_scores,
    loss_attack,
    membership_attacks,
    shadow_masks,
    train_shadows,
)
from dpcore.learning.membership_bound import compare, membership_bound
from dpcore.limits import MAX_SHADOW_MODELS

FPRS = (0.001, 0.01)
POOL = 4_000


def _binomial_slack(f: float, per_side: int, sds: float = 5.0) -> float:
    """How far a blind attack's TPR at FPR f may land from f: `sds` standard deviations of the
    difference of two rates read on `per_side` rows each."""
    return sds * float(np.sqrt(2 * f * (1 - f) / per_side))


def _memorizer(rng: np.random.Generator) -> Callable[[np.ndarray], Predict]:
    """Trains a model that is sure of its training rows (p in [0.99, 1)) and unsure of the others
    (p in [0.3, 0.7]): drawn per model, so no two models agree exactly."""
    def train(mask: np.ndarray) -> Predict:
        sure, unsure = rng.uniform(0.99, 1.0, mask.size), rng.uniform(0.3, 0.7, mask.size)
        return lambda rows: np.where(mask[rows], sure[rows], unsure[rows])
    return train


def _blind(rng: np.random.Generator) -> Callable[[np.ndarray], Predict]:
    """Trains a model whose output ignores the training set: a fixed difficulty per row plus fresh
    noise per model."""
    difficulty = rng.normal(1.0, 1.5, POOL)

    def train(mask: np.ndarray) -> Predict:
        noise = rng.normal(0.0, 0.5, mask.size)
        return lambda rows: 1.0 / (1.0 + np.exp(-(difficulty[rows] + noise[rows])))
    return train


def _target(train: Callable[[np.ndarray], Predict], rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A target trained on a coin-flip half of the pool: its probabilities on every row, and its mask."""
    mask = rng.random(POOL) < 0.5
    return train(mask)(np.arange(POOL)), mask


# ------------------------------------------------------------------ statistics

def test_confidence_logit_is_the_log_odds_clipped_where_float64_ends() -> None:
    p = np.array([0.5, 0.9, 1e-3, 0.25])
    assert confidence_logit(p) == pytest.approx(np.log(p / (1 - p)), rel=1e-12)
    edges = confidence_logit(np.array([0.0, 1.0]))
    assert edges[1] == pytest.approx(-edges[0]) and edges[1] == pytest.approx(np.log(2.0**52), rel=1e-9)
    assert np.isfinite(edges).all() and PROBABILITY_CLIP == 2.0**-52


def test_largest_advantage_is_the_best_threshold_by_brute_force() -> None:
    g = np.random.default_rng(3)
    members, others = g.integers(0, 30, 400).astype(float) + 2, g.integers(0, 30, 300).astype(float)
    best = max(np.mean(members >= t) - np.mean(others >= t) for t in np.unique(np.concatenate([members, others, [99]])))
    assert largest_advantage(members, others) == pytest.approx(best, abs=1e-12)
    assert largest_advantage(others, members + 40) == 0.0  # no threshold helps: 0, not negative


def test_evaluation_rows_take_as_many_members_as_non_members_without_replacement() -> None:
    mask = np.zeros(1_000, bool)
    mask[:300] = True
    rows = evaluation_rows(mask, np.random.default_rng(0))
    assert rows.per_side == 300 and mask[rows.members].all() and not mask[rows.non_members].any()
    assert np.unique(rows.non_members).size == 300
    fewer = evaluation_rows(mask, np.random.default_rng(0), per_side=50)
    assert fewer.per_side == 50 and np.unique(fewer.members).size == 50
    again = evaluation_rows(mask, np.random.default_rng(0), per_side=50)
    assert np.array_equal(fewer.members, again.members) and np.array_equal(fewer.non_members, again.non_members)


def test_shadow_masks_put_every_row_in_half_the_models() -> None:
    for k in (2, 7, 8):
        masks = shadow_masks(500, k, np.random.default_rng(k))
        assert masks.shape == (k, 500) and (masks.sum(axis=0) == k // 2).all()
        assert masks[0].mean() == pytest.approx((k // 2) / k, abs=0.07)  # each model: about half the pool
    masks = shadow_masks(20_000, 8, np.random.default_rng(1))
    assert np.unique(masks, axis=0).shape[0] == 8  # eight different training sets


def test_train_shadows_trains_one_model_per_mask_and_reports_progress() -> None:
    seen, steps = [], []

    def train(mask: np.ndarray) -> Predict:
        seen.append(mask.copy())
        return lambda rows: np.where(mask[rows], 0.8, 0.4)

    shadows = train_shadows(train, 300, 6, np.random.default_rng(2), progress=lambda done, total: steps.append(done))
    assert steps == [1, 2, 3, 4, 5, 6] and np.array_equal(np.array(seen), shadows.member)
    assert np.allclose(shadows.phi, np.where(shadows.member, np.log(4.0), np.log(2 / 3)))


# ------------------------------------------------------------------ constructed models

def test_a_model_that_memorizes_is_caught_by_every_attack() -> None:
    rng = np.random.default_rng(5)
    train = _memorizer(rng)
    shadows = train_shadows(train, POOL, DEFAULT_SHADOWS, rng)
    p, mask = _target(train, rng)
    attacks = membership_attacks(p, mask, rng, shadows, fprs=FPRS)
    for result in (attacks.loss, attacks.lira_online, attacks.lira_offline):
        assert result is not None
        assert result.roc.tprs[1] > 0.99 and result.roc.tpr_intervals[1][0] > 0.98, result.attack
        assert result.roc.auroc > 0.999 and result.advantage > 0.99
    per_row = lira_attack(p, mask, shadows, rng, variance="per_row", fprs=FPRS)
    assert per_row.roc.tprs[1] > 0.99


def test_a_constant_model_is_not_caught() -> None:
    """Every row gets the same output: every score ties, so the ROC is the diagonal exactly."""
    rng = np.random.default_rng(6)
    shadows = train_shadows(lambda mask: lambda rows: np.full(rows.size, 0.7), POOL, DEFAULT_SHADOWS, rng)
    mask = rng.random(POOL) < 0.5
    attacks = membership_attacks(np.full(POOL, 0.7), mask, rng, shadows, fprs=FPRS)
    for result in (attacks.loss, attacks.lira_online, attacks.lira_offline):
        assert result is not None
        assert result.roc.auroc == pytest.approx(0.5, abs=1e-12) and result.advantage == 0.0
        assert result.roc.tprs == pytest.approx(FPRS, abs=1e-12), result.attack


def test_a_model_blind_to_membership_reads_chance_within_binomial_noise() -> None:
    rng = np.random.default_rng(7)
    train = _blind(rng)
    shadows = train_shadows(train, POOL, DEFAULT_SHADOWS, rng)
    p, mask = _target(train, rng)
    attacks = membership_attacks(p, mask, rng, shadows, fprs=FPRS)
    n = attacks.loss.per_side
    for result in (attacks.loss, attacks.lira_online, attacks.lira_offline):
        assert result is not None
        assert result.roc.auroc == pytest.approx(0.5, abs=5 * np.sqrt(1 / (6 * n))), result.attack
        for f, tpr in zip(FPRS, result.roc.tprs, strict=True):
            assert abs(tpr - f) <= _binomial_slack(f, n) + 1 / n, (result.attack, f, tpr)


def test_the_loss_attack_scores_members_by_their_log_probability() -> None:
    p = np.array([0.9, 0.8, 0.7, 0.2, 0.1, 0.6])
    mask = np.array([True, True, True, False, False, False])
    result = loss_attack(p, mask, np.random.default_rng(0))
    assert result.attack == "loss" and result.per_side == 3
    assert sorted(result.member_scores) == pytest.approx(sorted(np.log([0.9, 0.8, 0.7])))
    assert result.roc.auroc == pytest.approx(1.0)
    assert attack_curve(result, [0.0, 0.5, 1.0]) == pytest.approx([1.0, 1.0, 1.0])


# ------------------------------------------------------------------ LiRA against the likelihood ratio

def _gaussian_shadows(k: int, rows: int, seed: int, s_in: float, s_out: float) -> tuple[Shadows, np.ndarray,
                                                                                            np.ndarray]:
    """Shadows whose phi is N(mu_in[j], s_in) when row j is IN and N(mu_out[j], s_out) when OUT."""
    g = np.random.default_rng(seed)
    mu_out = g.normal(0.0, 2.0, rows)
    mu_in = mu_out + g.uniform(0.5, 1.5, rows)
    member = shadow_masks(rows, k, g)
    phi = np.where(member, g.normal(mu_in, s_in, (k, rows)), g.normal(mu_out, s_out, (k, rows)))
    return Shadows(phi=phi, member=member), mu_in, mu_out


@pytest.mark.parametrize("variance", ["global", "per_row"])
def test_lira_is_the_likelihood_ratio_of_the_fitted_gaussians(variance: str) -> None:
    """The score equals scipy's norm.logpdf ratio with the medians and spreads fitted by hand, and
    the offline score ranks rows as the paper's one-sided 1 - Pr[Z > phi] under the OUT Gaussian."""
    shadows, mu_in, mu_out = _gaussian_shadows(16, 300, 1, 0.7, 1.3)
    x = np.random.default_rng(2).normal(mu_out + 0.5, 1.0)
    phi, member = shadows.phi, shadows.member
    centre_in = np.array([np.median(phi[member[:, j], j]) for j in range(300)])
    centre_out = np.array([np.median(phi[~member[:, j], j]) for j in range(300)])
    if variance == "global":
        spread_in = np.std(np.concatenate([phi[member[:, j], j] - centre_in[j] for j in range(300)]))
        spread_out = np.std(np.concatenate([phi[~member[:, j], j] - centre_out[j] for j in range(300)]))
    else:
        spread_in = np.array([np.std(phi[member[:, j], j]) for j in range(300)])
        spread_out = np.array([np.std(phi[~member[:, j], j]) for j in range(300)])
    ratio = norm.logpdf(x, centre_in, spread_in) - norm.logpdf(x, centre_out, spread_out)
    assert lira_scores(x, shadows, variance=variance) == pytest.approx(ratio, rel=1e-9, abs=1e-9)  # type: ignore[arg-type]
    offline = lira_scores(x, shadows, online=False, variance=variance)  # type: ignore[arg-type]
    one_sided = norm.cdf(x, centre_out, spread_out)  # 1 - Pr[Z > phi]
    assert offline == pytest.approx((x - centre_out) / spread_out, rel=1e-9)
    assert np.array_equal(np.argsort(offline), np.argsort(one_sided))


def test_lira_comes_close_to_the_neyman_pearson_test_when_the_distributions_are_known() -> None:
    """Rows whose IN and OUT phis are Gaussians of one spread: the likelihood-ratio test with the true
    parameters is the most powerful (Neyman-Pearson); LiRA, which estimates them from 32 shadows a
    side, is never above it and loses little (seeds 3-7 at 3,000-20,000 rows: 0.005-0.010 of AUROC,
    0.01-0.03 of TPR at 5%)."""
    rows, s = 10_000, 1.0
    shadows, mu_in, mu_out = _gaussian_shadows(MAX_SHADOW_MODELS, rows, 3, s, s)
    g = np.random.default_rng(4)
    member = g.random(rows) < 0.5
    x = np.where(member, g.normal(mu_in, s), g.normal(mu_out, s))
    true_ratio = norm.logpdf(x, mu_in, s) - norm.logpdf(x, mu_out, s)
    lira = lira_scores(x, shadows)
    best_area, area = auroc(true_ratio[member], true_ratio[~member]), auroc(lira[member], lira[~member])
    assert best_area - 0.015 < area <= best_area + 0.002
    best, ours = (tpr_at_fpr(v[member], v[~member], [0.05])[0] for v in (true_ratio, lira))
    assert best - 0.05 < ours <= best + 0.01
    # rows differ in difficulty, so one threshold on phi for all rows (no shadows) does far worse
    assert auroc(x[member], x[~member]) < area - 0.1


def test_lira_on_one_gap_matches_the_gaussian_trade_off_curve() -> None:
    """Every row with the same gap 1 between IN and OUT at spread 1: the optimal test reaches
    TPR Phi(Phi^-1(f) + 1) at every f, and LiRA with 64 shadows comes within binomial noise."""
    rows = 20_000
    g = np.random.default_rng(8)
    mu_out = g.normal(0.0, 3.0, rows)
    member = shadow_masks(rows, MAX_SHADOW_MODELS, g)
    phi = np.where(member, g.normal(mu_out + 1.0, 1.0, member.shape), g.normal(mu_out, 1.0, member.shape))
    target = g.random(rows) < 0.5
    x = np.where(target, g.normal(mu_out + 1.0, 1.0), g.normal(mu_out, 1.0))
    result = lira_attack(1 / (1 + np.exp(-x)), target, Shadows(phi=phi, member=member), g, fprs=(0.01, 0.1))
    expected = norm.cdf(norm.ppf([0.01, 0.1]) + 1.0)
    n = result.per_side
    for tpr, want in zip(result.roc.tprs, expected, strict=True):
        assert tpr == pytest.approx(want, abs=5 * np.sqrt(want * (1 - want) / n) + 0.02)
    assert result.roc.auroc == pytest.approx(norm.cdf(1 / np.sqrt(2)), abs=0.015)


# ------------------------------------------------------------------ reproducible

def _run(seed: int):
    rng = np.random.default_rng(seed)
    train = _blind(rng)
    shadows = train_shadows(train, POOL, 4, rng)
    p, mask = _target(train, rng)
    return membership_attacks(p, mask, rng, shadows, per_side=1_000)


def test_a_seed_reproduces_every_attack() -> None:
    first, again, other = _run(11), _run(11), _run(12)
    for a, b in ((first.loss, again.loss), (first.lira_online, again.lira_online),
                 (first.lira_offline, again.lira_offline)):
        assert a == b and np.array_equal(a.member_scores, b.member_scores)  # type: ignore[union-attr]
    assert first.loss != other.loss


# ------------------------------------------------------------------ bad input

def _shadows(k: int = 4, rows: int = 10) -> Shadows:
    return Shadows(phi=np.zeros((k, rows)), member=shadow_masks(rows, k, np.random.default_rng(0)))


MASK = np.array([True, False] * 5)
P = np.full(10, 0.5)
G = np.random.default_rng(0)
BAD: list[tuple[str, Callable[[], object], str]] = [
    ("mask of text", lambda: loss_attack(P, np.array(["a"] * 10), G), "membership_mask"),
    ("mask of twos", lambda: loss_attack(P, np.full(10, 2), G), "membership_mask"),
    ("empty mask", lambda: loss_attack(P, np.array([], bool), G), "membership_mask"),
    ("probability of text", lambda: loss_attack(["x"] * 10, MASK, G), "membership_probability"),
    ("probability above 1", lambda: loss_attack(np.full(10, 1.5), MASK, G), "membership_probability"),
    ("probability NaN", lambda: loss_attack(np.full(10, np.nan), MASK, G), "membership_probability"),
    ("too few probabilities", lambda: loss_attack(P[:9], MASK, G), "membership_rows"),
    ("one member", lambda: loss_attack(P, np.arange(10) == 0, G), "membership_sides"),
    ("no non-member", lambda: evaluation_rows(np.ones(10, bool), G), "membership_sides"),
    ("one per side", lambda: evaluation_rows(MASK, G, per_side=1), "membership_per_side"),
    ("fractional per side", lambda: evaluation_rows(MASK, G, per_side=2.5), "membership_per_side"),  # type: ignore[arg-type]
    ("one shadow", lambda: shadow_masks(10, 1, G), "shadow_count"),
    ("too many shadows", lambda: shadow_masks(10, MAX_SHADOW_MODELS + 1, G), "shadow_count"),
    ("shadows as text", lambda: shadow_masks(10, "8", G), "shadow_count"),  # type: ignore[arg-type]
    ("empty pool", lambda: shadow_masks(0, 4, G), "membership_pool"),
    ("unknown variance", lambda: lira_scores(np.zeros(10), _shadows(), variance="row"), "lira_variance"),  # type: ignore[arg-type]
    ("shadows for another pool", lambda: lira_attack(P, MASK, _shadows(rows=12), G), "shadow_shape"),
    ("masks not booleans", lambda: lira_scores(np.zeros(10), Shadows(np.zeros((4, 10)), np.zeros((4, 10)))),
     "shadow_shape"),
    ("infinite confidence", lambda: lira_scores(np.zeros(10), Shadows(np.full((4, 10), np.inf), _shadows().member)),
     "shadow_not_finite"),
    ("per-row fit from 1 model a side", lambda: lira_scores(np.zeros(10), _shadows(k=3), variance="per_row"),
     "shadow_coverage"),
    ("a row never OUT", lambda: lira_scores(np.zeros(10), Shadows(np.zeros((4, 10)), np.ones((4, 10), bool))),
     "shadow_coverage"),
    ("shadows returning a bad probability",
     lambda: train_shadows(lambda mask: lambda rows: np.full(rows.size, -0.1), 10, 2, G), "membership_probability"),
]


@pytest.mark.parametrize("call, code", [(c, k) for _, c, k in BAD], ids=[name for name, _, _ in BAD])
def test_bad_input_raises_a_dp_error(call: Callable[[], object], code: str) -> None:
    with pytest.raises(DPError) as caught:
        call()
    assert caught.value.code == code


def test_the_offline_fit_needs_no_in_models() -> None:
    never_in = Shadows(np.zeros((3, 10)), np.zeros((3, 10), bool))
    assert np.all(lira_scores(np.zeros(10), never_in, online=False) == 0.0)
    rows = EvaluationRows(members=np.array([0, 2]), non_members=np.array([1, 3]))
    assert rows.per_side == 2


# ------------------------------------------------------------------ the bound

BOUND_FPRS = (1e-4, 1e-3, 1e-2, 0.1, 0.3, 0.5, 0.9)


@pytest.mark.parametrize("sigma", [pytest.param(0.5, marks=pytest.mark.slow), 1.0, 2.0])
def test_one_full_batch_step_is_bounded_by_the_gaussian_trade_off_curve(sigma: float) -> None:
    """q = 1, T = 1 is the Gaussian mechanism of sensitivity 1 and noise sigma: mu-GDP with mu = 1/sigma,
    TPR = Phi(Phi^-1(f) + mu) exactly (Dong, Roth & Su 2019), advantage 2 Phi(mu / 2) - 1. riskcal's
    reading of dp-accounting's PLD lands a hair below the exact curve, more so at tiny FPRs (sigma 0.5:
    2e-6 relative at 1%, 2e-5 at 0.1%, 2e-4 at 0.01%, 2.6% at 1e-6): the module docstring says so."""
    bound = membership_bound(1.0, sigma, 1, 1e-5, BOUND_FPRS)
    exact = norm.cdf(norm.ppf(BOUND_FPRS) + 1 / sigma)
    assert np.all(np.array(bound.tpr_pld) >= exact * (1 - 5e-4))
    assert bound.tpr_pld == pytest.approx(exact, abs=1e-3)
    assert bound.advantage_pld == pytest.approx(2 * norm.cdf(1 / (2 * sigma)) - 1, abs=1e-3)
    assert bound.fprs == BOUND_FPRS and (bound.sampling_rate, bound.noise_multiplier, bound.steps) == (1.0, sigma, 1)


def test_more_noise_lowers_the_bound() -> None:
    bounds = [membership_bound(0.01, sigma, 300, 1e-5, BOUND_FPRS) for sigma in (0.8, 1.0, 1.5, 3.0)]
    for looser, tighter in zip(bounds, bounds[1:], strict=False):
        assert tighter.epsilon < looser.epsilon and tighter.advantage_pld < looser.advantage_pld
        assert all(t <= s + 1e-12 for t, s in zip(tighter.tpr_pld, looser.tpr_pld, strict=True))
        assert tighter.tpr_pld[2] < looser.tpr_pld[2]  # strictly, at 1%


def test_the_pld_bound_is_at_or_below_the_epsilon_delta_bound() -> None:
    """The PLD's own curve (riskcal, before `tradeoff_curve` takes the minimum) against the (epsilon,
    delta) region at the PLD's epsilon: below it up to the grid's rounding, and much below at low FPRs."""
    from riskcal.analysis import get_beta_from_pld

    from dpcore.learning.accounting import dpsgd_pld
    from dpcore.posterior.testing import dp_roc_region

    for q, sigma, steps in ((0.01, 1.0, 300), (0.05, 1.0, 40), (1.0, 2.0, 1)):
        bound = membership_bound(q, sigma, steps, 1e-5, BOUND_FPRS)
        raw = 1 - np.asarray(get_beta_from_pld(dpsgd_pld(q, sigma, steps), alpha=np.array(BOUND_FPRS)))
        region = dp_roc_region(bound.epsilon, 1e-5, np.array(BOUND_FPRS))[0]
        assert np.all(raw <= region * (1 + 1e-4) + 1e-9), (q, sigma, steps)
        assert np.all(np.array(bound.tpr_pld) <= np.array(bound.tpr_epsilon_delta))
        assert bound.tpr_epsilon_delta == pytest.approx(region)
        assert bound.tpr_pld[2] < 0.7 * bound.tpr_epsilon_delta[2]  # at 1%: tighter by 30% at least
        assert bound.advantage_pld <= bound.advantage_epsilon_delta


def test_compare_says_how_far_an_attack_stays_below_the_bound() -> None:
    bound = membership_bound(0.01, 1.0, 300, 1e-5, FPRS)
    rng = np.random.default_rng(9)
    blind = loss_attack(*_target(_blind(rng), rng), rng, fprs=FPRS)
    plain = compare(blind, bound)
    assert plain.fprs == FPRS and plain.bound_tpr == bound.tpr_pld and plain.attack_tpr == blind.roc.tprs
    assert plain.share_of_bound == pytest.approx([t / c for t, c in zip(blind.roc.tprs, bound.tpr_pld, strict=True)])
    assert plain.share_above_chance == pytest.approx(
        [(t - f) / (c - f) for t, c, f in zip(blind.roc.tprs, bound.tpr_pld, FPRS, strict=True)])
    assert plain.headroom == pytest.approx([c - t for t, c in zip(blind.roc.tprs, bound.tpr_pld, strict=True)])
    assert plain.attack_advantage == pytest.approx([t - f for t, f in zip(blind.roc.tprs, FPRS, strict=True)])
    assert plain.largest_advantage == blind.advantage and plain.bound_advantage == bound.advantage_pld
    assert not plain.above_bound
    caught = loss_attack(*_target(_memorizer(rng), rng), rng, fprs=FPRS)
    assert compare(caught, bound).above_bound  # a memorizer is no DP-SGD model: it breaks the bound
    with pytest.raises(DPError) as error:
        compare(loss_attack(*_target(_blind(rng), rng), rng, fprs=(0.01, 0.05)), bound)
    assert error.value.code == "membership_fprs_differ"


@pytest.mark.parametrize("args, code", [
    ((0.01, 1.0, 100, 0.0), "delta_zero_gaussian"),
    ((0.01, 1.0, 100, 1.5), "delta_range"),
    ((0.0, 1.0, 100, 1e-5), "dpsgd_sampling_rate"),
    ((0.01, 0.0, 100, 1e-5), "dpsgd_noise"),
    ((0.01, 1.0, 0, 1e-5), "dpsgd_steps"),
])
def test_a_bound_for_bad_settings_raises_a_dp_error(args: tuple, code: str) -> None:
    with pytest.raises(DPError) as caught:
        membership_bound(*args)
    assert caught.value.code == code


def test_a_bound_at_a_bad_false_positive_rate_raises_a_dp_error() -> None:
    with pytest.raises(DPError) as caught:
        membership_bound(1.0, 1.0, 1, 1e-5, fprs=(0.01, 1.5))
    assert caught.value.code == "invalid_fpr"


# ------------------------------------------------------------------ real models on adult

@pytest.mark.slow
def test_on_adult_the_non_private_model_leaks_more_than_dp_sgd_and_dp_sgd_stays_under_its_bound() -> None:
    """A one-hidden-layer network (256 units, 100 epochs, batches of 64) on a coin-flip half of 5,000
    rows of adult (target income>50K), without privacy and with DP-SGD at sigma 5 (epsilon ~1 at
    delta 1e-5), attacked by the loss threshold on the other half. Small data and a long run make the
    plain model overfit; at adult's default split (32,561 training rows, 5-20 epochs) neither model
    leaks measurably (AUROC 0.498-0.501 with 16,281 rows a side)."""
    from dataclasses import replace

    from dpcore.learning import dpsgd

    data = dpsgd.adult_design()
    X, y = np.concatenate([data.X_train, data.X_test]), np.concatenate([data.y_train, data.y_test])
    g = np.random.default_rng(0)
    pick = g.choice(X.shape[0], 5_000, replace=False)
    X, y = X[pick], y[pick]
    member = g.random(X.shape[0]) < 0.5
    settings = replace(dpsgd.DEFAULT_SETTINGS, model="mlp", hidden=256, epochs=100, batch_size=64)
    plain = dpsgd.train(replace(settings, private=False), X[member], y[member])
    private = dpsgd.train(replace(settings, noise_multiplier=5.0), X[member], y[member])
    leaks, guarded = (loss_attack(model.probability_of_label(X, y), member, g) for model in (plain, private))
    assert leaks.roc.auroc_interval[0] > 0.5 and leaks.advantage > 0.05
    assert leaks.roc.auroc > guarded.roc.auroc + 0.02 and leaks.advantage > guarded.advantage
    bound = membership_bound(private.sampling_rate, 5.0, private.steps, 1e-5)
    assert bound.epsilon < 1.5
    against = compare(guarded, bound)
    assert not against.above_bound and guarded.advantage <= bound.advantage_pld
