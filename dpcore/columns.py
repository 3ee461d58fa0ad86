"""One column of a table, read as answers to a question: the helpers every page shares.

- `category_labels`: values as category labels (2007.0 -> "2007").
- `people_per_row`: the one rule for a column that says how many people each row stands for (an
  already-counted table): whole numbers, 0 or more.
- `answer_columns`: the columns with 2 to MAX_CATEGORIES distinct values, answers a person could
  report (randomized response, the local oracles).
- `count_columns`: the columns a user may pick as such a count (whole, non-negative numbers whose
  name says they count something; an age column is whole and non-negative too, so values alone
  cannot tell).
- `column_answers` / `Answers`: a column as category codes and people per code, used by the
  randomized response and exponential mechanism pages alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from dpcore.errors import DPError
from dpcore.limits import MAX_CATEGORIES
from dpcore.validation import check_count

# Words in a column name that say it counts people or records, in English and Chinese.
COUNT_NAME = re.compile(
    r"(^|[^a-z])(n|num|number|count|counts|cnt|freq|frequency|people|persons|patients|cases|"
    r"respondents|weight|weights|total|population|pop)([^a-z]|$)|人数|数量|计数|频数|个数|人次|频次",
    re.IGNORECASE,
)


def category_labels(values: pd.Series) -> np.ndarray:
    """Values as category labels: numbers as short text (2007.0 -> "2007"), text as it is."""
    if pd.api.types.is_numeric_dtype(values):
        return np.array([f"{v:g}" for v in values.to_numpy(dtype=float)], dtype=object)
    return values.astype(str).to_numpy(dtype=object)


def whole_people(weights: pd.Series | np.ndarray, name: str) -> np.ndarray:
    """The one rule for numbers of people per row: whole numbers, 0 or more (NaN where missing).

    Raises ValueError naming the column otherwise."""
    w = pd.to_numeric(pd.Series(np.asarray(weights)), errors="coerce").to_numpy(dtype=float)
    finite = w[~np.isnan(w)]
    if np.any(~np.isfinite(finite)) or np.any(finite < 0) or np.any(finite != np.round(finite)):
        raise DPError("whole_people", what=name)
    return w


def people_per_row(frame: pd.DataFrame, weight_column: str | None) -> np.ndarray | None:
    """How many people each row of `frame` stands for, or None: one row, one person."""
    if weight_column is None:
        return None
    if weight_column not in frame.columns:
        raise DPError("count_column_missing", column=weight_column)
    return whole_people(frame[weight_column], f"The count column {weight_column!r}")


def count_columns(frame: pd.DataFrame, exclude: str | None = None) -> list[str]:
    """Columns that could say how many people a row stands for: numeric, whole and non-negative
    values, and a name that says it counts ("patients", "n", "count", "人数" ...)."""
    found = []
    for name in frame.columns:
        if name == exclude or not COUNT_NAME.search(str(name)):
            continue
        if not pd.api.types.is_numeric_dtype(frame[name]):
            continue
        try:
            people_per_row(frame, name)
        except ValueError:
            continue
        found.append(str(name))
    return found


_COUNT_BLOCK = 1 << 16


def answer_columns(frame: pd.DataFrame) -> list[str]:
    """Columns with 2 to MAX_CATEGORIES distinct values: answers a person could randomize."""
    return [str(c) for c in frame.columns if 2 <= frame[c].nunique(dropna=True) <= MAX_CATEGORIES]


def count_codes(codes: np.ndarray, categories: int) -> np.ndarray:
    """How many times each code 0..k-1 occurs, as int64 counts of length k.

    numpy's bincount first copies small integer types into a full-size intp array; counting in
    blocks of 65,536 rows keeps that copy small (a loop over blocks, not rows).
    """
    k = check_count("The number of categories", categories, minimum=1)
    c = np.asarray(codes).ravel()
    counts = np.zeros(k, dtype=np.int64)
    for start in range(0, c.size, _COUNT_BLOCK):
        block = np.bincount(c[start : start + _COUNT_BLOCK], minlength=k)
        if block.size > k:
            raise DPError("category_codes", largest=k - 1)
        counts += block
    return counts


@dataclass(frozen=True)
class Answers:
    """A column's answers as category codes, one per kept row, and how many people each row is.

    `people` is None when every row is one person. Rows whose answer (or weight) is missing or
    whose answer is not among `categories` are not in `codes`; `missing` and `outside` count the
    people on them.
    """

    categories: tuple[str, ...]
    codes: np.ndarray
    people: np.ndarray | None
    missing: int
    outside: int

    @property
    def counts(self) -> np.ndarray:
        """How many people give each answer (int64, one per category)."""
        k = len(self.categories)
        if self.people is None:
            return count_codes(self.codes, max(k, 1))[:k]
        return np.bincount(self.codes, weights=self.people, minlength=k).astype(np.int64)[:k]


def column_answers(
    values: pd.Series,
    weights: pd.Series | np.ndarray | None = None,
    categories: tuple[str, ...] | list[str] | None = None,
) -> Answers:
    """Read a column as answers to one question.

    `weights`, if given, says how many people each row stands for (an aggregated table).
    `categories` is the public list of possible answers when one is known; otherwise the distinct
    answers found, in sorted order. Labels are short text (2007.0 -> "2007").
    """
    present = values.notna().to_numpy()
    w: np.ndarray | None = None
    if weights is not None:
        w = whole_people(weights, "The count column")
        if w.shape != present.shape:
            raise DPError("people_per_row_count")
        present = present & ~np.isnan(w)
    kept = values[present]
    if categories is None:
        codes, uniques = pd.factorize(kept, sort=True)
        labels = tuple(str(v) for v in category_labels(pd.Series(uniques)))
    else:
        labels = tuple(str(c) for c in categories)
        if len(set(labels)) != len(labels):
            raise DPError("duplicate_category")
        codes = pd.Index(labels).get_indexer(category_labels(kept))
    inside = codes >= 0
    codes = np.asarray(codes, dtype=np.int64)
    if w is None:
        return Answers(labels, codes[inside], None, int(present.size - present.sum()), int((~inside).sum()))
    people = w[present].astype(np.int64)
    missing = int(np.nan_to_num(w)[~present].sum())  # people on rows whose answer is missing
    return Answers(labels, codes[inside], people[inside], missing, int(people[~inside].sum()))
