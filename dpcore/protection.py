"""Who a release protects: one row, or one person who may contribute up to m rows.

Differential privacy hides the difference between two neighbouring datasets. If the unit is one
row, a neighbour adds or removes one row; if it is one person with up to m rows, a neighbour adds or
removes all of that person's rows at once, so every sensitivity is multiplied by m (group privacy
made exact by bounding contributions).

Two ways to know m:
- with an ID column, `bound_contributions` keeps at most m rows per person (chosen at random with
  the seed), so the bound holds by construction;
- without one, m is a promise the data owner makes ("nobody appears more than m times"); nothing
  in the data can check it, and if it is false the stated epsilon is false too.

Rows whose ID is missing are dropped by `bound_contributions`: they cannot be attributed to anyone,
and treating each as its own person would break the bound for a person with several such rows.
Reference: Dwork & Roth (2014) section 2.3 (group privacy); Wilson et al., "Differentially private
SQL with bounded user contribution" (PoPETs 2020) section 3 (contribution bounding by sampling).
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
        raise DPError(
            "rows_per_person",
            f"The number of rows one person may contribute must be a whole number from 1 to "
            f"{MAX_ROWS_PER_PERSON:,}, got {m!r}.",
            value=m,
            maximum=MAX_ROWS_PER_PERSON,
        )
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
            raise DPError("id_column_empty", "Name the ID column, or choose no ID column.")

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
    """

    frame: pd.DataFrame
    dropped_rows: int
    missing_id_rows: int
    people: int
    people_truncated: int


def bound_contributions(
    frame: pd.DataFrame, id_column: str, m: int, rng: np.random.Generator
) -> Bounded:
    """Keep at most m rows per person (ID), chosen uniformly at random with `rng`.

    The rows are put in a random order drawn from `rng` and each person's first m rows in that order
    are kept, so the same seed keeps the same rows and a person's kept rows do not depend on the
    order of the file. Rows with a missing ID are dropped (see the module docstring).
    Raises DPError for a missing column or m outside [1, MAX_ROWS_PER_PERSON].
    """
    m = check_rows_per_person(m)
    if not isinstance(frame, pd.DataFrame):
        raise DPError("not_a_table", "The data must be a table.")
    if id_column not in frame.columns:
        raise DPError(
            "unknown_column", f"The table has no column named {str(id_column)!r}.", column=id_column,
        )
    ids = frame[id_column]
    has_id = ids.notna().to_numpy()
    codes, uniques = pd.factorize(ids, use_na_sentinel=True)
    order = rng.permutation(len(frame))
    shuffled_codes = codes[order]
    # Rank of each row within its person, in the random order (missing IDs get their own group, dropped).
    rank_in_order = pd.Series(shuffled_codes).groupby(shuffled_codes).cumcount().to_numpy()
    rank = np.empty(len(frame), dtype=np.int64)
    rank[order] = rank_in_order
    keep = has_id & (rank < m)
    per_person = np.bincount(codes[has_id], minlength=len(uniques))
    return Bounded(
        frame=frame.loc[keep],
        dropped_rows=int(np.count_nonzero(~keep)),
        missing_id_rows=int(np.count_nonzero(~has_id)),
        people=int(len(uniques)),
        people_truncated=int(np.count_nonzero(per_person > m)),
    )
