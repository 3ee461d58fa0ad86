"""dpcore.attribute_inference: the best guess of a yes/no attribute against closed forms (Laplace's
total variation, the (epsilon, 0) ceiling), the substitution's sensitivities of every statistic, and
a brute-force likelihood-ratio attacker on simulated releases."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dpcore.attribute_inference import best_guess, substitution_events
from dpcore.errors import DPError
from dpcore.histogram import CategoryBins
from dpcore.key_selection import KeyedHistogram
from dpcore.mechanisms import calibrate
from dpcore.protection import Protection
from dpcore.statistics import Count, Histogram, Mean, Quantile, Sum

PEOPLE = Protection(2)


@pytest.mark.parametrize("epsilon", [0.1, 1.0, 3.0])
def test_one_laplace_count_guesses_as_its_total_variation_allows(epsilon: float) -> None:
    # Lap(0, b) against Lap(1, b): total variation 1 - exp(-1 / 2b); the best guess at prior 1/2 is
    # right with (1 + TV) / 2, below the (epsilon, 0)-DP ceiling e^eps / (1 + e^eps).
    events = substitution_events(Count(), "laplace", epsilon, Protection())
    tv = 1 - math.exp(-epsilon / 2)
    assert best_guess(events, 0.5) == pytest.approx((1 + tv) / 2, abs=1e-6)
    assert best_guess(events, 0.5) <= math.exp(epsilon) / (1 + math.exp(epsilon))
    # a lopsided prior: never below guessing the likelier answer, never above certainty
    assert max(0.9, 0.1) <= best_guess(events, 0.9) < 1


def test_every_statistic_faces_the_substitutions_sensitivity_with_its_planned_noise() -> None:
    cases = [
        (Histogram("a", CategoryBins(("x", "y"))), "laplace", [2.0 * 2]),  # L1: one bar down, another up
        (Histogram("a", CategoryBins(("x", "y"))), "gaussian", [math.sqrt(2) * 2]),
        (KeyedHistogram("a"), "discrete_laplace", [2.0 * 2]),
        (Sum("v", -10.0, 30.0), "laplace", [40.0 * 2]),
        (Mean("v", 0.0, 30.0), "laplace", [30.0 * 2, 1.0 * 2]),
        (Count(), "discrete_laplace", [2.0]),
    ]
    for stat, kind, sensitivities in cases:
        planned = stat.events(kind, 1.0, PEOPLE, 1e-6)
        swapped = substitution_events(stat, kind, 1.0, PEOPLE, 1e-6)
        assert [n.sensitivity for n, _ in swapped] == pytest.approx(sensitivities), stat
        assert [n.scale for n, _ in swapped] == [n.scale for n, _ in planned]  # the noise as drawn
        assert [n.failure for n, _ in swapped] == [n.failure for n, _ in planned]
    quantile = Quantile("v", 0.5, (1.0, 2.0, 3.0))
    (noise, _), = substitution_events(quantile, "permute_and_flip", 1.0, PEOPLE)
    assert noise.sensitivity == pytest.approx(2.0)  # scores move by m, against m max(q, 1 - q) = m / 2
    with pytest.raises(DPError):
        substitution_events(object(), "laplace", 1.0, PEOPLE)


def test_the_best_guess_matches_a_likelihood_ratio_attacker_on_simulated_releases() -> None:
    # The attacker sees one noisy count, c + Lap(b) with c in {10, 11}, yes with prior 0.3, and picks
    # the answer of larger posterior: its measured accuracy is the bound, within sampling error.
    rng = np.random.default_rng(7)
    noise = calibrate("laplace", 0.8, 0.0, 1.0)
    prior, draws = 0.3, 200_000
    yes = rng.random(draws) < prior
    seen = 10 + yes + rng.laplace(0, noise.scale, draws)
    ratio = np.exp((np.abs(seen - 10) - np.abs(seen - 11)) / noise.scale)  # p(seen | yes) / p(seen | no)
    guess = prior * ratio > (1 - prior)
    measured = np.mean(guess == yes)
    bound = best_guess(substitution_events(Count(), "laplace", 0.8, Protection()), prior)
    assert abs(measured - bound) < 5 * math.sqrt(bound * (1 - bound) / draws)
