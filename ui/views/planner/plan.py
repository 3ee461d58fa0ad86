"""The plan: each statistic's epsilon and accuracy, in either direction, and the chart of both.

Budget in: a total epsilon split by the weights (basic composition: the shares add up to the
total), each statistic's accuracy out. Accuracy in: each statistic's target, the epsilon it needs
out, and their sum. What each costs is its dpcore statistic's `events`. The accountants tab then
prices the same plan more tightly; this split is what the release spends. Statistics that need a
delta (Gaussian noise, or categories read from the data by key selection) share the total equally.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np
import pandas as pd

from dpcore.key_selection import KeyedHistogram
from dpcore.mechanisms import AdditiveNoise
from dpcore.protection import Protection
from dpcore.statistics import Histogram, Mean, Sum, delta_shares
from ui import fmt
from ui.charts.planner import AccuracyLabels, TypedTarget, accuracy_curves
from ui.errors import message
from ui.i18n import per_language
from ui.reading import Block, Rows
from ui.safe import md_escape
from ui.text.common import TEXT as COMMON
from ui.text.planner import TEXT
from ui.views.planner.items import Item, Statistic, needs_delta, statistic

Direction = Literal["budget", "accuracy"]
CURVE_EPSILONS = np.geomspace(0.01, 20, 30)
ACCURACY_CHART = per_language(lambda: AccuracyLabels(tuple(TEXT["curves_title"].split("\n")), TEXT["curves_x"], TEXT["curves_y"]))


@dataclass(frozen=True)
class Settings:
    """The data (after contribution bounding), who is protected, the items and the direction.
    Hashable (the chart slider keeps a plan's steps under it): the data compare by `ident`, the
    dataset's ident and the seed its contributions were bounded with."""

    frame: pd.DataFrame = field(compare=False)
    ident: Hashable
    protection: Protection
    items: tuple[Item, ...]
    direction: Direction
    total_epsilon: float
    delta: float
    alpha: float = 0.05


@dataclass(frozen=True)
class Row:
    """One statistic of the plan: its budget, accuracy and what the page says about it."""

    item: Item
    name: str
    epsilon: float
    delta: float
    accuracy: float
    reference: float
    reference_text: str
    clamped: str
    events: tuple[tuple[AdditiveNoise, int], ...]
    problem: str = ""
    stat: Statistic | None = None  # the dpcore statistic, None when the row has a problem


@dataclass(frozen=True)
class PlanView:
    """Every statistic's row, the totals, the table and the chart."""

    rows: tuple[Row, ...]
    total_epsilon: float
    total_delta: float
    table: dict[str, list[str]]
    summary: str
    text: str  # the summary, the table and what clamping does to each sum or mean: one markdown element
    chart: dict | None
    cells: Rows = ()  # the table as plain text (header first), for a reading the browser swaps

    @property
    def events(self) -> tuple[tuple[AdditiveNoise, int], ...]:
        """Every noise the release adds, each answered once: what the accountants price."""
        return tuple(e for r in self.rows if not r.problem for e in r.events)

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The summary, the table and what clamping does, as blocks of text (ui/reading.py)."""
        return (("p", self.summary), ("table", self.cells),
                *(("p", f"**{r.name}**: {r.clamped}") for r in self.rows if r.clamped))

    @property
    def histograms(self) -> tuple[tuple[float, int], ...]:
        """(epsilon, number of bins) of each histogram: what parallel composition saves."""
        return tuple((r.epsilon, r.stat.bins.count) for r in self.rows if isinstance(r.stat, Histogram))


def name_of(item: Item) -> str:
    """A short name for a statistic: "Mean of age", "Histogram of sex", "Count where sex = F"."""
    if item.kind == "count":
        if item.equals is not None:
            return TEXT["name_count_where"].format(column=item.column, value=item.equals)
        return TEXT["name_count"]
    if item.kind == "quantile":
        return TEXT["name_quantile"].format(column=item.column, q=fmt.number(item.q))
    return TEXT[f"name_{item.kind}"].format(column=item.column)


def _reference(stat: Statistic, frame: pd.DataFrame) -> tuple[float, str]:
    """What an error is compared with: the smallest bar of a histogram (an empty declared bar has no
    size to compare with, so the smallest non-empty one), else the true value."""
    if isinstance(stat, (Histogram, KeyedHistogram)):
        counts = stat.true_value(frame)
        smallest = int(counts[counts > 0].min()) if np.any(counts > 0) else 0
        return float(smallest), TEXT["ref_smallest_bar"].format(value=fmt.number(smallest))
    value = float(stat.true_value(frame))
    return abs(value), TEXT["ref_true_value"].format(value=fmt.number(value))


def _clamped(stat: Statistic, frame: pd.DataFrame, accuracy: float) -> str:
    if not isinstance(stat, (Sum, Mean)):
        return ""
    c = stat.clamping(frame)
    if c.below + c.above == 0:
        return TEXT["clamp_none"]
    return TEXT["clamp_some"].format(values=fmt.plural(c.below + c.above, TEXT["value_one"], TEXT["value_many"]),
                                     bias=fmt.number(c.bias), noise=fmt.number(accuracy))


def _row(item: Item, epsilon: float | None, mechanism_delta: float, s: Settings) -> Row:
    """A statistic's row at a given epsilon (budget in) or from its target (accuracy in), its noise
    given its share of the total delta (dpcore.statistics.delta_shares); its cost is the statistic's `events`."""
    name = name_of(item)
    try:
        stat = statistic(item)
        if epsilon is None:
            if item.target is None:
                raise ValueError(TEXT["target_missing"])
            epsilon = stat.epsilon_for_accuracy(item.mechanism, item.target, s.protection, s.alpha,
                                                mechanism_delta, frame=s.frame)
        accuracy = stat.accuracy(item.mechanism, epsilon, s.protection, s.alpha, mechanism_delta, frame=s.frame)
        reference, reference_text = _reference(stat, s.frame)
        events = stat.events(item.mechanism, epsilon, s.protection, mechanism_delta)
        return Row(item, name, epsilon, mechanism_delta, accuracy, reference, reference_text,
                   _clamped(stat, s.frame, accuracy), events, stat=stat)
    except ValueError as exc:
        return Row(item, name, math.nan, 0.0, math.nan, math.nan, "", "", (), message(exc))


def _relative(row: Row) -> float:
    return row.accuracy / row.reference if row.reference > 0 else math.inf


def _curve(stat: Statistic, mechanism: str, delta: float, reference: float, s: Settings) -> np.ndarray:
    return np.array([stat.accuracy(mechanism, e, s.protection, s.alpha, delta, frame=s.frame)
                     for e in CURVE_EPSILONS]) / reference


def _chart(rows: tuple[Row, ...], s: Settings) -> dict | None:
    """A total budget in: the accuracy curves with the plan's point on each (targets in: `typed_chart`)."""
    good = [r for r in rows if not r.problem and r.reference > 0]
    curves = {r.name: _curve(r.stat, r.item.mechanism, r.delta, r.reference, s) for r in good}
    chosen = {r.name: (r.epsilon, _relative(r)) for r in good}
    return accuracy_curves(CURVE_EPSILONS, curves, chosen, ACCURACY_CHART()) if curves else None


def typed_chart(s: Settings) -> dict | None:
    """Targets in: a curve for every valid statistic, target or not, and the points placed by the
    chart itself from the targets as they are typed (ui.charts.planner.TypedTarget), so the chart
    never changes with a target. None when no statistic can be charted."""
    curves, typed = {}, []
    deltas = delta_shares([needs_delta(i) for i in s.items], s.delta)
    for slot, (item, name, delta) in enumerate(zip(s.items, unique_names(s.items), deltas, strict=True)):
        try:
            stat = statistic(item)
            reference, _ = _reference(stat, s.frame)
            if reference > 0:
                curves[name] = _curve(stat, item.mechanism, delta, reference, s)
                typed.append(TypedTarget(slot, reference))
        except ValueError:
            continue  # the table says what is wrong with it
    return accuracy_curves(CURVE_EPSILONS, curves, {}, ACCURACY_CHART(), typed) if curves else None


def unique_names(items: Sequence[Item]) -> list[str]:
    """Each statistic's name, two of the same name apart: "Count of rows" and "Count of rows (2)"."""
    seen: dict[str, int] = {}
    names = []
    for item in items:
        name = name_of(item)
        seen[name] = seen.get(name, 0) + 1
        names.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return names


def compute(s: Settings) -> PlanView:
    """Every statistic's epsilon and accuracy, the totals, the table and (a total budget in) the chart."""
    deltas = delta_shares([needs_delta(i) for i in s.items], s.delta)
    weights = np.array([max(float(i.weight), 0.0) for i in s.items])
    if s.direction == "budget":
        if not s.items or weights.sum() <= 0:
            shares = np.zeros(len(s.items))
        else:
            shares = s.total_epsilon * weights / weights.sum()
        rows = tuple(_row(i, float(e), d, s) if e > 0 else
                     Row(i, name_of(i), 0.0, 0.0, math.inf, math.nan, "", "", (), TEXT["weight_zero"])
                     for i, e, d in zip(s.items, shares, deltas))
    else:
        rows = tuple(_row(i, None, d, s) for i, d in zip(s.items, deltas))
    rows = tuple(replace(r, name=n) for r, n in zip(rows, unique_names([r.item for r in rows])))
    good = [r for r in rows if not r.problem]
    total = float(sum(r.epsilon for r in good))
    total_delta = float(sum(r.delta for r in good))
    plain = {
        TEXT["col_statistic"]: [r.name for r in rows],
        TEXT["col_mechanism"]: [COMMON.get(f"mechanism_{r.item.mechanism}", TEXT["mechanism_selection"]) for r in rows],
        TEXT["col_epsilon"]: ["—" if r.problem else fmt.number(r.epsilon) for r in rows],
        TEXT["col_accuracy"]: [r.problem or TEXT["within"].format(a=fmt.number(r.accuracy)) for r in rows],
        TEXT["col_relative"]: ["" if r.problem else TEXT["relative"].format(share=fmt.percent(_relative(r)),
                                                                             reference=r.reference_text)
                               for r in rows],
    }
    table = {**plain, TEXT["col_statistic"]: [md_escape(r.name) for r in rows]}  # markdown renders it
    summary = TEXT["summary"].format(
        count=fmt.plural(len(good), TEXT["statistic_one"], TEXT["statistic_many"]),
        epsilon=fmt.number(total), confidence=fmt.share(1 - s.alpha),
    )
    if total_delta > 0:
        summary += " " + TEXT["summary_delta"].format(delta=fmt.tiny(total_delta))
    chart = _chart(rows, s) if s.direction == "budget" else None  # targets in: `typed_chart`
    cells = (tuple(plain), *zip(*plain.values()))
    clamping = [f"**{md_escape(r.name)}**: {r.clamped}" for r in rows if r.clamped]
    text = "\n\n".join([summary, fmt.markdown_table(table), *clamping])
    return PlanView(rows, total, total_delta, table, summary, text, chart, cells)

