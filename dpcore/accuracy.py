"""Accuracy <-> epsilon: "with probability 1 - alpha the noise is within ±a", both ways.

accuracy: the (1 - alpha) quantile of |noise| of the mechanism calibrated to (epsilon, delta) for
the given sensitivity, from `dpcore.mechanisms.calibrate(...).accuracy(alpha)`:
    Laplace           a = b ln(1/alpha),                      b = Delta_1 / epsilon
    discrete Laplace  a = t (ln(2/alpha) - ln(1 + e^(-1/t))), t = Delta_1 / epsilon
    Gaussian          a = sigma z,  z = Phi^-1(1 - alpha/2),   sigma the analytic Gaussian's.
epsilon_for_accuracy inverts it: the scale that gives accuracy a (as OpenDP's
`accuracy_to_laplacian_scale` and relatives do), then epsilon = Delta / scale for the Laplaces and,
for the Gaussian, sigma = a / z and epsilon the smallest with delta(epsilon) <= delta at that sigma
(Balle & Wang, by dp-accounting's `get_epsilon_gaussian`).
The discrete Laplace's formula is OpenDP's continuous extension (its errors are whole numbers).

Reference: OpenDP 0.16 `opendp.accuracy` and its proof documents; Balle & Wang, "Improving the
Gaussian mechanism" (ICML 2018, arXiv:1805.06530) eq. 6 and Thm 8; Dwork & Roth (2014) Thm 3.8.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from dpcore.errors import DPError
from dpcore.limits import MAX_ACCURACY_CURVE_POINTS
from dpcore.mechanisms import NOISE_KINDS, ArrayLike, NoiseKind, calibrate
from dpcore.validation import check_choice, check_delta, check_epsilon, check_positive, check_probability


def _checked(code: str, check: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run a dpcore.validation check, turning its ValueError into DPError(key) with the same sentence
    (the template of `key` is "{error}")."""
    try:
        return check(*args, **kwargs)
    except ValueError as error:
        raise DPError(code, value=args[-1], error=error) from None


def _check_kind(kind: Any) -> NoiseKind:
    return check_choice("unknown_mechanism", kind, NOISE_KINDS)


def check_noise_settings(kind: Any, alpha: Any, delta: Any) -> tuple[NoiseKind, float, float]:
    """Kind, alpha and delta checked once for every function here (and for the statistics built on
    them): DPError with code "unknown_mechanism", "alpha" or "delta" (in (0, 1) for the Gaussian)."""
    k = _check_kind(kind)
    a = _checked("alpha", check_probability, "Alpha (the chance of a larger error)", alpha, open_interval=True)
    d = _checked("delta", check_delta, delta, allow_zero=k != "gaussian")
    return k, a, d


def check_plan_epsilon(epsilon: Any) -> float:
    """Epsilon as a finite float above 0, or DPError("epsilon") quoting it."""
    return float(_checked("epsilon.check", check_epsilon, epsilon))


def _check_common(kind: Any, sensitivity: Any, alpha: Any, delta: Any) -> tuple[NoiseKind, float, float, float]:
    k, a, d = check_noise_settings(kind, alpha, delta)
    return k, _checked("sensitivity", check_positive, "Sensitivity", sensitivity), a, d


def accuracy(
    kind: NoiseKind, epsilon: float, sensitivity: float, alpha: float = 0.05, delta: float = 0.0
) -> float:
    """Half-width a with P(|noise| >= a) = alpha for the mechanism calibrated to (epsilon, delta).

    Delta is used by the Gaussian only (it must lie in (0, 1) there). Raises DPError with code
    "epsilon", "delta", "sensitivity", "alpha" or "unknown_mechanism".
    """
    k, sens, a, d = _check_common(kind, sensitivity, alpha, delta)
    return calibrate(k, check_plan_epsilon(epsilon), d, sens).accuracy(a)


def _dlap_half_width(t: ArrayLike, alpha: float) -> ArrayLike:
    """The discrete Laplace's accuracy at scale t, written so it stays finite for tiny t (where
    e^(-1/t) underflows to 0): t (ln(2/alpha) - ln(1 + e^(-1/t))), equal to ln(alpha (1+p) / 2) / ln p."""
    return t * (math.log(2 / alpha) - np.log1p(np.exp(-1 / np.asarray(t, dtype=float))))


def _dlap_scale_for_accuracy(target: float, alpha: float) -> float:
    """The discrete Laplace scale t whose accuracy at alpha is `target`.

    a(t) = t (ln(2/alpha) - ln(1 + e^(-1/t))) increases with t (its derivative is
    ln(2/alpha) - h(1/t) with h(u) = ln(1 + e^-u) + u e^-u / (1 + e^-u) <= ln 2), and
    t ln(1/alpha) <= a(t) <= t ln(2/alpha) brackets the root.
    """
    from scipy.optimize import brentq

    def gap(t: float) -> float:
        return float(_dlap_half_width(t, alpha)) - target

    lo, hi = target / (math.log(2) - math.log(alpha)), target / -math.log(alpha)  # 1/alpha overflows if subnormal
    if gap(lo) >= 0:  # only when the bracket is one point, in floating point
        return lo
    return float(brentq(gap, lo, hi, xtol=1e-300, rtol=4 * np.finfo(float).eps))


def epsilon_for_accuracy(
    kind: NoiseKind, accuracy: float, sensitivity: float, alpha: float = 0.05, delta: float = 0.0
) -> float:
    """The smallest epsilon whose noise stays within ±accuracy with probability 1 - alpha.

    Laplace: b = a / ln(1/alpha), epsilon = Delta_1 / b. Discrete Laplace: t solving a(t) = a,
    epsilon = Delta_1 / t. Gaussian: sigma = a / z, epsilon = get_epsilon_gaussian(sigma / Delta_2,
    delta); it is 0 when delta alone already covers that much noise (any epsilon > 0 then works).
    Raises DPError with code "accuracy" for a target that is not a finite number above 0,
    "accuracy_unreachable" for one so small that no finite epsilon reaches it, and the codes of
    `accuracy` for the other inputs.
    """
    k, sens, a, d = _check_common(kind, sensitivity, alpha, delta)
    try:
        target = check_positive("The target accuracy", accuracy)
    except ValueError:
        raise DPError("accuracy", value=accuracy) from None
    if k == "laplace":
        epsilon = sens * -math.log(a) / target  # not ln(1/alpha): 1/alpha overflows for a subnormal alpha
    elif k == "discrete_laplace":
        epsilon = sens / _dlap_scale_for_accuracy(target, a)
    else:
        epsilon = _gaussian_epsilon_for_accuracy(target, sens, a, d)
    if not math.isfinite(epsilon):
        raise DPError("accuracy_unreachable.noise", value=target, confidence=1 - a, sensitivity=sens)
    return epsilon


def _gaussian_epsilon_for_accuracy(target: float, sens: float, alpha: float, delta: float) -> float:
    """Epsilon of the Gaussian with sigma = target / z, by dp-accounting's `get_epsilon_gaussian`.

    Its ln delta(0) = ln(Phi(1/2s) - Phi(-1/2s)) is ln 0 (a divide-by-zero warning) once both Phis
    round to the same float, i.e. s = sigma / Delta above ~1e15, where delta(0) < 1e-15: epsilon 0
    is then returned, off by less than 40 / s < 1e-13 from the exact one for any delta >= 5e-324.
    """
    from dp_accounting.gaussian_mechanism import get_epsilon_gaussian
    from scipy.special import ndtri

    sigma = target / float(ndtri(1 - alpha / 2))
    with np.errstate(divide="ignore"):
        return float(get_epsilon_gaussian(sigma / sens, delta))


def _unit_gaussian_log_delta(sigma: np.ndarray, epsilon: np.ndarray) -> np.ndarray:
    """ln delta(epsilon) of the Gaussian mechanism with sensitivity 1, vectorised (Balle & Wang eq. 6)."""
    from scipy.special import log_ndtr

    x = log_ndtr(1 / (2 * sigma) - epsilon * sigma)
    y = epsilon + log_ndtr(-epsilon * sigma - 1 / (2 * sigma))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(y < x, x + np.log1p(-np.exp(np.minimum(y - x, 0.0))), -np.inf)


_BISECTION_STEPS = 64  # halvings of the log-sigma bracket: from a factor 1e8 to float precision


def _unit_gaussian_sigmas(epsilons: np.ndarray, delta: float) -> np.ndarray:
    """The analytic Gaussian's sigma (sensitivity 1) at every epsilon at once, by bisection on ln sigma.

    dp-accounting's `get_sigma_gaussian` gives the same numbers one epsilon at a time (~1 ms each);
    a chart needs 60 at once. delta(sigma) decreases in sigma, so bisection keeps the root bracketed.
    """
    target = math.log(delta)
    lo = np.full(epsilons.shape, math.log(1e-4)) - np.log(epsilons)
    hi = np.full(epsilons.shape, math.log(1e4)) - np.log(epsilons) + 0.5 * math.log(math.log(2 / delta))
    for _ in range(60):  # widen any bracket that does not hold the root (rare: extreme delta)
        low_ok = _unit_gaussian_log_delta(np.exp(lo), epsilons) >= target
        high_ok = _unit_gaussian_log_delta(np.exp(hi), epsilons) <= target
        if low_ok.all() and high_ok.all():
            break
        lo = np.where(low_ok, lo, lo - 5.0)
        hi = np.where(high_ok, hi, hi + 5.0)
    for _ in range(_BISECTION_STEPS):
        mid = 0.5 * (lo + hi)
        above = _unit_gaussian_log_delta(np.exp(mid), epsilons) > target
        lo = np.where(above, mid, lo)
        hi = np.where(above, hi, mid)
    return np.exp(hi)


def accuracy_curve(
    kind: NoiseKind,
    sensitivity: float,
    epsilons: np.ndarray | list[float],
    alpha: float = 0.05,
    delta: float = 0.0,
) -> np.ndarray:
    """`accuracy(kind, eps, sensitivity, alpha, delta)` for every eps in `epsilons`, vectorised.

    For the accuracy-versus-epsilon chart: at most MAX_ACCURACY_CURVE_POINTS epsilons, each finite
    and above 0. The Gaussian's sigmas come from a vectorised bisection of Balle & Wang's delta
    (the upper end of the final bracket, so the curve errs on the side of more noise).
    """
    k, sens, a, d = _check_common(kind, sensitivity, alpha, delta)
    try:
        eps = np.asarray(epsilons, dtype=float)
    except (TypeError, ValueError):
        raise DPError("epsilon.not_numbers") from None
    if eps.ndim != 1 or not 1 <= eps.size <= MAX_ACCURACY_CURVE_POINTS:
        raise DPError("curve_points", value=int(eps.size), maximum=MAX_ACCURACY_CURVE_POINTS)
    bad = ~(np.isfinite(eps) & (eps > 0))
    if bad.any():
        raise DPError("epsilon.range", value=float(eps[bad][0]))
    if k == "laplace":
        return sens * -math.log(a) / eps  # not ln(1/alpha): 1/alpha overflows for a subnormal alpha
    if k == "discrete_laplace":
        return np.asarray(_dlap_half_width(sens / eps, a))
    from scipy.special import ndtri

    return sens * float(ndtri(1 - a / 2)) * _unit_gaussian_sigmas(eps, d)
