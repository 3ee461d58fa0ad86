"""The house rules that keep dpcore and the views' compute functions pure: dpcore never imports UI
or plotting libraries, no module of ui/views imports streamlit, and no two modules import each other
(not even inside a function)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DPCORE = ROOT / "dpcore"
VIEWS = ROOT / "ui" / "views"
FORBIDDEN = {"streamlit", "plotly", "altair", "ui", "pages"}
PACKAGES = ("ui", "dpcore")


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


def _module_names() -> dict[str, Path]:
    """Every module of ui and dpcore by its dotted name (a package by its own name)."""
    names = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def _project_imports(path: Path, names: dict[str, Path]) -> set[str]:
    """The modules of ui and dpcore that `path` imports anywhere in it (`from a import b` counts a.b
    when b is a module, else a)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in names:
                    found.add(full)
                elif node.module in names:
                    found.add(node.module)
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph` as the path that closes it, or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return None
        path.append(name)
        for imported in sorted(graph[name]):
            if (found := visit(imported)) is not None:
                return found
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        if (found := visit(name)) is not None:
            return found
    return None


def test_no_module_of_ui_or_dpcore_imports_itself_back() -> None:
    names = _module_names()
    graph = {name: _project_imports(path, names) - {name} for name, path in names.items()}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())
