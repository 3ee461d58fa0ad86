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

References: Jagielski, Ullman & Oprea, NeurIPS 2020 (Algorithm 2); Mironov, CCS 2012; Balle & Wang,
ICML 2018 (analytic Gaussian); Google's DP-Auditorium (2024) for the idea of a catalogue of audits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from dpcore.audit import clopper_pearson, epsilon_lower_bound
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


@dataclass(frozen=True)
class AuditedMechanism:
    """One auditable mechanism: its promise, its sampler on D (False) or D' (True), and whether it is broken."""

    name: str
    epsilon: float
    delta: float
    sampler: Sampler
    broken: bool
    description: str
    ruled_out: Callable[[np.ndarray, bool], np.ndarray] | None = None  # outputs no draw on the other side can give


@dataclass(frozen=True)
class AuditResult:
    """An audit's outcome: `lower_bound` is an epsilon the mechanism must reach (confidence 1 - alpha).

    `ruled_out` / `ruled_out_share`: for mechanisms with an exact support test (Mironov's), how many
    of the 2 x draws outputs cannot come from the other dataset, and their share (None otherwise).
    `ruled_out_share_low`: a Clopper-Pearson lower bound (level alpha) on the probability of such an output.
    """

    name: str
    epsilon: float
    delta: float
    draws: int
    alpha: float
    lower_bound: float
    verdict: Verdict
    ruled_out: int | None = None
    ruled_out_share: float | None = None
    ruled_out_share_low: float | None = None


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


def _opendp_reachable_elsewhere(outputs: np.ndarray, on_neighbour: bool) -> np.ndarray:
    """OpenDP: every finite float is reachable from either count (see the module docstring)."""
    return np.zeros(outputs.shape, dtype=bool)


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
        if idx.size == 0:
            continue
        target = y[idx]
        lo = np.full(idx.size, 0 if increasing else 1, dtype=np.int64)
        hi = np.full(idx.size, _M_MAX, dtype=np.int64)  # exclusive
        # smallest m with f(m) >= target (increasing) or f(m) <= target (decreasing)
        while True:
            open_ = lo < hi
            if not open_.any():
                break
            mid = (lo + hi) // 2
            f = _branch_output(x, coef, mid)
            ok = (f >= target) if increasing else (f <= target)
            hi = np.where(open_ & ok, mid, hi)
            lo = np.where(open_ & ~ok, mid + 1, lo)
        found = lo < _M_MAX
        hit = np.zeros(idx.size, dtype=bool)
        hit[found] = _branch_output(x, coef, lo[found]) == target[found]
        reach[idx] = hit
    return reach


def _naive_sampler(on_neighbour: bool, draws: int, rng: np.random.Generator) -> np.ndarray:
    return naive_laplace(COUNT_D_PRIME if on_neighbour else COUNT_D, NAIVE_LAPLACE_SCALE, rng, draws)


def _naive_ruled_out(outputs: np.ndarray, on_neighbour: bool) -> np.ndarray:
    """Outputs drawn on one side that the naive sampler cannot produce from the other side."""
    other = COUNT_D if on_neighbour else COUNT_D_PRIME
    return ~naive_laplace_reachable(outputs, other, NAIVE_LAPLACE_SCALE)


# --------------------------------------------------------------------------------------------
# The catalogue
# --------------------------------------------------------------------------------------------

_LDP_DESCRIPTIONS = {
    "grr": "generalised randomized response", "sue": "symmetric unary encoding (basic RAPPOR)",
    "oue": "optimized unary encoding", "blh": "binary local hashing", "olh": "optimized local hashing",
    "hr": "Hadamard randomized response", "kss": "k-subset",
}


def _catalogue() -> dict[str, AuditedMechanism]:
    m = [
        AuditedMechanism("laplace", 1.0, 0.0, _additive("laplace", 1.0), False,
                         "Laplace noise (numpy), scale 1/epsilon, on a count 10 vs 11."),
        AuditedMechanism("laplace_opendp", 1.0, 0.0, _opendp_laplace(1.0), False,
                         "Laplace noise drawn by OpenDP as a release draws it, on a count 10 vs 11 (slow: ~20 µs a draw).",
                         _opendp_reachable_elsewhere),
        AuditedMechanism("discrete_laplace", 1.0, 0.0, _additive("discrete_laplace", 1.0), False,
                         "Discrete Laplace noise, scale 1/epsilon, on a count 10 vs 11."),
        AuditedMechanism("gaussian", 1.0, 1e-5, _additive("gaussian", 1.0, 1e-5), False,
                         "Gaussian noise, analytic calibration (Balle & Wang), on a count 10 vs 11."),
        AuditedMechanism("randomized_response", 1.0, 0.0, _rr(1.0), False,
                         "Randomized response, truth with probability e^ε/(e^ε+1), on an answer yes vs no."),
        AuditedMechanism("exponential", 1.0, 0.0, _exponential(1.0), False,
                         "Exponential mechanism choosing by votes, on a vote table and the table with one vote moved."),
    ]
    m += [
        AuditedMechanism(f"ldp_{o}", 1.0, 0.0, _oracle(o, 1.0), False,
                         f"Local oracle {o} ({_LDP_DESCRIPTIONS[o]}), one user's report of item 0 vs 1 out of {LDP_DOMAIN}.")
        for o in _LDP_DESCRIPTIONS
    ]
    m += [
        AuditedMechanism("broken_laplace_half_scale", 1.0, 0.0, _additive("laplace", 1.0, scale_factor=0.5), True,
                         "Laplace with half the scale it needs: its true epsilon is 2."),
        AuditedMechanism("broken_gaussian_classic", 10.0, 0.2, _classic_gaussian(10.0, 0.2), True,
                         "Gaussian with the classic formula at epsilon 10, delta 0.2, where it is unproven: true delta ≈ 0.69."),
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
    return MECHANISMS[check_choice("unknown_audit_mechanism", "audited mechanism", name, tuple(MECHANISMS))]


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

    The verdict is "violates" when the bound exceeds the promised epsilon. For a mechanism with an
    exact support test (Mironov's naive Laplace, OpenDP's Laplace) an output that cannot come from
    the other dataset has probability 0 there, so it proves epsilon = infinity (the bound is inf).
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
    bound = epsilon_lower_bound(on_d, on_dp, alpha=a, delta=mech.delta)
    count = share = share_low = None
    if mech.ruled_out is not None:
        count = int(mech.ruled_out(on_d, False).sum() + mech.ruled_out(on_dp, True).sum())
        share = count / (2 * n)
        share_low = float(clopper_pearson(np.array([count]), 2 * n, a)[0][0])
        if count > 0 and mech.delta == 0.0:
            bound = math.inf  # an output with probability 0 under the other dataset: no finite epsilon
    verdict: Verdict = "violates" if bound > mech.epsilon else "consistent"
    return AuditResult(mech.name, mech.epsilon, mech.delta, n, a, bound, verdict, count, share, share_low)


def audit_curve(name: str, draws_list: Sequence[int], rng: np.random.Generator, alpha: float = 0.05,
                progress: Callable[[float], None] | None = None) -> list[AuditResult]:
    """One independent audit per number of draws: how the bound tightens as the draws grow."""
    check_mechanism(name)
    sizes = [check_count("The number of draws", d, minimum=MIN_AUDIT_DRAWS, maximum=MAX_AUDIT_DRAWS)
             for d in draws_list]
    total, done, results = sum(sizes), 0, []
    for size in sizes:
        def part(f: float, base: int = done, size: int = size) -> None:
            if progress is not None:
                progress(min(1.0, (base + f * size) / total))

        results.append(audit(name, size, rng, alpha, part))
        done += size
    return results
