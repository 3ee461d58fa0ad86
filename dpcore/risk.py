"""Risk in plain words for a plan's total (eps, delta): what the best attacker can still learn.

Three readings of one total, for the release planner's risk panel (issue 10, section 6):

- the attacker's posterior: an attacker who believes with prior P that the real dataset is D
  rather than its neighbour D' ends, after the whole release, inside the band of
  `dpcore.posterior.bounds.posterior_bounds` (odds moved by at most e^eps) when delta = 0. With
  delta > 0 that band can fail for rare outputs; how rare is bounded by the tail lemma below;
- the hypothesis-testing bound: an attacker guessing "D" wrongly on a fraction FPR of the
  datasets D' catches D at most TPR <= min(1, e^eps FPR + delta, 1 - e^-eps (1 - delta - FPR))
  times (Kairouz, Oh & Viswanath 2015, Thm 2.1; `dpcore.posterior.testing.dp_roc_region`);
- the tighter curve of the plan itself: from a dp-accounting privacy loss distribution (PLD) of
  the composed plan, `riskcal` gives the exact trade-off curve (beta = 1 - TPR at each FPR) and the
  best advantage max(TPR - FPR) = delta(0) (Kulynych, Gomez et al. 2024, arXiv:2407.02191, Alg. 1).

Tail lemma (how delta enters the posterior). If A is (eps, delta)-DP and B is the set of outputs
whose privacy loss L = ln(p_D(O) / p_D'(O)) exceeds eps' > eps, then P_D(B) <= e^eps P_D'(B) + delta
and P_D'(B) <= e^-eps' P_D(B), so P_D(B) (1 - e^(eps - eps')) <= delta. With eps' = 2 eps: except
with probability at most delta / (1 - e^-eps), the posterior on the true dataset stays below the
upper edge of the band at 2 eps. (Proved here in two lines from the definition; the tests check it
against the Gaussian mechanism's exact loss distribution.)

References: Dwork & Roth (2014) ch. 2; Kairouz, Oh & Viswanath, ICML 2015 (arXiv:1311.0776);
Dong, Roth & Su, "Gaussian differential privacy" (arXiv:1905.02383) for the Laplace and Gaussian
trade-off curves the tests use; riskcal 1.5.1 (`riskcal.analysis.get_beta_from_pld`,
`get_advantage_from_pld`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from dpcore.errors import DPError
from dpcore.limits import MAX_TRADEOFF_POINTS, RISK_FALSE_POSITIVE_RATES
from dpcore.validation import check_delta, check_epsilon, check_probability


@dataclass(frozen=True)
class Risk:
    """Everything the risk panel says about one total (eps, delta), as plain numbers.

    posterior_low/high: the band at `prior` for pure eps-DP (holds for every output when delta = 0);
    odds_factor: e^eps, the most the odds D : D' can move;
    tail_epsilon, tail_posterior_high, tail_probability: with delta > 0, the posterior on the true
    dataset stays below `tail_posterior_high` (the band's upper edge at 2 eps) except with
    probability at most `tail_probability` = min(1, delta / (1 - e^-eps)) (0 when delta = 0);
    fprs, tpr_bound, advantage_bound: the (eps, delta) hypothesis-testing bound at those FPRs and
    its largest TPR - FPR; tpr_pld, advantage_pld: the same read from the plan's PLD via riskcal
    (None without a PLD), never above the (eps, delta) bound (`tradeoff_curve`).
    """

    epsilon: float
    delta: float
    prior: float
    posterior_low: float
    posterior_high: float
    odds_factor: float
    tail_epsilon: float
    tail_posterior_high: float
    tail_probability: float
    fprs: tuple[float, ...]
    tpr_bound: tuple[float, ...]
    advantage_bound: float
    tpr_pld: tuple[float, ...] | None
    advantage_pld: float | None


@dataclass(frozen=True)
class TradeOffCurve:
    """The best attacker's TPR against FPR: the (eps, delta) bound and, given a PLD, the plan's own."""

    fpr: np.ndarray
    tpr_bound: np.ndarray
    tpr_pld: np.ndarray | None


def tail_probability(epsilon: float, delta: float) -> float:
    """Most probability with which the posterior can pass the band's upper edge at 2 eps.

    delta / (1 - e^-eps) by the tail lemma in the module docstring, capped at 1; 0 when delta = 0,
    and 1 when eps = 0 < delta (the lemma then says nothing).
    """
    eps = check_epsilon(epsilon, allow_zero=True)
    d = check_delta(delta)
    if d == 0.0:
        return 0.0
    if eps == 0.0:
        return 1.0
    return min(1.0, d / -math.expm1(-eps))


def _check_fprs(fprs: Any) -> np.ndarray:
    try:
        a = np.atleast_1d(np.asarray(fprs, dtype=float))
    except (TypeError, ValueError):
        raise DPError("invalid_fpr.not_numbers", value=fprs) from None
    if a.ndim != 1 or a.size == 0 or a.size > MAX_TRADEOFF_POINTS:
        raise DPError("invalid_fpr.count", count=int(a.size), maximum=MAX_TRADEOFF_POINTS)
    for value in a:
        try:
            check_probability("A false-positive rate", value)
        except ValueError as error:
            raise DPError("invalid_fpr.range", value=float(value), error=error) from None
    return a


def _tpr_from_pld(pld: Any, fpr: np.ndarray) -> np.ndarray:
    """The plan's own trade-off curve, 1 - beta(alpha), from a dp-accounting PLD through riskcal."""
    from dp_accounting.pld.privacy_loss_distribution import PrivacyLossDistribution
    from riskcal.analysis import get_beta_from_pld

    if not isinstance(pld, PrivacyLossDistribution):
        raise DPError("invalid_pld", type=type(pld).__name__)
    beta = np.atleast_1d(np.asarray(get_beta_from_pld(pld, alpha=fpr), dtype=float))
    return np.clip(1.0 - beta, 0.0, 1.0)


def tradeoff_curve(epsilon: float, delta: float, fpr: Any, pld: Any = None) -> TradeOffCurve:
    """The best attacker's TPR at each FPR: the (eps, delta) bound, and the PLD's curve if given.

    `fpr` is the caller's grid (at most MAX_TRADEOFF_POINTS rates in [0, 1]); `pld` a dp-accounting
    PrivacyLossDistribution of the whole plan that is valid as a distribution (`accounting.plan_pld`):
    its curve lies under the bound of its own epsilon at delta. Both curves bound the best attacker of
    a plan that is (eps, delta)-DP, so the plan's curve is their minimum: a grid rounds each step's
    loss up by at most one grid step (1e-4), which can lift the PLD's curve by ~1e-4 relative above
    the bound of an eps priced on another grid (the accountant's, or the exact sum at delta = 0).
    """
    from dpcore.posterior.testing import dp_roc_region

    eps = check_epsilon(epsilon, allow_zero=True)
    d = check_delta(delta)
    a = _check_fprs(fpr)
    upper, _ = dp_roc_region(eps, d, a)
    return TradeOffCurve(a, upper, None if pld is None else np.minimum(_tpr_from_pld(pld, a), upper))


def risk(
    epsilon: float,
    delta: float,
    prior: float,
    pld: Any = None,
    fprs: tuple[float, ...] = RISK_FALSE_POSITIVE_RATES,
) -> Risk:
    """The risk panel's numbers for a total (eps, delta) and an attacker's prior.

    Reuses `posterior_bounds`, `odds_factor`, `dp_roc_region` and `advantage_bound` from
    dpcore.posterior; the PLD part (optional) goes through riskcal. Raises ValueError (DPError for
    the FPRs and the PLD) for a negative or infinite eps, a delta outside [0, 1), or a prior
    outside [0, 1].
    """
    from dpcore.posterior.bounds import odds_factor, posterior_bounds
    from dpcore.posterior.testing import advantage_bound

    eps = check_epsilon(epsilon, allow_zero=True)
    d = check_delta(delta)
    p = check_probability("The prior", prior)
    low, high = posterior_bounds(p, eps)
    _, tail_high = posterior_bounds(p, 2 * eps)
    curve = tradeoff_curve(eps, d, fprs, pld)
    advantage_pld = None
    if pld is not None:
        from riskcal.analysis import get_advantage_from_pld

        advantage_pld = min(float(get_advantage_from_pld(pld)), advantage_bound(eps, d))  # as the curve
    return Risk(
        epsilon=eps,
        delta=d,
        prior=p,
        posterior_low=float(low),
        posterior_high=float(high),
        odds_factor=odds_factor(eps),
        tail_epsilon=2 * eps,
        tail_posterior_high=float(tail_high),
        tail_probability=tail_probability(eps, d),
        fprs=tuple(float(x) for x in curve.fpr),
        tpr_bound=tuple(float(x) for x in curve.tpr_bound),
        advantage_bound=advantage_bound(eps, d),
        tpr_pld=None if curve.tpr_pld is None else tuple(float(x) for x in curve.tpr_pld),
        advantage_pld=advantage_pld,
    )
