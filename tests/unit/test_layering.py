"""The house rules that keep dpcore and the views' compute functions pure: dpcore never imports UI
or plotting libraries, no module of ui/views imports streamlit, and no two modules import each other
(not even inside a function). And one place for each policy (issue 31): only dpcore imports OpenDP
and dp-accounting (what a release costs and how it is drawn is decided there), ui never imports
pages, and every limit is defined in dpcore/limits.py."""

import ast
import functools
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
PACKAGES = ("ui", "dpcore")


@functools.cache
def _tree(module: Path) -> ast.Module:
    """`module` parsed once for all the tests here (parsing every module twice costs a second)."""
    return ast.parse(module.read_text(encoding="utf-8"))


def _imports(module: Path) -> set[str]:
    imported = set()
    for node in ast.walk(_tree(module)):
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
    for node in ast.walk(_tree(path)):
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


def _is_session_state(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "session_state"


def _reads_session_state(node: ast.AST) -> bool:
    """`st.session_state[k]`, `st.session_state.get(k, ...)` or `st.session_state.setdefault(k, ...)`."""
    if isinstance(node, ast.Subscript):
        return _is_session_state(node.value)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("get", "setdefault") and _is_session_state(node.func.value))


def _positional_records(module: Path) -> list[str]:
    """Where `module` keeps a record in the session as a tuple or a dict of fields, or reads one by
    position: a tuple stored in the session (or in a dict kept there), a tuple or a dict with keys as
    the default of `get`/`setdefault`, `kept[0]` on a value read from the session."""
    found: list[str] = []
    if "session_state" not in module.read_text(encoding="utf-8"):
        return found
    for function in ast.walk(_tree(module)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
            continue
        nodes = list(ast.walk(function))
        kept = {t.id for node in nodes if isinstance(node, ast.Assign | ast.AnnAssign)
                and node.value is not None and _reads_session_state(node.value)
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target]) if isinstance(t, ast.Name)}
        for node in nodes:
            line = f"{module.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
                for target in node.targets:
                    if isinstance(target, ast.Subscript) and (
                            _is_session_state(target.value)
                            or isinstance(target.value, ast.Name) and target.value.id in kept):
                        found.append(f"{line}: a tuple stored in the session")
            elif _reads_session_state(node) and isinstance(node, ast.Call) and len(node.args) > 1:
                default = node.args[1]
                if isinstance(default, ast.Tuple) and default.elts or isinstance(default, ast.Dict) and default.keys:
                    found.append(f"{line}: a tuple or dict of fields as a session default")
            elif (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in kept
                  and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int)):
                found.append(f"{line}: a record read by position")
    return found


def test_session_records_are_named_not_positional() -> None:
    """What a page keeps in st.session_state is a frozen dataclass with named fields, not a tuple
    read as `kept[0]` (issue 31)."""
    modules = sorted([*(ROOT / "ui").rglob("*.py"), *(ROOT / "pages").glob("*.py")])
    found = sorted({f for module in modules for f in _positional_records(module)})
    assert not found, "\n".join(found)


TABS = ROOT / "ui" / "tabs"


def _tab_modules() -> list[Path]:
    return sorted(p for p in TABS.rglob("*.py") if p.name != "__init__.py")


def test_a_tab_imports_no_other_tab() -> None:
    """A tab is one module, or one package when it is long (issue 31): it may share widgets with its
    page's `common` module, never import another tab; and outside ui/tabs only the pages and the
    server's warm-up import tabs."""
    names = _module_names()
    found = []
    for name, path in names.items():
        tabs = {m for m in _project_imports(path, names) if m.startswith("ui.tabs.") and m.count(".") > 2}
        if name.startswith("ui.tabs."):
            page, tab = (name.split(".") + [""])[2:4]
            found += [f"{name} imports {m}" for m in tabs
                      if m != f"ui.tabs.{page}.common" and not (tab and m.startswith(f"ui.tabs.{page}.{tab}."))]
        elif name != "ui.serve":
            found += [f"{name} imports {m}" for m in tabs]
    assert not found, "\n".join(sorted(found))


def test_a_page_lists_its_tabs() -> None:
    """A page tells its story and lists its tabs: no view, chart or dpcore of its own, no controls."""
    names = _module_names()
    found = [f"{page.name} imports {m}" for page in sorted((ROOT / "pages").glob("*.py"))
             for m in _project_imports(page, names) if m.startswith(("ui.views", "ui.charts", "ui.controls", "dpcore"))]
    assert not found, "\n".join(found)
    assert not (ROOT / "ui" / "controls").exists(), "control groups live in their tab's module (ui/tabs)"


def _session_keys(module: Path) -> tuple[set[str], set[str]]:
    """The constant keys `module` writes into st.session_state and those it reads (a key named by a
    module-level string constant counts as its value)."""
    tree = _tree(module)
    constants = {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
                 and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
                 for t in node.targets if isinstance(t, ast.Name)}

    def key(node: ast.AST) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        return constants.get(node.id) if isinstance(node, ast.Name) else None

    written, read = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _is_session_state(node.value) and (k := key(node.slice)):
            (written if isinstance(node.ctx, ast.Store) else read).add(k)
        elif _reads_session_state(node) and isinstance(node, ast.Call) and node.args and (k := key(node.args[0])):
            read.add(k)
    return written, read


def test_no_tab_hands_a_value_to_another_through_the_session() -> None:
    """Tabs do not talk through st.session_state (the Attacks' averaging count once reached the
    defence tab that way, issue 31): a key one tab writes, no other tab reads."""
    keys = {module: _session_keys(module) for module in _tab_modules()}
    found = [f"{_relative(a)} writes {k!r}, {_relative(b)} reads it" for a, (written, _) in keys.items()
             for b, (_, read) in keys.items() if a != b for k in sorted(written & read)]
    assert not found, "\n".join(found)


def test_the_session_scan_sees_writes_and_reads(tmp_path: Path) -> None:
    module = tmp_path / "tab.py"
    module.write_text('KEPT = "_kept"\nst.session_state[KEPT] = 1\nx = st.session_state.get("other")\n'
                      'y = st.session_state["third"]\n', encoding="utf-8")
    assert _session_keys(module) == ({"_kept"}, {"other", "third"})
