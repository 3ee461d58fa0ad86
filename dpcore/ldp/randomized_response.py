"""Randomized response: differential privacy in the local model, where nobody trusts the collector.

Each person randomizes their own answer before sending it; the collector only ever sees the
randomized reports and de-biases their totals. Binary randomized response (BRR) is the course's
coin protocol; generalised randomized response (GRR, "direct encoding") extends it to k categories:

    report the true value with probability p = e^eps / (e^eps + k - 1),
    otherwise a uniformly random *other* category (each with q = (1 - p) / (k - 1)).

For k = 2 this is exactly binary randomized response, so one perturbation serves both.

Reference: the course chapter, section 6.4 (SEED-FACTS section 5); Wang, Blocki, Li, Jha,
"Locally Differentially Private Protocols for Frequency Estimation" (USENIX Security 2017), the
survey's Table 2 (SEED-FACTS section 6, GRR row).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dpcore.columns import Answers, column_answers, count_codes
from dpcore.errors import DPError
from dpcore.limits import MAX_CATEGORIES, MAX_RESPONDENTS
from dpcore.mechanisms import calibrate, rr_epsilon, rr_truth_probability
from dpcore.validation import check_count, check_epsilon, check_probability


@dataclass(frozen=True)
class WorkedExample:
    """The course's worked example (section 6.4.2), as printed."""

    n: int = 20
    male: int = 16
    female: int = 4
    p: float = 0.8
    reported_male: int = 14
    reported_female: int = 6


BOOK_EXAMPLE = WorkedExample()


# --------------------------------------------------------------------------------------------
# Input checks
# --------------------------------------------------------------------------------------------


def check_truth_probability(p: Any, categories: int = 2) -> float:
    """Return p as a float if randomized response can use it: 1/k < p < 1.

    p = 1/k makes every report independent of the truth (for k = 2 the estimator divides by
    2p - 1 = 0); p below 1/k only means "lie more often than not"; p = 1 always tells the truth,
    which is no privacy at all (epsilon infinite).
    """
    prob = check_probability("The truth probability p", p)
    k = check_count("The number of categories", categories, minimum=2)
    if prob >= 1.0:
        raise DPError("truth_p_one", p=prob)
    if prob <= 1.0 / k:
        if k == 2:
            raise DPError("truth_p_half", p=prob)
        raise DPError("truth_p_low", k=k, chance=1 / k, p=prob)
    return prob


def _check_counts(n_yes: Any, n: Any) -> tuple[int, int]:
    total = check_count("The number of respondents n", n, minimum=1)
    yes = check_count("The number of 'yes' reports", n_yes, minimum=0)
    if yes > total:
        raise DPError("yes_exceeds_n", yes=yes, n=total)
    return yes, total


# --------------------------------------------------------------------------------------------
# Binary randomized response (the course's coin protocol)
# --------------------------------------------------------------------------------------------


def rr_estimate(n_yes: int, n: int, p: float) -> float:
    """The course's unbiased estimate of the true share of "yes" from n randomized answers.

    pi_hat = (p - 1) / (2p - 1) + n1 / ((2p - 1) n)

    It is also the maximum-likelihood estimate when it falls in [0, 1]. It can fall outside
    [0, 1] (it is unbiased, not clipped).
    Raises ValueError for p outside (1/2, 1) or counts that do not fit (n_yes > n, n < 1).
    Reference: course section 6.4.2, "校正" (correction).
    """
    prob = check_truth_probability(p)
    yes, total = _check_counts(n_yes, n)
    return (prob - 1) / (2 * prob - 1) + yes / ((2 * prob - 1) * total)


@dataclass(frozen=True)
class CorrectionSteps:
    """The course's correction written out: value = numerator / denominator."""

    n: int
    n_yes: int
    p: float
    numerator: float  # n (p - 1) + n1
    denominator: float  # 2p - 1
    value: float


def rr_correction_steps(n_yes: int, n: int, p: float) -> CorrectionSteps:
    """The course's corrected count N = pi_hat n = [n (p - 1) + n1] / (p * 2 - 1), with the numbers
    of each step as the course prints them. The worked example: [20 * (0.8 - 1) + 14] / (0.8 * 2 - 1)
    = 16.67 male."""
    prob = check_truth_probability(p)
    yes, total = _check_counts(n_yes, n)
    numerator = total * (prob - 1) + yes
    denominator = prob * 2 - 1
    return CorrectionSteps(total, yes, prob, numerator, denominator, numerator / denominator)


def rr_report_probability(share: float | np.ndarray, p: float) -> float | np.ndarray:
    """Pr[report "yes"] = pi p + (1 - pi)(1 - p) when a share pi of people truly say "yes"."""
    prob = check_truth_probability(p)
    pi = np.asarray(share, dtype=float)
    if np.any(np.isnan(pi)) or np.any((pi < 0) | (pi > 1)):
        raise DPError("true_share_range")
    result = pi * prob + (1 - pi) * (1 - prob)
    return float(result) if result.ndim == 0 else result


def rr_variance(n: int, p: float) -> float:
    """Exact variance of pi_hat for a fixed group of n people: p (1 - p) / (n (2p - 1)^2).

    Only the coins are random: n1 is a sum of n independent answers, each kept with probability p,
    so Var(n1) = n p (1 - p) whatever the true share. This is the survey's GRR variance with d = 2,
    e^eps / (n (e^eps - 1)^2). If the n people are themselves a random sample of a larger
    population whose share is wanted, add that sample's own variance pi (1 - pi) / n.
    Reference: Wang et al. 2017, Theorem 2 with d = 2; SEED-FACTS section 6.
    """
    total = check_count("The number of respondents n", n, minimum=1)
    prob = check_truth_probability(p)
    return prob * (1 - prob) / (total * (2 * prob - 1) ** 2)


def rr_standard_error(n: int, p: float) -> float:
    """Standard error of pi_hat for a fixed group of n people: sqrt(p (1 - p) / n) / (2p - 1)."""
    return math.sqrt(rr_variance(n, p))


@dataclass(frozen=True)
class BinaryEstimate:
    """What the collector can say after n binary randomized answers, n_yes of them "yes".

    `standard_error` is exact for these n people (only the coins are random); `low`/`high` is the
    normal-approximation interval estimate +- z * standard_error, not clipped to [0, 1], like the
    estimate itself, or with `exact` the Clopper-Pearson interval of `rr_exact_interval`.
    """

    n: int
    n_yes: int
    p: float
    epsilon: float
    raw_share: float
    estimate: float
    standard_error: float
    low: float
    high: float
    level: float


def rr_exact_interval(n_yes: int, n: int, p: float, level: float = 0.95) -> tuple[float, float]:
    """An interval for the true share that covers it with probability at least `level` for every n.

    Clopper-Pearson on the share of "yes" reports (scipy's beta quantiles), mapped through the
    de-biasing pi = (share - (1 - p)) / (2p - 1), which is increasing, and clipped to [0, 1]: the
    report share's interval covers Pr[report "yes"] at least `level` of the time, so its image covers
    pi as often. The Wald interval estimate +- z se covers only 82-93% of the time for a class of
    20-30 at epsilon 2-5, where n p (1 - p) is small.
    """
    prob = check_truth_probability(p)
    yes, total = _check_counts(n_yes, n)
    lvl = check_probability("The confidence level", level, open_interval=True)
    from scipy.stats import beta  # imported on use (a page's cold open)

    tail = (1 - lvl) / 2
    low = float(beta.ppf(tail, yes, total - yes + 1)) if yes > 0 else 0.0
    high = float(beta.ppf(1 - tail, yes + 1, total - yes)) if yes < total else 1.0
    return (min(1.0, max(0.0, (low - (1 - prob)) / (2 * prob - 1))),
            min(1.0, max(0.0, (high - (1 - prob)) / (2 * prob - 1))))


def rr_summary(n_yes: int, n: int, p: float, level: float = 0.95, exact: bool = False) -> BinaryEstimate:
    """Raw share, corrected estimate, its standard error and a `level` interval, in one record.

    The interval is Wald's (estimate +- z se) unless `exact`: then `rr_exact_interval`, which holds its
    level for small groups too (a class).
    """
    prob = check_truth_probability(p)
    yes, total = _check_counts(n_yes, n)
    lvl = check_probability("The confidence level", level, open_interval=True)
    estimate = rr_estimate(yes, total, prob)
    se = rr_standard_error(total, prob)
    if exact:
        low, high = rr_exact_interval(yes, total, prob, lvl)
    else:
        from scipy import special  # imported on use (a page's cold open)

        z = float(special.ndtri(0.5 + lvl / 2))
        low, high = estimate - z * se, estimate + z * se
    return BinaryEstimate(
        n=total,
        n_yes=yes,
        p=prob,
        epsilon=rr_epsilon(prob),
        raw_share=yes / total,
        estimate=estimate,
        standard_error=se,
        low=low,
        high=high,
        level=lvl,
    )


def rr_perturb(truth: np.ndarray, p: float, rng: np.random.Generator) -> np.ndarray:
    """Randomize a whole column of yes/no answers at once: keep each with probability p, else flip.

    One uniform draw per answer; returns a boolean array the shape of `truth`.
    """
    prob = check_truth_probability(p)
    bits = np.asarray(truth)
    if bits.dtype != np.bool_:
        if bits.size and not np.isin(bits, (0, 1)).all():
            raise DPError("binary_answers")
        bits = bits.astype(bool)
    return bits ^ (rng.random(bits.shape) >= prob)


@dataclass(frozen=True)
class OneResponse:
    """One respondent's turn: the coin (heads = tell the truth, probability p) and the report."""

    truth: bool
    coin_heads: bool
    reported: bool
    p: float


def rr_respond(truth: bool, p: float, rng: np.random.Generator) -> OneResponse:
    """One respondent tosses a coin that shows heads with probability p and answers accordingly."""
    prob = check_truth_probability(p)
    heads = bool(rng.random() < prob)
    return OneResponse(bool(truth), heads, bool(truth) if heads else not bool(truth), prob)


def rr_simulate_survey(
    n: int, true_share: float, p: float, rng: np.random.Generator
) -> tuple[int, int]:
    """Simulate a survey of n people of whom round(true_share * n) truly say "yes".

    Returns (true number of "yes", number of "yes" reports). The population is fixed; only the
    coins are random, so the estimate's spread is the mechanism's alone.
    """
    total = check_count("The number of respondents n", n, minimum=1, maximum=MAX_RESPONDENTS)
    share = check_probability("The true share of 'yes'", true_share)
    prob = check_truth_probability(p)
    n_true = int(round(share * total))
    truth = np.zeros(total, dtype=bool)
    truth[:n_true] = True
    return n_true, int(np.count_nonzero(rr_perturb(truth, prob, rng)))


# --------------------------------------------------------------------------------------------
# Generalised randomized response (k categories)
# --------------------------------------------------------------------------------------------


def grr_perturb(codes: np.ndarray, categories: int, p: float, rng: np.random.Generator) -> np.ndarray:
    """Randomize a whole column of category codes 0..k-1 with generalised randomized response.

    One uniform u per row decides everything: u < p keeps the true code; otherwise
    t = (u - p) / (1 - p) is again uniform on [0, 1), and offset = 1 + floor(t (k - 1)) is uniform
    on 1..k-1, so (code + offset) mod k is a uniformly random *other* category. No Python loop.
    Returns codes the shape of `codes`, in the smallest unsigned type that holds 2k - 2 (uint8
    for k <= 128), which keeps the passes over a million rows cheap.
    """
    k = check_count("The number of categories", categories, minimum=2)
    prob = check_truth_probability(p, k)
    c = np.asarray(codes)
    if c.size and (not np.issubdtype(c.dtype, np.integer) or c.min() < 0 or c.max() >= k):
        raise DPError("category_codes", largest=k - 1)
    scale = (k - 1) / (1 - prob)
    x = rng.random(c.shape)
    # In place, x becomes (u - p) (k - 1) / (1 - p) + 1: at least 1 when u >= p (truncating gives
    # the offset 1..k-1) and below 1 when u < p (clipped at 0, truncating gives 0: keep). The
    # upper clip guards a rounding up to k when u is within 1e-16 of 1.
    np.multiply(x, scale, out=x)
    np.add(x, 1.0 - prob * scale, out=x)
    np.clip(x, 0.0, k - 1, out=x)
    reported = x.astype(np.min_scalar_type(2 * k - 2))
    np.add(reported, c, out=reported, casting="unsafe")
    wrap = np.greater_equal(reported, k)
    np.subtract(reported, np.multiply(wrap, k, dtype=reported.dtype), out=reported)
    return reported


def grr_estimate(reported_counts: np.ndarray, p: float) -> np.ndarray:
    """Unbiased frequencies from the counts of each reported category (k = len(counts)).

    f_hat_j = (observed_share_j - q) / (p - q),  q = (1 - p) / (k - 1).
    For k = 2 and j = "yes" this equals the course's rr_estimate.
    """
    counts = np.asarray(reported_counts, dtype=float)
    if counts.ndim != 1 or counts.size < 2:
        raise DPError("rr_two_categories")
    if np.any(counts < 0) or not np.all(np.isfinite(counts)):
        raise DPError("reported_counts_invalid")
    n = counts.sum()
    if n <= 0:
        raise DPError("no_reports")
    k = counts.size
    prob = check_truth_probability(p, k)
    q = (1 - prob) / (k - 1)
    return (counts / n - q) / (prob - q)


def grr_variance(n: int, epsilon: float, categories: int) -> float:
    """The survey's variance of one GRR frequency estimate: (e^eps + d - 2) / (n (e^eps - 1)^2).

    This is the exact variance for a category nobody holds (f = 0), the usual approximation for
    rare values; `grr_variance_exact` gives it for any true frequency f.
    Reference: SEED-FACTS section 6, Table 2 (GRR row); Wang et al. 2017, eq. (4).
    """
    total = check_count("The number of respondents n", n, minimum=1)
    eps = check_epsilon(epsilon)
    d = check_count("The number of categories", categories, minimum=2)
    e = math.exp(eps)
    return (e + d - 2) / (total * (e - 1) ** 2)


def grr_variance_exact(frequencies: float | np.ndarray, n: int, p: float, categories: int) -> np.ndarray:
    """Exact variance of f_hat_j for a fixed group of n people of whom a share f_j hold category j.

    Var = [q (1 - q) + f (p - q)(1 - p - q)] / (n (p - q)^2): the f n holders report j with
    probability p, the others with q. At f = 0 this is the survey's formula (`grr_variance`);
    for k = 2 (q = 1 - p) it does not depend on f and equals `rr_variance`.
    Reference: Wang et al. 2017, Theorem 2.
    """
    total = check_count("The number of respondents n", n, minimum=1)
    k = check_count("The number of categories", categories, minimum=2)
    prob = check_truth_probability(p, k)
    f = np.asarray(frequencies, dtype=float)
    if np.any(np.isnan(f)) or np.any((f < 0) | (f > 1)):
        raise DPError("true_frequencies_range")
    q = (1 - prob) / (k - 1)
    return (q * (1 - q) + f * (prob - q) * (1 - prob - q)) / (total * (prob - q) ** 2)


def grr_rmse(frequencies: np.ndarray, n: int, epsilon: float) -> float:
    """Root of the mean (over categories) exact variance: the typical error of one frequency."""
    f = np.asarray(frequencies, dtype=float)
    k = f.size
    p = rr_truth_probability(check_epsilon(epsilon), k)
    return float(np.sqrt(np.mean(grr_variance_exact(f, n, p, k))))


def central_frequency_error(n: int, epsilon: float) -> float:
    """Standard deviation of one frequency in the central model: a count + Lap(1/eps), over n.

    The histogram page's release (sensitivity 1, one person touches one bucket), for comparison:
    it shrinks like 1/n while local randomized response shrinks like 1/sqrt(n).
    """
    total = check_count("The number of respondents n", n, minimum=1)
    return calibrate("laplace", epsilon, sensitivity=1.0).std / total


@dataclass(frozen=True)
class ColumnRR:
    """One column randomized row by row and de-biased: everything the page shows about it."""

    column: str
    categories: tuple[str, ...]
    true_counts: np.ndarray
    reported_counts: np.ndarray
    estimated_frequencies: np.ndarray
    standard_errors: np.ndarray
    n: int
    missing: int
    outside: int
    epsilon: float
    p: float
    q: float

    @property
    def true_frequencies(self) -> np.ndarray:
        return self.true_counts / self.n

    @property
    def raw_frequencies(self) -> np.ndarray:
        return self.reported_counts / self.n

    @property
    def rmse(self) -> float:
        """Root mean squared error of the corrected frequencies in this run."""
        return float(np.sqrt(np.mean((self.estimated_frequencies - self.true_frequencies) ** 2)))


def person_codes(
    values: pd.Series | np.ndarray | list[Any],
    name: str = "",
    weights: pd.Series | np.ndarray | None = None,
    categories: tuple[str, ...] | list[str] | None = None,
) -> tuple[Answers, np.ndarray]:
    """A column as one category code per person, ready for a local randomizer.

    People and categories come from `column_answers` (each row of an aggregated table is repeated
    for the people it stands for; a public category list fixes the domain). Raises ValueError for
    no answers, fewer than 2 or more than MAX_CATEGORIES categories, or more than MAX_RESPONDENTS people.
    """
    series = values if isinstance(values, pd.Series) else pd.Series(values)
    label = name or str(series.name or "column")
    answers = column_answers(series, weights, categories)
    categories_found, codes = answers.categories, answers.codes
    if answers.people is not None:
        total = int(answers.people.sum())
        if total > MAX_RESPONDENTS:
            raise DPError("too_many_respondents", column=label, total=total, maximum=MAX_RESPONDENTS)
        codes = np.repeat(codes, answers.people)
    k = len(categories_found)
    if codes.size == 0:
        raise DPError("column_no_answers", column=label)
    if k < 2:
        raise DPError("column_one_answer", column=label, answer=categories_found[0])
    if k > MAX_CATEGORIES:
        raise DPError("column_too_many_values", column=label, count=k, maximum=MAX_CATEGORIES)
    return answers, codes


def randomize_column(
    values: pd.Series | np.ndarray | list[Any],
    epsilon: float,
    rng: np.random.Generator,
    name: str = "",
    weights: pd.Series | np.ndarray | None = None,
    categories: tuple[str, ...] | list[str] | None = None,
) -> ColumnRR:
    """Randomize every person's answer locally, then de-bias the reported counts.

    People and categories come from `person_codes`. k = 2 is binary randomized response, k > 2
    generalised randomized response with p = e^eps / (e^eps + k - 1). Raises ValueError for
    epsilon <= 0 and for a column `person_codes` refuses.
    """
    eps = check_epsilon(epsilon)
    answers, codes = person_codes(values, name, weights, categories)
    categories_found = answers.categories
    label = name or str(getattr(values, "name", None) or "column")
    k = len(categories_found)
    p = rr_truth_probability(eps, k)
    q = (1 - p) / (k - 1)
    reported = grr_perturb(codes, k, p, rng)
    n = int(codes.size)
    true_counts = count_codes(codes, k)
    reported_counts = count_codes(reported, k)
    share = reported_counts / n
    estimate = (share - q) / (p - q)
    return ColumnRR(
        column=label,
        categories=categories_found,
        true_counts=true_counts,
        reported_counts=reported_counts,
        estimated_frequencies=estimate,
        standard_errors=np.sqrt(grr_variance_exact(np.clip(estimate, 0.0, 1.0), n, p, k)),
        n=n,
        missing=answers.missing,
        outside=answers.outside,
        epsilon=eps,
        p=p,
        q=q,
    )
