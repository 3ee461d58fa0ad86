"""Posterior bounds: the band every eps-DP mechanism keeps an attacker's belief in.

An attacker believes with prior P that the real dataset is D rather than its neighbour D'. After one
output of an eps-DP mechanism, Bayes' rule plus e^-eps <= p_D(O) / p_D'(O) <= e^eps keeps the
posterior in a band around P (seed 003; SEED-FACTS section 7; Dwork & Roth 2014, ch. 2).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore.errors import DPError
from dpcore.validation import check_count, check_epsilon


def check_prior(prior: float | np.ndarray) -> np.ndarray:
    """The prior as a float array, or ValueError for anything but a probability in [0, 1]."""
    try:
        p = np.asarray(prior, dtype=float)
    except (TypeError, ValueError):
        raise DPError("prior_not_probability", value=prior) from None
    bad = np.isnan(p) | (p < 0) | (p > 1)
    if np.any(bad):
        first = p[bad].flat[0] if p.ndim else float(p)
        raise DPError("prior_range", value=first)
    return p


def _expit(x: np.ndarray | float) -> np.ndarray:
    """The logistic function 1 / (1 + e^-x), stable at both ends (as scipy.special.expit, without
    importing scipy on a page's cold open)."""
    return np.exp(-np.logaddexp(0.0, -np.asarray(x, dtype=float)))


def _logit(p: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return np.log(p) - np.log1p(-p)


def posterior_bounds(prior: float | np.ndarray, epsilon: float) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest posterior P[D | O] after one output of an eps-DP mechanism.

    lower = P / (e^eps + (1 - e^eps) P),  upper = e^eps P / (1 + (e^eps - 1) P),
    evaluated in the equivalent logistic form expit(logit(P) -/+ eps), which stays exact for any
    finite eps (no overflow of e^eps) and for P = 0 or 1. Vectorised over `prior`; eps = 0 gives
    (P, P). Raises ValueError for a prior outside [0, 1] or a negative / NaN / infinite epsilon.
    Reference: seed 003 (Bayes' rule plus e^-eps <= p_D(O) / p_D'(O) <= e^eps).
    """
    p = check_prior(prior)
    eps = check_epsilon(epsilon, allow_zero=True)
    if eps == 0:
        return p.copy(), p.copy()
    logit = _logit(p)
    lower = np.minimum(_expit(logit - eps), p)
    upper = np.maximum(_expit(logit + eps), p)
    return lower, upper


def posterior_from_likelihoods(
    prior: float | np.ndarray, likelihood_d: np.ndarray, likelihood_d_prime: np.ndarray
) -> np.ndarray:
    """Exact posterior P[D | O] by Bayes' rule from p_D(O) and p_D'(O) (densities or pmfs).

    P[D | O] = P p_D(O) / (P p_D(O) + (1 - P) p_D'(O)); where both likelihoods are zero the
    output says nothing and the prior is returned.
    """
    p = check_prior(prior)
    ld = np.asarray(likelihood_d, dtype=float)
    ldp = np.asarray(likelihood_d_prime, dtype=float)
    if ld.shape != ldp.shape or not (np.all(ld >= 0) and np.all(ldp >= 0) and np.all(np.isfinite(ld + ldp))):
        raise DPError("likelihoods_invalid")
    numerator = p * ld
    denominator = numerator + (1 - p) * ldp
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominator > 0, numerator / np.where(denominator > 0, denominator, 1), p)


def posterior_from_loss(prior: float | np.ndarray, privacy_loss: np.ndarray) -> np.ndarray:
    """Exact posterior from the privacy loss L(O) = ln(p_D(O) / p_D'(O)).

    P[D | O] = expit(logit(P) + L(O)): Bayes' rule in log-odds form, finite far into the tails
    where both densities underflow. Same value as `posterior_from_likelihoods`: a prior of 0 or 1 is
    returned unchanged, even for an infinite loss against it (then both sides of Bayes' rule are 0).
    DPError "privacy_loss_nan" for a NaN loss.
    """
    p = check_prior(prior)
    loss = np.asarray(privacy_loss, dtype=float)
    if np.any(np.isnan(loss)):
        raise DPError("privacy_loss_nan")
    certain = (p == 0) | (p == 1)
    with np.errstate(invalid="ignore"):  # -inf + inf at a certain prior: replaced by the prior
        return np.where(certain, p, _expit(_logit(p) + loss))


def odds_factor(epsilon: float) -> float:
    """The most one eps-DP output can multiply the betting odds D : D' by: e^eps (seed 003)."""
    eps = check_epsilon(epsilon, allow_zero=True)
    with np.errstate(over="ignore"):
        return float(np.exp(eps))


@dataclass(frozen=True)
class BandCurves:
    """posterior_bounds on a grid of priors, one row per epsilon."""

    prior: np.ndarray
    epsilons: tuple[float, ...]
    lower: np.ndarray  # shape (len(epsilons), len(prior))
    upper: np.ndarray


def band_curves(epsilons: tuple[float, ...] | list[float], points: int = 201, log_odds_points: int = 0) -> BandCurves:
    """The posterior band against the prior for several epsilons (for the classic picture).

    Priors: `points` even steps from 0 to 1, plus `log_odds_points` even steps in log-odds from
    -9 to 9, where each edge of the band is a straight line (the sharp bends of a large eps near
    P = 0 and 1 then stay smooth with few points).
    """
    n = check_count("The number of prior points", points, minimum=2, maximum=100_000)
    k = check_count("The number of log-odds points", log_odds_points, minimum=0, maximum=100_000)
    eps = tuple(check_epsilon(e, allow_zero=True) for e in epsilons)
    prior = np.linspace(0.0, 1.0, n)
    if k:
        prior = np.union1d(prior, _expit(np.linspace(-9.0, 9.0, k)))
    rows = [posterior_bounds(prior, e) for e in eps]
    lower = np.array([r[0] for r in rows]).reshape(len(eps), prior.size)
    upper = np.array([r[1] for r in rows]).reshape(len(eps), prior.size)
    return BandCurves(prior, eps, lower, upper)
