"""Poisoning (dpcore.ldp.poisoning) against Cao, Jia, Gong 2021's closed forms, typed again here."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dpcore.errors import DPError
from dpcore.ldp.oracles import ORACLES, aggregate, exact_variance, perturb
from dpcore.ldp.poisoning import expected_gain, forge_reports, poisoning_gain

D, N, M, EPS, TARGET = 16, 4000, 200, 1.0, 3
VALUES = np.repeat(np.arange(D), N // D)  # every share 1/16
SHARE = 1 / D


def test_closed_forms_of_the_paper() -> None:
    beta, e = M / (N + M), math.exp(EPS)
    assert expected_gain("grr", D, EPS, SHARE, N, M) == pytest.approx(beta * (D - 1) / (e - 1) + beta * (1 - SHARE))
    assert expected_gain("oue", D, EPS, SHARE, N, M) == pytest.approx(beta * (2 * e / (e - 1) - SHARE))
    # OLH: Theorem 3 with the hash range g = round(e + 1) = 4 (p = e / (e + g - 1), q = 1/g for an
    # ideal hash; the family's collision rate is 1/g within 1e-9); with g = e + 1 exactly it is OUE's
    g = 4
    p = e / (e + g - 1)
    assert expected_gain("olh", D, EPS, SHARE, N, M) == pytest.approx(beta * ((1 - 1 / g) / (p - 1 / g) - SHARE), rel=1e-6)
    assert expected_gain("olh", D, EPS, SHARE, N, M) == pytest.approx(beta * (2 * e / (e - 1) - SHARE), rel=0.06)


@pytest.mark.slow
@pytest.mark.parametrize("oracle", ORACLES)
def test_simulated_gain_matches_the_closed_form(oracle: str) -> None:
    rng = np.random.default_rng(8)
    runs = 60
    gains = np.array([poisoning_gain(VALUES, D, EPS, oracle, TARGET, M, rng) for _ in range(runs)])
    # gain = beta (1 - support/n) / (p - q): sd = beta * sd(estimate without fakes)
    sd = M / (N + M) * math.sqrt(exact_variance(oracle, EPS, D, N, SHARE))
    assert abs(gains.mean() - expected_gain(oracle, D, EPS, SHARE, N, M)) < 5 * sd / math.sqrt(runs)


@pytest.mark.parametrize("oracle", ORACLES)
def test_forged_reports_support_the_target(oracle: str) -> None:
    rng = np.random.default_rng(2)
    fake = forge_reports(oracle, D, EPS, TARGET, 5000, rng)
    est = aggregate(fake)  # only fakes: every report supports the target
    assert fake.n == 5000
    assert est[TARGET] == pytest.approx(max(est), rel=1e-12)
    genuine = perturb(VALUES[:10], D, EPS, oracle, rng)
    assert genuine.reports.shape[1:] == fake.reports.shape[1:]


def test_grr_is_the_most_vulnerable_for_large_d() -> None:
    """Cao et al.: GRR's gain grows with d while OUE's and OLH's do not. (For small d GRR is the least.)"""
    for d in (64, 256, 1024):
        gains = {o: expected_gain(o, d, EPS, 0.01, 100_000, 1000) for o in ORACLES}
        assert max(gains, key=gains.get) == "grr"
    small = {o: expected_gain(o, 2, EPS, 0.01, 100_000, 1000) for o in ORACLES}
    assert small["grr"] <= min(small.values()) * (1 + 1e-12)  # k-subset with k = 1 is GRR: a tie


def test_bad_target_and_fakes() -> None:
    rng = np.random.default_rng(0)
    with pytest.raises(DPError) as err:
        forge_reports("olh", D, EPS, D, 10, rng)
    assert err.value.code == "poison_target"
    with pytest.raises(DPError) as err:
        forge_reports("olh", D, EPS, 0, 0, rng)
    assert err.value.code == "count_range"
    with pytest.raises(DPError):
        forge_reports("olh", D, EPS, 0, 1_000_001, rng)
