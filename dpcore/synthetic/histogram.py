"""One-column DP synthetic data: the course's noisy-histogram method (chapter 6.5.3).

Count the values on the declared domain, add Laplace noise (a histogram has L1 sensitivity 1, so
the scale is 1/epsilon: Dwork & Roth 2014, section 3.3), clamp negative counts to 0, normalise to a
distribution and sample synthetic values from it. Everything after the noise is post-processing
and costs no further privacy (course Thm 6-1), so the sample is epsilon-DP.

Values outside the declared domain raise an error rather than being dropped: a silent drop would
hide a typo and change the table without the user seeing it (and the domain must stay public: it
is never read from the data). This is a teaching simulation with numpy's Generator; a release for
download goes through OpenDP (dpcore/release.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dpcore.errors import DPError
from dpcore.limits import MAX_CATEGORIES, MAX_SYNTHETIC_ROWS
from dpcore.validation import check_count, check_epsilon


@dataclass(frozen=True)
class HistogramSynthesis:
    """Every step of the one-column method, for a page to show one after the other."""

    domain: tuple[Any, ...]
    epsilon: float
    true_counts: np.ndarray
    noise: np.ndarray
    noisy_counts: np.ndarray
    clamped: np.ndarray
    distribution: np.ndarray
    sample: np.ndarray


def check_domain(domain: Sequence[Any]) -> tuple[Any, ...]:
    """The declared domain as a tuple: non-empty, no repeats, at most MAX_CATEGORIES values."""
    values = tuple(domain)
    if not values:
        raise DPError("synthetic_domain_empty")
    if len(values) > MAX_CATEGORIES:
        raise DPError("too_many_categories", maximum=MAX_CATEGORIES, count=len(values))
    if len(set(values)) != len(values):
        raise DPError("category_declared_twice")
    return values


def domain_index(values: Sequence[Any], domain: tuple[Any, ...], column: str = "values") -> np.ndarray:
    """Position of each value in the declared domain; DPError when one is outside it."""
    idx = pd.Index(domain).get_indexer(pd.Index(list(values), dtype=object))
    outside = np.flatnonzero(idx < 0)
    if outside.size:
        first = list(values)[int(outside[0])]
        first = first.item() if isinstance(first, np.generic) else first
        raise DPError("synthetic_value_outside", column=column, count=int(outside.size), value=repr(first))
    return idx.astype(np.int64)


def normalise(counts: np.ndarray) -> np.ndarray:
    """Clamp at 0 and divide by the total; all zeros give the uniform distribution."""
    clamped = np.clip(np.asarray(counts, dtype=float), 0.0, None)
    total = clamped.sum()
    return clamped / total if total > 0 else np.full(clamped.size, 1.0 / clamped.size)


def histogram_steps(
    values: Sequence[Any], domain: Sequence[Any], epsilon: float, rows: int, rng: np.random.Generator,
    *, column: str = "values",
) -> HistogramSynthesis:
    """The method of section 6.5.3, step by step: counts, Laplace(1/epsilon) noise, clamped,
    distribution, and `rows` values drawn from it (all in `domain`). `column` names the values
    in an error message."""
    eps = check_epsilon(epsilon)
    n_rows = check_count("The number of synthetic rows", rows, minimum=1, maximum=MAX_SYNTHETIC_ROWS)
    dom = check_domain(domain)
    idx = domain_index(values, dom, column)
    true_counts = np.bincount(idx, minlength=len(dom)).astype(np.int64)
    noise = rng.laplace(0.0, 1.0 / eps, size=len(dom))
    noisy = true_counts + noise
    clamped = np.clip(noisy, 0.0, None)
    distribution = normalise(clamped)
    picks = rng.choice(len(dom), size=n_rows, p=distribution)
    sample = np.asarray(dom, dtype=object)[picks]
    if all(isinstance(v, (int, np.integer)) for v in dom):
        sample = sample.astype(np.int64)
    elif all(isinstance(v, (float, int, np.number)) for v in dom):
        sample = sample.astype(float)
    return HistogramSynthesis(
        domain=dom, epsilon=eps, true_counts=true_counts, noise=noise, noisy_counts=noisy,
        clamped=clamped, distribution=distribution, sample=sample,
    )


def synthesize_histogram(
    values: Sequence[Any], domain: Sequence[Any], epsilon: float, rows: int, rng: np.random.Generator,
    *, column: str = "values",
) -> np.ndarray:
    """`rows` synthetic values, all in `domain`, by the one-column method (see histogram_steps)."""
    return histogram_steps(values, domain, epsilon, rows, rng, column=column).sample


def draw_probability(steps: HistogramSynthesis, draw: Sequence[Any]) -> float:
    """Chance that sampling from this run's distribution gives exactly `draw`, in that order
    (0 when a value of the draw has no weight left after clamping)."""
    idx = domain_index(draw, steps.domain, "draw")
    return float(np.prod(steps.distribution[idx]))
