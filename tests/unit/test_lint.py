"""Lint (ruff: pyflakes, pycodestyle errors, bugbear, import order) and type checks (mypy on dpcore and
ui) as tests, against a counted baseline that may only shrink (as OpenDP keeps its mypy baseline).

A count above the baseline fails: the new finding is listed. A count below it fails too, asking for
the baseline to be lowered (`python -m tests.unit.test_lint --update`), so what was fixed stays fixed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASELINE = ROOT / "tests" / "lint_baseline.json"
MYPY_TARGETS = ("dpcore", "ui")


def ruff_counts() -> tuple[Counter[str], list[str]]:
    """Findings per "file:rule", and one line per finding."""
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format", "json", "--exit-zero", "."],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    found = json.loads(out)
    lines = [f"{Path(f['filename']).relative_to(ROOT)}:{f['location']['row']}: {f['code']} {f['message']}"
             for f in found]
    return Counter(f"{Path(f['filename']).relative_to(ROOT)}:{f['code']}" for f in found), lines


def mypy_counts() -> tuple[Counter[str], list[str]]:
    """Errors per file, and one line per error."""
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--cache-dir",
                          str(ROOT / ".mypy_cache"), *MYPY_TARGETS],
                         cwd=ROOT, capture_output=True, text=True).stdout
    lines = [line for line in out.splitlines() if ": error: " in line]
    return Counter(line.split(":", 1)[0] for line in lines), lines


def _compare(tool: str, counts: Counter[str], lines: list[str]) -> None:
    baseline: dict[str, int] = json.loads(BASELINE.read_text())[tool]
    worse = {key: (baseline.get(key, 0), n) for key, n in counts.items() if n > baseline.get(key, 0)}
    better = {key: (n, counts.get(key, 0)) for key, n in baseline.items() if counts.get(key, 0) < n}
    new = [line for line in lines if any(line.startswith(key.split(":")[0] + ":") for key in worse)]
    assert not worse, f"{tool} finds more than its baseline allows ({worse}):\n" + "\n".join(new)
    assert not better, (f"{tool} finds less than its baseline: lower it with "
                        f"`python -m tests.unit.test_lint --update` ({better})")


def test_ruff_finds_nothing_new() -> None:
    _compare("ruff", *ruff_counts())


@pytest.mark.slow
def test_mypy_finds_nothing_new() -> None:
    _compare("mypy", *mypy_counts())


def update() -> None:
    """Write today's counts as the baseline."""
    ruff, _ = ruff_counts()
    mypy, _ = mypy_counts()
    BASELINE.write_text(json.dumps({"ruff": dict(sorted(ruff.items())), "mypy": dict(sorted(mypy.items()))},
                                   indent=1) + "\n")
    print(f"baseline: ruff {ruff.total()}, mypy {mypy.total()}")


if __name__ == "__main__" and sys.argv[1:] == ["--update"]:
    update()
