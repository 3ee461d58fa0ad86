"""The house rules that keep dpcore and the views' compute functions pure: dpcore never imports UI
or plotting libraries, and no module of ui/views imports streamlit. And one place for each policy
(issue 31): only dpcore imports OpenDP and dp-accounting (what a release costs and how it is drawn
is decided there), ui never imports pages, and every limit is defined in dpcore/limits.py."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DPCORE = ROOT / "dpcore"
VIEWS = ROOT / "ui" / "views"
UI = ROOT / "ui"
FORBIDDEN = {"streamlit", "plotly", "altair", "ui", "pages"}
DP_LIBRARIES = {"opendp", "dp_accounting"}
# The app's own modules (tests left out: they check dpcore against OpenDP and dp-accounting directly).
APP = sorted(p for p in ROOT.rglob("*.py")
             if not any(part.startswith(".") or part == "tests" for part in p.relative_to(ROOT).parts))
LIMITS = ROOT / "dpcore" / "limits.py"
# The classroom poll's limits are read from environment variables by the server hosting the poll
# (with their variables' names and defaults beside them), so they stay in their own module.
OTHER_LIMITS = {ROOT / "ui" / "classroom" / "limits.py"}


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


def _relative(module: Path) -> str:
    return str(module.relative_to(ROOT))


@pytest.mark.parametrize("module", [m for m in APP if DPCORE not in m.parents], ids=_relative)
def test_only_dpcore_imports_opendp_and_dp_accounting(module: Path) -> None:
    """At any depth, inside functions too (a generated script's text is a string, not an import)."""
    imported = _imports(module)
    assert not imported & DP_LIBRARIES, f"{_relative(module)} imports {imported & DP_LIBRARIES}: ask dpcore"


@pytest.mark.parametrize("module", sorted(UI.rglob("*.py")), ids=_relative)
def test_ui_never_imports_pages(module: Path) -> None:
    assert "pages" not in _imports(module), f"{_relative(module)} imports a page"


def _module_level_limits(module: Path) -> list[str]:
    """Names MAX_* assigned at the top level of a module (an import of one is not a definition)."""
    names = []
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [t.id for t in targets if isinstance(t, ast.Name) and t.id.startswith("MAX_")]
    return names


@pytest.mark.parametrize("module", [m for m in APP if m != LIMITS and m not in OTHER_LIMITS], ids=_relative)
def test_every_limit_is_defined_in_dpcore_limits(module: Path) -> None:
    assert not _module_level_limits(module), f"{_relative(module)} defines {_module_level_limits(module)}: " \
        "put it in dpcore/limits.py"


def test_the_checks_see_what_they_look_for() -> None:
    """The scans find a nested import, a top-level MAX_ assignment and the limits module itself."""
    assert "MAX_BINS" in _module_level_limits(LIMITS)
    assert any("opendp" in _imports(m) for m in DPCORE.rglob("*.py"))  # inside functions, in dpcore
    assert ROOT / "app.py" in APP and not any("tests" in m.parts for m in APP)
