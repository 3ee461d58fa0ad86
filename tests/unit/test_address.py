"""ui.state's address guard: every parameter Streamlit binds to a number or a switch is in
ui.state.BOUND with its widget's range, and a value its widget cannot take is dropped (issue 30:
`?seed=inf`, a 10 KB seed, `att_k=inf` raised OverflowError inside Streamlit's binding)."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest

import dpcore.limits as limits
from ui.state import BOUND, bound_of, unusable

ROOT = Path(__file__).resolve().parents[2]
BAD = ["inf", "-inf", "nan", "-1e400", "1e400", "9" * 10_000, "abc", "1" * 41]
NUMERIC = {"number_input", "slider"}
SWITCHES = {"checkbox", "toggle", "expander"}
TAG = "0a1b2c"  # a histogram column tag (ui/tabs/histogram/histogram/what_to_count._tag)
# keys passed to a helper whose bound widget names them by a parameter: (helper, keys its callers give)
INDIRECT = {("ui/page.py", "expander"): ["att_anim", "hist_hops"]}


def _literal(node: ast.expr | None, module: ast.Module) -> object:
    """A call's argument as a value: a literal, a dpcore.limits constant or a module constant."""
    if node is None:
        return None
    if isinstance(node, ast.Name):
        if hasattr(limits, node.id):
            return getattr(limits, node.id)
        for statement in module.body:  # NAME = "..." or A, B = "...", "..."
            if isinstance(statement, ast.Assign):
                target, value = statement.targets[0], statement.value
                names = target.elts if isinstance(target, ast.Tuple) else [target]
                values = value.elts if isinstance(value, ast.Tuple) else [value]
                for name, v in zip(names, values):
                    if isinstance(name, ast.Name) and name.id == node.id and isinstance(v, ast.Constant):
                        return v.value
        return None
    if isinstance(node, ast.JoinedStr):  # f"hist_lo_{tag}"
        return "".join(str(p.value) if isinstance(p, ast.Constant) else TAG for p in node.values)
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


def _bound_calls() -> list[tuple[str, int, str, ast.Call, ast.Module]]:
    found = []
    for path in sorted([*(ROOT / "ui").rglob("*.py"), *(ROOT / "pages").glob("*.py"), ROOT / "app.py"]):
        module = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(module):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "bound_select_slider":  # ui.state's select slider, bound to the address
                found.append((path.relative_to(ROOT).as_posix(), node.lineno, "select_slider", node, module))
            elif any(k.arg == "bind" and isinstance(k.value, ast.Constant) and k.value.value == "query-params"
                     for k in node.keywords):
                found.append((path.relative_to(ROOT).as_posix(), node.lineno, name, node, module))
    return found


@pytest.mark.slow
def test_every_bound_number_and_switch_is_in_the_registry_with_its_widget_s_range() -> None:
    calls = _bound_calls()
    assert len(calls) > 40
    seen = set()
    for path, line, widget, call, module in calls:
        kw = {k.arg: k.value for k in call.keywords}
        key = _literal(kw.get("key"), module)
        keys = INDIRECT.get((path, widget), [key]) if key is None else [key]
        if widget not in NUMERIC | SWITCHES and keys == [None]:
            continue  # a choice (ui.widgets' epsilon and delta sliders): Streamlit keeps only its options
        assert keys != [None], f"{path}:{line}: a bound widget whose key this test cannot read"
        for key in keys:
            bound = bound_of(key)
            if widget in NUMERIC:
                args = call.args[1:4]  # slider(label, min, max, value) / number_input keywords
                low = _literal(kw.get("min_value", args[0] if len(args) > 0 else None), module)
                high = _literal(kw.get("max_value", args[1] if len(args) > 1 else None), module)
                value = _literal(kw.get("value", args[2] if len(args) > 2 else None), module)
                assert bound is not None and bound.kind in ("int", "float"), (path, line, key)
                whole = all(isinstance(v, int) for v in (low, high, value) if v is not None) and \
                    any(v is not None for v in (low, high, value))
                assert bound.kind == ("int" if whole else "float"), (path, line, key)
                if isinstance(low, (int, float)):
                    assert bound.low == low, (path, line, key)
                if isinstance(high, (int, float)):
                    assert bound.high == high, (path, line, key)
                elif "max_value" in kw or len(args) > 1:
                    assert bound.high == math.inf, (path, line, key)  # a range that follows the data
            elif widget in SWITCHES:
                assert bound is not None and bound.kind == "bool", (path, line, key)
            else:  # select_slider, multiselect: Streamlit keeps only its options
                assert bound is None, (path, line, key)
            if bound is not None:
                seen.add(next(k for k in BOUND if bound_of(k.replace("[0-9a-f]{6}", TAG)) is bound))
    assert seen == set(BOUND)  # no entry for a widget that is gone


@pytest.mark.parametrize("key", [k.replace("[0-9a-f]{6}", TAG) for k in BOUND])
def test_a_value_no_widget_can_take_is_dropped_and_a_good_one_kept(key: str) -> None:
    bound = bound_of(key)
    assert bound is not None
    for bad in BAD:
        assert unusable({key: [bad]}) == [key], bad
    if bound.kind == "bool":
        assert unusable({key: ["true"]}) == unusable({key: ["False"]}) == []
        return
    good = bound.low if math.isfinite(bound.low) else 1.0
    assert unusable({key: [f"{good:g}"], "other": ["inf"]}) == []  # only bound keys are judged
    if bound.kind == "int":
        assert unusable({key: [f"{good + 0.5:g}"]}) == [key]
    if math.isfinite(bound.high):
        assert unusable({key: [repr(bound.high * 2 + 1)]}) == [key]
    assert unusable({key: [f"{good:g}", "abc"]}) == [key]  # a repeated key: every value must do
