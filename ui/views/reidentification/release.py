"""Part 3: the linkage asked of a DP release. The table is published only as a histogram over the
combinations of the public voter list (its declared categories, never read from the private table),
each count with discrete Laplace noise drawn by OpenDP; the attacker pins a voter when their cell
reads exactly 1. The plain table's answer and the release's side by side (this draw, and what a
draw gives on average), and across ε how many unique people are still pinned and how often a pin is
right."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from dpcore import reidentification as R
from dpcore.limits import EPSILON_GRID
from dpcore.mechanisms import AdditiveNoise, calibrate
from ui import fmt
from ui.charts import curves
from ui.charts import reidentification as charts
from ui.text.reidentification import TEXT
from ui.views.reidentification.common import (
    SHOWN_PEOPLE,
    Choice,
    VoterSource,
    binnings,
    names,
    shown_value,
    voter_names,
    voters,
    widths,
)

LOOSE = 0.9  # pins right this often on average: the release no longer hides anybody


@dataclass(frozen=True)
class Settings:
    dataset_key: str
    frame: pd.DataFrame = field(compare=False, hash=False, repr=False)
    choice: Choice
    source: VoterSource
    epsilon: float
    draw: int = 0  # another press of "draw again": a new release at the same settings


@dataclass(frozen=True)
class View:
    intro: str
    table: str
    summary: str
    curves: dict
    who: str
    note: str


@dataclass(frozen=True)
class Expected:
    """What a draw gives on average: voters pinned rightly and wrongly, and the share of pins right."""

    right: float
    wrong: float

    @property
    def precision(self) -> float:
        total = self.right + self.wrong
        return self.right / total if total > 0 else math.nan


def expected(mechanism: AdditiveNoise, true: np.ndarray, good: np.ndarray) -> Expected:
    """Expected pins among the voters alone on the list, from the true counts of their cells (a
    cell of true count t reads 1 with the noise's probability at 1 - t) and whether a pin of each
    would be right (`good`: the voter is in the table, alone with their values)."""
    chance = R.chance_released(mechanism, true)
    return Expected(float(chance[good].sum()), float(chance[~good].sum()))


def _curves(true: np.ndarray, good: np.ndarray, epsilon: float, pinned_here: float) -> dict:
    """Across ε: the chance a unique person's cell reads 1, and the expected share of pins right."""
    pairs, counts = np.unique(np.stack([true, good.astype(float)]), axis=1, return_counts=True)
    values, right_ones = pairs[0], pairs[1] == 1
    pinned, right = [], []
    for eps in EPSILON_GRID:
        mechanism = calibrate("discrete_laplace", eps, sensitivity=1.0)
        chance = R.chance_released(mechanism, values) * counts
        hit, total = float(chance[right_ones].sum()), float(chance.sum())
        pinned.append(float(R.chance_released(mechanism, np.array([1.0]))[0]))
        right.append(hit / total if total > 0 and hit > 0 else math.nan)
    return charts.release_curves(
        np.array(EPSILON_GRID), np.array(pinned), np.array(right), epsilon, pinned_here,
        curves.AxisLabels(tuple(TEXT["curve_title"].split("\n")), TEXT["curve_x"], TEXT["curve_y"],
                          TEXT["curve_series"]),
        (TEXT["curve_confirmed"], TEXT["curve_right"], TEXT["curve_here"]),
    )


def compute(s: Settings) -> View:
    """One release drawn by OpenDP (fresh noise: not reproducible from the seed). Raises DPError
    for a bad ε, a voter list without a quasi-identifier column, and encode's errors."""
    binned = binnings(s.dataset_key, s.frame, s.choice)
    w = widths(binned)
    listed = voters(s.frame, s.choice.columns, s.source)
    plain = R.link(s.frame, listed.table, s.choice.columns, w)
    release = R.release_cells(s.frame, listed.table, s.choice.columns, s.epsilon, w)
    true = release.true[release.cell]  # per voter: people in the table with the voter's values
    shown = release.released[release.cell]
    alone = plain.sharing == 1
    in_table = np.ones(len(true), dtype=bool) if listed.rows is None else listed.rows >= 0  # an upload: not known
    good = in_table & (true == 1)  # a pin of this voter would be right: their own row, alone
    pinned = alone & (shown == 1)
    right, wrong = int((pinned & good).sum()), int((pinned & ~good).sum())
    linked = int(plain.linked.sum())
    linked_right = int((plain.linked & in_table).sum())
    mechanism = release.mechanism
    average = expected(mechanism, true[alone], good[alone])
    drawn_precision = right / (right + wrong) if right + wrong else math.nan
    eps = fmt.number(s.epsilon)
    rows = {
        TEXT["release_table_what"]: [TEXT["row_pinned"], TEXT["row_right"], TEXT["row_wrong"], TEXT["row_precision"],
                                     TEXT["row_error"]],
        TEXT["release_table_exact"]: [fmt.number(linked), fmt.number(linked_right), fmt.number(linked - linked_right),
                                      _share(linked_right / linked if linked else math.nan), "0"],
        TEXT["release_table_dp"].format(eps=eps): [
            fmt.number(right + wrong), fmt.number(right), fmt.number(wrong), _share(drawn_precision),
            f"±{fmt.number(mechanism.expected_abs_error())}",
        ],
    }
    summary = TEXT["release_summary"].format(
        right=fmt.number(right), linked=fmt.number(linked_right), wrong=fmt.number(wrong),
        precision=_share(drawn_precision), error=fmt.number(mechanism.expected_abs_error()),
        verdict=TEXT["release_loose"] if average.precision >= LOOSE else TEXT["release_holds"],
        scale=fmt.number(mechanism.scale), factor=fmt.number(math.exp(s.epsilon)),
    ) + " " + TEXT["release_average"].format(
        right=fmt.number(average.right), wrong=fmt.number(average.wrong), precision=_share(average.precision))
    outside = float(len(s.frame) - release.true.sum())
    domain = TEXT["release_domain"].format(cells=fmt.number(len(release.true)), outside=fmt.number(outside))
    chosen = np.flatnonzero(plain.linked & in_table)[:SHOWN_PEOPLE]
    who = ""
    if len(chosen):
        table = pd.DataFrame({  # the verdict first after the name: what a phone shows unscrolled
            TEXT["who_name"]: voter_names(listed, chosen),
            TEXT["release_who_verdict"]: [TEXT["verdict_pinned"] if p else TEXT["verdict_not"] for p in pinned[chosen]],
            TEXT["release_who_shown"]: [int(v) for v in shown[chosen]],
            TEXT["release_who_true"]: [int(t) for t in true[chosen]],
            **{c: [shown_value(v) for v in listed.table[c].to_numpy()[chosen]] for c in s.choice.columns},
        })
        who = f"{TEXT['release_who_title']}\n\n{fmt.frame_table(table)}"
    return View(
        intro=TEXT["release_intro"].format(columns=names(s.choice.columns)),
        table=f"{fmt.markdown_table({k: list(v) for k, v in rows.items()})}\n\n{summary}",
        summary=domain,
        curves=_curves(true[alone], good[alone], s.epsilon, float(R.chance_released(mechanism, np.array([1.0]))[0])),
        who=who,
        note=TEXT["release_note"],
    )


def _share(p: float) -> str:
    return "–" if math.isnan(p) else fmt.share(p)
