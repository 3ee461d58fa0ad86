"""dpcore.reidentification against brute force on small tables: every row's k (missing values a value
of their own, weights, bins, keys past 2^62), the growth by columns, the linkage attack (exactly the
unique rows of a constructed table are re-identified; an outside voter list looked up row by row),
the release's cells over the voter list's combinations, and the errors a page shows."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from dpcore import reidentification as R
from dpcore.errors import DPError


def _same(a: object, b: object) -> bool:
    """Equality as a grouping sees it: a missing value equals a missing value."""
    return (pd.isna(a) and pd.isna(b)) or (not pd.isna(a) and not pd.isna(b) and a == b)


def brute_k(frame: pd.DataFrame, columns: list[str], weights: np.ndarray | None = None) -> np.ndarray:
    rows = frame[columns].to_numpy(dtype=object)
    w = np.ones(len(rows)) if weights is None else weights
    def alike(i: int, j: int) -> bool:
        return all(_same(x, y) for x, y in zip(rows[i], rows[j], strict=True))

    return np.array([sum(w[j] for j in range(len(rows)) if alike(i, j)) for i in range(len(rows))], dtype=float)


def random_table(rng: np.random.Generator, n: int) -> pd.DataFrame:
    sex = rng.choice(np.array(["F", "M", None], dtype=object), n, p=[0.45, 0.45, 0.1])
    age = rng.integers(18, 90, n).astype(float)
    age[rng.random(n) < 0.1] = np.nan
    return pd.DataFrame({
        "sex": pd.array(sex, dtype="str"),
        "age": age,
        "zip": rng.choice(["02139", "02140", "02141", "10001"], n),
        "children": rng.integers(0, 4, n),
        "diagnosis": rng.choice(["flu", "asthma", "none"], n),
    })


@pytest.mark.parametrize("seed", range(6))
def test_every_row_s_k_is_the_brute_force_count(seed: int) -> None:
    rng = np.random.default_rng(seed)
    frame = random_table(rng, 60)
    for columns in (["sex"], ["sex", "age"], ["zip", "children", "sex"], ["age", "zip", "children", "sex"]):
        assert np.array_equal(R.group_sizes(frame, columns), brute_k(frame, columns)), columns


def test_weights_add_up_the_people_a_row_stands_for() -> None:
    frame = pd.DataFrame({"bucket": ["20-30", "30-40", "20-30", "40-50"], "patients": [3, 1, 2, 0]})
    k = R.group_sizes(frame, ["bucket"], weight_column="patients")
    assert k.tolist() == brute_k(frame, ["bucket"], frame["patients"].to_numpy(float)).tolist() == [5, 1, 5, 0]
    summary = R.uniqueness(frame, ["bucket"], weight_column="patients")
    assert (summary.people, summary.unique, summary.small, summary.groups, summary.smallest) == (6, 1, 1, 2, 1)


@pytest.mark.parametrize("seed", range(3))
def test_the_totals_match_brute_force(seed: int) -> None:
    frame = random_table(np.random.default_rng(seed), 80)
    columns = ["sex", "age", "children"]
    k = brute_k(frame, columns)
    u = R.uniqueness(frame, columns)
    assert u.people == 80 and u.unique == (k == 1).sum() and u.small == (k < R.SMALL_GROUP).sum()
    assert u.groups == len(frame[columns].drop_duplicates()) and u.smallest == k.min()
    assert u.people_with_k(2, 5) == ((k >= 2) & (k < 5)).sum()


def test_numbers_in_bins_are_grouped_by_the_start_of_their_bin() -> None:
    frame = pd.DataFrame({"age": [20.0, 24.9, 25.0, 29.0, np.nan, -0.5, 31.0]})
    binned = R.generalised(frame["age"], 5.0)
    assert binned.tolist()[:4] == [20.0, 20.0, 25.0, 25.0] and math.isnan(binned[4]) and binned[5] == -5.0
    expected = brute_k(pd.DataFrame({"age": binned}), ["age"])
    assert np.array_equal(R.group_sizes(frame, ["age"], {"age": 5.0}), expected)
    assert R.group_sizes(frame, ["age"], {"age": 5.0}).tolist() == [2, 2, 2, 2, 1, 1, 1]
    with pytest.raises(DPError) as bad:
        R.group_sizes(pd.DataFrame({"sex": ["F"]}), ["sex"], {"sex": 5.0})
    assert bad.value.code == "column_not_numeric_bounds"


def test_keys_past_two_to_the_62_are_compressed_and_stay_right() -> None:
    rng = np.random.default_rng(5)
    frame = pd.DataFrame({f"c{i}": rng.integers(0, 900, 1_500) for i in range(7)})  # 900^7 > 2^62
    frame.iloc[10] = frame.iloc[11]  # two rows alike: every other row is unique
    columns = list(frame.columns)
    k = R.group_sizes(frame, columns)
    assert np.array_equal(k, frame.groupby(columns)[columns[0]].transform("size").to_numpy())
    assert k[10] == k[11] == 2 and (k == 1).sum() == 1_498
    assert R.growth(frame, columns).unique[-1] == pytest.approx(1_498 / 1_500)


def test_growth_is_the_uniqueness_of_each_first_few_columns() -> None:
    frame = random_table(np.random.default_rng(11), 120)
    columns = ["sex", "zip", "children", "age"]
    grown = R.growth(frame, columns, {"age": 10.0})
    for i in range(len(columns)):
        u = R.uniqueness(frame, columns[: i + 1], {"age": 10.0})
        assert grown.unique[i] == pytest.approx(u.unique / 120) and grown.small[i] == pytest.approx(u.small / 120)
    assert list(grown.unique) == sorted(grown.unique)  # adding a column never merges groups


def test_nice_widths() -> None:
    assert R.nice_width(0, 120, 20) == 10 and R.nice_width(0, 120, 10) == 20 and R.nice_width(0, 120, 25) == 5
    assert R.nice_width(2500, 6500, 20) == 200 and R.nice_width(2500, 6500, 10) == 500
    assert R.nice_width(30, 60, 20) == 2 and R.nice_width(0, 1, 4) == 0.25
    with pytest.raises(DPError):
        R.nice_width(5, 5, 10)


def constructed() -> pd.DataFrame:
    """Eight people: four unique on (sex, zip, age), two pairs that share theirs."""
    return pd.DataFrame({
        "sex": ["F", "M", "F", "F", "M", "M", "F", "M"],
        "zip": ["02139", "02139", "02139", "02139", "10001", "10001", "10001", "02139"],
        "age": [34, 34, 51, 51, 29, 29, 62, 70],
        "diagnosis": ["flu", "asthma", "cancer", "cancer", "flu", "none", "asthma", "flu"],
    })


def test_the_linkage_re_identifies_exactly_the_unique_rows_of_a_constructed_table() -> None:
    frame = constructed()
    columns = ["sex", "zip", "age"]
    unique = set(np.flatnonzero(R.group_sizes(frame, columns) == 1))
    assert unique == {0, 1, 6, 7}
    voters = R.voter_list(frame, columns, np.random.default_rng(3))
    assert sorted(voters.rows) == list(range(8)) and voters.name_column == "name"
    found = R.link(frame, voters.table, columns, sensitive="diagnosis")
    assert set(voters.rows[found.linked]) == unique and found.reidentified == 4
    assert np.array_equal(found.row[found.linked], voters.rows[found.linked])  # each name on its own row
    # the two women of 02139 aged 51 both have cancer: a group of 2 gives their diagnosis away
    learnt = set(voters.rows[found.learnt])
    assert learnt == unique | {2, 3}
    values = frame["diagnosis"].to_numpy()
    assert all(values[found.value_row[i]] == values[voters.rows[i]] for i in np.flatnonzero(found.learnt))
    assert np.array_equal(found.k, R.group_sizes(frame, columns))
    unique, again = R.uniqueness_and_linkage(frame, voters.table, columns, sensitive="diagnosis")
    alone = R.uniqueness(frame, columns)
    assert (unique.unique, unique.small, unique.groups, unique.smallest) == (alone.unique, alone.small, alone.groups, 1)
    assert np.array_equal(again.row, found.row)


@pytest.mark.parametrize("seed", range(4))
def test_an_outside_voter_list_is_looked_up_row_by_row(seed: int) -> None:
    rng = np.random.default_rng(seed)
    frame = random_table(rng, 50)
    columns = ["sex", "zip", "children"]
    outside = random_table(rng, 30)[columns]  # people who may or may not be in the table
    outside = pd.concat([outside, frame[columns].iloc[:10]], ignore_index=True).astype({"children": str})
    found = R.link(frame, outside.assign(voter=[f"v{i}" for i in range(len(outside))]), columns)
    table = frame[columns].to_numpy(dtype=object)
    listed = outside.astype({"children": int}).to_numpy(dtype=object)
    for i, values in enumerate(listed):
        matches = [j for j, row in enumerate(table) if all(_same(a, b) for a, b in zip(values, row, strict=True))]
        sharing = sum(all(_same(a, b) for a, b in zip(values, other, strict=True)) for other in listed)
        assert found.matches[i] == len(matches) and found.sharing[i] == sharing, i
        assert found.row[i] == (matches[0] if len(matches) == 1 and sharing == 1 else -1), i


def test_the_voter_list_is_a_seeded_sample_under_made_up_names() -> None:
    frame = random_table(np.random.default_rng(0), 2_000)
    one = R.voter_list(frame, ["sex", "age"], np.random.default_rng(9), coverage=0.5)
    again = R.voter_list(frame, ["sex", "age"], np.random.default_rng(9), coverage=0.5)
    assert one.table.equals(again.table) and np.array_equal(one.rows, again.rows)
    assert 900 < len(one.rows) < 1_100 and len(set(one.rows)) == len(one.rows)
    assert list(one.table.columns) == ["name", "sex", "age"] and one.table["sex"].dtype == frame["sex"].dtype
    assert one.table["name"].str.split(" ").str[0].isin(R.GIVEN).all()
    listed = one.table.iloc[:, 1:].reset_index(drop=True)
    assert listed.equals(frame[["sex", "age"]].iloc[one.rows].reset_index(drop=True))
    assert R.voter_list(pd.DataFrame({"name": ["a"]}), ["name"], np.random.default_rng(0)).name_column == "name_"


@pytest.mark.parametrize("frame, columns, voters, code", [
    (constructed(), [], None, "count_range"),
    (constructed(), ["height"], None, "column_missing_listed"),
    (constructed().assign(zip=np.nan), ["sex", "zip"], None, "column_no_values"),
    (constructed().iloc[:0], ["sex"], None, "empty_table"),
    (constructed(), ["sex", "zip"], pd.DataFrame({"sex": ["F"], "name": ["Ann"]}), "column_missing_listed"),
    (constructed(), ["sex"], pd.DataFrame({"sex": []}), "empty_table"),
    (constructed(), ["sex", "sex"], None, "synthetic_column_twice"),
])
def test_bad_input_is_a_dp_error_a_page_can_show(frame: pd.DataFrame, columns: list[str],
                                                 voters: pd.DataFrame | None, code: str) -> None:
    with pytest.raises(DPError) as caught:
        if voters is None:
            R.uniqueness(frame, columns)
        else:
            R.link(frame, voters, columns)
    assert caught.value.code == code
    if code == "column_missing_listed" and voters is not None:
        assert "'zip'" in str(caught.value) and "sex, name" in str(caught.value)


def test_the_release_s_cells_are_the_voter_list_s_combinations() -> None:
    frame = constructed()
    columns = ["sex", "zip"]
    voters = pd.DataFrame({"name": ["A", "B", "C", "D"], "sex": ["M", "F", "M", "X"],
                           "zip": ["10001", "02139", "10001", "02139"]})
    cell, true = R.cell_counts(frame, voters, columns)
    assert cell.tolist() == [0, 1, 0, 2]  # in the list's own order; "X" is nobody in the table
    assert true.tolist() == [2, 3, 0]  # (F, 10001) and (M, 02139) are on no list: in no cell
    release = R.release_cells(frame, voters, columns, epsilon=50.0)  # noise of scale 1/50: 0 but once in 10^21
    assert np.array_equal(release.released, true) and release.mechanism.kind == "discrete_laplace"
    noisy = R.release_cells(frame, voters, columns, epsilon=0.5)
    assert np.all(noisy.released == np.round(noisy.released))


def test_the_chance_a_cell_shows_one_is_the_discrete_laplace_pmf() -> None:
    from dpcore.mechanisms import calibrate

    m = calibrate("discrete_laplace", 1.0)
    p = math.exp(-1.0)
    chances = R.chance_released(m, np.array([1.0, 0.0, 2.0, 5.0]))
    expected = [(1 - p) / (1 + p) * p ** abs(1 - t) for t in (1, 0, 2, 5)]
    assert chances == pytest.approx(expected)
    assert chances[0] / chances[1] == pytest.approx(math.e)  # present or absent: odds move by e^ε at most


def test_other_people_on_the_list_are_not_in_the_table_and_can_be_pinned_wrongly() -> None:
    frame = constructed()
    columns = ["sex", "zip", "age"]
    listed = R.voter_list(frame, columns, np.random.default_rng(4), coverage=0.5, others=16)
    assert len(listed.table) == (listed.rows >= 0).sum() + 16 and (listed.rows < 0).sum() == 16
    for column in columns:  # every value of the others is some row's value of that column
        assert set(listed.table[column]) <= set(frame[column])
    found = R.link(frame, listed.table, columns)
    wrong = found.linked & (listed.rows < 0)
    right = found.linked & (listed.rows >= 0)
    assert np.array_equal(found.row[right], listed.rows[right])  # a listed person alone: their own row
    # a pin of somebody not in the table lands on a row whose person the list missed
    assert not set(found.row[wrong]) & set(listed.rows[listed.rows >= 0])
    with pytest.raises(DPError):
        R.voter_list(frame, columns, np.random.default_rng(0), others=R.OTHERS_PER_ROW * len(frame) + 1)
    with pytest.raises(DPError):
        R.voter_list(frame, columns, np.random.default_rng(0), coverage=1.5)
