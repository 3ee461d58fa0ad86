"""The planner's PipelineDP script (ui/views/planner/pipeline_script.py), generated and run.

The script is run as a subprocess on a bundled CSV (data/penguins.csv) with PipelineDP's local
backend and with Apache Spark `local[2]`. python-dp draws its noise from the operating system's
entropy, so nothing can be seeded: each backend draws the release RUNS times, and every released
number must lie within the planner's own accuracy of the truth at confidence 1 - alpha, with
alpha = 1e-4 / (every number checked, both backends): a correct release fails this test with
probability below 1e-4 (union bound). The bound is taken 1% wider than the plan's figure because
python-dp rounds its noise scale up to a power-of-two granularity (sigma 4.2266 for the analytic
Gaussian's 4.2247 at epsilon 1, delta 1e-6): at z ~ 5 that moves a tail probability by ~1%.
At this false-alarm rate the accuracy check only catches gross errors (a Laplace scale 5 times too
large fails it with probability above 0.9 per backend: alpha^(1/5) per number, 16 numbers x 3 runs);
the budget split itself is checked exactly, on each statistic's PipelineDP accountant.
The partitions printed must be exactly the declared ones. Spark is skipped only without `java`,
and fails instead when ENGINE_REQUIRE_SPARK is set (CI sets it, so a lost Java runtime is noticed).

Independent references: the true values are computed here with pandas, not by the planner; the
PLAN literal is compared with `script_plan`, the OpenDP script's.
"""

from __future__ import annotations

import ast
import csv
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from dpcore.errors import DPError
from dpcore.protection import Protection
from ui.views.planner import plan
from ui.views.planner.items import Item
from ui.views.planner.pipeline_script import pipelinedp_script, script_budget
from ui.views.planner.release import script_plan

ROOT = Path(__file__).resolve().parents[2]
PENGUINS = ROOT / "data" / "penguins.csv"
FRAME = pd.read_csv(PENGUINS)
SPECIES = ("Adelie", "Chinstrap", "Gentoo", "Emperor")  # Emperor: declared, never in the data
ISLANDS = ("Biscoe", "Dream", "Torgersen")
MASS = (2500.0, 6500.0)
ITEMS = (
    Item("count"),
    Item("histogram", "species", categories=SPECIES),
    Item("histogram", "island", mechanism="gaussian", categories=ISLANDS),
    Item("sum", "body_mass_g", lower=MASS[0], upper=MASS[1]),
    Item("mean", "body_mass_g", lower=MASS[0], upper=MASS[1]),
    Item("count", "sex", equals="female", mechanism="discrete_laplace"),
    Item("histogram", "flipper_length_mm", lower=170, upper=235, bins=5),
)
TOTAL_EPSILON = 7.0
DELTA = 1e-6
RUNS = 3
NUMBERS = 1 + len(SPECIES) + len(ISLANDS) + 1 + 1 + 1 + 5  # released numbers per run
ALPHA = 1e-4 / (2 * RUNS * NUMBERS)
SLACK = 1.01
NO_ID = Protection()  # one row per person, no ID column


def _truth() -> dict[tuple[str, str], float]:
    """Every released number's true value, by pandas (missing cells left out)."""
    mass = FRAME["body_mass_g"].dropna().clip(*MASS)
    flipper = FRAME["flipper_length_mm"].dropna().to_numpy()
    edges = np.linspace(170, 235, 6)
    index = np.clip(np.floor((flipper - 170) / 13), 0, 4).astype(int)
    truth = {("Count of rows", ""): len(FRAME),
             ("Sum of body_mass_g", ""): float(mass.sum()),
             ("Mean of body_mass_g", ""): float(mass.mean()),
             ("Count where sex = female", ""): int((FRAME["sex"] == "female").sum())}
    truth.update({("Histogram of species", s): int((FRAME["species"] == s).sum()) for s in SPECIES})
    truth.update({("Histogram of island", s): int((FRAME["island"] == s).sum()) for s in ISLANDS})
    labels = [f"{edges[i]:g}–{edges[i + 1]:g}" for i in range(5)]
    truth.update({("Histogram of flipper_length_mm", labels[i]): int((index == i).sum()) for i in range(5)})
    return truth


def _rows(alpha: float = 0.05, protection: Protection = NO_ID, frame: pd.DataFrame = FRAME,
          items: tuple[Item, ...] = ITEMS, total: float = TOTAL_EPSILON) -> tuple[plan.Row, ...]:
    return plan.compute(plan.Settings(frame, "test", protection, items, "budget", total, DELTA, alpha)).rows


def _literals(script: str) -> dict[str, object]:
    """The script's top-level constants, read as literals (never executed)."""
    found = {}
    for node in ast.parse(script).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                found[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return found


def _run(script: str, cwd: Path, *args: str, timeout: float = 240) -> list[list[str]]:
    (cwd / "release_job.py").write_text(script, encoding="utf-8")
    env = {**os.environ, "PYSPARK_PYTHON": sys.executable, "PYSPARK_DRIVER_PYTHON": sys.executable}
    done = subprocess.run([sys.executable, "release_job.py", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return list(csv.reader(io.StringIO(done.stdout)))


def _check_release(lines: list[list[str]]) -> None:
    """RUNS draws, each with exactly the declared partitions, every number within the plan's accuracy."""
    rows = _rows(alpha=ALPHA)
    assert not [r.problem for r in rows if r.problem]
    bound = {r.name: SLACK * r.accuracy for r in rows}
    truth = _truth()
    declared = [(s["name"], label) for s in script_plan(rows, Protection())
                for label in (s["labels"] if s["kind"] == "histogram" else [""])]
    assert set(declared) == set(truth)
    assert lines[0] == ["run", "statistic", "label", "value"]
    for run in range(1, RUNS + 1):
        printed = [line[1:] for line in lines[1:] if line[0] == str(run)]
        keys = [(name, label) for name, label, _ in printed]
        assert keys == declared, keys  # the declared partitions, in their order: no more, no fewer
        for name, label, value in printed:
            error = abs(float(value) - truth[(name, label)])
            assert error <= bound[name], (run, name, label, float(value), truth[(name, label)], bound[name])
    assert len(lines) == 1 + RUNS * NUMBERS


def test_the_budget_literal_is_the_plan_s_split_and_the_plan_is_the_opendp_script_s() -> None:
    rows = _rows()
    script = pipelinedp_script(rows, Protection(), "penguins.csv", "spark")
    found = _literals(script)
    assert found["PLAN"] == script_plan(rows, Protection())
    assert found["BUDGET"] == [(r.epsilon, r.delta) for r in rows] == script_budget(rows)
    assert sum(e for e, _ in found["BUDGET"]) == pytest.approx(TOTAL_EPSILON)
    assert found["TOTAL_EPSILON"] == pytest.approx(TOTAL_EPSILON)
    # The planner splits delta equally over its Gaussian statistics (one here); Laplace ones get none.
    assert [d for _, d in found["BUDGET"]] == [0, 0, DELTA, 0, 0, 0, 0]
    truth = _truth()  # the test's own truth agrees with the planner's statistics
    for row in rows:
        values = np.atleast_1d(row.stat.true_value(FRAME))
        assert values.tolist() == pytest.approx([v for (n, _), v in truth.items() if n == row.name]), row.name
    assert found["BACKEND"] == "spark" and found["ROWS_PER_PERSON"] == 1 and found["ID_COLUMN"] is None
    tree = ast.walk(ast.parse(script))
    imports = {name for node in tree for name in ([a.name for a in node.names] if isinstance(node, ast.Import)
                                                   else [node.module] if isinstance(node, ast.ImportFrom) else [])}
    assert imports == {"argparse", "csv", "math", "os", "sys", "pathlib", "pipeline_dp", "pyspark.sql"}


def test_a_bad_backend_or_an_empty_plan_is_refused() -> None:
    rows = _rows()
    with pytest.raises(DPError) as caught:
        pipelinedp_script(rows, Protection(), "x.csv", "beam")  # type: ignore[arg-type]
    assert caught.value.code == "engine_backend" and caught.value.params == {"backend": "beam"}
    assert str(caught.value) == "Unknown engine 'beam': choose 'local' or 'spark'."
    bad = _rows(items=(Item("sum", "species", lower=0, upper=1),))  # a sum of text: a problem
    with pytest.raises(DPError) as caught:
        pipelinedp_script(bad, Protection(), "x.csv")
    assert caught.value.code == "nothing_to_release"


def test_user_strings_stay_data_and_contributions_are_bounded_per_person(tmp_path: Path) -> None:
    """Hostile column names and categories only inside the literals; person 7's three rows count as two."""
    odd = 'x"); import os #'
    quote = "it's \"quoted\", =1\nnext line"
    frame = pd.DataFrame({
        "id": [1, 2, 3, 4, 5, 6, 7, 7, 7, 8, None],
        odd: [quote, "b", "b", quote, "b", "b", "b", "b", "b", None, "b"],
        "v": [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 10.0, 10.0, 10.0, 7.5, 1.0],
    })
    items = (Item("count"), Item("count", odd, equals=quote), Item("histogram", odd, categories=(quote, "b", "never")),
             Item("sum", "v", lower=0, upper=10), Item("mean", "v", lower=0, upper=10, mechanism="gaussian"))
    protection = Protection(2, "id")
    bounded = frame.drop(index=[8, 10])  # what bounding keeps: person 7 down to two rows, no row without an ID
    rows = _rows(protection=protection, frame=bounded, items=items, total=1e6 * len(items))
    name = "data_1_.csv"  # 'data "1".csv' as safe_file_name makes it (issue 30: not the browser's name)
    script = pipelinedp_script(rows, protection, 'data "1".csv')
    assert _literals(script)["CSV_FILE"] == name and _literals(script)["ID_COLUMN"] == "id"
    code = "\n".join(line for line in script.splitlines() if not line.startswith((" ", "'", "PLAN", "BUDGET", "CSV")))
    assert "import os #" not in code.replace("import os\n", "")
    frame.to_csv(tmp_path / name, index=False)
    lines = _run(script, tmp_path, "--backend", "local", timeout=60)
    printed = {(line[0], line[1]): float(line[2]) for line in lines[1:]}
    assert list(printed) == [("Count of rows", ""), (f"Count where {odd} = {quote}", ""),
                             (f"Histogram of {odd}", quote), (f"Histogram of {odd}", "b"),
                             (f"Histogram of {odd}", "never"), ("Sum of v", ""), ("Mean of v", "")]
    assert printed[("Count of rows", "")] == pytest.approx(9, abs=0.01)  # 11 rows, one without ID, one over m
    assert printed[(f"Count where {odd} = {quote}", "")] == pytest.approx(2, abs=0.01)
    assert printed[(f"Histogram of {odd}", "b")] == pytest.approx(6, abs=0.01)
    assert printed[(f"Histogram of {odd}", "never")] == pytest.approx(0, abs=0.01)
    assert printed[("Sum of v", "")] == pytest.approx(bounded["v"].sum(), abs=0.01)
    assert printed[("Mean of v", "")] == pytest.approx(bounded["v"].mean(), abs=0.01)


def test_a_missing_column_is_named(tmp_path: Path) -> None:
    script = pipelinedp_script(_rows(), Protection(), "penguins.csv")
    FRAME.drop(columns="island").to_csv(tmp_path / "penguins.csv", index=False)
    (tmp_path / "job.py").write_text(script, encoding="utf-8")
    done = subprocess.run([sys.executable, "job.py"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "no column named 'island'" in done.stderr


@pytest.mark.timeout(300)
def test_the_local_backend_releases_within_the_planned_accuracy(tmp_path: Path) -> None:
    shutil.copy(PENGUINS, tmp_path / "penguins.csv")
    script = pipelinedp_script(_rows(), Protection(), "penguins.csv", "spark")
    _check_release(_run(script, tmp_path, "--backend", "local", "--repeat", str(RUNS)))


@pytest.mark.timeout(300)
@pytest.mark.skipif(shutil.which("java") is None and not os.environ.get("ENGINE_REQUIRE_SPARK"),
                    reason="Spark needs a Java runtime (Debian: openjdk-17-jre-headless)")
def test_spark_local_2_releases_within_the_planned_accuracy(tmp_path: Path) -> None:
    pytest.importorskip("pyspark", reason="pip install -r requirements-engine.txt")
    shutil.copy(PENGUINS, tmp_path / "penguins.csv")
    script = pipelinedp_script(_rows(), Protection(), "penguins.csv", "local")
    _check_release(_run(script, tmp_path, "--backend", "spark", "--master", "local[2]", "--repeat", str(RUNS)))


def test_each_statistic_spends_exactly_its_planned_budget(tmp_path: Path) -> None:
    """The generated job, imported (not run): every accountant's mechanisms add up to the plan's
    (epsilon, delta) of that statistic, a mean's two halves each get half (as the plan prices them)."""
    import importlib.util

    import pipeline_dp

    rows = _rows()
    path = tmp_path / "job_module.py"
    path.write_text(pipelinedp_script(rows, Protection(), str(PENGUINS)), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("job_module", path)
    job = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(job)  # type: ignore[union-attr]
    results = job.run(pipeline_dp.LocalBackend(), job.read_local(str(PENGUINS)), 1)
    assert len(results) == len(rows)
    for (_, _, _, accountant), row in zip(results, rows, strict=True):
        specs = accountant.mechanism_specs
        assert sum(s.eps for s in specs) == pytest.approx(row.epsilon, rel=1e-12), row.name
        assert sum(s.delta for s in specs) == pytest.approx(row.delta, rel=1e-12), row.name
        if row.item.kind == "mean":
            assert [s.eps for s in specs] == pytest.approx([row.epsilon / 2] * 2)
        kinds = {s.mechanism_type for s in specs}
        expected = pipeline_dp.aggregate_params.MechanismType.GAUSSIAN if row.item.mechanism == "gaussian" else \
            pipeline_dp.aggregate_params.MechanismType.LAPLACE
        assert kinds == {expected}, row.name


def test_a_quantile_is_released_by_pipelinedp_s_quantile_tree_within_its_bounds(tmp_path: Path) -> None:
    """No planned accuracy to check (another mechanism than the app's): within the public bounds, and
    near the true median at a large epsilon."""
    rows = _rows(items=(Item("quantile", "body_mass_g", mechanism="permute_and_flip", lower=MASS[0],
                             upper=MASS[1]),), total=20.0)
    shutil.copy(PENGUINS, tmp_path / "penguins.csv")
    lines = _run(pipelinedp_script(rows, Protection(), "penguins.csv"), tmp_path, "--repeat", "3", timeout=60)
    values = [float(line[3]) for line in lines[1:]]
    median = float(FRAME["body_mass_g"].median())
    assert len(values) == 3 and all(MASS[0] <= v <= MASS[1] for v in values)
    assert all(abs(v - median) < 400 for v in values), (values, median)


def test_the_job_writes_no_spreadsheet_formula_and_names_a_safe_file(tmp_path: Path) -> None:
    """Issue 30: labels printed raw became formulas once saved as CSV; the file name was the one the
    browser sent. The job defuses labels as the app's CSV does and reads a safe name it states."""
    hyperlink = '=HYPERLINK("http://evil.example","click")'
    frame = pd.DataFrame({"site": [hyperlink, hyperlink, "b", "+1"]})
    items = (Item("histogram", "site", categories=(hyperlink, "b", "+1")),)
    rows = _rows(frame=frame, items=items, total=1e6)
    script = pipelinedp_script(rows, Protection(), "folder/evil%22name.csv")
    assert _literals(script)["CSV_FILE"] == "evil_22name.csv" and "named evil_22name.csv" in script
    frame.to_csv(tmp_path / "evil_22name.csv", index=False)
    lines = _run(script, tmp_path, "--backend", "local", timeout=60)
    assert [line[1] for line in lines[1:]] == ["'" + hyperlink, "b", "'+1"]
    assert float(lines[1][2]) == pytest.approx(2, abs=0.01)


def test_the_template_runs_as_it_is(tmp_path: Path) -> None:
    """dpcore/scripts/pipelinedp_job.py is a working job on its own (its example plan: one
    count of data.csv at epsilon 1, Laplace scale 1: a miss of 40 has probability below e^-40)."""
    from dpcore import scripts

    shutil.copy(scripts.template_path("pipelinedp_job"), tmp_path / "job.py")
    FRAME.to_csv(tmp_path / "data.csv", index=False)
    done = subprocess.run([sys.executable, "job.py"], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = list(csv.reader(io.StringIO(done.stdout)))
    assert lines[0] == ["statistic", "label", "value"] and [line[:2] for line in lines[1:]] == [["Count of rows", ""]]
    assert abs(float(lines[1][2]) - len(FRAME)) < 40


def test_a_job_of_every_statistic_kind_runs_on_the_local_backend(tmp_path: Path) -> None:
    """Every kind of statistic and every noise the plan offers in one job (epsilon 1e6 each): the
    declared partitions, each number at its truth (a quantile, another mechanism, within its bounds)."""
    from ui.views.planner.items import STAT_KINDS

    items = (*ITEMS, Item("sum", "flipper_length_mm", lower=170, upper=235, mechanism="gaussian"),
             Item("quantile", "body_mass_g", mechanism="permute_and_flip", lower=MASS[0], upper=MASS[1]))
    assert {i.kind for i in items} == set(STAT_KINDS)
    assert {i.mechanism for i in items} == {"laplace", "discrete_laplace", "gaussian", "permute_and_flip"}
    rows = _rows(items=items, total=1e6 * len(items))
    shutil.copy(PENGUINS, tmp_path / "penguins.csv")
    lines = _run(pipelinedp_script(rows, Protection(), "penguins.csv"), tmp_path, timeout=120)
    flippers = float(FRAME["flipper_length_mm"].dropna().clip(170, 235).sum())
    truth = {**_truth(), ("Sum of flipper_length_mm", ""): flippers}
    printed = [(name, label, float(value)) for name, label, value in lines[1:]]
    declared = [(s["name"], label) for s in script_plan(rows, Protection())
                for label in (s["labels"] if s["kind"] == "histogram" else [""])]
    assert [p[:2] for p in printed] == declared
    for name, label, value in printed:
        if name.startswith("Quantile"):
            assert MASS[0] <= value <= MASS[1]
        else:
            assert value == pytest.approx(truth[(name, label)], abs=0.5), (name, label)
