"""Part 1: who is unique on the chosen quasi-identifiers. How many people no one else shares their
values with, the sizes of the groups (each row's k, k-anonymity's k) and how the unique share grows
as the columns are added one at a time, in the order picked."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from dpcore import reidentification as R
from ui import fmt
from ui.charts import reidentification as charts
from ui.safe import md_escape
from ui.text.reidentification import TEXT
from ui.views.reidentification.common import Choice, binning_note, binnings, identifier_note, names, widths

# Buckets of group sizes: [low, high) and their label (k = 1 is named in the page's language).
BUCKETS: tuple[tuple[float, float, str], ...] = (
    (1, 2, "1"), (2, 3, "2"), (3, 5, "3–4"), (5, 10, "5–9"), (10, 20, "10–19"), (20, 50, "20–49"),
    (50, 100, "50–99"), (100, float("inf"), "100+"),
)


@dataclass(frozen=True)
class Settings:
    dataset_key: str
    frame: pd.DataFrame = field(compare=False, hash=False, repr=False)
    choice: Choice


@dataclass(frozen=True)
class View:
    summary: str
    sizes: dict
    growth: dict
    growth_text: str
    note: str


def _title(key: str) -> tuple[str, ...]:
    return tuple(TEXT[key].split("\n"))


def compute(s: Settings) -> View:
    """Raises DPError for no column, an unknown one or one without any value (dpcore)."""
    binned = binnings(s.dataset_key, s.frame, s.choice)
    w = widths(binned)
    found = R.uniqueness(s.frame, s.choice.columns, w, s.choice.weight)
    grown = R.growth(s.frame, s.choice.columns, w, s.choice.weight)
    people = found.people or 1.0
    summary = TEXT["unique_summary"].format(
        columns=names(s.choice.columns), unique=fmt.number(found.unique), people=fmt.people(found.people),
        share=fmt.share(found.unique / people), small=fmt.people(found.small),
        small_share=fmt.share(found.small / people),
        k=R.SMALL_GROUP, smallest=fmt.number(found.smallest), smallest_people=fmt.people(found.smallest),
        groups=fmt.number(found.groups),
    )
    if s.choice.weight:
        summary += " " + TEXT["unique_weighted"].format(weight=md_escape(s.choice.weight))
    labels = [TEXT["sizes_one"] if label == "1" else label for _, _, label in BUCKETS]
    sizes = charts.group_sizes(
        labels, np.array([found.people_with_k(low, high) for low, high, _ in BUCKETS]),
        [high <= R.SMALL_GROUP for _, high, _ in BUCKETS],
        charts.SizeLabels(_title("sizes_title"), TEXT["sizes_x"], TEXT["sizes_y"]),
    )
    steps = [s.choice.columns[0], *(f"+ {c}" for c in s.choice.columns[1:])]
    growth = charts.growth(steps, grown.unique, grown.small, charts.GrowthLabels(
        _title("growth_title"), TEXT["growth_x"], TEXT["growth_y"], TEXT["growth_series"], TEXT["growth_unique"],
        TEXT["growth_small"].format(k=R.SMALL_GROUP)))
    growth_text = TEXT["growth_text"].format(steps=", ".join(
        TEXT["growth_step"].format(column=md_escape(step), share=fmt.share(u))
        for step, u in zip(steps, grown.unique, strict=True)))
    note = " ".join(n for n in (binning_note(binned, s.choice, s.frame), identifier_note(s.frame, s.choice)) if n)
    return View(summary, sizes, growth, growth_text, note)
