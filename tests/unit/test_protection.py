"""dpcore.protection: the unit of protection and contribution bounding by seeded sampling."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from dpcore.errors import DPError
from dpcore.limits import MAX_ROWS_PER_PERSON
from dpcore.protection import Protection, bound_contributions

ALPHA = 1e-3  # false-alarm rate of the statistical test below, with a fixed seed


def people_frame() -> pd.DataFrame:
    """Ann has 5 rows, Bob 2, Cy 1, and one row has no ID."""
    return pd.DataFrame(
        {
            "pid": ["ann"] * 5 + ["bob"] * 2 + ["cy", None],
            "row": range(9),
        }
    )


def test_factor_and_explanation_follow_m_and_the_id_column() -> None:
    assert Protection().factor == 1 and Protection().explain().unit == "row"
    promised = Protection(rows_per_person=3).explain()
    assert (promised.unit, promised.factor, promised.id_column) == ("person_promised", 3, None)
    bounded = Protection(rows_per_person=2, id_column="pid").explain()
    assert (bounded.unit, bounded.factor, bounded.id_column) == ("person_bounded", 2, "pid")
    assert Protection(rows_per_person=1, id_column="pid").explain().unit == "person_bounded"


@pytest.mark.parametrize("m", [0, -1, 1.5, "two", None, True, MAX_ROWS_PER_PERSON + 1])
def test_bad_m_is_refused_with_its_code(m: object) -> None:
    with pytest.raises(DPError) as caught:
        Protection(rows_per_person=m)  # type: ignore[arg-type]
    assert caught.value.code == "rows_per_person"
    assert repr(m) in str(caught.value)
    with pytest.raises(DPError):
        bound_contributions(people_frame(), "pid", m, np.random.default_rng(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("m", [1, 2, 3, 5])
def test_keeps_at_most_m_rows_per_person_and_counts_what_it_dropped(m: int) -> None:
    frame = people_frame()
    bounded = bound_contributions(frame, "pid", m, np.random.default_rng(7))
    per_person = bounded.frame["pid"].value_counts()
    assert per_person.max() <= m
    expected = {"ann": min(5, m), "bob": min(2, m), "cy": 1}
    assert per_person.to_dict() == expected
    assert bounded.missing_id_rows == 1
    assert bounded.dropped_rows == len(frame) - sum(expected.values())
    assert bounded.people == 3
    assert bounded.people_truncated == (m < 5) + (m < 2)
    assert bounded.frame["row"].is_monotonic_increasing  # kept rows stay in file order


def test_same_seed_same_rows_other_seed_other_rows() -> None:
    frame = pd.DataFrame({"pid": [1] * 30 + [2] * 30, "row": range(60)})
    first = bound_contributions(frame, "pid", 4, np.random.default_rng(11)).frame["row"].tolist()
    again = bound_contributions(frame, "pid", 4, np.random.default_rng(11)).frame["row"].tolist()
    other = bound_contributions(frame, "pid", 4, np.random.default_rng(12)).frame["row"].tolist()
    assert first == again
    assert first != other


@pytest.mark.slow
def test_each_row_of_a_person_is_kept_equally_often() -> None:
    # One person with 8 rows, m = 2: each row is kept with probability 2/8 (chi-square test).
    frame = pd.DataFrame({"pid": ["p"] * 8, "row": range(8)})
    rng = np.random.default_rng(2026)
    kept = np.zeros(8)
    runs = 800
    for _ in range(runs):
        kept[bound_contributions(frame, "pid", 2, rng).frame["row"].to_numpy()] += 1
    assert kept.sum() == 2 * runs
    assert stats.chisquare(kept).pvalue > ALPHA


def test_unknown_id_column_is_refused() -> None:
    with pytest.raises(DPError) as caught:
        bound_contributions(people_frame(), "person", 2, np.random.default_rng(0))
    assert caught.value.code == "unknown_column"
    assert "person" in str(caught.value)


def audit_example() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Issue 30, item 1: 60 people with rows {age 0, age 100}, and D adds P with one row of 100."""
    d_prime = pd.DataFrame({"pid": np.repeat(np.arange(60), 2), "age": np.tile([0, 100], 60)})
    d = pd.concat([d_prime, pd.DataFrame({"pid": [60], "age": [100]})], ignore_index=True)
    return d, d_prime


def clamped_sum(frame: pd.DataFrame) -> float:
    return float(frame["age"].clip(0, 100).sum())


@pytest.mark.parametrize("seed", [42, *range(100)])
def test_neighbours_keep_the_same_rows_of_everyone_else_whatever_the_randomness(seed: int) -> None:
    # The audit's example, m = 1, the same randomness on D and D': the bounded clamped sums differ by
    # at most the sensitivity 100 (a whole-table permutation gave 2700 and 3100 at seed 42).
    d, d_prime = audit_example()
    on_d = bound_contributions(d, "pid", 1, np.random.default_rng(seed)).frame
    on_d_prime = bound_contributions(d_prime, "pid", 1, np.random.default_rng(seed)).frame
    assert abs(clamped_sum(on_d) - clamped_sum(on_d_prime)) <= 100
    assert on_d[on_d["pid"] != 60].equals(on_d_prime)


def test_a_persons_kept_rows_depend_on_their_own_rows_only() -> None:
    # Another file order, other people added, a column's dtype changed by them: the same rows of
    # person 3 are kept with the same randomness.
    frame = pd.DataFrame({"pid": [3] * 10 + [4] * 10, "x": np.arange(20), "tag": list("abcdefghij") * 2})
    kept = bound_contributions(frame, "pid", 3, np.random.default_rng(5)).frame
    other = pd.concat([frame.iloc[::-1], pd.DataFrame({"pid": [9], "x": [0.5], "tag": [None]})], ignore_index=True)
    again = bound_contributions(other, "pid", 3, np.random.default_rng(5)).frame
    assert sorted(kept.loc[kept["pid"] == 3, "x"]) == sorted(again.loc[again["pid"] == 3, "x"])
