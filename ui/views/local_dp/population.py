"""The people a frequency oracle runs on: a column of the dataset in use, one category code per
person, or a simulated population of a chosen size with the column's shares.

The bundled datasets hold a few hundred people, far too few for local DP (its error shrinks like
1/sqrt(n)); scaling the column's shares up to 10,000 or 1,000,000 simulated users shows what a
real deployment would see, and the page says it is a simulation."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from dpcore.ldp.randomized_response import person_codes
from dpcore.limits import MAX_LDP_USERS
from ui import fmt
from ui.safe import md_escape
from ui.text.local_dp import TEXT

USER_CHOICES: tuple[int, ...] = (0, 1_000, 10_000, 100_000, MAX_LDP_USERS)  # 0: the data's own people


@dataclass(frozen=True)
class DataSettings:
    """A column, the people each row stands for (None: one each), the public categories if the
    dataset declares them, and how many users to simulate (0: the data's own people). Settings that
    hold it are memo keys: the data compares by `ident` (the dataset's ident, which changes with its
    content, and the weight column's name; the categories follow from the dataset and the column),
    never by its values."""

    column: str
    values: pd.Series = field(compare=False)
    weights: pd.Series | None = field(compare=False)
    categories: tuple[str, ...] | None = field(compare=False)
    users: int
    ident: tuple[str, str | None]


@dataclass(frozen=True)
class Population:
    """One category code per user, the categories, the true shares and a sentence saying who they are."""

    categories: tuple[str, ...]
    codes: np.ndarray
    shares: np.ndarray
    note: str

    @property
    def d(self) -> int:
        return len(self.categories)

    @property
    def n(self) -> int:
        return int(self.codes.size)


def scaled_counts(shares: np.ndarray, users: int) -> np.ndarray:
    """Whole counts summing to `users` as close to `shares * users` as whole numbers allow
    (largest remainders), so the simulated users have the column's shares."""
    exact = np.asarray(shares, float) * users
    counts = np.floor(exact).astype(np.int64)
    short = users - int(counts.sum())
    if short > 0:
        counts[np.argsort(counts - exact, kind="stable")[:short]] += 1
    return counts


def population(s: DataSettings) -> Population:
    """The users of the column (or `users` simulated ones with its shares). Raises ValueError for a
    column no oracle can use (no answers, one answer, too many categories or people)."""
    answers, codes = person_codes(s.values, s.column, s.weights, s.categories)
    d = len(answers.categories)
    counts = np.bincount(codes, minlength=d)
    column = md_escape(s.column)
    if s.users:
        counts = scaled_counts(counts / codes.size, s.users)
        note = TEXT["population_simulated"].format(users=f"{s.users:,}", column=column, n=fmt.people(codes.size))
        codes = np.repeat(np.arange(d), counts)
    else:
        note = TEXT["population_data"].format(n=fmt.people(codes.size), column=column)
    where = TEXT["categories_public"] if s.categories else TEXT["categories_found"]
    return Population(answers.categories, codes, counts / codes.size, f"{note} {where.format(d=d)}")
