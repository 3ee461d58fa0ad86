"""The house rule that keeps dpcore pure: it never imports UI or plotting libraries."""

import ast
from pathlib import Path

import pytest

DPCORE = Path(__file__).resolve().parents[2] / "dpcore"
FORBIDDEN = {"streamlit", "plotly", "altair", "ui", "pages"}


@pytest.mark.parametrize("module", sorted(DPCORE.glob("*.py")), ids=lambda p: p.name)
def test_dpcore_imports_no_ui(module: Path) -> None:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert not imported & FORBIDDEN, f"{module.name} imports {imported & FORBIDDEN}"
