"""delta(eps) of one mechanism on one pair: delta(eps) = E_{O ~ A(D)}[max(0, 1 - e^(eps - L(O)))],
next to the looser reading delta_1(eps) = P_{O ~ A(D)}[L(O) > eps], and delta as an area.

Checked three ways: the cells of the privacy-loss distribution, closed forms (Balle & Wang,
"Improving the Gaussian mechanism", ICML 2018, arXiv:1805.06530, Thm 8; the Laplace and randomized
response forms derived below) and Google's dp-accounting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dpcore.errors import DPError
from dpcore.mechanisms import rr_truth_probability
from dpcore.posterior.loss import PrivacyLossDistribution, loss_crossings, privacy_loss_distribution
from dpcore.posterior.models import AttackModel
from dpcore.validation import check_epsilon, check_positive


def _epsilons(epsilons: float | np.ndarray) -> np.ndarray:
    e = np.asarray(epsilons, dtype=float)
    if np.any(~np.isfinite(e)) or np.any(e < 0):
        raise DPError("epsilons_invalid")
    return e


def _count_above(pld: PrivacyLossDistribution, eps: np.ndarray) -> np.ndarray:
    # Cells with loss > eps form a prefix of the sorted cells; how long is it? (A loss equal to
    # eps up to rounding, as on Laplace's plateau at eps0 = eps, counts as equal.)
    return np.searchsorted(-pld.loss, -(eps + 1e-12 * np.maximum(1.0, eps)), side="left")


def delta_curve(pld: PrivacyLossDistribution, epsilons: float | np.ndarray) -> np.ndarray:
    """delta(eps) = sum over cells of max(0, P_D[cell] - e^eps P_D'[cell]), vectorised over eps.

    Equal to E_{O ~ A(D)}[max(0, 1 - e^(eps - L(O)))] (seed 003), summed over the cells with
    L > eps, which form a prefix of the sorted cells: one cumulative sum serves every eps.
    """
    eps = _epsilons(epsilons)
    k = _count_above(pld, eps)
    cum_d = np.concatenate(([0.0], pld.cum_d))
    cum_dp = np.concatenate(([0.0], pld.cum_d_prime))
    with np.errstate(over="ignore", invalid="ignore"):
        excess = cum_d[k] - np.exp(eps) * cum_dp[k]
    return np.clip(np.nan_to_num(excess, nan=0.0), 0.0, 1.0) + 0.0  # + 0.0 turns -0.0 into 0.0


def delta_one_curve(pld: PrivacyLossDistribution, epsilons: float | np.ndarray) -> np.ndarray:
    """delta_1(eps) = P_{O ~ A(D)}[L(O) > eps]: "the probability that eps-DP fails".

    Always >= delta(eps): it counts each such output with weight 1 instead of 1 - e^(eps - L).
    """
    eps = _epsilons(epsilons)
    cum_d = np.concatenate(([0.0], pld.cum_d))
    return np.clip(cum_d[_count_above(pld, eps)], 0.0, 1.0)


def delta_for_epsilon(model: AttackModel, epsilon: float) -> float:
    """delta(eps) = E_{O ~ A(D)}[max(0, 1 - e^(eps - L(O)))], by direct numerical integration.

    Continuous noise: scipy.integrate.quad of p_D(O) max(0, 1 - e^(eps - L(O))) over the real
    line, split at f(D), f(D') and where L(O) = eps (the integrand's kink). Discrete outputs:
    the same expectation as a sum over the pmf. The smallest delta for which this mechanism on
    this pair is (eps, delta)-DP (by symmetry of the noise, the other direction gives the same).
    Reference: seed 003; Balle & Wang 2018, Thm 5 (delta as a hockey-stick divergence).
    """
    eps = check_epsilon(epsilon, allow_zero=True)
    if model.discrete:
        return float(delta_curve(privacy_loss_distribution(model), eps))

    noise, centre_d, centre_dp = model.noise, model.centre_d, model.centre_d_prime
    assert noise is not None

    def integrand(o: float) -> float:
        # p_D(O) * max(0, 1 - e^(eps - L(O))), with L(O) = ln p_D(O) - ln p_D'(O) as in
        # AdditiveNoise.privacy_loss (called on the log densities directly: quad calls this often).
        log_d = float(noise.log_pdf(o - centre_d))
        loss = log_d - float(noise.log_pdf(o - centre_dp))
        return math.exp(log_d) * -math.expm1(min(0.0, eps - loss))

    cuts = sorted({model.centre_d, model.centre_d_prime, *loss_crossings(model, eps)})
    options = {"epsabs": 1e-14, "epsrel": 1e-12, "limit": 200}
    from scipy import integrate  # imported on first use: a page's cold open should not pay for it

    total = integrate.quad(integrand, -np.inf, cuts[0], **options)[0]
    for a, b in zip(cuts[:-1], cuts[1:]):
        total += integrate.quad(integrand, a, b, **options)[0]
    total += integrate.quad(integrand, cuts[-1], np.inf, **options)[0]
    return float(min(total, 1.0)) if total > 0 else 0.0


def gaussian_delta_analytic(
    epsilons: float | np.ndarray, sigma: float, sensitivity: float = 1.0
) -> np.ndarray:
    """delta(eps) = Phi(Delta/(2 sigma) - eps sigma/Delta) - e^eps Phi(-Delta/(2 sigma) - eps sigma/Delta).

    The second term is evaluated as exp(eps + ln Phi(.)) so it stays finite for large eps.
    Reference: Balle & Wang 2018, Thm 8.
    """
    from scipy import special  # imported on use: ~120 ms a page's cold open does not pay

    eps = _epsilons(epsilons)
    sigma = check_positive("The noise scale", sigma)
    sensitivity = check_positive("Sensitivity", sensitivity)
    a = sensitivity / sigma / 2
    b = eps * (sigma / sensitivity)
    return np.clip(special.ndtr(a - b) - np.exp(eps + special.log_ndtr(-a - b)), 0.0, 1.0) + 0.0


def laplace_delta_analytic(epsilons: float | np.ndarray, scale: float, sensitivity: float = 1.0) -> np.ndarray:
    """delta(eps) = max(0, 1 - e^((eps - eps0) / 2)) with eps0 = Delta / b, for Laplace noise.

    Derivation: with f(D) - f(D') = Delta, L(O) = eps0 for O >= f(D) (mass 1/2 under D), -eps0
    for O <= f(D'), and (2 O - f(D) - f(D')) / b in between; integrating
    p_D(O) (1 - e^(eps - L(O))) over {L > eps} gives 1 - e^((eps - eps0) / 2) for eps < eps0.
    """
    eps = _epsilons(epsilons)
    eps0 = check_positive("Sensitivity", sensitivity) / check_positive("The noise scale", scale)
    with np.errstate(over="ignore"):  # e^((eps - eps0) / 2) = inf far above eps0: delta is then 0
        return np.clip(-np.expm1((eps - eps0) / 2), 0.0, 1.0) + 0.0  # + 0.0: no -0.0


def dp_accounting_delta(model: AttackModel, epsilons: float | np.ndarray) -> np.ndarray | None:
    """delta(eps) from Google's dp-accounting (its privacy-loss classes), or None for randomized response.

    An independent reference: LaplacePrivacyLoss(b, Delta), GaussianPrivacyLoss(sigma, Delta),
    DiscreteLaplacePrivacyLoss(1 / t, Delta).get_delta_for_epsilon.
    """
    eps = _epsilons(epsilons)
    noise = model.noise
    if noise is None:
        return None
    sens = model.pair.sensitivity
    from dp_accounting.pld import (
        privacy_loss_mechanism as plm,  # imported on first use: ~1 s a page's cold open should not pay
    )

    if noise.kind == "laplace":
        loss = plm.LaplacePrivacyLoss(noise.scale, sensitivity=sens)
    elif noise.kind == "gaussian":
        loss = plm.GaussianPrivacyLoss(noise.scale, sensitivity=sens, log_mass_truncation_bound=-80)
    else:
        loss = plm.DiscreteLaplacePrivacyLoss(1.0 / noise.scale, sensitivity=int(round(sens)))
    return np.asarray(loss.get_delta_for_epsilon(eps.tolist() if eps.ndim else float(eps)), dtype=float)


def randomized_response_delta_analytic(epsilons: float | np.ndarray, epsilon: float) -> np.ndarray:
    """delta(eps') = max(0, p - e^eps' (1 - p)) for randomized response with p = e^eps / (1 + e^eps).

    Its privacy loss is +eps (answer "yes", probability p under D) or -eps, so only "yes" counts.
    """
    e = _epsilons(epsilons)
    p = rr_truth_probability(epsilon)
    tail = math.exp(-check_epsilon(epsilon))
    q = tail / (1 + tail)  # 1 - p = 1 / (1 + e^eps), without cancellation at large eps
    with np.errstate(over="ignore", invalid="ignore"):  # e^eps' = inf: delta is 0 (NaN only for q = 0)
        return np.clip(np.nan_to_num(p - np.exp(e) * q, nan=0.0), 0.0, 1.0) + 0.0


@dataclass(frozen=True)
class DeltaCurves:
    """delta(eps) along a grid of eps by three routes, and how far they disagree."""

    epsilons: np.ndarray
    numeric: np.ndarray  # from the privacy-loss cells (the vectorised sum / integral)
    delta_one: np.ndarray  # P[L > eps]
    analytic: np.ndarray | None  # closed form (Gaussian, Laplace, randomized response)
    accounting: np.ndarray | None  # Google's dp-accounting (additive noise)
    largest_gap: float  # max |numeric - reference| over the grid and the references present


def delta_curves(model: AttackModel, pld: PrivacyLossDistribution, epsilons: np.ndarray) -> DeltaCurves:
    """The whole delta(eps) curve, checked against the closed form and dp-accounting."""
    eps = _epsilons(epsilons)
    numeric = delta_curve(pld, eps)
    analytic = None
    if model.noise is None:
        analytic = randomized_response_delta_analytic(eps, model.epsilon)
    elif model.noise.kind == "gaussian":
        analytic = gaussian_delta_analytic(eps, model.noise.scale, model.pair.sensitivity)
    elif model.noise.kind == "laplace":
        analytic = laplace_delta_analytic(eps, model.noise.scale, model.pair.sensitivity)
    accounting = dp_accounting_delta(model, eps)
    gaps = [np.max(np.abs(numeric - ref)) for ref in (analytic, accounting) if ref is not None]
    return DeltaCurves(eps, numeric, delta_one_curve(pld, eps), analytic, accounting, float(max(gaps, default=0.0)))


@dataclass(frozen=True)
class DeltaArea:
    """The seed's picture of delta: outputs ranked by privacy loss, largest first.

    x = u, the probability under D of the outputs with a larger loss; y = 1 - e^(eps - L).
    delta is the area under the positive part of y; delta_1 is the width where y > 0 (the
    rectangle of height 1 and width delta_1, which holds the shaded area).
    """

    u: np.ndarray
    y: np.ndarray
    delta: float
    delta_one: float


def delta_area(pld: PrivacyLossDistribution, epsilon: float, points: int = 600) -> DeltaArea:
    """Points of the curve u -> 1 - e^(eps - L(u)) for the delta picture (downsampled)."""
    eps = check_epsilon(epsilon, allow_zero=True)
    cum = pld.cum_d
    delta = float(delta_curve(pld, eps))
    delta_one = float(delta_one_curve(pld, eps))
    reach = min(1.0, 3.0 * delta_one) if delta_one > 0 else 0.05
    # Keep a step curve: one point at the start and the end of each cell, downsampled by u.
    starts = cum - pld.mass_d
    u = np.column_stack((starts, cum)).ravel()
    with np.errstate(over="ignore"):
        y = np.repeat(-np.expm1(np.clip(eps - pld.loss, -700, 700)), 2)
    keep = u <= reach
    u, y = u[keep], y[keep]
    if u.size > 2 * points:
        idx = np.unique(np.searchsorted(u, np.linspace(0, u[-1], points)))
        u, y = u[idx], y[idx]
    return DeltaArea(u, np.maximum(y, -1.0), delta, delta_one)
