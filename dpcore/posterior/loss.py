"""The privacy-loss random variable L(O) = ln(p_D(O) / p_D'(O)): its distribution, and where the
exact posterior leaves the pure-eps band (|L(O)| > eps)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dpcore.mechanisms import AdditiveNoise
from dpcore.posterior.models import AttackModel
from dpcore.validation import check_count

# How far into the tails the output grids reach, in units of the noise scale (b, sigma or t):
# the mass left beyond is below 1e-20 (Laplace: e^-46 / 2; Gaussian: Phi(-10) ~ 7.6e-24).
_TAIL_SCALES = {"laplace": 46.0, "gaussian": 10.0, "discrete_laplace": 46.0}
_GRID_CELLS = 20_000  # cells of the continuous output grid behind every curve
_INNER_CELLS = 2_000  # extra cells between the two true answers, where L(O) changes fastest
_MAX_SUPPORT = 200_001  # discrete outputs enumerated one by one; the rest are two tail cells


@dataclass(frozen=True)
class PrivacyLossDistribution:
    """The mechanism's outputs cut into cells, sorted by their privacy loss, largest first.

    Discrete mechanisms: one cell per output (plus one cell per far tail). Continuous ones: a
    fine grid of output intervals with exact masses (differences of the noise's cdf) and the
    loss of each cell, ln(P_D[cell] / P_D'[cell]). Coarsening outputs into cells is
    post-processing, so a delta computed from the cells can only err low: by about 1e-8 on these
    grids (the tests hold it to the closed forms and dp-accounting within 1e-6).
    """

    loss: np.ndarray  # per cell, non-increasing
    mass_d: np.ndarray  # P_{O ~ A(D)}[O in cell]
    mass_d_prime: np.ndarray  # P_{O ~ A(D')}[O in cell]
    output: np.ndarray  # a representative output per cell (its midpoint)

    @property
    def cum_d(self) -> np.ndarray:
        return np.cumsum(self.mass_d)

    @property
    def cum_d_prime(self) -> np.ndarray:
        return np.cumsum(self.mass_d_prime)


def _noise_mass(noise: AdditiveNoise, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """P(a < noise <= b), accurate in both tails: symmetric noise has P(X > x) = cdf(-x)."""
    left = noise.cdf(b) - noise.cdf(a)
    right = noise.cdf(-a) - noise.cdf(-b)
    return np.clip(np.where(a >= 0, right, left), 0.0, None)


def _continuous_cells(model: AttackModel) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    noise = model.noise
    assert noise is not None
    low = min(model.centre_d, model.centre_d_prime)
    high = max(model.centre_d, model.centre_d_prime)
    reach = _TAIL_SCALES[noise.kind] * noise.scale
    outer = np.linspace(low - reach, high + reach, _GRID_CELLS + 1)
    gap = 0.5 * (outer[1] - outer[0])  # no sliver cells: their masses would be all rounding
    outer = outer[(outer < low - gap) | (outer > high + gap)]
    edges = np.concatenate(
        ([-np.inf], outer[outer < low], np.linspace(low, high, _INNER_CELLS + 1), outer[outer > high], [np.inf])
    )
    a, b = edges[:-1], edges[1:]
    mass_d = _noise_mass(noise, a - model.centre_d, b - model.centre_d)
    mass_dp = _noise_mass(noise, a - model.centre_d_prime, b - model.centre_d_prime)
    with np.errstate(invalid="ignore"):
        mid = np.where(np.isinf(a), b, np.where(np.isinf(b), a, 0.5 * (a + b)))  # tail cells: their finite edge
    return mid, mass_d, mass_dp


def _discrete_cells(model: AttackModel) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if model.noise is None:
        p, q = (math.exp(v) for v in model._rr_log_probabilities)
        return np.array([1.0, 0.0]), np.array([p, q]), np.array([q, p])
    noise = model.noise
    low = math.floor(min(model.centre_d, model.centre_d_prime))
    high = math.ceil(max(model.centre_d, model.centre_d_prime))
    reach = min(math.ceil(_TAIL_SCALES[noise.kind] * noise.scale) + 1, (_MAX_SUPPORT - (high - low)) // 2)
    ks = np.arange(low - reach, high + reach + 1, dtype=float)
    mass_d = noise.output_pdf(ks, model.centre_d)
    mass_dp = noise.output_pdf(ks, model.centre_d_prime)
    # The two far tails as one cell each: P(O <= first - 1) and P(O >= last + 1).
    first, last = ks[0] - 1, ks[-1] + 1
    tail_lo_d = noise.cdf(first - model.centre_d)
    tail_lo_dp = noise.cdf(first - model.centre_d_prime)
    tail_hi_d = noise.cdf(-(last - model.centre_d))  # P(X >= x) = P(X <= -x): the noise is symmetric
    tail_hi_dp = noise.cdf(-(last - model.centre_d_prime))
    outputs = np.concatenate(([first], ks, [last]))
    return (
        outputs,
        np.concatenate(([tail_lo_d], mass_d, [tail_hi_d])),
        np.concatenate(([tail_lo_dp], mass_dp, [tail_hi_dp])),
    )


def privacy_loss_distribution(model: AttackModel) -> PrivacyLossDistribution:
    """Cells of outputs with their masses on D and D', sorted by privacy loss (largest first)."""
    if model.discrete:
        outputs, mass_d, mass_dp = _discrete_cells(model)
    else:
        outputs, mass_d, mass_dp = _continuous_cells(model)
    keep = (mass_d > 0) | (mass_dp > 0)
    outputs, mass_d, mass_dp = outputs[keep], mass_d[keep], mass_dp[keep]
    with np.errstate(divide="ignore"):
        loss = np.log(mass_d) - np.log(mass_dp)
    order = np.argsort(-loss, kind="stable")
    return PrivacyLossDistribution(loss[order], mass_d[order], mass_dp[order], outputs[order])


def loss_crossings(model: AttackModel, level: float) -> list[float]:
    """Outputs where L(O) crosses `level` (L is monotone for log-concave noise: at most one)."""
    noise = model.noise
    assert noise is not None
    low = min(model.centre_d, model.centre_d_prime)
    high = max(model.centre_d, model.centre_d_prime)
    reach = _TAIL_SCALES[noise.kind] * noise.scale
    grid = np.linspace(low - reach, high + reach, 4001)
    gap = model.privacy_loss(grid) - level
    gap[np.abs(gap) <= 1e-9 * max(1.0, abs(level))] = 0.0  # a plateau at the level is no crossing
    from scipy import optimize  # imported on first use: a page's cold open should not pay for it

    # Crossings between consecutive points off the level: a run of points on it is a plateau when
    # both sides agree, and a crossing (found between its two sides) when they do not; a grid point
    # that lands within the tolerance of a crossing was missed before (hypothesis found one).
    off = np.nonzero(gap)[0]
    roots = []
    for i, j in zip(off[:-1], off[1:], strict=True):
        if gap[i] * gap[j] < 0:
            roots.append(
                optimize.brentq(lambda o: float(model.privacy_loss(o)) - level, grid[i], grid[j], xtol=1e-13)
            )
    return roots


@dataclass(frozen=True)
class BandLeak:
    """Where, and how often, the exact posterior leaves the pure-eps band.

    The posterior leaves the band exactly when |L(O)| > eps. `mass_d` = P_D[|L(O)| > eps] (the
    "delta_1" reading); `delta_excess` = P_D[L > eps] - e^eps P_D'[L > eps] = delta(eps), the part
    (eps, delta)-DP actually charges to delta. Pure-DP mechanisms have no such outputs.
    """

    above: float | None  # outputs beyond this push the posterior above the band (None: none do)
    below: float | None  # outputs beyond this push it below the band
    mass_d: float
    mass_d_prime: float
    delta_one: float
    delta_excess: float


def _region_mass(model: AttackModel, centre: float, start: float, end: float) -> float:
    noise = model.noise
    assert noise is not None
    return float(_noise_mass(noise, np.array(start - centre), np.array(end - centre)))


def band_leak(model: AttackModel, pld: PrivacyLossDistribution | None = None) -> BandLeak:
    """The outputs whose posterior leaves the pure-eps band and the probability they carry.

    For noise whose privacy loss crosses +-eps (the Gaussian), the crossing outputs are found by
    root-finding on L(O) and the masses are exact (the noise's cdf beyond them). Otherwise the
    cells of the privacy-loss distribution are counted (none lie outside for pure-DP mechanisms).
    """
    eps = model.epsilon
    continuous = not model.discrete
    up_roots = loss_crossings(model, eps) if continuous else []
    down_roots = loss_crossings(model, -eps) if continuous else []
    if up_roots or down_roots:
        rising = model.centre_d > model.centre_d_prime  # L(O) grows with O
        up = up_roots[0] if up_roots else None
        down = down_roots[0] if down_roots else None

        def beyond(point: float | None, upward: bool, centre: float) -> float:
            if point is None:
                return 0.0
            return _region_mass(model, centre, point, np.inf) if upward else _region_mass(model, centre, -np.inf, point)

        cd, cdp = model.centre_d, model.centre_d_prime
        delta_one = beyond(up, rising, cd)
        above_dp = beyond(up, rising, cdp)
        mass_d = delta_one + beyond(down, not rising, cd)
        mass_dp = above_dp + beyond(down, not rising, cdp)
        excess = max(0.0, delta_one - math.exp(eps) * above_dp)
        return BandLeak(up, down, mass_d, mass_dp, delta_one, excess)
    dist = pld if pld is not None else privacy_loss_distribution(model)
    tol = 1e-9 * max(1.0, eps)
    above = dist.loss > eps + tol
    outside = above | (dist.loss < -eps - tol)
    delta_one = float(dist.mass_d[above].sum())
    excess = max(0.0, delta_one - math.exp(eps) * float(dist.mass_d_prime[above].sum()))
    return BandLeak(
        None, None, float(dist.mass_d[outside].sum()), float(dist.mass_d_prime[outside].sum()), delta_one, excess
    )


@dataclass(frozen=True)
class LossHistogram:
    """The distribution of L(O) for O ~ A(D), binned: P[L in [edges[i], edges[i+1])]."""

    edges: np.ndarray
    mass: np.ndarray


def loss_histogram(pld: PrivacyLossDistribution, bins: int = 60, tail: float = 1e-6) -> LossHistogram:
    """Bin the privacy loss under D between its `tail` and 1 - `tail` quantiles.

    The rare losses beyond fall into the two edge bins, so the bins cover where the mass is (a
    Gaussian's far tails would otherwise stretch the range); atoms such as Laplace's +-eps0 are
    always inside.
    """
    n = check_count("The number of bins", bins, minimum=1, maximum=2_000)
    finite = np.isfinite(pld.loss)
    loss, mass = pld.loss[finite][::-1], pld.mass_d[finite][::-1]  # ascending loss
    cum = np.cumsum(mass) / mass.sum()
    lo = float(loss[min(np.searchsorted(cum, tail), loss.size - 1)])
    hi = float(loss[min(np.searchsorted(cum, 1 - tail), loss.size - 1)])
    if hi - lo < 1e-12:
        lo, hi = lo - 0.5, hi + 0.5
    mass_sum, edges = np.histogram(np.clip(loss, lo, hi), bins=n, range=(lo, hi), weights=mass)
    return LossHistogram(edges, mass_sum)
