"""Neighbouring datasets D' of D, and the sensitivity each notion of "neighbour" implies.

Add/remove neighbours differ by one person's presence: in a histogram one bar moves by 1, so the
L1 and L2 sensitivities are both 1. Substitution neighbours change one person's value: one bar
loses 1 and another gains 1, so L1 = 2 and L2 = sqrt(2). A count query moves by at most 1 either way.
Reference: course sections 6.1.2 and 6.2.1; Dwork & Roth (2014) section 2.3.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np

from dpcore.errors import DPError

NeighbourKind = Literal["remove", "replace"]
NEIGHBOUR_KINDS: tuple[NeighbourKind, ...] = ("remove", "replace")


@dataclass(frozen=True)
class Sensitivity:
    """How far one neighbour step can move a query's answer, in the L1 and L2 norms."""

    l1: float
    l2: float

    def for_noise(self, kind: str) -> float:
        """The norm a noise calibrates on: L2 for the Gaussian mechanism, L1 for the others."""
        return self.l2 if kind == "gaussian" else self.l1


def histogram_sensitivity(kind: NeighbourKind) -> Sensitivity:
    """Sensitivity of a histogram (disjoint bins) under one neighbour step of `kind`."""
    if kind == "remove":
        return Sensitivity(1.0, 1.0)
    if kind == "replace":
        return Sensitivity(2.0, math.sqrt(2.0))
    raise DPError("unknown_neighbours", value=kind)


def count_sensitivity(kind: NeighbourKind) -> Sensitivity:
    """Sensitivity of a single count: one person moves it by at most 1 under either kind."""
    histogram_sensitivity(kind)
    return Sensitivity(1.0, 1.0)


def neighbour_counts(counts: np.ndarray, removed_bin: int, added_bin: int | None = None) -> np.ndarray:
    """Histogram of D' from the histogram of D: one person leaves `removed_bin` and, for a
    substitution, arrives in `added_bin` (-1 or None when the new value is not counted)."""
    c = np.asarray(counts, dtype=np.int64)
    if not 0 <= removed_bin < c.size:
        raise DPError("record_not_counted")
    if c[removed_bin] <= 0:
        raise DPError("bar_empty")
    out = c.copy()
    out[removed_bin] -= 1
    if added_bin is not None and added_bin >= 0:
        out[added_bin] += 1
    return out


def neighbour_distance(counts_d: np.ndarray, counts_d_prime: np.ndarray) -> Sensitivity:
    """How far apart two histograms are (to check a given D' really is a neighbour of D)."""
    diff = np.asarray(counts_d, dtype=float) - np.asarray(counts_d_prime, dtype=float)
    return Sensitivity(float(np.abs(diff).sum()), float(np.sqrt((diff**2).sum())))
