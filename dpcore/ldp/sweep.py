"""Every frequency oracle's estimates at many epsilons from one draw of each user's randomness.

`sweep_estimates(values, d, epsilons, oracle, rng)` returns one row of d estimated shares per
epsilon. Row i is distributed exactly as `oracles.estimate_frequencies(values, d, epsilons[i],
oracle, rng)`: every user still randomizes their own item, by the same protocol. What is shared
is the user's randomness: one uniform u decides "report the truth" at every epsilon (u < p(eps)),
and the rest (the other item a lie names, a hash seed, a Hadamard row, the order in which a
k-subset takes other items) is drawn once. The rows are therefore coupled, as a chart stepping
epsilon should be (a bar moves, it does not jump to a fresh draw), and the whole sweep costs a
few single runs instead of one run per epsilon.

The counts are tallied without a users x epsilons array: u falls in one interval of the sorted
thresholds, and the users "below" the threshold of epsilon i are a cumulative count over those
intervals (`_Below`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from dpcore.ldp import hashing
from dpcore.ldp.oracles import (
    HASHED,
    UNARY,
    check_domain,
    check_oracle,
    check_oracle_epsilon,
    check_values,
    fwht,
    hadamard_order,
    support_probabilities,
)

_CHUNK_CELLS = 1 << 21  # users x items cells drawn at once


class _Below:
    """`count` uniforms u against the thresholds t_0..t_{E-1} (one per epsilon), kept only as the
    interval of the sorted thresholds each u falls in. `counts(key, size)` is an (E, size) array,
    row i counting by `key` (an item) the u below t_i."""

    def __init__(self, count: int, thresholds: np.ndarray, rng: np.random.Generator) -> None:
        self.levels, self.index = np.unique(thresholds, return_inverse=True)
        self.interval = _intervals(count, self.levels, rng)  # u < levels[j] <=> interval <= j

    def below(self, i: int) -> np.ndarray:
        """Which u are below t_i."""
        return self.interval <= self.index[i]

    def counts(self, key: np.ndarray, size: int, users: np.ndarray | None = None,
               weights: np.ndarray | None = None) -> np.ndarray:
        """Row i: over the u (all, or those of `users`), how many (or how much weight) are below t_i, by key."""
        m = self.levels.size + 1
        interval = self.interval if users is None else self.interval[users]
        tally = np.bincount(interval * size + key, weights=weights, minlength=m * size).reshape(m, size)
        return np.cumsum(tally, axis=0)[self.index]


def _intervals(count: int, levels: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """For `count` uniforms u on [0, 1), how many of the sorted `levels` are <= u, exactly, from one
    random byte b per u (u in [b/256, (b+1)/256)), and a double only for the few u whose byte's range
    holds a level (then u = (b + r) / 256, r uniform). A byte is 8x cheaper to draw than a double."""
    byte = np.frombuffer(rng.bytes(count), dtype=np.uint8)
    edges = np.arange(257) / 256
    lower = np.searchsorted(levels, edges[:-1], side="right")  # levels <= b/256: below every u of b
    upper = np.searchsorted(levels, edges[1:], side="left")  # levels < (b+1)/256
    interval = lower[byte]
    open_ = np.flatnonzero((upper != lower)[byte])
    interval[open_] = np.searchsorted(levels, (byte[open_] + rng.random(open_.size)) / 256, side="right")
    return interval


def _grr(v: np.ndarray, d: int, p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """GRR: the truth while u < p, else v + w (mod d), w uniform on 1..d-1 drawn once."""
    below = _Below(v.size, p, rng)
    lie = (v + rng.integers(1, d, size=v.size)) % d
    return below.counts(v, d) + np.bincount(lie, minlength=d) - below.counts(lie, d)


def _unary(v: np.ndarray, d: int, p: np.ndarray, q: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """SUE/OUE: the user's own bit is set while its uniform is below p, every other bit below q."""
    support = _Below(v.size, p, rng).counts(v, d)
    rows = max(1, _CHUNK_CELLS // d)
    for start in range(0, v.size, rows):
        chunk = v[start : start + rows]
        other = np.ones((chunk.size, d), dtype=bool)
        other[np.arange(chunk.size), chunk] = False
        items = np.broadcast_to(np.arange(d), other.shape)[other]
        support += _Below(items.size, q, rng).counts(items, d)
    return support


def _hashed(v: np.ndarray, d: int, g: np.ndarray, p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """BLH/OLH: each user's seed (a, b), uniform u and lie w drawn once; at the range g of an epsilon
    (round(e^eps + 1) or 2), the user reports
    h(v) while u < p, else h(v) + 1 + floor(w (g - 1)) mod g, and a report supports every item hashed
    to it. The users are tallied by their interval of u, truthful and lying apart, so each range
    costs two passes of the collector's count (`hashing.support_counts`), however many epsilons share it."""
    seeds = hashing.draw_seeds(v.size, rng)
    below, w = _Below(v.size, p, rng), rng.random(v.size)
    support = np.zeros((g.size, d))
    for size in np.unique(g):
        at = np.flatnonzero(g == size)
        truth = hashing.hash_items(seeds, v, int(size))
        lie = (truth + 1 + (w * (size - 1)).astype(np.uint32)) % np.uint32(size)
        if at.size == 1:  # one epsilon: each user's report, counted once
            support[at] = hashing.support_counts(seeds, np.where(below.below(at[0]), truth, lie), d, int(size))
            continue
        order = np.argsort(below.interval.astype(np.int16), kind="stable")
        ends = np.searchsorted(below.interval[order], np.arange(below.levels.size), side="right")
        by_interval = seeds[order], truth[order], lie[order]
        counts = [[hashing.support_counts(a, y, d, int(size)) for a, y in zip(np.split(by_interval[0], ends),
                                                                                 np.split(reported, ends), strict=True)]
                  for reported in by_interval[1:]]
        kept, lied = (np.cumsum(c, axis=0) for c in counts)
        support[at] = kept[below.index[at]] + lied[-1] - lied[below.index[at]]
    return support


def _hadamard(v: np.ndarray, d: int, p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """HRR: a uniform row j and the sign H[j, v], kept while u < p, flipped otherwise."""
    k = hadamard_order(d)
    row = rng.integers(0, k, size=v.size)
    sign = 1.0 - 2.0 * (np.bitwise_count(row & v) & 1)
    below = _Below(v.size, p, rng)
    totals = 2 * below.counts(row, k, weights=sign) - np.bincount(row, weights=sign, minlength=k)
    return np.stack([(v.size + fwht(t)[:d]) / 2 for t in totals])


def _subset(v: np.ndarray, d: int, k: np.ndarray, p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """k-subset: each user orders the other items at random once (a partial Fisher-Yates shuffle);
    the subset holds their own item and the first k - 1 others while u < p, else the first k others."""
    below = _Below(v.size, p, rng)
    support = below.counts(v, d).astype(float)
    longest = int(k.max())
    rows = max(1, _CHUNK_CELLS // d)
    for start in range(0, v.size, rows):
        mine = v[start : start + rows]
        c = mine.size
        order = np.tile(np.arange(d - 1, dtype=np.int16), (c, 1))
        r = np.arange(c)
        for j in range(longest):
            pick = j + rng.integers(0, d - 1 - j, size=c)
            taken = order[r, pick]
            order[r, pick] = order[:, j]
            order[:, j] = taken
        order = order[:, :longest] + (order[:, :longest] >= mine[:, None])  # other x is item x + (x >= v)
        ranked = np.cumsum([np.bincount(order[:, j], minlength=d) for j in range(longest)], axis=0)
        users = np.arange(start, start + c)
        for size in np.unique(k):
            at = np.flatnonzero(k == size)
            last = order[:, size - 1]  # rank k - 1: in S only when the user's own item is not
            flipped = np.bincount(last, minlength=d) - below.counts(last, d, users=users)[at]
            support[at] += flipped + (ranked[size - 2] if size > 1 else 0)  # ranks 0..k-2: in S either way
    return support


def sweep_estimates(values: Any, d: int, epsilons: Sequence[float], oracle: str,
                    rng: np.random.Generator) -> np.ndarray:
    """(len(epsilons), d): row i the unbiased estimated shares at epsilons[i], as
    `estimate_frequencies` would draw them, every row from the same users' randomness."""
    name = check_oracle(oracle)
    size = check_domain(d)
    v = check_values(values, size)
    eps = [check_oracle_epsilon(e) for e in epsilons]
    sup = [support_probabilities(name, e, size) for e in eps]
    p = np.array([s.p for s in sup])
    q = np.array([s.q for s in sup])
    if name == "grr":
        support = _grr(v, size, p, rng)
    elif name in UNARY:
        support = _unary(v, size, p, q, rng)
    elif name in HASHED:
        support = _hashed(v, size, np.array([s.size for s in sup]), p, rng)
    elif name == "hr":
        support = _hadamard(v, size, p, rng)
    else:
        support = _subset(v, size, np.array([s.size for s in sup]), p, rng)
    return (support / v.size - q[:, None]) / (p - q)[:, None]
