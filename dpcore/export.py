"""CSV exports that are safe to open in a spreadsheet.

A text cell starting with =, +, -, @, a tab or a carriage return is read by Excel, LibreOffice and
Google Sheets as a formula ("CSV injection", OWASP). Such cells get a leading apostrophe, which
the spreadsheet shows as plain text. Numbers are written as numbers. The scripts the app generates
write their CSV with the same rule (a copy of `_defuse` in each template of dpcore/scripts,
since users run them without the app; tests/unit/views/test_planner_scripts.py keeps them the same).

A file name the browser sent is the user's text (`%22`, folders, a leading dash): `safe_file_name`
makes one fit to write into a script and to save beside it.
"""

from __future__ import annotations

import re

import pandas as pd

from dpcore.limits import MAX_FILE_NAME

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _defuse(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def safe_csv_bytes(frame: pd.DataFrame) -> bytes:
    """UTF-8 CSV (with BOM, so spreadsheets detect the encoding) with every formula defused,
    header included."""
    safe = frame.rename(columns=lambda c: _defuse(str(c)))
    for column in safe.columns:
        if not pd.api.types.is_numeric_dtype(safe[column]):
            safe[column] = safe[column].map(_defuse)
    return safe.to_csv(index=False).encode("utf-8-sig")


_NOT_NAME = re.compile(r"[^\w.-]+")


def safe_file_name(name: str, default: str = "data.csv") -> str:
    """`name` as a plain file name: its last part only (no folder), every run of other characters
    than letters, digits, `.`, `-` and `_` as one `_`, no leading dot or dash, at most MAX_FILE_NAME
    characters (the extension kept); `default` when nothing is left."""
    base = _NOT_NAME.sub("_", re.split(r"[\\/]", str(name))[-1]).lstrip(".-_")
    if len(base) > MAX_FILE_NAME:
        stem, dot, extension = base.rpartition(".")
        extension = extension[:10] if dot and stem else ""
        base = base[:MAX_FILE_NAME - len(extension) - 1].rstrip(".") + ("." + extension if extension else "")
    return base or default
