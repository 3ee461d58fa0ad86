"""The reconstruction attack: many noisy subset counts give away a whole secret column.

A table of n people holds one secret bit each. An analyst asks m random subset counts ("how many
of these people have the bit?") and gets each answer with some noise. Dinur and Nissim (2003)
showed that when the noise is small compared with sqrt(n), solving for the bits that best explain
the answers recovers almost every one of them: the linear program

    minimise sum_j |q_j . x - a_j|   subject to 0 <= x_i <= 1,

then rounding x to 0 or 1. The US Census Bureau ran this kind of attack on its own 2010 tables and
switched to differential privacy for 2020. With noise calibrated to a total privacy budget for all
m answers, each answer's noise grows with m and the reconstruction fails.

Reference: I. Dinur and K. Nissim, "Revealing information while preserving privacy", PODS 2003
(the LP decoding attack); J. Abowd et al., "The 2020 Census Disclosure Avoidance System TopDown
Algorithm" (2022), on the reconstruction of the 2010 census.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from dpcore import accounting
from dpcore.errors import DPError
from dpcore.limits import MAX_RECONSTRUCTION_QUERIES as MAX_QUERIES
from dpcore.limits import MAX_RECONSTRUCTION_ROWS as MAX_ROWS
from dpcore.mechanisms import calibrate
from dpcore.validation import check_choice, check_count, check_delta, check_epsilon

Method = Literal["lp", "least_squares"]
METHODS: tuple[Method, ...] = ("lp", "least_squares")


def _check_secret(secret: Any) -> np.ndarray:
    bits = np.asarray(secret)
    if bits.ndim != 1 or bits.size < 2 or not np.isin(bits, (0, 1)).all():
        raise DPError("secret_bits")
    if bits.size > MAX_ROWS:
        raise DPError("secret_too_long", count=bits.size, maximum=MAX_ROWS)
    return bits.astype(np.int8)


def random_queries(n: int, m: int, rng: np.random.Generator) -> np.ndarray:
    """m random subsets of n people (each person in each subset with probability 1/2), as an (m, n) 0/1 matrix."""
    rows = check_count("The number of people", n, minimum=2, maximum=MAX_ROWS)
    count = check_count("The number of queries", m, maximum=MAX_QUERIES)
    return (rng.random((count, rows)) < 0.5).astype(np.int8)


def noisy_answers(secret: Any, queries: np.ndarray, scale: float, rng: np.random.Generator) -> np.ndarray:
    """Each subset count plus Laplace noise of the given scale (0: exact answers)."""
    bits = _check_secret(secret)
    if not np.isfinite(scale) or scale < 0:
        raise DPError("noise_scale", scale=scale)
    exact = queries @ bits.astype(float)
    return exact + (rng.laplace(0.0, scale, exact.size) if scale > 0 else 0.0)


def reconstruct(queries: np.ndarray, answers: np.ndarray, method: Method = "lp") -> np.ndarray:
    """The bits that best explain the answers, rounded to 0/1: the L1 linear program of Dinur and
    Nissim (scipy's HiGHS), or bounded least squares (scipy's lsq_linear)."""
    how = check_choice("unknown_reconstruction", method, METHODS)
    q = np.asarray(queries, dtype=float)
    a = np.asarray(answers, dtype=float)
    m, n = q.shape
    if how == "least_squares":
        from scipy.optimize import lsq_linear

        x = lsq_linear(q, a, bounds=(0.0, 1.0)).x
    else:
        from scipy.optimize import linprog

        # variables: x (n) and the slacks e (m) with |q x - a| <= e; minimise sum e
        cost = np.concatenate([np.zeros(n), np.ones(m)])
        eye = np.eye(m)
        upper = np.block([[q, -eye], [-q, -eye]])
        bound = np.concatenate([a, -a])
        bounds = [(0.0, 1.0)] * n + [(0.0, None)] * m
        result = linprog(cost, A_ub=upper, b_ub=bound, bounds=bounds, method="highs")
        x = result.x[:n]
    return (x >= 0.5).astype(np.int8)


def recovered_share(secret: Any, guess: np.ndarray) -> float:
    """The share of people whose secret bit the attacker got right."""
    return float(np.mean(_check_secret(secret) == np.asarray(guess)))


def budget_scale(total_epsilon: float, delta: float, m: int) -> float:
    """The Laplace scale of each of m subset counts (sensitivity 1) when all m answers together must
    stay within a total (epsilon, delta): the largest per-answer epsilon whose total, under the better
    of basic and advanced composition (dpcore.accounting), is within budget."""
    eps = check_epsilon(total_epsilon)
    d = check_delta(delta)
    count = check_count("The number of queries", m, maximum=MAX_QUERIES)

    def total(per: float) -> float:
        plan = [(calibrate("laplace", per), count)]
        basic = accounting.total_epsilon(plan, d, "basic")
        return min(basic, accounting.total_epsilon(plan, d, "advanced")) if d > 0 else basic

    low, high = eps / count, eps  # basic composition is always within budget at eps / m
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if total(mid) <= eps else (low, mid)
    return 1.0 / low


@dataclass(frozen=True)
class Attack:
    """One run: the secret, the attacker's guess, the share recovered, and the noise used."""

    secret: np.ndarray
    guess: np.ndarray
    recovered: float
    scale: float


def attack(secret: Any, m: int, scale: float, rng: np.random.Generator, method: Method = "lp") -> Attack:
    """Ask m random subset counts with Laplace noise of `scale` and reconstruct the secret."""
    bits = _check_secret(secret)
    queries = random_queries(bits.size, m, rng)
    guess = reconstruct(queries, noisy_answers(bits, queries, scale, rng), method)
    return Attack(bits, guess, recovered_share(bits, guess), float(scale))
