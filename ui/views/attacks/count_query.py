"""The count under attack on the Averaging tab: a course preset (the zoo, a medical age bucket) or a
predicate built from menus on the dataset in use. Its true count is what the attacker recovers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pandas as pd

from dpcore.counting import bucket_count, count_matching
from ui import fmt
from ui.safe import md_escape
from ui.text.attacks import TEXT

Kind = Literal["zoo", "medical", "custom"]
KINDS: tuple[Kind, ...] = ("zoo", "medical", "custom")
# The course's presets: Experiment 6-1 (zoo.csv) and 6-2 (medicaldata.csv).
ZOO = ("carrots", ">", 55)
MEDICAL_BUCKETS, MEDICAL_COUNTS = "age_bucket", "patients"


@dataclass(frozen=True)
class Settings:
    kind: Kind
    frame: pd.DataFrame  # the zoo, the medical table, or the dataset in use
    column: str = ""  # custom: COUNT(*) WHERE column op value
    op: str = "="
    value: object = None  # custom: a number or a category; medical: the age bucket
    dataset: str = ""  # custom: the dataset's name, for the description
    text_column: bool = False  # custom: only = and ≠ are offered


@dataclass(frozen=True)
class View:
    truth: int
    description: str
    warning: str | None  # no row matches: the count is 0


def compute(settings: Settings) -> View:
    """The true count and a sentence saying what is counted. Raises ValueError for a bad predicate."""
    if settings.kind == "zoo":
        return View(count_matching(settings.frame, *ZOO), TEXT["avg_zoo_desc"], None)
    if settings.kind == "medical":
        truth = bucket_count(settings.frame, MEDICAL_BUCKETS, MEDICAL_COUNTS, settings.value)
        return View(truth, TEXT["avg_medical_desc"].format(bucket=md_escape(settings.value)), None)
    truth = count_matching(settings.frame, settings.column, settings.op, settings.value)
    shown = fmt.number(float(settings.value), 6) if isinstance(settings.value, float) else str(settings.value)
    words = {"column": md_escape(settings.column), "op": md_escape(settings.op), "value": md_escape(shown)}
    lines = [TEXT["pred_desc"].format(dataset=md_escape(settings.dataset), **words)]
    if settings.text_column:
        lines.append(TEXT["pred_text_ops"])
    warning = TEXT["pred_none_match"].format(**words) if truth == 0 else None
    return View(truth, "\n\n".join(lines), warning)
