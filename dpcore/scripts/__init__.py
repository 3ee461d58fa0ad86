"""The planner's generated scripts, as real Python files filled with one plan's values.

Each template here (`opendp_release.py`, `pipelinedp_job.py`) is a standalone script that runs as
it is (on its example plan: one count of `data.csv`), and that ruff, mypy and the tests read like
any other module. Its plan-specific part is one block of constants between the lines
`# --- plan: ...` and `# --- end of plan ---`; `fill` replaces each constant's value by the
`pprint` of a plain value (checked to read back as the same value), so every user string (file
name, column names, categories) reaches the script as data, never as code. The only other change
is the data file's name in the docstring ("named data.csv"), a name `safe_file_name` made.

The templates import OpenDP and PipelineDP: they are the user's scripts, not the app's code, and the
app never imports them; they live in dpcore, the only place that speaks OpenDP. Each holds a copy of
dpcore.export's formula rule (`_defuse`), since users run them without DP Explorer:
tests/unit/views/test_planner_scripts.py keeps the copies identical.
"""

from __future__ import annotations

import ast
import pprint
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal

from dpcore.export import safe_file_name

Template = Literal["opendp_release", "pipelinedp_job"]
TEMPLATES: tuple[Template, ...] = ("opendp_release", "pipelinedp_job")
BEGIN, END = "# --- plan:", "# --- end of plan ---"


def template_path(name: Template) -> Path:
    """The template file of one script."""
    return Path(__file__).with_name(f"{name}.py")


@cache
def _template(name: Template) -> tuple[str, dict[str, ast.expr]]:
    """A template's text and the value expression of each constant in its plan block."""
    text = template_path(name).read_text(encoding="utf-8")
    lines = text.split("\n")
    begin = next(i for i, line in enumerate(lines, 1) if line.startswith(BEGIN))
    end = next(i for i, line in enumerate(lines, 1) if line == END)
    block = {}
    for node in ast.parse(text).body:
        if begin < node.lineno < end:
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
                raise RuntimeError(f"{name}.py: line {node.lineno} of the plan block is not NAME = value")
            block[node.targets[0].id] = node.value
    return text, block


def _offset(lines: list[str], line: int, column: int) -> int:
    """The text offset of an ast position (1-based line, column in UTF-8 bytes)."""
    before = sum(len(text) + 1 for text in lines[:line - 1])
    return before + len(lines[line - 1].encode("utf-8")[:column].decode("utf-8"))


def literal(value: object) -> str:
    """`value` (plain data: str, number, None, bool, and lists, tuples and dicts of them) as Python
    source, the way the scripts show it; refused unless it reads back as the same value."""
    source = pprint.pformat(value, width=110, compact=True, sort_dicts=False)
    try:
        same = ast.literal_eval(source) == value
    except (ValueError, SyntaxError):
        same = False
    if not same:
        raise RuntimeError(f"{value!r} is not plain data a script can hold")
    return source


def fill(name: Template, values: Mapping[str, object]) -> str:
    """The template `name` with every constant of its plan block set to `values[constant]` (each
    constant must be given, and no other), its docstring naming the data file CSV_FILE."""
    text, block = _template(name)
    if set(values) != set(block):
        raise RuntimeError(f"{name}.py's plan block holds {sorted(block)}, not {sorted(values)}")
    csv_file = str(values["CSV_FILE"])
    if safe_file_name(csv_file) != csv_file:
        raise RuntimeError(f"{csv_file!r} is not a file name safe_file_name made")
    lines = text.split("\n")
    pieces, last = [], 0
    spans = sorted((_offset(lines, node.lineno, node.col_offset),
                    _offset(lines, node.end_lineno or node.lineno, node.end_col_offset or 0), key)
                   for key, node in block.items())
    for start, stop, key in spans:
        pieces += [text[last:start], literal(values[key])]
        last = stop
    filled = "".join(pieces) + text[last:]
    docstring_end = filled.index('"""', 3)
    named = f"named {ast.literal_eval(block['CSV_FILE'])}"
    if filled.count(named, 0, docstring_end) != 1:
        raise RuntimeError(f"{name}.py's docstring should say {named!r} once")
    return filled.replace(named, f"named {csv_file}", 1)
