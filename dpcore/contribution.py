"""How the bound m on rows per person trades bias for noise: the data's shape, read once.

With an ID column, a release keeps at most m rows of each person (`protection.bound_contributions`,
a uniformly random subset of each person's rows). A larger m drops fewer rows (less bias) but
multiplies the noise by m; the best m balances the two. One pass over the data groups the people
by how many rows they hold (`shape`); every candidate m is then scored from those groups alone:
a person with k > m rows loses k - m of them, so a statistic whose rows add up (a count, a sum)
expects to lose (1 - m/k) of that person's total (exactly, for a count of rows). PipelineDP's utility
analysis computes this in code; here it is shown.

Reading the data's shape is itself a look at the data: a bound chosen this way is not private.
`private_bound` chooses one privately instead, at a stated epsilon: the q-quantile of the people's
row counts, drawn by OpenDP's private quantile (each person is one value there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dpcore.errors import DPError
from dpcore.limits import MAX_BOUND_CANDIDATES


@dataclass(frozen=True)
class Shape:
    """People grouped by their number of rows: `people[i]` people hold exactly `rows[i]` rows, and
    together their rows weigh `mass[i]` (their rows' weights added up)."""

    rows: np.ndarray
    people: np.ndarray
    mass: np.ndarray

    @property
    def largest(self) -> int:
        return int(self.rows[-1]) if self.rows.size else 0


def shape(ids: pd.Series, weights: Any = None) -> Shape:
    """One pass: each person's rows and weight, grouped by row count. `weights` (one per row, default
    1) is what each row adds to the statistic. Rows with a missing ID are left out (a release drops them)."""
    codes, _ = pd.factorize(ids, use_na_sentinel=True)
    w = np.ones(len(codes)) if weights is None else np.asarray(weights, dtype=float)
    if w.shape != codes.shape:
        raise DPError("weights_per_row", rows=len(codes), weights=w.size)
    has = codes >= 0
    per_person = np.bincount(codes[has])
    weight = np.bincount(codes[has], weights=w[has], minlength=per_person.size)
    rows, where = np.unique(per_person, return_inverse=True)
    return Shape(rows, np.bincount(where, minlength=rows.size), np.bincount(where, weights=weight, minlength=rows.size))


def expected_dropped(data: Shape, bounds: Any) -> np.ndarray:
    """The weight a bound of m rows per person is expected to drop, for each m of `bounds`:
    sum over people with k > m rows of (1 - m/k) times their weight."""
    m = np.asarray(bounds, dtype=float)[:, None]
    share = np.clip(1.0 - m / data.rows[None, :], 0.0, None)
    return share @ data.mass


# --- a bound chosen privately -----------------------------------------------------------------------


def rows_per_person(ids: pd.Series) -> np.ndarray:
    """How many rows each person holds (one number per person; rows with a missing ID left out)."""
    codes, _ = pd.factorize(ids, use_na_sentinel=True)
    return np.bincount(codes[codes >= 0]).astype(float)


def _bound_quantile(q: float, largest: int) -> Any:
    """The q-quantile of the people's row counts over the public candidates 1..largest."""
    from dpcore.statistics import Quantile

    return Quantile("rows", q, tuple(float(m) for m in range(1, largest + 1)))


def private_bound(ids: pd.Series, epsilon: float, q: float = 0.9, largest: int = MAX_BOUND_CANDIDATES) -> int:
    """A bound m on rows per person chosen privately: the q-quantile of the people's row counts (about
    the m that keeps every row of a share q of the people), drawn by OpenDP's private quantile among
    the public candidates 1..largest. Each person is one value of that list, so it is pure epsilon-DP
    for adding or removing a person (`dpcore.plan_release.release_quantile`); its epsilon must be
    charged to the budget like any release. Fresh OpenDP randomness, never a page's seed."""
    from dpcore.plan_release import release_quantile
    from dpcore.protection import Protection

    people = pd.DataFrame({"rows": rows_per_person(ids)})
    if people.empty:
        raise DPError("no_people")
    return int(release_quantile(people, _bound_quantile(q, largest), epsilon, Protection()))


def private_bound_chances(ids: pd.Series, epsilon: float, q: float = 0.9,
                          largest: int = MAX_BOUND_CANDIDATES) -> np.ndarray:
    """The chance `private_bound` draws each m of 1..largest on this data (its exact distribution,
    `Quantile.probabilities`): for the data owner, as every figure of this module."""
    from dpcore.protection import Protection

    people = pd.DataFrame({"rows": rows_per_person(ids)})
    if people.empty:
        raise DPError("no_people")
    return _bound_quantile(q, largest).probabilities(people, epsilon, Protection())
