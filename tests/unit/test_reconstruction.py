"""The reconstruction attack (dpcore.reconstruction): exact and slightly noisy answers give the
secret away; noise calibrated to a total budget does not."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dpcore import accounting
from dpcore.errors import DPError
from dpcore.mechanisms import calibrate
from dpcore.reconstruction import attack, budget_scale, noisy_answers, random_queries, reconstruct

SECRET = np.random.default_rng(0).integers(0, 2, 60)


@pytest.mark.parametrize("method", ["lp", "least_squares"])
def test_exact_answers_give_every_bit_away(method: str) -> None:
    result = attack(SECRET, 240, 0.0, np.random.default_rng(1), method)
    assert result.recovered == 1.0


@pytest.mark.slow
def test_small_noise_still_gives_almost_everything_away() -> None:
    # noise of a couple of people per answer, far below sqrt(60) ~ 7.7: Dinur and Nissim's regime
    shares = [attack(SECRET, 480, 1.0, np.random.default_rng(s)).recovered for s in range(5)]
    assert min(shares) >= 0.95


def test_the_lp_explains_the_answers_at_least_as_well_as_the_truth() -> None:
    from scipy.optimize import linprog

    rng = np.random.default_rng(3)
    q = random_queries(SECRET.size, 200, rng)
    a = noisy_answers(SECRET, q, 3.0, rng)
    n, m = SECRET.size, q.shape[0]
    relaxed = linprog(np.r_[np.zeros(n), np.ones(m)],
                      A_ub=np.block([[q, -np.eye(m)], [-q, -np.eye(m)]]), b_ub=np.r_[a, -a],
                      bounds=[(0, 1)] * n + [(0, None)] * m, method="highs")
    assert relaxed.fun <= np.abs(q @ SECRET - a).sum() + 1e-6
    assert reconstruct(q, a).shape == (n,)


def test_noise_for_a_total_budget_stops_the_attack() -> None:
    scale = budget_scale(1.0, 1e-6, 480)
    shares = [attack(SECRET, 480, scale, np.random.default_rng(s)).recovered for s in range(5)]
    assert np.mean(shares) < 0.75  # about a coin toss per person (0.5), far from 1


@pytest.mark.parametrize("delta", [0.0, 1e-6])
def test_budget_scale_spends_the_budget_and_no_more(delta: float) -> None:
    m = 300
    scale = budget_scale(2.0, delta, m)
    per = 1 / scale

    def total(e: float) -> float:
        plan = [(calibrate("laplace", e), m)]
        basic = accounting.total_epsilon(plan, delta, "basic")
        return min(basic, accounting.total_epsilon(plan, delta, "advanced")) if delta else basic

    assert total(per) <= 2.0 + 1e-9 and total(per * 1.001) > 2.0
    if delta == 0:
        assert scale == pytest.approx(m / 2.0)
    else:  # advanced composition beats basic for 300 answers: less noise per answer
        assert scale < m / 2.0 and math.isfinite(scale)


def test_bad_input_is_refused() -> None:
    rng = np.random.default_rng(0)
    with pytest.raises(DPError):
        attack([0, 2, 1], 10, 1.0, rng)
    with pytest.raises(DPError):
        attack(SECRET, 0, 1.0, rng)
    with pytest.raises(DPError):
        attack(SECRET, 10, -1.0, rng)
    with pytest.raises(DPError):
        reconstruct(np.ones((2, 2)), np.ones(2), "magic")
