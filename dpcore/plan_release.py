"""A plan's release: contributions bounded with fresh randomness, then every statistic drawn with
OpenDP (dpcore.release's samplers) and the noises its plan priced (`Statistic.events`).

A quantile is chosen among public candidates by OpenDP's `make_private_quantile` (`release_quantile`).
A whole plan (`release_plan`) is drawn from the raw table: contributions are bounded first, with
fresh randomness, never a page's seed (issue 30), then each statistic is drawn.
Here, above dpcore.statistics and dpcore.release, so that neither imports the other back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from dpcore.errors import DPError
from dpcore.key_selection import KeyedHistogram, release_key_selection
from dpcore.mechanisms import AdditiveNoise
from dpcore.protection import Protection, bound_contributions
from dpcore.release import (
    HistogramDomain,
    opendp_prelude,
    release_counts,
    release_histogram,
    release_sum,
    require_declared,
)
from dpcore.statistics import Count, Event, Histogram, Mean, Quantile, Statistic, Sum

# --- a quantile, chosen among public candidates --------------------------------------------------


def quantile_scale(stat: Quantile, epsilon: float, protection: Protection) -> float:
    """The noise scale OpenDP's `make_private_quantile` takes for epsilon: 2 * score sensitivity / epsilon."""
    return 2 * stat.score_sensitivity(protection) / epsilon


def release_quantile(frame: pd.DataFrame, stat: Quantile, epsilon: float, protection: Protection) -> float:
    """One of the quantile's public candidates, chosen by OpenDP's `make_private_quantile`
    (permute-and-flip, pure epsilon-DP; its distribution is `Quantile.probabilities`).

    `frame` must already hold at most m rows per person. Raises DPError("plan_mismatch") when OpenDP
    would charge more than epsilon for m rows per person, and the column's errors (no numbers, text).
    """
    dp = opendp_prelude()
    space = dp.vector_domain(dp.atom_domain(T=float, nan=False)), dp.symmetric_distance()
    meas = dp.m.make_private_quantile(*space, dp.max_divergence(), list(stat.candidates), stat.q,
                                      quantile_scale(stat, epsilon, protection))
    if meas.map(protection.factor) > epsilon * (1 + 1e-9):
        raise DPError("plan_mismatch.quantile", epsilon=epsilon)
    return float(meas(stat.values(frame).tolist()))


# --- a whole plan, from the raw table ------------------------------------------------------------

class Released(NamedTuple):
    """One statistic's labels ("" for one number) and released values, and the scale of their noise
    in the values' own units, from the plan's noises and the released numbers alone (post-processing:
    a mean's is its sum's and count's noise carried through the ratio at the noisy count; a
    quantile's 0, its value being one of the public candidates). What a download rounds to."""

    labels: tuple[str, ...]
    values: tuple[float | int, ...]
    noise: float


@dataclass(frozen=True)
class PlannedStatistic:
    """One statistic of a plan as a release draws it: its name (for errors), the statistic, the
    epsilon it was planned at, the noises the plan calibrated (`Statistic.events`: each must be
    answered once), for a histogram its declared bins, and its share of the plan's delta."""

    name: str
    statistic: Statistic
    epsilon: float
    events: tuple[Event, ...]
    domain: HistogramDomain | None = None
    delta: float = 0.0  # its share of the plan's delta (key selection's threshold is chosen from it)


def planned_noises(name: str, events: Sequence[Event], parts: int) -> tuple[AdditiveNoise, ...]:
    """The planned mechanisms, each used once; DPError("plan_mismatch") when the plan does not hold
    `parts` of them (a mean adds two noises, a count, a histogram or a sum one)."""
    if len(events) != parts or any(count != 1 for _, count in events):
        raise DPError("plan_mismatch.noise", name=name)
    return tuple(noise for noise, _ in events)


def _plain(value: Any) -> float | int:
    """A numpy number as a Python int (whole-number noise) or float."""
    return int(value) if isinstance(value, (int, np.integer)) else float(value)


def release_statistic(frame: pd.DataFrame, planned: PlannedStatistic, protection: Protection) -> Released:
    """The labels and released values of one statistic, on a table already bounded to m rows per person:
    - a count (with its filter): `release_counts` on the true count;
    - a histogram: `release_histogram` on its declared domain, every bin released, empty ones included;
    - a sum: `release_sum` (OpenDP clamps and sums; its sensitivity is the one the plan calibrated on);
    - a mean: a noisy clamped sum over a noisy count of the column's values, each with one of the
      plan's two noises, then clamped to the public bounds (post-processing: it only moves the value
      towards the true clamped mean, which lies within them);
    - a quantile: `release_quantile` at the planned epsilon;
    - a histogram of categories read from the data: `release_key_selection` with the planned noise
      and the threshold its delta share (`planned.delta`) allows; only the categories kept appear.
    """
    stat, name = planned.statistic, planned.name
    if isinstance(stat, KeyedHistogram):
        (noise,) = planned_noises(name, planned.events, 1)
        kept = release_key_selection(frame[stat.column], planned.epsilon, planned.delta, protection.factor)
        if kept.delta > noise.failure * (1 + 1e-9) or kept.scale < noise.scale:
            raise DPError("plan_mismatch.noise", name=name)
        return Released(kept.labels, tuple(int(v) for v in kept.values), kept.scale)
    if isinstance(stat, Quantile):
        return Released(("",), (release_quantile(frame, stat, planned.epsilon, protection),), 0.0)
    if isinstance(stat, Mean):
        sum_noise, count_noise = planned_noises(name, planned.events, 2)
        total = release_sum(stat.sum_part.values(frame), stat.lower, stat.upper, sum_noise, protection.factor).value
        count = max(float(release_counts([stat.count_part.true_value(frame)], count_noise)[0]), 1.0)
        mean = float(np.clip(total / count, stat.lower, stat.upper))
        return Released(("",), (mean,), (sum_noise.scale + abs(mean) * count_noise.scale) / count)
    (noise,) = planned_noises(name, planned.events, 1)
    if isinstance(stat, Histogram):
        drawn = release_histogram(frame, stat.column, require_declared(planned.domain), noise)
        return Released(drawn.labels, tuple(_plain(v) for v in drawn.values), noise.scale)
    if isinstance(stat, Sum):
        value = release_sum(stat.values(frame), stat.lower, stat.upper, noise, protection.factor).value
        return Released(("",), (value,), noise.scale)
    if isinstance(stat, Count):
        return Released(("",), (_plain(release_counts([stat.true_value(frame)], noise)[0]),), noise.scale)
    raise DPError("unknown_statistic.release", name=name)


def release_plan(frame: pd.DataFrame, planned: Sequence[PlannedStatistic], protection: Protection) -> list[Released]:
    """Draw every statistic of a plan from the raw table, in order.

    `frame` is the table as it is, before contribution bounding: with an ID column, the rows each
    person keeps are chosen here, with fresh secret randomness drawn for this release alone (never a
    page's seed, never shown or kept; issue 30, item 1), then each statistic is drawn
    (`release_statistic`) with OpenDP's samplers. Raises DPError for anything that cannot be released
    (undeclared bins, noises that do not match the statistic, bad data for OpenDP: "not_releasable"
    naming the statistic), before anything is returned.
    """
    if protection.id_column is not None:
        frame = bound_contributions(frame, protection.id_column, protection.rows_per_person,
                                    np.random.default_rng()).frame  # no seed: the OS's entropy
    drawn = []
    for p in planned:
        try:
            drawn.append(release_statistic(frame, p, protection))
        except DPError:
            raise
        except ValueError as exc:  # a plain check of dpcore (a missing column, text where numbers are due)
            raise DPError("not_releasable", name=p.name, error=exc) from None
    return drawn
