"""How well the best simple attack tells D from D': the area under its ROC curve (AUROC) and its
true-positive rate at low false-positive rates, with percentile bootstrap intervals.

The attack says "D'" (positive) when the output's score is at least a threshold. The ROC curve goes
through the (FPR, TPR) of every threshold, and between two neighbouring thresholds along the straight
line of a test that picks one of them at random. AUROC is the area under it: the Mann-Whitney
statistic, ties counted half. The TPR at FPR f is the curve's height at f. (jax-privacy's
`CanaryScoreAuditor` takes the curve's concave hull, randomising between any two thresholds: at
least as high, and the same where the curve is concave.)

Bootstrap: both sides resampled with replacement BOOTSTRAP_RESAMPLES times; the interval holds the
middle `confidence` of the resampled statistics. A million draws a side would make each resample
cost two passes over two million values, so resamples are drawn in cells, ties never split: where
the TPR at some f is read (TOP_MARGIN_SD standard deviations of the negatives' count either side of
f times their number), every value is a cell, or every run of values that hold draws of one side
only (such a run is one straight segment of the curve, in every resample); the values between are
pooled into at most MID_CELLS cells. A side's counts per cell are one multinomial draw, which is
exact. A resample's TPR is then exact (the counts above and below where it is read are kept), its
AUROC counts pairs within one pooled cell as ties (off by at most 1 / (2 MID_CELLS)); each interval
is the sample's statistic plus the quantiles of the resamples' differences from the cells' statistic
on the sample itself, so the pooling's bias cancels. With few distinct values every value is a cell
and this is the plain percentile bootstrap (Efron & Tibshirani 1993, ch. 13).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dpcore.audit import check_samples
from dpcore.validation import check_probability

BOOTSTRAP_RESAMPLES = 500  # percentile ends from the 13th and 488th of 500: enough at 95%; a million draws a side ~1 s
MID_CELLS = 512  # cells the values below the top share in a resample
TOP_MARGIN_SD = 6.0  # exact cells this many standard deviations of the negatives' count either side of each f
BATCH = 100  # resamples drawn and read at once
DEFAULT_FPRS: tuple[float, ...] = (0.001, 0.01)


@dataclass(frozen=True)
class RocSummary:
    """AUROC and TPR at each FPR of `fprs`, each with its bootstrap interval (low, high)."""

    auroc: float
    auroc_interval: tuple[float, float]
    fprs: tuple[float, ...]
    tprs: tuple[float, ...]
    tpr_intervals: tuple[tuple[float, float], ...]
    confidence: float
    resamples: int


def _curve(pos_counts: np.ndarray, neg_counts: np.ndarray, fprs: np.ndarray) -> tuple[float, np.ndarray]:
    """AUROC and TPR at `fprs` from the counts of each side per value (or cell), values ascending."""
    areas, tprs = _curves(pos_counts[None], neg_counts[None], fprs)
    return float(areas[0]), tprs[0]


def _curves(pos_counts: np.ndarray, neg_counts: np.ndarray, fprs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`_curve` of each row of the (rows, cells) counts: the areas (rows,) and TPRs (rows, len(fprs))."""
    pos, neg = pos_counts.astype(float), neg_counts.astype(float)  # numpy's dot of int and float is slow
    p, n = pos.sum(axis=1), neg.sum(axis=1)
    area = (pos * (np.cumsum(neg, axis=1) - 0.5 * neg)).sum(axis=1) / (p * n)  # not `@`: BLAS's threads fight
    zero = np.zeros((pos.shape[0], 1))
    tp = np.concatenate([zero, np.cumsum(pos[:, ::-1], axis=1)], axis=1)
    fp = np.concatenate([zero, np.cumsum(neg[:, ::-1], axis=1)], axis=1)
    rows = np.arange(pos.shape[0])[:, None]
    target = fprs[None, :] * n[:, None]  # (rows, fprs)
    # the first point past the target (the highest TPR at a tie in FPR): fp ascends along each row
    right = np.minimum((fp[:, None, :] <= target[:, :, None]).sum(axis=2), fp.shape[1] - 1)
    left = np.maximum(right - 1, 0)
    fp_left, fp_right = fp[rows, left], fp[rows, right]
    span = fp_right - fp_left
    share = np.where(span > 0, (target - fp_left) / np.where(span > 0, span, 1.0), 1.0)
    tp_left = tp[rows, left]
    return area, (tp_left + np.clip(share, 0.0, 1.0) * (tp[rows, right] - tp_left)) / p[:, None]


def _fprs(fprs: Sequence[float] | np.ndarray) -> np.ndarray:
    return np.array([check_probability("A false-positive rate", f) for f in fprs], dtype=float)


def _counts(positives: Any, negatives: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the distinct values ascending, each positive's index among them, each negative's), checked."""
    pos, neg = check_samples("D′", positives), check_samples("D", negatives)
    values, index = np.unique(np.concatenate([pos, neg]), return_inverse=True)
    return values, index[: pos.size], index[pos.size :]


def auroc(positives: Any, negatives: Any) -> float:
    """The area under the ROC curve of "positive when the score is high" (ties count half)."""
    values, vp, vn = _counts(positives, negatives)
    return _curve(np.bincount(vp, minlength=values.size), np.bincount(vn, minlength=values.size), np.zeros(0))[0]


def tpr_at_fpr(positives: Any, negatives: Any, fprs: Sequence[float] | np.ndarray) -> np.ndarray:
    """The ROC curve's TPR at each false-positive rate of `fprs`."""
    f = _fprs(fprs)
    values, vp, vn = _counts(positives, negatives)
    return _curve(np.bincount(vp, minlength=values.size), np.bincount(vn, minlength=values.size), f)[1]


def _cells(vp: np.ndarray, vn: np.ndarray, n_values: int, fprs: np.ndarray) -> np.ndarray:
    """Each distinct value's cell, ascending (module docstring): a cell per value, or per run of
    values that hold one side only, where the negatives put the TPR at some f in any resample; the
    values between pooled into at most MID_CELLS cells."""
    n = vn.size
    exact = np.zeros(n_values + 1, int)  # +1 where an exact range starts, -1 past its end
    order = np.sort(vn)
    for f in fprs:
        mid = f * n  # the negatives above where f is read
        margin = TOP_MARGIN_SD * math.sqrt(mid * (1 - f)) + 10
        low = order[n - min(n, math.ceil(mid + margin) + 1)]  # the k-th largest negative is order[n - k]
        high = order[n - max(1, math.floor(mid - margin))]
        exact[low] += 1
        exact[high + 1] -= 1
    is_exact = np.cumsum(exact[:-1]) > 0
    loose = ~is_exact
    pool = np.where(loose, (np.cumsum(loose) - 1) * MID_CELLS // max(int(loose.sum()), 1), -1)
    has_pos = np.bincount(vp, minlength=n_values) > 0
    has_neg = np.bincount(vn, minlength=n_values) > 0
    one_side = np.where(has_pos & ~has_neg, 1, np.where(has_neg & ~has_pos, 2, 0))
    run = is_exact[1:] & is_exact[:-1] & (one_side[1:] == one_side[:-1]) & (one_side[1:] > 0)
    starts = np.ones(n_values, bool)
    starts[1:] = (is_exact[1:] | is_exact[:-1] | (pool[1:] != pool[:-1])) & ~run
    return np.cumsum(starts) - 1


def roc_summary(positives: Any, negatives: Any, rng: np.random.Generator, fprs: Sequence[float] = DEFAULT_FPRS,
                confidence: float = 0.95) -> RocSummary:
    """AUROC and TPR at each of `fprs` of "positive when the score is high", with percentile bootstrap
    intervals at `confidence` (module docstring). Raises DPError for too few samples or NaN, or a rate
    or confidence outside [0, 1]."""
    f = _fprs(fprs)
    c = check_probability("The confidence level", confidence, open_interval=True)
    values, vp, vn = _counts(positives, negatives)
    area, tprs = _curve(np.bincount(vp, minlength=values.size), np.bincount(vn, minlength=values.size), f)

    cell = _cells(vp, vn, values.size, f)
    pos_cells, neg_cells = (np.bincount(cell[v], minlength=int(cell[-1]) + 1) for v in (vp, vn))
    base_area, base_tprs = _curve(pos_cells, neg_cells, f)
    areas, rates = np.empty(BOOTSTRAP_RESAMPLES), np.empty((BOOTSTRAP_RESAMPLES, f.size))
    for start in range(0, BOOTSTRAP_RESAMPLES, BATCH):
        rows = slice(start, min(start + BATCH, BOOTSTRAP_RESAMPLES))
        size = rows.stop - rows.start
        areas[rows], rates[rows] = _curves(rng.multinomial(vp.size, pos_cells / vp.size, size=size),
                                           rng.multinomial(vn.size, neg_cells / vn.size, size=size), f)
    tails = ((1 - c) / 2, (1 + c) / 2)
    area_low, area_high = np.clip(area + np.quantile(areas - base_area, tails), 0.0, 1.0)
    rate_ends = np.clip(tprs + np.quantile(rates - base_tprs, tails, axis=0), 0.0, 1.0)  # (2, len(f))
    return RocSummary(
        auroc=area, auroc_interval=(float(area_low), float(area_high)), fprs=tuple(float(x) for x in f),
        tprs=tuple(float(x) for x in tprs),
        tpr_intervals=tuple((float(lo), float(hi)) for lo, hi in zip(rate_ends[0], rate_ends[1], strict=True)),
        confidence=c, resamples=BOOTSTRAP_RESAMPLES,
    )


def promised_limits(epsilon: float, delta: float,
                    fprs: Sequence[float] | np.ndarray = DEFAULT_FPRS) -> tuple[float, np.ndarray]:
    """The most any (epsilon, delta)-DP mechanism lets a test reach: its AUROC and its TPR at each of
    `fprs` (dpcore.posterior.testing.dp_roc_region's upper curve, Kairouz, Oh & Viswanath 2015).
    The curve is straight between FPR 0, (1 - delta) / (1 + e^epsilon) and 1 - delta, so the area
    from those points is exact: e^epsilon / (1 + e^epsilon) at delta = 0."""
    from dpcore.posterior.testing import dp_roc_region

    f = _fprs(fprs)
    corners = np.array([0.0, (1 - delta) / (1 + math.exp(min(epsilon, 700.0))), 1 - delta, 1.0])
    heights = dp_roc_region(epsilon, delta, corners)[0]
    area = float(np.sum((heights[1:] + heights[:-1]) / 2 * np.diff(corners)))
    return area, dp_roc_region(epsilon, delta, f)[0]
