"""One observed output: the exact posterior by Bayes' rule, where it sits in the band, and the
axis of outputs worth looking at."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dpcore.posterior.bounds import check_prior, posterior_bounds, posterior_from_loss
from dpcore.posterior.models import AttackModel
from dpcore.validation import check_count


@dataclass(frozen=True)
class OutputReading:
    """Everything an attacker reads off one output O."""

    output: float
    prior: float
    likelihood_d: float
    likelihood_d_prime: float
    privacy_loss: float
    posterior: float
    lower: float  # the pure-eps band for this prior
    upper: float

    @property
    def inside_band(self) -> bool:
        """True when the posterior respects the pure-eps band (|L(O)| <= eps)."""
        return self.lower - 1e-12 <= self.posterior <= self.upper + 1e-12


def exact_posterior(model: AttackModel, prior: float | np.ndarray, output: float | np.ndarray) -> np.ndarray:
    """P[D | O] = expit(logit(P) + L(O)) for the model's densities (vectorised over O)."""
    return posterior_from_loss(prior, model.privacy_loss(output))


def read_output(model: AttackModel, prior: float, output: float) -> OutputReading:
    """The likelihoods, privacy loss, exact posterior and pure-eps band for one output."""
    p = float(check_prior(prior))
    lik_d, lik_dp = model.likelihoods(output)
    loss = float(model.privacy_loss(output))
    lower, upper = posterior_bounds(p, model.epsilon)
    return OutputReading(
        float(output), p, float(lik_d), float(lik_dp), loss,
        float(posterior_from_loss(p, loss)), float(lower), float(upper),
    )


@dataclass(frozen=True)
class OutputAxis:
    """The range of outputs worth looking at, with a round step (whole numbers when discrete)."""

    lo: float
    hi: float
    step: float
    discrete: bool = False

    def snap(self, value: float) -> float:
        """The nearest point of the axis grid, clamped to [lo, hi]."""
        v = min(max(float(value), self.lo), self.hi)
        k = round((v - self.lo) / self.step)
        return float(round(min(self.lo + k * self.step, self.hi), 10))

    def grid(self, points: int = 801, keep: tuple[float, ...] = ()) -> np.ndarray:
        """At most `points` outputs to draw curves on: every few grid steps when discrete (whole
        numbers), else even steps plus the outputs in `keep` (where a curve bends: f(D), f(D'))."""
        n = check_count("The number of outputs", points, minimum=len(keep) + 2, maximum=100_000)
        if self.discrete:
            every = self.step * max(1, math.ceil((self.hi - self.lo) / self.step / (n - 1)))
            return np.arange(self.lo, self.hi + 0.5 * every, every)
        return np.union1d(np.linspace(self.lo, self.hi, n - len(keep)), keep)


def _nice_step(raw: float) -> float:
    exponent = math.floor(math.log10(raw))
    for mantissa in (1.0, 2.0, 5.0, 10.0):
        step = mantissa * 10.0**exponent
        if step >= raw:
            return float(f"{step:.12g}")
    return float(f"{10.0 ** (exponent + 1):.12g}")


def output_axis(model: AttackModel, positions: int = 400) -> OutputAxis:
    """Outputs from f(D') - w to f(D) + w, w = max(5 std, 2 |Delta|), in about `positions` steps.

    The step is 1, 2 or 5 times a power of ten, and f(D) is on the grid. Randomized response:
    the two answers 0 and 1. Discrete Laplace: whole-number steps.
    """
    if model.noise is None:
        return OutputAxis(0.0, 1.0, 1.0, discrete=True)
    low = min(model.centre_d, model.centre_d_prime)
    high = max(model.centre_d, model.centre_d_prime)
    reach = max(5.0 * model.spread, 2.0 * model.pair.sensitivity)
    step = _nice_step((high - low + 2 * reach) / positions)
    if model.discrete:
        step = max(1.0, float(math.ceil(step)))
    # Anchor the grid on f(D), so the default output (the true answer on D) is a grid point.
    anchor = model.centre_d
    lo = anchor - math.ceil((anchor - (low - reach)) / step) * step
    hi = anchor + math.ceil((high + reach - anchor) / step) * step
    return OutputAxis(float(f"{lo:.12g}"), float(f"{hi:.12g}"), step, model.discrete)


def draw_output(model: AttackModel, rng: np.random.Generator) -> float:
    """One output of the mechanism run on D (the real dataset). Simulation with numpy."""
    return float(model.sample(rng, np.array([True]))[0])
