"""A histogram over categories nobody declared: DP key selection (a threshold on noisy counts).

Categories read from the data cannot simply be listed: a category held by one person appears only
when that person is in the data. Key selection counts every category present, adds discrete
Laplace noise of scale t to each count, and publishes only those whose noisy count reaches a
threshold T (OpenDP's `make_count_by` >> `then_laplace_threshold`, `dpcore.release.release_key_selection`).

Cost. The noisy counts are the histogram's Laplace step: epsilon = L1 / t, with L1 = m under
add/remove and 2m under substitution (as a declared histogram's). On top, a category only one
side holds (at most m of them, each with a count at most m) may appear with probability
P[m + Z >= T]: the release is (epsilon, delta) with delta = m P[Z >= T - m] (`threshold_delta`,
a union bound; Rogers 2023, Algorithm 1). That delta is a chance the privacy fails outright, so
every accountant adds it to the delta it spends (`AdditiveNoise.failure`), never trades it for
epsilon. OpenDP 0.16's own map leaves out the mass at the threshold itself (opendp/opendp#2922):
delta is written out here and checked against OpenDP's map one threshold lower.

Chance a category is kept (`keep_probability`): P[c + Z >= T] = P[Z >= T - c] for true count c,
with P[Z >= k] = p^k / (1 + p) for k >= 1 and p = exp(-1/t), and 1 - P[Z >= 1 - k] for k <= 0.

Reference: Rogers, "A unifying privacy analysis framework for unknown domain algorithms in
differential privacy" (2023, arXiv:2309.09170); Korolova et al. (2009); Desfontaines et al.,
"Differentially private partition selection" (PoPETs 2022) for the threshold against the count.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np
import pandas as pd

from dpcore.columns import category_labels
from dpcore.counting import check_frame_column
from dpcore.errors import DPError
from dpcore.mechanisms import NoiseKind, calibrate
from dpcore.neighbours import NEIGHBOUR_KINDS, NeighbourKind, Sensitivity, histogram_sensitivity
from dpcore.protection import Protection
from dpcore.statistics import Event, _Additive
from dpcore.validation import check_count, check_delta

KEY_MECHANISM: NoiseKind = "discrete_laplace"  # OpenDP's thresholded release of integer counts


def _tail(k: np.ndarray, scale: float) -> np.ndarray:
    """P[Z >= k] for discrete Laplace noise of scale t, elementwise over whole numbers k."""
    p = math.exp(-1.0 / scale)
    k = np.asarray(k, dtype=float)
    upper = np.exp(np.maximum(k, 1) * -1.0 / scale) / (1 + p)  # k >= 1
    lower = 1 - np.exp(np.maximum(1 - k, 1) * -1.0 / scale) / (1 + p)  # k <= 0: 1 - P[Z >= 1 - k]
    return np.where(k >= 1, upper, lower)


def threshold_delta(scale: float, threshold: int, max_contributions: int = 1) -> float:
    """delta of a thresholded discrete-Laplace key release: m P[Z >= T - m] = m p^(T - m) / (1 + p),
    p = exp(-1 / scale) (a union bound over the <= m categories only one side holds, each with a
    count <= m; T > m). Written out because OpenDP 0.16's map under-reports it (module docstring)."""
    return max_contributions * math.exp(-(threshold - max_contributions) / scale) / (1 + math.exp(-1.0 / scale))


def threshold_for(scale: float, delta: float, max_contributions: int = 1) -> int:
    """The smallest whole threshold T > m with `threshold_delta` <= delta (solved, then checked)."""
    d = check_delta(delta, allow_zero=False)
    m = check_count("The number of rows per person", max_contributions)
    p = math.exp(-1.0 / scale)
    threshold = m + max(1, math.ceil(scale * (math.log(m) - math.log1p(p) - math.log(d))))
    while threshold_delta(scale, threshold, m) > d:  # the logarithms may round down by one
        threshold += 1
    return threshold


def keep_probability(counts: Any, scale: float, threshold: int) -> np.ndarray:
    """The chance each category of true count c is published: P[c + Z >= T]."""
    c = np.asarray(counts, dtype=float)
    return _tail(threshold - c, scale)


@dataclass(frozen=True)
class Selection:
    """How a key selection is drawn: the noise's scale, the threshold, and the delta it costs."""

    scale: float
    threshold: int
    failure: float


@dataclass(frozen=True)
class KeyedHistogram(_Additive):
    """Counts of `column` per category found in the data, published by key selection (discrete
    Laplace noise only: OpenDP thresholds integer counts). Needs a share of the plan's delta."""

    column: str

    def sensitivity(self, protection: Protection, neighbours: NeighbourKind = "remove") -> Sensitivity:
        """A histogram's, times m (dpcore.statistics' table)."""
        base = histogram_sensitivity(neighbours)
        return Sensitivity(base.l1 * protection.factor, base.l2 * protection.factor)

    def tally(self, frame: pd.DataFrame) -> pd.Series:
        """The true count of every category present (missing cells left out), largest first."""
        check_frame_column(frame, self.column)
        values = frame[self.column].dropna()
        return pd.Series(category_labels(values)).value_counts()

    def row_weights(self, frame: pd.DataFrame) -> np.ndarray:
        """What each row adds to the bars: 1 when its category is filled in, in the frame's order."""
        check_frame_column(frame, self.column)
        return frame[self.column].notna().to_numpy().astype(float)

    def true_value(self, frame: pd.DataFrame) -> np.ndarray:
        """The true counts of the categories present, largest first."""
        return self.tally(frame).to_numpy(dtype=np.int64)

    def selection(self, epsilon: float, delta: float, protection: Protection,
                  neighbours: NeighbourKind = "remove") -> Selection:
        """The scale L1 / epsilon and the smallest threshold whose delta fits `delta` (the statistic's
        share of the plan's delta); DPError("keys_need_delta") at delta = 0."""
        if neighbours not in NEIGHBOUR_KINDS:
            raise DPError("unknown_neighbours", value=neighbours)
        if delta <= 0:
            raise DPError("keys_need_delta")
        noise = calibrate(KEY_MECHANISM, epsilon, 0.0, self.noise_sensitivity(KEY_MECHANISM, protection, neighbours))
        threshold = threshold_for(noise.scale, delta, protection.factor)
        return Selection(noise.scale, threshold, threshold_delta(noise.scale, threshold, protection.factor))

    def keep_probability(self, frame: pd.DataFrame, epsilon: float, delta: float, protection: Protection,
                         neighbours: NeighbourKind = "remove") -> tuple[pd.Series, Selection]:
        """Each category's true count and chance of being published, and the selection used."""
        chosen = self.selection(epsilon, delta, protection, neighbours)
        counts = self.tally(frame)
        chances = keep_probability(counts.to_numpy(), chosen.scale, chosen.threshold)
        return pd.Series(chances, index=counts.index), chosen

    def events(
        self, kind: str, epsilon: float, protection: Protection, delta: float = 0.0,
        neighbours: NeighbourKind = "remove",
    ) -> tuple[Event, ...]:
        """The noisy counts' discrete Laplace step, carrying the threshold's delta as its `failure`."""
        _check_kind(kind)
        chosen = self.selection(epsilon, delta, protection, neighbours)
        noise = calibrate(KEY_MECHANISM, epsilon, 0.0, self.noise_sensitivity(KEY_MECHANISM, protection, neighbours))
        return ((replace(noise, failure=chosen.failure), 1),)

    def accuracy(self, kind: str, epsilon: float, protection: Protection, alpha: float = 0.05, delta: float = 0.0,
                 neighbours: NeighbourKind = "remove", frame: pd.DataFrame | None = None) -> float:
        """±a around each published count (a category left out has no number to be off)."""
        _check_kind(kind)
        return super().accuracy(KEY_MECHANISM, epsilon, protection, alpha, 0.0, neighbours, frame)

    def epsilon_for_accuracy(self, kind: str, target: float, protection: Protection, alpha: float = 0.05,
                             delta: float = 0.0, neighbours: NeighbourKind = "remove",
                             frame: pd.DataFrame | None = None) -> float:
        """The epsilon that gives ±target on each published count."""
        _check_kind(kind)
        return super().epsilon_for_accuracy(KEY_MECHANISM, target, protection, alpha, 0.0, neighbours, frame)


def _check_kind(kind: Any) -> None:
    if kind != KEY_MECHANISM:
        raise DPError("keys_mechanism", value=kind)


# --- the release, drawn by OpenDP ------------------------------------------------------------------


@dataclass(frozen=True)
class KeySelection:
    """Categories read from the data and published by OpenDP's thresholded Laplace mechanism, most
    frequent first, with what the release cost: `epsilon` (OpenDP's map) and `delta` (`threshold_delta`)."""

    labels: tuple[str, ...]
    values: np.ndarray
    epsilon: float
    delta: float
    scale: float
    threshold: int


def release_key_selection(values: pd.Series, epsilon: float, delta: float, max_contributions: int = 1,
                          neighbours: NeighbourKind = "remove") -> KeySelection:
    """Count each category present in `values` (missing ones left out) and publish those whose noisy
    count reaches the smallest threshold with `threshold_delta` <= `delta`.

    `values` must hold at most m rows per person already. Scale L1 / epsilon (m under add/remove, 2m
    under substitution), drawn by OpenDP's `make_count_by` >> `then_laplace_threshold` (integer
    counts: discrete Laplace noise); OpenDP's map of the symmetric distance (m, or 2m for a
    substitution) is checked to be at most epsilon. Raises ValueError for bad epsilon, delta or m.
    """
    protection = Protection(check_count("The number of rows per person", max_contributions))
    chosen = KeyedHistogram("").selection(epsilon, check_delta(delta, allow_zero=False), protection, neighbours)
    m = protection.factor
    distance = m if neighbours == "remove" else 2 * m
    release, scale, spent = _thresholded(chosen.scale, chosen.threshold, distance, float(epsilon))
    noisy = release([str(v) for v in category_labels(pd.Series(values).dropna())])
    ordered = sorted(noisy.items(), key=lambda kv: (-kv[1], kv[0]))
    return KeySelection(
        tuple(k for k, _ in ordered), np.array([v for _, v in ordered], dtype=np.int64),
        spent, threshold_delta(scale, chosen.threshold, m), scale, chosen.threshold,
    )


@lru_cache(maxsize=32)
def _thresholded(scale: float, threshold: int, distance: int, epsilon: float) -> tuple[Any, float, float]:
    """OpenDP's `make_count_by` >> `then_laplace_threshold` at the smallest scale from `scale` up whose
    map of `distance` is at most epsilon (OpenDP rounds its map up: never spend more than asked), that
    scale and the epsilon OpenDP maps it to. Built once per setting (a few ms); each call of the
    measurement draws fresh noise."""
    from dpcore.release import opendp_prelude

    dp = opendp_prelude()
    counted = dp.t.make_count_by(dp.vector_domain(dp.atom_domain(T=str)), dp.symmetric_distance(), TV="i64")

    def measurement(s: float) -> Any:
        return counted >> dp.m.then_laplace_threshold(scale=s, threshold=threshold)

    while measurement(scale).map(distance)[0] > epsilon:
        scale = math.nextafter(scale, math.inf)
    built = measurement(scale)
    return built, scale, float(built.map(distance)[0])
