"""What the browser-played animations show, drawn in one go: the frames of an averaging attack
(the attacker's running mean after k = 1, 2, ... answers) and hypothetical outcome plots (the same
noisy release drawn again and again). Pure numpy with a Generator: a simulation, for display.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dpcore.attacks import running_means, split_epsilon
from dpcore.limits import MAX_ANIMATION_DRAWS, MAX_ANIMATION_FRAMES, MAX_REPEATED_QUERIES
from dpcore.mechanisms import AdditiveNoise
from dpcore.validation import check_count, check_epsilon


def frame_answers(k: int, frames: int) -> np.ndarray:
    """The numbers of answers seen at each frame: every k from 1 to k when k <= frames, else about
    `frames` whole numbers from 1 to k nearly evenly spaced on a log scale (always 1 and k)."""
    n = check_count("The number of repeated queries", k, maximum=MAX_REPEATED_QUERIES)
    m = check_count("The number of frames", frames, minimum=2, maximum=MAX_ANIMATION_FRAMES)
    if n <= m:
        return np.arange(1, n + 1, dtype=np.int64)
    points = m
    while True:  # rounding merges the first points: ask for more until `frames` distinct remain
        grid = np.unique(np.round(np.logspace(0.0, math.log10(n), points)).astype(np.int64))
        if grid.size >= m:
            return grid
        points += m - grid.size


@dataclass(frozen=True)
class AveragingFrames:
    """Running means of the noise of a few attackers at the frames' numbers of answers, once with
    epsilon per answer (the attack) and once with epsilon split over all k answers (the defence)."""

    answers: np.ndarray  # shape (frames,): answers seen at each frame, the last is k
    naive: np.ndarray  # shape (attackers, frames): mean noise with epsilon per answer
    split: np.ndarray  # shape (attackers, frames): mean noise with epsilon / k per answer
    epsilon: float
    epsilon_split: float


def averaging_frames(
    epsilon: float, k: int, attackers: int, frames: int,
    rng_naive: np.random.Generator, rng_split: np.random.Generator,
) -> AveragingFrames:
    """Both attacks, path by path: each frame adds the answers since the previous frame to every
    attacker's running sum (exact in law, dpcore.attacks.running_means)."""
    eps = check_epsilon(epsilon)
    answers = frame_answers(k, frames)
    per = split_epsilon(eps, int(answers[-1]))
    naive = running_means(eps, answers, attackers, rng_naive).means
    split = running_means(per, answers, attackers, rng_split).means
    return AveragingFrames(answers, naive, split, eps, per)


def hypothetical_outcomes(counts: np.ndarray, mechanism: AdditiveNoise, draws: int,
                          rng: np.random.Generator) -> np.ndarray:
    """`draws` independent noisy releases of the same counts, one per row (shape (draws, bins))."""
    c = np.asarray(counts, dtype=float)
    if c.ndim != 1 or c.size == 0 or not np.all(np.isfinite(c)):
        raise ValueError("The counts must be a non-empty list of finite numbers.")
    n = check_count("The number of draws", draws, maximum=MAX_ANIMATION_DRAWS)
    return c[None, :] + mechanism.sample(rng, (n, c.size))
