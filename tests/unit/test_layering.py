"""The house rules that keep dpcore and the views' compute functions pure: dpcore never imports UI
or plotting libraries, and no module of ui/views imports streamlit."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DPCORE = ROOT / "dpcore"
VIEWS = ROOT / "ui" / "views"
FORBIDDEN = {"streamlit", "plotly", "altair", "ui", "pages"}


def _imports(module: Path) -> set[str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    return imported


@pytest.mark.parametrize("module", sorted(DPCORE.rglob("*.py")), ids=lambda p: str(p.relative_to(DPCORE)))
def test_dpcore_imports_no_ui(module: Path) -> None:
    imported = _imports(module)
    assert not imported & FORBIDDEN, f"{module.name} imports {imported & FORBIDDEN}"


@pytest.mark.parametrize("module", sorted(VIEWS.rglob("*.py")), ids=lambda p: str(p.relative_to(VIEWS)))
def test_views_compute_without_streamlit(module: Path) -> None:
    assert "streamlit" not in _imports(module), f"{module} imports streamlit: compute must stay pure"
