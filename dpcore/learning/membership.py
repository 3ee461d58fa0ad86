"""Membership inference: was this row in the model's training set? Two attacks, against any model.

A model here is anything that gives each row's predicted probability of its true label: a
`Predict` takes row indices into a pool of rows and returns those probabilities. A `Train` takes a
mask over the pool and returns the `Predict` of a model trained on the rows where the mask is True
(it draws its own randomness: close it over a Generator spawned from the page's seed). The attacks
never look inside a model, so they work the same on DP-SGD, on plain training, and on the constructed
models of the tests.

**Evaluation.** Members are rows of the target's training set, non-members rows of the pool it
never saw (same distribution); `evaluation_rows` draws the same number of each with the caller's
Generator. Every attack scores those rows ("member" when the score is high) and reports its ROC by
`dpcore.audit_roc.roc_summary`: AUROC and the true-positive rate at 0.1% and 1% false positives,
each with a bootstrap interval, and the largest advantage TPR - FPR over all thresholds.

**Loss threshold** (Yeom, Giacomelli, Fredrikson & Jha, CSF 2018, arXiv:1709.01604): the score is
minus the row's loss, log p (cross-entropy of the true label): training rows tend to have a lower loss.

**LiRA**, the likelihood-ratio attack (Carlini, Chien, Nasr, Song, Terzis & Tramèr, IEEE S&P 2022,
arXiv:2112.03570; followed from the authors' code, tensorflow/privacy research/mi_lira_2021
`train.py`, `score.py` and `plot.py`, and tensorflow_privacy's `advanced_mia.compute_score_lira`):
- K shadow models, each trained on a part of the pool chosen so that every row is IN exactly
  floor(K/2) of them and OUT of the rest (`shadow_masks`: `keep.argsort(0) < pkeep K` in train.py);
- each row's statistic is the logit-scaled confidence phi = log p - log(1 - p) of its true label
  (score.py; we clip p to [2^-52, 1 - 2^-52], so |phi| <= 36, where float64 still tells p from 1);
- per row, a Gaussian is fitted to its IN phis and one to its OUT phis: centre the median (the
  reference code's choice), spread numpy's standard deviation (ddof 0, as the reference). With few
  shadows a per-row spread from 4-8 values is mostly noise, so the default is the paper's fixed
  ("global") variance, which it recommends when shadow models are few: one spread per side, numpy's
  std of every phi minus its row's median (advanced_mia's `fix_variance`; plot.py's `np.std(dat_in)`
  would also count the spread between rows' medians). Brännvall 2026 (arXiv:2603.11799) finds the
  variance estimate the weak point at small shadow budgets too. `variance="per_row"` fits each row's
  own (at least 2 shadows on each side of every row);
- online (the paper's LiRA): score = log N(phi; mu_in, s_in) - log N(phi; mu_out, s_out), the
  Neyman-Pearson likelihood ratio between the two fitted Gaussians (plot.py's `generate_ours`);
- offline (OUT models only, the paper's one-sided test): how far the target's phi
  lies above the OUT Gaussian, z = (phi - mu_out) / s_out; the paper's 1 - Pr[Z > phi] is a rising
  function of z, so both rank rows alike (plot.py's offline variant scores the density instead, which
  is two-sided: we follow the paper). Each spread gets 1e-30 added, as in the reference code.
The reference code averages over augmentations of each image; tabular rows have none.

Every random choice (evaluation rows, shadow masks, bootstrap) comes from the caller's Generator,
so a seed reproduces a result exactly when `Train` is reproducible too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from dpcore.audit_roc import DEFAULT_FPRS, RocSummary, roc_summary, tpr_at_fpr
from dpcore.errors import DPError
from dpcore.limits import MAX_SHADOW_MODELS

Predict = Callable[[np.ndarray], np.ndarray]
"""A trained model: row indices into the pool -> each row's predicted probability of its true label."""
Train = Callable[[np.ndarray], Predict]
"""Trains one model on the pool's rows where the boolean mask is True; returns its `Predict`."""

DEFAULT_SHADOWS = 8  # shadow models of a small LiRA: 4 IN and 4 OUT per row
MIN_SHADOWS = 2  # one IN and one OUT model per row
PROBABILITY_CLIP = 2.0**-52  # p is kept within [this, 1 - this]: float64's step just below 1
SPREAD_FLOOR = 1e-30  # added to every fitted standard deviation (the reference code's)
Variance = Literal["global", "per_row"]
VARIANCES: tuple[str, ...] = ("global", "per_row")


@dataclass(frozen=True)
class EvaluationRows:
    """The rows an attack is scored on: as many members (`members`) as non-members (`non_members`),
    indices into the pool."""

    members: np.ndarray = field(compare=False)
    non_members: np.ndarray = field(compare=False)

    @property
    def per_side(self) -> int:
        return int(self.members.size)


@dataclass(frozen=True)
class AttackResult:
    """One attack on one target model: its ROC (AUROC and TPR at `roc.fprs`, bootstrap intervals),
    its largest advantage TPR - FPR over all thresholds, and the scores behind them (member rows',
    non-member rows'), for a curve (`attack_curve`)."""

    attack: str  # "loss", "lira_online" or "lira_offline"
    per_side: int  # members scored, and as many non-members
    roc: RocSummary
    advantage: float
    member_scores: np.ndarray = field(compare=False, repr=False)
    non_member_scores: np.ndarray = field(compare=False, repr=False)


@dataclass(frozen=True)
class Shadows:
    """K shadow models seen from the attacker: each one's phi on every pool row, shape (K, rows), and
    the rows each trained on (`member`, same shape)."""

    phi: np.ndarray = field(compare=False)
    member: np.ndarray = field(compare=False)

    @property
    def count(self) -> int:
        return int(self.phi.shape[0])


# ------------------------------------------------------------------ inputs

def _mask(member_mask: Any) -> np.ndarray:
    """`member_mask` as a flat boolean array (True, False or 0/1 values only)."""
    mask = np.asarray(member_mask)
    if mask.ndim != 1 or mask.size == 0 or not (
            mask.dtype == bool or (np.issubdtype(mask.dtype, np.number) and np.isin(mask, (0, 1)).all())):
        raise DPError("membership_mask")
    return mask.astype(bool)


def _probabilities(probability: Any, rows: int) -> np.ndarray:
    """One probability in [0, 1] per row of the pool, as floats."""
    try:
        p = np.asarray(probability, dtype=float)
    except (TypeError, ValueError):
        raise DPError("membership_probability.not_numbers") from None
    if p.ndim != 1 or p.size != rows:
        raise DPError("membership_rows", got=int(p.size), expected=rows)
    bad = ~((p >= 0.0) & (p <= 1.0))  # NaN too
    if bad.any():
        raise DPError("membership_probability.range", value=float(p[bad][0]))
    return p


def _fprs(fprs: Sequence[float]) -> tuple[float, ...]:
    return tuple(float(f) for f in fprs)


# ------------------------------------------------------------------ statistics

def confidence_logit(probability: Any) -> np.ndarray:
    """phi = log(p / (1 - p)) of each probability of the true label, p clipped to
    [PROBABILITY_CLIP, 1 - PROBABILITY_CLIP] (so |phi| <= 36.04): LiRA's statistic."""
    p = np.clip(np.asarray(probability, dtype=float), PROBABILITY_CLIP, 1.0 - PROBABILITY_CLIP)
    return np.log(p) - np.log1p(-p)


def loss_scores(probability: Any) -> np.ndarray:
    """Minus each row's cross-entropy loss, log p (the loss attack's score; -inf at p = 0)."""
    with np.errstate(divide="ignore"):
        return np.log(np.asarray(probability, dtype=float))


def largest_advantage(member_scores: np.ndarray, non_member_scores: np.ndarray) -> float:
    """max over thresholds t of TPR - FPR of "member when the score is at least t" (0 at worst:
    t above every score): the one-sided Kolmogorov-Smirnov distance between the two samples."""
    values = np.unique(np.concatenate([member_scores, non_member_scores]))
    tpr = 1.0 - np.searchsorted(np.sort(member_scores), values, side="left") / member_scores.size
    fpr = 1.0 - np.searchsorted(np.sort(non_member_scores), values, side="left") / non_member_scores.size
    return float(max(0.0, np.max(tpr - fpr)))


def _result(attack: str, rows: EvaluationRows, members: np.ndarray, non_members: np.ndarray,
            rng: np.random.Generator, fprs: Sequence[float], confidence: float) -> AttackResult:
    return AttackResult(
        attack=attack, per_side=rows.per_side,
        roc=roc_summary(members, non_members, rng, fprs=_fprs(fprs), confidence=confidence),
        advantage=largest_advantage(members, non_members), member_scores=members, non_member_scores=non_members,
    )


def attack_curve(result: AttackResult, fprs: Any) -> np.ndarray:
    """The attack's TPR at each false-positive rate of `fprs` (its ROC curve, `audit_roc.tpr_at_fpr`)."""
    return tpr_at_fpr(result.member_scores, result.non_member_scores, fprs)


# ------------------------------------------------------------------ evaluation rows

def evaluation_rows(member_mask: Any, rng: np.random.Generator, per_side: int | None = None) -> EvaluationRows:
    """As many members (mask True) as non-members (mask False), drawn without replacement: the
    smaller side whole, or `per_side` of each when given. DPError with fewer than 2 on a side."""
    mask = _mask(member_mask)
    members, non_members = np.flatnonzero(mask), np.flatnonzero(~mask)
    available = min(members.size, non_members.size)
    if available < 2:
        raise DPError("membership_sides", members=int(members.size), non_members=int(non_members.size))
    n = available
    if per_side is not None:
        if not isinstance(per_side, (int, np.integer)) or isinstance(per_side, bool) or not 2 <= per_side:
            raise DPError("membership_per_side", value=per_side)
        n = min(int(per_side), available)
    return EvaluationRows(members=np.sort(rng.choice(members, size=n, replace=False)),
                          non_members=np.sort(rng.choice(non_members, size=n, replace=False)))


# ------------------------------------------------------------------ the loss-threshold attack

def loss_attack(target_probability: Any, member_mask: Any, rng: np.random.Generator, *,
                rows: EvaluationRows | None = None, per_side: int | None = None,
                fprs: Sequence[float] = DEFAULT_FPRS, confidence: float = 0.95) -> AttackResult:
    """Yeom et al.'s attack on a target model: `target_probability` is its probability of the true
    label on every pool row, `member_mask` its training rows. Scores `rows` (drawn by
    `evaluation_rows(member_mask, rng, per_side)` when not given) by log p."""
    mask = _mask(member_mask)
    p = _probabilities(target_probability, mask.size)
    rows = evaluation_rows(mask, rng, per_side) if rows is None else rows
    scores = loss_scores(p)
    return _result("loss", rows, scores[rows.members], scores[rows.non_members], rng, fprs, confidence)


# ------------------------------------------------------------------ LiRA

def _shadow_count(shadows: Any) -> int:
    if not isinstance(shadows, (int, np.integer)) or isinstance(shadows, bool) or \
            not MIN_SHADOWS <= shadows <= MAX_SHADOW_MODELS:
        raise DPError("shadow_count", value=shadows, minimum=MIN_SHADOWS, maximum=MAX_SHADOW_MODELS)
    return int(shadows)


def shadow_masks(pool_size: int, shadows: int, rng: np.random.Generator) -> np.ndarray:
    """(shadows, pool_size) booleans: row j is IN exactly floor(shadows / 2) of the models, a random
    set of them for each row (the reference train.py's `keep.argsort(0) < pkeep * K`)."""
    k = _shadow_count(shadows)
    if not isinstance(pool_size, (int, np.integer)) or isinstance(pool_size, bool) or pool_size < 1:
        raise DPError("membership_pool", value=pool_size)
    base = np.broadcast_to((np.arange(k) < k // 2)[:, None], (k, int(pool_size)))
    return rng.permuted(base, axis=0)


def train_shadows(train: Train, pool_size: int, shadows: int, rng: np.random.Generator,
                  progress: Callable[[int, int], None] | None = None) -> Shadows:
    """Trains `shadows` models by `train` on the parts `shadow_masks` draws and records each one's phi
    on every pool row. `progress(done, total)` is called after each model."""
    masks = shadow_masks(pool_size, shadows, rng)
    rows = np.arange(masks.shape[1])
    phi = np.empty(masks.shape)
    for k in range(masks.shape[0]):
        predict = train(masks[k].copy())
        phi[k] = confidence_logit(_probabilities(predict(rows), rows.size))
        if progress is not None:
            progress(k + 1, masks.shape[0])
    return Shadows(phi=phi, member=masks)


def _masked_median(values: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Per column, the median of `values` where `keep` is True (numpy's median: the middle two
    averaged); every column keeps at least one."""
    counts = keep.sum(axis=0)
    ordered = np.sort(np.where(keep, values, np.inf), axis=0)
    cols = np.arange(values.shape[1])
    return 0.5 * (ordered[(counts - 1) // 2, cols] + ordered[counts // 2, cols])


def _fit(phi: np.ndarray, keep: np.ndarray, variance: str) -> tuple[np.ndarray, np.ndarray | float]:
    """The Gaussian of one side per row: its median, and its spread: per row, numpy's std of the
    row's phis; global, numpy's std of every phi minus its row's median (advanced_mia's)."""
    centre = _masked_median(phi, keep)
    if variance == "global":
        return centre, float(np.std((phi - centre[None, :])[keep]))
    count = keep.sum(axis=0)
    mean = np.where(keep, phi, 0.0).sum(axis=0) / count
    return centre, np.sqrt(np.where(keep, (phi - mean[None, :]) ** 2, 0.0).sum(axis=0) / count)


def _check_shadows(shadows: Shadows, rows: int, online: bool, variance: str) -> None:
    phi, member = np.asarray(shadows.phi), np.asarray(shadows.member)
    if phi.ndim != 2 or phi.shape != member.shape or phi.shape[1] != rows or member.dtype != bool:
        raise DPError("shadow_shape", shape=tuple(phi.shape), mask_shape=tuple(member.shape), rows=rows)
    if not np.isfinite(phi).all():
        raise DPError("shadow_not_finite")
    need = 2 if variance == "per_row" else 1
    fewest_out = int((~member).sum(axis=0).min())
    fewest_in = int(member.sum(axis=0).min()) if online else need
    if min(fewest_in, fewest_out) < need:
        raise DPError("shadow_coverage", fewest_in=fewest_in, fewest_out=fewest_out, needed=need)


def lira_scores(target_phi: Any, shadows: Shadows, *, online: bool = True,
                variance: Variance = "global") -> np.ndarray:
    """LiRA's score of each row (module docstring) from the target's phi on those rows and the
    shadows' phi on the same rows: the log likelihood ratio IN : OUT (online), or the target's
    z-score above the OUT Gaussian (offline). Higher means "member"."""
    if variance not in VARIANCES:
        raise DPError("lira_variance", value=variance, options=", ".join(VARIANCES))
    x = np.asarray(target_phi, dtype=float)
    if x.ndim != 1:
        raise DPError("membership_rows", got=int(x.size), expected=int(np.shape(shadows.phi)[-1]))
    _check_shadows(shadows, x.size, online, variance)
    phi, member = np.asarray(shadows.phi, dtype=float), np.asarray(shadows.member)
    mu_out, s_out = _fit(phi, ~member, variance)
    s_out = s_out + SPREAD_FLOOR
    if not online:
        return (x - mu_out) / s_out
    mu_in, s_in = _fit(phi, member, variance)
    s_in = s_in + SPREAD_FLOOR
    # log N(x; mu, s) without the shared -log(2 pi) / 2
    return (-0.5 * ((x - mu_in) / s_in) ** 2 - np.log(s_in)) - (-0.5 * ((x - mu_out) / s_out) ** 2 - np.log(s_out))


def lira_attack(target_probability: Any, member_mask: Any, shadows: Shadows, rng: np.random.Generator, *,
                online: bool = True, variance: Variance = "global", rows: EvaluationRows | None = None,
                per_side: int | None = None, fprs: Sequence[float] = DEFAULT_FPRS,
                confidence: float = 0.95) -> AttackResult:
    """LiRA on a target model (`target_probability` on every pool row, `member_mask` its training
    rows) with `shadows` trained on the same pool (`train_shadows`). Scores `rows` (drawn by
    `evaluation_rows` when not given)."""
    mask = _mask(member_mask)
    p = _probabilities(target_probability, mask.size)
    _check_shadows(shadows, mask.size, online, variance)
    rows = evaluation_rows(mask, rng, per_side) if rows is None else rows
    picked = np.concatenate([rows.members, rows.non_members])
    part = Shadows(phi=np.asarray(shadows.phi)[:, picked], member=np.asarray(shadows.member)[:, picked])
    scores = lira_scores(confidence_logit(p[picked]), part, online=online, variance=variance)
    n = rows.per_side
    return _result("lira_online" if online else "lira_offline", rows, scores[:n], scores[n:], rng, fprs, confidence)


@dataclass(frozen=True)
class MembershipAttacks:
    """The loss attack and both LiRAs on one target, scored on the same rows (None without shadows)."""

    loss: AttackResult
    lira_online: AttackResult | None
    lira_offline: AttackResult | None


def membership_attacks(target_probability: Any, member_mask: Any, rng: np.random.Generator,
                       shadows: Shadows | None = None, *, variance: Variance = "global",
                       per_side: int | None = None, fprs: Sequence[float] = DEFAULT_FPRS,
                       confidence: float = 0.95) -> MembershipAttacks:
    """Every attack on one target, on one draw of evaluation rows (so they compare row for row)."""
    rows = evaluation_rows(member_mask, rng, per_side)
    loss = loss_attack(target_probability, member_mask, rng, rows=rows, fprs=fprs, confidence=confidence)
    if shadows is None:
        return MembershipAttacks(loss, None, None)
    online, offline = (lira_attack(target_probability, member_mask, shadows, rng, online=mode, variance=variance,
                                   rows=rows, fprs=fprs, confidence=confidence) for mode in (True, False))
    return MembershipAttacks(loss, online, offline)

