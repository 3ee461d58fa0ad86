"""The design matrix of dpcore.learning.features against a small frame encoded by hand: one-hot on
declared categories only, numbers clipped to public bounds and scaled without looking at the data,
a seeded split, and every refusal with its code."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from dpcore.catalog import BUNDLED
from dpcore.errors import DPError
from dpcore.learning import features as F
from dpcore.limits import MAX_DPSGD_FEATURES

DOMAINS: dict[str, F.Domain] = {"colour": ("red", "green", "blue"), "height": (100.0, 200.0), "ok": ("no", "yes")}


def _frame(rows: int = 30) -> pd.DataFrame:
    colours = ["red", "green", "blue", "purple", None]
    heights = [100.0, 150.0, 250.0, 50.0, np.nan, 175.0]
    return pd.DataFrame({
        "colour": [colours[i % 5] for i in range(rows)],
        "height": [heights[i % 6] for i in range(rows)],
        "ok": ["yes" if i % 3 == 0 else "no" for i in range(rows)],
        "free": [f"text {i}" for i in range(rows)],
    })


def _all_rows(d: F.Design) -> tuple[np.ndarray, np.ndarray]:
    """Inputs and labels back in the frame's row order."""
    index = np.concatenate([d.train_index, d.test_index])
    order = np.argsort(index)
    return np.concatenate([d.X_train, d.X_test])[order], np.concatenate([d.y_train, d.y_test])[order]


def test_encoding_matches_a_hand_built_matrix() -> None:
    frame = _frame()
    d = F.design(frame, "ok", ["colour", "height"], np.random.default_rng(0), domains=DOMAINS)
    assert d.feature_names == ("colour=red", "colour=green", "colour=blue", "height")
    expected_colour = {"red": [1, 0, 0], "green": [0, 1, 0], "blue": [0, 0, 1], "purple": [0, 0, 0], None: [0, 0, 0]}
    expected_height = {100.0: 0.0, 150.0: 0.5, 250.0: 1.0, 50.0: 0.0, 175.0: 0.75}  # clipped to [100, 200]
    X, y = _all_rows(d)
    for i, row in frame.iterrows():
        h = row["height"]
        assert X[i, :3].tolist() == expected_colour[None if pd.isna(row["colour"]) else row["colour"]]
        assert X[i, 3] == pytest.approx(0.5 if pd.isna(h) else expected_height[h])  # missing: the middle
        assert y[i] == (1.0 if row["ok"] == "yes" else 0.0)
    assert X.dtype == np.float32 and y.dtype == np.float32
    assert (d.positive, d.negative, d.dropped) == ("yes", "no", 0)


def test_scaling_reads_no_data_one_rows_change_moves_only_that_row() -> None:
    frame = _frame()
    changed = frame.copy()
    changed.loc[7, "height"] = 10_000.0  # an extreme value would move a min/max scaling for everybody
    changed.loc[6, "colour"] = "a colour nobody declared"  # was green
    before = _all_rows(F.design(frame, "ok", ["colour", "height"], np.random.default_rng(5), domains=DOMAINS))[0]
    after = _all_rows(F.design(changed, "ok", ["colour", "height"], np.random.default_rng(5), domains=DOMAINS))[0]
    differs = np.flatnonzero(np.any(before != after, axis=1))
    assert differs.tolist() == [6, 7]
    assert after[7, 3] == 1.0 and after[6, :3].sum() == 0.0


def test_the_split_is_seeded_disjoint_and_two_thirds_by_default() -> None:
    frame = _frame(300)
    a = F.design(frame, "ok", ["colour"], np.random.default_rng(1), domains=DOMAINS)
    b = F.design(frame, "ok", ["colour"], np.random.default_rng(1), domains=DOMAINS)
    c = F.design(frame, "ok", ["colour"], np.random.default_rng(2), domains=DOMAINS)
    assert np.array_equal(a.train_index, b.train_index) and not np.array_equal(a.train_index, c.train_index)
    assert a.train_index.size == 200 and a.test_index.size == 100
    assert not set(a.train_index) & set(a.test_index)
    assert sorted([*a.train_index, *a.test_index]) == list(range(300))
    half = F.design(frame, "ok", ["colour"], np.random.default_rng(1), domains=DOMAINS, train_share=0.5)
    assert half.train_index.size == 150


def test_the_target_and_its_positive_value() -> None:
    frame = _frame()
    d = F.design(frame, "ok", ["colour"], np.random.default_rng(0), domains=DOMAINS, positive="no")
    _, y = _all_rows(d)
    assert np.array_equal(y, (frame["ok"] == "no").to_numpy(dtype=np.float32))
    # a target without declared categories: the two values it holds, "yes" positive by name
    undeclared = F.design(frame, "ok", ["colour"], np.random.default_rng(0), domains={"colour": DOMAINS["colour"]})
    assert (undeclared.positive, undeclared.negative) == ("yes", "no")
    # rows whose target is missing or outside the declared two are left out and counted
    holes = _frame(60)
    holes.loc[[0, 1], "ok"] = [None, "maybe"]
    d = F.design(holes, "ok", ["colour"], np.random.default_rng(0), domains=DOMAINS)
    assert d.dropped == 2 and 0 not in d.train_index and 1 not in d.test_index


def test_adult_by_default_on_the_catalogs_code_domains() -> None:
    frame = pd.read_csv(BUNDLED["adult"].path, nrows=2000)
    d = F.design(frame, F.ADULT_TARGET, F.ADULT_FEATURES, np.random.default_rng(0), dataset_key="adult")
    assert d.n_features == 5 + 9 + 7 + 15 + 6 + 5 + 2 + 42  # 5 ordered codes, the rest one-hot
    assert (d.positive, d.negative) == ("1", "0")
    assert float(d.X_train.min()) >= 0.0 and float(d.X_train.max()) <= 1.0
    one_hot = [i for i, name in enumerate(d.feature_names) if "=" in name]
    assert np.all(d.X_train[:, one_hot].reshape(len(d.X_train), -1).sum(axis=1) == 7)  # one per categorical
    assert 0.5 < F.majority_accuracy(d) < 0.9


def test_domains_come_from_the_caller_then_the_bundled_data_then_typical_bounds() -> None:
    assert F.declared_domain("age", "adult") == (0.0, 84.0)  # adult's age is a bin code, not years
    assert F.declared_domain("age", "upload") == (0.0, 120.0)  # typical bounds by name
    assert F.declared_domain("age", "adult", {"age": (18, 90)}) == (18.0, 90.0)
    assert F.declared_domain("species", "penguins") == ("Adelie", "Chinstrap", "Gentoo")
    assert F.declared_domain("body_mass_g", "penguins") == (2500.0, 6500.0)
    assert F.declared_domain("free", "upload") is None


@pytest.mark.parametrize(("kwargs", "key"), [
    ({"target": "colour", "features": ["height"]}, "learn_target_not_binary"),
    ({"target": "free", "features": ["colour"]}, "learn_target_not_binary"),
    ({"positive": "maybe"}, "learn_positive_value"),
    ({"features": []}, "learn_no_features"),
    ({"features": ["colour", "ok"]}, "learn_target_as_feature"),
    ({"features": ["colour", "colour"]}, "learn_feature_twice"),
    ({"features": ["colour", "free"]}, "learn_feature_undeclared"),
    ({"features": ["colour", "weight"]}, "unknown_column"),
    ({"target": "nothing"}, "unknown_column"),
    ({"train_share": 1.0}, "learn_train_share"),
    ({"train_share": "half"}, "learn_train_share"),
    ({"frame": _frame(12)}, "learn_too_few_rows"),
    ({"frame": [1, 2, 3]}, "not_a_table"),
    ({"domains": {**DOMAINS, "colour": tuple(str(i) for i in range(MAX_DPSGD_FEATURES + 1))}},
     "learn_too_many_features"),
])
def test_bad_input_is_refused_with_its_code(kwargs: dict, key: str) -> None:
    args = {"frame": _frame(), "target": "ok", "features": ["colour", "height"], "domains": DOMAINS, **kwargs}
    with pytest.raises(DPError) as caught:
        F.design(args.pop("frame"), args.pop("target"), args.pop("features"), np.random.default_rng(0), **args)
    assert caught.value.key == key
    if key == "learn_feature_undeclared":
        assert "'free'" in str(caught.value)
