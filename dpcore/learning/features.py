"""A table as a model's input: a design matrix on public domains, a 0/1 label, a seeded split.

Every column a model reads is encoded on a domain declared in advance, never on what the data
holds: a category seen only in the data exists only when its holder is there, and a numeric
column scaled by its data's minimum and maximum moves when one person's value does (both would
leak through the model, and DP-SGD's accounting does not cover them).

- A categorical input is one-hot encoded on its declared categories: one column per category,
  in the declared order; a value outside them (or missing) lights no column.
- A numeric input is clipped to its public bounds (lower, upper) and scaled to [0, 1]:
  (clip(v) - lower) / (upper - lower); a missing or non-numeric value is put in the middle (0.5).
  Each row's inputs depend on that row alone.
- A column with neither is refused (DPError "learn_feature_undeclared", naming it).

Where a domain comes from (`declared_domain`): the caller's own declarations first (an upload's
user-declared domains), then the bundled dataset's (`dpcore.catalog`: UCI Adult's code domains,
penguins' categories and bounds, ...), then `catalog.typical_bounds` for a column whose name says
what it holds (age: 0-120; never reached for adult, whose age is a bin code declared 0-84).

The target is a column with exactly two values (its declared categories when it has them, else the
two it holds; DPError "learn_target_not_binary" otherwise), one of them positive (label 1). Rows
whose target is missing or outside those two are left out and counted (`Design.dropped`).
The split is a permutation drawn from the caller's Generator: `train_share` of the rows (2/3 by
default) train, the rest test.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dpcore import catalog
from dpcore.columns import category_labels
from dpcore.errors import DPError
from dpcore.limits import MAX_DPSGD_FEATURES, MAX_DPSGD_ROWS

Domain = tuple[str, ...] | tuple[float, float]  # declared categories (labels), or public (lower, upper)
MIN_ROWS = 10  # rows with a known target each part (training, test) needs at the least

# UCI Adult (data/adult.csv; its code domains are declared in dpcore.catalog): what it predicts by default.
ADULT_TARGET = "income>50K"
ADULT_POSITIVE = "1"
# fnlwgt is the census's sampling weight, not a fact about the person: left out by default.
ADULT_FEATURES: tuple[str, ...] = (
    "age", "workclass", "education-num", "marital-status", "occupation", "relationship", "race", "sex",
    "capital-gain", "capital-loss", "hours-per-week", "native-country",
)
_POSITIVE_NAMES = ("1", "yes", "true", ">50k")


def declared_domain(column: str, dataset_key: str | None = None,
                    domains: Mapping[str, Domain] | None = None) -> Domain | None:
    """The public domain of `column`: the caller's declaration, the bundled dataset's, or the
    typical bounds its name implies; None when there is none."""
    if domains is not None and column in domains:
        return _as_domain(domains[column])
    if dataset_key is not None:
        categories = catalog.public_categories(dataset_key, column)
        if categories is not None:
            return categories
        bounds = catalog.declared_bounds(dataset_key, column)
        if bounds is not None:
            return bounds
    return catalog.typical_bounds(column)


def _as_domain(spec: Any) -> Domain:
    items = tuple(spec)
    if len(items) == 2 and all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)
                               for v in items):
        return float(items[0]), float(items[1])
    return tuple(str(v) for v in items)


def _is_bounds(domain: Domain) -> bool:
    return len(domain) == 2 and all(isinstance(v, float) for v in domain)


@dataclass(frozen=True, eq=False)
class Design:
    """A table ready for training: inputs in [0, 1] (float32), labels 0/1 (float32), and where each
    row came from (`train_index`, `test_index`: positions in the original frame)."""

    X_train: np.ndarray
    y_train: np.ndarray
    X_test: np.ndarray
    y_test: np.ndarray
    feature_names: tuple[str, ...]
    target: str
    positive: str
    negative: str
    train_index: np.ndarray
    test_index: np.ndarray
    dropped: int

    @property
    def n_features(self) -> int:
        return len(self.feature_names)


def _target(frame: pd.DataFrame, target: str, positive: Any, domain: Domain | None) -> tuple[np.ndarray, str, str]:
    """(label per row: 1, 0 or -1 for a row left out; positive label; negative label)."""
    codes, uniques = pd.factorize(frame[target])
    if domain is not None and not _is_bounds(domain):
        values = tuple(str(v) for v in domain)
    else:
        values = tuple(sorted({str(v) for v in category_labels(pd.Series(uniques, dtype=frame[target].dtype))}))
    if len(values) != 2:
        raise DPError("learn_target_not_binary", column=target, count=len(values))
    if positive is None:
        named = [v for v in values if v.strip().lower() in _POSITIVE_NAMES]
        chosen = named[0] if named else values[1]
    else:
        chosen = category_labels(pd.Series([positive]))[0] if not isinstance(positive, str) else positive
        if chosen not in values:
            raise DPError("learn_positive_value", value=positive, column=target, options=", ".join(values))
    other = values[0] if chosen == values[1] else values[1]
    index = _category_index(frame[target], (other, chosen))  # 0, 1, or -1: left out
    return index.astype(np.int8), chosen, other


def _category_index(values: pd.Series, categories: Sequence[str]) -> np.ndarray:
    """Each value's position among `categories` by its label (`columns.category_labels`), -1 for a
    value outside them or missing; each distinct value labelled once."""
    codes, uniques = pd.factorize(values)
    found = pd.Index(categories).get_indexer(category_labels(pd.Series(uniques, dtype=values.dtype)))
    return np.where(codes >= 0, found[codes], -1)


def _encode(frame: pd.DataFrame, column: str, domain: Domain) -> tuple[np.ndarray, list[str]]:
    if _is_bounds(domain):
        lower, upper = float(domain[0]), float(domain[1])
        numbers = pd.to_numeric(frame[column], errors="coerce").to_numpy(dtype=float)
        scaled = (np.clip(numbers, lower, upper) - lower) / (upper - lower)
        return np.where(np.isnan(scaled), 0.5, scaled)[:, None].astype(np.float32), [column]
    categories = tuple(str(c) for c in domain)
    index = _category_index(frame[column], categories)
    onehot = np.zeros((len(frame), len(categories)), dtype=np.float32)
    rows = np.flatnonzero(index >= 0)
    onehot[rows, index[rows]] = 1.0
    return onehot, [f"{column}={c}" for c in categories]


def _check_share(train_share: Any) -> float:
    try:
        share = float(train_share)
    except (TypeError, ValueError):
        raise DPError("learn_train_share", value=train_share) from None
    if not 0.0 < share < 1.0:
        raise DPError("learn_train_share", value=train_share)
    return share


def design(frame: pd.DataFrame, target: str, features: Sequence[str], rng: np.random.Generator, *,
           positive: Any = None, dataset_key: str | None = None, domains: Mapping[str, Domain] | None = None,
           train_share: float = 2 / 3) -> Design:
    """`frame` as inputs (the `features`, each on its declared domain) and 0/1 labels (`target`
    equal to `positive`: by default "1", "yes" or "true" when it is one of the two values, else the
    second of them), split at random into training and test rows by `rng`."""
    if not isinstance(frame, pd.DataFrame):
        raise DPError("not_a_table")
    if len(frame) > MAX_DPSGD_ROWS:
        raise DPError("learn_too_many_rows", rows=len(frame), maximum=MAX_DPSGD_ROWS)
    share = _check_share(train_share)
    chosen = list(features)
    for column in (target, *chosen):
        if column not in frame.columns:
            raise DPError("unknown_column", column=column)
    if not chosen:
        raise DPError("learn_no_features")
    if target in chosen:
        raise DPError("learn_target_as_feature", column=target)
    if len(set(chosen)) != len(chosen):
        raise DPError("learn_feature_twice")
    found = {column: declared_domain(column, dataset_key, domains) for column in chosen}
    for column, domain in found.items():
        if domain is None:
            raise DPError("learn_feature_undeclared", column=column)
    width = sum(1 if _is_bounds(d) else len(d) for d in found.values() if d is not None)
    if width > MAX_DPSGD_FEATURES:
        raise DPError("learn_too_many_features", count=width, maximum=MAX_DPSGD_FEATURES)
    y, positive_label, negative_label = _target(frame, target, positive, declared_domain(target, dataset_key, domains))
    kept = np.flatnonzero(y >= 0)
    n_train = int(round(share * kept.size))
    if min(n_train, kept.size - n_train) < MIN_ROWS:
        raise DPError("learn_too_few_rows", minimum=MIN_ROWS, train=n_train, test=kept.size - n_train)
    blocks, names = [], []
    for column, domain in found.items():
        block, block_names = _encode(frame, column, domain)  # type: ignore[arg-type]
        blocks.append(block)
        names += block_names
    X = np.concatenate(blocks, axis=1)
    order = kept[rng.permutation(kept.size)]
    train_index, test_index = np.sort(order[:n_train]), np.sort(order[n_train:])
    labels = y.astype(np.float32)
    return Design(
        X_train=X[train_index], y_train=labels[train_index], X_test=X[test_index], y_test=labels[test_index],
        feature_names=tuple(names), target=target, positive=positive_label, negative=negative_label,
        train_index=train_index, test_index=test_index, dropped=int(len(frame) - kept.size),
    )


def majority_accuracy(design: Design) -> float:
    """Test accuracy of always answering the training set's most common label: the baseline a model
    must beat. (It reads the training labels, as training does.)"""
    majority = 1.0 if design.y_train.mean() >= 0.5 else 0.0
    return float(np.mean(design.y_test == majority))
