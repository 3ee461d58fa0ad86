"""Full RAPPOR: Bloom filter, permanent and instantaneous randomized response, cohorts, decoding.

Each user hashes their string into a k-bit Bloom filter B with h hash functions that depend on the
user's cohort (one of m groups, fixed per user). Then:

1. permanent randomized response (PRR), once per user and value and memoised: each bit becomes
   1 with probability f/2, 0 with probability f/2, and stays B_i otherwise, giving B';
2. instantaneous randomized response (IRR), fresh for every report: a bit reads 1 with
   probability q where B'_i = 1 and p where B'_i = 0. Only these reports S leave the device.

Privacy: the PRR alone bounds what any number of reports can reveal, eps_inf = 2h ln((1 - f/2)/(f/2));
one report gives eps_1 = h ln(q*(1 - p*) / (p*(1 - q*))) with q* = P(S_i = 1 | B_i = 1)
= f/2 (p + q) + (1 - f) q and p* = P(S_i = 1 | B_i = 0) = f/2 (p + q) + (1 - f) p.
Averaging one user's reports over many days reveals B' (not B): that is why the permanent step
exists (`average_over_days`).

Decoding (the paper's section 4): per cohort and bit, the share of users whose true bit is 1 is
t = (c / N - p*) / (q* - p*); t is regressed on the candidate strings' Bloom bits. The paper
selects candidates with the Lasso and then fits least squares; without scikit-learn we fit
non-negative least squares over the whole known candidate list (`scipy.optimize.lsq_linear`,
inverse-variance weights), which is the paper's second step with every candidate selected, and
give standard errors of the unconstrained weighted fit.

Reference: U. Erlingsson, V. Pihur, A. Korolova, "RAPPOR: Randomized Aggregatable
Privacy-Preserving Ordinal Response", CCS 2014, sections 3-4; github.com/google/rappor
(analysis/R/decode.R: EstimateBloomCounts, ComputePrivacyGuarantees). Defaults here:
k = 128, h = 2, m = 64, f = 0.5, p = 0.5, q = 0.75 (p, q, f, h as in the paper's examples and the
reference client; the reference client's default m is 64).
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dpcore.errors import DPError
from dpcore.limits import (
    MAX_LDP_DOMAIN,
    MAX_LDP_USERS,
    MAX_RAPPOR_CANDIDATES,
    MAX_RAPPOR_COHORTS,
    MAX_RAPPOR_DAYS,
    MAX_RAPPOR_HASHES,
    MAX_RAPPOR_REPORT_BITS,
)
from dpcore.validation import check_count, check_probability

_CHUNK_CELLS = 2_000_000  # random draws generated at once (16 MB of float64)


# --------------------------------------------------------------------------------------------
# Parameters and privacy
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RapporParams:
    """RAPPOR's knobs: Bloom filter size k, hash functions h, cohorts m, PRR f, IRR p and q.

    Checked on creation: 1 <= k <= MAX_LDP_DOMAIN, 1 <= h <= min(k, 8), 1 <= m <= 256,
    0 <= f < 1, 0 <= p < q <= 1.
    """

    k: int = 128
    h: int = 2
    m: int = 64
    f: float = 0.5
    p: float = 0.5
    q: float = 0.75

    def __post_init__(self) -> None:
        k = check_count("The Bloom filter size k", self.k, minimum=1, maximum=MAX_LDP_DOMAIN)
        h = check_count("The number of hash functions h", self.h, minimum=1, maximum=min(k, MAX_RAPPOR_HASHES))
        m = check_count("The number of cohorts m", self.m, minimum=1, maximum=MAX_RAPPOR_COHORTS)
        f = check_probability("The permanent randomization f", self.f)
        p = check_probability("The probability p", self.p)
        q = check_probability("The probability q", self.q)
        if f >= 1.0:
            raise DPError("rappor_f_one", f=f)
        if p >= q:
            raise DPError("rappor_p_not_below_q", p=p, q=q)
        for name, value in (("k", k), ("h", h), ("m", m), ("f", f), ("p", p), ("q", q)):
            object.__setattr__(self, name, value)


DEFAULT_PARAMS = RapporParams()


def report_probabilities(params: RapporParams) -> tuple[float, float]:
    """(p*, q*): the chance a reported bit is 1 when the true Bloom bit is 0, and when it is 1.

    p* = f/2 (p + q) + (1 - f) p and q* = f/2 (p + q) + (1 - f) q (PRR then IRR, marginally).
    """
    both = 0.5 * params.f * (params.p + params.q)
    return both + (1 - params.f) * params.p, both + (1 - params.f) * params.q


def epsilon_infinity(params: RapporParams) -> float:
    """Longitudinal guarantee of the permanent step: 2h ln((1 - f/2) / (f/2)) (inf at f = 0).

    Holds however many reports a user sends about the same value: they all derive from one B'.
    """
    if params.f == 0:
        return math.inf
    return 2 * params.h * math.log((1 - params.f / 2) / (params.f / 2))


def epsilon_one(params: RapporParams) -> float:
    """Guarantee of a single report: h ln(q* (1 - p*) / (p* (1 - q*))) (inf if p* = 0 or q* = 1)."""
    p_star, q_star = report_probabilities(params)
    if p_star <= 0 or q_star >= 1:
        return math.inf
    return params.h * math.log(q_star * (1 - p_star) / (p_star * (1 - q_star)))


# --------------------------------------------------------------------------------------------
# Bloom filter
# --------------------------------------------------------------------------------------------


def bloom_bits(value: str, cohort: int, params: RapporParams) -> tuple[int, ...]:
    """The h Bloom filter positions of `value` in `cohort`: md5(cohort + value), two bytes per hash.

    Deterministic and public (the collector recomputes it for every candidate); different cohorts
    hash the same string differently, which lets decoding tell apart strings that collide in one.
    Two hashes may land on the same bit (a Bloom filter then has fewer than h ones).
    """
    digest = hashlib.md5(f"{int(cohort)}{value}".encode()).digest()
    return tuple(
        int.from_bytes(digest[2 * i: 2 * i + 2], "little") % params.k for i in range(params.h)
    )


def _check_candidates(candidates: Sequence[str]) -> tuple[str, ...]:
    names = tuple(str(c) for c in candidates)
    if not names:
        raise DPError("rappor_no_candidates")
    if len(names) > MAX_RAPPOR_CANDIDATES:
        raise DPError("rappor_too_many_candidates", count=len(names), maximum=MAX_RAPPOR_CANDIDATES)
    seen: set[str] = set()
    for duplicate in names:
        if duplicate not in seen:
            seen.add(duplicate)
            continue
        raise DPError("rappor_duplicate_candidate", value=duplicate)
    return names


@functools.lru_cache(maxsize=16)
def _positions(candidates: tuple[str, ...], k: int, h: int, m: int) -> np.ndarray:
    params = RapporParams(k=k, h=h, m=m)
    table = np.array(
        [[bloom_bits(c, cohort, params) for c in candidates] for cohort in range(m)], dtype=np.int32
    ).reshape(m, len(candidates), h)
    table.setflags(write=False)
    return table


def bloom_positions(candidates: Sequence[str], params: RapporParams) -> np.ndarray:
    """Bit positions of every candidate in every cohort: an (m, candidates, h) int array (cached)."""
    return _positions(_check_candidates(candidates), params.k, params.h, params.m)


# --------------------------------------------------------------------------------------------
# Simulation
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RapporSimulation:
    """Every simulated user's cohort, value, true Bloom filter B, permanent bits B' and reports S.

    `reports[u, t]` is user u's report on day t (k bits). B and B' are what an attacker wants;
    only `reports` and `cohorts` reach the collector.
    """

    params: RapporParams
    candidates: tuple[str, ...]
    values: np.ndarray  # (users,) index into candidates
    cohorts: np.ndarray  # (users,)
    true_bits: np.ndarray  # (users, k) bool
    permanent_bits: np.ndarray  # (users, k) bool
    reports: np.ndarray  # (users, days, k) bool

    @property
    def users(self) -> int:
        return int(self.values.size)

    @property
    def days(self) -> int:
        return int(self.reports.shape[1])


def _value_indices(values: Sequence[str] | np.ndarray, candidates: tuple[str, ...]) -> np.ndarray:
    import pandas as pd

    series = pd.Series(np.asarray(values, dtype=object).ravel()).astype(str)
    codes = pd.Index(candidates).get_indexer(series)
    if np.any(codes < 0):
        unknown = series[codes < 0].iloc[0]
        raise DPError("rappor_unknown_value", value=unknown)
    return codes.astype(np.int64)


def simulate_users(
    values: Sequence[str] | np.ndarray,
    candidates: Sequence[str],
    params: RapporParams,
    days: int,
    rng: np.random.Generator,
) -> RapporSimulation:
    """Run RAPPOR for every user (one value each) over `days` days: cohort, B, B' (once), S (daily).

    Cohorts are drawn uniformly; the PRR is drawn once per user (memoised: the same B' every day);
    the IRR is fresh for every report. Vectorised over users in chunks of about two million draws.
    Raises DPError for no users, more than MAX_LDP_USERS, days outside 1..MAX_RAPPOR_DAYS, values
    not among the candidates, or more than MAX_RAPPOR_REPORT_BITS report bits in all.
    """
    names = _check_candidates(candidates)
    n_days = check_count("The number of days", days, minimum=1, maximum=MAX_RAPPOR_DAYS)
    codes = _value_indices(values, names)
    users = check_count("The number of users", codes.size, minimum=1, maximum=MAX_LDP_USERS)
    k = params.k
    if users * n_days * k > MAX_RAPPOR_REPORT_BITS:
        raise DPError(
            "rappor_too_many_report_bits",
            users=users, days=n_days, bits=k, total=users * n_days * k, maximum=MAX_RAPPOR_REPORT_BITS,
        )
    positions = bloom_positions(names, params)  # (m, S, h)
    cohorts = rng.integers(params.m, size=users)
    true_bits = np.zeros((users, k), dtype=bool)
    np.put_along_axis(true_bits, positions[cohorts, codes].astype(np.intp), True, axis=1)
    half_f = params.f / 2
    permanent = np.empty_like(true_bits)
    reports = np.empty((users, n_days, k), dtype=bool)
    rows = max(1, _CHUNK_CELLS // (k * n_days))
    for start in range(0, users, rows):
        block = slice(start, min(users, start + rows))
        u = rng.random((block.stop - block.start, k))
        # PRR: 1 w.p. f/2, 0 w.p. f/2, else the true bit.
        permanent[block] = np.where(u < half_f, True, np.where(u < params.f, False, true_bits[block]))
        threshold = np.where(permanent[block], params.q, params.p)[:, None, :]
        reports[block] = rng.random((block.stop - block.start, n_days, k)) < threshold
    return RapporSimulation(
        params=params,
        candidates=names,
        values=codes,
        cohorts=cohorts,
        true_bits=true_bits,
        permanent_bits=permanent,
        reports=reports,
    )


# --------------------------------------------------------------------------------------------
# Why the permanent step protects a user
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AveragedUser:
    """What an attacker learns by averaging one user's reports day after day (numbers for a chart).

    `running_mean[t, i]` is the share of days 1..t+1 on which bit i was reported 1. It tends to
    `expected` = p + (q - p) B'_i, set by the permanent bits B', never by the true bits B: so the
    attacker's best de-biased guess `(mean - p) / (q - p)` converges to B'.
    """

    true_bits: np.ndarray  # (k,) bool, B
    permanent_bits: np.ndarray  # (k,) bool, B'
    running_mean: np.ndarray  # (days, k)
    expected: np.ndarray  # (k,) p + (q - p) B'
    attacker_guess: np.ndarray  # (days, k) (mean - p) / (q - p): estimates B'


def average_over_days(simulation: RapporSimulation, user: int) -> AveragedUser:
    """The running mean of one simulated user's reports over the days, beside their B and B'."""
    u = check_count("The user index", user, minimum=0, maximum=simulation.users - 1)
    params = simulation.params
    reports = simulation.reports[u].astype(float)  # (days, k)
    running = np.cumsum(reports, axis=0) / np.arange(1, reports.shape[0] + 1)[:, None]
    permanent = simulation.permanent_bits[u]
    return AveragedUser(
        true_bits=simulation.true_bits[u].copy(),
        permanent_bits=permanent.copy(),
        running_mean=running,
        expected=np.where(permanent, params.q, params.p),
        attacker_guess=(running - params.p) / (params.q - params.p),
    )


# --------------------------------------------------------------------------------------------
# Decoding
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RapporEstimate:
    """Decoded shares and counts of each candidate, with standard errors.

    `shares` come from non-negative least squares (can sum to less than 1 when some users hold
    strings outside the candidates); `standard_errors` are those of the unconstrained weighted
    least-squares fit (accurate for candidates clearly above zero). `bit_shares[j, i]` is the
    estimated share of cohort j whose true Bloom bit i is 1 (the paper's t_ij).
    """

    candidates: tuple[str, ...]
    shares: np.ndarray
    standard_errors: np.ndarray
    n: int
    bit_shares: np.ndarray  # (m, k)
    bit_standard_errors: np.ndarray  # (m, k)

    @property
    def counts(self) -> np.ndarray:
        return self.shares * self.n

    @property
    def count_standard_errors(self) -> np.ndarray:
        return self.standard_errors * self.n


def decode(
    reports: np.ndarray,
    cohorts: np.ndarray,
    candidates: Sequence[str],
    params: RapporParams,
) -> RapporEstimate:
    """Estimate each candidate's share from one report per user (`reports`: (n, k) bits, non-zero = 1).

    Per cohort j and bit i: t_ij = (c_ij / N_j - p*) / (q* - p*), with variance
    r (1 - r) / (N_j (q* - p*)^2), r = p* + (q* - p*) clip(t_ij, 0, 1) (google/rappor's
    EstimateBloomCounts). Then t ~ X beta over the candidates' Bloom bits X, beta >= 0, weighted
    by inverse variance (scipy.optimize.lsq_linear). Cohorts without reports are left out.
    Raises DPError for reports that are not (n, k) 0/1 bits matching `cohorts`.
    """
    from scipy import optimize, sparse

    names = _check_candidates(candidates)
    bits = np.asarray(reports) != 0
    groups = np.asarray(cohorts)
    if bits.ndim != 2 or bits.shape[1] != params.k or groups.shape != (bits.shape[0],) or bits.shape[0] == 0:
        raise DPError("rappor_reports_shape", bits=params.k, shape=str(tuple(bits.shape)), cohorts=int(groups.size))
    if not np.all((groups >= 0) & (groups < params.m) & (groups == np.round(groups))):
        raise DPError("rappor_cohort_range", maximum=params.m - 1)
    groups = groups.astype(np.intp)
    n = bits.shape[0]
    m, k = params.m, params.k
    sizes = np.bincount(groups, minlength=m).astype(float)  # N_j
    ones = np.zeros((m, k))
    _sum_by_cohort(ones, groups, bits)
    p_star, q_star = report_probabilities(params)
    gap = q_star - p_star
    with np.errstate(invalid="ignore", divide="ignore"):
        t = (ones / sizes[:, None] - p_star) / gap
        r = p_star + gap * np.clip(t, 0.0, 1.0)
        var = r * (1 - r) / (sizes[:, None] * gap**2)
    used = sizes > 0
    y = t[used].ravel()
    sd = np.sqrt(np.maximum(var[used].ravel(), 1e-12 / max(n, 1)))
    # Design: one row per (used cohort, bit), one column per candidate, 1 where it sets the bit.
    pos = bloom_positions(names, params)[used]  # (m_used, S, h)
    m_used, s, h = pos.shape
    row = (np.arange(m_used)[:, None, None] * k + pos).ravel()
    col = np.broadcast_to(np.arange(s)[None, :, None], pos.shape).ravel()
    design = sparse.csr_matrix((np.ones(row.size), (row, col)), shape=(m_used * k, s))
    design.data[:] = 1.0  # two hashes on the same bit still mean "bit set", not 2
    weighted = sparse.diags(1.0 / sd) @ design
    target = y / sd
    if weighted.shape[0] * s <= 4_000_000:
        fit = optimize.lsq_linear(weighted.toarray(), target, bounds=(0.0, np.inf), method="bvls")
    else:
        fit = optimize.lsq_linear(weighted, target, bounds=(0.0, np.inf), lsmr_tol="auto")
    se = _fit_standard_errors((weighted.T @ weighted).toarray())
    bit_se = np.sqrt(np.where(used[:, None], var, np.nan))
    return RapporEstimate(
        candidates=names,
        shares=np.asarray(fit.x, dtype=float),
        standard_errors=se,
        n=int(n),
        bit_shares=np.where(used[:, None], t, np.nan),
        bit_standard_errors=bit_se,
    )


def _fit_standard_errors(gram: np.ndarray) -> np.ndarray:
    """Square roots of diag(gram^-1): the weighted least-squares standard errors.

    Cholesky when the candidates are identifiable (fast: about 0.1 s for 1,000 candidates);
    the pseudo-inverse otherwise (strings whose Bloom bits coincide in every cohort).
    """
    from scipy import linalg

    try:
        factor = linalg.cho_factor(gram, lower=True, check_finite=False)
        inverse = linalg.cho_solve(factor, np.eye(gram.shape[0]), check_finite=False)
    except linalg.LinAlgError:
        inverse = np.linalg.pinv(gram, hermitian=True)
    return np.sqrt(np.clip(np.diag(inverse), 0.0, None))


def _sum_by_cohort(out: np.ndarray, groups: np.ndarray, bits: np.ndarray) -> None:
    """out[j] += sum of the reports in cohort j (sorted segments: faster than np.add.at)."""
    order = np.argsort(groups, kind="stable")
    sorted_groups = groups[order]
    present, starts = np.unique(sorted_groups, return_index=True)
    sums = np.add.reduceat(bits[order].astype(np.int64), starts, axis=0)
    out[present] += sums
