"""The bundled datasets: where each file is, what it is, and which bundled neighbour it has."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class BundledDataset:
    """One CSV shipped in data/, with its course neighbour D' when the course gives one."""

    key: str
    file: str
    title: str
    neighbour_file: str | None = None

    @property
    def path(self) -> Path:
        return DATA_DIR / self.file

    @property
    def neighbour_path(self) -> Path | None:
        return DATA_DIR / self.neighbour_file if self.neighbour_file else None


BUNDLED: dict[str, BundledDataset] = {
    d.key: d
    for d in (
        BundledDataset("medical", "medicaldata.csv", "Patients per age bucket (course Experiment 6-2)", "md_nb.csv"),
        BundledDataset("zoo", "zoo.csv", "Zoo: carrots eaten per day (course Experiment 6-1)", "zoo_nb.csv"),
        BundledDataset("students", "students.csv", "Students and exam grades (course Table 6-1)"),
        BundledDataset("cancer", "cancer.csv", "Patients with cancer (course Table 6-2)"),
        BundledDataset("pupils", "pupils_ages.csv", "Ages of six pupils (course section 6.5.3)"),
        BundledDataset("penguins", "penguins.csv", "Palmer penguins (real data, CC0)"),
    )
}
DEFAULT_DATASET = "medical"
