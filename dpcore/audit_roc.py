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
cost two passes over two million values, so resamples are drawn in cells: every distinct value at
the top, where the TPR at the largest f is read, is a cell of its own; the distinct values below are
pooled into at most MID_CELLS cells (ties never split). Drawing a side's counts per cell is exact
(the count falling in the top's K draws is Binomial(n, K / n), spread uniformly over them; the rest
is multinomial over the lower cells). A resample's statistics are computed on its cells: the TPR
exactly, the AUROC counting pairs within one lower cell as ties (off by at most 1 / (2 MID_CELLS));
each interval is the sample's statistic plus the quantiles of the resamples' differences from the
cells' statistic on the sample itself, so the pooling's bias cancels. With few distinct values
every value is a cell and this is the plain percentile bootstrap (Efron & Tibshirani 1993, ch. 13).
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
TOP_MARGIN_SD = 6.0  # the top holds this many standard deviations more negatives than the largest f needs
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
    pos, neg = pos_counts.astype(float), neg_counts.astype(float)  # numpy's dot of int and float is slow
    p, n = pos.sum(), neg.sum()
    area = float((pos * (np.cumsum(neg) - 0.5 * neg)).sum()) / (p * n)  # not `@`: BLAS's threads fight on 2 cores
    tp = np.concatenate([[0.0], np.cumsum(pos[::-1])])
    fp = np.concatenate([[0.0], np.cumsum(neg[::-1])])
    target = fprs * n
    right = np.minimum(np.searchsorted(fp, target, side="right"), fp.size - 1)  # the highest TPR at a tie in FPR
    left = np.maximum(right - 1, 0)
    span = fp[right] - fp[left]
    share = np.where(span > 0, (target - fp[left]) / np.where(span > 0, span, 1.0), 1.0)
    return area, (tp[left] + np.clip(share, 0.0, 1.0) * (tp[right] - tp[left])) / p


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


@dataclass(frozen=True)
class _Region:
    """One side's draws in one region (the top, or below it): each draw's cell, and the counts per cell."""

    cells: np.ndarray
    counts: np.ndarray

    def resample(self, draws: int, rng: np.random.Generator) -> np.ndarray:
        """Counts per cell of `draws` draws, each uniform among the region's draws."""
        if not self.cells.size:
            return np.zeros(self.counts.size, int)
        if self.counts.size < self.cells.size // 4:  # few cells for many draws: one multinomial
            return rng.multinomial(draws, self.counts / self.cells.size)
        return np.bincount(self.cells[rng.integers(0, self.cells.size, draws)], minlength=self.counts.size)


@dataclass(frozen=True)
class _Side:
    """One side's draws as cells: those at the top and those below it."""

    top: _Region
    low: _Region

    def resample(self, rng: np.random.Generator) -> np.ndarray:
        """The counts per cell (lower cells, then top cells) of n draws with replacement: how many
        fall at the top is Binomial(n, K / n) for the K draws there."""
        k, n = self.top.cells.size, self.top.cells.size + self.low.cells.size
        at_top = int(rng.binomial(n, k / n))
        return np.concatenate([self.low.resample(n - at_top, rng), self.top.resample(at_top, rng)])

    def counts(self) -> np.ndarray:
        return np.concatenate([self.low.counts, self.top.counts])


def roc_summary(positives: Any, negatives: Any, rng: np.random.Generator, fprs: Sequence[float] = DEFAULT_FPRS,
                confidence: float = 0.95) -> RocSummary:
    """AUROC and TPR at each of `fprs` of "positive when the score is high", with percentile bootstrap
    intervals at `confidence` (module docstring). Raises DPError for too few samples or NaN, or a rate
    or confidence outside [0, 1]."""
    f = _fprs(fprs)
    c = check_probability("The confidence level", confidence, open_interval=True)
    values, vp, vn = _counts(positives, negatives)
    pos_counts, neg_counts = np.bincount(vp, minlength=values.size), np.bincount(vn, minlength=values.size)
    area, tprs = _curve(pos_counts, neg_counts, f)

    n_neg = vn.size
    worst = float(f.max(initial=0.0)) * n_neg
    need = min(n_neg, math.ceil(worst + TOP_MARGIN_SD * math.sqrt(worst) + 10))
    first_top = int(np.partition(vn, n_neg - need)[n_neg - need])  # the top: values >= the need-th largest negative
    lower_cells = min(first_top, MID_CELLS)
    cell = np.concatenate([(np.arange(first_top) * lower_cells) // max(first_top, 1),
                           lower_cells + np.arange(values.size - first_top)])
    top_cells = values.size - first_top

    def side(index: np.ndarray) -> _Side:
        cells = cell[index]
        high = cells >= lower_cells
        top, low = cells[high] - lower_cells, cells[~high]
        return _Side(_Region(top, np.bincount(top, minlength=top_cells)),
                     _Region(low, np.bincount(low, minlength=lower_cells)))

    pos_side, neg_side = side(vp), side(vn)
    base_area, base_tprs = _curve(pos_side.counts(), neg_side.counts(), f)
    areas = np.empty(BOOTSTRAP_RESAMPLES)
    rates = np.empty((BOOTSTRAP_RESAMPLES, f.size))
    for i in range(BOOTSTRAP_RESAMPLES):
        areas[i], rates[i] = _curve(pos_side.resample(rng), neg_side.resample(rng), f)
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
