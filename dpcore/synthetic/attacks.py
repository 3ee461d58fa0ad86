"""Privacy attacks on a published synthetic table, in the style of Anonymeter (Giomi, Boenisch,
Wehmeyer & Tasnádi, "A Unified Framework for Quantifying Privacy Risk in Synthetic Data", PoPETs
2023(2), arXiv:2211.10459; statice/anonymeter 1.x), written on numpy and vectorised.

The real rows are split at random into a training half (what the synthesizer is fitted on) and a
control half (real rows it never saw). Each attack is run three ways: the main attack against
training rows, the same attack against control rows, and a naive baseline. The risk is anonymeter's
(main - control) / (1 - control): what the synthetic table teaches about the rows it was made from
beyond what it teaches about anyone from the same population.

- singling out: predicates built from the synthetic table that match exactly one of its (distinct)
  rows: one rare value (univariate) or the values of one synthetic row on 3 random columns
  (multivariate). Success: the predicate matches exactly one distinct row of the training half
  (main) or of the control half (control). Baseline: random predicates (random columns, a random
  value seen in the synthetic table, "==" or "!=" at random). As anonymeter does, rows are
  deduplicated before counting and every rate is over the number of attacks asked for, even when
  fewer predicates were found;
- linkability: the attacker holds two disjoint sets of columns of a target (two tables to join);
  each half finds its nearest synthetic row; success when both find the same one. Baseline: two
  random synthetic rows;
- attribute inference: the attacker knows every column but a secret one; the nearest synthetic
  row on the known columns gives the guess. Baseline: the secret of a random synthetic row;
- distance to closest record (DCR): how many columns a real row differs in from its closest
  synthetic row, training rows against control rows.
Tables are bin codes (dpcore.synthetic.domains), every column a category, so "nearest" counts the
columns that differ (Gower's distance on categorical columns, anonymeter's on these tables). Ties
go to the first synthetic row in table order: the rows are drawn independently, so this is a
uniform choice among the tied rows, and both halves of a linkability target break ties alike.

Rates carry Wilson score intervals (Wilson 1927), at 95% by default, as anonymeter's
`success_rate`; the risk's interval propagates both rates' errors as anonymeter's
`residual_success` does, then is cut to [0, 1].

What epsilon allows (`success_bound`). MST through OpenDP is epsilon-DP for adding or removing one
row, so replacing one row costs at most 2 epsilon (group privacy). A per-target attack's success
S(M(D), t) on a training row t compares with its success on a control row t' like this: the two
rows are exchangeable (a random split of rows from one population), so the control success equals
the success on t of the table made from D with t replaced by t'. The hypothesis-testing region of
a 2 epsilon-DP mechanism (Kairouz, Oh & Viswanath 2015, Thm 2.1; Wasserman & Zhou 2010), read
with "success" as the test, then gives main <= min(1, e^(2 eps) control, 1 - e^(-2 eps) (1 - control)),
and averaging over targets keeps it (the bound is concave in the control rate). So anonymeter's
risk is at most min((e^(2 eps) - 1) control / (1 - control), 1 - e^(-2 eps)). This covers
linkability, inference and DCR's share of exact copies; singling out counts predicates isolating a
row within a whole half, not a per-target event, and gets no bound here. The Bayes posterior bound
e^eps p / (1 - p + e^eps p) caps a belief, not a success rate (randomized response on one bit
succeeds e^eps / (1 + e^eps) of the time where it would give 1/2), so it is not used.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from dpcore.errors import DPError
from dpcore.limits import MAX_SYNTHETIC_ROWS
from dpcore.validation import check_count, check_epsilon, check_probability

CONFIDENCE = 0.95  # of every interval (anonymeter's default)
ATTACKS = 500  # targets (or predicates) per attack: anonymeter's default
SINGLING_OUT_COLUMNS = 3  # columns of a multivariate predicate: anonymeter's default
ATTEMPTS_PER_QUERY = 200  # candidate predicates drawn per predicate wanted, at most (anonymeter: 10 million in all)
_CELLS = 1 << 24  # target x candidate comparisons held at once by `nearest` (16 MB of counts)

Progress = Callable[[float, str], None]
STAGES = ("singling_out", "linkability", "inference", "closest")  # what `measure` reports, in order


@dataclass(frozen=True)
class Rate:
    """A success rate: `successes` of `attempts`, its Wilson centre `value` and half-width `error`."""

    successes: int
    attempts: int
    value: float
    error: float

    @property
    def low(self) -> float:
        return max(0.0, self.value - self.error)

    @property
    def high(self) -> float:
        return min(1.0, self.value + self.error)


def success_rate(successes: int, attempts: int, confidence: float = CONFIDENCE) -> Rate:
    """The Wilson score estimate of a success rate (anonymeter's `success_rate`): centre
    (s + z^2/2) / (n + z^2), half-width z / (n + z^2) sqrt(s (n - s) / n + z^2 / 4)."""
    n = check_count("The number of trials", attempts, minimum=1)
    s = check_count("The number of successes", successes, minimum=0, maximum=n)
    level = check_probability("The confidence level", confidence, open_interval=True)
    z = NormalDist().inv_cdf(0.5 * (1.0 + level))
    denominator = n + z * z
    value = (s + 0.5 * z * z) / denominator
    error = z / denominator * math.sqrt(s * (n - s) / n + 0.25 * z * z)
    return Rate(s, n, value, error)


@dataclass(frozen=True)
class Risk:
    """Anonymeter's risk (main - control) / (1 - control) and its interval, each cut to [0, 1]."""

    value: float
    low: float
    high: float


def residual_risk(main: Rate, control: Rate) -> Risk:
    """Anonymeter's `residual_success` and `bind_value`: the risk and its propagated error."""
    c = control.value  # a Wilson centre is below 1
    residual = (main.value - c) / (1.0 - c)
    error = math.hypot(main.error / (1.0 - c), control.error * (main.value - 1.0) / (1.0 - c) ** 2)

    def cut(x: float) -> float:
        return min(max(x, 0.0), 1.0)

    return Risk(cut(residual), cut(residual - error), cut(residual + error))


@dataclass(frozen=True)
class AttackResult:
    """One attack: its success on training rows (main), on control rows and of the naive baseline,
    anonymeter's risk, and how many predicates or targets it used (singling out may find fewer
    predicates than it asked for; its rates are still over `main.attempts`)."""

    main: Rate
    control: Rate
    baseline: Rate
    risk: Risk
    used: int


def _result(main: int, control: int, baseline: int, attempts: int, used: int, confidence: float) -> AttackResult:
    m, c = success_rate(main, attempts, confidence), success_rate(control, attempts, confidence)
    return AttackResult(m, c, success_rate(baseline, attempts, confidence), residual_risk(m, c), used)


# ------------------------------------------------------------------ inputs


def check_table(codes: np.ndarray, name: str = "synthetic_empty_table") -> np.ndarray:
    """A coded table as a 2-d int64 array with at least one row (codes are not checked against sizes)."""
    c = np.asarray(codes)
    if c.ndim != 2 or c.shape[1] < 1:
        raise DPError("synthetic_codes_shape", columns="at least 1")
    if c.shape[0] == 0:
        raise DPError(name)
    if c.shape[0] > MAX_SYNTHETIC_ROWS:
        raise DPError("synthetic_table_too_large", rows=c.shape[0], maximum=MAX_SYNTHETIC_ROWS)
    if not np.issubdtype(c.dtype, np.integer) or (c < 0).any():
        raise DPError("synthetic_codes_outside")
    return c.astype(np.int64, copy=False)


def _same_columns(*tables: np.ndarray) -> int:
    widths = {t.shape[1] for t in tables}
    if len(widths) != 1:
        raise DPError("synthetic_codes_shape", columns=", ".join(str(w) for w in sorted(widths)))
    return widths.pop()


def split_rows(rows: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A random split of `rows` row numbers into a training half (the larger one when odd) and a
    control half, each sorted."""
    if not isinstance(rows, (int, np.integer)) or rows < 2:
        raise DPError("synthetic_empty_table")
    if rows > MAX_SYNTHETIC_ROWS:
        raise DPError("synthetic_table_too_large", rows=rows, maximum=MAX_SYNTHETIC_ROWS)
    n = int(rows)
    order = rng.permutation(n)
    half = n // 2
    return np.sort(order[half:]), np.sort(order[:half])


def _targets(table: np.ndarray, count: int, rng: np.random.Generator) -> np.ndarray:
    """`count` distinct rows of `table` drawn at random (all of them, shuffled, when it has fewer)."""
    pick = rng.choice(table.shape[0], size=min(count, table.shape[0]), replace=False)
    return table[pick]


# ------------------------------------------------------------------ nearest synthetic row


def unique_rows(table: np.ndarray) -> np.ndarray:
    """The index of the first of each set of equal rows of a 2-d integer table, in table order
    (a stable lexicographic sort: much faster than `np.unique(axis=0)`'s sort of raw bytes)."""
    t = np.asarray(table)
    order = np.lexsort(t.T[::-1])
    ordered = t[order]
    starts = np.ones(len(order), dtype=bool)
    starts[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    return np.sort(order[starts])


def nearest(targets: np.ndarray, candidates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each target row, the index of its nearest candidate row (the number of columns that
    differ; ties to the lowest index) and that number. Candidates are deduplicated first (the first
    of equal rows is the one any tie would pick), then compared column by column in blocks."""
    t = np.asarray(targets)
    c = np.asarray(candidates)
    first = unique_rows(c)
    unique = c[first]
    columns = [np.ascontiguousarray(unique[:, j].astype(np.int32)) for j in range(unique.shape[1])]
    index = np.empty(t.shape[0], dtype=np.int64)
    same = np.empty(t.shape[0], dtype=np.int64)
    block = max(1, _CELLS // max(1, unique.shape[0]))
    for start in range(0, t.shape[0], block):
        part = t[start:start + block].astype(np.int32)
        matches = np.zeros((part.shape[0], unique.shape[0]), dtype=np.uint8)
        for j, column in enumerate(columns):
            matches += part[:, j, None] == column[None, :]
        best = matches.argmax(axis=1)  # the first maximum: the lowest first index
        index[start:start + block] = first[best]
        same[start:start + block] = matches[np.arange(part.shape[0]), best]
    return index, t.shape[1] - same


# ------------------------------------------------------------------ singling out


def _multipliers(sizes: np.ndarray) -> np.ndarray:
    """Mixed-radix place values of a few columns' codes (their product fits easily in int64)."""
    return np.concatenate([np.cumprod(sizes[::-1])[::-1][1:], [1]]).astype(np.int64)


class _Counts:
    """How many rows of a table hold each combination of values on a set of columns (cached per set:
    a count per cell when the cells are few, else the sorted distinct keys and their counts)."""

    def __init__(self, table: np.ndarray, sizes: np.ndarray) -> None:
        self.table, self.sizes = table, sizes
        self._cache: dict[tuple[int, ...], tuple[np.ndarray, np.ndarray | None]] = {}

    def key(self, rows: np.ndarray, columns: tuple[int, ...]) -> np.ndarray:
        places = _multipliers(self.sizes[list(columns)])
        out = rows[:, columns[0]] * places[0]
        for c, place in zip(columns[1:], places[1:], strict=True):
            out += rows[:, c] * place
        return out

    def of(self, columns: tuple[int, ...], keys: np.ndarray) -> np.ndarray:
        if columns not in self._cache:
            cells = int(np.prod(self.sizes[list(columns)]))
            keyed = self.key(self.table, columns)
            self._cache[columns] = ((np.bincount(keyed, minlength=cells), None) if cells <= _CELLS
                                    else np.unique(keyed, return_counts=True))
        values, counts = self._cache[columns]
        if counts is None:
            return values[keys]
        at = np.minimum(np.searchsorted(values, keys), len(values) - 1)
        return np.where(values[at] == keys, counts[at], 0)


Predicate = tuple[tuple[int, ...], int]  # (columns, mixed-radix key of their values): a conjunction of ==


def _univariate(synthetic: _Counts, count: int, rng: np.random.Generator) -> list[Predicate]:
    """Predicates `column == value` for values held by exactly one distinct synthetic row, shuffled."""
    found: list[Predicate] = []
    for j in range(synthetic.table.shape[1]):
        values, counts = np.unique(synthetic.table[:, j], return_counts=True)
        found += [((j,), int(v)) for v in values[counts == 1]]
    order = rng.permutation(len(found))
    return [found[i] for i in order[:count]]


def _multivariate(synthetic: _Counts, count: int, width: int, rng: np.random.Generator) -> list[Predicate]:
    """Up to `count` distinct predicates: a random distinct synthetic row's values on `width` random
    columns, kept when no other distinct synthetic row shares them (at most ATTEMPTS_PER_QUERY
    candidates per predicate wanted)."""
    rows, d = synthetic.table.shape
    found: dict[Predicate, None] = {}
    attempts, limit = 0, ATTEMPTS_PER_QUERY * count
    while len(found) < count and attempts < limit:
        batch = min(max(8 * (count - len(found)), 2_000), limit - attempts)
        attempts += batch
        picked = rng.integers(rows, size=batch)
        columns = np.sort(np.argsort(rng.random((batch, d)), axis=1)[:, :width], axis=1)
        sets, which = np.unique(columns, axis=0, return_inverse=True)
        keys = np.empty(batch, dtype=np.int64)
        alone = np.empty(batch, dtype=bool)
        for g, cols in enumerate(sets):
            members = np.flatnonzero(which.ravel() == g)
            chosen = tuple(int(c) for c in cols)
            keys[members] = synthetic.key(synthetic.table[picked[members]], chosen)
            alone[members] = synthetic.of(chosen, keys[members]) == 1
        for i in np.flatnonzero(alone):
            found.setdefault((tuple(int(c) for c in columns[i]), int(keys[i])), None)
            if len(found) == count:
                break
    return list(found)


def _singled_out(predicates: Sequence[Predicate], table: _Counts) -> int:
    """How many predicates match exactly one row of `table`."""
    hits = 0
    by_columns: dict[tuple[int, ...], list[int]] = {}
    for columns, key in predicates:
        by_columns.setdefault(columns, []).append(key)
    for columns, keys in by_columns.items():
        hits += int((table.of(columns, np.asarray(keys, dtype=np.int64)) == 1).sum())
    return hits


def _random_predicates_singled_out(synthetic: np.ndarray, table: np.ndarray, count: int, width: int,
                                   rng: np.random.Generator) -> int:
    """Anonymeter's baseline: `count` random predicates (random columns; on each a value seen in the
    synthetic table, with "==" or "!=" at random); how many match exactly one row of `table`."""
    d = synthetic.shape[1]
    seen = [np.unique(synthetic[:, j]) for j in range(d)]
    columns = np.argsort(rng.random((count, d)), axis=1)[:, :width]
    values = np.empty((count, width), dtype=np.int64)
    for j in range(d):
        where = columns == j
        values[where] = seen[j][rng.integers(len(seen[j]), size=int(where.sum()))]
    negated = rng.random((count, width)) < 0.5
    by_column = np.ascontiguousarray(table.T.astype(np.int32))  # a column's values side by side
    hits = 0
    block = max(1, _CELLS // max(1, table.shape[0]))
    for start in range(0, count, block):
        cols, vals, neg = columns[start:start + block], values[start:start + block], negated[start:start + block]
        match = np.ones((cols.shape[0], table.shape[0]), dtype=bool)
        for k in range(width):
            match &= (by_column[cols[:, k]] == vals[:, k, None]) != neg[:, k, None]
        hits += int((match.sum(axis=1) == 1).sum())
    return hits


def _distinct(table: np.ndarray) -> np.ndarray:
    return table[unique_rows(table)]


def singling_out(synthetic: np.ndarray, training: np.ndarray, control: np.ndarray, sizes: Sequence[int],
                 rng: np.random.Generator, attacks: int = ATTACKS, width: int = SINGLING_OUT_COLUMNS,
                 confidence: float = CONFIDENCE) -> AttackResult:
    """Anonymeter's singling-out attack: univariate with `width` 1, multivariate otherwise."""
    syn, train, ctrl = (_distinct(check_table(t)) for t in (synthetic, training, control))
    d = _same_columns(syn, train, ctrl)
    n = check_count("The number of trials", attacks, minimum=1, maximum=MAX_SYNTHETIC_ROWS)
    if not isinstance(width, (int, np.integer)) or not 1 <= width <= d:
        raise DPError("synthetic_codes_shape", columns=d)
    w = int(width)
    dims = np.asarray(sizes, dtype=np.int64)
    if dims.shape != (d,) or (syn.max(axis=0) >= dims).any():
        raise DPError("synthetic_codes_outside")
    counts = _Counts(syn, dims)
    predicates = _univariate(counts, n, rng) if w == 1 else _multivariate(counts, n, w, rng)
    main = _singled_out(predicates, _Counts(train, dims))
    held = _singled_out(predicates, _Counts(ctrl, dims))
    baseline = _random_predicates_singled_out(syn, train, n, w, rng)
    return _result(main, held, baseline, n, len(predicates), confidence)


# ------------------------------------------------------------------ linkability and inference


def halves(columns: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two sets of columns a linkability attacker holds by default: the first half and the rest."""
    if not isinstance(columns, (int, np.integer)) or columns < 2:
        raise DPError("synthetic_too_few_columns", count=columns)
    d = int(columns)
    return tuple(range(d // 2)), tuple(range(d // 2, d))


def linkability(synthetic: np.ndarray, training: np.ndarray, control: np.ndarray, rng: np.random.Generator,
                columns: tuple[Sequence[int], Sequence[int]] | None = None, attacks: int = ATTACKS,
                confidence: float = CONFIDENCE) -> AttackResult:
    """Anonymeter's linkability attack with one neighbour: the two sets of columns `columns` of each
    target (default `halves`) each find their nearest synthetic row; a link when it is the same row."""
    syn, train, ctrl = (check_table(t) for t in (synthetic, training, control))
    d = _same_columns(syn, train, ctrl)
    a, b = columns if columns is not None else halves(d)
    a, b = [int(j) for j in a], [int(j) for j in b]
    if not a or not b or set(a) & set(b) or not set(a + b) <= set(range(d)):
        raise DPError("synthetic_codes_shape", columns=d)
    n = check_count("The number of trials", attacks, minimum=1, maximum=MAX_SYNTHETIC_ROWS)
    n = min(n, train.shape[0], ctrl.shape[0])

    def links(targets: np.ndarray) -> int:
        return int((nearest(targets[:, a], syn[:, a])[0] == nearest(targets[:, b], syn[:, b])[0]).sum())

    main = links(_targets(train, n, rng))
    held = links(_targets(ctrl, n, rng))
    baseline = int((rng.integers(syn.shape[0], size=n) == rng.integers(syn.shape[0], size=n)).sum())
    return _result(main, held, baseline, n, n, confidence)


def inference(synthetic: np.ndarray, training: np.ndarray, control: np.ndarray, secret: int,
              rng: np.random.Generator, attacks: int = ATTACKS, confidence: float = CONFIDENCE) -> AttackResult:
    """Anonymeter's attribute-inference attack on a categorical secret: the nearest synthetic row on
    every other column gives the guess; the baseline guesses the secret of a random synthetic row."""
    syn, train, ctrl = (check_table(t) for t in (synthetic, training, control))
    d = _same_columns(syn, train, ctrl)
    if not isinstance(secret, (int, np.integer)) or not 0 <= secret < d:
        raise DPError("synthetic_column_missing", column=secret)
    s = int(secret)
    if d < 2:
        raise DPError("synthetic_too_few_columns", count=d)
    known = [j for j in range(d) if j != s]
    n = check_count("The number of trials", attacks, minimum=1, maximum=MAX_SYNTHETIC_ROWS)
    n = min(n, train.shape[0], ctrl.shape[0])

    def right(targets: np.ndarray) -> int:
        return int((syn[nearest(targets[:, known], syn[:, known])[0], s] == targets[:, s]).sum())

    targets = _targets(train, n, rng)
    main = right(targets)
    held = right(_targets(ctrl, n, rng))
    guesses = syn[rng.choice(syn.shape[0], size=n, replace=syn.shape[0] < n), s]
    baseline = int((guesses == targets[:, s]).sum())
    return _result(main, held, baseline, n, n, confidence)


# ------------------------------------------------------------------ distance to closest record


@dataclass(frozen=True)
class ClosestRecords:
    """How many sampled training and control rows lie at each distance (0 to the number of columns)
    from their closest synthetic row; `copied` is a Rate of distance 0 for each."""

    training: tuple[int, ...]
    control: tuple[int, ...]
    copied_training: Rate
    copied_control: Rate


def closest_records(synthetic: np.ndarray, training: np.ndarray, control: np.ndarray, rng: np.random.Generator,
                    attacks: int = ATTACKS, confidence: float = CONFIDENCE) -> ClosestRecords:
    """Distance to closest record for `attacks` random training rows and as many control rows."""
    syn, train, ctrl = (check_table(t) for t in (synthetic, training, control))
    d = _same_columns(syn, train, ctrl)
    n = check_count("The number of trials", attacks, minimum=1, maximum=MAX_SYNTHETIC_ROWS)
    n = min(n, train.shape[0], ctrl.shape[0])
    out = []
    for table in (train, ctrl):
        distance = nearest(_targets(table, n, rng), syn)[1]
        out.append(np.bincount(distance, minlength=d + 1))
    return ClosestRecords(tuple(int(v) for v in out[0]), tuple(int(v) for v in out[1]),
                          success_rate(int(out[0][0]), n, confidence), success_rate(int(out[1][0]), n, confidence))


# ------------------------------------------------------------------ everything, and what epsilon allows


@dataclass(frozen=True)
class Measurement:
    """Every attack on one synthetic table, and the seconds they took."""

    singling_out_univariate: AttackResult
    singling_out_multivariate: AttackResult
    linkability: AttackResult
    inference: AttackResult
    closest: ClosestRecords
    seconds: float


def measure(synthetic: np.ndarray, training: np.ndarray, control: np.ndarray, sizes: Sequence[int], secret: int,
            rng: np.random.Generator, attacks: int = ATTACKS, progress: Progress | None = None) -> Measurement:
    """Every attack of this module on `synthetic` (fitted on `training`), `control` held out;
    `progress(fraction, stage)` hears of each stage (STAGES) as it starts."""
    start = time.perf_counter()

    def report(i: int) -> None:
        if progress is not None:
            progress(i / len(STAGES), STAGES[i])

    report(0)
    width = min(SINGLING_OUT_COLUMNS, len(sizes))
    uni = singling_out(synthetic, training, control, sizes, rng, attacks, 1)
    multi = singling_out(synthetic, training, control, sizes, rng, attacks, width)
    report(1)
    link = linkability(synthetic, training, control, rng, attacks=attacks)
    report(2)
    infer = inference(synthetic, training, control, secret, rng, attacks)
    report(3)
    closest = closest_records(synthetic, training, control, rng, attacks)
    return Measurement(uni, multi, link, infer, closest, time.perf_counter() - start)


def substitution_epsilon(epsilon: float) -> float:
    """What replacing one row costs a mechanism epsilon-DP for adding or removing one: 2 epsilon."""
    return 2.0 * check_epsilon(epsilon, allow_zero=True)


def success_bound(epsilon: float, control: float) -> float:
    """The highest success on training rows an epsilon-DP synthesizer (add/remove one row) allows a
    per-target attack whose success on control rows is `control`:
    min(1, e^(2 eps) control, 1 - e^(-2 eps) (1 - control))."""
    from dpcore.posterior.testing import dp_roc_region

    c = check_probability("The attacker's success", control)
    return float(dp_roc_region(substitution_epsilon(epsilon), 0.0, np.array([c]))[0][0])


def risk_bound(epsilon: float, control: float) -> float:
    """The highest anonymeter risk (main - control) / (1 - control) that `success_bound` allows."""
    c = check_probability("The attacker's success", control)
    if c >= 1.0:
        return 0.0
    return min(1.0, max(0.0, (success_bound(epsilon, c) - c) / (1.0 - c)))
