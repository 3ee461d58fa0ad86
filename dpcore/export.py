"""CSV exports that are safe to open in a spreadsheet.

A text cell starting with =, +, -, @, a tab or a carriage return is read by Excel, LibreOffice and
Google Sheets as a formula ("CSV injection", OWASP). Such cells get a leading apostrophe, which
the spreadsheet shows as plain text. Numbers are written as numbers.
"""

from __future__ import annotations

import pandas as pd

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
