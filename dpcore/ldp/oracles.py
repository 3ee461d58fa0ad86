"""Local-DP frequency oracles: every user randomizes one item of 0..d-1, the collector estimates shares.

Seven oracles (Wang, Blocki, Li, Jha, "Locally Differentially Private Protocols for Frequency
Estimation", USENIX Security 2017; the survey's Table 2, SEED-FACTS section 6):

- "grr": generalised randomized response (direct encoding), reusing `randomized_response.grr_perturb`;
- "sue": symmetric unary encoding (basic one-time RAPPOR), p = e^(eps/2) / (e^(eps/2) + 1), q = 1 - p;
- "oue": optimized unary encoding, p = 1/2, q = 1 / (e^eps + 1);
- "blh" / "olh": local hashing with g = 2 / g = round(e^eps + 1) (hash family in `dpcore.ldp.hashing`),
  then GRR on the g hashed values;
- "hr": Hadamard randomized response (HRR, the survey's variant, Cormode, Kulkarni, Srivastava,
  "Marginal release under local differential privacy", SIGMOD 2018): a user draws a uniform row j
  of the K x K Sylvester-Hadamard matrix (K = the power of two >= d) and sends j and the sign
  H[j, v] through binary randomized response with eps. Its variance is Table 2's
  (e^eps + 1)^2 / (n (e^eps - 1)^2) (Acharya-Sun-Zhang's Hadamard response is a different protocol);
- "kss": k-subset (Ye & Barg 2018; Wang et al. 2016): report a k-subset S, with
  Pr[S] proportional to e^eps if v is in S and 1 otherwise; k = `best_subset_size(d, eps)`.

All seven are "pure" protocols (Wang et al. 2017, section 3): a report supports its user's own item
with probability p and any other given item with probability q, and the unbiased estimate is
f_hat_v = (support_v / n - q) / (p - q). HRR fits with p = e^eps / (e^eps + 1), q = 1/2 (support =
(1 + sign H[j, v]) / 2); local hashing with the exact collision probability c of the hash family,
q = c p + (1 - c)(1 - p) / (g - 1) (1/g for an ideal hash). No estimate is clipped or normalised.

Everything is vectorised over users (chunked where a users x items array would be large): no Python
loop over users. Unary-encoded and k-subset reports are kept bit-packed, (n, ceil(d / 8)) uint8.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from dpcore.errors import DPError
from dpcore.ldp import hashing
from dpcore.ldp.randomized_response import grr_perturb, grr_variance
from dpcore.limits import MAX_LDP_DOMAIN, MAX_LDP_USERS, MAX_ORACLE_EPSILON
from dpcore.mechanisms import rr_truth_probability
from dpcore.validation import check_choice, check_count, check_epsilon

ORACLES: tuple[str, ...] = ("grr", "sue", "oue", "blh", "olh", "hr", "kss")
UNARY = ("sue", "oue")
HASHED = ("blh", "olh")
_CHUNK_CELLS = 1 << 22  # users x items cells generated at once (4 MB of booleans)


# --------------------------------------------------------------------------------------------
# Reports
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Reports:
    """What the collector receives from n users, plus the public parameters of the oracle.

    `reports`, one row per user:
      grr: (n,) the reported item; sue/oue/kss: (n, ceil(d/8)) uint8, the d report bits packed
      (`np.unpackbits(reports, axis=1, count=d)`: bit v = "v is set / in the subset");
      blh/olh: (n,) the reported hashed value in 0..g-1; hr: (n,) uint8, 1 when the reported sign is -1.
    `seeds`: blh/olh (n, 2) uint32 hash seeds (a, b); hr (n,) the Hadamard row j; otherwise None.
    A poisoner forges the same arrays (`dpcore.ldp.poisoning`); `combine` concatenates two batches.
    """

    oracle: str
    d: int
    epsilon: float
    reports: np.ndarray
    seeds: np.ndarray | None = None

    @property
    def n(self) -> int:
        """How many users reported."""
        return int(self.reports.shape[0])

    def bits(self) -> np.ndarray:
        """The (n, d) report bits of a unary-encoded or k-subset batch, unpacked (memory: n d bytes)."""
        return np.unpackbits(self.reports, axis=1, count=self.d).astype(bool)


def combine(first: Reports, second: Reports) -> Reports:
    """Genuine and forged reports as one batch (same oracle, d and epsilon)."""
    if (first.oracle, first.d, first.epsilon) != (second.oracle, second.d, second.epsilon):
        a = f"{first.oracle}, d = {first.d}, epsilon = {first.epsilon:g}"
        b = f"{second.oracle}, d = {second.d}, epsilon = {second.epsilon:g}"
        raise DPError("ldp_reports_mismatch", first=a, second=b)
    seeds = None
    if first.seeds is not None and second.seeds is not None:
        seeds = np.concatenate([first.seeds, second.seeds])
    return Reports(first.oracle, first.d, first.epsilon, np.concatenate([first.reports, second.reports]), seeds)


# --------------------------------------------------------------------------------------------
# Checks and parameters
# --------------------------------------------------------------------------------------------


def check_oracle(oracle: Any) -> str:
    """The oracle's name if it is one of ORACLES; DPError "unknown_oracle" otherwise."""
    return check_choice("unknown_oracle", oracle, ORACLES)


def check_oracle_epsilon(epsilon: Any) -> float:
    """Epsilon as a float in (0, 20]."""
    eps = check_epsilon(epsilon)
    if eps > MAX_ORACLE_EPSILON:
        raise DPError("ldp_epsilon_high", epsilon=eps, maximum=MAX_ORACLE_EPSILON)
    return eps


def check_domain(d: Any) -> int:
    """The domain size d as an int in 2..MAX_LDP_DOMAIN."""
    return check_count("The domain size d", d, minimum=2, maximum=MAX_LDP_DOMAIN)


def check_values(values: Any, d: int) -> np.ndarray:
    """Every user's item as a 1-D int64 array with values in 0..d-1 (at least 1, at most MAX_LDP_USERS)."""
    try:
        array = np.asarray(values)
    except (TypeError, ValueError):
        array = np.asarray([], dtype=object)
    if array.ndim != 1 or array.size == 0:
        raise DPError("ldp_values.empty")
    if array.size > MAX_LDP_USERS:
        raise DPError("ldp_too_many_users", count=int(array.size), maximum=MAX_LDP_USERS)
    if array.dtype == bool or not (np.issubdtype(array.dtype, np.integer) or np.issubdtype(array.dtype, np.floating)):
        raise DPError("ldp_values.whole", largest=d - 1)
    if np.issubdtype(array.dtype, np.floating):
        if not np.all(np.isfinite(array)) or np.any(array != np.floor(array)):
            raise DPError("ldp_values.whole", largest=d - 1)
    low, high = array.min(), array.max()
    if low < 0 or high > d - 1:
        bad = low if low < 0 else high
        raise DPError("ldp_values.range", largest=d - 1, value=float(bad))
    return array.astype(np.int64)


def hash_range(oracle: str, epsilon: float) -> int:
    """g, the number of hashed values: 2 for BLH, round(e^eps + 1) for OLH (Wang et al. 2017, 4.4)."""
    return 2 if oracle == "blh" else max(2, int(round(math.exp(epsilon) + 1)))


def hadamard_order(d: int) -> int:
    """K, the smallest power of two >= d: the order of the Hadamard matrix HRR samples rows of."""
    return 1 << max(1, (d - 1).bit_length())


def _subset_pq(k: np.ndarray | int, d: int, epsilon: float) -> tuple[Any, Any]:
    """p = Pr[v in S], q = Pr[u in S] for u != v, for k-subset with subset size k."""
    e = math.exp(epsilon)
    k = np.asarray(k, dtype=float)
    norm = k * e + d - k
    p = k * e / norm
    q = (k * e * (k - 1) + (d - k) * k) / ((d - 1) * norm)
    return p, q


def best_subset_size(d: int, epsilon: float) -> int:
    """The k in 1..d-1 of least k-subset variance q(1-q)/(p-q)^2 (about d / (e^eps + 1)); ties: the smaller."""
    size = check_domain(d)
    eps = check_oracle_epsilon(epsilon)
    k = np.arange(1, size)
    p, q = _subset_pq(k, size, eps)
    return int(k[np.argmin(q * (1 - q) / (p - q) ** 2)])


@dataclass(frozen=True)
class Support:
    """The pure-protocol view of an oracle: a report supports its user's item with probability p and
    any other given item with probability q; `size` is g (hashing), K (HRR), k (k-subset) or d."""

    p: float
    q: float
    size: int


def support_probabilities(oracle: str, epsilon: float, d: int) -> Support:
    """p, q (and the oracle's size parameter) of one oracle at this epsilon and domain size."""
    name = check_oracle(oracle)
    eps = check_oracle_epsilon(epsilon)
    size = check_domain(d)
    e = math.exp(eps)
    if name == "grr":
        p = rr_truth_probability(eps, size)
        return Support(p, (1 - p) / (size - 1), size)
    if name == "sue":
        p = rr_truth_probability(eps / 2, 2)
        return Support(p, 1 - p, size)
    if name == "oue":
        return Support(0.5, 1 / (e + 1), size)
    if name in HASHED:
        g = hash_range(name, eps)
        p = rr_truth_probability(eps, g)
        c = hashing.collision_probability(g)
        return Support(p, c * p + (1 - c) * (1 - p) / (g - 1), g)
    if name == "hr":
        return Support(rr_truth_probability(eps, 2), 0.5, hadamard_order(size))
    k = best_subset_size(size, eps)
    p, q = _subset_pq(k, size, eps)
    return Support(float(p), float(q), k)


# --------------------------------------------------------------------------------------------
# Samplers
# --------------------------------------------------------------------------------------------


def _bernoulli_cells(shape: tuple[int, int], prob: float, rng: np.random.Generator) -> np.ndarray:
    """Independent Bernoulli(prob) booleans, exactly, from one random byte per cell.

    u uniform on 0..255: Pr[u < t] = t/256 with t = floor(256 prob); the cells with u = t (one in
    256) are resolved by a uniform against the remainder 256 prob - t, so each cell is 1 with
    probability (t + (256 prob - t)) / 256 = prob. A byte is 8x cheaper to draw than a double.
    """
    size = shape[0] * shape[1]
    scaled = prob * 256.0
    t = int(math.floor(scaled))
    u = np.frombuffer(rng.bytes(size), dtype=np.uint8).reshape(shape)
    cells = u < t
    rest = scaled - t
    if rest > 0:
        ties = np.flatnonzero(u == t)
        cells.ravel()[ties] = rng.random(ties.size) < rest
    return cells


def subset_membership(excluded: np.ndarray, sizes: np.ndarray, d: int, rng: np.random.Generator) -> np.ndarray:
    """Per row i, a uniform random subset of sizes[i] items of 0..d-1 other than excluded[i], as (c, d) booleans.

    Floyd's algorithm run on all rows at once (one loop per element chosen, never per row): for
    j = N - m .. N - 1 (N = d - 1 candidates), draw t uniform on 0..j and add t, or j if t is taken.
    Rows wanting fewer items join later. Candidate x maps to item x + (x >= excluded).
    """
    c = excluded.shape[0]
    members = np.zeros((c, d), dtype=bool)
    if c == 0:
        return members
    flat = members.ravel()
    biggest = int(sizes.max())
    others = d - 1
    base = np.arange(c, dtype=np.int64) * d
    for j in range(others - biggest, others):
        active = sizes >= others - j
        rows = np.flatnonzero(active) if not active.all() else None
        t = rng.integers(0, j + 1, size=c if rows is None else rows.size, dtype=np.int64)
        ex = excluded if rows is None else excluded[rows]
        start = base if rows is None else base[rows]
        item_t = t + (t >= ex)
        item_j = j + (j >= ex)
        taken = flat[start + item_t]
        flat[start + np.where(taken, item_j, item_t)] = True
    return members


def _chunks(n: int, d: int) -> range:
    return range(0, n, max(1, _CHUNK_CELLS // d))


def perturb(values: Any, d: int, epsilon: float, oracle: str, rng: np.random.Generator) -> Reports:
    """Every user's randomized report under `oracle` (what the collector receives), vectorised."""
    name = check_oracle(oracle)
    eps = check_oracle_epsilon(epsilon)
    size = check_domain(d)
    v = check_values(values, size)
    n = v.size
    sup = support_probabilities(name, eps, size)
    if name == "grr":
        return Reports(name, size, eps, grr_perturb(v, size, sup.p, rng))
    if name in HASHED:
        g = sup.size
        seeds = hashing.draw_seeds(n, rng)
        hashed = hashing.hash_items(seeds, v, g)
        return Reports(name, size, eps, grr_perturb(hashed, g, sup.p, rng), seeds)
    if name == "hr":
        rows = rng.integers(0, sup.size, size=n, dtype=np.uint16)
        parity = (np.bitwise_count(rows & v.astype(np.uint16)) & 1).astype(np.uint8)
        flip = (rng.random(n) >= sup.p).astype(np.uint8)
        return Reports(name, size, eps, parity ^ flip, rows)
    packed = np.empty((n, (size + 7) // 8), dtype=np.uint8)
    for start in _chunks(n, size):
        chunk = v[start : start + max(1, _CHUNK_CELLS // size)]
        c = chunk.size
        if name in UNARY:
            bits = _bernoulli_cells((c, size), sup.q, rng)
            bits[np.arange(c), chunk] = rng.random(c) < sup.p
        else:  # k-subset: own item in S with probability p, then k - 1 (or k) uniform others
            k = sup.size
            keep = rng.random(c) < sup.p
            bits = subset_membership(chunk, np.where(keep, k - 1, k), size, rng)
            bits[np.flatnonzero(keep), chunk[keep]] = True
        packed[start : start + c] = np.packbits(bits, axis=1)
    return Reports(name, size, eps, packed)


def fwht(values: np.ndarray) -> np.ndarray:
    """Fast Walsh-Hadamard transform (Sylvester order): out[v] = sum_j values[j] (-1)^popcount(j & v)."""
    out = np.array(values, dtype=float)
    k = out.size
    h = 1
    while h < k:
        blocks = out.reshape(-1, 2, h)
        out = np.stack((blocks[:, 0] + blocks[:, 1], blocks[:, 0] - blocks[:, 1]), axis=1).ravel()
        h *= 2
    return out


def support_counts(reports: Reports) -> np.ndarray:
    """For every item, how many reports support it (float, d entries)."""
    d, n = reports.d, reports.n
    if reports.oracle == "grr":
        return np.bincount(reports.reports.astype(np.int64), minlength=d)[:d].astype(float)
    if reports.oracle in HASHED:
        g = hash_range(reports.oracle, reports.epsilon)
        return hashing.support_counts(reports.seeds, reports.reports, d, g).astype(float)
    if reports.oracle == "hr":
        k = hadamard_order(d)
        signs = 1.0 - 2.0 * reports.reports.astype(float)
        totals = np.bincount(reports.seeds.astype(np.int64), weights=signs, minlength=k)
        return (n + fwht(totals)[:d]) / 2
    counts = np.zeros(d, dtype=np.int64)
    for start in _chunks(n, d):
        block = reports.reports[start : start + max(1, _CHUNK_CELLS // d)]
        counts += np.unpackbits(block, axis=1, count=d).sum(axis=0, dtype=np.int64)
    return counts.astype(float)


def _debias(support: np.ndarray, n: int, sup: Support) -> np.ndarray:
    return (support / n - sup.q) / (sup.p - sup.q)


def aggregate(reports: Reports) -> np.ndarray:
    """The d unbiased estimated shares (f_hat_v = (support_v / n - q) / (p - q)), not clipped or normalised."""
    if reports.n == 0:
        raise DPError("no_reports")
    sup = support_probabilities(reports.oracle, reports.epsilon, reports.d)
    return _debias(support_counts(reports), reports.n, sup)


def estimate_frequencies(values: Any, d: int, epsilon: float, oracle: str, rng: np.random.Generator) -> np.ndarray:
    """Perturb every user's item and aggregate: the d estimated shares (no post-processing).

    Every user's report is drawn, as the collector would receive it (`perturb`), then tallied
    (`aggregate`): no shortcut through the tallies' distribution, so what is timed and audited is
    the protocol itself.
    """
    return aggregate(perturb(values, d, epsilon, oracle, rng))


# --------------------------------------------------------------------------------------------
# Variances, costs, choice
# --------------------------------------------------------------------------------------------


def theoretical_variance(oracle: str, epsilon: float, d: int, n: int) -> float:
    """Table 2's approximate variance of one share estimate (exact for an item nobody holds, f = 0;
    for OLH with g = e^eps + 1 not rounded, for BLH/HR up to the hash family)."""
    name = check_oracle(oracle)
    eps = check_oracle_epsilon(epsilon)
    size = check_domain(d)
    total = check_count("The number of users n", n, minimum=1)
    e, em1 = math.exp(eps), math.expm1(eps)
    if name == "grr":
        return grr_variance(total, eps, size)
    if name == "sue":
        half = math.exp(eps / 2)
        return half / (total * math.expm1(eps / 2) ** 2)
    if name in ("oue", "olh"):
        return 4 * e / (total * em1**2)
    if name in ("blh", "hr"):
        return (e + 1) ** 2 / (total * em1**2)
    sup = support_probabilities(name, eps, size)
    return sup.q * (1 - sup.q) / (total * (sup.p - sup.q) ** 2)


def exact_variance(oracle: str, epsilon: float, d: int, n: int, frequency: Any) -> float | np.ndarray:
    """Exact variance of f_hat_v for n fixed users of whom a share f hold v:
    [f p (1 - p) + (1 - f) q (1 - q)] / (n (p - q)^2) (the f n holders support v with probability p,
    the others with q, all independently; for local hashing q uses the family's exact collision rate)."""
    sup = support_probabilities(oracle, epsilon, d)
    total = check_count("The number of users n", n, minimum=1)
    f = np.asarray(frequency, dtype=float)
    if np.any(np.isnan(f)) or np.any((f < 0) | (f > 1)):
        raise DPError("true_frequencies_range")
    var = (f * sup.p * (1 - sup.p) + (1 - f) * sup.q * (1 - sup.q)) / (total * (sup.p - sup.q) ** 2)
    return float(var) if var.ndim == 0 else var


def report_bits(oracle: str, d: int, epsilon: float) -> float:
    """Bits one user sends: GRR ceil(log2 d); SUE/OUE d; BLH/OLH the 62-bit seed + ceil(log2 g);
    HRR log2 K (the row) + 1 (the sign); k-subset k ceil(log2 d)."""
    name = check_oracle(oracle)
    size = check_domain(d)
    eps = check_oracle_epsilon(epsilon)
    item = math.ceil(math.log2(size))
    if name == "grr":
        return float(item)
    if name in UNARY:
        return float(size)
    if name in HASHED:
        return float(hashing.SEED_BITS + math.ceil(math.log2(hash_range(name, eps))))
    if name == "hr":
        return float(math.log2(hadamard_order(size)) + 1)
    return float(best_subset_size(size, eps) * item)


def best_oracle(epsilon: float, d: int, candidates: tuple[str, ...] = ORACLES) -> str:
    """The oracle among `candidates` of least `theoretical_variance`; among ties (relative 1e-9)
    the one with the fewest `report_bits`, then the first in ORACLES.

    Among the Table 2 rows with a closed form (all but "kss") this is the survey's rule of thumb:
    GRR while d < 3 e^eps + 2, else OLH (same variance as OUE, fewer bits once d > ~64). k-subset
    (optimal k) is never worse than both and wins for every d beyond GRR's range, by a margin that
    shrinks as d grows (about 2% at eps = 1, d = 100), at k ceil(log2 d) bits per user.
    """
    eps = check_oracle_epsilon(epsilon)
    size = check_domain(d)
    names = tuple(check_oracle(name) for name in candidates) or ORACLES
    var = {name: theoretical_variance(name, eps, size, 1) for name in names}
    least = min(var.values())
    tied = [name for name in names if var[name] <= least * (1 + 1e-9)]
    return min(tied, key=lambda name: (report_bits(name, size, eps), ORACLES.index(name)))
