"""The bundled datasets: where each file is, what it is, and which bundled neighbour it has."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


Domain = tuple[float, float] | tuple[str, ...]


@dataclass(frozen=True)
class BundledDataset:
    """One CSV shipped in data/, with its course neighbour D' when the course gives one.

    `domains` are public facts about columns (numeric bounds, or the full list of categories,
    empty ones included) that a histogram may use without looking at the private values.
    `weight_column` marks a table that is already aggregated: each row stands for that many people.
    """

    key: str
    file: str
    neighbour_file: str | None = None
    histogram_column: str | None = None
    weight_column: str | None = None
    domains: dict[str, Domain] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return DATA_DIR / self.file

    @property
    def neighbour_path(self) -> Path | None:
        return DATA_DIR / self.neighbour_file if self.neighbour_file else None


# UCI Adult as bundled (data/adult.csv, data/ADULT.md): one person per row, every value an integer
# code on a fixed public domain (Private-PGM's adult-domain.json: the number of codes per column).
# Ordered codes (binned ages, years of education, binned amounts and hours) are numbers on their
# code range; unordered ones are categories named by their codes.
ADULT_SIZES: dict[str, int] = {
    "age": 85, "workclass": 9, "fnlwgt": 100, "education-num": 16, "marital-status": 7, "occupation": 15,
    "relationship": 6, "race": 5, "sex": 2, "capital-gain": 100, "capital-loss": 100, "hours-per-week": 99,
    "native-country": 42, "income>50K": 2,
}
ADULT_ORDERED = ("age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week")
ADULT_DOMAINS: dict[str, Domain] = {
    column: (0.0, float(size - 1)) if column in ADULT_ORDERED else tuple(str(i) for i in range(size))
    for column, size in ADULT_SIZES.items()
}

BUNDLED: dict[str, BundledDataset] = {
    d.key: d
    for d in (
        BundledDataset(
            "medical", "medicaldata.csv",
            neighbour_file="md_nb.csv", histogram_column="age_bucket", weight_column="patients",
            domains={"age_bucket": ("20-30", "30-40", "40-50", "50-60", "60-70")},
        ),
        BundledDataset(
            "zoo", "zoo.csv",
            neighbour_file="zoo_nb.csv", histogram_column="carrots", domains={"carrots": (0.0, 100.0)},
        ),
        BundledDataset(
            "students", "students.csv",
            histogram_column="grade",
            domains={"grade": ("Pass", "Fail"), "sex": ("F", "M")},
        ),
        BundledDataset(
            "cancer", "cancer.csv",
            histogram_column="has_cancer", domains={"has_cancer": ("yes", "no")},
        ),
        BundledDataset(
            "pupils", "pupils_ages.csv",
            histogram_column="age", domains={"age": ("12", "13", "14", "15")},
        ),
        BundledDataset(
            "penguins", "penguins.csv",
            histogram_column="body_mass_g",
            domains={
                "species": ("Adelie", "Chinstrap", "Gentoo"),
                "island": ("Biscoe", "Dream", "Torgersen"),
                "sex": ("female", "male"),
                "body_mass_g": (2500.0, 6500.0),
                "bill_length_mm": (30.0, 60.0),
                "bill_depth_mm": (13.0, 22.0),
                "flipper_length_mm": (170.0, 235.0),
                "year": ("2007", "2008", "2009"),
            },
        ),
        BundledDataset("adult", "adult.csv", histogram_column="age", domains=ADULT_DOMAINS),
    )
}
DEFAULT_DATASET = "medical"


def public_categories(dataset_key: str, column: str) -> tuple[str, ...] | None:
    """The declared (public) list of categories of a bundled dataset's column, if it has one."""
    info = BUNDLED.get(dataset_key)
    domain = info.domains.get(column) if info else None
    return tuple(domain) if domain and all(isinstance(v, str) for v in domain) else None  # type: ignore[arg-type]


# Typical public bounds of columns whose meaning a name makes clear (census-style exports such as
# the UCI Adult file): facts from public definitions, never from the data. Keys are lower-case
# names with "-", " " and "." read as "_".
TYPICAL_BOUNDS: dict[str, tuple[float, float]] = {
    "age": (0.0, 120.0),
    "hours_per_week": (0.0, 100.0),
    "capital_gain": (0.0, 100_000.0),
    "capital_loss": (0.0, 5_000.0),
    "education_num": (1.0, 16.0),
    "year": (1900.0, 2030.0),
    "month": (1.0, 13.0),
    "percent": (0.0, 100.0),
    "score": (0.0, 100.0),
    "grade": (0.0, 100.0),
    "height_cm": (40.0, 230.0),
    "weight_kg": (2.0, 250.0),
    "年龄": (0.0, 120.0),
}


def declared_bounds(dataset_key: str, column: str) -> tuple[float, float] | None:
    """Public numeric bounds of a bundled dataset's column, if the catalog declares them."""
    info = BUNDLED.get(dataset_key)
    domain = info.domains.get(column) if info else None
    if domain and not isinstance(domain[0], str):
        return float(domain[0]), float(domain[1])  # type: ignore[arg-type]
    return None


def typical_bounds(column: str) -> tuple[float, float] | None:
    """Typical public bounds for a column whose name says what it holds (age: 0-120), or None."""
    key = column.strip().lower().replace("-", "_").replace(" ", "_").replace(".", "_")
    return TYPICAL_BOUNDS.get(key)
