"""The guessing game: a fair coin picks D or D', the mechanism answers, an attacker guesses."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore.errors import DPError
from dpcore.limits import MAX_GAME_ROUNDS
from dpcore.posterior.loss import PrivacyLossDistribution, privacy_loss_distribution
from dpcore.posterior.models import AttackModel
from dpcore.posterior.testing import accuracy_ceiling, roc_curve
from dpcore.validation import check_count


def wilson_interval(successes: np.ndarray | int, trials: np.ndarray | int, z: float = 1.959963984540054) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a proportion (95% by default), vectorised.

    centre = (k + z^2/2) / (n + z^2), half-width = z sqrt(k (n - k) / n + z^2 / 4) / (n + z^2).
    Reference: Wilson (1927); Brown, Cai & DasGupta (2001).
    """
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    if np.any(n <= 0) or np.any(k < 0) or np.any(k > n) or not np.all(np.isfinite(n)):
        raise DPError("trials_successes")
    z2 = z * z
    centre = (k + z2 / 2) / (n + z2)
    half = z * np.sqrt(k * ((n - k) / n) + z2 / 4) / (n + z2)  # (n - k) / n <= 1: no overflow near 1e308
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


@dataclass(frozen=True)
class GameResult:
    """N rounds: a fair coin picks D or D', the mechanism answers, the Bayes attacker guesses."""

    rounds: int
    correct: int
    accuracy: float
    ci_low: float  # 95% Wilson interval for the attacker's true accuracy
    ci_high: float
    expected_accuracy: float  # exact: (1 + TV(A(D), A(D'))) / 2
    ceiling: float  # (e^eps + delta) / (e^eps + 1); pure DP: e^eps / (1 + e^eps)
    checkpoints: np.ndarray  # round numbers (1-based) where the running accuracy is reported
    running_accuracy: np.ndarray
    running_low: np.ndarray
    running_high: np.ndarray


def play_game(
    model: AttackModel,
    rounds: int,
    rng: np.random.Generator,
    pld: PrivacyLossDistribution | None = None,
    checkpoints: int = 300,
) -> GameResult:
    """Play `rounds` rounds at once (vectorised): coins, outputs, guesses, running accuracy.

    The attacker guesses D when L(O) > 0, D' when L(O) < 0, and flips a coin at L(O) = 0: with
    prior 1/2 that is the Bayes-optimal (maximum-posterior) guess. Simulation with numpy.
    """
    n = check_count("The number of rounds", rounds, minimum=1, maximum=MAX_GAME_ROUNDS)
    on_d = rng.random(n) < 0.5
    outputs = model.sample(rng, on_d)
    tie_break = rng.random(n) < 0.5
    loss = model.privacy_loss(outputs)
    guess_d = np.where(loss == 0, tie_break, loss > 0)
    correct = np.cumsum(guess_d == on_d)
    marks = np.unique(np.geomspace(1, n, num=min(checkpoints, n)).round().astype(np.int64))
    hits = correct[marks - 1]
    low, high = wilson_interval(hits, marks)
    total = int(correct[-1])
    ci_low, ci_high = wilson_interval(total, n)
    dist = pld if pld is not None else privacy_loss_distribution(model)
    return GameResult(
        rounds=n,
        correct=total,
        accuracy=total / n,
        ci_low=float(ci_low),
        ci_high=float(ci_high),
        expected_accuracy=0.5 * (1.0 + float(roc_curve(dist).max_advantage)),
        ceiling=accuracy_ceiling(model.epsilon, model.delta),
        checkpoints=marks,
        running_accuracy=hits / marks,
        running_low=low,
        running_high=high,
    )


@dataclass(frozen=True)
class GameRound:
    """One round a person plays: the world the coin picked, the output shown, and what the
    Bayes-optimal attacker (prior 1/2) guesses from that output."""

    on_d: bool
    output: float
    bayes_guess_d: bool


def game_round(model: AttackModel, rng: np.random.Generator) -> GameRound:
    """Draw one round: a fair coin picks D or D', the mechanism answers once. The Bayes attacker
    guesses D when L(O) > 0, D' when L(O) < 0, and flips a coin at L(O) = 0, as in `play_game`.
    Simulation with numpy: the same `rng` state gives the same round."""
    on_d = bool(rng.random() < 0.5)
    output = float(model.sample(rng, np.array([on_d]))[0])
    loss = float(model.privacy_loss(output))
    tie_break = bool(rng.random() < 0.5)
    return GameRound(on_d, output, tie_break if loss == 0 else loss > 0)
