"""Hypothesis testing: the likelihood-ratio test's ROC and the region every (eps, delta)-DP mechanism
must respect (Kairouz, Oh & Viswanath, "The composition theorem for differential privacy", ICML
2015, arXiv:1311.0776, Thm 2.1)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dpcore.posterior.loss import PrivacyLossDistribution
from dpcore.validation import check_delta, check_epsilon


@dataclass(frozen=True)
class RocCurve:
    """ROC of "guess D when L(O) > threshold" (randomising at ties), from (0, 0) to (1, 1).

    tpr = P_D[guess D], fpr = P_D'[guess D]. max_advantage = max(tpr - fpr), the total-variation
    distance between A(D) and A(D'), reached at the threshold 0.
    """

    fpr: np.ndarray
    tpr: np.ndarray
    max_advantage: float
    best_fpr: float
    best_tpr: float


def roc_curve(pld: PrivacyLossDistribution, points: int = 600) -> RocCurve:
    """The likelihood-ratio test's ROC: by Neyman-Pearson no test between D and D' does better."""
    fpr = np.concatenate(([0.0], pld.cum_d_prime))
    tpr = np.concatenate(([0.0], pld.cum_d))
    fpr, tpr = fpr / fpr[-1], tpr / tpr[-1]
    gain = tpr - fpr
    best = int(np.argmax(gain))
    best_fpr, best_tpr = float(fpr[best]), float(tpr[best])
    if fpr.size > points:
        # Keep exact vertices, spread evenly along the curve and densely near (0, 0).
        s = fpr + tpr
        levels = np.concatenate((np.linspace(0, 2, points), np.geomspace(1e-9, 2, points // 3)))
        picks = np.searchsorted(s, levels).clip(0, s.size - 1)
        idx = np.unique(np.concatenate(([0, best, s.size - 1], picks)))
        fpr, tpr = fpr[idx], tpr[idx]
    return RocCurve(fpr, tpr, float(gain[best]), best_fpr, best_tpr)


def dp_roc_region(epsilon: float, delta: float, fpr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Highest and lowest TPR any (eps, delta)-DP mechanism allows at each FPR.

    From FPR + e^eps FNR >= 1 - delta and e^eps FPR + FNR >= 1 - delta (FNR = 1 - TPR):
    TPR <= min(1, e^eps FPR + delta, 1 - e^-eps (1 - delta - FPR)), and symmetrically
    TPR >= max(0, e^-eps (FPR - delta), 1 - delta - e^eps (1 - FPR)).
    Reference: Kairouz, Oh & Viswanath 2015, Thm 2.1; Wasserman & Zhou 2010.
    """
    eps = check_epsilon(epsilon, allow_zero=True)
    d = check_delta(delta)
    a = np.clip(np.asarray(fpr, dtype=float), 0.0, 1.0)
    e = math.exp(min(eps, 700.0))
    upper = np.minimum.reduce([np.ones_like(a), e * a + d, 1 - (1 - d - a) / e])
    lower = np.maximum.reduce([np.zeros_like(a), (a - d) / e, 1 - d - e * (1 - a)])
    return np.clip(upper, 0, 1), np.clip(lower, 0, 1)


def advantage_bound(epsilon: float, delta: float = 0.0) -> float:
    """The largest TPR - FPR any (eps, delta)-DP mechanism allows: (e^eps - 1 + 2 delta) / (e^eps + 1)."""
    eps = check_epsilon(epsilon, allow_zero=True)
    d = check_delta(delta)
    return float(min(1.0, (-math.expm1(-eps) + 2 * d * math.exp(-eps)) / (1 + math.exp(-eps))))


def accuracy_ceiling(epsilon: float, delta: float = 0.0) -> float:
    """Best guessing accuracy against (eps, delta)-DP with a fair coin: (e^eps + delta) / (e^eps + 1).

    delta = 0 gives the pure-DP ceiling e^eps / (1 + e^eps) = (1 + advantage_bound) / 2.
    """
    return 0.5 * (1.0 + advantage_bound(epsilon, delta))
