"""Choosing privately with the exponential mechanism: score tables, the pumpkin price, a private mode.

The mechanism itself (`exponential_probabilities`, `sample_exponential`) lives in
dpcore.mechanisms; this module prepares what it scores and measures what it earns:

- `score_table` / `buyer_table`: check a table a person typed (names and numbers) and say in
  one sentence what is wrong with it.
- The pumpkin-pricing story (course 6.3.1): revenue(r) = r * #{buyers whose maximum price >= r}.
  One buyer changing moves revenue(r) by at most r, so Delta_q = the largest candidate price.
  The expected revenue of the exponential mechanism is compared with the best price and with
  "best price + Laplace noise", whose expectation is computed from AdditiveNoise.cdf.
- `private_mode`: the most common value of a column, chosen with score = count (Delta_q = 1).

Reference: McSherry & Talwar, "Mechanism design via differential privacy" (FOCS 2007), whose
running example is this pricing problem; the course chapter, section 6.3 (SEED-FACTS section 4).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dpcore.columns import column_answers
from dpcore.errors import DPError
from dpcore.limits import MAX_ABS_SCORE, MAX_CATEGORIES, MAX_PRICE, MAX_PRICE_CANDIDATES, MAX_TRACE_POINTS
from dpcore.mechanisms import AdditiveNoise, calibrate, exponential_probabilities
from dpcore.validation import check_count, check_epsilon

# Course Table 6-4 (the sports vote, Delta_q = 1) exactly as printed: options, votes, and the
# probabilities at eps = 0, 0.1 and 1 as the text strings the book shows.
TABLE_6_4_OPTIONS: tuple[tuple[str, int], ...] = (("football", 30), ("volleyball", 25), ("basketball", 8), ("tennis", 2))
TABLE_6_4_PRINTED: dict[float, tuple[str, ...]] = {
    0.0: ("0.25", "0.25", "0.25", "0.25"),
    0.1: ("0.424", "0.330", "0.141", "0.105"),
    1.0: ("0.924", "0.075", "1.5e-05", "7.7e-07"),
}


def as_printed(value: float, printed: str) -> str:
    """Format `value` with the precision of a printed number: as many decimals, or e-notation with
    as many significant digits ("0.330" -> 3 decimals, "1.5e-05" -> 2 significant digits)."""
    if "e" in printed.lower():
        mantissa = printed.lower().split("e")[0]
        digits = len(mantissa.split(".")[1]) if "." in mantissa else 0
        return f"{value:.{digits}e}"
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    return f"{value:.{decimals}f}"


# --------------------------------------------------------------------------------------------
# Tables typed by a person
# --------------------------------------------------------------------------------------------


def _blank(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return value.strip() == ""
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def _number(value: Any) -> float | None:
    """value as a finite float, or None if it is not one (text, bool, NaN, infinity)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip().replace(",", "")
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


@dataclass(frozen=True)
class ScoreTable:
    """Named options and their numeric scores, checked: non-empty, unique names, finite scores."""

    names: tuple[str, ...]
    scores: tuple[float, ...]

    @property
    def values(self) -> np.ndarray:
        return np.asarray(self.scores, dtype=float)

    @property
    def shifted(self) -> np.ndarray:
        """Scores minus the largest one (all <= 0). The exponential mechanism's probabilities do
        not change, and eps * q / (2 Delta_q) cannot overflow even for a tiny Delta_q."""
        v = self.values
        return v - v.max()


def _named_numbers(
    names: Any, numbers: Any, *, what: str, number_word: str, empty_key: str
) -> tuple[tuple[str, ...], tuple[float, ...]]:
    name_list, number_list = list(names), list(numbers)
    if len(name_list) != len(number_list):
        raise DPError("names_numbers_mismatch", what=what, number_word=number_word)
    kept_names: list[str] = []
    kept_numbers: list[float] = []
    for row, (name, value) in enumerate(zip(name_list, number_list), start=1):
        if _blank(name) and _blank(value):
            continue  # an empty row, as the table editor adds one: ignore it
        if _blank(name):
            raise DPError("row_without_name", row=row, number_word=number_word, what=what)
        label = str(name).strip()
        if _blank(value):
            raise DPError("row_without_number", name=label, number_word=number_word)
        number = _number(value)
        if number is None:
            raise DPError("number_not_finite", number_word=number_word, name=label, value=value)
        if label in kept_names:
            raise DPError("duplicate_name", name=label, what=what)
        kept_names.append(label)
        kept_numbers.append(number)
    if not kept_names:
        raise DPError(empty_key, what=what)
    return tuple(kept_names), tuple(kept_numbers)


def score_table(names: Any, scores: Any) -> ScoreTable:
    """Check a table of options and scores as typed in the page.

    Rows with neither a name nor a score are ignored (the editor's new empty row). Raises
    ValueError, quoting the row, for an empty table, a missing name or score, a score that is not a
    finite number, or a name used twice.
    """
    kept_names, kept_scores = _named_numbers(
        names,
        scores,
        what="option",
        number_word="score",
        empty_key="empty_named_table.options",
    )
    if len(kept_names) > MAX_CATEGORIES:
        raise DPError("too_many_options", count=len(kept_names), maximum=MAX_CATEGORIES)
    for name, score in zip(kept_names, kept_scores):
        if abs(score) > MAX_ABS_SCORE:
            raise DPError("score_out_of_range", name=name, score=score)
    return ScoreTable(kept_names, kept_scores)


def buyer_table(names: Any, max_prices: Any) -> ScoreTable:
    """Check the buyers and the most each will pay (a number >= 0), as typed in the page."""
    kept_names, kept_prices = _named_numbers(
        names,
        max_prices,
        what="buyer",
        number_word="maximum price",
        empty_key="empty_named_table.buyers",
    )
    for name, price in zip(kept_names, kept_prices):
        if price < 0:
            raise DPError("negative_price", name=name, price=price)
    return ScoreTable(kept_names, kept_prices)


# --------------------------------------------------------------------------------------------
# Sampling and convergence
# --------------------------------------------------------------------------------------------


def running_frequencies(draws: np.ndarray, categories: int, checkpoints: int = 40) -> tuple[np.ndarray, np.ndarray]:
    """Share of each option among the first m draws, at about `checkpoints` log-spaced m.

    Returns (m values, array of shape (len(m), k)). One pass: counts between checkpoints are
    added up, so a million draws cost one bincount per checkpoint on a slice.
    """
    d = np.asarray(draws)
    k = check_count("The number of options", categories, minimum=1, maximum=MAX_CATEGORIES)
    n = check_count("The number of draws", d.size, minimum=1)
    points = check_count("The number of checkpoints", checkpoints, minimum=1, maximum=MAX_TRACE_POINTS)
    if not np.issubdtype(d.dtype, np.integer) or d.min() < 0 or d.max() >= k:
        raise DPError("draws_range", largest=k - 1)
    marks = np.unique(np.round(np.geomspace(1, n, max(2, points))).astype(np.int64))
    counts = np.zeros((marks.size, k))
    running = np.zeros(k)
    start = 0
    for i, stop in enumerate(marks):
        running += np.bincount(d[start:stop], minlength=k)
        counts[i] = running
        start = stop
    return marks, counts / marks[:, None]


# --------------------------------------------------------------------------------------------
# Pumpkin pricing (course 6.3.1)
# --------------------------------------------------------------------------------------------


def price_grid(lowest: float, highest: float, step: float) -> np.ndarray:
    """Candidate prices lowest, lowest + step, ..., up to highest (both ends included when on grid).

    Raises ValueError unless 0 <= lowest < highest <= MAX_PRICE, step > 0 and there are at most
    MAX_PRICE_CANDIDATES candidates.
    """
    lo, hi, st = (_number(v) for v in (lowest, highest, step))
    if lo is None or hi is None or st is None:
        raise DPError("price_grid_numbers")
    if lo < 0:
        raise DPError("lowest_price_negative", lowest=lo)
    if hi <= lo:
        raise DPError("price_order", highest=hi, lowest=lo)
    if hi > MAX_PRICE:
        raise DPError("highest_price_too_large", maximum=MAX_PRICE, highest=hi)
    if st <= 0:
        raise DPError("price_step", step=st)
    count = int(math.floor((hi - lo) / st + 1e-9)) + 1
    if count > MAX_PRICE_CANDIDATES:
        raise DPError("too_many_prices", count=count, maximum=MAX_PRICE_CANDIDATES)
    return np.round(lo + st * np.arange(count), 10)


def _prices(values: Any) -> np.ndarray:
    """Prices as floats, each finite and within +-MAX_PRICE (beyond, r * buyers only overflows)."""
    r = np.asarray(values, dtype=float)
    if not np.all(np.abs(r) <= MAX_PRICE):  # also false for NaN
        raise DPError("prices_range", maximum=MAX_PRICE)
    return r


def revenues(prices: np.ndarray, max_prices: np.ndarray) -> np.ndarray:
    """revenue(r) = r * #{buyers whose maximum price >= r} (0 for r <= 0), for every r in prices."""
    r = _prices(prices)
    v = np.sort(_prices(max_prices))
    buyers = v.size - np.searchsorted(v, r, side="left")
    return np.where(r > 0, r * buyers, 0.0)


def revenue_sensitivity(prices: np.ndarray) -> float:
    """Delta_q of the revenue score: one buyer joining, leaving or changing moves revenue(r) by at
    most r (one pumpkin more or less at price r), so Delta_q = the largest candidate price."""
    r = _prices(prices)
    if r.size == 0 or r.max() <= 0:
        raise DPError("no_positive_price")
    return float(r.max())


def expected_revenue_noisy_price(price: float, max_prices: np.ndarray, noise: AdditiveNoise) -> float:
    """E[revenue(price + Z)] for additive noise Z, computed from the noise's CDF only.

    revenue(x) = c_j x on each interval (t_{j-1}, t_j] between consecutive buyers' maximum prices
    (c_j buyers afford it) and 0 for x <= 0 or x above every buyer. On each interval, with F the
    CDF of X = price + Z, integration by parts gives
        E[X 1{a < X <= b}] = b F(b) - a F(a) - integral_a^b F(x) dx,
    and the last integral is taken by Simpson's rule on F (split at `price`, where F has its kink).
    """
    v = np.unique(np.asarray(max_prices, dtype=float))
    v = v[v > 0]
    if v.size == 0:
        return 0.0

    def cdf(x: np.ndarray) -> np.ndarray:
        return np.asarray(noise.cdf(np.asarray(x, dtype=float) - price), dtype=float)

    total = 0.0
    left = 0.0
    all_v = np.asarray(max_prices, dtype=float)
    from scipy import integrate  # imported on first use: a page's cold open should not pay for it

    for right in v:
        buyers = int(np.count_nonzero(all_v >= right))
        cuts = [left, right] if not left < price < right else [left, price, right]
        for a, b in zip(cuts[:-1], cuts[1:]):
            points = int(min(20_001, max(401, 40 * (b - a) / noise.std)))
            x = np.linspace(a, b, points | 1)
            fa, fb = cdf(np.array([a, b]))
            partial = b * fb - a * fa - integrate.simpson(cdf(x), x=x)
            total += buyers * partial
        left = float(right)
    return float(total)


@dataclass(frozen=True)
class PricingComparison:
    """What each way of choosing a price earns on average, at one epsilon."""

    revenues: np.ndarray
    probabilities: np.ndarray
    epsilon: float
    score_sensitivity: float
    best_price: float
    best_revenue: float
    exponential_expected: float
    noisy_price_sensitivity: float
    noisy_price_scale: float
    noisy_expected: float


def compare_pricing(prices: np.ndarray, max_prices: np.ndarray, epsilon: float) -> PricingComparison:
    """Best price (no privacy) vs the exponential mechanism vs best price + Laplace noise.

    - exponential mechanism: E = sum_r Pr[r] revenue(r), score = revenue, Delta_q = max price;
    - noisy best price: the lowest best price plus Lap(Delta / eps), where Delta = the width of the
      grid (one buyer can move the best price from one end to the other: 1 -> 3 in the course).
    """
    eps = check_epsilon(epsilon)
    r = np.asarray(prices, dtype=float)
    if r.size < 2:
        raise DPError("two_prices")
    rev = revenues(r, max_prices)
    sens = revenue_sensitivity(r)
    probs = exponential_probabilities(rev, eps, sens)
    best = int(np.argmax(rev))
    width = float(r.max() - r.min())
    noise = calibrate("laplace", eps, sensitivity=width)
    return PricingComparison(
        revenues=rev,
        probabilities=probs,
        epsilon=eps,
        score_sensitivity=sens,
        best_price=float(r[best]),
        best_revenue=float(rev[best]),
        exponential_expected=float(probs @ rev),
        noisy_price_sensitivity=width,
        noisy_price_scale=noise.scale,
        noisy_expected=expected_revenue_noisy_price(float(r[best]), max_prices, noise),
    )


def pricing_curves(
    prices: np.ndarray, max_prices: np.ndarray, epsilons: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each epsilon: (best revenue, exponential mechanism's expected, noisy price's expected)."""
    rows = [compare_pricing(prices, max_prices, e) for e in np.asarray(epsilons, dtype=float)]
    best = np.array([c.best_revenue for c in rows])
    return best, np.array([c.exponential_expected for c in rows]), np.array([c.noisy_expected for c in rows])


# --------------------------------------------------------------------------------------------
# The most common value of a column, chosen privately
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ModeChoice:
    """A private "most common value": candidates (most common first), their counts and chances."""

    column: str
    candidates: tuple[str, ...]
    counts: np.ndarray
    probabilities: np.ndarray
    chosen: int
    epsilon: float
    distinct: int
    missing: int
    outside: int
    public_candidates: bool

    @property
    def truncated(self) -> bool:
        """True when there were more candidates than MAX_CATEGORIES and only the most common stayed."""
        return self.distinct > len(self.candidates)

    @property
    def mode_indices(self) -> np.ndarray:
        return np.flatnonzero(self.counts == self.counts.max())

    @property
    def mode_probability(self) -> float:
        """Probability that the mechanism picks a true mode (any of them, if tied)."""
        return float(self.probabilities[self.mode_indices].sum())

    @property
    def chose_mode(self) -> bool:
        return bool(self.counts[self.chosen] == self.counts.max())


def private_mode(
    values: pd.Series,
    epsilon: float,
    rng: np.random.Generator,
    name: str = "",
    weights: pd.Series | np.ndarray | None = None,
    candidates: tuple[str, ...] | list[str] | None = None,
) -> ModeChoice:
    """Pick the most common value of a column with the exponential mechanism (score = count).

    Adding or removing one person changes one count by 1, so Delta_q = 1. `weights` says how
    many people each row stands for. The candidates are the public list `candidates` when one is
    known (unseen ones included, with count 0), otherwise the column's distinct values; they are
    shown most common first, at most MAX_CATEGORIES of them.
    """
    eps = check_epsilon(epsilon, allow_zero=True)
    series = values if isinstance(values, pd.Series) else pd.Series(values)
    label = name or str(series.name or "column")
    answers = column_answers(series, weights, candidates)
    if not answers.categories or (answers.codes.size == 0 and candidates is None):
        raise DPError("column_no_values", column=label)
    counts = answers.counts
    order = np.argsort(-counts, kind="stable")
    distinct = int(order.size)
    order = order[:MAX_CATEGORIES]
    scores = counts[order]
    probabilities = exponential_probabilities(scores.astype(float), eps, 1.0)
    chosen = int(rng.choice(probabilities.size, p=probabilities))
    return ModeChoice(
        column=label,
        candidates=tuple(answers.categories[i] for i in order),
        counts=scores,
        probabilities=probabilities,
        chosen=chosen,
        epsilon=eps,
        distinct=distinct,
        missing=answers.missing,
        outside=answers.outside,
        public_candidates=candidates is not None,
    )
