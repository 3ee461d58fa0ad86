"""Full RAPPOR (dpcore.ldp.rappor): privacy formulas, hashing, the two randomization steps, decoding.

Independent references: brute-force enumeration of the PRR/IRR chain for the privacy bounds; a
second md5 implementation for the Bloom positions; statistical tests of the samplers with fixed
seeds and 5-standard-error tolerances (per-check false alarm below 1e-6); a noiseless population
that decoding must recover exactly; repeated runs for the standard errors.
"""

from __future__ import annotations

import hashlib
import itertools
import math

import numpy as np
import pytest

from dpcore.errors import DPError
from dpcore.ldp.rappor import (
    DEFAULT_PARAMS,
    RapporParams,
    average_over_days,
    bloom_bits,
    bloom_positions,
    decode,
    epsilon_infinity,
    epsilon_one,
    report_probabilities,
    simulate_users,
)
from dpcore.limits import MAX_RAPPOR_CANDIDATES, MAX_RAPPOR_DAYS

CANDIDATES = [f"site{i:02d}.example" for i in range(20)]
ZIPF = (1 / np.arange(1, 21)) / np.sum(1 / np.arange(1, 21))


# ---------------------------------------------------------------------------------------------
# Privacy
# ---------------------------------------------------------------------------------------------


def test_default_parameters() -> None:
    assert (DEFAULT_PARAMS.k, DEFAULT_PARAMS.h, DEFAULT_PARAMS.m) == (128, 2, 64)
    assert (DEFAULT_PARAMS.f, DEFAULT_PARAMS.p, DEFAULT_PARAMS.q) == (0.5, 0.5, 0.75)


def test_privacy_of_the_defaults_by_hand() -> None:
    """f = 0.5, h = 2: eps_inf = 4 ln 3 = 4.3944. p* = 0.5625, q* = 0.6875,
    eps_1 = 2 ln(0.6875 * 0.4375 / (0.5625 * 0.3125)) = 2 ln(1.71111) = 1.0743."""
    assert epsilon_infinity(DEFAULT_PARAMS) == pytest.approx(4 * math.log(3), rel=1e-12)
    assert epsilon_infinity(DEFAULT_PARAMS) == pytest.approx(4.3944, abs=1e-4)
    assert report_probabilities(DEFAULT_PARAMS) == pytest.approx((0.5625, 0.6875))
    assert epsilon_one(DEFAULT_PARAMS) == pytest.approx(1.0743, abs=1e-4)


def _bit_chain(b: int, params: RapporParams) -> tuple[float, float]:
    """(P(B' = 1 | B = b), P(S = 1 | B = b)) by summing over the permanent bit."""
    prr_one = params.f / 2 + (1 - params.f) * b
    return prr_one, prr_one * params.q + (1 - prr_one) * params.p


def _enumerated_epsilons(params: RapporParams) -> tuple[float, float]:
    """Worst case over two values whose Bloom filters differ in 2h bits (h ones each, disjoint):
    the largest log ratio of P(output | value 1) / P(output | value 2) over all outputs on those
    bits, for the permanent bits B' (eps_inf) and for one report S (eps_1)."""
    h = params.h
    b1 = [1] * h + [0] * h
    b2 = [0] * h + [1] * h
    worst_prr = worst_irr = 0.0
    for out in itertools.product((0, 1), repeat=2 * h):
        prr1 = prr2 = irr1 = irr2 = 1.0
        for o, x, y in zip(out, b1, b2):
            px, sx = _bit_chain(x, params)
            py, sy = _bit_chain(y, params)
            prr1 *= px if o else 1 - px
            prr2 *= py if o else 1 - py
            irr1 *= sx if o else 1 - sx
            irr2 *= sy if o else 1 - sy
        worst_prr = max(worst_prr, math.log(prr1 / prr2))
        worst_irr = max(worst_irr, math.log(irr1 / irr2))
    return worst_prr, worst_irr


@pytest.mark.parametrize(
    "params",
    [DEFAULT_PARAMS, RapporParams(k=16, h=3, f=0.3, p=0.2, q=0.9), RapporParams(k=8, h=1, f=0.8, p=0.4, q=0.6)],
)
def test_privacy_matches_enumeration(params: RapporParams) -> None:
    eps_inf, eps_1 = _enumerated_epsilons(params)
    assert epsilon_infinity(params) == pytest.approx(eps_inf, rel=1e-12)
    assert epsilon_one(params) == pytest.approx(eps_1, rel=1e-12)
    assert epsilon_one(params) < epsilon_infinity(params)


def test_no_permanent_step_means_no_longitudinal_bound() -> None:
    assert epsilon_infinity(RapporParams(f=0.0)) == math.inf
    assert epsilon_one(RapporParams(f=0.0, p=0.0, q=1.0)) == math.inf


# ---------------------------------------------------------------------------------------------
# Bloom filter
# ---------------------------------------------------------------------------------------------


def test_bloom_bits_match_an_independent_md5() -> None:
    params = RapporParams(k=128, h=3, m=4)
    for word, cohort in [("hello", 0), ("hello", 3), ("例子", 1), ("", 2)]:
        d = hashlib.md5((str(cohort) + word).encode("utf-8")).digest()
        expected = tuple((d[2 * i] + 256 * d[2 * i + 1]) % 128 for i in range(3))
        assert bloom_bits(word, cohort, params) == expected


def test_positions_table_and_cohorts() -> None:
    params = RapporParams(k=64, h=2, m=8)
    table = bloom_positions(CANDIDATES, params)
    assert table.shape == (8, 20, 2)
    assert tuple(table[5, 7]) == bloom_bits(CANDIDATES[7], 5, params)
    # Cohorts hash differently: almost no candidate has the same positions in cohorts 0 and 1.
    same = sum(tuple(table[0, s]) == tuple(table[1, s]) for s in range(20))
    assert same <= 1


def test_positions_are_uniform() -> None:
    """Chi-square over 2,000 strings x 2 hashes in 16 bits: below the 1e-6 critical value."""
    from scipy import stats

    params = RapporParams(k=16, h=2, m=1)
    words = [f"w{i}" for i in range(1000)]
    pos = bloom_positions(words, params).ravel()
    counts = np.bincount(pos, minlength=16)
    chi2 = float(np.sum((counts - pos.size / 16) ** 2 / (pos.size / 16)))
    assert chi2 < stats.chi2.isf(1e-6, 15)


# ---------------------------------------------------------------------------------------------
# Simulation: the two randomization steps
# ---------------------------------------------------------------------------------------------


def test_simulation_shapes_and_determinism() -> None:
    values = np.random.default_rng(0).choice(CANDIDATES, size=500)
    a = simulate_users(values, CANDIDATES, RapporParams(k=32), 3, np.random.default_rng(7))
    b = simulate_users(values, CANDIDATES, RapporParams(k=32), 3, np.random.default_rng(7))
    assert a.reports.shape == (500, 3, 32) and a.reports.dtype == bool
    assert a.true_bits.shape == a.permanent_bits.shape == (500, 32)
    assert np.array_equal(a.reports, b.reports) and np.array_equal(a.cohorts, b.cohorts)
    assert [a.candidates[v] for v in a.values] == list(values)
    # B is each user's candidate's Bloom filter in their cohort.
    for u in range(0, 500, 50):
        positions = bloom_bits(values[u], int(a.cohorts[u]), RapporParams(k=32))
        assert set(np.flatnonzero(a.true_bits[u])) == set(positions)


def _within(observed: float, expected: float, n: float) -> bool:
    """|observed - expected| within 5 binomial standard errors."""
    return abs(observed - expected) <= 5 * math.sqrt(expected * (1 - expected) / n) + 1e-12


def test_permanent_and_instantaneous_rates() -> None:
    params = RapporParams(k=64, h=2, m=16, f=0.5, p=0.3, q=0.8)
    rng = np.random.default_rng(11)
    values = rng.choice(CANDIDATES, size=20_000, p=ZIPF)
    sim = simulate_users(values, CANDIDATES, params, 4, rng)
    b, bp, s = sim.true_bits, sim.permanent_bits, sim.reports
    # PRR: a true 1 stays 1 w.p. 1 - f/2, a true 0 turns 1 w.p. f/2.
    assert _within(bp[b].mean(), 1 - params.f / 2, b.sum())
    assert _within(bp[~b].mean(), params.f / 2, (~b).sum())
    # IRR given B': q and p, on every day.
    for day in range(4):
        assert _within(s[:, day][bp].mean(), params.q, bp.sum())
        assert _within(s[:, day][~bp].mean(), params.p, (~bp).sum())
    # Marginally given B: q* and p*.
    p_star, q_star = report_probabilities(params)
    assert _within(s[:, 0][b].mean(), q_star, b.sum())
    assert _within(s[:, 0][~b].mean(), p_star, (~b).sum())
    # Days are independent given B': agreement between two days' bits is q^2 + (1-q)^2 on B' = 1.
    agree = (s[:, 0] == s[:, 1])[bp].mean()
    assert _within(agree, params.q**2 + (1 - params.q) ** 2, bp.sum())


def test_averaging_reveals_permanent_bits_not_true_bits() -> None:
    """365 days of one user's reports: the running mean tends to p + (q - p) B' (within 5 SE on
    every bit), so the attacker recovers B' but sees B only where the PRR kept it."""
    params = DEFAULT_PARAMS
    rng = np.random.default_rng(3)
    values = rng.choice(CANDIDATES, size=200, p=ZIPF)
    sim = simulate_users(values, CANDIDATES, params, MAX_RAPPOR_DAYS, rng)
    flipped_total = 0
    for user in range(10):
        avg = average_over_days(sim, user)
        assert avg.running_mean.shape == (MAX_RAPPOR_DAYS, params.k)
        se = np.sqrt(avg.expected * (1 - avg.expected) / MAX_RAPPOR_DAYS)
        assert np.all(np.abs(avg.running_mean[-1] - avg.expected) <= 5 * se)
        assert np.array_equal(avg.expected, np.where(avg.permanent_bits, params.q, params.p))
        guess = avg.attacker_guess[-1] > 0.5
        assert np.mean(guess == avg.permanent_bits) > 0.95
        flipped = avg.true_bits != avg.permanent_bits
        flipped_total += flipped.sum()
        # Where the PRR changed a bit, the attacker's guess follows B', not B.
        assert np.mean(guess[flipped] == avg.permanent_bits[flipped]) > 0.9
    # About f/2 = 25% of bits differ between B and B' (1,280 bits, 5 SE).
    assert _within(flipped_total / (10 * params.k), params.f / 2, 10 * params.k)


# ---------------------------------------------------------------------------------------------
# Decoding
# ---------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_decode_recovers_a_zipf_population() -> None:
    """100,000 users, 20 candidates with Zipf shares, default parameters, one day: every share
    within 5 of its reported standard errors; those errors are about 0.009 (128 cohort-bits per
    candidate, each with sd 0.1)."""
    rng = np.random.default_rng(2024)
    values = rng.choice(CANDIDATES, size=100_000, p=ZIPF)
    sim = simulate_users(values, CANDIDATES, DEFAULT_PARAMS, 1, rng)
    est = decode(sim.reports[:, 0], sim.cohorts, CANDIDATES, DEFAULT_PARAMS)
    true = np.bincount(sim.values, minlength=20) / sim.users
    assert np.all(np.abs(est.shares - true) <= 5 * est.standard_errors)
    assert np.all((est.standard_errors > 0.006) & (est.standard_errors < 0.012))
    assert np.all(est.shares >= 0)
    assert est.shares.sum() == pytest.approx(1.0, abs=0.1)
    assert int(np.argmax(est.shares)) == 0  # the most common string comes out on top
    assert est.counts == pytest.approx(est.shares * 100_000)
    assert est.bit_shares.shape == (64, 128)


def test_decode_is_exact_without_noise() -> None:
    """f = 0, p = 0, q = 1 reports the Bloom filter itself; a population with the same mix in
    every cohort must decode to its exact shares."""
    params = RapporParams(k=32, h=2, m=8, f=0.0, p=0.0, q=1.0)
    names = CANDIDATES[:6]
    mix = np.array([30, 20, 15, 15, 10, 10])
    pos = bloom_positions(names, params)
    reports, cohorts = [], []
    for j in range(params.m):
        for s, count in enumerate(mix):
            row = np.zeros(params.k, dtype=bool)
            row[pos[j, s]] = True
            reports += [row] * int(count)
            cohorts += [j] * int(count)
    est = decode(np.array(reports), np.array(cohorts), names, params)
    assert est.shares == pytest.approx(mix / mix.sum(), abs=1e-6)


@pytest.mark.slow
def test_decode_standard_errors_are_calibrated() -> None:
    """60 independent runs of 5,000 users (k = 32, m = 16, 5 candidates): the spread of each
    estimate matches the reported standard error within a factor 0.7 to 1.4 (a sample sd from
    60 runs is within +-20% of the truth with high probability)."""
    params = RapporParams(k=32, h=2, m=16)
    names = CANDIDATES[:5]
    shares = np.array([0.4, 0.25, 0.15, 0.12, 0.08])
    rng = np.random.default_rng(5)
    estimates, errors = [], []
    for _ in range(60):
        values = rng.choice(names, size=5_000, p=shares)
        sim = simulate_users(values, names, params, 1, rng)
        est = decode(sim.reports[:, 0], sim.cohorts, names, params)
        estimates.append(est.shares)
        errors.append(est.standard_errors)
    ratio = np.std(estimates, axis=0, ddof=1) / np.mean(errors, axis=0)
    assert np.all((ratio > 0.7) & (ratio < 1.4))
    bias = np.mean(estimates, axis=0) - shares
    assert np.all(np.abs(bias) <= 5 * np.mean(errors, axis=0) / math.sqrt(60) + 0.01)


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"f": 1.0}, "rappor_f_one"),
        ({"f": 1.5}, "probability_range"),
        ({"p": -0.1}, "probability_range"),
        ({"p": 0.75, "q": 0.75}, "rappor_p_not_below_q"),
        ({"p": 0.8, "q": 0.6}, "rappor_p_not_below_q"),
        ({"k": 4, "h": 5}, "count_range"),
        ({"h": 9}, "count_range"),
        ({"k": 0}, "count_range"),
        ({"k": 2048}, "count_range"),
        ({"m": 0}, "count_range"),
        ({"m": 1000}, "count_range"),
        ({"k": 12.5}, "not_whole"),
    ],
)
def test_bad_parameters(kwargs: dict, code: str) -> None:
    with pytest.raises(DPError) as err:
        RapporParams(**kwargs)
    assert err.value.code == code


def test_bad_simulation_inputs() -> None:
    rng = np.random.default_rng(0)
    params = RapporParams(k=32)
    cases = [
        (lambda: simulate_users(["a"], [], params, 1, rng), "rappor_no_candidates"),
        (lambda: simulate_users(["a"], [f"c{i}" for i in range(MAX_RAPPOR_CANDIDATES + 1)], params, 1, rng),
         "rappor_too_many_candidates"),
        (lambda: simulate_users(["a"], ["a", "b", "a"], params, 1, rng), "rappor_duplicate_candidate"),
        (lambda: simulate_users(["a", "z"], ["a", "b"], params, 1, rng), "rappor_unknown_value"),
        (lambda: simulate_users(["a"], ["a", "b"], params, MAX_RAPPOR_DAYS + 1, rng), "count_range"),
        (lambda: simulate_users(["a"], ["a", "b"], params, 0, rng), "count_range"),
        (lambda: simulate_users([], ["a", "b"], params, 1, rng), "count_range"),
        (lambda: simulate_users(["a"] * 200_000, ["a", "b"], RapporParams(k=1024), 1, rng),
         "rappor_too_many_report_bits"),
    ]
    for call, code in cases:
        with pytest.raises(DPError) as err:
            call()
        assert err.value.code == code, code


def test_bad_decode_inputs() -> None:
    params = RapporParams(k=16, m=4)
    good = np.zeros((10, 16), dtype=bool)
    with pytest.raises(DPError) as err:
        decode(np.zeros((10, 8)), np.zeros(10), ["a", "b"], params)
    assert err.value.code == "rappor_reports_shape"
    with pytest.raises(DPError) as err:
        decode(good, np.zeros(9), ["a", "b"], params)
    assert err.value.code == "rappor_reports_shape"
    with pytest.raises(DPError) as err:
        decode(good, np.full(10, 4), ["a", "b"], params)
    assert err.value.code == "rappor_cohort_range"
    with pytest.raises(DPError) as err:
        decode(good, np.zeros(10), [], params)
    assert err.value.code == "rappor_no_candidates"
    with pytest.raises(DPError) as err:
        average_over_days(simulate_users(["a"], ["a"], params, 2, np.random.default_rng(0)), 1)
    assert err.value.code == "count_range"
