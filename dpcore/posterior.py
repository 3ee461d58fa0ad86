"""The attacker's view: how far one output of an eps-DP mechanism can move a suspicion.

An attacker believes with prior P that the real dataset is D rather than its neighbour D'.
Reference: the seed notes on posterior bounds (SEED-FACTS section 7); Bayes' rule.
"""

from __future__ import annotations

import numpy as np

from dpcore.validation import check_epsilon


def _check_prior(prior: np.ndarray) -> np.ndarray:
    p = np.asarray(prior, dtype=float)
    if np.any(np.isnan(p)) or np.any((p < 0) | (p > 1)):
        raise ValueError("The prior must be a probability between 0 and 1.")
    return p


def posterior_bounds(prior: float | np.ndarray, epsilon: float) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest posterior P[D | O] after one output of an eps-DP mechanism.

    lower = P / (e^eps + (1 - e^eps) P),  upper = e^eps P / (1 + (e^eps - 1) P).
    Vectorised over `prior`; eps = 0 gives (P, P). Raises ValueError for a prior outside [0, 1]
    or a negative / NaN / infinite epsilon.
    """
    p = _check_prior(prior)
    e = np.exp(check_epsilon(epsilon, allow_zero=True))
    lower = p / (e + (1 - e) * p)
    upper = e * p / (1 + (e - 1) * p)
    return lower, upper


def posterior_from_likelihoods(
    prior: float | np.ndarray, likelihood_d: np.ndarray, likelihood_d_prime: np.ndarray
) -> np.ndarray:
    """Exact posterior P[D | O] by Bayes' rule from p_D(O) and p_D'(O) (densities or pmfs).

    P[D | O] = P p_D(O) / (P p_D(O) + (1 - P) p_D'(O)); where both likelihoods are zero the
    output says nothing and the prior is returned.
    """
    p = _check_prior(prior)
    ld = np.asarray(likelihood_d, dtype=float)
    ldp = np.asarray(likelihood_d_prime, dtype=float)
    numerator = p * ld
    denominator = numerator + (1 - p) * ldp
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominator > 0, numerator / np.where(denominator > 0, denominator, 1), p)
