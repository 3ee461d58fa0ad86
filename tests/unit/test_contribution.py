"""The bound on rows per person (dpcore/contribution.py) against a brute force over small tables:
the rows a bound drops, and the expected weight it drops when each person keeps a random subset."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest

from dpcore.audit import epsilon_lower_bound
from dpcore.contribution import expected_dropped, private_bound, private_bound_chances, rows_per_person, shape
from dpcore.errors import DPError
from dpcore.protection import bound_contributions


def _table(rng: np.random.Generator, people: int = 40) -> pd.DataFrame:
    counts = rng.geometric(0.3, people)  # most people a row or two, a few many
    ids = np.repeat(np.arange(people), counts)
    return pd.DataFrame({"id": ids, "value": rng.integers(0, 100, ids.size).astype(float)})


def test_the_rows_dropped_are_those_past_m_of_each_person() -> None:
    frame = _table(np.random.default_rng(1))
    data = shape(frame["id"])
    bounds = np.arange(1, data.largest + 2)
    per_person = frame["id"].value_counts().to_numpy()
    brute = [int(np.clip(per_person - m, 0, None).sum()) for m in bounds]
    assert expected_dropped(data, bounds).round().astype(int).tolist() == brute
    assert expected_dropped(data, [data.largest])[0] == 0
    # and what bound_contributions actually drops
    for m in (1, 2, 3):
        assert bound_contributions(frame, "id", m, np.random.default_rng(m)).dropped_rows == brute[m - 1]


def test_the_expected_weight_dropped_is_the_average_over_every_subset_kept() -> None:
    """A person with k rows keeps each subset of m rows equally likely: enumerate them."""
    frame = pd.DataFrame({"id": [1, 1, 1, 2, 2, 3], "value": [5.0, 7.0, 30.0, 1.0, 2.0, 9.0]})
    data = shape(frame["id"], frame["value"])
    for m in (1, 2, 3):
        expected = 0.0
        for _, rows in frame.groupby("id")["value"]:
            values = rows.to_numpy()
            if len(values) > m:
                kept = [sum(c) for c in itertools.combinations(values, m)]
                expected += values.sum() - np.mean(kept)
        assert expected_dropped(data, [m])[0] == pytest.approx(expected)


def test_missing_ids_are_left_out_and_weights_must_match_the_rows() -> None:
    data = shape(pd.Series([1, 1, None, 2]))
    assert data.rows.tolist() == [1, 2] and data.people.tolist() == [1, 1]
    with pytest.raises(ValueError):
        shape(pd.Series([1, 2]), [1.0])


def test_a_million_rows_take_one_pass_and_a_hundred_bounds_a_moment() -> None:
    """Not timed (bench/ measures speed): every bound is scored from the groups, not the rows."""
    rng = np.random.default_rng(3)
    ids = pd.Series(rng.zipf(2.0, 1_000_000) % 200_000)
    data = shape(ids)
    assert data.people.sum() == ids.nunique() and data.rows.size < 1_000
    curve = expected_dropped(data, np.arange(1, 101))
    assert np.all(np.diff(curve) <= 0) and curve[0] == len(ids) - ids.nunique()


# --- a bound chosen privately ----------------------------------------------------------------------

VISITS = pd.Series(np.repeat(np.arange(200), np.r_[np.ones(150, int), np.full(40, 3), np.full(10, 12)]))


def test_the_private_bounds_chances_sit_near_the_quantile_of_rows_per_person() -> None:
    assert sorted(set(rows_per_person(VISITS))) == [1.0, 3.0, 12.0]
    chances = private_bound_chances(VISITS, 2.0, q=0.9, largest=20)
    assert chances.shape == (20,) and chances.sum() == pytest.approx(1.0)
    # 90% of people hold 3 rows or fewer: the mass lies on m = 3 and its neighbours, not on 12 or 20
    assert chances[2] == chances.max() and chances[11:].sum() < 0.05
    # more epsilon, more mass on the quantile
    assert private_bound_chances(VISITS, 8.0, q=0.9, largest=20)[2] > chances[2]
    with pytest.raises(DPError) as caught:
        private_bound(pd.Series([None, None]), 1.0)
    assert caught.value.code == "no_people"


@pytest.mark.slow
def test_private_bound_draws_follow_their_exact_distribution() -> None:
    epsilon, draws = 1.0, 1_500
    chances = private_bound_chances(VISITS, epsilon, q=0.9, largest=20)
    got = np.bincount([private_bound(VISITS, epsilon, q=0.9, largest=20) - 1 for _ in range(draws)], minlength=20)
    for m in range(20):  # 5 sigma per candidate
        assert abs(got[m] / draws - chances[m]) < 5 * math.sqrt(chances[m] * (1 - chances[m]) / draws) + 1e-9


@pytest.mark.slow
def test_an_audit_of_the_private_bound_stays_at_or_below_its_epsilon() -> None:
    # D: one more person with 12 rows. The drawn m on D and on D' proves no more than epsilon.
    epsilon, draws = 1.0, 2_000
    with_one = pd.concat([VISITS, pd.Series([999] * 12)], ignore_index=True)
    on_d = np.array([private_bound(with_one, epsilon, largest=20) for _ in range(draws)], dtype=float)
    on_dp = np.array([private_bound(VISITS, epsilon, largest=20) for _ in range(draws)], dtype=float)
    assert epsilon_lower_bound(on_d, on_dp) <= epsilon
