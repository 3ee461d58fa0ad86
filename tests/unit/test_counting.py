"""dpcore.counting's queries built from menus, against pandas and the course's own numbers (the zoo
count 90 of Experiment 6-1, 436 patients aged 30-40 in Experiment 6-2, no girl passing in Table 6-1)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from dpcore import counting as C
from dpcore.catalog import BUNDLED


def _load(key: str) -> pd.DataFrame:
    return pd.read_csv(BUNDLED[key].path)


def test_course_counts() -> None:
    assert C.count_matching(_load("zoo"), "carrots", ">", 55) == 90
    assert C.count_matching(pd.read_csv(BUNDLED["zoo"].neighbour_path), "carrots", ">", 55) == 89
    assert C.bucket_count(_load("medical"), "age_bucket", "patients", "30-40") == 436
    students = _load("students")
    assert C.count_matching_all(students, [("sex", "=", "F"), ("grade", "=", "Pass")]) == 0


@pytest.mark.parametrize("op,fn", [(">", "gt"), ("≥", "ge"), ("<", "lt"), ("≤", "le"), ("=", "eq"), ("≠", "ne")])
def test_count_matching_agrees_with_pandas(op: str, fn: str) -> None:
    frame = pd.DataFrame({"x": [1.0, 2.0, np.nan, 55.0, 56.0, 100.0], "s": ["a", "b", None, "a", "c", "a"]})
    expected = int((getattr(frame["x"], fn)(55.0) & frame["x"].notna()).sum())
    assert C.count_matching(frame, "x", op, 55) == expected
    if op in C.TEXT_OPERATORS:
        expected_text = int((getattr(frame["s"], fn)("a") & frame["s"].notna()).sum())
        assert C.count_matching(frame, "s", op, "a") == expected_text


@pytest.mark.parametrize(
    "frame,column,op,value",
    [
        (pd.DataFrame({"x": [1]}), "nope", ">", 1),
        (pd.DataFrame({"x": [1]}), None, ">", 1),
        (pd.DataFrame({"x": []}), "x", ">", 1),
        (pd.DataFrame({"x": [1]}), "x", "<>", 1),
        (pd.DataFrame({"x": [1]}), "x", ">", "abc"),
        (pd.DataFrame({"x": [1]}), "x", ">", float("nan")),
        (pd.DataFrame({"x": [1]}), "x", ">", None),
        (pd.DataFrame({"s": ["a"]}), "s", ">", "a"),
    ],
)
def test_count_matching_rejects(frame: pd.DataFrame, column: object, op: str, value: object) -> None:
    with pytest.raises(ValueError):
        C.count_matching(frame, column, op, value)  # type: ignore[arg-type]


def test_bucket_count_rejects_unknown_label() -> None:
    with pytest.raises(ValueError, match="bucket"):
        C.bucket_count(_load("medical"), "age_bucket", "patients", "90-100")


def test_count_matching_all_needs_a_condition_and_ands_them() -> None:
    frame = pd.DataFrame({"sex": ["F", "M", "F"], "grade": ["Pass", "Pass", "Fail"]})
    assert C.count_matching_all(frame, [("sex", "=", "F"), ("grade", "=", "Pass")]) == 1
    with pytest.raises(ValueError, match="at least one condition"):
        C.count_matching_all(frame, [])


def test_numeric_columns_exclude_booleans() -> None:
    frame = pd.DataFrame({"n": [1, 2], "flag": [True, False], "s": ["a", "b"]})
    assert [c for c in frame.columns if C.is_numeric_column(frame, c)] == ["n"]
