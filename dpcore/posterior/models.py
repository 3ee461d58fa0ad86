"""One mechanism answering the count on D or on D': what the attacker compares.

A mechanism is seen through `AttackModel`: a count query's answers on D and D' (`CountPair`) plus
either calibrated additive noise (Laplace, Gaussian, discrete Laplace) or randomized response on
the one record that differs (a two-point pmf with p = e^eps / (1 + e^eps)). Every density comes
from `dpcore.mechanisms`: no second copy of any density lives here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np

from dpcore.errors import DPError
from dpcore.mechanisms import NOISE_KINDS, AdditiveNoise, GaussianMethod, calibrate, rr_truth_probability
from dpcore.posterior.pairs import CountPair
from dpcore.validation import check_delta, check_epsilon

AttackKind = Literal["laplace", "gaussian", "discrete_laplace", "randomized_response"]
ATTACK_KINDS: tuple[AttackKind, ...] = (*NOISE_KINDS, "randomized_response")


@dataclass(frozen=True)
class AttackModel:
    """A mechanism answering the count on D or on D': what the attacker compares.

    Additive noise (`noise` set): O = f(X) + noise with X in {D, D'}. Randomized response
    (`truth_probability` set): the one record that differs answers "is my record counted?"
    truthfully with p = e^eps / (1 + e^eps); O = 1 ("yes", the answer on D) or 0 ("no", on D').
    """

    kind: AttackKind
    pair: CountPair
    epsilon: float
    delta: float
    noise: AdditiveNoise | None = None
    truth_probability: float | None = None

    @property
    def discrete(self) -> bool:
        """True when the outputs are whole numbers (discrete Laplace, randomized response)."""
        return self.noise is None or self.noise.discrete

    @property
    def centre_d(self) -> float:
        """Where the outputs sit on D: f(D) for noise, 1 ("yes") for randomized response."""
        return self.pair.value_d if self.noise is not None else 1.0

    @property
    def centre_d_prime(self) -> float:
        """Where the outputs sit on D': f(D') for noise, 0 ("no") for randomized response."""
        return self.pair.value_d_prime if self.noise is not None else 0.0

    def check_outputs(self, output: float | np.ndarray) -> np.ndarray:
        """Outputs as floats, or ValueError for one this mechanism can never produce."""
        try:
            o = np.asarray(output, dtype=float)
        except (TypeError, ValueError):
            raise DPError("output_not_number", output=output) from None
        if not np.all(np.isfinite(o)):
            raise DPError("output_not_finite")
        if self.noise is None and not np.all((o == 0) | (o == 1)):
            raise DPError("rr_output")
        if self.discrete and not np.all(o == np.round(o)):
            raise DPError("discrete_output")
        return o

    def log_likelihoods(self, output: float | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(ln p_D(O), ln p_D'(O)): log densities (pmfs when discrete) of the output."""
        o = self.check_outputs(output)
        if self.noise is not None:
            return self.noise.log_pdf(o - self.centre_d), self.noise.log_pdf(o - self.centre_d_prime)
        log_p, log_q = self._rr_log_probabilities
        yes = o == 1
        return np.where(yes, log_p, log_q), np.where(yes, log_q, log_p)

    @property
    def _rr_log_probabilities(self) -> tuple[float, float]:
        # ln p and ln(1 - p) for p = e^eps / (1 + e^eps), without forming 1 - p (it cancels).
        return -math.log1p(math.exp(-self.epsilon)), -self.epsilon - math.log1p(math.exp(-self.epsilon))

    def likelihoods(self, output: float | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(p_D(O), p_D'(O)): densities (pmfs when discrete) of the output on D and on D'."""
        o = self.check_outputs(output)
        if self.noise is not None:
            return self.noise.output_pdf(o, self.centre_d), self.noise.output_pdf(o, self.centre_d_prime)
        log_d, log_dp = self.log_likelihoods(o)
        return np.exp(log_d), np.exp(log_dp)

    def privacy_loss(self, output: float | np.ndarray) -> np.ndarray:
        """L(O) = ln(p_D(O) / p_D'(O)), from log densities (finite where densities underflow)."""
        o = self.check_outputs(output)
        if self.noise is not None:
            return self.noise.privacy_loss(o, self.centre_d, self.centre_d_prime)
        log_d, log_dp = self.log_likelihoods(o)
        return log_d - log_dp

    def sample(self, rng: np.random.Generator, on_d: np.ndarray) -> np.ndarray:
        """One output per entry of `on_d` (True: the mechanism ran on D; False: on D')."""
        world = np.asarray(on_d, dtype=bool)
        if self.noise is not None:
            centres = np.where(world, self.centre_d, self.centre_d_prime)
            return centres + self.noise.sample(rng, world.shape)
        truthful = rng.random(world.shape) < float(self.truth_probability)
        return np.where(truthful, world, ~world).astype(float)

    @property
    def spread(self) -> float:
        """A width for axes: the noise's standard deviation (1 for randomized response)."""
        return self.noise.std if self.noise is not None else 1.0


def attack_model(
    kind: AttackKind,
    pair: CountPair,
    epsilon: float,
    delta: float = 0.0,
    gaussian_method: GaussianMethod = "analytic",
) -> AttackModel:
    """Calibrate `kind` to (epsilon, delta) for the pair's sensitivity |f(D) - f(D')|.

    Laplace and discrete Laplace: scale Delta / eps; Gaussian: sigma from
    `dpcore.mechanisms.gaussian_sigma` (delta in (0, 1) required); randomized response:
    p = e^eps / (1 + e^eps), delta ignored. Raises ValueError for any unusable combination.
    """
    if kind not in ATTACK_KINDS:
        raise DPError("unknown_mechanism", value=kind, options=', '.join(ATTACK_KINDS))
    if kind == "randomized_response":
        eps = check_epsilon(epsilon)
        check_delta(delta)
        return AttackModel(kind, pair, eps, 0.0, truth_probability=rr_truth_probability(eps))
    if kind == "discrete_laplace" and not (
        pair.value_d.is_integer() and pair.value_d_prime.is_integer()
    ):
        raise DPError("discrete_counts", value_d=pair.value_d, value_d_prime=pair.value_d_prime)
    noise = calibrate(kind, epsilon, delta, pair.sensitivity, gaussian_method)
    return AttackModel(kind, pair, noise.epsilon, noise.delta, noise=noise)
