"""Who a release protects: one row, or one person who may contribute up to m rows.

Differential privacy hides the difference between two neighbouring datasets. If the unit is one
row, a neighbour adds or removes one row; if it is one person with up to m rows, a neighbour adds or
removes all of that person's rows at once, so every sensitivity is multiplied by m (group privacy
made exact by bounding contributions).

Two ways to know m:
- with an ID column, `bound_contributions` keeps at most m rows per person (chosen by a secret
  random key per row), so the bound holds by construction;
- without one, m is a promise the data owner makes ("nobody appears more than m times"); nothing
  in the data can check it, and if it is false the stated epsilon is false too.

Rows whose ID is missing are dropped by `bound_contributions`: they cannot be attributed to anyone,
and treating each as its own person would break the bound for a person with several such rows.
Which rows a person keeps must depend on that person's rows alone (issue 30, item 1). A random
permutation of the whole table does not: removing one person shifts the positions, hence the kept
rows, of everyone else, so the bounded tables of D and D' can differ by far more than m rows (60
people with ages {0, 100} plus one with {100}, m = 1: clamped sums 2700 and 3100 with seed 42, a
gap of 4 sensitivities). Here each row gets a key, a hash of its own values mixed with salts drawn
from `rng`, and each person keeps their m rows of smallest key: whatever the salts, another
person's keys and kept rows are the same on D and D', so the bounding is a stable transformation
(the bounded neighbours differ by at most m rows) and the noise calibrated to m covers it for every
salt. A release still draws the salts from fresh secret randomness (`numpy.random.default_rng()`
with no seed, never the page's seed), as OpenDP and PipelineDP do, so nobody learns which of a
person's rows were kept.

Reference: Dwork & Roth (2014) section 2.3 (group privacy); Wilson et al., "Differentially private
SQL with bounded user contribution" (PoPETs 2020) section 3 (contribution bounding by sampling);
OpenDP and PipelineDP bound contributions with fresh randomness, never a user-given seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd

from dpcore.errors import DPError
from dpcore.limits import MAX_ROWS_PER_PERSON

Unit = Literal["row", "person_bounded", "person_promised"]


def check_rows_per_person(m: object) -> int:
    """m as an int in [1, MAX_ROWS_PER_PERSON], or DPError("rows_per_person") quoting it."""
    try:
        value = float("nan") if isinstance(m, bool) else float(m)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        value = float("nan")
    if not (value.is_integer() and 1 <= value <= MAX_ROWS_PER_PERSON):
        raise DPError("rows_per_person", value=m, maximum=MAX_ROWS_PER_PERSON)
    return int(value)


@dataclass(frozen=True)
class Explanation:
    """What the page says about the unit of protection, as values (the page writes the sentence).

    unit: "row" (m = 1, no ID column), "person_bounded" (an ID column; the app keeps at most m rows
    per person) or "person_promised" (no ID column, m > 1: the data owner promises the bound).
    factor: what every sensitivity is multiplied by.
    """

    unit: Unit
    rows_per_person: int
    id_column: str | None
    factor: int


@dataclass(frozen=True)
class Protection:
    """The unit of protection: one person contributes at most `rows_per_person` rows.

    With `id_column`, the bound is enforced by `bound_contributions`; without it, it is a promise
    made by whoever knows the data (the page must say so).
    """

    rows_per_person: int = 1
    id_column: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows_per_person", check_rows_per_person(self.rows_per_person))
        if self.id_column is not None and not str(self.id_column):
            raise DPError("id_column_empty")

    @property
    def factor(self) -> int:
        """What every sensitivity is multiplied by: m (one person moves a query m times as far)."""
        return self.rows_per_person

    def explain(self) -> Explanation:
        """The unit of protection as values for the page's sentence."""
        if self.id_column is not None:
            unit: Unit = "person_bounded"
        elif self.rows_per_person == 1:
            unit = "row"
        else:
            unit = "person_promised"
        return Explanation(unit, self.rows_per_person, self.id_column, self.factor)


@dataclass(frozen=True)
class Bounded:
    """A table after contribution bounding.

    frame: the kept rows, in their original order; dropped_rows: rows removed because their person
    had more than m (missing IDs included); missing_id_rows: of those, rows without an ID;
    people: distinct IDs in the table; people_truncated: people who lost at least one row.
    The four counts are exact facts about the data, not private: never part of a release.
    """

    frame: pd.DataFrame
    dropped_rows: int
    missing_id_rows: int
    people: int
    people_truncated: int


def _mix(x: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser (Steele, Lea & Flood 2014): a bijection of uint64 that spreads every bit."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def _row_keys(frame: pd.DataFrame, rng: np.random.Generator) -> np.ndarray:
    """A pseudo-random key per row that depends only on the row's own values and two salts drawn
    from `rng`: each cell's hash (pandas) mixed into the row's, between the salts. Numbers are hashed
    as floats and anything else as text, so a row's key does not change when another row changes a
    column's dtype. Privacy does not rest on the keys being unguessable: for every salt the
    bounding is stable."""
    first, last = rng.integers(0, np.iinfo(np.uint64).max, size=2, dtype=np.uint64, endpoint=True)
    keys = np.full(len(frame), first, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for _, column in frame.items():
            numeric = pd.api.types.is_numeric_dtype(column) and not pd.api.types.is_bool_dtype(column)
            cells = column.to_numpy(dtype=float, na_value=np.nan) if numeric else column.astype(str).to_numpy(dtype=object)
            keys = _mix(keys ^ pd.util.hash_array(cells, categorize=False))
        return _mix(keys ^ last)


def bound_contributions(
    frame: pd.DataFrame, id_column: str, m: int, rng: np.random.Generator
) -> Bounded:
    """Keep at most m rows per person (ID): the m rows of smallest key (`_row_keys`, salted from `rng`).

    Stable: a person's kept rows depend only on their own rows and the salt, never on other people's
    rows or on the order of the file, so the bounded tables of two neighbours differ by at most m
    rows for every `rng`. For a release, pass fresh secret randomness (`numpy.random.default_rng()`);
    a seeded `rng` (simulations, benchmarks) gives the same rows again. Identical rows of one person
    are interchangeable (ties go by file order). Rows with a missing ID are dropped (module docstring).
    Raises DPError for a missing column or m outside [1, MAX_ROWS_PER_PERSON].
    """
    m = check_rows_per_person(m)
    if not isinstance(frame, pd.DataFrame):
        raise DPError("not_a_table")
    if id_column not in frame.columns:
        raise DPError("unknown_column", column=str(id_column))
    ids = frame[id_column]
    has_id = ids.notna().to_numpy()
    codes, uniques = pd.factorize(ids, use_na_sentinel=True)
    order = np.lexsort((_row_keys(frame, rng), codes))  # by person, then by key (stable: file order on ties)
    sorted_codes = codes[order]
    starts = np.flatnonzero(np.r_[True, sorted_codes[1:] != sorted_codes[:-1]])  # each person's first row
    rank = np.empty(len(frame), dtype=np.int64)
    rank[order] = np.arange(len(frame)) - np.repeat(starts, np.diff(np.r_[starts, len(frame)]))
    keep = has_id & (rank < m)
    per_person = np.bincount(codes[has_id], minlength=len(uniques))
    return Bounded(
        frame=frame.loc[keep],
        dropped_rows=int(np.count_nonzero(~keep)),
        missing_id_rows=int(np.count_nonzero(~has_id)),
        people=int(len(uniques)),
        people_truncated=int(np.count_nonzero(per_person > m)),
    )
