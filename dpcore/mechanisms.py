"""Noise mechanisms of the course: calibration, sampling, densities, privacy loss and accuracy.

Three additive-noise families (Laplace, Gaussian, discrete Laplace) share one frozen dataclass,
`AdditiveNoise`, so pages and other dpcore modules never write a second copy of a density.
The exponential mechanism and randomized response's truth probability live here too.

Reference: Dwork & Roth, "The Algorithmic Foundations of Differential Privacy" (2014), ch. 3;
Balle & Wang, "Improving the Gaussian mechanism" (ICML 2018, arXiv:1805.06530);
the course chapter (SEED-FACTS sections 3, 4, 5 and 8).
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Literal

import numpy as np

from dpcore.errors import DPError
from dpcore.limits import (
    MAX_ABS_SCORE,
    MAX_DISCRETE_SCALE,
    MAX_GAUSSIAN_EPSILON,
    MAX_NOISE_SCALE,
    MAX_SELECTION_DRAWS,
    MIN_NOISE_SCALE,
)
from dpcore.validation import check_count, check_delta, check_epsilon, check_positive, check_probability

NoiseKind = Literal["laplace", "gaussian", "discrete_laplace"]
GaussianMethod = Literal["analytic", "classic"]
NOISE_KINDS: tuple[NoiseKind, ...] = ("laplace", "gaussian", "discrete_laplace")
GAUSSIAN_METHODS: tuple[GaussianMethod, ...] = ("analytic", "classic")

ArrayLike = float | np.ndarray

# Noise scales outside [MIN_NOISE_SCALE, MAX_NOISE_SCALE] (dpcore.limits) are refused: beyond them a
# density, a standard deviation or a quantile overflows (1 / 2b for a subnormal b; sqrt(2) b near
# 1e308) and the noise says nothing a person can use (discrete Laplace takes any t > 0 at the small
# end: its noise is then 0). Discrete Laplace stops earlier at the large end: its draws must stay
# whole numbers a float and an int64 hold exactly (t = 1e12 draws beyond 2^53 about once in e^9000).


def check_noise_scale(
    scale: float, eps: float, sens: float, maximum: float = MAX_NOISE_SCALE, minimum: float = MIN_NOISE_SCALE
) -> float:
    """`scale` if it lies in [minimum, maximum]; DPError "noise_overflow"/"noise_underflow"."""
    if not scale <= maximum:  # also catches inf and NaN
        raise DPError("noise_overflow", epsilon=eps, sensitivity=sens)
    if not scale >= minimum:
        raise DPError("noise_underflow", epsilon=eps, sensitivity=sens, minimum=MIN_NOISE_SCALE)
    return scale


def gaussian_sigma(
    epsilon: float, delta: float, sensitivity: float = 1.0, method: GaussianMethod = "analytic"
) -> float:
    """Standard deviation of Gaussian noise that gives (epsilon, delta)-DP.

    classic:  sigma = Delta_2 * sqrt(2 ln(1.25 / delta)) / epsilon  (proven only for epsilon < 1;
              returned at any epsilon for teaching comparisons, `calibrate` refuses it at eps >= 1).
    analytic: the smallest sigma with delta(epsilon) <= delta, by Balle & Wang's exact formula,
              taken from dp-accounting's `get_sigma_gaussian` (sensitivity 1) and scaled by Delta_2.

    Raises ValueError for epsilon <= 0, delta outside (0, 1), sensitivity <= 0, NaN, unknown method.
    Reference: Dwork & Roth Thm 3.22 (classic); Balle & Wang 2018, Thm 8 (analytic).
    """
    eps = check_epsilon(epsilon)
    d = check_delta(delta, allow_zero=False)
    sens = check_positive("Sensitivity", sensitivity)
    if method == "classic":
        # ln 1.25 - ln delta: 1.25 / delta overflows for a subnormal delta
        return check_noise_scale(sens * math.sqrt(2.0 * (math.log(1.25) - math.log(d))) / eps, eps, sens)
    if method == "analytic":
        if eps > MAX_GAUSSIAN_EPSILON:
            raise DPError("gaussian_epsilon_large", epsilon=eps, maximum=MAX_GAUSSIAN_EPSILON)
        # imported here: dp-accounting costs ~1 s to import, which a page's cold open should not pay
        from dp_accounting.gaussian_mechanism import get_sigma_gaussian

        return check_noise_scale(sens * float(get_sigma_gaussian(eps, d)), eps, sens)
    raise DPError("unknown_calibration", method=method)


@dataclass(frozen=True)
class _Family:
    """The zero-centred noise law of one mechanism, as functions of (x, scale)."""

    discrete: bool
    pdf: Callable[[np.ndarray, float], np.ndarray]
    cdf: Callable[[np.ndarray, float], np.ndarray]
    log_pdf: Callable[[np.ndarray, float], np.ndarray]
    privacy_loss: Callable[[np.ndarray, float, float, float], np.ndarray]  # (o, a, c, scale): ln p(o-a) / p(o-c)
    abs_quantile: Callable[[float, float], float]
    std: Callable[[float], float]
    sample: Callable[[np.random.Generator, float, int | tuple[int, ...]], np.ndarray]


def _laplace_exponent(x: np.ndarray, b: float) -> np.ndarray:
    """-|x| / b, -inf where it lies beyond the float range (far in the tail of a tiny scale):
    e^(-|x|/b) is then 0 in floating point anyway, so every density and tail built on it is exact."""
    with np.errstate(over="ignore"):
        return -np.abs(x) / b


def _laplace_cdf(x: np.ndarray, b: float) -> np.ndarray:
    tail = 0.5 * np.exp(_laplace_exponent(x, b))  # P(X <= -|x|)
    return np.where(x < 0, tail, 1 - tail)


def _gaussian_exponent(x: np.ndarray, s: float) -> np.ndarray:
    """-(x / s)^2 / 2, -inf where it lies beyond the float range (as `_laplace_exponent`)."""
    with np.errstate(over="ignore"):
        return -0.5 * (x / s) ** 2


def _gaussian_cdf(x: np.ndarray, s: float) -> np.ndarray:
    with np.errstate(over="ignore"):  # x / s = ±inf far out: Phi gives exactly 0 or 1 there
        return _special().ndtr(x / s)


def _dlap_p(t: float) -> float:
    return math.exp(-1.0 / t)


def _dlap_pmf(x: np.ndarray, t: float) -> np.ndarray:
    p = _dlap_p(t)
    k = np.asarray(x, dtype=float)
    pmf = (1 - p) / (1 + p) * np.power(p, np.abs(k))
    return np.where(k == np.round(k), pmf, 0.0)


def _dlap_log_pmf(x: np.ndarray, t: float) -> np.ndarray:
    p = _dlap_p(t)
    k = np.asarray(x, dtype=float)
    return np.where(k == np.round(k), math.log((1 - p) / (1 + p)) + _laplace_exponent(k, t), -np.inf)


def _dlap_cdf(x: np.ndarray, t: float) -> np.ndarray:
    # Powers of p <= 1 with exponents >= 0 only: p^-k for a k >= 0 (the branch np.where drops) would
    # overflow, or divide by zero once p underflows to 0.
    p = _dlap_p(t)
    k = np.floor(np.asarray(x, dtype=float))
    below = np.power(p, np.abs(k)) / (1 + p)  # P(X <= k) = p^-k / (1 + p) for k < 0
    above = 1 - np.power(p, np.abs(k) + 1) / (1 + p)  # P(X <= k) for k >= 0
    return np.where(k < 0, below, above)


def _bounded_loss(log_pdf: Callable[[np.ndarray, float], np.ndarray]) -> Callable[..., np.ndarray]:
    """Privacy loss of a Laplace-type law: ln p(o - a) - ln p(o - c) is constant for o outside [a, c]
    (|o - c| - |o - a| is then ±|a - c|), so o is first clipped into [a, c]: no -inf - -inf far out."""

    def loss(o: np.ndarray, a: float, c: float, scale: float) -> np.ndarray:
        q = np.clip(o, min(a, c), max(a, c))
        return log_pdf(q - a, scale) - log_pdf(q - c, scale)

    return loss


def _gaussian_loss(o: np.ndarray, a: float, c: float, s: float) -> np.ndarray:
    """((o - c)^2 - (o - a)^2) / 2s^2 = ((a - c) / s) ((o - (a + c) / 2) / s): no squares to overflow."""
    return ((a - c) / s) * ((o - (a / 2 + c / 2)) / s)


def _dlap_abs_quantile(alpha: float, t: float) -> float:
    # P(|X| >= a) = 2 p^a / (1 + p) for whole a >= 1; solved for a as OpenDP does.
    p = _dlap_p(t)
    return max(0.0, t * (math.log(2) - math.log(alpha) - math.log1p(p)))  # ln p = -1/t: finite when p underflows


def _dlap_sample(rng: np.random.Generator, t: float, size: int | tuple[int, ...]) -> np.ndarray:
    # The difference of two iid geometric counts of failures is discrete Laplace.
    q = -math.expm1(-1.0 / t)  # 1 - p without cancellation for a large t
    return (rng.geometric(q, size) - rng.geometric(q, size)).astype(np.int64)


def _special() -> ModuleType:
    """scipy.special, imported when a Gaussian first needs it: ~0.3 s a page's cold open skips."""
    from scipy import special

    return special


_FAMILIES: dict[NoiseKind, _Family] = {
    "laplace": _Family(
        discrete=False,
        pdf=lambda x, b: np.exp(_laplace_exponent(x, b)) / (2 * b),
        cdf=_laplace_cdf,
        log_pdf=lambda x, b: _laplace_exponent(x, b) - math.log(2 * b),
        privacy_loss=_bounded_loss(_laplace_exponent),
        abs_quantile=lambda alpha, b: -b * math.log(alpha),  # not ln(1/alpha): 1/alpha overflows for a subnormal alpha
        std=lambda b: math.sqrt(2) * b,
        sample=lambda rng, b, size: rng.laplace(0.0, b, size),
    ),
    "gaussian": _Family(
        discrete=False,
        pdf=lambda x, s: np.exp(_gaussian_exponent(x, s)) / (s * math.sqrt(2 * math.pi)),
        cdf=_gaussian_cdf,
        log_pdf=lambda x, s: _gaussian_exponent(x, s) - math.log(s * math.sqrt(2 * math.pi)),
        privacy_loss=_gaussian_loss,
        abs_quantile=lambda alpha, s: s * float(_special().ndtri(1 - alpha / 2)),
        std=lambda s: s,
        sample=lambda rng, s, size: rng.normal(0.0, s, size),
    ),
    "discrete_laplace": _Family(
        discrete=True,
        pdf=_dlap_pmf,
        cdf=_dlap_cdf,
        log_pdf=_dlap_log_pmf,
        privacy_loss=_bounded_loss(_dlap_log_pmf),
        abs_quantile=_dlap_abs_quantile,
        std=lambda t: math.sqrt(2 * _dlap_p(t)) / -math.expm1(-1.0 / t),
        sample=_dlap_sample,
    ),
}


@dataclass(frozen=True)
class AdditiveNoise:
    """A calibrated additive-noise mechanism M(D) = f(D) + noise.

    `scale` is b for Laplace (density exp(-|x|/b) / 2b), sigma for Gaussian, and t for discrete
    Laplace (pmf proportional to exp(-|k|/t), OpenDP's convention). `calibration` records the
    formula used. `failure` is a chance, beyond the noise, that the step's privacy fails outright (a
    category one person holds published by key selection, dpcore.key_selection): every accountant
    adds it to the delta it spends.
    """

    kind: NoiseKind
    scale: float
    epsilon: float
    delta: float
    sensitivity: float
    calibration: str
    failure: float = 0.0

    @property
    def _family(self) -> _Family:
        return _FAMILIES[self.kind]

    @property
    def discrete(self) -> bool:
        """True when outputs are whole numbers (discrete Laplace)."""
        return self._family.discrete

    @property
    def std(self) -> float:
        """Standard deviation of the noise."""
        return self._family.std(self.scale)

    def sample(self, rng: np.random.Generator, size: int | tuple[int, ...] = 1) -> np.ndarray:
        """Draw noise with numpy (a simulation; releases use dpcore.release and OpenDP)."""
        return self._family.sample(rng, self.scale, size)

    def pdf(self, x: ArrayLike) -> np.ndarray:
        """Density (pmf for discrete Laplace) of the noise at x."""
        return self._family.pdf(np.asarray(x, dtype=float), self.scale)

    def log_pdf(self, x: ArrayLike) -> np.ndarray:
        """Log density of the noise at x (-inf where a discrete pmf is 0, off the whole numbers).

        DPError "log_density_underflow" where the log density lies below -1.8e308 (x too many
        scales into the tail to compute with), instead of an -inf that looks like an impossible x.
        """
        x = np.asarray(x, dtype=float)
        log_pdf = self._family.log_pdf(x, self.scale)
        underflow = np.isneginf(log_pdf) & ((x == np.round(x)) if self.discrete else True)
        if np.any(underflow):
            first = float(np.broadcast_to(x, underflow.shape)[underflow].flat[0])
            raise DPError("log_density_underflow", x=first, scale=self.scale, minimum=-sys.float_info.max)
        return log_pdf

    def cdf(self, x: ArrayLike) -> np.ndarray:
        """P(noise <= x)."""
        return self._family.cdf(np.asarray(x, dtype=float), self.scale)

    def accuracy(self, alpha: float = 0.05) -> float:
        """The (1 - alpha) quantile of |noise|: P(|noise| >= a) = alpha.

        Laplace: b ln(1/alpha); Gaussian: sigma * Phi^-1(1 - alpha/2); discrete Laplace:
        ln(alpha (1 + p) / 2) / ln p with p = exp(-1/t). Agrees with opendp.accuracy.
        """
        a = check_probability("Alpha", alpha, open_interval=True)
        return self._family.abs_quantile(a, self.scale)

    def expected_abs_error(self) -> float:
        """E|noise|: b for Laplace, sigma * sqrt(2/pi) for Gaussian, 2p / (1 - p^2) discrete."""
        if self.kind == "laplace":
            return self.scale
        if self.kind == "gaussian":
            return self.scale * math.sqrt(2 / math.pi)
        p = _dlap_p(self.scale)
        return 2 * p / (1 - p * p)

    def output_pdf(self, output: ArrayLike, true_value: float) -> np.ndarray:
        """Density of the mechanism's output at `output` when the true answer is `true_value`."""
        return self.pdf(np.asarray(output, dtype=float) - true_value)

    def privacy_loss(self, output: ArrayLike, value_d: float, value_d_prime: float) -> np.ndarray:
        """L(O) = ln(p_D(O) / p_D'(O)) for true answers value_d (on D) and value_d_prime (on D').

        Computed in closed form (no -inf - -inf where both densities underflow). DPError
        "discrete_output" for a discrete mechanism's output that is not a whole number (both pmfs
        are 0 there: no ratio), "privacy_loss_overflow" where the loss lies beyond ±1.8e308.
        """
        o = np.asarray(output, dtype=float)
        if self.discrete and not np.all(o == np.round(o)):
            raise DPError("discrete_output")
        with np.errstate(over="ignore", invalid="ignore"):  # a loss beyond the float range is refused below
            loss = self._family.privacy_loss(o, float(value_d), float(value_d_prime), self.scale)
        if not np.all(np.isfinite(loss)):
            first = float(np.broadcast_to(o, np.shape(loss))[~np.isfinite(loss)].flat[0])
            raise DPError("privacy_loss_overflow", output=first, scale=self.scale, maximum=sys.float_info.max)
        return loss


def calibrate(
    kind: NoiseKind,
    epsilon: float,
    delta: float = 0.0,
    sensitivity: float = 1.0,
    gaussian_method: GaussianMethod = "analytic",
) -> AdditiveNoise:
    """Calibrate a mechanism to (epsilon, delta) for a query of the given sensitivity.

    Laplace and discrete Laplace: scale = Delta_1 / epsilon (pure DP, delta ignored).
    Gaussian: sigma from `gaussian_sigma` with Delta_2 (delta must be in (0, 1)). The classic
    formula is refused at epsilon >= 1 (DPError "classic_gaussian_range"): unproven there, and its
    true delta can exceed the stated one (eps = 20, delta = 1e-5: 1.5e-3).
    Raises ValueError with a readable message for any invalid parameter.
    """
    if kind not in _FAMILIES:
        raise DPError("unknown_mechanism", value=kind, options=', '.join(NOISE_KINDS))
    eps = check_epsilon(epsilon)
    sens = check_positive("Sensitivity", sensitivity)
    if kind == "gaussian":
        d = check_delta(delta, allow_zero=False)
        if gaussian_method == "classic" and eps >= 1:
            raise DPError("classic_gaussian_range", epsilon=eps, delta=d)
        sigma = gaussian_sigma(eps, d, sens, gaussian_method)
        return AdditiveNoise("gaussian", sigma, eps, d, sens, f"gaussian-{gaussian_method}")
    check_delta(delta)
    if kind == "discrete_laplace":  # any t > 0 works at the small end: the noise is then always 0
        scale = check_noise_scale(sens / eps, eps, sens, MAX_DISCRETE_SCALE, minimum=math.ulp(0.0))
    else:
        scale = check_noise_scale(sens / eps, eps, sens)
    return AdditiveNoise(kind, scale, eps, 0.0, sens, kind)


def exponential_probabilities(
    scores: np.ndarray | list[float], epsilon: float, sensitivity: float = 1.0
) -> np.ndarray:
    """Selection probabilities of the exponential mechanism.

    Pr[r] = exp(eps q(r) / (2 Delta_q)) / sum_r' exp(eps q(r') / (2 Delta_q)), computed after
    subtracting the largest exponent so it stays finite for eps * score up to 1e6 and beyond.
    epsilon = 0 gives the uniform distribution.
    Reference: McSherry & Talwar 2007; course Table 6-4.
    """
    q, eps, sens = check_selection(scores, epsilon, sensitivity)
    weights = np.exp(selection_log_weights(q - q.max(), eps, sens))
    return weights / weights.sum()


def check_selection(
    scores: np.ndarray | list[float], epsilon: float, sensitivity: float
) -> tuple[np.ndarray, float, float]:
    """(scores, epsilon, sensitivity) of a selection mechanism (exponential, permute-and-flip), checked.

    DPError for a non-number, empty, non-finite or too widely spread score list (the gaps between
    scores would overflow, and 0 * -inf is NaN), a negative / NaN / infinite epsilon (0 is allowed:
    uniform choice) or a sensitivity that is not a finite number above 0.
    """
    eps = check_epsilon(epsilon, allow_zero=True)
    sens = check_positive("Score sensitivity", sensitivity)
    try:
        q = np.asarray(scores, dtype=float)
    except (TypeError, ValueError):
        raise DPError("scores_not_numbers") from None
    if q.ndim != 1 or q.size == 0:
        raise DPError("no_scores")
    if not np.all(np.isfinite(q)):
        raise DPError("scores_not_finite")
    if not math.isfinite(float(q.max()) - float(q.min())):
        raise DPError("score_too_large", maximum=MAX_ABS_SCORE)
    return q, eps, sens


def selection_log_weights(gaps: np.ndarray, epsilon: float, sensitivity: float) -> np.ndarray:
    """eps * gap / (2 Delta) for score gaps <= 0 to the best option: 0 at the best even when
    eps / 2Delta overflows (no 0 * inf), -inf far below it (its weight e^-inf is then exactly 0)."""
    with np.errstate(over="ignore", invalid="ignore"):
        return np.where(gaps == 0, 0.0, (epsilon / (2.0 * sensitivity)) * gaps)


def sample_exponential(
    scores: np.ndarray | list[float],
    epsilon: float,
    rng: np.random.Generator,
    size: int = 1,
    sensitivity: float = 1.0,
) -> np.ndarray:
    """Draw `size` selections (indices into scores) from the exponential mechanism."""
    probabilities = exponential_probabilities(scores, epsilon, sensitivity)
    draws = check_count("The number of selections", size, maximum=MAX_SELECTION_DRAWS)
    return rng.choice(probabilities.size, size=draws, p=probabilities)


def rr_truth_probability(epsilon: float, categories: int = 2) -> float:
    """Probability that (generalised) randomized response reports the true value.

    p = e^eps / (e^eps + k - 1); for k = 2 this is the course's p = e^eps / (e^eps + 1).
    """
    eps = check_epsilon(epsilon, allow_zero=True)
    k = check_count("The number of categories", categories, minimum=2)
    return float(1.0 / (1.0 + (k - 1) * math.exp(-eps)))


def rr_epsilon(p: float, categories: int = 2) -> float:
    """Epsilon of randomized response that tells the truth with probability p.

    eps = ln(p (k - 1) / (1 - p)); for k = 2, eps = ln(p / (1 - p)). Needs 1/k < p < 1.
    """
    prob = check_probability("The truth probability p", p, open_interval=True)
    categories = check_count("The number of categories", categories, minimum=2)
    if prob <= 1.0 / categories:
        raise DPError("truth_p_low_answers", k=categories, chance=1 / categories, p=prob)
    return math.log(prob) + math.log(categories - 1) - math.log1p(-prob)  # no overflow for a huge k
