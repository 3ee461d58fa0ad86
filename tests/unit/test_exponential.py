"""The exponential mechanism of dpcore.mechanisms against the course's Table 6-4 and direct sums."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from dpcore.mechanisms import exponential_probabilities, sample_exponential

# Course Table 6-4 (SEED-FACTS section 4): item, votes, and the printed probabilities.
SCORES = [30, 25, 8, 2]
BOOK = {
    0.0: ["0.25", "0.25", "0.25", "0.25"],
    0.1: ["0.424", "0.330", "0.141", "0.105"],
    1.0: ["0.924", "0.075", "1.5e-05", "7.7e-07"],
}


def _reference(scores: list[float], eps: float, sens: float = 1.0) -> np.ndarray:
    """The textbook formula written out directly (fine for these small exponents)."""
    weights = [math.exp(eps * s / (2 * sens)) for s in scores]
    return np.array([w / sum(weights) for w in weights])


def _as_printed(value: float, printed: str) -> str:
    """Format `value` the way the book printed `printed` (decimals or 2-significant e-notation)."""
    if "e" in printed:
        return f"{value:.1e}"
    decimals = len(printed.split(".")[1])
    return f"{value:.{decimals}f}"


@pytest.mark.parametrize("eps", sorted(BOOK))
def test_table_6_4_to_the_printed_precision(eps: float) -> None:
    computed = exponential_probabilities(SCORES, eps)
    for i, (value, printed) in enumerate(zip(computed, BOOK[eps])):
        if eps == 1.0 and i == 1:
            # Volleyball at eps = 1 is 0.07586: the book truncated it to 0.075 (rounding gives
            # 0.076). Check the truncation and the one-unit-of-the-last-digit agreement.
            assert math.floor(value * 1000) / 1000 == pytest.approx(0.075)
            assert abs(value - float(printed)) < 1e-3
            continue
        assert _as_printed(value, printed) == printed, (eps, i, value)


@pytest.mark.parametrize("eps", [0.0, 0.1, 1.0, 3.0])
@pytest.mark.parametrize("sens", [1.0, 2.5])
def test_matches_the_textbook_formula(eps: float, sens: float) -> None:
    np.testing.assert_allclose(
        exponential_probabilities(SCORES, eps, sens), _reference(SCORES, eps, sens), rtol=1e-12
    )


def test_epsilon_zero_is_uniform() -> None:
    np.testing.assert_allclose(exponential_probabilities([1e9, -3, 0, 7, 7], 0.0), np.full(5, 0.2))


@pytest.mark.parametrize(
    "eps,scores,first",
    [
        (1.0, [1e6, 0.0, -1e6], 1.0),
        (2.0, [1e6, 1e6 - 5, 3.0], 1 / (1 + math.exp(-5))),
        (1e6, [1.0, 0.5], 1.0),
        (10.0, [-1e6, -1e6], 0.5),
    ],
)
def test_finite_and_summing_to_one_for_huge_exponents(eps: float, scores: list[float], first: float) -> None:
    probs = exponential_probabilities(scores, eps)
    assert np.all(np.isfinite(probs))
    assert probs.sum() == pytest.approx(1.0)
    assert probs[0] == pytest.approx(first)


def test_shifting_every_score_changes_nothing() -> None:
    base = exponential_probabilities(SCORES, 0.7)
    np.testing.assert_allclose(exponential_probabilities(np.array(SCORES) + 1e8, 0.7), base, rtol=1e-6)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    scores=st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=30),
    eps=st.floats(0, 20),
)
def test_always_a_distribution(scores: list[float], eps: float) -> None:
    probs = exponential_probabilities(scores, eps)
    assert np.all(np.isfinite(probs)) and np.all(probs >= 0)
    assert probs.sum() == pytest.approx(1.0)
    # The best option is never less likely than any other.
    assert probs[int(np.argmax(scores))] == pytest.approx(probs.max())


@settings(max_examples=100, deadline=None)
@given(
    scores=st.lists(st.integers(0, 50), min_size=2, max_size=8),
    changed=st.integers(0, 7),
    eps=st.floats(0.01, 5),
)
def test_the_privacy_guarantee_holds(scores: list[int], changed: int, eps: float) -> None:
    """Scores of a neighbour differ by at most Delta_q = 1: no probability moves by more than e^eps."""
    neighbour = list(scores)
    neighbour[changed % len(scores)] += 1
    ratio = exponential_probabilities(scores, eps) / exponential_probabilities(neighbour, eps)
    assert np.all(ratio <= math.exp(eps) * (1 + 1e-12))
    assert np.all(ratio >= math.exp(-eps) * (1 - 1e-12))


@pytest.mark.parametrize(
    "scores,eps,sens,fragment",
    [
        ([], 1.0, 1.0, "at least one option"),
        (["a", 1], 1.0, 1.0, "must be a number"),
        ([1.0, float("nan")], 1.0, 1.0, "finite"),
        ([1.0, float("inf")], 1.0, 1.0, "finite"),
        ([1.0, 2.0], -0.5, 1.0, "zero or more"),
        ([1.0, 2.0], float("nan"), 1.0, "number"),
        ([1.0, 2.0], 1.0, 0.0, "greater than zero"),
    ],
)
def test_invalid_input_is_a_readable_value_error(scores: list, eps: float, sens: float, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        exponential_probabilities(scores, eps, sens)


def test_sampler_follows_the_probabilities() -> None:
    """Chi-square goodness of fit, fixed seed, false-alarm rate 0.1%."""
    rng = np.random.default_rng(20240605)
    n = 200_000
    probs = exponential_probabilities(SCORES, 0.1)
    draws = sample_exponential(SCORES, 0.1, rng, size=n)
    observed = np.bincount(draws, minlength=len(SCORES))
    assert stats.chisquare(observed, probs * n).pvalue > 1e-3
