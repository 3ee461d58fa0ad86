"""Part 2: the linkage attack. A voter list (names and the same quasi-identifiers; simulated from the
table with the seed, or uploaded) joined to the "anonymous" table: who is re-identified, with their
sensitive value, and who gives that value away without being pinned (every matching row holds it)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from dpcore import reidentification as R
from ui import fmt
from ui.safe import md_escape
from ui.text.reidentification import TEXT
from ui.views.reidentification.common import (
    SHOWN_PEOPLE,
    Choice,
    Voters,
    VoterSource,
    binnings,
    names,
    shown_value,
    voter_names,
    voters,
    widths,
)


@dataclass(frozen=True)
class Settings:
    dataset_key: str
    frame: pd.DataFrame = field(compare=False, hash=False, repr=False)
    choice: Choice
    sensitive: str
    source: VoterSource


@dataclass(frozen=True)
class View:
    summary: str
    who: str  # a heading and a markdown table of a few people ("" when nobody is re-identified)
    note: str


def who_table(frame: pd.DataFrame, listed: Voters, at: np.ndarray, rows: np.ndarray,
              columns: tuple[str, ...], sensitive: str) -> str:
    """A markdown table of the voters at positions `at`: name, the sensitive value of the row each
    was linked to, and their values on the list (every cell shown as text)."""
    shown: dict[str, list[object]] = {
        TEXT["who_name"]: list(voter_names(listed, at)),  # name and secret first: what a phone shows unscrolled
        TEXT["who_value"].format(sensitive=sensitive): [shown_value(v) for v in frame[sensitive].to_numpy()[rows]],
    }
    for column in columns:
        shown[column] = [shown_value(v) for v in listed.table[column].to_numpy()[at]]
    return fmt.frame_table(pd.DataFrame(shown))


def compute(s: Settings) -> View:
    """Raises DPError for a voter list without a quasi-identifier column, and encode's errors."""
    binned = binnings(s.dataset_key, s.frame, s.choice)
    listed = voters(s.frame, s.choice.columns, s.source)
    found = R.link(s.frame, listed.table, s.choice.columns, widths(binned), s.sensitive)
    count = len(listed.table)
    linked = np.flatnonzero(found.linked)
    sensitive = md_escape(s.sensitive)
    learnt = found.learnt & ~found.linked
    if listed.rows is not None:
        learnt &= listed.rows >= 0  # a person not in the table learns the attacker nothing true
    if len(linked):
        summary = TEXT["linkage_summary"].format(
            voters=fmt.people(count), columns=names(s.choice.columns), linked=fmt.people(len(linked)),
            share=fmt.share(len(linked) / count), sensitive=sensitive,
            learnt=fmt.people(int(learnt.sum())),
        )
        if listed.rows is not None:
            wrong = int((listed.rows[linked] < 0).sum())  # a person not in the table, pinned to somebody's row
            summary += " " + (TEXT["linkage_wrong"].format(wrong=fmt.number(wrong)) if wrong else TEXT["linkage_right"])
        at = linked[:SHOWN_PEOPLE]
        who = f"{TEXT['who_title']}\n\n{who_table(s.frame, listed, at, found.row[at], s.choice.columns, s.sensitive)}"
    else:
        summary, who = TEXT["linkage_none"], ""
    note = TEXT["simulated_note"] if s.source.simulated else TEXT["uploaded_note"]
    return View(summary, who, note)
