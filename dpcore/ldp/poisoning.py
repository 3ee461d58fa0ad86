"""Data poisoning of local-DP frequency oracles: fake users send crafted reports to promote a target.

The maximal gain attack (MGA) of Cao, Jia, Gong, "Data Poisoning Attacks to Local Differential
Privacy Protocols" (USENIX Security 2021): each of m fake users skips the randomization and sends a
report that supports the target item with certainty, looking like a genuine report otherwise:
GRR reports the target; SUE/OUE set the target bit plus as many random other bits as a genuine
report has on average; BLH/OLH pick a hash seed (the best of a few, fewest other items in the
target's bucket) and report the target's hashed value; HRR sends a random row with the target's
sign; k-subset sends a subset holding the target and k - 1 random others.

Since every oracle estimates f_v = (support_v / N - q) / (p - q), m fakes among N = n + m reports
raise the target's expected estimate from its true share f_t to (1 - beta) f_t + beta (1 - q)/(p - q),
beta = m / N, so the expected gain is beta [(1 - q)/(p - q) - f_t]. For GRR that is
beta (d - 1)/(e^eps - 1) + beta (1 - f_t) (Cao et al., Theorem 1); for OUE and OLH (ideal hash,
g = e^eps + 1) beta (2 e^eps / (e^eps - 1) - f_t) (Theorems 2 and 3). GRR's gain grows with d,
the others' does not: for large d GRR is the most vulnerable.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dpcore.errors import DPError
from dpcore.ldp import hashing
from dpcore.ldp.oracles import (
    Reports,
    aggregate,
    check_domain,
    check_oracle,
    check_oracle_epsilon,
    combine,
    perturb,
    subset_membership,
    support_probabilities,
)
from dpcore.limits import MAX_FAKE_USERS
from dpcore.validation import check_count, check_probability

_SEED_CANDIDATES = 4  # hash seeds a fake OLH/BLH user tries
_CANDIDATE_WORK = 20_000_000  # m x candidates x d hash evaluations allowed; fewer candidates beyond


def _check_target(target: Any, d: int) -> int:
    try:
        value = float(target)
    except (TypeError, ValueError):
        value = float("nan")
    if not (value.is_integer() and 0 <= value <= d - 1):
        raise DPError("poison_target", largest=d - 1, target=target)
    return int(value)


def _check_fakes(m: Any) -> int:
    return check_count("The number of fake users m", m, minimum=1, maximum=MAX_FAKE_USERS)


def forge_reports(oracle: str, d: int, epsilon: float, target: int, m: int, rng: np.random.Generator) -> Reports:
    """m crafted reports that each support `target` with certainty (the maximal gain attack)."""
    name = check_oracle(oracle)
    eps = check_oracle_epsilon(epsilon)
    size = check_domain(d)
    t = _check_target(target, size)
    fakes = _check_fakes(m)
    sup = support_probabilities(name, eps, size)
    if name == "grr":
        return Reports(name, size, eps, np.full(fakes, t, dtype=np.min_scalar_type(2 * size - 2)))
    if name in ("sue", "oue", "kss"):
        if name == "kss":
            others = sup.size - 1
        else:  # as many set bits as a genuine report has on average: p + (d - 1) q
            others = int(np.clip(round(sup.p + (size - 1) * sup.q) - 1, 0, size - 1))
        bits = subset_membership(np.full(fakes, t), np.full(fakes, others), size, rng)
        bits[:, t] = True
        return Reports(name, size, eps, np.packbits(bits, axis=1))
    if name == "hr":
        rows = rng.integers(0, sup.size, size=fakes, dtype=np.uint16)
        parity = (np.bitwise_count(rows & np.uint16(t)) & 1).astype(np.uint8)
        return Reports(name, size, eps, parity, rows)
    g = sup.size
    tries = max(1, min(_SEED_CANDIDATES, _CANDIDATE_WORK // (fakes * size)))
    best_seeds = hashing.draw_seeds(fakes, rng)
    best_value = hashing.hash_items(best_seeds, t, g)
    best_crowd = np.full(fakes, size + 1)
    for _ in range(tries):
        seeds = hashing.draw_seeds(fakes, rng)
        value = hashing.hash_items(seeds, t, g)
        crowd = sum((hashing.hash_items(seeds, v, g) == value).astype(np.int64) for v in range(size))
        better = crowd < best_crowd
        best_seeds[better], best_value[better], best_crowd[better] = seeds[better], value[better], crowd[better]
    return Reports(name, size, eps, best_value, best_seeds)


def poisoning_gain(values: Any, d: int, epsilon: float, oracle: str, target: int, m: int, rng: np.random.Generator) -> float:
    """The target's estimated share with m fake users minus without them (same genuine reports)."""
    genuine = perturb(values, d, epsilon, oracle, rng)
    fake = forge_reports(oracle, d, epsilon, target, m, rng)
    t = int(target)
    return float(aggregate(combine(genuine, fake))[t] - aggregate(genuine)[t])


def expected_gain(oracle: str, d: int, epsilon: float, target_share: float, n: int, m: int) -> float:
    """beta [(1 - q)/(p - q) - f_t], beta = m / (n + m): the maximal gain attack's expected gain
    (Cao et al. 2021, Theorems 1-3 for GRR, OUE, OLH; the same argument for the others)."""
    sup = support_probabilities(oracle, epsilon, d)
    share = check_probability("The target's true share", target_share)
    genuine = check_count("The number of genuine users n", n, minimum=1)
    fakes = _check_fakes(m)
    beta = fakes / (genuine + fakes)
    return beta * ((1 - sup.q) / (sup.p - sup.q) - share)
