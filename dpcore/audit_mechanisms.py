"""Audit every mechanism from its samples: an empirical lower bound on epsilon next to its promise.

Each entry of MECHANISMS runs one mechanism on a fixed pair of neighbouring datasets D and D'
(a count 10 vs 11, an answer yes vs no, a vote table and the same table with one vote moved, one
user's item 0 vs 1) and returns scalar outputs (or a scalar score of a multi-dimensional output,
a post-processing, so any bound on it also holds for the full output). `audit` turns draws on
both sides into the epsilon lower bound of `dpcore.audit.epsilon_lower_bound` (threshold tests,
Clopper-Pearson intervals, Bonferroni correction on a held-out half): a correct mechanism stays at
or below its promised epsilon, except with probability alpha; a broken one exceeds it once there
are enough draws.

Three mechanisms are broken on purpose:
- Laplace with half the scale (true epsilon 2 for a promised 1);
- a Gaussian calibrated with the classic formula sigma = sqrt(2 ln(1.25/delta)) / epsilon at
  epsilon = 10, where it is unproven: at delta = 0.2 its true delta is about 0.69. (At delta = 1e-5
  the true delta is 2.3e-5, a violation no black-box audit can see with fewer than ~1e10 draws:
  a ratio e^10 between two tail probabilities needs that many.)
- Mironov's floating-point attack on the textbook Laplace sampler x - b sign(u) ln(1 - 2|u|)
  in float64 (Mironov, "On significance of the least significant bits for differential privacy",
  CCS 2012, sections 3-4): u lies on a grid of 2^-53, so the noise takes only some float values,
  far apart in the tails; after the addition x + noise the set of reachable outputs depends on x.
  An output of D that cannot be produced from D' has probability 0 under D' and so proves that no
  finite epsilon holds. Because every step (log, product, sum) is monotone in u, whether some u
  produces a given output from D' is decided exactly by a binary search over the 2^52 values of u
  on each side of 0 (Mironov's membership test). OpenDP's sampler (dpcore.release) draws an exact
  discrete Laplace z on the lattice 2^-1074 Z and rounds x + z 2^-1074: every float y is x' + z 2^-1074
  for an integer z, which the full-support noise reaches from any integer x', so no output rules out
  a neighbour.

The same exact support test runs for every entry (on the first GAP_CHECK_DRAWS outputs of each side),
each against its sampler's own arithmetic: numpy's Generator.laplace (U = k 2^-53, noise increasing
in U: one binary search) leaves the same gaps as the textbook sampler, about 11% of its outputs at
scale 1, so it is a simulation that is not exactly DP, and so is every numpy Laplace here; numpy's
discrete Laplace (two geometrics drawn by a float search) has a finite support whose edge, ~2^-53
likely, rules the neighbour out; numpy's Gaussian (a ziggurat of 256 layers of floats, searched
layer by layer) leaves gaps where only coarse layers reach, about 1.6% of its outputs at sigma 3.7,
so it is not (1, 1e-5)-DP either; the finite-output mechanisms give every output on both sides;
OpenDP's outputs are checked on its lattice in exact rational arithmetic.

References: Jagielski, Ullman & Oprea, NeurIPS 2020 (Algorithm 2); Mironov, CCS 2012; Balle & Wang,
ICML 2018 (analytic Gaussian); Google's DP-Auditorium (2024) for the idea of a catalogue of audits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Literal

import numpy as np

from dpcore.audit import clopper_pearson, epsilon_lower_bound
from dpcore.audit_gdp import GDPBound, gdp_lower_bound
from dpcore.audit_one_run import OneRunAudit, audit_scores
from dpcore.audit_roc import RocSummary, roc_summary
from dpcore.ldp import hashing
from dpcore.ldp.oracles import Reports, perturb, support_probabilities
from dpcore.limits import MAX_AUDIT_DRAWS
from dpcore.mechanisms import calibrate, exponential_probabilities, gaussian_sigma, rr_truth_probability
from dpcore.validation import check_choice, check_count, check_probability

MIN_AUDIT_DRAWS = 2
BATCH = 100_000  # draws per call to a sampler, so `progress` moves and memory stays small
COUNT_D, COUNT_D_PRIME = 10.0, 11.0  # the neighbouring counts of the additive-noise mechanisms
VOTES_D = np.array([12.0, 10.0, 6.0, 3.0])  # votes per option; D' moves one vote from option 0 to 1
VOTES_D_PRIME = np.array([11.0, 11.0, 6.0, 3.0])
LDP_DOMAIN = 8  # the local oracles audit one user's report of item 0 (D) vs item 1 (D')
NAIVE_LAPLACE_SCALE = 1.0  # Mironov's naive sampler, promised epsilon 1

Verdict = Literal["consistent", "violates"]
Sampler = Callable[[bool, int, np.random.Generator], np.ndarray]
RuledOut = Callable[[np.ndarray, bool], np.ndarray]  # outputs drawn on D (False) or D' (True) -> impossible on the other
GAP_CHECK_DRAWS = 5_000  # outputs per side the exact support test checks (the first ones drawn)


@dataclass(frozen=True)
class AuditedMechanism:
    """One auditable mechanism: its promise, its sampler on D (False) or D' (True), whether it is broken
    on purpose, its support test against the sampler's own arithmetic (`ruled_out`: the outputs no
    draw on the other side can give), whether its sampler is numpy's (`simulation`: how the app
    simulates, not how a release is drawn) and whether its outputs are higher on D' than on D
    (`neighbour_higher`: the side an attack calls "D'" when the output is high; known in advance)."""

    name: str
    epsilon: float
    delta: float
    sampler: Sampler
    broken: bool
    description: str
    ruled_out: RuledOut
    simulation: bool = True
    neighbour_higher: bool = True


@dataclass(frozen=True)
class AuditResult:
    """An audit's outcome: `lower_bound` is an epsilon the mechanism must reach (confidence 1 - alpha).

    `checked`: how many outputs the exact support test checked (the first GAP_CHECK_DRAWS of each
    side); `ruled_out` / `ruled_out_share`: how many of them cannot come from the other dataset, and
    their share; `ruled_out_share_low`: a Clopper-Pearson lower bound (level alpha) on the
    probability of such an output.
    `simulation`: drawn with numpy, as the app's simulations are (not as a release).
    On the same draws: `threshold_bound`, the Clopper-Pearson bound alone (`lower_bound` before the
    exact test); `gdp`, the Gaussian-fit audit (dpcore.audit_gdp) at the promised delta; `roc`, the
    AUROC and TPR at low FPRs of "D' when the output is on D's side" (dpcore.audit_roc).
    """

    name: str
    epsilon: float
    delta: float
    draws: int
    alpha: float
    lower_bound: float
    verdict: Verdict
    simulation: bool
    checked: int
    ruled_out: int
    ruled_out_share: float
    ruled_out_share_low: float
    threshold_bound: float
    gdp: GDPBound
    roc: RocSummary


# --------------------------------------------------------------------------------------------
# Samplers
# --------------------------------------------------------------------------------------------


def _additive(kind: str, epsilon: float, delta: float = 0.0, scale_factor: float = 1.0,
              method: str = "analytic") -> Sampler:
    """count + numpy noise of a calibrated mechanism (scale multiplied by scale_factor)."""

    def sample(on_neighbour: bool, draws: int, rng: np.random.Generator) -> np.ndarray:
        mech = calibrate(kind, epsilon, delta, gaussian_method=method)  # type: ignore[arg-type]
        noise = replace(mech, scale=mech.scale * scale_factor).sample(rng, draws)
        return (COUNT_D_PRIME if on_neighbour else COUNT_D) + noise.astype(float)

    return sample


def _classic_gaussian(epsilon: float, delta: float) -> Sampler:
    def sample(on_neighbour: bool, draws: int, rng: np.random.Generator) -> np.ndarray:
        sigma = gaussian_sigma(epsilon, delta, 1.0, "classic")  # calibrate refuses it at eps >= 1, rightly
        return (COUNT_D_PRIME if on_neighbour else COUNT_D) + rng.normal(0.0, sigma, draws)

    return sample


def _opendp_laplace(epsilon: float) -> Sampler:
    """The Laplace path of dpcore.release.release_counts (OpenDP, its own entropy: `rng` is unused)."""

    def sample(on_neighbour: bool, draws: int, rng: np.random.Generator) -> np.ndarray:
        from dpcore.release import release_counts

        x = COUNT_D_PRIME if on_neighbour else COUNT_D
        return release_counts(np.full(draws, x), calibrate("laplace", epsilon))

    return sample


def _rr(epsilon: float) -> Sampler:
    def sample(on_neighbour: bool, draws: int, rng: np.random.Generator) -> np.ndarray:
        truth = 0.0 if on_neighbour else 1.0  # D: the person answers yes; D': no
        keep = rng.random(draws) < rr_truth_probability(epsilon)
        return np.where(keep, truth, 1.0 - truth)

    return sample


def _exponential(epsilon: float) -> Sampler:
    """Pick an option by votes (score sensitivity 1); the output scored by ln p_D(o) - ln p_D'(o), a relabelling."""

    def sample(on_neighbour: bool, draws: int, rng: np.random.Generator) -> np.ndarray:
        p_d = exponential_probabilities(VOTES_D, epsilon)
        p_dp = exponential_probabilities(VOTES_D_PRIME, epsilon)
        picks = rng.choice(p_d.size, size=draws, p=p_dp if on_neighbour else p_d)
        return (np.log(p_d) - np.log(p_dp))[picks]

    return sample


def _supports(reports: Reports, item: int) -> np.ndarray:
    """Does each user's report support `item` (the protocols' support sets, Wang et al. 2017)?"""
    if reports.oracle == "grr":
        return reports.reports == item
    if reports.oracle in ("sue", "oue", "kss"):
        return np.unpackbits(reports.reports, axis=1, count=reports.d)[:, item] == 1
    assert reports.seeds is not None  # hashing and Hadamard reports carry their seeds or rows
    if reports.oracle in ("blh", "olh"):
        g = support_probabilities(reports.oracle, reports.epsilon, reports.d).size
        return hashing.hash_items(reports.seeds, item, g) == reports.reports
    rows = reports.seeds.astype(np.uint16)  # hr: the Hadamard row j; the report is 1 for sign -1
    parity = (np.bitwise_count(rows & np.uint16(item)) & 1).astype(np.uint8)
    return parity == reports.reports


def _oracle(oracle: str, epsilon: float) -> Sampler:
    """One user's report of item 0 (D) or 1 (D'), scored support(0) - support(1) (likelihood-ratio order)."""

    def sample(on_neighbour: bool, draws: int, rng: np.random.Generator) -> np.ndarray:
        reports = perturb(np.full(draws, 1 if on_neighbour else 0), LDP_DOMAIN, epsilon, oracle, rng)
        return _supports(reports, 0).astype(float) - _supports(reports, 1).astype(float)

    return sample


# --- Mironov's naive Laplace -----------------------------------------------------------------

_GRID = 2.0**-52  # s = 1 - 2|u| is an exact multiple of 2^-52 when u = rng.random() - 0.5
_M_MAX = 1 << 52


def naive_laplace(x: float, b: float, rng: np.random.Generator, draws: int) -> np.ndarray:
    """The textbook sampler in float64: u uniform on [-1/2, 1/2), x - b sign(u) ln(1 - 2|u|)."""
    u = rng.random(draws) - 0.5  # exact: a multiple of 2^-53
    with np.errstate(divide="ignore"):
        return x + -b * np.sign(u) * np.log(1.0 - 2.0 * np.abs(u))


def _branch_output(x: float, coef: float, m: np.ndarray) -> np.ndarray:
    """x + coef ln(m 2^-52), in the same float operations as naive_laplace (coef = -b sign(u))."""
    with np.errstate(divide="ignore"):
        return x + coef * np.log(m.astype(float) * _GRID)


def _reached(target: np.ndarray, f: Callable[[np.ndarray], np.ndarray], lo: int | np.ndarray,
             hi: int | np.ndarray) -> np.ndarray:
    """Whether an increasing float map f over the integers [lo, hi) (bounds per target, or shared)
    takes each target value exactly: a binary search for the smallest m with f(m) >= target, the
    only candidate since f is monotone. A decreasing map is searched as its negative."""
    low = np.broadcast_to(np.asarray(lo, dtype=np.int64), target.shape).copy()
    high = np.broadcast_to(np.asarray(hi, dtype=np.int64), target.shape).copy()
    end = high.copy()
    while True:
        open_ = low < high
        if not open_.any():
            break
        mid = (low + high) // 2
        ok = f(mid) >= target
        high = np.where(open_ & ok, mid, high)
        low = np.where(open_ & ~ok, mid + 1, low)
    found = low < end
    hit = np.zeros(target.shape, dtype=bool)
    hit[found] = f(np.where(found, low, 0))[found] == target[found]
    return hit


def naive_laplace_reachable(outputs: np.ndarray, x: float, b: float) -> np.ndarray:
    """Which outputs some u on numpy's grid turns into, through `naive_laplace` from `x` (exact).

    u > 0 gives s = m 2^-52 (m = 1..2^52 - 1) and output x + (-b) ln s, decreasing in m; u < 0 gives
    m = 0..2^52 - 1 and x + b ln s, increasing in m; u = 0 gives x. Both maps are monotone (the
    logarithm, the product and the sum round monotonically), so a binary search over m finds the
    only candidate for each output. Non-finite outputs count as reachable.
    """
    y = np.asarray(outputs, dtype=float)
    reach = ~np.isfinite(y) | (y == x)
    for coef, side, increasing in ((-b, y > x, False), (b, y < x, True)):
        idx = np.flatnonzero(side & np.isfinite(y))
        if idx.size:
            sign = 1.0 if increasing else -1.0

            def branch(m: np.ndarray, c: float = coef, k: float = sign) -> np.ndarray:
                return k * _branch_output(x, c, m)  # searched as increasing

            reach[idx] = _reached(sign * y[idx], branch, 0 if increasing else 1, _M_MAX)
    return reach


_U_MAX = 1 << 53  # numpy's next_double: U = k 2^-53, k = 0..2^53 - 1


def _numpy_laplace_output(x: float, b: float, k: np.ndarray) -> np.ndarray:
    """x + numpy's Generator.laplace(0, b) at U = k 2^-53, in its own float operations
    (numpy/random/src/distributions/distributions.c, random_laplace: U = 0 is drawn again)."""
    u = k.astype(float) * 2.0**-53
    with np.errstate(divide="ignore"):
        return x + np.where(u >= 0.5, 0.0 - b * np.log(2.0 - u - u), 0.0 + b * np.log(u + u))


def numpy_laplace_reachable(outputs: np.ndarray, x: float, b: float) -> np.ndarray:
    """Which outputs x + numpy's Laplace noise of scale b can take (exact): the noise increases with U
    on both branches, so a binary search over the 2^53 - 1 values of U finds the only candidate."""
    y = np.asarray(outputs, dtype=float)
    reach = ~np.isfinite(y)
    idx = np.flatnonzero(~reach)
    if idx.size:
        reach[idx] = _reached(y[idx], partial(_numpy_laplace_output, x, b), 1, _U_MAX)
    return reach


def numpy_geometric_support(p: float) -> np.ndarray:
    """The values numpy's Generator.geometric(p) can return, for p >= 1/3 (its search method:
    X = 1 + the number of steps of sum += prod *= 1 - p until sum >= U, U < 1 on a grid of 2^-53).

    X has positive probability exactly when its float partial sum exceeds the one before it, and the
    search stops once the sum reaches the largest U, 1 - 2^-53: the support is finite.
    """
    if p < 1 / 3:
        raise AssertionError("numpy draws a geometric with p < 1/3 by inversion, not by this search.")
    top = 1.0 - 2.0**-53
    values, x, total, prod, q = [1], 1, p, p, 1.0 - p
    while total < top:
        prod *= q
        new = total + prod
        x += 1
        if new > total:
            values.append(x)
        elif prod == 0.0:
            break
        total = new
    return np.array(values)


# --- numpy's Gaussian: a ziggurat ------------------------------------------------------------
# numpy's standard_normal takes a 64-bit word r: idx = r & 255 picks one of 256 layers, bit 8 the
# sign, rabs = the next 52 bits, and returns rabs * wi[idx] when rabs < ki[idx] (or, in a layer's
# wedge, when a second uniform U lets it; U = 0 lets every rabs below the layer's edge through);
# layer 0 past ki[0] draws from the tail r + xx, xx = -ln(1 - U1) / r, accepted when some U2 gives
# -2 ln(1 - U2) > xx^2. numpy's constants (wi, ki[0], r) are read off numpy's own sampler by feeding
# it chosen words through an MT19937 whose state is set to give them, not copied from its source.

_MASK32 = 0xFFFFFFFF
_RABS_MAX = 1 << 52


def _untemper(word: int) -> int:
    """The MT19937 state word whose tempered output is `word` (each tempering step inverted)."""
    y = word ^ (word >> 18)
    y ^= (y << 15) & 0xEFC60000
    x = y
    for _ in range(5):
        x = y ^ ((x << 7) & 0x9D2C5680)
    y = x & _MASK32
    x = y
    for _ in range(3):
        x = y ^ (x >> 11)
    return x & _MASK32


def _normal_of(words: Sequence[int]) -> float:
    """numpy's standard_normal when the generator's next 32-bit outputs are `words` (a 64-bit draw
    is the first word then the second; a uniform U = (a >> 5) 2^-27 + (b >> 6) 2^-53)."""
    key = np.zeros(624, dtype=np.uint32)
    key[: len(words)] = [_untemper(w) for w in words]
    bits = np.random.MT19937(0)
    bits.state = {"bit_generator": "MT19937", "state": {"key": key, "pos": 0}}
    return float(np.random.Generator(bits).standard_normal())


def _draw_words(idx: int, rabs: int) -> list[int]:
    r = idx | (rabs << 9)  # sign bit 0
    return [r >> 32, r & _MASK32]


@dataclass(frozen=True)
class _Ziggurat:
    wi: np.ndarray  # layer widths: a layer's values are rabs * wi[idx]
    ki0: int  # layer 0 returns rabs * wi[0] below ki0, the tail from there
    r: float  # where the tail starts
    tail_top: int  # the tail's U1 = k 2^-53 is accepted for k below this


@cache
def _ziggurat() -> _Ziggurat:
    """numpy's ziggurat constants, read off numpy's sampler (~0.2 s, once)."""
    wi = np.array([_normal_of(_draw_words(idx, 1)) for idx in range(256)])
    top = (_RABS_MAX - 1) & ~(1 << 8)  # rabs bit 8 is the tail's sign: 0
    r = _normal_of(_draw_words(0, top) + [0, 0, _MASK32, _MASK32])  # U1 = 0, U2 near 1
    low, high = 1, _RABS_MAX
    while low < high:  # layer 0: rabs * wi[0] up to ki0, then the tail (here: r)
        mid = (low + high) // 2
        if _normal_of(_draw_words(0, mid) + [0, 0, _MASK32, _MASK32]) == float(np.float64(mid) * wi[0]):
            low = mid + 1
        else:
            high = mid
    largest_y = -math.log1p(-(1.0 - 2.0**-53))
    k_low, k_high = 0, 1 << 53
    while k_low < k_high:
        mid = (k_low + k_high) // 2
        xx = -(1.0 / r) * math.log1p(-mid * 2.0**-53)
        if xx * xx < largest_y + largest_y:
            k_low = mid + 1
        else:
            k_high = mid
    return _Ziggurat(wi, low, r, k_low)


_GAUSSIAN_CHUNK = 2_000  # outputs per block of the layer search (blocks of 2,000 x 256 values)


def numpy_normal_reachable(outputs: np.ndarray, x: float, sigma: float) -> np.ndarray:
    """Which outputs x + numpy's Generator.normal(0, sigma) can take (sound: an output marked
    unreachable is; layers 1-255 are taken whole, a few values more than numpy returns).

    For each layer, x + sigma (+-rabs wi) is monotone in rabs: a binary search in a window around
    (y - x) / (sigma wi) that holds every rabs rounding to y; the tail, monotone in U1, is searched
    over all its 2^53 values. Non-finite outputs count as reachable.
    """
    z = _ziggurat()
    y = np.asarray(outputs, dtype=float)
    reach = ~np.isfinite(y) | (y == x)
    ends = np.full(256, _RABS_MAX, dtype=np.int64)
    ends[0] = z.ki0
    for sign in (1.0, -1.0):
        side = np.flatnonzero(np.isfinite(y) & ((y > x) if sign > 0 else (y < x)))
        for part in np.array_split(side, max(1, side.size // _GAUSSIAN_CHUNK)):
            if not part.size:
                continue
            target = sign * y[part]
            gap = np.abs(y[part] - x)[:, None]
            width = sigma * z.wi[None, :]
            slack = np.ceil(2 * (np.spacing(np.abs(y[part]))[:, None] + gap * 2.0**-50) / width) + 4
            centre = np.floor(gap / width)
            low = np.clip(centre - slack, 0, ends).astype(np.int64)
            high = np.clip(centre + slack + 1, 0, ends).astype(np.int64)
            wi = np.broadcast_to(z.wi, low.shape)

            def layer(rabs: np.ndarray, s: float = sign, w: np.ndarray = wi) -> np.ndarray:
                return s * (x + (0.0 + sigma * (s * (rabs.astype(float) * w))))

            def tail(k: np.ndarray, s: float = sign) -> np.ndarray:
                xx = -(1.0 / z.r) * np.log1p(-(k.astype(float) * 2.0**-53))
                return s * (x + (0.0 + sigma * (s * (z.r + xx))))

            hit = _reached(np.broadcast_to(target[:, None], low.shape).copy(), layer, low, high).any(axis=1)
            reach[part] = hit | _reached(target, tail, 0, z.tail_top)
    return reach


# --------------------------------------------------------------------------------------------
# Exact support tests: which outputs drawn on one side the other side can produce at all
# --------------------------------------------------------------------------------------------


def _counts(on_neighbour: bool) -> tuple[float, float]:
    """(the count the outputs were drawn from, the other one)."""
    return (COUNT_D_PRIME, COUNT_D) if on_neighbour else (COUNT_D, COUNT_D_PRIME)


def _numpy_laplace_ruled_out(scale: float) -> RuledOut:
    def ruled_out(outputs: np.ndarray, on_neighbour: bool) -> np.ndarray:
        return ~numpy_laplace_reachable(outputs, _counts(on_neighbour)[1], scale)

    return ruled_out


def _numpy_normal_ruled_out(sigma: float) -> RuledOut:
    def ruled_out(outputs: np.ndarray, on_neighbour: bool) -> np.ndarray:
        return ~numpy_normal_reachable(outputs, _counts(on_neighbour)[1], sigma)

    return ruled_out


def _discrete_laplace_ruled_out(epsilon: float) -> RuledOut:
    """The count plus G1 - G2, two of numpy's geometrics: reachable when the difference from the other
    count is a difference of two values of the geometric's (finite) support."""
    support = numpy_geometric_support(-math.expm1(-calibrate("discrete_laplace", epsilon).epsilon))
    differences = np.unique(support[:, None] - support[None, :]).astype(float)

    def ruled_out(outputs: np.ndarray, on_neighbour: bool) -> np.ndarray:
        return ~np.isin(np.asarray(outputs, dtype=float) - _counts(on_neighbour)[1], differences)

    return ruled_out


def _opendp_ruled_out(outputs: np.ndarray, on_neighbour: bool) -> np.ndarray:
    """OpenDP's Laplace on floats adds an exact discrete Laplace z on the lattice 2^-1074 Z (k's
    default, its finest) and rounds x + z 2^-1074 to the nearest float: y comes from the other count
    x' exactly when (y - x') 2^1074 is a whole number z, which its full-support noise reaches.
    Checked in exact rational arithmetic for every output."""
    from fractions import Fraction

    other = Fraction(_counts(on_neighbour)[1])
    lattice = Fraction(2) ** -1074
    return np.array([not math.isfinite(y) or ((Fraction(y) - other) / lattice).denominator != 1
                     for y in np.asarray(outputs, dtype=float).tolist()], dtype=bool)


def _finite_ruled_out(values: Callable[[], np.ndarray]) -> RuledOut:
    """A mechanism with finitely many outputs, each of positive probability on both inputs (its
    epsilon is finite): an output is ruled out only if it is none of them."""

    def ruled_out(outputs: np.ndarray, on_neighbour: bool) -> np.ndarray:
        return ~np.isin(np.asarray(outputs, dtype=float), values())

    return ruled_out


def _naive_sampler(on_neighbour: bool, draws: int, rng: np.random.Generator) -> np.ndarray:
    return naive_laplace(COUNT_D_PRIME if on_neighbour else COUNT_D, NAIVE_LAPLACE_SCALE, rng, draws)


def _naive_ruled_out(outputs: np.ndarray, on_neighbour: bool) -> np.ndarray:
    """Outputs drawn on one side that the naive sampler cannot produce from the other side."""
    return ~naive_laplace_reachable(outputs, _counts(on_neighbour)[1], NAIVE_LAPLACE_SCALE)


# --------------------------------------------------------------------------------------------
# The catalogue
# --------------------------------------------------------------------------------------------

_LDP_DESCRIPTIONS = {
    "grr": "generalised randomized response", "sue": "symmetric unary encoding (basic RAPPOR)",
    "oue": "optimized unary encoding", "blh": "binary local hashing", "olh": "optimized local hashing",
    "hr": "Hadamard randomized response", "kss": "k-subset",
}


def _ldp_scores() -> np.ndarray:
    return np.array([-1.0, 0.0, 1.0])  # support(0) - support(1): every value possible from either item


def _exponential_scores() -> np.ndarray:
    return np.log(exponential_probabilities(VOTES_D, 1.0)) - np.log(exponential_probabilities(VOTES_D_PRIME, 1.0))


def _catalogue() -> dict[str, AuditedMechanism]:
    laplace_scale = calibrate("laplace", 1.0).scale
    m = [
        AuditedMechanism("laplace", 1.0, 0.0, _additive("laplace", 1.0), False,
                         "Laplace noise drawn by numpy (Generator.laplace), scale 1/epsilon, on a count 10 vs 11.",
                         _numpy_laplace_ruled_out(laplace_scale)),
        AuditedMechanism("laplace_opendp", 1.0, 0.0, _opendp_laplace(1.0), False,
                         "Laplace noise drawn by OpenDP as a release draws it, on a count 10 vs 11 (slow: ~20 µs a draw).",
                         _opendp_ruled_out, simulation=False),
        AuditedMechanism("discrete_laplace", 1.0, 0.0, _additive("discrete_laplace", 1.0), False,
                         "Discrete Laplace noise (numpy geometrics), scale 1/epsilon, on a count 10 vs 11.",
                         _discrete_laplace_ruled_out(1.0)),
        AuditedMechanism("gaussian", 1.0, 1e-5, _additive("gaussian", 1.0, 1e-5), False,
                         "Gaussian noise (numpy), analytic calibration (Balle & Wang), on a count 10 vs 11.",
                         _numpy_normal_ruled_out(calibrate("gaussian", 1.0, 1e-5).scale)),
        AuditedMechanism("randomized_response", 1.0, 0.0, _rr(1.0), False,
                         "Randomized response, truth with probability e^ε/(e^ε+1), on an answer yes vs no.",
                         _finite_ruled_out(lambda: np.array([0.0, 1.0])), neighbour_higher=False),
        AuditedMechanism("exponential", 1.0, 0.0, _exponential(1.0), False,
                         "Exponential mechanism choosing by votes, on a vote table and the table with one vote moved.",
                         _finite_ruled_out(_exponential_scores), neighbour_higher=False),
    ]
    m += [
        AuditedMechanism(f"ldp_{o}", 1.0, 0.0, _oracle(o, 1.0), False,
                         f"Local oracle {o} ({_LDP_DESCRIPTIONS[o]}), one user's report of item 0 vs 1 out of {LDP_DOMAIN}.",
                         _finite_ruled_out(_ldp_scores), neighbour_higher=False)
        for o in _LDP_DESCRIPTIONS
    ]
    m += [
        AuditedMechanism("broken_laplace_half_scale", 1.0, 0.0, _additive("laplace", 1.0, scale_factor=0.5), True,
                         "Laplace with half the scale it needs: its true epsilon is 2.",
                         _numpy_laplace_ruled_out(0.5 * laplace_scale)),
        AuditedMechanism("broken_gaussian_classic", 10.0, 0.2, _classic_gaussian(10.0, 0.2), True,
                         "Gaussian with the classic formula at epsilon 10, delta 0.2, where it is unproven: true delta ≈ 0.69.",
                         _numpy_normal_ruled_out(gaussian_sigma(10.0, 0.2, 1.0, "classic"))),
        AuditedMechanism("broken_naive_laplace", 1.0, 0.0, _naive_sampler, True,
                         "Textbook floating-point Laplace (Mironov 2012): some outputs cannot come from the neighbour.",
                         _naive_ruled_out),
    ]
    return {a.name: a for a in m}


MECHANISMS: dict[str, AuditedMechanism] = _catalogue()


# --------------------------------------------------------------------------------------------
# Audits
# --------------------------------------------------------------------------------------------


def check_mechanism(name: object) -> AuditedMechanism:
    """The catalogue entry called `name`; DPError "unknown_audit_mechanism" otherwise."""
    return MECHANISMS[check_choice("unknown_audit_mechanism", name, tuple(MECHANISMS))]


def _draw(mech: AuditedMechanism, on_neighbour: bool, draws: int, rng: np.random.Generator,
          step: Callable[[int], None]) -> np.ndarray:
    parts = []
    for start in range(0, draws, BATCH):
        n = min(BATCH, draws - start)
        parts.append(np.asarray(mech.sampler(on_neighbour, n, rng), dtype=float))
        step(n)
    return np.concatenate(parts)


def audit(name: str, draws: int, rng: np.random.Generator, alpha: float = 0.05,
          progress: Callable[[float], None] | None = None) -> AuditResult:
    """Draw `draws` outputs on D and on D' and bound epsilon from below (confidence 1 - alpha).

    The verdict is "violates" when the bound exceeds the promised epsilon. Every mechanism's support
    test runs on the first GAP_CHECK_DRAWS outputs of each side: an output that cannot come from the
    other dataset has probability 0 there, so at delta = 0 one proves epsilon = infinity (the bound is
    inf), and at delta > 0 so does a share of them whose Clopper-Pearson lower bound exceeds delta.
    The Gaussian fit and the ROC's bootstrap run on the same draws (the bootstrap from a generator
    spawned from `rng`, so the draws of a later audit on `rng` stay as they were).
    `progress(fraction)` is called as the draws advance (fractions in (0, 1]).
    Raises DPError for an unknown name ("unknown_audit_mechanism") or draws outside
    [MIN_AUDIT_DRAWS, MAX_AUDIT_DRAWS] ("count_range"), and for alpha outside (0, 1).
    """
    mech = check_mechanism(name)
    n = check_count("The number of draws", draws, minimum=MIN_AUDIT_DRAWS, maximum=MAX_AUDIT_DRAWS)
    a = check_probability("Alpha", alpha, open_interval=True)
    done = [0]

    def step(k: int) -> None:
        done[0] += k
        if progress is not None:
            progress(min(1.0, done[0] / (2 * n)))

    on_d = _draw(mech, False, n, rng, step)
    on_dp = _draw(mech, True, n, rng, step)
    bound = threshold_bound = epsilon_lower_bound(on_d, on_dp, alpha=a, delta=mech.delta)
    gdp = gdp_lower_bound(on_d, on_dp, alpha=a, delta=mech.delta)
    positives, negatives = (on_dp, on_d) if mech.neighbour_higher else (-on_dp, -on_d)
    roc = roc_summary(positives, negatives, _spawn(rng), confidence=1 - a)
    first = min(n, GAP_CHECK_DRAWS)
    checked = 2 * first
    count = int(mech.ruled_out(on_d[:first], False).sum() + mech.ruled_out(on_dp[:first], True).sum())
    share = count / checked
    share_low = float(clopper_pearson(np.array([count]), checked, a)[0][0])
    # an output set S impossible under the other dataset needs P(S) <= e^eps 0 + delta: with delta = 0
    # one such output proves that no finite epsilon holds; with delta > 0 a share surely above delta
    if count > 0 and (mech.delta == 0.0 or share_low > mech.delta):
        bound = math.inf
    verdict: Verdict = "violates" if bound > mech.epsilon else "consistent"
    return AuditResult(mech.name, mech.epsilon, mech.delta, n, a, bound, verdict, mech.simulation, checked, count,
                       share, share_low, threshold_bound, gdp, roc)


def _spawn(rng: np.random.Generator) -> np.random.Generator:
    """A generator of its own from `rng`, leaving `rng`'s stream where it was (one drawn from it when
    `rng` has no seed sequence to spawn from)."""
    try:
        return rng.spawn(1)[0]
    except TypeError:
        return np.random.default_rng(int(rng.integers(2**63)))


def one_run(name: str, canaries: int, rng: np.random.Generator, alpha: float = 0.05) -> OneRunAudit:
    """Audit a mechanism of the catalogue in one run (dpcore.audit_one_run): each of `canaries`
    canaries included with probability 1/2, the mechanism run once on every canary's own input (D'
    when included, D when not: one release of `canaries` outputs, each canary changing only its
    own), every output scored on the side it points to, guesses on the highest and lowest scores.
    Raises DPError for an unknown name or a number of canaries outside [2, MAX_AUDIT_DRAWS]."""
    mech = check_mechanism(name)
    m = check_count("The number of draws", canaries, minimum=MIN_AUDIT_DRAWS, maximum=MAX_AUDIT_DRAWS)
    a = check_probability("Alpha", alpha, open_interval=True)
    included = rng.random(m) < 0.5
    outputs = np.empty(m)
    for side in (True, False):
        k = int((included == side).sum())
        if k:
            outputs[included == side] = _draw(mech, side, k, rng, lambda _: None)
    scores = outputs if mech.neighbour_higher else -outputs
    return audit_scores(scores, included, rng, a, mech.delta)
