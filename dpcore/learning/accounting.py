"""What DP-SGD costs: epsilon of T steps of a Poisson-subsampled Gaussian, by RDP and by PLD.

One step of DP-SGD (Abadi et al. 2016) puts each example in the batch with probability q (Poisson
sampling), clips every per-example gradient to norm C and adds Gaussian noise of standard deviation
sigma * C to their sum: a Gaussian mechanism of noise multiplier sigma on a Poisson subsample, for
neighbours that add or remove one example. T steps compose it T times. Two accountants price that:

- "rdp": dp-accounting's `RdpAccountant`, the moments accountant of the course (Abadi et al. 2016;
  Mironov 2017): each step's Renyi divergence at every order of dp-accounting's default grid, times
  T, converted to (epsilon, delta) with the improved conversion of Canonne, Kamath & Steinke 2020.
- "pld": dp-accounting's privacy loss distribution (Koskela et al. 2020; Doroshenko et al. 2022:
  connect-the-dots, pessimistic, grid 1e-4): one step's distribution self-composed T times. Tighter.

Steps from epochs: an epoch is 1/q steps (n / B for batches of expected size B out of n), so
`steps_for(epochs, q)` is ceil(epochs / q): the accountant never charges fewer steps than the
training takes. The course's check (60,000 examples, batches of 256, sigma 1.1, 60 epochs,
delta 1e-5) is 14,063 steps: 2.60 (RDP) and 2.38 (PLD) with dp-accounting 0.6; 60 x ceil(60000 /
256) = 14,100 steps would give 2.39 by PLD.

dp-accounting is imported inside the functions (a page's cold open does not pay for it; the
first call pays ~1 s for the import). Each validated (q, sigma) keeps its one-step RDP curve, each
(q, sigma, T) its composed PLD and each calibration its sigma in small caches: a chart, a grid and
a second model at the same settings ask for the same ones again.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from dpcore.errors import DPError
from dpcore.limits import MAX_DPSGD_EPOCHS, MAX_DPSGD_NOISE, MAX_DPSGD_STEPS, MIN_DPSGD_NOISE, PLD_MIN_INTERVAL
from dpcore.validation import check_choice, check_delta, check_epsilon

Accountant = Literal["rdp", "pld"]
ACCOUNTANTS: tuple[Accountant, ...] = ("rdp", "pld")
CALIBRATION_TOLERANCE = 1e-3  # noise_for_epsilon's sigma is within this share above the smallest one
SEARCH_INTERVAL = 1e-3  # the PLD grid noise_for_epsilon searches on before the accountant's grid checks


def _number(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(number) or isinstance(value, bool) else number


def check_sampling_rate(sampling_rate: Any) -> float:
    """q as a float in (0, 1], else DPError("dpsgd_sampling_rate")."""
    q = _number(sampling_rate)
    if q is None or not 0.0 < q <= 1.0:
        raise DPError("dpsgd_sampling_rate", value=sampling_rate)
    return q


def check_noise(noise_multiplier: Any, *, minimum: float = MIN_DPSGD_NOISE) -> float:
    """sigma as a float in [minimum, MAX_DPSGD_NOISE], else DPError("dpsgd_noise"). Accounting needs
    sigma >= MIN_DPSGD_NOISE; training also takes 0 (clipping without noise)."""
    sigma = _number(noise_multiplier)
    if sigma is None or not minimum <= sigma <= MAX_DPSGD_NOISE:
        raise DPError("dpsgd_noise", minimum=minimum, maximum=MAX_DPSGD_NOISE, value=noise_multiplier)
    return sigma


def check_steps(steps: Any) -> int:
    """T as an int in [1, MAX_DPSGD_STEPS], else DPError("dpsgd_steps")."""
    t = _number(steps)
    if t is None or not t.is_integer() or not 1 <= t <= MAX_DPSGD_STEPS:
        raise DPError("dpsgd_steps", maximum=MAX_DPSGD_STEPS, value=steps)
    return int(t)


def check_epochs(epochs: Any) -> int:
    """Epochs as an int in [1, MAX_DPSGD_EPOCHS], else DPError("dpsgd_epochs")."""
    e = _number(epochs)
    if e is None or not e.is_integer() or not 1 <= e <= MAX_DPSGD_EPOCHS:
        raise DPError("dpsgd_epochs", maximum=MAX_DPSGD_EPOCHS, value=epochs)
    return int(e)


def _check_accountant(accountant: Any) -> Accountant:
    return check_choice("dpsgd_accountant", accountant, ACCOUNTANTS)


def steps_for(epochs: float, sampling_rate: float) -> int:
    """Steps of `epochs` epochs at rate q: ceil(epochs / q) (1e-6 of float error forgiven, so 1 / 0.01
    is 100 steps, not 101)."""
    q = check_sampling_rate(sampling_rate)
    return max(1, math.ceil(round(float(epochs) / q, 6)))


@functools.lru_cache(maxsize=64)
def _rdp_per_step(q: float, sigma: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(orders, RDP of one step at each order), by dp-accounting's RdpAccountant."""
    import dp_accounting
    from dp_accounting.rdp import RdpAccountant

    accountant = RdpAccountant()
    accountant.compose(dp_accounting.PoissonSampledDpEvent(q, dp_accounting.GaussianDpEvent(sigma)))
    return tuple(float(a) for a in accountant.orders), tuple(float(r) for r in accountant.rdp)


def _rdp_epsilon(q: float, sigma: float, steps: int, delta: float) -> float:
    from dp_accounting.rdp.rdp_privacy_accountant import compute_epsilon

    orders, rdp = _rdp_per_step(q, sigma)
    return float(compute_epsilon(orders, [r * steps for r in rdp], delta)[0])


@functools.lru_cache(maxsize=4)
def _one_step_pld(q: float, sigma: float, interval: float = PLD_MIN_INTERVAL) -> Any:
    from dp_accounting.pld.privacy_loss_distribution import from_gaussian_mechanism

    return from_gaussian_mechanism(standard_deviation=sigma, sampling_prob=q, value_discretization_interval=interval)


@functools.lru_cache(maxsize=32)
def _composed_pld(q: float, sigma: float, steps: int) -> Any:
    return _one_step_pld(q, sigma).self_compose(steps)


def dpsgd_pld(sampling_rate: float, noise_multiplier: float, steps: int) -> Any:
    """dp-accounting's PrivacyLossDistribution of `steps` Poisson-subsampled Gaussians (rate q, noise
    multiplier sigma, add/remove neighbours): exactly what PLDAccountant composes for
    `SelfComposedDpEvent(PoissonSampledDpEvent(q, GaussianDpEvent(sigma)), steps)`. The object is
    shared (cached): compose it into new ones, never change it."""
    return _composed_pld(check_sampling_rate(sampling_rate), check_noise(noise_multiplier), check_steps(steps))


def dpsgd_epsilon(sampling_rate: float, noise_multiplier: float, steps: int, delta: float,
                  accountant: Accountant) -> float:
    """Epsilon at `delta` of `steps` DP-SGD steps at rate q and noise multiplier sigma, by the RDP
    (moments) accountant or the PLD accountant. RDP takes milliseconds; PLD 0.05-6 s (longer for
    small sigma and many steps: 0.6 s at the course's check)."""
    q, sigma, t = check_sampling_rate(sampling_rate), check_noise(noise_multiplier), check_steps(steps)
    d = check_delta(delta, allow_zero=False)
    if _check_accountant(accountant) == "rdp":
        return _rdp_epsilon(q, sigma, t, d)
    return float(_composed_pld(q, sigma, t).get_epsilon_for_delta(d))


@dataclass(frozen=True)
class EpsilonByEpoch:
    """Epsilon after each whole epoch 1..E by both accountants (`steps[i]` steps after epoch i + 1)."""

    epochs: tuple[int, ...]
    steps: tuple[int, ...]
    rdp: tuple[float, ...]
    pld: tuple[float, ...]


def epsilon_by_epoch(sampling_rate: float, noise_multiplier: float, epochs: int, delta: float) -> EpsilonByEpoch:
    """Epsilon at `delta` after each whole epoch up to `epochs`, by RDP and by PLD.

    RDP scales one step's curve (milliseconds). PLD composes epoch by epoch: after epoch e it holds
    ceil(e / q) steps, the previous epoch's distribution composed with one of the (at most two)
    epoch lengths ceil(e / q) - ceil((e - 1) / q), each self-composed once. Each point matches
    `dpsgd_epsilon` at its steps within 1e-7 and the whole curve costs about one tenth of a second
    per epoch at the course's check (60 epochs: ~6 s), half of computing each point from scratch.
    """
    q, sigma, e = check_sampling_rate(sampling_rate), check_noise(noise_multiplier), check_epochs(epochs)
    d = check_delta(delta, allow_zero=False)
    steps = tuple(steps_for(k, q) for k in range(1, e + 1))
    check_steps(steps[-1])
    rdp = tuple(_rdp_epsilon(q, sigma, t, d) for t in steps)
    lengths = [steps[0], *(b - a for a, b in zip(steps, steps[1:], strict=False))]
    pieces: dict[int, Any] = {}
    pld: list[float] = []
    composed = None
    for length in lengths:
        if length not in pieces:
            pieces[length] = _one_step_pld(q, sigma).self_compose(length)
        composed = pieces[length] if composed is None else composed.compose(pieces[length])
        pld.append(float(composed.get_epsilon_for_delta(d)))
    return EpsilonByEpoch(tuple(range(1, e + 1)), steps, rdp, tuple(pld))


def noise_for_epsilon(sampling_rate: float, steps: int, delta: float, epsilon: float,
                      accountant: Accountant) -> float:
    """The smallest noise multiplier whose `steps` steps at rate q cost at most `epsilon` at `delta`
    by `accountant`: `dpsgd_epsilon` of the answer is never above `epsilon`. DPError
    "dpsgd_epsilon_unreachable" when epsilon needs sigma above MAX_DPSGD_NOISE, or is met even at
    MIN_DPSGD_NOISE.

    RDP: Brent's method on ln(sigma), within CALIBRATION_TOLERANCE of the smallest (~1 s: each new
    sigma's RDP curve costs ~30 ms). PLD: the same search from sigma = 1, on a PLD grid of
    SEARCH_INTERVAL (10x coarser than the accountant's 1e-4 and ~10x faster; pessimistic too, so
    its sigma is safe), then the accountant's own grid: its epsilon there is accepted when within
    2 CALIBRATION_TOLERANCE below the target (small sigmas, where the fine grid is slow and the
    coarse one close), else the search goes on on the fine grid within 1% of it (large sigmas: the
    coarse grid is too coarse for their small losses, and the fine one fast). 2-8 s at adult's
    defaults, longer for smaller sigmas.
    """
    q, t = check_sampling_rate(sampling_rate), check_steps(steps)
    d = check_delta(delta, allow_zero=False)
    return _noise_for_epsilon(q, t, d, check_epsilon(epsilon), _check_accountant(accountant))


@functools.lru_cache(maxsize=256)
def _noise_for_epsilon(q: float, t: int, d: float, eps: float, accountant: Accountant) -> float:
    """`noise_for_epsilon` on checked values, kept: sigma depends on neither the model nor the data,
    so a second model's grid at the same settings costs nothing."""
    if accountant == "rdp":
        return _calibrate(lambda sigma: _rdp_epsilon(q, sigma, t, d), eps, MIN_DPSGD_NOISE, MAX_DPSGD_NOISE)
    known: dict[float, float] = {}

    def coarse(sigma: float) -> float:
        if sigma not in known:
            pld = _one_step_pld(q, sigma, SEARCH_INTERVAL).self_compose(t)
            known[sigma] = float(pld.get_epsilon_for_delta(d))
        return known[sigma]

    upper = 1.0
    while coarse(upper) > eps:  # up by half at a time ...
        if upper >= MAX_DPSGD_NOISE:
            raise DPError("dpsgd_epsilon_unreachable.small", epsilon=eps, maximum=MAX_DPSGD_NOISE)
        upper = min(MAX_DPSGD_NOISE, upper * 1.5)
    lower = upper
    while coarse(lower) <= eps:  # ... then down 15% at a time (small sigmas are the slow ones)
        if lower <= MIN_DPSGD_NOISE:
            raise DPError("dpsgd_epsilon_unreachable.large", epsilon=eps, minimum=MIN_DPSGD_NOISE)
        upper, lower = lower, max(MIN_DPSGD_NOISE, lower * 0.85)
    sigma = _calibrate(coarse, eps, lower, upper)

    def fine(sigma: float) -> float:  # the accountant's own grid decides
        return float(_composed_pld(q, sigma, t).get_epsilon_for_delta(d))

    while fine(sigma) > eps:  # never seen: the coarse grid is the more pessimistic
        sigma = min(MAX_DPSGD_NOISE, sigma * (1.0 + CALIBRATION_TOLERANCE / 4))
    if fine(sigma) >= eps * (1.0 - 2 * CALIBRATION_TOLERANCE):
        return sigma
    lower = sigma / 1.01  # large sigmas: the coarse grid is too coarse for their small losses, the fine one fast
    while fine(lower) <= eps:
        sigma, lower = lower, max(MIN_DPSGD_NOISE, lower / 1.01)
    return _calibrate(fine, eps, lower, sigma)


def _calibrate(epsilon_of: Callable[[float], float], target: float, lower: float, upper: float) -> float:
    """The smallest sigma in [lower, upper] with epsilon_of(sigma) <= target, within a relative
    CALIBRATION_TOLERANCE (epsilon falls as sigma grows)."""
    from scipy.optimize import brentq

    if epsilon_of(upper) > target:
        raise DPError("dpsgd_epsilon_unreachable.small", epsilon=target, maximum=upper)
    if epsilon_of(lower) <= target:
        raise DPError("dpsgd_epsilon_unreachable.large", epsilon=target, minimum=lower)
    step = math.log1p(CALIBRATION_TOLERANCE)
    root = brentq(lambda x: epsilon_of(math.exp(x)) - target, math.log(lower), math.log(upper), xtol=step / 2)
    sigma = min(upper, math.exp(root))
    while epsilon_of(sigma) > target:  # brentq's root may lie a hair on the wrong side
        sigma = min(upper, sigma * (1.0 + CALIBRATION_TOLERANCE / 4))
    return sigma
