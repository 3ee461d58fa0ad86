"""The course's Table 6-3 rebuilt: for each epsilon the book's, the exact and a simulated value side
by side, as two tables of text cells 'book · exact · simulation'."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from dpcore import attacks as A
from dpcore.rng import make_rng
from ui import fmt
from ui.text.attacks import TEXT


@dataclass(frozen=True)
class Settings:
    extra_epsilons: tuple[float, ...]  # rows added below the book's three
    trials: int
    seed: int


@dataclass(frozen=True)
class View:
    quantiles: pd.DataFrame  # quantiles of |noise| of one answer
    recovery: pd.DataFrame  # recovery probabilities in percent
    reading: str


def _cell(book: float | None, exact: float, simulated: float) -> str:
    first = TEXT["table_no_book"] if book is None else f"{book:.2f}"
    return f"{first} · {exact:.2f} · {simulated:.2f}"  # two decimals, as the book prints them


def frames(rows: Sequence[A.Table63Row]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One row per epsilon: the quantiles of |noise| and the recovery probabilities in percent."""
    quantiles, recovery = [], []
    for row in rows:
        eps = {TEXT["table_eps"]: fmt.number(row.epsilon)}
        q, r = dict(eps), dict(eps)
        for j, level in enumerate(A.TABLE_LEVELS):
            book = None if row.book is None else row.book.quantiles[j]
            q[TEXT["table_q"].format(level=fmt.number(100 * level, 4))] = _cell(
                book, row.exact_quantiles[j], row.simulated_quantiles[j]
            )
        for j, k in enumerate(A.TABLE_KS):
            book = None if row.book is None else row.book.recovery_percent[j]
            r[TEXT["table_k"].format(k=fmt.number(k, 6))] = _cell(
                book, 100 * row.exact_recovery[j], 100 * row.simulated_recovery[j].proportion
            )
        quantiles.append(q)
        recovery.append(r)
    return pd.DataFrame.from_records(quantiles), pd.DataFrame.from_records(recovery)


def compute(settings: Settings) -> View:
    epsilons = [*A.BOOK_TABLE_6_3, *sorted(settings.extra_epsilons, reverse=True)]
    rows = A.table_6_3(epsilons, settings.trials, make_rng(settings.seed, "att-table"))
    quantiles, recovery = frames(rows)
    gap, eps, k = max(
        (abs(book - 100 * exact), row.epsilon, k)
        for row in rows if row.book is not None
        for book, exact, k in zip(row.book.recovery_percent, row.exact_recovery, A.TABLE_KS)
    )
    reading = TEXT["table_reading"].format(gap=fmt.number(gap), eps=fmt.number(eps), k=fmt.number(k, 6))
    return View(quantiles, recovery, f"{reading}\n\n{TEXT['table_lesson']}")
