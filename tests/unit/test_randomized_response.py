"""Randomized response (dpcore.ldp.randomized_response): the course's formulas, the survey's variances, and the samplers.

Statistical tests use fixed seeds; each states its false-alarm rate.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import optimize, stats

from dpcore.columns import count_codes
from dpcore.ldp.randomized_response import (
    BinaryEstimate,
    central_frequency_error,
    check_truth_probability,
    grr_estimate,
    grr_perturb,
    grr_rmse,
    grr_variance,
    grr_variance_exact,
    randomize_column,
    rr_correction_steps,
    rr_estimate,
    rr_exact_interval,
    rr_perturb,
    rr_report_probability,
    rr_respond,
    rr_simulate_survey,
    rr_standard_error,
    rr_summary,
    rr_variance,
)
from dpcore.limits import MAX_CATEGORIES
from dpcore.mechanisms import rr_epsilon, rr_truth_probability
from ui.classroom.limits import EPSILON_MAX, EPSILON_MIN

FALSE_ALARM = 1e-3


# ---------------------------------------------------------------- the course's worked example


def test_gender_example_as_the_book_computes_it() -> None:
    """20 people, reported 14 male / 6 female, p = 0.8 -> 16.7 male, 3.3 female (course 6.4.2)."""
    male = rr_correction_steps(14, 20, 0.8).value
    female = rr_correction_steps(6, 20, 0.8).value
    assert round(male, 2) == 16.67 and round(male, 1) == 16.7
    assert round(female, 2) == 3.33 and round(female, 1) == 3.3
    assert male == pytest.approx((20 * (0.8 - 1) + 14) / (0.8 * 2 - 1))
    assert male + female == pytest.approx(20)


def test_estimator_is_the_course_formula() -> None:
    for n_yes, n, p in [(14, 20, 0.8), (0, 10, 0.6), (10, 10, 0.9), (333, 1000, 0.75)]:
        expected = (p - 1) / (2 * p - 1) + n_yes / ((2 * p - 1) * n)
        assert rr_estimate(n_yes, n, p) == pytest.approx(expected, rel=1e-15)
        assert rr_correction_steps(n_yes, n, p).value == pytest.approx(expected * n)


@pytest.mark.parametrize("n_yes,n,p", [(14, 20, 0.8), (300, 1000, 0.7), (55, 100, 0.6)])
def test_estimator_is_the_maximum_likelihood_estimate(n_yes: int, n: int, p: float) -> None:
    """The course derives pi_hat by maximising L; check against a numerical maximiser."""

    def neg_log_likelihood(pi: float) -> float:
        yes = pi * p + (1 - pi) * (1 - p)
        return -(n_yes * math.log(yes) + (n - n_yes) * math.log(1 - yes))

    best = optimize.minimize_scalar(neg_log_likelihood, bounds=(0, 1), method="bounded", options={"xatol": 1e-10})
    assert rr_estimate(n_yes, n, p) == pytest.approx(best.x, abs=1e-6)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(pi=st.floats(0, 1), p=st.floats(0.51, 0.99), n=st.integers(1, 10**6))
def test_expected_reports_give_back_the_truth(pi: float, p: float, n: int) -> None:
    """E[pi_hat] = pi: feeding the expected number of "yes" reports returns pi exactly."""
    expected_yes = n * rr_report_probability(pi, p)
    # rr_estimate wants a count; the algebra is linear, so check it on the formula directly.
    assert (p - 1) / (2 * p - 1) + expected_yes / ((2 * p - 1) * n) == pytest.approx(pi, abs=1e-9)


# ---------------------------------------------------------------- unbiasedness, variance, flip rate


def test_estimator_is_unbiased_over_many_seeds() -> None:
    """Mean of pi_hat over 2,000 seeded surveys lies within 4 standard errors of pi (~6e-5)."""
    n, pi, p, runs = 500, 0.3, 0.75, 2000
    estimates = []
    for seed in range(runs):
        _, n_yes = rr_simulate_survey(n, pi, p, np.random.default_rng(seed))
        estimates.append(rr_estimate(n_yes, n, p))
    sd = math.sqrt(rr_variance(n, p))
    assert abs(np.mean(estimates) - pi) < 4 * sd / math.sqrt(runs)
    # and the spread is the formula's: chi-square interval for the variance, false alarm 0.1%
    s2 = np.var(estimates, ddof=1)
    low, high = stats.chi2.ppf([FALSE_ALARM / 2, 1 - FALSE_ALARM / 2], runs - 1) / (runs - 1)
    assert low < s2 / sd**2 < high


@pytest.mark.parametrize("p", [0.6, 0.8, 0.95])
def test_randomizer_tells_the_truth_with_probability_p(p: float) -> None:
    """Binomial test on the share of unchanged answers, false-alarm rate 0.1%."""
    rng = np.random.default_rng(11)
    truth = rng.random(100_000) < 0.4
    reported = rr_perturb(truth, p, rng)
    kept = int(np.count_nonzero(reported == truth))
    assert stats.binomtest(kept, truth.size, p).pvalue > FALSE_ALARM
    # flipping does not depend on the answer: same rate among the "yes" and the "no"
    assert stats.binomtest(int(np.count_nonzero(reported[truth])), int(truth.sum()), p).pvalue > FALSE_ALARM


def test_rr_perturb_accepts_zero_one_and_rejects_other_values() -> None:
    rng = np.random.default_rng(0)
    out = rr_perturb(np.array([0, 1, 1, 0]), 0.9, rng)
    assert out.dtype == np.bool_ and out.shape == (4,)
    with pytest.raises(ValueError, match="0/1"):
        rr_perturb(np.array([0, 2]), 0.9, rng)


@pytest.mark.slow
def test_one_respondent() -> None:
    rng = np.random.default_rng(3)
    turns = [rr_respond(True, 0.7, rng) for _ in range(20_000)]
    assert all(t.reported == (t.truth if t.coin_heads else not t.truth) for t in turns)
    heads = sum(t.coin_heads for t in turns)
    assert stats.binomtest(heads, len(turns), 0.7).pvalue > FALSE_ALARM


def test_summary_and_interval() -> None:
    s = rr_summary(14, 20, 0.8)
    assert s.estimate == pytest.approx(16.666666 / 20, rel=1e-6)
    assert s.raw_share == pytest.approx(0.7)
    assert s.epsilon == pytest.approx(math.log(4))
    assert s.standard_error == pytest.approx(math.sqrt(0.8 * 0.2 / 20) / 0.6)
    assert s.low == pytest.approx(s.estimate - 1.959964 * s.standard_error, rel=1e-6)
    assert s.high == pytest.approx(s.estimate + 1.959964 * s.standard_error, rel=1e-6)
    assert rr_standard_error(20, 0.8) == s.standard_error


def test_interval_covers_about_95_percent() -> None:
    """Coverage of the 95% interval over 2,000 seeded surveys of 2,000 people (normal approx.)."""
    n, pi, p, runs = 2000, 0.2, 0.7, 2000
    hits = 0
    for seed in range(runs):
        _, n_yes = rr_simulate_survey(n, pi, p, np.random.default_rng(10_000 + seed))
        s = rr_summary(n_yes, n, p)
        hits += s.low <= pi <= s.high
    assert stats.binomtest(hits, runs, 0.95).pvalue > FALSE_ALARM


def _coverage(n: int, share: float, p: float, interval: Callable[[int], tuple[float, float]]) -> float:
    """Exact probability that `interval(n_yes)` covers the class's true share: k = round(share n) people
    truly say "yes", so the "yes" reports are Binomial(k, p) + Binomial(n - k, 1 - p) (their pmfs convolved)."""
    k = round(share * n)
    pmf = np.convolve(stats.binom.pmf(np.arange(k + 1), k, p), stats.binom.pmf(np.arange(n - k + 1), n - k, 1 - p))
    bounds = np.array([interval(y) for y in range(n + 1)])
    covered = (bounds[:, 0] <= k / n + 1e-12) & (k / n - 1e-12 <= bounds[:, 1])
    return float(pmf[covered].sum())


def _bounds(e: BinaryEstimate) -> tuple[float, float]:
    return e.low, e.high


CLASS_SIZES = (1, 2, 3, 5, 8, 12, 20, 25, 30, 45, 70, 120, 200)
POLL_EPSILONS = (EPSILON_MIN, 0.5, math.log(3), 2.0, 3.0, 4.0, EPSILON_MAX)  # ln 3: the coin protocol's p = 3/4


@pytest.mark.slow
@pytest.mark.parametrize("epsilon", POLL_EPSILONS)
def test_exact_interval_covers_at_least_95_percent_for_every_class(epsilon: float) -> None:
    """Issue 30: the exact coverage (no simulation noise) of the poll's interval is >= 95% in every cell
    of class sizes 1-200, the poll's epsilons and true shares 0.05-0.8."""
    p = rr_truth_probability(epsilon)
    for n in CLASS_SIZES:
        for share in (0.05, 0.2, 0.5, 0.8):
            cover = _coverage(n, share, p, lambda y: _bounds(rr_summary(y, n, p, exact=True)))
            assert cover >= 0.95, (n, epsilon, share, cover)


@pytest.mark.slow
def test_wald_interval_misses_its_level_in_a_class() -> None:
    """The audit's cells (a class of 20-30 at epsilon 2-5): the Wald interval covers 82-93% of the time,
    so the coverage test above can fail; the exact one holds."""
    wald = {}
    for n in (20, 25, 30):
        for epsilon in (2.0, 3.0, 4.0, 5.0):
            p = rr_truth_probability(epsilon)
            for share in (0.05, 0.2, 0.5, 0.8):
                wald[(n, epsilon, share)] = _coverage(n, share, p, lambda y: _bounds(rr_summary(y, n, p)))
                assert _coverage(n, share, p, lambda y: rr_exact_interval(y, n, p)) >= 0.95
    assert min(wald.values()) < 0.9, wald


def test_exact_interval_is_clopper_pearson_mapped_and_clipped() -> None:
    ci = stats.binomtest(14, 20).proportion_ci(0.95, method="exact")
    low, high = rr_exact_interval(14, 20, 0.8)
    assert (low, high) == pytest.approx(((ci.low - 0.2) / 0.6, min(1.0, (ci.high - 0.2) / 0.6)), abs=1e-9)
    assert rr_exact_interval(0, 20, 0.8)[0] == 0.0 and rr_exact_interval(20, 20, 0.8)[1] == 1.0
    s = rr_summary(14, 20, 0.8, exact=True)
    assert (s.low, s.high) == (low, high) and s.estimate == pytest.approx(16.666666 / 20, rel=1e-6)


# ---------------------------------------------------------------- invalid input


@pytest.mark.parametrize(
    "p,fragment",
    [
        (0.5, "above 0.5"),
        (0.3, "above 0.5"),
        (1.0, "below 1"),
        (1.2, "between 0 and 1"),
        (float("nan"), "NaN"),
        ("abc", "number"),
    ],
)
def test_bad_truth_probability(p: object, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        rr_estimate(5, 10, p)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=fragment):
        check_truth_probability(p)


@pytest.mark.parametrize(
    "n_yes,n,fragment", [(11, 10, "cannot exceed"), (-1, 10, "at least 0"), (1, 0, "at least 1"), (1.5, 10, "whole")]
)
def test_bad_counts(n_yes: float, n: float, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        rr_estimate(n_yes, n, 0.8)  # type: ignore[arg-type]


def test_grr_needs_p_above_one_over_k() -> None:
    with pytest.raises(ValueError, match="1/4"):
        check_truth_probability(0.25, 4)
    assert check_truth_probability(0.26, 4) == 0.26


# ---------------------------------------------------------------- generalised randomized response


def test_grr_with_two_categories_is_the_course_estimator() -> None:
    for n_yes, n, p in [(14, 20, 0.8), (400, 1000, 0.7)]:
        f = grr_estimate(np.array([n - n_yes, n_yes]), p)
        assert f[1] == pytest.approx(rr_estimate(n_yes, n, p))
        assert f.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("k", [2, 3, 7, 200])
def test_grr_keeps_with_p_and_replaces_uniformly(k: int) -> None:
    """Binomial test on the keep rate and chi-square on the replacement offsets, false alarm 0.1% each."""
    rng = np.random.default_rng(k)
    eps = 1.5
    p = rr_truth_probability(eps, k)
    codes = rng.integers(0, k, 300_000)
    reported = grr_perturb(codes, k, p, rng)
    assert reported.shape == codes.shape
    assert reported.min() >= 0 and reported.max() < k
    kept = reported == codes
    assert stats.binomtest(int(kept.sum()), codes.size, p).pvalue > FALSE_ALARM
    offsets = (reported.astype(np.int64) - codes)[~kept] % k
    observed = np.bincount(offsets, minlength=k)[1:]
    assert observed.size == k - 1 and np.all(offsets > 0)
    if k > 2:
        assert stats.chisquare(observed).pvalue > FALSE_ALARM


def test_grr_matches_a_plain_reference_implementation() -> None:
    """Same uniforms, the obvious loop-free formula: identical reports."""
    k, p, n = 6, 0.5, 50_000
    codes = np.random.default_rng(1).integers(0, k, n)
    reported = grr_perturb(codes, k, p, np.random.default_rng(2))
    u = np.random.default_rng(2).random(n)
    offset = np.where(u < p, 0, 1 + np.floor((u - p) / (1 - p) * (k - 1)).astype(int))
    np.testing.assert_array_equal(reported, (codes + offset) % k)


@settings(max_examples=100, deadline=None)
@given(k=st.integers(2, 300), n=st.integers(0, 200), eps=st.floats(0.01, 10), seed=st.integers(0, 2**32 - 1))
def test_grr_reports_are_valid_codes(k: int, n: int, eps: float, seed: int) -> None:
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, k, n)
    out = grr_perturb(codes, k, rr_truth_probability(eps, k), rng)
    assert out.shape == (n,)
    if n:
        assert out.min() >= 0 and out.max() < k


def test_grr_rejects_codes_out_of_range() -> None:
    with pytest.raises(ValueError, match="0 to 2"):
        grr_perturb(np.array([0, 3]), 3, 0.6, np.random.default_rng(0))
    with pytest.raises(ValueError, match="0 to 2"):
        grr_perturb(np.array([0.5]), 3, 0.6, np.random.default_rng(0))


def test_grr_estimate_is_unbiased_over_many_seeds() -> None:
    k, n, eps, runs = 4, 400, 1.0, 1000
    truth = np.array([0.1, 0.2, 0.3, 0.4])
    codes = np.repeat(np.arange(k), (truth * n).astype(int))
    p = rr_truth_probability(eps, k)
    estimates = np.array(
        [grr_estimate(count_codes(grr_perturb(codes, k, p, np.random.default_rng(s)), k), p) for s in range(runs)]
    )
    sd = np.sqrt(grr_variance_exact(truth, n, p, k))
    assert np.all(np.abs(estimates.mean(axis=0) - truth) < 4 * sd / math.sqrt(runs))
    ratio = estimates.var(axis=0, ddof=1) / sd**2
    low, high = stats.chi2.ppf([FALSE_ALARM / 2, 1 - FALSE_ALARM / 2], runs - 1) / (runs - 1)
    assert np.all((low < ratio) & (ratio < high))


@pytest.mark.parametrize("k", [2, 5, 50])
@pytest.mark.parametrize("eps", [0.5, 1.0, 4.0])
def test_survey_variance_is_the_exact_variance_at_zero_frequency(k: int, eps: float) -> None:
    """SEED-FACTS section 6, GRR row: (e^eps + d - 2) / (n (e^eps - 1)^2)."""
    n = 1000
    e = math.exp(eps)
    survey = (e + k - 2) / (n * (e - 1) ** 2)
    assert grr_variance(n, eps, k) == pytest.approx(survey)
    p = rr_truth_probability(eps, k)
    assert float(grr_variance_exact(0.0, n, p, k)) == pytest.approx(survey)
    if k == 2:
        assert rr_variance(n, p) == pytest.approx(survey)
        assert rr_variance(n, p) == pytest.approx(float(grr_variance_exact(0.37, n, p, 2)))


def test_other_probability_and_epsilon_round_trip() -> None:
    for k in (2, 3, 10):
        for eps in (0.1, 1.0, 5.0):
            p = rr_truth_probability(eps, k)
            q = (1 - p) / (k - 1)  # the probability of one particular other category
            assert p / q == pytest.approx(math.exp(eps))
            assert p + (k - 1) * q == pytest.approx(1.0)
            assert rr_epsilon(p, k) == pytest.approx(eps)


def test_rmse_and_central_error() -> None:
    f = np.array([0.5, 0.25, 0.25])
    p = rr_truth_probability(1.0, 3)
    assert grr_rmse(f, 100, 1.0) == pytest.approx(math.sqrt(np.mean(grr_variance_exact(f, 100, p, 3))))
    assert central_frequency_error(100, 0.5) == pytest.approx(math.sqrt(2) * 2 / 100)
    # local error shrinks like 1/sqrt(n), central like 1/n
    assert grr_rmse(f, 10_000, 1.0) / grr_rmse(f, 100, 1.0) == pytest.approx(0.1, rel=1e-9)
    assert central_frequency_error(10_000, 1.0) / central_frequency_error(100, 1.0) == pytest.approx(0.01)


def test_count_codes_matches_bincount() -> None:
    rng = np.random.default_rng(0)
    codes = rng.integers(0, 7, 200_003).astype(np.uint8)
    np.testing.assert_array_equal(count_codes(codes, 7), np.bincount(codes, minlength=7))
    with pytest.raises(ValueError, match="0 to 2"):
        count_codes(np.array([0, 5]), 3)


# ---------------------------------------------------------------- a whole column


def test_randomize_column() -> None:
    values = pd.Series(["b", "a", None, "c", "a", "a", float("nan")] * 1000, name="letters")
    result = randomize_column(values, 1.0, np.random.default_rng(0))
    assert result.categories == ("a", "b", "c")
    assert result.missing == 2000 and result.n == 5000
    np.testing.assert_array_equal(result.true_counts, [3000, 1000, 1000])
    assert result.reported_counts.sum() == 5000
    assert result.p == pytest.approx(rr_truth_probability(1.0, 3))
    np.testing.assert_allclose(result.estimated_frequencies, grr_estimate(result.reported_counts, result.p))
    assert result.estimated_frequencies.sum() == pytest.approx(1.0)
    assert np.all(np.abs(result.estimated_frequencies - result.true_frequencies) < 5 * result.standard_errors)
    assert len(result.categories) == 3
    binary = randomize_column(pd.Series([True, False, True]), 2.0, np.random.default_rng(0))
    assert len(binary.categories) == 2


@pytest.mark.parametrize(
    "values,eps,fragment",
    [
        ([None, None], 1.0, "no answers"),
        (["x", "x"], 1.0, "only one possible answer"),
        (list(range(MAX_CATEGORIES + 1)), 1.0, f"at most {MAX_CATEGORIES}"),
        (["x", "y"], 0.0, "greater than zero"),
        (["x", "y"], -1.0, "greater than zero"),
    ],
)
def test_randomize_column_rejects(values: list, eps: float, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        randomize_column(pd.Series(values, name="c"), eps, np.random.default_rng(0))


def test_weighted_rows_stand_for_that_many_people() -> None:
    """The course's medical table: one row per age bucket, `patients` people in each."""
    buckets = pd.Series(["20-30", "30-40", "40-50", "50-60", "60-70", None], name="age_bucket")
    patients = pd.Series([405, 436, 421, 457, 463, 7])
    result = randomize_column(buckets, 1.0, np.random.default_rng(0), weights=patients)
    assert result.n == 405 + 436 + 421 + 457 + 463
    assert result.missing == 7
    np.testing.assert_array_equal(result.true_counts, [405, 436, 421, 457, 463])
    with pytest.raises(ValueError, match="whole numbers of people"):
        randomize_column(buckets, 1.0, np.random.default_rng(0), weights=patients * 0.5)


def test_public_categories_fix_k_and_count_the_rest_as_outside() -> None:
    values = pd.Series(["yes", "no", "yes", "maybe", None])
    result = randomize_column(values, 1.0, np.random.default_rng(0), categories=("yes", "no"))
    assert result.categories == ("yes", "no")
    np.testing.assert_array_equal(result.true_counts, [2, 1])
    assert result.outside == 1 and result.missing == 1 and result.n == 3
    assert result.p == pytest.approx(rr_truth_probability(1.0, 2))
    # an empty category still counts towards k and gets an estimate
    wide = randomize_column(values, 1.0, np.random.default_rng(0), categories=("yes", "no", "maybe", "never"))
    assert wide.true_counts[3] == 0 and wide.estimated_frequencies.size == 4


def test_numeric_answers_get_short_labels_in_numeric_order() -> None:
    result = randomize_column(pd.Series([2009.0, 2007.0, 2008.0, 2007.0]), 1.0, np.random.default_rng(0))
    assert result.categories == ("2007", "2008", "2009")


def test_correction_steps_as_printed() -> None:
    steps = rr_correction_steps(14, 20, 0.8)
    assert steps.numerator == pytest.approx(10.0)
    assert steps.denominator == pytest.approx(0.6)
    assert round(steps.value, 1) == 16.7
    assert rr_correction_steps(6, 20, 0.8).numerator == pytest.approx(2.0)
