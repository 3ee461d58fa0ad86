"""Counting queries: how many rows match a condition, and the course's two ways to answer a count
with Laplace noise.

* `count_matching`, `count_matching_all`, `bucket_count`: COUNT(*) WHERE column op value, built from
  menus (text columns allow = and ≠ only; missing cells never match), and the count stored in one
  row of an already-counted table. These are the sensitivity-1 queries the attacks ask.
* Experiment 6-1, the zoo: interactive (answer the query, then add Lap(Delta/eps); every answer
  spends eps) and non-interactive (add Lap(b) to every record's value once, publish the noisy
  records, and let anyone count them afterwards for free, as post-processing).

Reference: course section 6.2.3; SEED-FACTS section 3.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from dpcore.errors import DPError
from dpcore.mechanisms import calibrate
from dpcore.validation import check_positive

# ---------------------------------------------------------------- counts built from menus

OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    ">": operator.gt,
    "≥": operator.ge,
    "<": operator.lt,
    "≤": operator.le,
    "=": operator.eq,
    "≠": operator.ne,
}
TEXT_OPERATORS: tuple[str, ...] = ("=", "≠")


def is_numeric_column(frame: pd.DataFrame, column: str) -> bool:
    """True when the column holds numbers (so every comparison makes sense)."""
    return bool(pd.api.types.is_numeric_dtype(frame[column]) and not pd.api.types.is_bool_dtype(frame[column]))


def check_frame_column(frame: pd.DataFrame, column: Any) -> str:
    """The column name, after checking that `frame` is a table with rows and that column."""
    if not isinstance(frame, pd.DataFrame):
        raise DPError("not_a_table")
    if column is None or column == "":
        raise DPError("count_column_unchosen")
    if column not in frame.columns:
        raise DPError("unknown_column", column=str(column))
    if len(frame) == 0:
        raise DPError("empty_table")
    return column


def row_mask(frame: pd.DataFrame, column: str, op: str, value: Any) -> np.ndarray:
    """Boolean mask of the rows where `column op value` holds (missing cells never match)."""
    col = check_frame_column(frame, column)
    if op not in OPERATORS:
        raise DPError("unknown_comparison", op=op, options=' '.join(OPERATORS))
    if value is None:
        raise DPError("comparison_value_missing", column=col)
    series = frame[col]
    if is_numeric_column(frame, col):
        try:
            v = float(value)
        except (TypeError, ValueError):
            raise DPError("compare_with_number", column=col, value=value) from None
        if not math.isfinite(v):
            raise DPError("compare_finite", column=col, value=value)
        mask = OPERATORS[op](series, v) & series.notna()
    else:
        if op not in TEXT_OPERATORS:
            raise DPError("text_comparison", column=col, op=op)
        text = series.astype("string")
        mask = OPERATORS[op](text, str(value)).fillna(False) & series.notna()
    return np.asarray(mask, dtype=bool)


def count_matching(frame: pd.DataFrame, column: str, op: str, value: Any) -> int:
    """COUNT(*) WHERE column op value: the sensitivity-1 counting query of the attacks.

    Text columns allow = and ≠ only; missing cells never match. Raises ValueError for an empty
    table, a missing or unknown column, an unknown operator, or a value of the wrong kind.
    """
    return int(row_mask(frame, column, op, value).sum())


def count_matching_all(frame: pd.DataFrame, conditions: Sequence[tuple[str, str, Any]]) -> int:
    """COUNT(*) WHERE every (column, op, value) condition holds (e.g. sex = F and grade = Pass)."""
    if not conditions:
        raise DPError("no_conditions")
    mask = np.ones(len(frame), dtype=bool)
    for column, op, value in conditions:
        mask &= row_mask(frame, column, op, value)
    return int(mask.sum())


def bucket_count(frame: pd.DataFrame, label_column: str, count_column: str, label: Any) -> int:
    """The count stored in a histogram table's row `label` (e.g. patients aged 30-40 -> 436)."""
    check_frame_column(frame, label_column)
    check_frame_column(frame, count_column)
    rows = frame[frame[label_column].astype(str) == str(label)]
    if len(rows) != 1:
        raise DPError("bucket_missing", label=str(label))
    value = rows[count_column].iloc[0]
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise DPError("bucket_not_count", label=str(label), value=value) from None
    if not math.isfinite(number) or number < 0 or number != round(number):
        raise DPError("bucket_not_count", label=str(label), value=value)
    return int(number)


# ---------------------------------------------------------------- the zoo's two noisy counts


def _numbers(values: np.ndarray) -> np.ndarray:
    v = np.asarray(values, dtype=float)
    v = v[~np.isnan(v)]
    if v.size == 0:
        raise DPError("no_numbers_to_count")
    return v


def count_above(values: np.ndarray, threshold: float) -> int:
    """How many values are strictly above `threshold` (missing values are not counted)."""
    return int(np.count_nonzero(_numbers(values) > threshold))


def interactive_count(
    values: np.ndarray, threshold: float, epsilon: float, rng: np.random.Generator
) -> float:
    """Scheme 1: the true count plus Lap(1/eps) (a count has sensitivity 1)."""
    return count_above(values, threshold) + float(calibrate("laplace", epsilon).sample(rng, 1)[0])


def noisy_records_count(
    values: np.ndarray,
    threshold: float,
    epsilon: float,
    rng: np.random.Generator,
    value_sensitivity: float = 1.0,
) -> int:
    """Scheme 2: Lap(value_sensitivity/eps) on every record, then count the noisy records above
    the threshold. The course uses value_sensitivity = 1; protecting a value that can lie
    anywhere in [0, 100] would need value_sensitivity = 100."""
    v = _numbers(values)
    noise = calibrate("laplace", epsilon, sensitivity=check_positive("Value sensitivity", value_sensitivity))
    return int(np.count_nonzero(v + noise.sample(rng, v.size) > threshold))
