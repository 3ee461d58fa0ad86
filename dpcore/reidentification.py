"""Re-identification by quasi-identifiers: why removing names is not enough.

A table with the names removed still holds columns that are public elsewhere (age, sex, a place):
its quasi-identifiers. A row whose combination of them no other row shares is unique, and anybody
who knows that person's values (a voter list does) finds their row and reads its sensitive value.

- `group_sizes`: each row's k, the number of people sharing its combination (k-anonymity's k,
  Samarati & Sweeney 1998: a table is k-anonymous when every row's k is at least k);
- `uniqueness`: k for every row and the totals a page shows;
- `growth`: the share of unique people as the quasi-identifiers are added one at a time;
- `voter_list`: a simulated auxiliary table (made-up names, the people's own quasi-identifiers),
  drawn with the caller's Generator;
- `link`: the linkage attack, a join of the voter list with the table on the quasi-identifiers;
- `release_cells`: the same question asked of a DP release, a histogram over the combinations of
  the (public) voter list drawn by OpenDP (dpcore.release).

Everything is vectorised: each column is factorised once (`pd.factorize`, missing values are a
value of their own, as an attacker sees them), the codes are combined into one integer per row in
mixed radix (compressed again whenever the radix would pass 2^62) and counted with `np.bincount`,
which is what pandas' `groupby(...).size()` does inside (bench/bench_reidentification.py).
Numeric columns may be generalised first: `widths` maps a column to a bin width, and a value x
becomes floor(x / width) * width, the start of its bin (bins anchored at 0, whatever the data).

References: L. Sweeney, "Simple Demographics Often Identify People Uniquely", Carnegie Mellon
University, Data Privacy Working Paper 3, 2000 (87% of the US population unique on 5-digit ZIP,
sex and date of birth); P. Samarati & L. Sweeney, "Protecting privacy when disclosing information:
k-anonymity and its enforcement through generalization and suppression", SRI technical report, 1998;
A. Machanavajjhala et al., "l-Diversity: Privacy Beyond k-Anonymity", ICDE 2006 (the homogeneity
attack: a group whose rows all share one sensitive value gives it away without pinning a row).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from dpcore.columns import people_per_row
from dpcore.errors import DPError
from dpcore.mechanisms import AdditiveNoise, calibrate
from dpcore.validation import check_count

SMALL_GROUP = 5  # a group under this size breaks 5-anonymity, the threshold most guides start from
_RADIX_LIMIT = 1 << 62  # mixed-radix keys stay below this (int64), compressed when they would not
_DIRECT = 8  # keys below this many times the rows are counted directly (no hashing)
NAME = "name"  # the voter list's name column (another name when a quasi-identifier is called so)

# Made-up names for the simulated voter list: common given names and surnames of many countries.
GIVEN = (
    "Aisha", "Ben", "Carla", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kemal",
    "Lena", "Mateo", "Nadia", "Omar", "Priya", "Quentin", "Rosa", "Sami", "Tara", "Umar", "Vera",
    "Wei", "Ximena", "Yusuf", "Zoe", "Amara", "Bruno", "Chen", "Dara", "Emil", "Fatima", "Goran",
    "Hana", "Ivan", "Julia", "Kofi", "Lucia", "Min", "Noor",
)
FAMILY = (
    "Abbott", "Baker", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad", "Ivanova",
    "Jensen", "Kim", "Li", "Moreau", "Nakamura", "Okafor", "Novak", "Quinn", "Rossi", "Silva",
    "Tanaka", "Usman", "Varga", "Wang", "Yilmaz", "Zhang", "Andersen", "Bianchi", "Chowdhury",
    "Dlamini", "Evans", "Ferreira", "Gupta", "Horvat", "Ito", "Khan", "Larsen", "Mensah", "Nguyen",
    "Ortiz", "Petrov",
)


# --- encoding ------------------------------------------------------------------------------------


def nice_width(lower: float, upper: float, bins: int) -> float:
    """The bin width a person would pick for about `bins` bins over [lower, upper]: the smallest of
    1, 2, 2.5 and 5 times a power of ten that is at least (upper - lower) / bins."""
    span = float(upper) - float(lower)
    if not (math.isfinite(span) and span > 0) or bins < 1:
        raise DPError("bounds_order", lower=float(lower), upper=float(upper))
    raw = span / bins
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1.0, 2.0, 2.5, 5.0, 10.0) if m * power >= raw * (1 - 1e-12))


def _check_columns(frame: pd.DataFrame, columns: Sequence[str]) -> tuple[str, ...]:
    if not isinstance(frame, pd.DataFrame):
        raise DPError("not_a_table")
    if len(frame) == 0:
        raise DPError("empty_table")
    names = tuple(str(c) for c in columns)
    if not names:
        raise DPError("count_range.at_least", what="The number of quasi-identifiers", minimum=1, value=0)
    if len(set(names)) != len(names):
        raise DPError("synthetic_column_twice")
    for name in names:
        if name not in frame.columns:
            raise DPError("column_missing_listed", column=name, columns=", ".join(map(str, frame.columns)))
    return names


def generalised(values: pd.Series, width: float | None) -> pd.Series:
    """A column as the table publishes it: as it is, or (numbers with a width) each value replaced
    by the start of its bin of that width, floor(x / width) * width."""
    if not width:
        return values
    if not (isinstance(width, (int, float)) and math.isfinite(width) and width > 0):
        raise DPError("not_positive", what="A bin width", value=float(width))
    if not pd.api.types.is_numeric_dtype(values):
        raise DPError("column_not_numeric_bounds", column=str(values.name))
    return np.floor(values.astype(float) / width) * width


@dataclass(frozen=True, eq=False)
class Encoded:
    """A table's quasi-identifiers as integer codes, one array per column, and each column's levels
    (its distinct values, missing included, once generalised)."""

    columns: tuple[str, ...]
    codes: tuple[np.ndarray, ...]
    levels: tuple[pd.Index, ...]


def encode(frame: pd.DataFrame, columns: Sequence[str], widths: Mapping[str, float] | None = None) -> Encoded:
    """Code the quasi-identifiers of `frame`. DPError for no column, an unknown one, a column
    with no value at all (every row empty), an empty table."""
    names = _check_columns(frame, columns)
    codes, levels = [], []
    for name in names:
        values = frame[name]
        if values.isna().all():
            raise DPError("column_no_values", column=name)
        found, uniques = pd.factorize(generalised(values, (widths or {}).get(name)), use_na_sentinel=False)
        codes.append(found.astype(np.int64, copy=False))
        levels.append(pd.Index(uniques))
    return Encoded(names, tuple(codes), tuple(levels))


def _like(values: pd.Series, like: pd.Series) -> pd.Series:
    """Another table's column in the type of `like` (numbers read from text, text from numbers)."""
    if pd.api.types.is_numeric_dtype(like.dtype) and not pd.api.types.is_numeric_dtype(values):
        return pd.to_numeric(values, errors="coerce")
    if not pd.api.types.is_numeric_dtype(like.dtype) and pd.api.types.is_numeric_dtype(values):
        return values.astype(str).where(values.notna())
    return values


def _joint_ids(first: pd.DataFrame, second: pd.DataFrame, columns: Sequence[str],
               widths: Mapping[str, float] | None) -> tuple[np.ndarray, np.ndarray, int]:
    """Group ids of the rows of two tables in one numbering: rows of either table with the same
    combination of `columns` (generalised alike) share an id. Each column is factorised once over
    both tables, so the second table's values need no lookup of their own."""
    names = _check_columns(first, columns)
    if not isinstance(second, pd.DataFrame) or len(second) == 0:
        raise DPError("empty_table")
    _check_columns(second, names)
    codes, sizes = [], []
    for name in names:
        mine = first[name]
        if mine.isna().all():
            raise DPError("column_no_values", column=name)
        width = (widths or {}).get(name)
        theirs = generalised(_like(second[name], mine), width)
        both = pd.concat([generalised(mine, width), theirs], ignore_index=True)
        found, uniques = pd.factorize(both, use_na_sentinel=False)
        codes.append(found.astype(np.int64, copy=False))
        sizes.append(len(uniques))
    key, radix = _combine(codes, sizes)
    ids, groups = _dense(key, radix)
    return ids[:len(first)], ids[len(first):], groups


def _combine(codes: Sequence[np.ndarray], sizes: Sequence[int]) -> tuple[np.ndarray, int]:
    """One integer key per row for the combination of its codes (codes[i] in 0..sizes[i]-1), and
    the number of keys possible: mixed radix, compressed (factorised) before it would overflow."""
    key, radix = codes[0], max(int(sizes[0]), 1)
    for code, size in zip(codes[1:], sizes[1:], strict=True):
        size = max(int(size), 1)
        if radix * size >= _RADIX_LIMIT:
            key, uniques = pd.factorize(key)
            radix = len(uniques)
        key = key * size + code
        radix *= size
    return key, radix


def _dense(key: np.ndarray, radix: int) -> tuple[np.ndarray, int]:
    """Group ids 0..groups-1 for `key`: the key itself when its radix is small (counted directly),
    else its factorisation."""
    if radix <= _DIRECT * max(len(key), 1):
        return key, radix
    ids, uniques = pd.factorize(key)
    return ids.astype(np.int64, copy=False), len(uniques)


def _weights(frame: pd.DataFrame, weight_column: str | None) -> np.ndarray | None:
    people = people_per_row(frame, weight_column)
    return None if people is None else people.astype(float)


def _sizes(ids: np.ndarray, groups: int, weights: np.ndarray | None) -> np.ndarray:
    """Each row's k: the people (rows, or their weights) sharing its group."""
    counts = np.bincount(ids, weights=weights, minlength=groups)
    return counts[ids]


def group_sizes(frame: pd.DataFrame, columns: Sequence[str], widths: Mapping[str, float] | None = None,
                weight_column: str | None = None) -> np.ndarray:
    """k for every row: how many people share its combination of `columns` (with `weight_column`,
    each row stands for that many people, and k adds them up)."""
    encoded = encode(frame, columns, widths)
    key, radix = _combine(encoded.codes, [len(level) for level in encoded.levels])
    ids, groups = _dense(key, radix)
    return _sizes(ids, groups, _weights(frame, weight_column))


@dataclass(frozen=True, eq=False)
class Uniqueness:
    """Each row's k and what a page says of them. `people` counts people (a weighted row stands for
    its weight); `unique` the people alone in their group; `small` those in groups under
    SMALL_GROUP; `smallest` the table's k-anonymity (the smallest group holding anybody)."""

    k: np.ndarray
    weights: np.ndarray | None
    people: float
    unique: float
    small: float
    groups: int
    smallest: float

    def people_with_k(self, low: float, high: float) -> float:
        """How many people sit in groups of size low <= k < high."""
        inside = (self.k >= low) & (self.k < high)
        return float(inside.sum() if self.weights is None else self.weights[inside].sum())


def _summary(k: np.ndarray, weights: np.ndarray | None) -> Uniqueness:
    w = np.ones(len(k)) if weights is None else weights
    held = k > 0
    groups = float(np.sum(w[held] / k[held]))  # each group's people add up to one group
    return Uniqueness(
        k=k, weights=weights, people=float(w.sum()), unique=float(w[k == 1].sum()),
        small=float(w[held & (k < SMALL_GROUP)].sum()), groups=int(round(groups)),
        smallest=float(k[held].min()) if held.any() else 0.0,
    )


def uniqueness(frame: pd.DataFrame, columns: Sequence[str], widths: Mapping[str, float] | None = None,
               weight_column: str | None = None) -> Uniqueness:
    """Each row's k on `columns` and the totals: people, unique people, people in small groups."""
    k = group_sizes(frame, columns, widths, weight_column)
    return _summary(k, _weights(frame, weight_column))


@dataclass(frozen=True)
class Growth:
    """The share of people unique, and in groups under SMALL_GROUP, on the first 1, 2, ... columns."""

    columns: tuple[str, ...]
    unique: tuple[float, ...]
    small: tuple[float, ...]


def growth(frame: pd.DataFrame, columns: Sequence[str], widths: Mapping[str, float] | None = None,
           weight_column: str | None = None) -> Growth:
    """How uniqueness grows as the quasi-identifiers are added one at a time, in the order given."""
    encoded = encode(frame, columns, widths)
    weights = _weights(frame, weight_column)
    w = np.ones(len(frame)) if weights is None else weights
    total = float(w.sum()) or 1.0
    unique, small = [], []
    key, radix = encoded.codes[0], max(len(encoded.levels[0]), 1)
    for i, (code, level) in enumerate(zip(encoded.codes, encoded.levels, strict=True)):
        if i:
            size = max(len(level), 1)
            if radix * size >= _RADIX_LIMIT:
                key, uniques = pd.factorize(key)
                radix = len(uniques)
            key, radix = key * size + code, radix * size
        ids, groups = _dense(key, radix)
        key, radix = ids, groups  # the next column builds on the compressed ids
        k = _sizes(ids, groups, weights)
        unique.append(float(w[k == 1].sum()) / total)
        small.append(float(w[(k > 0) & (k < SMALL_GROUP)].sum()) / total)
    return Growth(encoded.columns, tuple(unique), tuple(small))


# --- the linkage attack --------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class VoterList:
    """A simulated voter list: a made-up name and the quasi-identifiers of a random share of the
    table's people and of other people who are not in the table, in random order (`table`); `rows`
    says which row of the table each voter is, -1 for the others (what the simulation knows and
    an attacker does not)."""

    table: pd.DataFrame
    name_column: str
    rows: np.ndarray


OTHERS_PER_ROW = 10  # people not in the table a simulated list may add, per row of the table


def name_column_for(columns: Sequence[str]) -> str:
    """The voter list's name column: "name", or "name_" (and so on) when a quasi-identifier is called so."""
    name = NAME
    while name in columns:
        name += "_"
    return name


def voter_list(frame: pd.DataFrame, columns: Sequence[str], rng: np.random.Generator,
               coverage: float = 1.0, others: int = 0) -> VoterList:
    """A voter list drawn from `frame`: each person is on it with probability `coverage`, under a
    made-up name, with their quasi-identifiers as they are (never generalised: a register holds
    exact values); and `others` people who are not in the table (the rest of the town), each of
    their values drawn from the table's column on its own (so their combinations may or may not
    be anybody's). A simulation: the page's seed picks who is listed, the others and the names.
    `others` is at most OTHERS_PER_ROW times the table's rows."""
    names = _check_columns(frame, columns)
    share = float(coverage)
    if not 0.0 <= share <= 1.0:
        raise DPError("probability_range", what="The share of people on the voter list", value=share)
    extra = check_count("The number of people", others, minimum=0, maximum=OTHERS_PER_ROW * len(frame))
    listed = np.flatnonzero(rng.random(len(frame)) < share)
    rows = np.concatenate([listed, np.full(extra, -1, dtype=np.int64)])
    order = rng.permutation(len(rows))
    rows = rows[order]
    full = pd.array([f"{g} {f}" for g in GIVEN for f in FAMILY], dtype="str")
    picked = rng.integers(len(GIVEN), size=len(rows)) * len(FAMILY) + rng.integers(len(FAMILY), size=len(rows))
    name_column = name_column_for(names)
    table = pd.DataFrame({name_column: full.take(picked)})
    for name in names:
        source = np.concatenate([listed, rng.integers(len(frame), size=extra)])[order]  # the others: any row's value
        table[name] = frame[name].take(source).reset_index(drop=True)
    return VoterList(table, name_column, rows)


@dataclass(frozen=True, eq=False)
class Linkage:
    """The voter list joined to the table on the quasi-identifiers.

    Per voter: `matches`, the table's rows with the voter's combination; `sharing`, the voters
    with it; `row`, the table's row linked to the voter (-1: none), linked when both are 1 (the
    only row with these values and the only voter with them: the attacker puts a name on a row);
    `learnt`, the voter's sensitive value is known (linked, or every matching row holds the same
    value: the homogeneity attack); `value_row`, a row holding that value (-1: none).
    Per row of the table: `k`, as `group_sizes` gives it."""

    matches: np.ndarray
    sharing: np.ndarray
    row: np.ndarray
    learnt: np.ndarray
    value_row: np.ndarray
    k: np.ndarray

    @property
    def linked(self) -> np.ndarray:
        return self.row >= 0

    @property
    def reidentified(self) -> int:
        return int(self.linked.sum())


def link(frame: pd.DataFrame, voters: pd.DataFrame, columns: Sequence[str],
         widths: Mapping[str, float] | None = None, sensitive: str | None = None) -> Linkage:
    """The linkage attack: each voter's quasi-identifiers (generalised as the table's) looked up in
    the table. DPError for a voter list without one of the columns (and `encode`'s errors)."""
    mine, theirs, groups = _joint_ids(frame, voters, columns, widths)
    rows_per_group = np.bincount(mine, minlength=groups)
    voters_per_group = np.bincount(theirs, minlength=groups)
    row_of_group = np.full(groups, -1, dtype=np.int64)
    row_of_group[mine] = np.arange(len(mine))  # the last row of each group: the only one when unique
    matches, sharing = rows_per_group[theirs], voters_per_group[theirs]
    linked = (matches == 1) & (sharing == 1)
    row = np.where(linked, row_of_group[theirs], -1)
    if sensitive is None:
        learnt, value_row = linked, row
    else:
        if sensitive not in frame.columns:
            raise DPError("column_missing_listed", column=sensitive, columns=", ".join(map(str, frame.columns)))
        secret, values = pd.factorize(frame[sensitive], use_na_sentinel=False)
        pairs = pd.unique(mine * max(len(values), 1) + secret)
        distinct = np.bincount(pairs // max(len(values), 1), minlength=groups)
        homogeneous = distinct[theirs] == 1  # every matching row holds one value (a lone row too)
        learnt = (matches >= 1) & homogeneous
        value_row = np.where(learnt, row_of_group[theirs], -1)
    return Linkage(matches, sharing, row, learnt, value_row, rows_per_group[mine])


def uniqueness_and_linkage(frame: pd.DataFrame, voters: pd.DataFrame, columns: Sequence[str],
                           widths: Mapping[str, float] | None = None,
                           sensitive: str | None = None) -> tuple[Uniqueness, Linkage]:
    """Both questions in one pass over the data: who is unique in the table (its rows' k come out of
    the linkage's grouping) and whom the voter list re-identifies."""
    found = link(frame, voters, columns, widths, sensitive)
    return _summary(found.k.astype(float), None), found


# --- the same linkage asked of a DP release --------------------------------------------------------


@dataclass(frozen=True, eq=False)
class CellRelease:
    """A histogram over the combinations of the voter list (the declared, public categories: never
    the table's), released with OpenDP's discrete Laplace noise. Per voter: `cell`, the index of
    its combination; per cell: its `true` and `released` counts."""

    cell: np.ndarray
    true: np.ndarray
    released: np.ndarray
    mechanism: AdditiveNoise


def cell_counts(frame: pd.DataFrame, voters: pd.DataFrame, columns: Sequence[str],
                widths: Mapping[str, float] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The cells of a release over the voter list's combinations: each voter's cell (numbered in the
    voter list's own order of first appearance) and each cell's true count in the table. A row of
    the table whose combination is on no voter list falls in no cell (out of the declared domain)."""
    listed, rows, groups = _joint_ids(voters, frame, columns, widths)
    cell, cells = pd.factorize(listed)  # the categories come from the public list alone
    cell_of_group = np.full(groups, -1, dtype=np.int64)
    cell_of_group[listed] = cell
    at = cell_of_group[rows]
    true = np.bincount(at[at >= 0], minlength=len(cells)).astype(float)
    return cell.astype(np.int64, copy=False), true


def release_cells(frame: pd.DataFrame, voters: pd.DataFrame, columns: Sequence[str], epsilon: float,
                  widths: Mapping[str, float] | None = None) -> CellRelease:
    """Count the table's people in every combination of the voter list and release the counts with
    discrete Laplace noise of scale 1/epsilon drawn by OpenDP (a person is in one cell: sensitivity
    1 under adding or removing a person). Fresh noise from the operating system, never a seed."""
    from dpcore.release import release_counts

    mechanism = calibrate("discrete_laplace", epsilon, sensitivity=1.0)
    cell, true = cell_counts(frame, voters, columns, widths)
    return CellRelease(cell, true, release_counts(true, mechanism).astype(float), mechanism)


def chance_released(mechanism: AdditiveNoise, true: np.ndarray, shown: float = 1.0) -> np.ndarray:
    """The chance that a cell of true count `true` is released as `shown` (discrete Laplace)."""
    return mechanism.pdf(shown - np.asarray(true, dtype=float))
