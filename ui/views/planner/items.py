"""What a user lists in a release plan, as plain values, and the dpcore statistic each one is.

An `Item` holds only what the user typed or chose (kind, column, public bounds or categories,
mechanism, weight or target accuracy), so a plan can be kept in the session, put in a link and
written to the JSON report. `statistic(item)` builds the `dpcore.statistics` object; it raises
`ValueError` (a `DPError`) for a combination that cannot be released, with a readable sentence.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import Literal

from dpcore.errors import DPError
from dpcore.histogram import CategoryBins, NumericBins
from dpcore.key_selection import KEY_MECHANISM, KeyedHistogram
from dpcore.statistics import Count, Histogram, Mean, Quantile, Sum

StatKind = Literal["count", "histogram", "sum", "mean", "quantile"]
STAT_KINDS: tuple[StatKind, ...] = ("count", "histogram", "sum", "mean", "quantile")
QUANTILE_GRID_POINTS = 101  # candidates of a quantile on its public bounds (1% of the range apart)
Statistic = Count | Histogram | KeyedHistogram | Sum | Mean | Quantile


@dataclass(frozen=True)
class Item:
    """One statistic of the plan, as the user listed it.

    `mechanism` is "laplace", "discrete_laplace" or "gaussian" ("exponential" for a quantile);
    `weight` is its share of a total budget, `target` the accuracy asked for (±, in the statistic's
    own unit). Numeric histograms, sums, means and quantiles need public `lower`/`upper`; a
    histogram of categories needs its declared `categories`, or `select_keys` to read them from
    the data by key selection (discrete Laplace, and a share of the delta); a count may filter on
    `equals`.
    """

    kind: StatKind
    column: str | None = None
    mechanism: str = "laplace"
    weight: float = 1.0
    target: float | None = None
    lower: float | None = None
    upper: float | None = None
    bins: int = 10
    categories: tuple[str, ...] = ()
    equals: str | None = None
    q: float = 0.5
    select_keys: bool = False


def _bounds(item: Item) -> tuple[float, float]:
    if item.lower is None or item.upper is None:
        raise DPError("bounds_missing", column=item.column)
    return float(item.lower), float(item.upper)


def statistic(item: Item) -> Statistic:
    """The dpcore statistic of an item; raises ValueError when it cannot be built."""
    if item.kind == "count":
        return Count(column=item.column, equals=item.equals) if item.equals is not None else Count()
    if item.column is None:
        raise DPError("column_missing")
    if item.kind == "histogram":
        if item.select_keys:
            return KeyedHistogram(item.column)
        if item.categories:
            return Histogram(item.column, CategoryBins(tuple(item.categories)))
        lower, upper = _bounds(item)
        return Histogram(item.column, NumericBins(lower, upper, int(item.bins)))
    lower, upper = _bounds(item)
    if item.kind == "sum":
        return Sum(item.column, lower, upper)
    if item.kind == "mean":
        return Mean(item.column, lower, upper)
    if item.kind == "quantile":
        return Quantile.on_bounds(item.column, item.q, lower, upper, QUANTILE_GRID_POINTS)
    raise DPError("unknown_statistic.kind", value=item.kind)


def needs_delta(item: Item) -> bool:
    """Whether the statistic takes a share of the plan's delta: Gaussian noise, or key selection."""
    return item.mechanism == "gaussian" or (item.kind == "histogram" and item.select_keys)


def keyed(item: Item) -> Item:
    """The item with its categories read from the data by key selection (its noise is then OpenDP's
    thresholded discrete Laplace)."""
    return replace(item, select_keys=True, categories=(), mechanism=KEY_MECHANISM)


def to_json(items: tuple[Item, ...]) -> str:
    """The plan as compact JSON (for a link or the report): only fields that differ from defaults."""
    default = {f.name: f.default for f in fields(Item) if f.name != "kind"}
    rows = [{k: v for k, v in asdict(i).items() if k == "kind" or v != default.get(k)} for i in items]
    return json.dumps(rows, separators=(",", ":"), ensure_ascii=False)


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


# What each field of a plan may hold, as `to_json` writes it (a link's plan is the user's text:
# a wrongly typed field raised a TypeError deep in the planner).
_FIELD_OK: dict[str, Callable[[object], bool]] = {
    "kind": lambda v: v in STAT_KINDS,
    "column": lambda v: v is None or isinstance(v, str),
    "mechanism": lambda v: isinstance(v, str),
    "weight": _number,
    "target": lambda v: v is None or _number(v),
    "lower": lambda v: v is None or _number(v),
    "upper": lambda v: v is None or _number(v),
    "bins": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "categories": lambda v: isinstance(v, list) and all(isinstance(c, str) for c in v),
    "equals": lambda v: v is None or isinstance(v, str),
    "q": _number,
    "select_keys": lambda v: isinstance(v, bool),
}


def from_json(text: str) -> tuple[Item, ...]:
    """Read a plan written by `to_json`; raises DPError("bad_plan") for anything else, a field of
    the wrong type or a number that is not finite included."""
    try:
        rows = json.loads(text)
        if not isinstance(rows, list):
            raise TypeError
        items = []
        for row in rows:
            if not isinstance(row, dict) or "kind" not in row or not set(row) <= set(_FIELD_OK):
                raise TypeError
            if not all(_FIELD_OK[name](value) for name, value in row.items()):
                raise TypeError
            if "categories" in row:
                row["categories"] = tuple(row["categories"])
            items.append(Item(**row))
        return tuple(items)
    except (TypeError, ValueError, AttributeError, RecursionError):
        raise DPError("bad_plan") from None
