"""Frequency oracles (dpcore.ldp.oracles) against independent references: Table 2's formulas typed
again here, brute-force enumeration of small channels, seeded statistical tests of the samplers
(tolerances of ~5 standard errors), and an empirical DP audit of each per-user report."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from dpcore.audit import epsilon_lower_bound
from dpcore.errors import DPError
from dpcore.ldp import estimate_frequencies as reexported
from dpcore.ldp import hashing
from dpcore.ldp.oracles import (
    ORACLES,
    Reports,
    aggregate,
    best_oracle,
    best_subset_size,
    combine,
    estimate_frequencies,
    exact_variance,
    hadamard_order,
    hash_range,
    perturb,
    report_bits,
    support_probabilities,
    theoretical_variance,
)

D = 8
TRUE = np.array([0.4, 0.2, 0.1, 0.1, 0.1, 0.05, 0.05, 0.0])
N = 2000
VALUES = np.repeat(np.arange(D), (TRUE * N).astype(int))


# ---------------------------------------------------------------- Table 2, typed independently

def table2(oracle: str, eps: float, d: int, n: int) -> float:
    e = math.exp(eps)
    return {
        "grr": (e + d - 2) / (n * (e - 1) ** 2),
        "sue": math.exp(eps / 2) / (n * (math.exp(eps / 2) - 1) ** 2),
        "oue": 4 * e / (n * (e - 1) ** 2),
        "blh": (e + 1) ** 2 / (n * (e - 1) ** 2),
        "olh": 4 * e / (n * (e - 1) ** 2),
        "hr": (e + 1) ** 2 / (n * (e - 1) ** 2),
    }[oracle]


@pytest.mark.parametrize("oracle", [o for o in ORACLES if o != "kss"])
@pytest.mark.parametrize("eps,d,n", [(0.5, 2, 1), (1.0, 100, 10_000), (3.0, 1024, 777)])
def test_theoretical_variance_is_table2(oracle: str, eps: float, d: int, n: int) -> None:
    assert theoretical_variance(oracle, eps, d, n) == pytest.approx(table2(oracle, eps, d, n), rel=1e-12)


def _kss_by_enumeration(d: int, k: int, eps: float) -> tuple[float, float]:
    """p = Pr[0 in S | v = 0], q = Pr[1 in S | v = 0], summing over every k-subset."""
    weights = {s: math.exp(eps) if 0 in s else 1.0 for s in itertools.combinations(range(d), k)}
    total = sum(weights.values())
    return (sum(w for s, w in weights.items() if 0 in s) / total, sum(w for s, w in weights.items() if 1 in s) / total)


@pytest.mark.parametrize("d,eps", [(6, 0.5), (7, 1.0), (9, 2.0)])
def test_kss_best_k_and_variance_by_enumeration(d: int, eps: float) -> None:
    var = {}
    for k in range(1, d):
        p, q = _kss_by_enumeration(d, k, eps)
        var[k] = q * (1 - q) / (p - q) ** 2
    k = best_subset_size(d, eps)
    assert k == min(var, key=var.get)
    assert abs(k - d / (math.exp(eps) + 1)) <= 1
    assert theoretical_variance("kss", eps, d, 10) == pytest.approx(var[k] / 10, rel=1e-10)
    sup = support_probabilities("kss", eps, d)
    assert (sup.p, sup.q) == pytest.approx(_kss_by_enumeration(d, k, eps), rel=1e-12)
    # k = 1 is GRR
    p1, q1 = _kss_by_enumeration(d, 1, eps)
    assert q1 * (1 - q1) / (p1 - q1) ** 2 == pytest.approx(table2("grr", eps, d, 1), rel=1e-12)


def test_collision_probability_by_enumeration_on_a_small_prime(monkeypatch: pytest.MonkeyPatch) -> None:
    """The closed form, checked by enumerating every seed of the family with a small prime."""
    monkeypatch.setattr(hashing, "PRIME", 13)
    for g in (2, 3, 5):
        hits = sum((((a * 2 + b) % 13) % g) == (((a * 5 + b) % 13) % g) for a in range(1, 13) for b in range(13))
        assert hashing.collision_probability(g) == pytest.approx(hits / (12 * 13), rel=1e-12)
    monkeypatch.undo()
    assert hashing.collision_probability(4) == pytest.approx(1 / 4, abs=1e-8)


# ---------------------------------------------------------------- unbiasedness and variance

RUNS = 400


def _check_moments(estimates: np.ndarray, oracle: str, eps: float) -> None:
    var = exact_variance(oracle, eps, D, N, TRUE)
    mean = estimates.mean(axis=0)
    # the mean of RUNS runs: within 5 standard errors of the truth, item by item
    assert np.all(np.abs(mean - TRUE) <= 5 * np.sqrt(var / RUNS)), (oracle, mean - TRUE)
    # sample variance / exact: relative sd sqrt(2 / (RUNS - 1)) = 0.071; 0.36 is 5 sd per item,
    # and the average over items (correlated, sd <= 0.071) within 0.2
    ratio = estimates.var(axis=0, ddof=1) / var
    assert np.all(np.abs(ratio - 1) < 0.36), (oracle, ratio)
    assert abs(ratio.mean() - 1) < 0.2, (oracle, ratio)


@pytest.mark.slow
@pytest.mark.parametrize("oracle,eps", [(o, 1.0) for o in ORACLES] + [("olh", 1.5), ("olh", 5.0), ("kss", 0.3)])
def test_perturb_then_aggregate_is_unbiased_with_the_exact_variance(oracle: str, eps: float) -> None:
    rng = np.random.default_rng(11)
    estimates = np.array([aggregate(perturb(VALUES, D, eps, oracle, rng)) for _ in range(RUNS)])
    _check_moments(estimates, oracle, eps)


def test_large_run_is_close_and_reexported() -> None:
    rng = np.random.default_rng(3)
    values = rng.integers(0, 100, 200_000)
    truth = np.bincount(values, minlength=100) / values.size
    for oracle in ORACLES:
        est = reexported(values, 100, 2.0, oracle, rng)
        sd = np.sqrt(exact_variance(oracle, 2.0, 100, values.size, truth))
        assert est.shape == (100,)
        assert np.all(np.abs(est - truth) < 5 * sd), oracle


# ---------------------------------------------------------------- empirical DP audit of one report

def _supports(reports: Reports, item: int) -> np.ndarray:
    """Does each user's report support `item`? Written from the protocols, not from the module."""
    if reports.oracle == "grr":
        return reports.reports == item
    if reports.oracle in ("sue", "oue", "kss"):
        return np.unpackbits(reports.reports, axis=1, count=reports.d)[:, item] == 1
    if reports.oracle in ("blh", "olh"):
        a = reports.seeds[:, 0].astype(np.int64)
        b = reports.seeds[:, 1].astype(np.int64)
        return ((a * item + b) % (2**31 - 1)) % hash_range(reports.oracle, reports.epsilon) == reports.reports
    rows = reports.seeds.astype(np.int64)
    sign = np.array([bin(int(j) & item).count("1") % 2 for j in range(hadamard_order(reports.d))])[rows]
    return sign == reports.reports


def _audit(oracle: str, actual: float, seed: int) -> float:
    """Epsilon lower bound from 200k reports of item 0 and 200k of item 1, scored by
    support(0) - support(1) (the likelihood-ratio test; for hashing it reads the (seed, value) pair)."""
    rng = np.random.default_rng(seed)
    scores = []
    for v in (0, 1):
        r = perturb(np.full(200_000, v), D, actual, oracle, rng)  # scored with its own g
        scores.append(_supports(r, 0).astype(float) - _supports(r, 1).astype(float))
    return epsilon_lower_bound(scores[0], scores[1], alpha=0.05)


@pytest.mark.slow
@pytest.mark.parametrize("oracle", ORACLES)
def test_report_passes_an_empirical_dp_audit_and_a_broken_one_fails(oracle: str) -> None:
    eps = 1.0
    honest = _audit(oracle, eps, 21)
    assert 0.8 * eps < honest <= eps  # tight: the test event has likelihood ratio exactly e^eps
    assert _audit(oracle, 2 * eps, 22) > 1.5 * eps  # eps doubled in the sampler: caught


# ---------------------------------------------------------------- choice, costs, reports, errors

@pytest.mark.parametrize("eps", [0.5, 1.0, 2.0, 4.0])
def test_best_oracle_follows_the_rule_of_thumb(eps: float) -> None:
    closed = tuple(o for o in ORACLES if o != "kss")
    boundary = 3 * math.exp(eps) + 2  # GRR's variance is below OUE's exactly while d < 3 e^eps + 2
    for d in range(2, 400):
        expected = "grr" if d < boundary else ("olh" if report_bits("olh", d, eps) < d else "oue")
        assert best_oracle(eps, d, candidates=closed) == expected, (eps, d)
    assert best_oracle(eps, 2) == "grr"
    assert best_oracle(eps, 1024, candidates=closed) == "olh"
    # k-subset (optimal k) is at least as good as the best closed form, and its lead fades with d
    lead = [theoretical_variance("oue", eps, d, 1) / theoretical_variance("kss", eps, d, 1) for d in (int(boundary) + 1, 1024)]
    assert lead[0] >= lead[1] >= 1.0
    assert best_oracle(eps, 1024) == "kss"


def test_report_bits() -> None:
    assert report_bits("grr", 100, 1.0) == 7
    assert report_bits("sue", 100, 1.0) == report_bits("oue", 100, 1.0) == 100
    assert report_bits("blh", 100, 1.0) == 62 + 1
    assert report_bits("olh", 100, 1.0) == 62 + 2  # g = round(e + 1) = 4
    assert report_bits("hr", 100, 1.0) == 7 + 1  # K = 128
    assert report_bits("kss", 100, 1.0) == best_subset_size(100, 1.0) * 7


def test_combine_concatenates_and_refuses_a_mismatch() -> None:
    rng = np.random.default_rng(1)
    a = perturb(VALUES, D, 1.0, "olh", rng)
    b = perturb(VALUES[:10], D, 1.0, "olh", rng)
    both = combine(a, b)
    assert both.n == a.n + 10 and both.seeds.shape == (a.n + 10, 2)
    with pytest.raises(DPError) as err:
        combine(a, perturb(VALUES, D, 2.0, "olh", rng))
    assert err.value.code == "ldp_reports_mismatch"


@pytest.mark.parametrize(
    "kwargs,code",
    [
        ({"d": 1}, "count_range"),
        ({"d": 1025}, "count_range"),
        ({"d": 2.5}, "not_whole"),
        ({"epsilon": 0}, "epsilon_range"),
        ({"epsilon": float("inf")}, "epsilon_infinite"),
        ({"epsilon": float("nan")}, "nan_number"),
        ({"epsilon": 20.5}, "ldp_epsilon_high"),
        ({"oracle": "rappor"}, "unknown_oracle"),
        ({"values": []}, "ldp_values.empty"),
        ({"values": [[0, 1]]}, "ldp_values.empty"),
        ({"values": [0, 8]}, "ldp_values.range"),
        ({"values": [-1, 0]}, "ldp_values.range"),
        ({"values": [0.5, 1]}, "ldp_values.whole"),
        ({"values": ["a", "b"]}, "ldp_values.whole"),
        ({"values": np.zeros(1_000_001, dtype=np.int8)}, "ldp_too_many_users"),
    ],
)
def test_bad_input_raises_dperror(kwargs: dict, code: str) -> None:
    args = {"values": [0, 1, 2], "d": D, "epsilon": 1.0, "oracle": "olh", "rng": np.random.default_rng(0)} | kwargs
    with pytest.raises(DPError) as err:
        estimate_frequencies(**args)
    assert code.startswith(err.value.code) and (err.value.code == code or code.split(".")[0] == err.value.code)
    str(err.value)


def test_float_whole_values_are_accepted() -> None:
    est = estimate_frequencies(np.array([0.0, 1.0, 1.0]), 2, 1.0, "grr", np.random.default_rng(0))
    assert est.shape == (2,)
