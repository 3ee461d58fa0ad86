"""dpcore.audit_roc: AUROC against scipy's Mann-Whitney statistic and jax-privacy's hull, TPR at FPR
against jax-privacy's interpolation on the same curve, the bootstrap intervals against jax-privacy's
bootstrap and an unpooled bootstrap on the same draws, and their coverage of the Gaussian's known
AUROC Phi(mu / sqrt 2) and TPR Phi(Phi^-1(f) + mu)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import mannwhitneyu, norm

from dpcore.audit_roc import (
    BOOTSTRAP_RESAMPLES,
    MID_CELLS,
    _cells,
    _counts,
    _curve,
    auroc,
    promised_limits,
    roc_summary,
    tpr_at_fpr,
)
from dpcore.errors import DPError
from tests.unit.jax_privacy_auditing import auditing

MU = 0.268  # the app's Gaussian mechanism: epsilon 1, delta 1e-5, sensitivity 1
FPRS = (0.001, 0.01)


def _draws(n: int, seed: int, mu: float = MU) -> tuple[np.ndarray, np.ndarray]:
    g = np.random.default_rng(seed)
    return g.normal(mu, 1, n), g.normal(0, 1, n)


@pytest.mark.parametrize("kind", ["continuous", "ties"])
def test_auroc_is_the_mann_whitney_statistic(kind: str) -> None:
    g = np.random.default_rng(1)
    if kind == "continuous":
        pos, neg = g.normal(0.5, 1, 3_000), g.normal(0, 1, 2_000)
    else:
        pos, neg = g.integers(0, 4, 3_000).astype(float), g.integers(0, 3, 2_000).astype(float)
    assert auroc(pos, neg) == pytest.approx(mannwhitneyu(pos, neg).statistic / (pos.size * neg.size), rel=1e-12)


def test_auroc_and_tpr_against_jax_privacys_hull() -> None:
    """jax-privacy randomises between any two thresholds (the concave hull): never lower, and close."""
    pos, neg = _draws(20_000, 2)
    reference = auditing().CanaryScoreAuditor(pos, neg)
    assert auroc(pos, neg) <= reference.attack_auroc() + 1e-12
    assert auroc(pos, neg) == pytest.approx(reference.attack_auroc(), abs=2e-3)
    ours, theirs = tpr_at_fpr(pos, neg, FPRS), reference.tpr_at_given_fpr(np.array(FPRS))
    assert np.all(ours <= theirs + 1e-12) and ours == pytest.approx(theirs, abs=2e-3)


def test_tpr_is_jax_privacys_interpolation_on_the_whole_curve() -> None:
    pos, neg = _draws(5_000, 3)
    values = np.unique(np.concatenate([pos, neg]))
    tp = np.concatenate([[0], np.cumsum(np.bincount(np.searchsorted(values, pos), minlength=values.size)[::-1])])
    fp = np.concatenate([[0], np.cumsum(np.bincount(np.searchsorted(values, neg), minlength=values.size)[::-1])])
    fprs = np.array([0.0005, 0.001, 0.0137, 0.01, 0.3, 1.0])
    assert tpr_at_fpr(pos, neg, fprs) == pytest.approx(auditing()._tpr_at_given_fpr(fprs, tp, fp), abs=1e-12)


def test_a_perfect_and_a_blind_attack() -> None:
    assert auroc([2.0, 3.0], [0.0, 1.0]) == 1.0 and tpr_at_fpr([2.0, 3.0], [0.0, 1.0], [0.0])[0] == 1.0
    assert auroc([1.0, 1.0], [1.0, 1.0]) == 0.5 and tpr_at_fpr([1.0, 1.0], [1.0, 1.0], [0.25])[0] == 0.25


def test_summary_is_seeded_and_holds_its_estimates() -> None:
    pos, neg = _draws(4_000, 4)
    one = roc_summary(pos, neg, np.random.default_rng(9))
    assert one == roc_summary(pos, neg, np.random.default_rng(9))
    assert one.auroc == auroc(pos, neg) and one.tprs == tuple(tpr_at_fpr(pos, neg, FPRS))
    assert one.auroc_interval[0] <= one.auroc <= one.auroc_interval[1]
    assert all(lo <= t <= hi for t, (lo, hi) in zip(one.tprs, one.tpr_intervals, strict=True))
    assert one.resamples == BOOTSTRAP_RESAMPLES and one.confidence == 0.95 and one.fprs == FPRS


@pytest.mark.parametrize("mu,fprs", [(MU, FPRS), (3.0, FPRS), (MU, (0.0, 0.5, 1.0))])
def test_cells_keep_the_tpr_exact_and_are_few(mu: float, fprs: tuple[float, ...]) -> None:
    """Pooling keeps every count above and below where a TPR is read, and runs of one side are one
    segment: the TPR on the cells is the TPR on the draws; a million draws need a few thousand cells."""
    pos, neg = _draws(1_000_000, 8, mu)
    f = np.array(fprs)
    values, vp, vn = _counts(pos, neg)
    cell = _cells(vp, vn, values.size, f)
    assert np.all(np.diff(cell) >= 0) and cell[0] == 0
    pooled = [np.bincount(cell[v], minlength=int(cell[-1]) + 1) for v in (vp, vn)]
    assert _curve(*pooled, f)[1] == pytest.approx(tpr_at_fpr(pos, neg, f), abs=1e-12)
    assert cell[-1] + 1 < MID_CELLS + 8_000


@pytest.mark.slow
def test_intervals_match_jax_privacys_bootstrap_on_the_same_draws() -> None:
    """Each interval around its own estimate (jax-privacy's hull sits a hair higher): the same reach
    below and above, up to the bootstraps' noise."""
    pos, neg = _draws(3_000, 5, mu=1.0)
    ours = roc_summary(pos, neg, np.random.default_rng(10), fprs=(0.05,))
    a = auditing()
    params = a.BootstrapParams(num_samples=500, bias_correction=False, seed=10)
    reference = a.CanaryScoreAuditor(pos, neg)
    pairs = [(ours.auroc_interval, ours.auroc, reference.attack_auroc(bootstrap_params=params),
              reference.attack_auroc()),
             (ours.tpr_intervals[0], ours.tprs[0], reference.tpr_at_given_fpr(0.05, bootstrap_params=params),
              reference.tpr_at_given_fpr(0.05))]
    for interval, estimate, their_interval, their_estimate in pairs:
        reach = np.array(interval) - estimate
        their_reach = np.array(their_interval) - their_estimate
        assert np.allclose(reach, their_reach, atol=0.2 * (interval[1] - interval[0])), (reach, their_reach)


def _plain_bootstrap(pos: np.ndarray, neg: np.ndarray, rng: np.random.Generator, resamples: int) -> np.ndarray:
    """Resample every draw (no cells): AUROC and TPR at FPRS of each resample."""
    values, index = np.unique(np.concatenate([pos, neg]), return_inverse=True)
    vp, vn = index[: pos.size], index[pos.size :]
    rows = []
    for _ in range(resamples):
        p = np.bincount(vp[rng.integers(0, vp.size, vp.size)], minlength=values.size)
        n = np.bincount(vn[rng.integers(0, vn.size, vn.size)], minlength=values.size)
        area, tprs = _curve(p, n, np.array(FPRS))
        rows.append([area, *tprs])
    return np.array(rows)


@pytest.mark.slow
def test_pooled_cells_resample_as_the_draws_do() -> None:
    """At 200,000 draws a side the values below the top share 512 cells: the intervals are those of
    resampling every draw, up to the bootstrap's own noise."""
    pos, neg = _draws(200_000, 6)
    ours = roc_summary(pos, neg, np.random.default_rng(11))
    plain = _plain_bootstrap(pos, neg, np.random.default_rng(12), 300)
    ends = np.quantile(plain, (0.025, 0.975), axis=0)
    for (lo, hi), column in zip([ours.auroc_interval, *ours.tpr_intervals], ends.T, strict=True):
        width = column[1] - column[0]
        assert abs(lo - column[0]) < 0.2 * width and abs(hi - column[1]) < 0.2 * width


@pytest.mark.slow
def test_intervals_cover_the_gaussians_true_values() -> None:
    """100 runs at 2,000 draws a side: each 95% interval misses the truth in about 5 of them."""
    truth = [norm.cdf(MU / np.sqrt(2)), norm.sf(norm.isf(0.01) - MU)]
    missed = np.zeros(2, int)
    for seed in range(100):
        s = roc_summary(*_draws(2_000, 100 + seed), np.random.default_rng(seed), fprs=(0.01,))
        missed += [not s.auroc_interval[0] <= truth[0] <= s.auroc_interval[1],
                   not s.tpr_intervals[0][0] <= truth[1] <= s.tpr_intervals[0][1]]
    assert np.all(missed <= 13)  # P[Bin(100, 0.05) > 13] < 0.1%; the percentile interval runs a bit short


@pytest.mark.parametrize("epsilon,delta", [(0.5, 0.0), (1.0, 0.0), (1.0, 1e-5), (3.0, 0.01), (10.0, 0.2)])
def test_the_promises_limits_are_the_area_and_height_of_its_region(epsilon: float, delta: float) -> None:
    area, tprs = promised_limits(epsilon, delta, (0.001, 0.01))
    def upper(f: np.ndarray) -> np.ndarray:  # the upper curve of Kairouz, Oh & Viswanath's region
        return np.minimum.reduce([np.ones_like(f), np.exp(epsilon) * f + delta, 1 - np.exp(-epsilon) * (1 - delta - f)])

    grid = np.linspace(0, 1, 400_001)
    assert area == pytest.approx(np.trapezoid(upper(grid), grid), abs=1e-7)  # the grid misses a kink by < 1e-7
    assert tprs == pytest.approx(upper(np.array([0.001, 0.01])))
    if delta == 0:
        assert area == pytest.approx(np.exp(epsilon) / (1 + np.exp(epsilon)))  # the best guess's accuracy


def test_randomized_response_reaches_the_promised_auroc() -> None:
    """Randomized response is tight: its AUROC is e^eps / (1 + e^eps), the most epsilon allows."""
    g = np.random.default_rng(7)
    p = np.exp(1) / (1 + np.exp(1))
    pos, neg = (g.random(200_000) < p).astype(float), (g.random(200_000) >= p).astype(float)
    assert auroc(pos, neg) == pytest.approx(promised_limits(1.0, 0.0)[0], abs=3e-3)


def test_bad_inputs_raise() -> None:
    with pytest.raises(DPError):
        roc_summary([1.0], [0.0, 1.0], np.random.default_rng(0))
    with pytest.raises(DPError):
        tpr_at_fpr([1.0, 2.0], [0.0, 1.0], [1.5])
    with pytest.raises(DPError):
        roc_summary([1.0, 2.0], [0.0, 1.0], np.random.default_rng(0), confidence=1.0)
