"""Choosing privately (dpcore.pricing): typed score tables, the pumpkin price, a private mode."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

from dpcore.limits import MAX_CATEGORIES
from dpcore.mechanisms import calibrate, exponential_probabilities
from dpcore.pricing import (
    MAX_PRICE_CANDIDATES,
    TABLE_6_4_OPTIONS,
    TABLE_6_4_PRINTED,
    as_printed,
    buyer_table,
    compare_pricing,
    expected_revenue_noisy_price,
    price_grid,
    pricing_curves,
    private_mode,
    revenue_sensitivity,
    revenues,
    running_frequencies,
    score_table,
)

BOOK_BUYERS = np.array([1.0, 1.0, 3.0])  # Alice, Bob, Charlie (course 6.3.1)

# ---------------------------------------------------------------- typed tables


def test_score_table_accepts_the_book_and_ignores_empty_rows() -> None:
    t = score_table(["football", "volleyball", None, "basketball", "tennis"], [30, "25", None, 8.0, 2])
    assert t.names == ("football", "volleyball", "basketball", "tennis")
    assert t.scores == (30.0, 25.0, 8.0, 2.0)
    np.testing.assert_array_equal(t.values, [30, 25, 8, 2])


@pytest.mark.parametrize(
    "names,scores,fragment",
    [
        ([], [], "empty"),
        ([None, ""], [None, float("nan")], "empty"),
        (["a", "b"], [1, "many"], "'many', which is not a finite number"),
        (["a", "b"], [1, None], "'b' has no score"),
        (["a", "b"], [1, float("nan")], "'b' has no score"),
        (["a", "b"], [1, float("inf")], "not a finite number"),
        (["a", "b"], [1, True], "not a finite number"),
        (["a", None], [1, 2], "Row 2 has a score but no name"),
        (["a", "a"], [1, 2], "both called 'a'"),
        (["a"], [1, 2], "exactly one"),
    ],
)
def test_score_table_errors_are_sentences(names: list, scores: list, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        score_table(names, scores)


def test_shifted_scores_keep_the_probabilities_and_never_overflow() -> None:
    t = score_table(["a", "b", "c"], [1e15, -1e15, 3])
    assert t.shifted.max() == 0
    with np.errstate(over="ignore"):  # -1e15 * 10 / 2e-300 is -inf: exp gives 0, as it should
        probs = exponential_probabilities(t.shifted, 10.0, 1e-300)
    assert np.all(np.isfinite(probs)) and probs[0] == 1.0
    book = score_table(["f", "v", "b", "t"], [30, 25, 8, 2])
    np.testing.assert_allclose(exponential_probabilities(book.shifted, 0.1), exponential_probabilities(book.values, 0.1))
    with pytest.raises(ValueError, match="between -1e15 and 1e15"):
        score_table(["a"], [2e15])


def test_table_6_4_constants_and_printed_precision() -> None:
    """The page's copy of Table 6-4 is the book's (SEED-FACTS section 4)."""
    assert TABLE_6_4_OPTIONS == (("football", 30), ("volleyball", 25), ("basketball", 8), ("tennis", 2))
    assert TABLE_6_4_PRINTED[1.0] == ("0.924", "0.075", "1.5e-05", "7.7e-07")
    assert as_printed(0.330243, "0.330") == "0.330"
    assert as_printed(1.5434e-05, "1.5e-05") == "1.5e-05"
    assert as_printed(0.25, "0.25") == "0.25"
    assert as_printed(7.6843e-07, "7.7e-07") == "7.7e-07"


def test_score_table_size_limit() -> None:
    n = MAX_CATEGORIES + 1
    with pytest.raises(ValueError, match=f"at most {MAX_CATEGORIES}"):
        score_table([f"o{i}" for i in range(n)], [1] * n)


def test_buyer_table() -> None:
    t = buyer_table(["Alice", "Bob", "Charlie"], [1, 1, 3])
    assert t.scores == (1.0, 1.0, 3.0)
    with pytest.raises(ValueError, match="cannot be negative"):
        buyer_table(["Alice"], [-1])
    with pytest.raises(ValueError, match="buyer table is empty"):
        buyer_table([], [])


# ---------------------------------------------------------------- revenue and its sensitivity


def test_revenue_as_the_course_tells_it() -> None:
    """Price 1 and price 3 both earn 3; 1.01 earns 1.01; 3.01 earns nothing."""
    np.testing.assert_allclose(revenues([1, 3, 1.01, 3.01, 0, -1], BOOK_BUYERS), [3, 3, 1.01, 0, 0, 0])


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    buyers=st.lists(st.floats(0, 10, allow_nan=False), min_size=1, max_size=8),
    new_value=st.floats(0, 10, allow_nan=False),
    who=st.integers(0, 7),
    remove=st.booleans(),
)
def test_revenue_sensitivity_is_the_largest_price(buyers: list[float], new_value: float, who: int, remove: bool) -> None:
    """One buyer changing (or leaving) moves revenue(r) by at most r <= the largest candidate."""
    prices = price_grid(0.0, 10.0, 0.25)
    neighbour = list(buyers)
    if remove:
        neighbour.pop(who % len(buyers))
    else:
        neighbour[who % len(buyers)] = new_value
    gap = np.abs(revenues(prices, np.array(buyers)) - revenues(prices, np.array(neighbour)))
    assert np.all(gap <= prices + 1e-12)
    assert gap.max() <= revenue_sensitivity(prices) + 1e-12


def test_price_grid() -> None:
    np.testing.assert_allclose(price_grid(0.25, 1.0, 0.25), [0.25, 0.5, 0.75, 1.0])
    np.testing.assert_allclose(price_grid(1, 3, 1), [1, 2, 3])
    assert price_grid(0.1, 0.3, 0.1).size == 3  # no floating-point loss of the last price


@pytest.mark.parametrize(
    "low,high,step,fragment",
    [
        (-1, 2, 1, "0 or more"),
        (2, 2, 1, "must be above"),
        (1, 2, 0, "greater than zero"),
        (0, 1000, 0.01, f"at most {MAX_PRICE_CANDIDATES}"),
        ("x", 2, 1, "must be numbers"),
        (0, 1e300, 1e298, r"at most 1e\+12"),
    ],
)
def test_price_grid_errors(low: object, high: object, step: object, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        price_grid(low, high, step)  # type: ignore[arg-type]


# ---------------------------------------------------------------- expected revenues


def _reference_noisy(price: float, buyers: np.ndarray, scale: float) -> float:
    """Independent reference: quad of revenue(x) against scipy's Laplace density."""
    density = stats.laplace(loc=price, scale=scale).pdf
    edges = np.unique(np.concatenate([[0.0, price], buyers[buyers > 0]]))
    total = 0.0
    for a, b in zip(edges[:-1], edges[1:]):
        total += integrate.quad(lambda x: float(revenues([x], buyers)[0]) * density(x), a, b, limit=200)[0]
    return total


@pytest.mark.parametrize("price,scale", [(1.0, 3.75), (1.0, 0.05), (3.0, 1.0), (2.0, 20.0)])
@pytest.mark.parametrize("buyers", [BOOK_BUYERS, np.array([0.5, 2.0, 2.0, 4.5, 0.0])])
def test_noisy_price_expectation_against_scipy(price: float, scale: float, buyers: np.ndarray) -> None:
    noise = calibrate("laplace", 1.0, sensitivity=scale)
    assert expected_revenue_noisy_price(price, buyers, noise) == pytest.approx(
        _reference_noisy(price, buyers, scale), rel=1e-6, abs=1e-9
    )


def test_noisy_price_expectation_against_simulation() -> None:
    """Monte Carlo with 2 million draws agrees within 4 standard errors."""
    noise = calibrate("laplace", 1.0, sensitivity=3.75)
    rng = np.random.default_rng(99)
    earned = revenues(1.0 + noise.sample(rng, 2_000_000), BOOK_BUYERS)
    se = earned.std() / math.sqrt(earned.size)
    assert abs(earned.mean() - expected_revenue_noisy_price(1.0, BOOK_BUYERS, noise)) < 4 * se


def test_tiny_noise_on_the_best_price_still_loses_a_third() -> None:
    """Even nearly noiseless, the price lands above 1 half the time and only Charlie buys: E -> 2."""
    noise = calibrate("laplace", 1e4, sensitivity=1.0)
    assert expected_revenue_noisy_price(1.0, BOOK_BUYERS, noise) == pytest.approx(2.0, abs=1e-3)
    # from price 3 (also optimal) it is worse: half the time nobody buys
    assert expected_revenue_noisy_price(3.0, BOOK_BUYERS, noise) == pytest.approx(1.5, abs=1e-3)


def test_compare_pricing() -> None:
    prices = price_grid(0.25, 4.0, 0.25)
    c = compare_pricing(prices, BOOK_BUYERS, 1.0)
    assert c.best_price == 1.0 and c.best_revenue == 3.0  # the lowest of the two best prices
    assert c.score_sensitivity == 4.0
    assert c.noisy_price_sensitivity == pytest.approx(3.75)
    assert c.noisy_price_scale == pytest.approx(3.75)
    np.testing.assert_allclose(c.probabilities, exponential_probabilities(c.revenues, 1.0, 4.0))
    assert c.exponential_expected == pytest.approx(float(np.sum(c.probabilities * c.revenues)))
    assert c.noisy_expected < c.exponential_expected < c.best_revenue


def test_curves_approach_the_best_price_for_the_exponential_mechanism_only() -> None:
    prices = price_grid(0.25, 4.0, 0.25)
    best, expo, noisy = pricing_curves(prices, BOOK_BUYERS, np.array([0.01, 1.0, 100.0, 1000.0]))
    assert np.all(best == 3.0)
    assert np.all(np.diff(expo) > 0) and expo[-1] == pytest.approx(3.0, abs=1e-6)
    assert noisy[-1] == pytest.approx(2.0, abs=0.01)


def test_compare_pricing_errors() -> None:
    with pytest.raises(ValueError, match="at least two"):
        compare_pricing(np.array([1.0]), BOOK_BUYERS, 1.0)
    with pytest.raises(ValueError, match="greater than zero"):
        compare_pricing(price_grid(1, 3, 1), BOOK_BUYERS, 0.0)


# ---------------------------------------------------------------- sampling and the private mode


def test_running_frequencies() -> None:
    draws = np.random.default_rng(0).integers(0, 3, 10_000)
    marks, freq = running_frequencies(draws, 3, checkpoints=30)
    assert marks[0] == 1 and marks[-1] == 10_000 and np.all(np.diff(marks) > 0)
    for m, row in zip(marks, freq):
        np.testing.assert_allclose(row, np.bincount(draws[:m], minlength=3) / m)


def test_private_mode() -> None:
    values = pd.Series(["a"] * 5 + ["b"] * 3 + ["c"] + [None] * 2, name="letters")
    choice = private_mode(values, 2.0, np.random.default_rng(0))
    assert choice.candidates == ("a", "b", "c")
    np.testing.assert_array_equal(choice.counts, [5, 3, 1])
    np.testing.assert_allclose(choice.probabilities, exponential_probabilities([5, 3, 1], 2.0, 1.0))
    assert choice.mode_probability == pytest.approx(choice.probabilities[0])
    assert choice.missing == 2 and not choice.truncated
    assert choice.chose_mode == (choice.chosen == 0)


def test_private_mode_ties_and_truncation() -> None:
    tied = private_mode(pd.Series([1, 1, 2, 2, 3]), 1.0, np.random.default_rng(1))
    assert set(tied.mode_indices) == {0, 1} and tied.candidates == ("1", "2", "3")
    assert tied.mode_probability == pytest.approx(tied.probabilities[:2].sum())
    many = private_mode(pd.Series(np.arange(MAX_CATEGORIES + 50)), 1.0, np.random.default_rng(1))
    assert len(many.candidates) == MAX_CATEGORIES and many.truncated and many.distinct == MAX_CATEGORIES + 50


@pytest.mark.slow
def test_private_mode_follows_the_probabilities() -> None:
    """Chi-square over 3,000 seeded choices, false-alarm rate 0.1%."""
    values = pd.Series(["a"] * 4 + ["b"] * 3 + ["c"] * 1)
    picks = [private_mode(values, 1.0, np.random.default_rng(s)).chosen for s in range(3000)]
    expected = exponential_probabilities([4, 3, 1], 1.0) * 3000
    assert stats.chisquare(np.bincount(picks, minlength=3), expected).pvalue > 1e-3


def test_private_mode_with_weights_and_public_candidates() -> None:
    """The course's medical table: the mode of age_bucket weighted by patients is 60-70 (463)."""
    buckets = pd.Series(["20-30", "30-40", "40-50", "50-60", "60-70"])
    patients = pd.Series([405, 436, 421, 457, 463])
    public = ("10-20", "20-30", "30-40", "40-50", "50-60", "60-70")
    choice = private_mode(buckets, 0.5, np.random.default_rng(0), weights=patients, candidates=public)
    assert choice.candidates[0] == "60-70" and choice.counts[0] == 463
    assert choice.candidates[-1] == "10-20" and choice.counts[-1] == 0  # a public candidate nobody holds
    assert choice.public_candidates and choice.outside == 0
    np.testing.assert_allclose(choice.probabilities, exponential_probabilities(choice.counts, 0.5, 1.0))
    # eps q / 2 with eps = 0.5: gaps of 6, 27, 42, 58 and 463 votes behind the mode
    gaps = np.array([6, 27, 42, 58, 463]) * 0.25
    assert choice.mode_probability == pytest.approx(1 / (1 + np.exp(-gaps).sum()))


def test_private_mode_errors() -> None:
    with pytest.raises(ValueError, match="no values"):
        private_mode(pd.Series([None, None]), 1.0, np.random.default_rng(0))
    with pytest.raises(ValueError, match="zero or more"):
        private_mode(pd.Series([1, 2]), -1.0, np.random.default_rng(0))
