"""The universal hash family behind local hashing (BLH, OLH), vectorised over users.

Each user draws a seed (a, b) with 1 <= a < P and 0 <= b < P, P = 2^31 - 1 (a Mersenne prime,
larger than any domain size here), and hashes an item v in 0..d-1 to

    h_{a,b}(v) = ((a v + b) mod P) mod g,

the Carter-Wegman family. Every number stays below 2^32 (a v + b < 2^41 is computed in uint64;
the collector's running value x_v = (a v + b) mod P is stepped as x_{v+1} = x_v + a mod P in
uint32), so nothing overflows.

The collector only needs how often two different items collide, Pr[h(v) = h(v')] for v != v'
over the seed: for a != 0 the pair ((a v + b) mod P, (a v' + b) mod P) is uniform over ordered
pairs of *different* residues, so the collision probability is exactly
sum_c n_c (n_c - 1) / (P (P - 1)), n_c = how many residues fall in bucket c. It is within
~g/P of 1/g; `dpcore.ldp.oracles` uses the exact value, so its estimates stay unbiased for every g.

Reference: Carter & Wegman, "Universal classes of hash functions" (1979); Wang, Blocki, Li, Jha,
"Locally Differentially Private Protocols for Frequency Estimation" (USENIX Security 2017),
section 4.4 (local hashing).
"""

from __future__ import annotations

import numpy as np

PRIME = 2**31 - 1  # the Mersenne prime P of the family; a, b, and every residue stay below it
SEED_BITS = 62  # a and b, 31 bits each: what a user sends besides the hashed value
_CHUNK_ELEMENTS = 1 << 14  # users per pass of the collector's support count (fits in cache)


def draw_seeds(n: int, rng: np.random.Generator) -> np.ndarray:
    """n independent seeds (a, b) as an (n, 2) uint32 array: a uniform on 1..P-1, b on 0..P-1."""
    seeds = np.empty((n, 2), dtype=np.uint32)
    seeds[:, 0] = rng.integers(1, PRIME, size=n, dtype=np.uint32)
    seeds[:, 1] = rng.integers(0, PRIME, size=n, dtype=np.uint32)
    return seeds


def hash_items(seeds: np.ndarray, items: np.ndarray | int, g: int) -> np.ndarray:
    """h_i(v_i) for every user i: ((a_i v_i + b_i) mod P) mod g, as uint32 (one item per user,
    or one item for everybody)."""
    a = seeds[:, 0].astype(np.uint64)
    b = seeds[:, 1].astype(np.uint64)
    v = np.asarray(items, dtype=np.uint64)
    x = (a * v + b) % np.uint64(PRIME)
    return (x % np.uint64(g)).astype(np.uint32)


def support_counts(seeds: np.ndarray, reported: np.ndarray, d: int, g: int) -> np.ndarray:
    """For every item v in 0..d-1, how many users' reports support it: #{i : h_i(v) = y_i}.

    No loop over users: users are taken in chunks that fit in cache, and within a chunk the
    loop runs over the d items, stepping x = (a v + b) mod P by one addition of a per item.
    """
    n = seeds.shape[0]
    counts = np.zeros(d, dtype=np.int64)
    prime = np.uint32(PRIME)
    modulus = np.uint32(g)
    power_of_two = g & (g - 1) == 0
    mask_value = np.uint32(g - 1)
    for start in range(0, n, _CHUNK_ELEMENTS):
        stop = min(n, start + _CHUNK_ELEMENTS)
        a = np.ascontiguousarray(seeds[start:stop, 0])
        x = seeds[start:stop, 1].copy()
        y = np.asarray(reported[start:stop], dtype=np.uint32)
        h = np.empty_like(x)
        lowered = np.empty_like(x)
        hit = np.empty(x.shape, dtype=bool)
        for v in range(d):
            if power_of_two:
                np.bitwise_and(x, mask_value, out=h)
            else:
                np.remainder(x, modulus, out=h)
            np.equal(h, y, out=hit)
            counts[v] += np.count_nonzero(hit)
            if v + 1 < d:
                np.add(x, a, out=x)  # x + a < 2P < 2^32: no overflow in uint32
                # x mod P: x - P wraps around to a huge number when x < P, so the smaller one is right
                np.subtract(x, prime, out=lowered)
                np.minimum(x, lowered, out=x)
    return counts


def bucket_sizes(g: int) -> tuple[int, int, int]:
    """(s, r, P): the P residues fall r buckets of s + 1 and g - r buckets of s (P = s g + r)."""
    s, r = divmod(PRIME, g)
    return s, r, PRIME


def collision_probability(g: int) -> float:
    """Exact Pr[h(v) = h(v')] for two different items, over a seed of this family (about 1/g)."""
    s, r, p = bucket_sizes(g)
    same = r * (s + 1) * s + (g - r) * s * (s - 1)
    return same / (p * (p - 1))
