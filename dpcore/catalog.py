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
    title: str
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


BUNDLED: dict[str, BundledDataset] = {
    d.key: d
    for d in (
        BundledDataset(
            "medical", "medicaldata.csv", "Patients per age bucket (course Experiment 6-2)",
            neighbour_file="md_nb.csv", histogram_column="age_bucket", weight_column="patients",
            domains={"age_bucket": ("20-30", "30-40", "40-50", "50-60", "60-70")},
        ),
        BundledDataset(
            "zoo", "zoo.csv", "Zoo: carrots eaten per day (course Experiment 6-1)",
            neighbour_file="zoo_nb.csv", histogram_column="carrots", domains={"carrots": (0.0, 100.0)},
        ),
        BundledDataset(
            "students", "students.csv", "Students and exam grades (course Table 6-1)",
            histogram_column="grade",
            domains={"grade": ("Pass", "Fail"), "sex": ("F", "M")},
        ),
        BundledDataset(
            "cancer", "cancer.csv", "Patients with cancer (course Table 6-2)",
            histogram_column="has_cancer", domains={"has_cancer": ("yes", "no")},
        ),
        BundledDataset(
            "pupils", "pupils_ages.csv", "Ages of six pupils (course section 6.5.3)",
            histogram_column="age", domains={"age": ("12", "13", "14", "15")},
        ),
        BundledDataset(
            "penguins", "penguins.csv", "Palmer penguins (real data, CC0)",
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
    )
}
DEFAULT_DATASET = "medical"


def public_categories(dataset_key: str, column: str) -> tuple[str, ...] | None:
    """The declared (public) list of categories of a bundled dataset's column, if it has one."""
    info = BUNDLED.get(dataset_key)
    domain = info.domains.get(column) if info else None
    return tuple(domain) if domain and all(isinstance(v, str) for v in domain) else None  # type: ignore[arg-type]
