"""dpcore.animation: the frames of the averaging attack and hypothetical outcome draws."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dpcore import animation as anim
from dpcore.attacks import mean_noise_std, split_mean_noise_std
from dpcore.limits import MAX_ANIMATION_DRAWS, MAX_ANIMATION_FRAMES
from dpcore.mechanisms import calibrate
from dpcore.rng import make_rng


def test_frames_are_every_answer_up_to_the_frame_count_then_a_log_grid() -> None:
    assert anim.frame_answers(5, 60).tolist() == [1, 2, 3, 4, 5]
    grid = anim.frame_answers(1_000, 60)
    assert grid[0] == 1 and grid[-1] == 1_000 and np.all(np.diff(grid) > 0) and len(grid) == 60
    assert len(anim.frame_answers(100, 60)) == 60 and len(anim.frame_answers(10**6, 60)) == 60
    with pytest.raises(ValueError):
        anim.frame_answers(0, 60)
    with pytest.raises(ValueError):
        anim.frame_answers(10, MAX_ANIMATION_FRAMES + 1)


def test_averaging_frames_are_reproducible_and_shaped() -> None:
    a = anim.averaging_frames(0.5, 200, 3, 40, make_rng(7, "n"), make_rng(7, "s"))
    b = anim.averaging_frames(0.5, 200, 3, 40, make_rng(7, "n"), make_rng(7, "s"))
    assert np.array_equal(a.naive, b.naive) and np.array_equal(a.split, b.split)
    assert a.naive.shape == a.split.shape == (3, len(a.answers))
    assert a.epsilon_split == pytest.approx(0.5 / 200)


def test_the_naive_mean_converges_and_the_split_one_does_not() -> None:
    # 400 attackers at k = 1,000: the naive spread matches sqrt(2)/(eps sqrt k), the split one
    # sqrt(2k)/eps (independent reference: dpcore.attacks' closed forms), k times wider.
    eps, k = 1.0, 1_000
    f = anim.averaging_frames(eps, k, 400, 30, make_rng(1, "n"), make_rng(1, "s"))
    naive_sd, split_sd = f.naive[:, -1].std(), f.split[:, -1].std()
    assert naive_sd == pytest.approx(mean_noise_std(eps, k), rel=0.15)
    assert split_sd == pytest.approx(split_mean_noise_std(eps, k), rel=0.15)
    assert np.mean(np.abs(f.naive[:, -1]) < 0.5) > 0.9  # the attack recovers the count
    assert np.mean(np.abs(f.split[:, -1]) < 0.5) < 0.05  # the defence holds
    # the naive spread shrinks frame after frame; the split one ends no narrower than sqrt(2k)/eps / 2
    assert f.naive[:, 0].std() > 10 * naive_sd
    assert split_sd > math.sqrt(2 * k) / eps / 2


def test_hypothetical_outcomes_are_the_counts_plus_calibrated_noise() -> None:
    counts = np.array([405, 436, 421, 457, 463])
    mech = calibrate("laplace", 1.0)
    draws = anim.hypothetical_outcomes(counts, mech, MAX_ANIMATION_DRAWS, make_rng(3, "h"))
    assert draws.shape == (MAX_ANIMATION_DRAWS, 5)
    # Laplace(1): sd sqrt(2), so the mean of 200 draws is within 0.5 of the count (5 sd)
    assert np.allclose(draws.mean(axis=0), counts, atol=0.5)
    assert np.allclose((draws - counts).std(axis=0), math.sqrt(2), rtol=0.25)
    again = anim.hypothetical_outcomes(counts, mech, MAX_ANIMATION_DRAWS, make_rng(3, "h"))
    assert np.array_equal(draws, again)
    with pytest.raises(ValueError):
        anim.hypothetical_outcomes(counts, mech, MAX_ANIMATION_DRAWS + 1, make_rng(3, "h"))
    with pytest.raises(ValueError):
        anim.hypothetical_outcomes(counts, mech, 0, make_rng(3, "h"))
    with pytest.raises(ValueError):
        anim.hypothetical_outcomes(np.array([]), mech, 3, make_rng(3, "h"))
