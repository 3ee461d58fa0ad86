"""dpcore.audit_one_run: the paper's figure (a perfect attacker with 1,000 canaries shows at most
~5.8) and its closed form, the bound against jax-privacy 2.0.0 (`_epsilon_one_run`, and
`epsilon_one_run` at a threshold on the same scores), the p-value against scipy's binomial, and the
audit of a simulated mechanism in one run: never above the truth but for alpha, near it with many
canaries."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import binom

from dpcore.audit_one_run import audit_scores, epsilon_bound, guess_counts, p_value, perfect_epsilon
from dpcore.errors import DPError
from tests.unit.jax_privacy_auditing import auditing


def test_a_perfect_attacker_with_1000_canaries_shows_at_most_5_8() -> None:
    """Steinke, Nasr & Jagielski 2023: every guess right gives q^m <= alpha, epsilon = logit(alpha^(1/m))."""
    assert perfect_epsilon(1_000) == pytest.approx(5.8, abs=0.01)
    for m in (100, 10_000, 1_000_000):
        q = 0.05 ** (1 / m)
        assert perfect_epsilon(m) == pytest.approx(math.log(q / (1 - q)), rel=1e-6)


def test_p_value_without_delta_is_the_binomial_tail() -> None:
    q = math.exp(1.3) / (1 + math.exp(1.3))
    assert p_value(500, 120, 90, 1.3) == pytest.approx(binom.sf(89, 120, q), rel=1e-12)
    assert p_value(500, 120, 0, 1.3) == 1.0


@pytest.mark.parametrize("delta", [0.0, 1e-6, 1e-5, 1e-3])
def test_p_value_matches_jax_privacy(delta: float) -> None:
    reference = auditing()._one_run_p_value
    for m, r, w, eps in [(1_000, 100, 80, 0.5), (1_000, 1_000, 990, 4.0), (50_000, 2_000, 1_500, 1.0),
                         (2_000, 40, 40, 3.0)]:
        assert p_value(m, r, w, eps, delta) == pytest.approx(reference(m, r, w, eps, delta), rel=1e-9, abs=1e-15)


def test_bound_matches_jax_privacy_on_a_grid() -> None:
    reference = auditing()._epsilon_one_run
    g = np.random.default_rng(0)
    for _ in range(60):
        m = int(g.integers(10, 5_000))
        r = int(g.integers(1, m + 1))
        w = int(g.integers(r // 2, r + 1))
        alpha, delta = float(g.choice([0.01, 0.05, 0.2])), float(g.choice([0.0, 1e-6, 1e-5, 1e-3]))
        assert epsilon_bound(m, r, w, alpha, delta) == pytest.approx(reference(0, m, r, w, alpha, delta), abs=2e-6)


def test_bound_matches_jax_privacy_at_a_threshold_on_the_same_scores() -> None:
    """jax-privacy's one-sided audit (every canary scoring at least t guessed in) on the same draws."""
    a = auditing()
    g = np.random.default_rng(1)
    m = 4_000
    included = g.random(m) < 0.5
    scores = np.where(included, 1.0, 0.0) + g.normal(0, 0.7, m)
    auditor = a.CanaryScoreAuditor(scores[included], scores[~included])
    for t in (0.8, 1.5, 2.2):
        guessed = scores >= t
        ours = epsilon_bound(m, int(guessed.sum()), int((guessed & included).sum()), 0.05, 1e-5)
        theirs = auditor.epsilon_one_run(0.05, 1e-5, threshold_strategy=a.Explicit(t))
        assert ours == pytest.approx(theirs, abs=2e-6) and ours > 0


def test_delta_caps_what_many_canaries_can_show() -> None:
    """2 m delta grows with m: at delta = 1e-5 a million perfect guesses show less than 10,000 do."""
    assert perfect_epsilon(1_000_000, delta=1e-5) < perfect_epsilon(10_000, delta=0.0)
    assert perfect_epsilon(1_000_000, delta=1e-5) < perfect_epsilon(1_000_000, delta=0.0) - 4


def test_guess_counts() -> None:
    assert guess_counts(1_000) == (10, 20, 50, 100, 200, 500, 1_000)
    assert guess_counts(100)[0] == 2 and guess_counts(101)[-1] == 100 and all(r % 2 == 0 for r in guess_counts(77))


def _randomized_response_run(m: int, epsilon: float, seed: int) -> tuple[np.ndarray, np.ndarray, np.random.Generator]:
    """Each canary's bit, reported truthfully with probability e^eps / (1 + e^eps): epsilon-DP per canary."""
    g = np.random.default_rng(seed)
    included = g.random(m) < 0.5
    truthful = g.random(m) < math.exp(epsilon) / (1 + math.exp(epsilon))
    return np.where(truthful, included, ~included).astype(float), included, g


def test_one_run_of_randomized_response_comes_near_its_epsilon() -> None:
    scores, included, g = _randomized_response_run(200_000, 1.0, 2)
    run = audit_scores(scores, included, g)
    assert 0.9 < run.epsilon <= 1.0 and run.canaries == 200_000 and run.tried == len(guess_counts(200_000))
    assert run.guesses % 2 == 0 and run.correct <= run.guesses and run.included == int(included.sum())


def test_separated_scores_come_near_but_not_up_to_a_perfect_attacker() -> None:
    """Guesses split evenly (k highest in, k lowest out) miss only as many as the included canaries are
    off half; the bound is that count's at alpha / the counts tried, under the perfect attacker's."""
    g = np.random.default_rng(3)
    included = g.random(1_000) < 0.5
    run = audit_scores(included.astype(float) + g.random(1_000) * 0.1, included, g)
    assert run.correct >= run.guesses - abs(int(included.sum()) - 500)
    assert run.epsilon == pytest.approx(epsilon_bound(1_000, run.guesses, run.correct, 0.05 / run.tried), rel=1e-9)
    assert 4 < run.epsilon < perfect_epsilon(1_000)


@pytest.mark.slow
def test_false_alarms_are_rare() -> None:
    over = sum(audit_scores(*_randomized_response_run(2_000, 0.5, 100 + s)).epsilon > 0.5 for s in range(100))
    assert over <= 12  # each run above 0.5 with chance <= 5%: P[Bin(100, 0.05) > 12] < 0.2%


def test_bad_inputs_raise() -> None:
    with pytest.raises(DPError):
        epsilon_bound(100, 200, 10)  # more guesses than canaries
    with pytest.raises(DPError):
        epsilon_bound(100, 10, 11)
    with pytest.raises(DPError):
        audit_scores([1.0, 2.0, 3.0], [True, False], np.random.default_rng(0))
    with pytest.raises(DPError):
        audit_scores([1.0, float("nan")], [True, False], np.random.default_rng(0))
