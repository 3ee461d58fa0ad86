"""The most any membership attack can reach against DP-SGD, and how far a real attack stays below it.

DP-SGD with Poisson sampling at rate q, noise multiplier sigma and T steps is accounted by one
privacy loss distribution (PLD): dp-accounting's, for add/remove neighbours
(`dpcore.learning.accounting.dpsgd_pld`). Whether one row was in the training set is a test between
the two neighbours "with the row" and "without it", so no attack, whatever it knows of the other
rows, has a higher true-positive rate at false-positive rate f than the trade-off curve of that
PLD, 1 - beta(f), read by riskcal (Kulynych, Gomez et al. 2024, arXiv:2407.02191, Alg. 1; riskcal
symmetrises both directions of the PLD, so the bound holds for "member" and "non-member" alike). We
feed riskcal the accountant's own composed PLD (LEARNED.md: a regridded PLD breaks its pairing) and
read it through `dpcore.risk.tradeoff_curve`, which also gives the looser bound from (epsilon, delta)
alone: TPR <= min(1, e^eps f + delta, 1 - e^-eps (1 - delta - f)) (Kairouz, Oh & Viswanath 2015),
with epsilon the same PLD's at delta. At q = 1 and T = 1 the PLD is the Gaussian mechanism's and the
curve is Phi(Phi^-1(f) + 1/sigma) (Dong, Roth & Su 2019); the tests check it. There riskcal's reading
of the PLD lands a hair below the exact curve, the more so the smaller f (sigma 0.5: 2e-5 relative at
0.1%, 2e-4 at 0.01%, 2.6% at 1e-6): read as a bound at the rates a page shows (0.1% and up), not at
one in a million.

The game the bound covers: the row's presence is the only difference (add/remove neighbours). A
target whose training rows are drawn from the pool by a coin per row plays exactly that game for
every row, and a bound per row holds for their average (the curve is concave). A split of fixed
sizes instead swaps a training row for a held-out one, two add/remove steps apart (group privacy of
two, a weaker guarantee): against it this curve is the stricter yardstick, and an attack above it
would not by itself break DP. The bound is the best attacker's; `compare` says in numbers how far an
attack we ran stays below it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dpcore.audit_roc import DEFAULT_FPRS
from dpcore.errors import DPError
from dpcore.learning.membership import AttackResult
from dpcore.validation import check_delta


@dataclass(frozen=True)
class MembershipBound:
    """The largest TPR any attack reaches at each FPR of `fprs` against DP-SGD (q, sigma, steps):
    `tpr_pld` from the PLD's trade-off curve, `tpr_epsilon_delta` from (epsilon, delta) alone, with
    epsilon the PLD's at `delta`; and the largest advantage TPR - FPR each allows."""

    sampling_rate: float
    noise_multiplier: float
    steps: int
    delta: float
    epsilon: float
    fprs: tuple[float, ...]
    tpr_pld: tuple[float, ...]
    tpr_epsilon_delta: tuple[float, ...]
    advantage_pld: float
    advantage_epsilon_delta: float


def membership_bound(sampling_rate: float, noise_multiplier: float, steps: int, delta: float,
                     fprs: Sequence[float] = DEFAULT_FPRS) -> MembershipBound:
    """The bound at `fprs` (at most MAX_TRADEOFF_POINTS rates in [0, 1]: a curve's grid works too).
    The PLD's inputs are checked by `dpsgd_pld`; DPError for a delta outside (0, 1) or a bad rate."""
    from riskcal.analysis import get_advantage_from_pld

    from dpcore.learning.accounting import dpsgd_pld
    from dpcore.posterior.testing import advantage_bound
    from dpcore.risk import tradeoff_curve

    d = check_delta(delta, allow_zero=False)
    pld = dpsgd_pld(sampling_rate, noise_multiplier, steps)
    epsilon = max(0.0, float(pld.get_epsilon_for_delta(d)))
    curve = tradeoff_curve(epsilon, d, list(fprs), pld)
    assert curve.tpr_pld is not None
    by_eps = advantage_bound(epsilon, d)
    return MembershipBound(
        sampling_rate=float(sampling_rate), noise_multiplier=float(noise_multiplier), steps=int(steps), delta=d,
        epsilon=epsilon, fprs=tuple(float(f) for f in curve.fpr),
        tpr_pld=tuple(float(t) for t in curve.tpr_pld), tpr_epsilon_delta=tuple(float(t) for t in curve.tpr_bound),
        advantage_pld=min(float(get_advantage_from_pld(pld)), by_eps), advantage_epsilon_delta=by_eps,
    )


@dataclass(frozen=True)
class AttackVersusBound:
    """One attack against its bound, at each FPR of `fprs`, in numbers a sentence can quote:

    attack_tpr, attack_interval: the attack's TPR and its bootstrap interval; bound_tpr: the most any
    attack reaches (the PLD's curve); share_of_bound: attack TPR / bound TPR; share_above_chance:
    (attack TPR - FPR) / (bound TPR - FPR), how far the attack gets from guessing (TPR = FPR) towards
    the bound (at small epsilon the bound sits just above the FPR, so a guess alone takes most of
    share_of_bound: 0.0102 against 0.0123 at 1% is 83% of the bound but 10% of the way); headroom:
    bound - attack TPR; attack_advantage: attack TPR - FPR;
    largest_advantage, bound_advantage: the attack's best TPR - FPR over all thresholds and the most
    DP allows; above_bound: an FPR where even the interval's low end exceeds the bound (a broken
    guarantee or a bug, never expected)."""

    attack: str
    fprs: tuple[float, ...]
    attack_tpr: tuple[float, ...]
    attack_interval: tuple[tuple[float, float], ...]
    bound_tpr: tuple[float, ...]
    share_of_bound: tuple[float, ...]
    share_above_chance: tuple[float, ...]
    headroom: tuple[float, ...]
    attack_advantage: tuple[float, ...]
    largest_advantage: float
    bound_advantage: float
    above_bound: bool


def compare(result: AttackResult, bound: MembershipBound) -> AttackVersusBound:
    """How far `result` stays below `bound`, read at the same false-positive rates (DPError if the two
    were read at different ones)."""
    fprs = result.roc.fprs
    if len(fprs) != len(bound.fprs) or any(abs(a - b) > 1e-12 for a, b in zip(fprs, bound.fprs, strict=False)):
        raise DPError("membership_fprs_differ", attack=list(fprs), bound=list(bound.fprs))
    tpr, caps = result.roc.tprs, bound.tpr_pld
    return AttackVersusBound(
        attack=result.attack, fprs=fprs, attack_tpr=tpr, attack_interval=result.roc.tpr_intervals, bound_tpr=caps,
        share_of_bound=tuple(t / c if c > 0 else 0.0 for t, c in zip(tpr, caps, strict=True)),
        share_above_chance=tuple((t - f) / (c - f) if c > f else 0.0 for t, c, f in zip(tpr, caps, fprs, strict=True)),
        headroom=tuple(c - t for t, c in zip(tpr, caps, strict=True)),
        attack_advantage=tuple(t - f for t, f in zip(tpr, fprs, strict=True)),
        largest_advantage=result.advantage, bound_advantage=bound.advantage_pld,
        above_bound=any(low > c for (low, _), c in zip(result.roc.tpr_intervals, caps, strict=True)),
    )
