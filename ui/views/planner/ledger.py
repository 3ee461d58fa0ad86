"""The ledger of the session: the budget for this data, what each release spent, what remains.

Releases add up by basic composition (dpcore.ledger keeps the sums exact, so the very last of a
budget can be spent). The plan's own cost is what the next release would take.
"""

from __future__ import annotations

from dataclasses import dataclass

from dpcore.ledger import Ledger
from ui import fmt
from ui.safe import md_escape
from ui.text.planner import TEXT


@dataclass(frozen=True)
class View:
    metrics: tuple[tuple[str, str], ...]
    text: str
    fits: bool
    table: dict[str, list[str]] | None


def compute(ledger: Ledger, epsilon: float, delta: float) -> View:
    """Spent and remaining, whether a release of (epsilon, delta) fits, and the entries so far."""
    fits = ledger.can_spend(epsilon, delta)
    metrics = ((TEXT["ledger_spent"], fmt.number(ledger.spent_epsilon)),
               (TEXT["ledger_remaining"], fmt.number(ledger.remaining_epsilon)),
               (TEXT["ledger_releases"], str(len(ledger.entries))))
    words = TEXT["ledger_fits"] if fits else TEXT["ledger_refused"]
    text = words.format(epsilon=fmt.number(epsilon), delta=fmt.tiny(delta),
                        remaining=fmt.number(ledger.remaining_epsilon), remaining_delta=fmt.tiny(ledger.remaining_delta))
    rows = ledger.to_rows()
    table = None
    if rows:
        table = {
            TEXT["ledger_col_when"]: [r["when"].strftime("%H:%M:%S") for r in rows],
            TEXT["ledger_col_what"]: [md_escape(r["what"]) for r in rows],  # st.table renders markdown
            TEXT["ledger_col_epsilon"]: [fmt.number(r["epsilon"]) for r in rows],
            TEXT["ledger_col_delta"]: [fmt.tiny(r["delta"]) for r in rows],
            TEXT["ledger_col_total"]: [fmt.number(r["total_epsilon"]) for r in rows],
        }
    return View(metrics, text, fits, table)
