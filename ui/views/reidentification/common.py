"""What the Re-identification page's parts share: the quasi-identifiers chosen (and how numbers are
binned), the defaults of each bundled table, and the voter list (simulated from the table with the
seed, or uploaded)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from dpcore import reidentification as R
from dpcore.catalog import declared_bounds, public_categories, typical_bounds
from dpcore.rng import make_rng
from ui import fmt
from ui.safe import md_escape
from ui.text.reidentification import TEXT

BIN_CHOICES: tuple[str, ...] = ("exact", "20", "10", "5")  # numbers as they are, or in about this many bins
DEFAULT_BINS = "20"
BIN_ABOVE = 20  # a numeric column with more distinct values than this is binned (fewer: its values are categories)
COVERAGE_CHOICES: tuple[float, ...] = (0.1, 0.25, 0.5, 0.75, 0.9, 1.0)
OTHERS_CHOICES: tuple[float, ...] = (0.0, 0.5, 1.0, 2.0, 5.0)  # people not in the table, per person in it
SHOWN_PEOPLE = 5  # people listed by name in a part

# Quasi-identifiers and the sensitive column each bundled table opens on: age, sex and a place
# where it has them.
DEFAULTS: dict[str, tuple[tuple[str, ...], str | None]] = {
    "medical": (("age_bucket",), None),
    "zoo": (("carrots",), "animal"),
    "students": (("sex",), "grade"),
    "cancer": ((), "has_cancer"),
    "pupils": (("age",), None),
    "penguins": (("island", "sex", "year", "body_mass_g"), "species"),
    "adult": (("age", "sex", "race", "native-country"), "income>50K"),
}
# Column names an upload's quasi-identifiers often have (English and Chinese).
QUASI_NAME = re.compile(
    r"age|sex|gender|birth|zip|post|city|town|place|region|state|county|country|district|island|race|"
    r"ethnic|marital|年龄|性别|出生|邮编|城市|地区|省|县|民族|婚姻", re.IGNORECASE)
# Column names an uploaded voter list's names are in.
NAME_COLUMN = re.compile(r"^(name|full[ _]?name|voter|person|姓名|名字)$", re.IGNORECASE)


def context() -> str:
    """The classic figure the page opens with, and its source (cited as published in English; the
    Chinese page gives the title in Chinese, with author, series, number and year)."""
    return TEXT["sweeney"].format(paper=TEXT["sweeney_paper"])


@dataclass(frozen=True)
class Binning:
    """How one numeric column is generalised: bins of `width` over [lower, upper] from `source`
    ("catalog": the dataset's documented bounds; "typical": public bounds for such a column;
    "data": the column's own smallest and largest values)."""

    column: str
    width: float
    lower: float
    upper: float
    source: str


@dataclass(frozen=True)
class Choice:
    """The quasi-identifiers (in the order picked), how numbers are binned and the weight column."""

    columns: tuple[str, ...]
    bins: str = DEFAULT_BINS
    weight: str | None = None


def candidates(frame: pd.DataFrame, weight: str | None) -> list[str]:
    """Every column but the one that counts people."""
    return [str(c) for c in frame.columns if str(c) != weight]


def default_columns(dataset_key: str, frame: pd.DataFrame, weight: str | None) -> list[str]:
    """A bundled table's own defaults; for an upload the columns named like age, sex or a place."""
    offered = candidates(frame, weight)
    if dataset_key in DEFAULTS:
        return [c for c in DEFAULTS[dataset_key][0] if c in offered]
    return [c for c in offered if QUASI_NAME.search(c)][:4]


def sensitive_options(frame: pd.DataFrame, choice: Choice) -> list[str]:
    """The columns that may hold the secret: any but the quasi-identifiers and the weight."""
    return [c for c in candidates(frame, choice.weight) if c not in choice.columns]


def default_sensitive(dataset_key: str, options: list[str]) -> str | None:
    preferred = DEFAULTS.get(dataset_key, ((), None))[1]
    return preferred if preferred in options else (options[0] if options else None)


def binnings(dataset_key: str, frame: pd.DataFrame, choice: Choice) -> tuple[Binning, ...]:
    """The numeric quasi-identifiers that are binned, and how: those with more than BIN_ABOVE
    distinct values and no documented categories, in about `choice.bins` bins of a round width over
    the documented bounds, the typical bounds of such a column, or else the data's own range."""
    if choice.bins not in BIN_CHOICES or choice.bins == "exact":
        return ()
    found = []
    for column in choice.columns:
        values = frame[column]
        if not pd.api.types.is_numeric_dtype(values) or public_categories(dataset_key, column) is not None:
            continue
        if values.nunique() <= BIN_ABOVE:
            continue
        bounds, source = declared_bounds(dataset_key, column), "catalog"
        if bounds is None:
            bounds, source = typical_bounds(column), "typical"
        if bounds is None:
            bounds, source = (float(values.min()), float(values.max())), "data"
        if not bounds[1] > bounds[0]:
            continue
        width = R.nice_width(bounds[0], bounds[1], int(choice.bins))
        found.append(Binning(column, width, float(bounds[0]), float(bounds[1]), source))
    return tuple(found)


def widths(binned: tuple[Binning, ...]) -> dict[str, float]:
    return {b.column: b.width for b in binned}


def names(columns: tuple[str, ...] | list[str]) -> str:
    """Column names for a sentence, each escaped: "island, sex, year"."""
    shown = [md_escape(c) for c in columns]
    return ", ".join(shown)


def binning_note(binned: tuple[Binning, ...], choice: Choice, frame: pd.DataFrame) -> str:
    """What was done to the numbers, in a sentence (or that they are compared exactly)."""
    numeric = [c for c in choice.columns if pd.api.types.is_numeric_dtype(frame[c])]
    if not binned:
        return TEXT["exact_note"] if choice.bins == "exact" and numeric else ""
    parts = [TEXT["binned_one"].format(
        column=md_escape(b.column), width=fmt.number(b.width),
        source=TEXT[f"binned_{b.source}"].format(lower=fmt.number(b.lower), upper=fmt.number(b.upper)))
        for b in binned]
    return TEXT["binned_note"].format(binned="; ".join(parts))


def identifier_note(frame: pd.DataFrame, choice: Choice) -> str:
    """Which chosen columns are different on every row (a name, an ID), if any (an aggregated
    table's rows are groups: none)."""
    if choice.weight is not None:
        return ""
    found = [c for c in choice.columns if len(frame) > 1 and frame[c].nunique(dropna=False) == len(frame)]
    return TEXT["identifier_note"].format(columns=names(found)) if found else ""


@dataclass(frozen=True)
class VoterSource:
    """Where the voter list comes from: simulated from the table (`coverage`, `others` per person
    of the table, the seed), or an upload (`uploaded`, its content `ident` and file `name`)."""

    coverage: float = 1.0
    seed: int = 42
    others: float = 1.0
    uploaded: pd.DataFrame | None = field(default=None, compare=False, hash=False)
    ident: str = ""
    name: str = ""

    @property
    def simulated(self) -> bool:
        return self.uploaded is None

    def key(self) -> tuple[object, ...]:
        """What the list depends on, for a memo."""
        if self.uploaded is not None:
            return ("upload", self.ident)
        return ("simulated", self.coverage, self.others, self.seed)


@dataclass(frozen=True, eq=False)
class Voters:
    """The voter list in use: its table, its name column, and (simulated) who each voter is: their
    row of the table, -1 for a person not in it (None for an upload: nobody knows)."""

    table: pd.DataFrame
    name_column: str | None
    rows: np.ndarray | None


def voters(frame: pd.DataFrame, columns: tuple[str, ...], source: VoterSource) -> Voters:
    """The simulated list (the seed's own stream, so every part sees the same list) or the upload."""
    if source.uploaded is None:
        drawn = R.voter_list(frame, columns, make_rng(source.seed, "reid-voters"), source.coverage,
                             round(source.others * len(frame)))
        return Voters(drawn.table, drawn.name_column, drawn.rows)
    table = source.uploaded
    found = [str(c) for c in table.columns if NAME_COLUMN.match(str(c).strip())]
    others = [str(c) for c in table.columns if str(c) not in columns]
    return Voters(table, next(iter(found or others), None), None)


def missing_columns(source: VoterSource, columns: tuple[str, ...]) -> str | None:
    """The sentence saying which quasi-identifier an uploaded voter list lacks, or None."""
    if source.uploaded is None:
        return None
    have = [str(c) for c in source.uploaded.columns]
    missing = [c for c in columns if c not in have]
    if not missing:
        return None
    return TEXT["voters_missing"].format(column=names(missing), columns=names(have))


def voter_names(listed: Voters, at: np.ndarray) -> list[str]:
    """The names of the voters at positions `at`, as plain text (a table escapes them): "#12" when
    the list has no column of names."""
    if listed.name_column is None:
        return [f"#{i + 1}" for i in at]
    return [str(v) for v in listed.table[listed.name_column].to_numpy()[at]]


def shown_value(value: object) -> str:
    """A cell of a table of people as the data holds it (a year stays "2009", not "2,009"; missing
    is "–"): plain text, which the table escapes."""
    if value is None or (isinstance(value, (float, np.floating)) and np.isnan(value)):
        return "–"
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.10g}"
    return str(value)
