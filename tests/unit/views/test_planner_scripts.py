"""The planner's script templates (dpcore/scripts) and how they are filled (issue 31).

The templates are real Python files: they compile, run as they are on their example plan, and a
generated script differs from its template only in the plan block and the data file's name. Their
copies of the formula rule are dpcore.export's own (the same syntax tree, the same cells defused).
OpenDP cannot be seeded: a released count is checked at epsilon 1e6 (or at scale 1 within 40,
probability below e^-40 of a miss).
"""

from __future__ import annotations

import ast
import csv
import inspect
import io
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from dpcore import export, scripts
from dpcore.protection import Protection
from ui.views.planner import plan
from ui.views.planner.items import STAT_KINDS, Item
from ui.views.planner.pipeline_script import pipelinedp_script
from ui.views.planner.release import opendp_script, release

PLAN_BLOCKS = {
    "opendp_release": ["CSV_FILE", "ID_COLUMN", "ROWS_PER_PERSON", "PLAN"],
    "pipelinedp_job": ["CSV_FILE", "ID_COLUMN", "ROWS_PER_PERSON", "BACKEND", "TOTAL_EPSILON", "PLAN", "BUDGET"],
}


def _module(name: scripts.Template) -> ast.Module:
    return ast.parse(scripts.template_path(name).read_text(encoding="utf-8"))


def _rule(tree: ast.Module) -> list[ast.stmt]:
    """The `_FORMULA_START = ...` and `def _defuse` statements of a module."""
    return [node for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name == "_defuse"
            or isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "_FORMULA_START"]


def _without_plan(text: str) -> str:
    """A script with its plan block cut out (the lines between the block's two marker lines)."""
    lines = text.split("\n")
    begin = next(i for i, line in enumerate(lines) if line.startswith(scripts.BEGIN))
    end = lines.index(scripts.END)
    return "\n".join(lines[:begin + 1] + lines[end:])


@pytest.mark.parametrize("name", scripts.TEMPLATES)
def test_every_template_is_a_python_file_with_one_plan_block(name: scripts.Template) -> None:
    path = scripts.template_path(name)
    compile(path.read_text(encoding="utf-8"), str(path), "exec")
    assert list(scripts._template(name)[1]) == PLAN_BLOCKS[name]
    assert ast.get_docstring(_module(name)) and "named data.csv" in ast.get_docstring(_module(name))


@pytest.mark.parametrize("name", scripts.TEMPLATES)
def test_each_template_s_formula_rule_is_dpcore_s(name: scripts.Template) -> None:
    """The copy is dpcore.export's code (same syntax tree), and run, it defuses the cells the app
    defuses (the assertions of the former defuse_source test, tests/unit/test_histogram.py)."""
    ours = _rule(ast.parse(inspect.getsource(export)))
    copy = _rule(_module(name))
    assert len(ours) == 2 and [ast.dump(n) for n in copy] == [ast.dump(n) for n in ours]
    space: dict = {}
    exec(compile(ast.Module(body=copy, type_ignores=[]), name, "exec"), space)  # noqa: S102 - the template's code
    cells = ["=1+1", "+cmd", "-5–0", "@SUM(A1)", "\tx", "ok", ""]
    app = pd.read_csv(io.StringIO(export.safe_csv_bytes(pd.DataFrame({"c": cells})).decode("utf-8-sig")),
                      dtype=str, keep_default_na=False)["c"].tolist()
    assert [space["_defuse"](c) for c in cells] == app
    assert [space["_defuse"](c) for c in ("\rx", 3.5, None)] == ["'\rx", 3.5, None]


@pytest.mark.slow
def test_the_opendp_template_runs_as_it_is(tmp_path: Path) -> None:
    shutil.copy(scripts.template_path("opendp_release"), tmp_path / "release.py")
    pd.DataFrame({"x": np.arange(50)}).to_csv(tmp_path / "data.csv", index=False)
    done = subprocess.run([sys.executable, "release.py"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = list(csv.reader(io.StringIO(done.stdout)))
    assert lines[0] == ["statistic", "label", "value"] and [line[:2] for line in lines[1:]] == [["Count of rows", ""]]
    assert abs(float(lines[1][2]) - 50) < 40  # Laplace at scale 1



@pytest.mark.slow
def test_the_opendp_template_takes_the_files_path_and_says_when_it_is_missing(tmp_path: Path) -> None:
    """Run from another folder: the path on the command line, else data.csv beside the script; a
    missing file is a sentence, never a traceback."""
    (tmp_path / "job").mkdir()
    shutil.copy(scripts.template_path("opendp_release"), tmp_path / "job" / "release.py")
    pd.DataFrame({"x": np.arange(50)}).to_csv(tmp_path / "mine.csv", index=False)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "job/release.py", *args], cwd=tmp_path, capture_output=True,
                              text=True, timeout=60, check=False)

    assert run("mine.csv").returncode == 0
    missing = run()  # no data.csv beside the script
    assert missing.returncode != 0 and "No CSV file at" in missing.stderr and "Traceback" not in missing.stderr
    shutil.copy(tmp_path / "mine.csv", tmp_path / "job" / "data.csv")
    assert run().returncode == 0


def _rows(frame: pd.DataFrame, items: tuple[Item, ...], protection: Protection) -> tuple[plan.Row, ...]:
    rows = plan.compute(plan.Settings(frame, "test", protection, items, "budget", 1e6 * len(items), 1e-6)).rows
    assert not [r.problem for r in rows if r.problem]
    return rows


FRAME = pd.DataFrame({"id": np.arange(40) % 30, "city": ["a", "b", "=c", "a"] * 10,
                      "v": np.linspace(0.0, 9.0, 40), "n": np.arange(40) % 7})
PROTECTION = Protection(2, "id")
EVERY_KIND = (
    Item("count"),
    Item("count", "city", equals="a", mechanism="discrete_laplace"),
    Item("histogram", "city", categories=("a", "b", "=c", "never"), mechanism="gaussian"),
    Item("histogram", "v", lower=0, upper=10, bins=4),
    Item("sum", "v", lower=0, upper=10, mechanism="gaussian"),
    Item("sum", "n", lower=0, upper=10, mechanism="discrete_laplace"),
    Item("mean", "v", lower=0, upper=10),
    Item("quantile", "v", mechanism="permute_and_flip", lower=0, upper=10, q=0.25),
)


@pytest.mark.parametrize("generate", [opendp_script, pipelinedp_script], ids=["opendp", "pipelinedp"])
def test_a_generated_script_is_its_template_with_only_the_plan_and_file_name_changed(generate) -> None:
    name = "opendp_release" if generate is opendp_script else "pipelinedp_job"
    template = scripts.template_path(name).read_text(encoding="utf-8")
    script = generate(_rows(FRAME, EVERY_KIND, PROTECTION), PROTECTION, "../my data.csv")
    assert _without_plan(script) == _without_plan(template).replace("named data.csv", "named my_data.csv", 1)
    assert template.count("named data.csv") == 1


def test_fill_takes_plain_data_only_and_exactly_the_block_s_names() -> None:
    good = {"CSV_FILE": "data.csv", "ID_COLUMN": None, "ROWS_PER_PERSON": 1, "PLAN": []}
    assert scripts.fill("opendp_release", good).count("PLAN = []\n") == 1
    for bad in ({**good, "PLAN": [float("nan")]}, {**good, "ID_COLUMN": object()},
                {**good, "ID_COLUMN": np.float64(1.5)}, {**good, "CSV_FILE": "a b.csv"},
                {**good, "BACKEND": "local"}, {k: v for k, v in good.items() if k != "PLAN"}):
        with pytest.raises(RuntimeError):
            scripts.fill("opendp_release", bad)


@pytest.mark.slow
def test_an_opendp_script_of_every_statistic_kind_and_noise_runs(tmp_path: Path) -> None:
    """Every kind of statistic and every noise the plan offers, in one script run in a subprocess:
    the same statistics and labels as the app's release, the same numbers at epsilon 1e6 (a quantile:
    within the gap where its candidates tie)."""
    assert {item.kind for item in EVERY_KIND} == set(STAT_KINDS)
    assert {item.mechanism for item in EVERY_KIND} == {"laplace", "discrete_laplace", "gaussian", "permute_and_flip"}
    rows = _rows(FRAME, EVERY_KIND, PROTECTION)
    (tmp_path / "release.py").write_text(opendp_script(rows, PROTECTION, "data.csv"), encoding="utf-8")
    FRAME.to_csv(tmp_path / "data.csv", index=False)
    done = subprocess.run([sys.executable, "release.py"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = list(csv.reader(io.StringIO(done.stdout)))[1:]
    drawn = release(FRAME, rows, PROTECTION)
    ours = {(export._defuse(s.name), export._defuse(label)): value
            for s in drawn.statistics for label, value in zip(s.labels, s.values, strict=True)}
    assert [tuple(line[:2]) for line in lines] == list(ours)
    gap = 9 / 39  # between neighbouring values of v: every candidate of the quantile's grid there ties
    # Two independent draws differ by their noise: at epsilon 1e6 Laplace's scale is ~1e-5, but the
    # analytic Gaussian's sigma is ~sensitivity / sqrt(2 epsilon) (0.014 for the sum of v: 0.05 failed
    # one run in ~100). 30 scales: a Laplace difference passes it with probability 1 - e^-30.
    scale = {export._defuse(row.name): max((noise.scale for noise, _ in row.events), default=0.0) for row in rows}
    for name, label, value in lines:
        tolerance = gap if name.startswith("Quantile") else 0.01 + 30 * scale[name]
        assert float(value) == pytest.approx(ours[(name, label)], abs=tolerance), (name, label)


def test_the_pipelinedp_job_says_how_to_install_what_it_lacks(tmp_path: Path) -> None:
    """Run by a Python without PipelineDP (`-S`: no site-packages), it says what to install."""
    shutil.copy(scripts.template_path("pipelinedp_job"), tmp_path / "job.py")
    done = subprocess.run([sys.executable, "-S", "job.py"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "needs PipelineDP" in done.stderr and "requirements-engine.txt" in done.stderr
