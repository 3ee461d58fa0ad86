"""The exact differencing attack on one of the course's tables: the table shown, the two questions,
and what their difference reveals (course Tables 6-1 and 6-2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pandas as pd

from dpcore import attacks as A
from dpcore.counting import count_matching_all
from ui import fmt
from ui.safe import md_escape
from ui.text.attacks import TEXT

Table = Literal["students", "cancer"]
TABLES: tuple[Table, ...] = ("students", "cancer")
# The course's attack: who the target is, what the secret is, and (students) the changed grade.
NAME, GRADE, PASS, CANCER, YES = "name", "grade", "Pass", "has_cancer", "yes"
CHANGED = "Aisha"


@dataclass(frozen=True)
class Settings:
    table: Table
    frame: pd.DataFrame  # the table as the course prints it
    flip: bool  # students: show Aisha's grade changed to Pass, as the course does for the attack
    target: str


@dataclass(frozen=True)
class View:
    shown: pd.DataFrame  # the table the sentences talk about
    reading: str  # the questions, their exact answers and the verdict
    bounded: str  # the course's first fix: noise bounded by ±1
    result: A.Differencing
    position: int  # the target's row, from 1


def shown_table(settings: Settings) -> pd.DataFrame:
    """The table on screen: the students table with Aisha's grade changed when `flip` is set."""
    if settings.table == "students" and settings.flip:
        return A.change_record(settings.frame, NAME, CHANGED, GRADE, PASS)
    return settings.frame


def compute(settings: Settings) -> View:
    table = shown_table(settings)
    position = [str(n) for n in table[NAME]].index(settings.target) + 1
    name = md_escape(settings.target)
    if settings.table == "students":
        result = A.exclusion_differencing(table, NAME, settings.target, GRADE, PASS)
        girls = count_matching_all(table, [("sex", "=", "F"), (GRADE, "=", PASS)])
        lines = [
            TEXT["diff_girls_none" if girls == 0 else "diff_girls_some"].format(count=fmt.number(girls)),
            TEXT["diff_q_students_with"].format(value=result.with_target),
            TEXT["diff_q_students_without"].format(name=name, value=result.without_target),
        ]
    else:
        result = A.prefix_differencing(table, CANCER, YES, position)
        lines = [
            TEXT["diff_q_cancer_with"].format(i=position, value=result.with_target),
            TEXT["diff_q_cancer_without"].format(j=position - 1, value=result.without_target),
        ]
    verdict = "yes" if result.target_has_secret else "no"
    lines.append(TEXT[f"diff_result_{settings.table}_{verdict}"].format(
        a=result.with_target, b=result.without_target, d=result.difference, name=name
    ))
    (a_lo, a_hi), (b_lo, b_hi), (d_lo, d_hi) = (
        (fmt.number(lo), fmt.number(hi)) for lo, hi in A.bounded_noise_intervals(result, 1.0)
    )
    bounded = TEXT["diff_bounded"].format(
        a_lo=a_lo, a_hi=a_hi, b_lo=b_lo, b_hi=b_hi, d_lo=d_lo, d_hi=d_hi, name=name
    )
    return View(table, "\n\n".join(lines), bounded, result, position)
