"""Post-processing of frequency estimates: making an oracle's shares non-negative and sum to one.

A frequency oracle's unbiased estimates can be negative and need not add up to 1 (100 %). Knowing
that true shares are never negative and always sum to 1, the collector can repair the estimates
after the fact; post-processing never costs privacy, and it usually lowers the error. Wang,
Lopuhaä-Zwakenberg, Li, Škorić, Li, "Locally Differentially Private Frequency Estimation with
Consistency" (NDSS 2020) compare ten such methods; this module has four, named as in the paper:

- "clip" (Base-Pos): every negative estimate becomes 0; the sum is left as it falls.
- "normalize" (Norm): one constant is added to every estimate so they sum to 1 (negatives may stay).
- "norm_sub" (Norm-Sub): negatives become 0, then one common amount is subtracted from the positive
  estimates so they sum to 1; repeat until nothing is negative.
- "simplex": the Euclidean projection onto the probability simplex, the closest (least squares)
  vector that is non-negative and sums to 1; sort-based, O(d log d) (Duchi, Shalev-Shwartz,
  Singer, Chandra, "Efficient Projections onto the l1-Ball for Learning in High Dimensions",
  ICML 2008, Figure 1).

Norm-Sub and the simplex projection give the same vector whenever the positive estimates add up to
at least 1, which is always the case for estimates that sum to 1 (the paper's setting; GRR's
estimates, for instance, sum to exactly 1): both are max(estimate - theta, 0) with the one theta
>= 0 that makes the sum 1 (tests/unit/test_ldp_postprocess.py checks it on thousands of random
vectors). When the positive estimates add up to less than 1, Norm-Sub (as in the authors' code)
raises only the positive ones, while the projection may also lift some negative ones above 0.

Every function takes one estimate (shape (d,)) or many at once (shape (runs, d), one per row).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dpcore.errors import DPError
from dpcore.validation import check_choice

POSTPROCESSORS: tuple[str, ...] = ("none", "clip", "normalize", "norm_sub", "simplex")


# --------------------------------------------------------------------------------------------
# Input checks
# --------------------------------------------------------------------------------------------


def _as_estimates(estimates: Any, what: str = "estimates") -> np.ndarray:
    """`estimates` as a float array of shape (d,) or (runs, d), finite and not empty; DPError
    "estimates_input" (variants .not_numbers, .shape, .empty, .not_finite) naming `what`
    ("estimates" or "true shares") otherwise."""
    try:
        arr = np.array(estimates, dtype=float)
    except (TypeError, ValueError):
        raise DPError("estimates_input.not_numbers", what=what) from None
    if arr.ndim not in (1, 2):
        raise DPError("estimates_input.shape", what=what, shape=arr.shape)
    if arr.size == 0:
        raise DPError("estimates_input.empty", what=what)
    bad = int(np.count_nonzero(~np.isfinite(arr)))
    if bad:
        raise DPError("estimates_input.not_finite", what=what, bad=bad)
    return arr


# --------------------------------------------------------------------------------------------
# The methods (each on a float array, last axis = the d values)
# --------------------------------------------------------------------------------------------


def _clip(v: np.ndarray) -> np.ndarray:
    """Base-Pos: negatives to 0."""
    return np.maximum(v, 0.0)


def _normalize(v: np.ndarray) -> np.ndarray:
    """Norm: add (1 - sum) / d to every entry."""
    return v + (1.0 - v.sum(axis=-1, keepdims=True)) / v.shape[-1]


def _simplex(v: np.ndarray) -> np.ndarray:
    """Euclidean projection of each row onto {w >= 0, sum w = 1} (Duchi et al. 2008, Figure 1).

    Sort descending (u), rho = the largest j with u_j - (u_1 + ... + u_j - 1) / j > 0, theta =
    (u_1 + ... + u_rho - 1) / rho; the projection is max(v - theta, 0).
    """
    u = -np.sort(-v, axis=-1)
    css = np.cumsum(u, axis=-1) - 1.0
    j = np.arange(1, v.shape[-1] + 1)
    # The condition holds for j = 1 (u_1 - (u_1 - 1) = 1 > 0) and for a prefix of j: rho = its count.
    rho = np.count_nonzero(u - css / j > 0, axis=-1, keepdims=True)
    theta = np.take_along_axis(css, rho - 1, axis=-1) / rho
    return np.maximum(v - theta, 0.0)


def _norm_sub(v: np.ndarray) -> np.ndarray:
    """Norm-Sub as the paper's authors run it: negatives to 0, then the positives all move by one
    common amount so the total is 1; repeat until no entry is negative (at most d rounds, each
    dropping at least one entry). A row with no positive entry has nothing to rescale: it gets the
    simplex projection, the least-squares answer Norm-Sub agrees with elsewhere."""
    w = v.copy()
    none_positive = ~(w > 0).any(axis=-1)
    for _ in range(v.shape[-1] + 1):
        w = np.maximum(w, 0.0)
        positive = w > 0
        count = positive.sum(axis=-1, keepdims=True)
        shift = (1.0 - w.sum(axis=-1, keepdims=True)) / np.maximum(count, 1)
        w = np.where(positive, w + shift, 0.0)
        if not (w < 0).any():
            break
    if none_positive.any():
        w[none_positive] = _simplex(v[none_positive])
    return w


_METHODS = {
    "none": lambda v: v,
    "clip": _clip,
    "normalize": _normalize,
    "norm_sub": _norm_sub,
    "simplex": _simplex,
}


def postprocess(estimates: Any, method: str) -> np.ndarray:
    """The estimates repaired by `method` (one of POSTPROCESSORS), as a new float array.

    `estimates`: one estimate of d shares (shape (d,)) or several (shape (runs, d), one per row).
    "clip" only removes negatives; "normalize" only fixes the sum; "norm_sub" and "simplex" give
    shares that are non-negative and sum to 1 (the same vector when the positive estimates add up
    to at least 1, see the module docstring). Raises DPError for an unknown method or estimates
    that are empty, not numbers, not finite or not of shape (d,) / (runs, d).
    """
    name = check_choice("unknown_postprocessor", method, POSTPROCESSORS)
    arr = _as_estimates(estimates)
    return _METHODS[name](arr)  # `arr` is already a fresh copy


# --------------------------------------------------------------------------------------------
# Error measures (the survey's MSE and MAE)
# --------------------------------------------------------------------------------------------


def _pair(estimates: Any, truth: Any) -> tuple[np.ndarray, np.ndarray]:
    est = _as_estimates(estimates)
    true = _as_estimates(truth, "true shares")
    if true.ndim != 1 or est.shape[-1] != true.shape[0]:
        raise DPError("estimates_truth_mismatch", got=est.shape[-1], expected=true.size)
    return est, true


def mse(estimates: Any, truth: Any) -> float | np.ndarray:
    """Mean squared error over the d values: mean((estimate - truth)^2); one number per run for
    estimates of shape (runs, d). For an unbiased oracle its expectation is the oracle's variance."""
    est, true = _pair(estimates, truth)
    out = np.mean((est - true) ** 2, axis=-1)
    return float(out) if out.ndim == 0 else out


def mae(estimates: Any, truth: Any) -> float | np.ndarray:
    """Mean absolute error over the d values: mean(|estimate - truth|); one number per run for
    estimates of shape (runs, d)."""
    est, true = _pair(estimates, truth)
    out = np.mean(np.abs(est - true), axis=-1)
    return float(out) if out.ndim == 0 else out
