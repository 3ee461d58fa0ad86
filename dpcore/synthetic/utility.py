"""How useful a synthetic table is: marginals, total variation distance, correlations, a workload
of counting queries, two baselines, and the non-interactive lesson.

Tables are compared as bin codes on the same declared domains (dpcore.synthetic.domains), so
both sides have exactly the same cells. Total variation distance between two distributions p and
q on the same cells is (1/2) sum |p - q| (0: identical, 1: disjoint), the measure used by
McKenna et al. (2021) and the NIST challenge. Baselines (issue 13): independent marginals (each
column sampled alone from its noisy one-way marginal, same total epsilon: what MST must beat) and
a random half of the real data (the noise floor: no privacy, only sampling error).
The lesson of section 6.5.3: a published synthetic table answers any number of queries at no
further cost, while answering k queries interactively with basic composition gives each epsilon/k,
so its Laplace noise grows like k/epsilon (Dwork & Roth 2014, Thm 3.16).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dpcore.errors import DPError
from dpcore.limits import MAX_SYNTHETIC_ROWS, MAX_SYNTHETIC_WORKLOAD
from dpcore.synthetic.histogram import normalise
from dpcore.validation import check_count, check_epsilon

Query = tuple[tuple[int, int], ...]  # conjunction of (column index, code)


def _check_codes(codes: np.ndarray, sizes: Sequence[int]) -> np.ndarray:
    c = np.asarray(codes, dtype=np.int64)
    if c.ndim != 2 or c.shape[1] != len(sizes):
        raise DPError("synthetic_codes_shape", columns=len(sizes))
    if c.shape[0] == 0:
        raise DPError("synthetic_empty_table")
    if (c < 0).any() or (c >= np.asarray(sizes)).any():
        raise DPError("synthetic_codes_outside")
    return c


def marginal(codes: np.ndarray, sizes: Sequence[int], axes: Sequence[int]) -> np.ndarray:
    """Counts of every combination of the columns `axes` (shape: their domain sizes)."""
    c = _check_codes(codes, sizes)
    shape = tuple(sizes[a] for a in axes)
    flat = np.ravel_multi_index(tuple(c[:, a] for a in axes), shape)
    return np.bincount(flat, minlength=int(np.prod(shape))).reshape(shape)


def tvd(p: np.ndarray, q: np.ndarray) -> float:
    """Total variation distance of two count tables on the same cells (each normalised first)."""
    a = np.asarray(p, dtype=float).ravel()
    b = np.asarray(q, dtype=float).ravel()
    return 0.5 * float(np.abs(a / a.sum() - b / b.sum()).sum())


@dataclass(frozen=True)
class MarginalErrors:
    """TVD of every one-way and two-way marginal, keyed by column indices."""

    one_way: dict[tuple[int], float]
    two_way: dict[tuple[int, int], float]

    @property
    def mean_one_way(self) -> float:
        return float(np.mean(list(self.one_way.values())))

    @property
    def mean_two_way(self) -> float:
        return float(np.mean(list(self.two_way.values()))) if self.two_way else float("nan")


def marginal_errors(real: np.ndarray, synthetic: np.ndarray, sizes: Sequence[int]) -> MarginalErrors:
    """TVD between the real and the synthetic table for every one- and two-way marginal."""
    d = len(sizes)
    one = {(i,): tvd(marginal(real, sizes, (i,)), marginal(synthetic, sizes, (i,))) for i in range(d)}
    two = {
        (i, j): tvd(marginal(real, sizes, (i, j)), marginal(synthetic, sizes, (i, j)))
        for i, j in itertools.combinations(range(d), 2)
    }
    return MarginalErrors(one, two)


def correlation_matrix(codes: np.ndarray, sizes: Sequence[int]) -> np.ndarray:
    """Pearson correlation of the bin codes (bins in declared order); 0 off the diagonal for a
    constant column (no correlation can be measured), 1 on the diagonal."""
    c = _check_codes(codes, sizes).astype(float)
    centred = c - c.mean(axis=0)
    sd = np.sqrt((centred**2).mean(axis=0))
    safe = np.where(sd > 0, sd, 1.0)
    z = centred / safe
    corr = (z.T @ z) / c.shape[0]
    corr[:, sd == 0] = 0.0
    corr[sd == 0, :] = 0.0
    np.fill_diagonal(corr, 1.0)
    return np.clip(corr, -1.0, 1.0)


def counting_workload(sizes: Sequence[int], k: int, width: int, rng: np.random.Generator) -> tuple[Query, ...]:
    """`k` random counting queries, each a conjunction "column = value" over `width` distinct
    columns (columns and values uniform at random). Seeded by `rng`, so a page can repeat it."""
    n_queries = check_count("The number of queries", k, minimum=1, maximum=MAX_SYNTHETIC_WORKLOAD)
    w = check_count("The number of columns per query", width, minimum=1, maximum=len(sizes))
    out = []
    for _ in range(n_queries):
        cols = np.sort(rng.choice(len(sizes), size=w, replace=False))
        out.append(tuple((int(c), int(rng.integers(sizes[c]))) for c in cols))
    return tuple(out)


def answer_workload(codes: np.ndarray, workload: Sequence[Query]) -> np.ndarray:
    """Number of rows matching each query."""
    c = np.asarray(codes, dtype=np.int64)
    out = np.empty(len(workload), dtype=np.int64)
    for q, query in enumerate(workload):
        match = np.ones(c.shape[0], dtype=bool)
        for col, value in query:
            match &= c[:, col] == value
        out[q] = int(match.sum())
    return out


def workload_error(real: np.ndarray, synthetic: np.ndarray, workload: Sequence[Query]) -> float:
    """Mean absolute error of the workload's answers as shares of the rows (tables may differ in
    size): mean over queries of |synthetic share - real share|."""
    r = answer_workload(real, workload) / np.asarray(real).shape[0]
    s = answer_workload(synthetic, workload) / np.asarray(synthetic).shape[0]
    return float(np.abs(r - s).mean())


def independent_baseline(
    codes: np.ndarray, sizes: Sequence[int], epsilon: float, rows: int, rng: np.random.Generator
) -> np.ndarray:
    """Each column drawn alone from its noisy one-way marginal: d histograms under basic
    composition (epsilon/d each, Laplace scale d/epsilon), clamped, normalised, sampled.
    The correlations between columns are lost by design: the baseline MST must beat."""
    c = _check_codes(codes, sizes)
    eps = check_epsilon(epsilon)
    n_rows = check_count("The number of synthetic rows", rows, minimum=1, maximum=MAX_SYNTHETIC_ROWS)
    d = len(sizes)
    out = np.empty((n_rows, d), dtype=np.int64)
    for j, size in enumerate(sizes):
        counts = np.bincount(c[:, j], minlength=size) + rng.laplace(0.0, d / eps, size=size)
        out[:, j] = rng.choice(size, size=n_rows, p=normalise(counts))
    return out


def half_sample(codes: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random half of the real rows (no privacy): its error against the full table is the
    sampling noise floor no synthesizer is expected to beat."""
    c = np.asarray(codes)
    keep = rng.choice(c.shape[0], size=max(1, c.shape[0] // 2), replace=False)
    return c[np.sort(keep)]


@dataclass(frozen=True)
class LessonCurves:
    """Mean absolute error (in people) of the first k queries, for each k: answered on the
    synthetic table (no further budget), and each with Laplace noise at epsilon/k."""

    ks: np.ndarray
    synthetic_error: np.ndarray
    laplace_error: np.ndarray
    laplace_expected: np.ndarray  # k / epsilon, the mean |Laplace(k/epsilon)|


def interactive_vs_synthetic(
    real: np.ndarray,
    synthetic: np.ndarray,
    workload: Sequence[Query],
    epsilon: float,
    ks: Sequence[int],
    rng: np.random.Generator,
) -> LessonCurves:
    """The non-interactive lesson: the same total epsilon spent once on a synthetic table, or
    split over k interactive counting queries (basic composition, sensitivity 1 each).
    Synthetic answers are rescaled to the real table's size."""
    eps = check_epsilon(epsilon)
    k_values = np.asarray([check_count("The number of queries", k, minimum=1, maximum=len(workload)) for k in ks])
    truth = answer_workload(real, workload).astype(float)
    n_real, n_synth = np.asarray(real).shape[0], np.asarray(synthetic).shape[0]
    synth = answer_workload(synthetic, workload) * (n_real / n_synth)
    abs_synth = np.abs(synth - truth)
    syn_err, lap_err = [], []
    for k in k_values:
        syn_err.append(float(abs_synth[:k].mean()))
        noise = rng.laplace(0.0, k / eps, size=int(k))
        lap_err.append(float(np.abs(noise).mean()))
    return LessonCurves(
        ks=k_values, synthetic_error=np.asarray(syn_err), laplace_error=np.asarray(lap_err),
        laplace_expected=k_values / eps,
    )
