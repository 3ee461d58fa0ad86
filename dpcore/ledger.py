"""The session's privacy ledger: a budget (eps, delta), the releases drawn against it, what is left.

Accountant: basic sequential composition. The running total is the plain sum of every recorded
eps and of every recorded delta (Dwork & Roth 2014, Thm 3.16): always valid, whatever the
mechanisms, and the easiest to check by hand. It is pessimistic next to the accountants of
`dpcore.accounting`; a ledger errs on the side of refusing.

Exact arithmetic. Floating-point sums refuse the very last bit of a budget (0.1 added ten times is
0.9999999999999999 and then 1e-16 "too much"; OpenDP issue 2131, DP Creator had the same bug).
The ledger keeps every amount as a `fractions.Fraction` built from the float's shortest decimal
string, `Fraction(repr(x))`: the number as a person typed it (0.1 is exactly 1/10), so ten
releases at 0.1 spend a budget of 1 exactly. (`Fraction(x)` would keep the float's binary value,
0.1000000000000000055..., and ten of them would overshoot 1.) The remaining amount is handed out
as the largest float whose decimal is still within the budget, so spending "what is left" works.

Immutable: `record` returns a new ledger, so the page can keep one in session state and replace
it. `to_rows()` feeds a table; `to_json()` / `from_json()` export and restore it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from dpcore.errors import DPError
from dpcore.limits import MAX_LEDGER_ENTRIES
from dpcore.validation import check_delta, check_epsilon

ACCOUNTANT = "basic"  # basic sequential composition: eps and delta add up


def _exact(value: float) -> Fraction:
    """A float's shortest round-tripping decimal as an exact fraction (0.1 -> 1/10)."""
    return Fraction(repr(float(value)))


def _float_within(amount: Fraction) -> float:
    """The largest float x with _exact(x) <= amount (float(amount) may round up past it)."""
    x = float(amount)
    while x > 0 and _exact(x) > amount:
        x = math.nextafter(x, 0.0)
    return max(x, 0.0)


def _epsilon(value: Any, *, allow_zero: bool, what: str) -> float:
    try:
        return check_epsilon(value, allow_zero=allow_zero)
    except ValueError as error:
        raise DPError("invalid_epsilon", value=value, what=what, error=error) from None


def _delta(value: Any, what: str) -> float:
    try:
        return check_delta(value)
    except ValueError as error:
        raise DPError("invalid_delta", value=value, what=what, error=error) from None


@dataclass(frozen=True)
class LedgerEntry:
    """One release: what was published, the eps and delta it spent, and when (passed in)."""

    what: str
    epsilon: float
    delta: float
    when: datetime

    def __post_init__(self) -> None:
        if not isinstance(self.what, str) or not self.what.strip():
            raise DPError("invalid_description", value=self.what)
        if not isinstance(self.when, datetime):
            raise DPError("invalid_time", value=self.when)
        object.__setattr__(self, "epsilon", _epsilon(self.epsilon, allow_zero=True, what="A release's epsilon"))
        object.__setattr__(self, "delta", _delta(self.delta, "A release's delta"))


@dataclass(frozen=True)
class Ledger:
    """A budget and the releases spent against it, totalled by basic composition, exactly."""

    budget_epsilon: float
    budget_delta: float = 0.0
    entries: tuple[LedgerEntry, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "budget_epsilon", _epsilon(self.budget_epsilon, allow_zero=False, what="The budget"))
        object.__setattr__(self, "budget_delta", _delta(self.budget_delta, "The budget"))
        object.__setattr__(self, "entries", tuple(self.entries))
        if len(self.entries) > MAX_LEDGER_ENTRIES:
            raise DPError("ledger_full", count=len(self.entries), maximum=MAX_LEDGER_ENTRIES)
        if any(not isinstance(e, LedgerEntry) for e in self.entries):
            raise DPError("invalid_ledger.entries")
        if self._spent_eps() > _exact(self.budget_epsilon) or self._spent_delta() > _exact(self.budget_delta):
            raise DPError(
                "budget_exceeded.ledger",
                spent_epsilon=self.spent_epsilon, spent_delta=self.spent_delta,
                budget_epsilon=self.budget_epsilon, budget_delta=self.budget_delta,
            )

    def _spent_eps(self) -> Fraction:
        return sum((_exact(e.epsilon) for e in self.entries), Fraction(0))

    def _spent_delta(self) -> Fraction:
        return sum((_exact(e.delta) for e in self.entries), Fraction(0))

    @property
    def spent_epsilon(self) -> float:
        """The eps spent so far (exact sum, rounded to the nearest float)."""
        return float(self._spent_eps())

    @property
    def spent_delta(self) -> float:
        """The delta spent so far (exact sum, rounded to the nearest float)."""
        return float(self._spent_delta())

    @property
    def remaining_epsilon(self) -> float:
        """The eps still available, rounded down so that `can_spend(remaining_epsilon)` holds."""
        return _float_within(_exact(self.budget_epsilon) - self._spent_eps())

    @property
    def remaining_delta(self) -> float:
        """The delta still available, rounded down like `remaining_epsilon`."""
        return _float_within(_exact(self.budget_delta) - self._spent_delta())

    def can_spend(self, epsilon: float, delta: float = 0.0) -> bool:
        """Whether a release of (eps, delta) fits in what is left, compared exactly."""
        eps = _epsilon(epsilon, allow_zero=True, what="The release's epsilon")
        d = _delta(delta, "The release's delta")
        return (
            self._spent_eps() + _exact(eps) <= _exact(self.budget_epsilon)
            and self._spent_delta() + _exact(d) <= _exact(self.budget_delta)
        )

    def record(self, what: str, epsilon: float, delta: float, when: datetime) -> Ledger:
        """A new ledger with this release added, or DPError "budget_exceeded" if it does not fit.

        The refusal's sentence quotes what is spent, what was asked and what remains; its params
        carry the same numbers for a translated sentence.
        """
        entry = LedgerEntry(what, epsilon, delta, when)
        if not self.can_spend(entry.epsilon, entry.delta):
            raise DPError(
                "budget_exceeded.release",
                spent_epsilon=self.spent_epsilon, spent_delta=self.spent_delta,
                asked_epsilon=entry.epsilon, asked_delta=entry.delta,
                remaining_epsilon=self.remaining_epsilon, remaining_delta=self.remaining_delta,
            )
        return Ledger(self.budget_epsilon, self.budget_delta, self.entries + (entry,))

    def to_rows(self) -> list[dict[str, Any]]:
        """One dict per release, in order, with the running totals (basic composition) after it."""
        rows: list[dict[str, Any]] = []
        eps_total, delta_total = Fraction(0), Fraction(0)
        for e in self.entries:
            eps_total += _exact(e.epsilon)
            delta_total += _exact(e.delta)
            rows.append(
                {
                    "what": e.what,
                    "epsilon": e.epsilon,
                    "delta": e.delta,
                    "when": e.when,
                    "total_epsilon": float(eps_total),
                    "total_delta": float(delta_total),
                }
            )
        return rows

    def to_json(self) -> str:
        """The ledger as JSON text (floats round-trip exactly; times in ISO 8601)."""
        return json.dumps(
            {
                "accountant": ACCOUNTANT,
                "budget": {"epsilon": self.budget_epsilon, "delta": self.budget_delta},
                "entries": [
                    {"what": e.what, "epsilon": e.epsilon, "delta": e.delta, "when": e.when.isoformat()}
                    for e in self.entries
                ],
            },
            indent=2,
        )

    @classmethod
    def from_json(cls, text: str) -> Ledger:
        """The ledger `to_json` wrote, or DPError "invalid_ledger" for anything else."""
        try:
            data = json.loads(text)
            if data.get("accountant") != ACCOUNTANT:
                raise ValueError(f"unknown accountant {data.get('accountant')!r}")
            entries = tuple(
                LedgerEntry(str(e["what"]), e["epsilon"], e["delta"], datetime.fromisoformat(e["when"]))
                for e in data["entries"]
            )
            budget = data["budget"]
            return cls(budget["epsilon"], budget["delta"], entries)
        except DPError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            raise DPError("invalid_ledger.unreadable", reason=str(error)) from None
