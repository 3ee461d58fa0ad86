"""Shuffle amplification (dpcore.ldp.shuffle): the Feldman-McMillan-Talwar bounds.

Independent references: the numbers the authors' README prints for their script; a brute-force
enumeration of the clone reduction over (zeros, ones) counts with scipy's multinomial-free
binomial pmfs and scipy's root finder; the exact privacy of shuffled binary randomized response
(any valid upper bound must be at least that); Theorem 3.1's closed form evaluated by hand.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import optimize, stats

from dpcore.errors import DPError
from dpcore.ldp.shuffle import (
    closed_form_applies,
    shuffle_epsilon,
    shuffle_epsilon_closed_form,
    shuffle_epsilon_curve,
    shuffle_epsilon_lower,
)
from dpcore.limits import MAX_SHUFFLE_USERS

# ---------------------------------------------------------------------------------------------
# Published figures
# ---------------------------------------------------------------------------------------------


def test_matches_the_authors_published_run() -> None:
    """README of apple/ml-shuffling-amplification: n = 10^5, eps0 = 4, delta = 10^-6 gives eps
    between 0.1675385583317841 and 0.172790550755978 (their step-100, 10-iteration run). Our
    bound evaluates every clone count there, so it lands inside their bracket (0.1698)."""
    upper = shuffle_epsilon(4, 10**5, 1e-6)
    lower = shuffle_epsilon_lower(4, 10**5, 1e-6)
    assert 0.1675385583317841 <= lower <= upper <= 0.172790550755978
    assert upper == pytest.approx(0.17, abs=0.005)  # LIBRARIES.md: "about 0.17"


def test_closed_form_by_hand() -> None:
    """Theorem 3.1 at n = 10^5, eps0 = 4, delta = 10^-6, by hand:
    e^4 = 54.598; 8 sqrt(54.598 * ln(4e6) / 1e5) = 0.72856; 8 * 54.598 / 1e5 = 0.004368;
    tanh(2) = 0.96403; ln(1 + 0.96403 * 0.73293) = 0.53463. (The authors' script prints 0.5378
    for its own variant of the closed form.)"""
    assert shuffle_epsilon_closed_form(4, 10**5, 1e-6) == pytest.approx(0.53463, abs=2e-4)


# ---------------------------------------------------------------------------------------------
# Brute force: the clone reduction enumerated over (zeros, ones)
# ---------------------------------------------------------------------------------------------


def _brute_delta(eps: float, eps0: float, n: int) -> float:
    """delta(eps) of the clone reduction, enumerated directly.

    The target reports 0 w.p. alpha = e^eps0 / (e^eps0 + 1) (dataset 1) or 1 w.p. alpha
    (dataset 2); each of the n - 1 others reports 0 w.p. e^-eps0 / 2, 1 w.p. e^-eps0 / 2, and
    something else otherwise. The collector sees (#0, #1). Hockey-stick divergence in both
    directions, the larger one.
    """
    a = math.exp(eps0) / (math.exp(eps0) + 1)
    r = math.exp(-eps0)
    z = np.arange(n + 1)[:, None]
    o = np.arange(n + 1)[None, :]
    # P(others give z zeros and o ones) = Bin(n-1, r)(z + o) * Bin(z + o, 1/2)(z)
    total = z + o

    def others(zz: np.ndarray, oo: np.ndarray) -> np.ndarray:
        tt = zz + oo
        ok = (zz >= 0) & (oo >= 0) & (tt <= n - 1)
        pm = stats.binom.pmf(tt, n - 1, r) * stats.binom.pmf(zz, np.maximum(tt, 0), 0.5)
        return np.where(ok, pm, 0.0)

    del total
    p = a * others(z - 1, o) + (1 - a) * others(z, o - 1)
    q = (1 - a) * others(z - 1, o) + a * others(z, o - 1)
    e = math.exp(eps)
    return float(max(np.clip(p - e * q, 0, None).sum(), np.clip(q - e * p, 0, None).sum()))


def _brute_epsilon(eps0: float, n: int, delta: float) -> float:
    if _brute_delta(0.0, eps0, n) <= delta:
        return 0.0
    return optimize.brentq(lambda e: _brute_delta(e, eps0, n) - delta, 0.0, eps0 - 1e-12, xtol=1e-10)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("eps0", "n", "delta"),
    [(1.0, 30, 1e-6), (2.0, 150, 1e-4), (0.5, 200, 1e-3), (3.0, 250, 1e-2), (1.0, 1, 0.1)],
)
def test_numerical_bound_matches_brute_force(eps0: float, n: int, delta: float) -> None:
    """Upper bound by construction (never below the enumeration), and tight to the bisection's
    tolerance (relative 2e-4) plus the tails charged whole (at most 2e-4 delta)."""
    exact = _brute_epsilon(eps0, n, delta)
    ours = shuffle_epsilon(eps0, n, delta)
    assert exact - 1e-9 <= ours <= exact * (1 + 1e-3) + 1e-6


def _shuffled_rr_epsilon(eps0: float, n: int, delta: float) -> float:
    """Exact central eps of shuffled binary randomized response for one neighbouring pair:
    n - 1 people hold 0, the target holds 0 or 1; the collector sees the number of 1s."""
    p = math.exp(eps0) / (math.exp(eps0) + 1)
    k = np.arange(n + 1)
    base0 = stats.binom.pmf(k, n - 1, 1 - p)
    base1 = stats.binom.pmf(k - 1, n - 1, 1 - p)
    d0 = p * base0 + (1 - p) * base1  # target holds 0
    d1 = (1 - p) * base0 + p * base1  # target holds 1

    def delta_at(eps: float) -> float:
        e = math.exp(eps)
        return max(np.clip(d0 - e * d1, 0, None).sum(), np.clip(d1 - e * d0, 0, None).sum()) - delta

    if delta_at(0.0) <= 0:
        return 0.0
    return optimize.brentq(delta_at, 0.0, eps0, xtol=1e-10)


@pytest.mark.parametrize(("eps0", "n"), [(1.0, 100), (2.0, 1000), (4.0, 5000)])
def test_bound_is_at_least_shuffled_randomized_response(eps0: float, n: int) -> None:
    """A valid upper bound for every eps0-local randomizer covers binary randomized response."""
    assert shuffle_epsilon(eps0, n, 1e-6) >= _shuffled_rr_epsilon(eps0, n, 1e-6)


# ---------------------------------------------------------------------------------------------
# Shape of the bound
# ---------------------------------------------------------------------------------------------

NS = np.unique(np.round(np.logspace(1, 7, 40)).astype(int))


@pytest.mark.slow
@pytest.mark.parametrize("eps0", [0.5, 1.0, 2.0, 4.0, 8.0])
def test_curve_never_exceeds_eps0_and_falls_with_n(eps0: float) -> None:
    curve = shuffle_epsilon_curve(eps0, NS, 1e-6)
    assert np.all(curve <= eps0)
    assert np.all(curve > 0)
    # Non-increasing in n up to the bisection's tolerance.
    assert np.all(np.diff(curve) <= 2e-4 * curve[:-1] + 1e-9)
    assert curve[-1] < 0.05 * eps0  # ten million users: strong amplification


def test_monotone_in_eps0() -> None:
    values = [shuffle_epsilon(e, 10**4, 1e-6) for e in (0.25, 0.5, 1, 2, 3, 4, 6)]
    assert all(b >= a for a, b in zip(values, values[1:]))


def test_class_sized_group_barely_amplifies() -> None:
    """A class of 30 at eps0 = 1, delta = 1e-6: the bound is 0.9995 (almost no amplification)."""
    value = shuffle_epsilon(1, 30, 1e-6)
    assert 0.9 * 1.0 < value <= 1.0
    assert value == pytest.approx(0.9995, abs=5e-4)


@pytest.mark.parametrize(("eps0", "n"), [(0.5, 10**4), (1.0, 10**5), (2.0, 10**6), (4.0, 10**5), (1.0, 10**7)])
def test_numerical_at_most_closed_form_where_it_applies(eps0: float, n: int) -> None:
    assert closed_form_applies(eps0, n, 1e-6)
    assert shuffle_epsilon(eps0, n, 1e-6) <= shuffle_epsilon_closed_form(eps0, n, 1e-6)


def test_closed_form_range() -> None:
    """Applies iff eps0 <= log(n / (16 log(2 / delta))); elsewhere it claims nothing (eps0)."""
    delta = 1e-6
    threshold = 16 * math.log(2 / delta)  # about 232 people
    assert not closed_form_applies(1.0, 30, delta)
    assert shuffle_epsilon_closed_form(1.0, 30, delta) == 1.0
    n = 10**5
    edge = math.log(n / threshold)
    assert closed_form_applies(edge - 1e-9, n, delta)
    assert not closed_form_applies(edge + 1e-9, n, delta)
    assert shuffle_epsilon_closed_form(edge + 1e-9, n, delta) == edge + 1e-9
    for eps0 in (0.1, 1.0, 3.0):
        assert shuffle_epsilon_closed_form(eps0, 10**6, delta) <= eps0


def test_huge_n_and_large_eps0_are_handled() -> None:
    tiny = shuffle_epsilon(1.0, MAX_SHUFFLE_USERS, 1e-6)
    assert 0 < tiny < 1e-3
    assert shuffle_epsilon(30.0, 1000, 1e-6) == pytest.approx(30.0, rel=1e-3)
    assert shuffle_epsilon(4.0, 1, 0.5) < 4.0  # one person, a huge delta: trades eps for delta


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("eps0", "n", "delta", "code"),
    [
        (0.0, 100, 1e-6, "epsilon_range"),
        (-1.0, 100, 1e-6, "epsilon_range"),
        (math.inf, 100, 1e-6, "epsilon_infinite"),
        (1.0, 0, 1e-6, "count_range"),
        (1.0, MAX_SHUFFLE_USERS + 1, 1e-6, "count_range"),
        (1.0, 10.5, 1e-6, "not_whole"),
        (1.0, 100, 0.0, "probability_open"),
        (1.0, 100, 1.0, "probability_open"),
        (1.0, 100, -0.1, "probability_open"),
        (1.0, 100, "x", "not_a_number"),
    ],
)
def test_bad_inputs_raise(eps0: float, n: int, delta: float, code: str) -> None:
    for fn in (shuffle_epsilon, shuffle_epsilon_closed_form, closed_form_applies, shuffle_epsilon_lower):
        with pytest.raises(DPError) as err:
            fn(eps0, n, delta)
        assert err.value.code == code


def test_extreme_values_stay_finite() -> None:
    assert shuffle_epsilon(1e6, 1000, 1e-6) == 1e6  # no clones at all: eps0 itself
    assert shuffle_epsilon(400.0, 10**9, 1e-6) <= 400.0
    value = shuffle_epsilon(0.01, MAX_SHUFFLE_USERS, 1e-300)
    assert 0 < value < 0.01
    assert shuffle_epsilon_closed_form(1e6, 1000, 1e-6) == 1e6
