"""Neighbour pairs for a count query: the true answer on D and on its neighbour D'."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pandas as pd

from dpcore.errors import DPError

# The course's count query on its removal neighbour (SEED-FACTS section 3, Experiment 6-1):
# "number of animals eating more than 55 carrots a day", 90 on zoo.csv and 89 on zoo_nb.csv.
COURSE_COUNT_THRESHOLDS: dict[str, float] = {"carrots": 55.0}


@dataclass(frozen=True)
class CountPair:
    """A count query's true answer on D and on its neighbour D'.

    `query` and `subject` are data words for display (a column condition; the record that
    differs), never sentences. Cancer table: CountPair(3, 2, "has_cancer = yes", "Alice").
    """

    value_d: float
    value_d_prime: float
    query: str = ""
    subject: str = ""

    def __post_init__(self) -> None:
        for name, value in (("The count on D", self.value_d), ("The count on D'", self.value_d_prime)):
            try:
                v = float(value)
            except (TypeError, ValueError):
                raise DPError("not_a_number", what=name, value=value) from None
            if not math.isfinite(v):
                raise DPError("pair_not_finite", what=name, value=v)
        object.__setattr__(self, "value_d", float(self.value_d))
        object.__setattr__(self, "value_d_prime", float(self.value_d_prime))
        if self.value_d == self.value_d_prime:
            raise DPError("count_unchanged", value=self.value_d)

    @property
    def sensitivity(self) -> float:
        """|f(D) - f(D')|: how much the one differing record moves the count."""
        return abs(self.value_d - self.value_d_prime)

    @property
    def midpoint(self) -> float:
        """Halfway between the two answers: where the privacy loss of symmetric noise is zero."""
        return 0.5 * (self.value_d + self.value_d_prime)


def _require_columns(frame: pd.DataFrame, *columns: str) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise DPError("column_missing_listed", column=missing[0], columns=', '.join(map(str, frame.columns)))


def count_with_and_without(
    frame: pd.DataFrame, *, name_column: str, name: str, column: str, value: str
) -> CountPair:
    """Count rows with `column == value` on D (the table) and on D' (the table without `name`).

    Course Table 6-2: count_with_and_without(cancer, name_column="name", name="Alice",
    column="has_cancer", value="yes") gives 3 with Alice and 2 without her.
    """
    _require_columns(frame, name_column, column)
    names = frame[name_column].astype(str)
    if not (names == name).any():
        raise DPError("person_missing", person=name)
    matches = frame[column].astype(str) == value
    with_person = int(matches.sum())
    without_person = int(matches[names != name].sum())
    return CountPair(with_person, without_person, f"{column} = {value}", name)


def _row_key(row: pd.Series) -> str:
    text = [v for v in row.tolist() if isinstance(v, str)]
    return str(text[0] if text else row.iloc[0])


def neighbour_count_pair(frame_d: pd.DataFrame, frame_d_prime: pd.DataFrame) -> CountPair:
    """The count query that tells a dataset from its bundled neighbour.

    Replace neighbour (same shape, one count cell differs, as medicaldata / md_nb: 436 vs 435
    patients aged 30-40): the pair is that cell on D and on D'. Removal neighbour (D' is D minus
    one row, as zoo / zoo_nb without "Dugong"): the course's count when it gives one
    (`COURSE_COUNT_THRESHOLDS`: animals eating more than 55 carrots, 90 vs 89), else the number
    of rows. Raises ValueError when the two tables do not differ in exactly one record.
    """
    if list(frame_d.columns) != list(frame_d_prime.columns):
        raise DPError("neighbour_columns")
    if frame_d.shape == frame_d_prime.shape:
        a = frame_d.reset_index(drop=True)
        b = frame_d_prime.reset_index(drop=True)
        differs = ~((a == b) | (a.isna() & b.isna()))
        cells = list(zip(*np.nonzero(differs.to_numpy())))
        if len(cells) != 1:
            raise DPError("neighbour_cells", count=len(cells))
        row, col = cells[0]
        column = a.columns[col]
        try:
            v_d, v_dp = float(a.iat[row, col]), float(b.iat[row, col])
        except (TypeError, ValueError):
            raise DPError("cell_not_count", column=column) from None
        return CountPair(v_d, v_dp, str(column), _row_key(a.iloc[row]))
    if len(frame_d_prime) != len(frame_d) - 1:
        raise DPError("neighbour_rows", rows=len(frame_d), rows_prime=len(frame_d_prime))
    rows_d = Counter(map(tuple, frame_d.astype(str).to_numpy()))
    rows_dp = Counter(map(tuple, frame_d_prime.astype(str).to_numpy()))
    removed = rows_d - rows_dp
    if sum(removed.values()) != 1 or rows_dp - rows_d:
        raise DPError("neighbour_not_removal")
    removed_row = pd.Series(next(iter(removed)), index=frame_d.columns)
    subject = _row_key(removed_row)
    for column, threshold in COURSE_COUNT_THRESHOLDS.items():
        if column in frame_d.columns and pd.api.types.is_numeric_dtype(frame_d[column]):
            count_d = int((frame_d[column] > threshold).sum())
            count_dp = int((frame_d_prime[column] > threshold).sum())
            if count_d != count_dp:
                return CountPair(count_d, count_dp, f"{column} > {threshold:g}", subject)
    return CountPair(len(frame_d), len(frame_d_prime), "rows", subject)
