"""Numbers for people: what every sentence and tooltip uses instead of raw floats.

No "7.68e-7" or "0.221199" in prose: probabilities become percentages or "less than one in a
million", other numbers keep three significant digits with thousands separators, and counts take
the singular or the plural. Pure functions (no Streamlit), so views use them in `compute`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ui.safe import md_escape
from ui.text.common import TEXT

if TYPE_CHECKING:
    import pandas as pd

ONE_IN_A_MILLION = 1e-6


def number(x: float, digits: int = 3) -> str:
    """`x` with `digits` significant digits after the point at most (whole numbers keep all theirs),
    thousands separated, no exponent: 1234.6 -> "1,235", 0.221199 -> "0.221", 3.0 -> "3".
    Infinite values read "∞"."""
    if math.isnan(x):
        return "–"
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if x == 0:
        return "0"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(x))))
    text = f"{round(x, decimals):,.{decimals}f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return text.replace("-", "−")  # the minus sign, not a hyphen


def share(p: float, digits: int = 3) -> str:
    """A probability in words a person reads at a glance: "73.1%", "0.42%", "about 1 in 25,000",
    "less than one in a million", "more than 99.9%"; exactly 0 and 1 stay "0%" and "100%".
    `digits` significant digits (the course prints 4: "73.66%")."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < ONE_IN_A_MILLION:
        return TEXT["share_below_million"]
    if p < 1e-4:
        return TEXT["share_one_in"].format(n=f"{float(f'{1 / p:.2g}'):,.0f}")  # two significant digits: 1 in 65,000
    top = 1 - 10.0 ** -digits
    if p > top:
        return TEXT["share_above"].format(percent=f"{number(100 * top, digits)}%")
    return f"{number(100 * p, digits)}%"


def percent(x: float) -> str:
    """A ratio as a percentage that may pass 100% (an error of 417% of a small bar): "4.2%", "417%"."""
    return "∞" if math.isinf(x) else f"{number(100 * x)}%"


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def tiny(x: float) -> str:
    """A small parameter such as delta as people write it: 1e-6 -> "10⁻⁶", 2.5e-7 -> "2.5 × 10⁻⁷";
    numbers from 0.001 up read as `number` does."""
    if x == 0 or abs(x) >= 1e-3 or not math.isfinite(x):
        return number(x)
    exponent = math.floor(math.log10(abs(x)))
    mantissa = float(f"{x / 10.0**exponent:.3g}")
    if mantissa >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    power = f"10{str(exponent).translate(_SUPERSCRIPT)}"
    return power if mantissa == 1 else f"{number(mantissa)} × {power}"


def justified(values: np.ndarray, noise: float) -> np.ndarray:
    """`values` that carry noise of scale `noise`, rounded to one digit below the noise's first (a
    release with noise of scale 2 needs no more than 0.1: 431.27 -> 431.3; scale 0.004 -> 0.0001):
    the digits past it are noise, and a download that lists them claims a precision it has not.
    Rounding is post-processing, so it costs no privacy."""
    values = np.asarray(values, dtype=float)
    if not math.isfinite(noise) or noise <= 0:
        return values
    return np.round(values, max(0, 1 - math.floor(math.log10(noise))))


def plural(n: float, one: str, many: str) -> str:
    """`one` or `many` (each with an {n} placeholder) for a count: "1 person", "2 people"."""
    return (one if round(n) == 1 and abs(n - round(n)) < 1e-9 else many).format(n=number(n))


def people(n: float) -> str:
    """A count of people: "1 person", "2,345 people"."""
    return plural(n, TEXT["people_one"], TEXT["people_many"])


def markdown_table(columns: dict[str, list[str]]) -> str:
    """A small table as markdown (cells already markdown-safe: views escape user text). Shown in ONE
    `st.markdown` with the sentences around it: `st.table` draws every cell as a markdown element
    of its own, and every element a slider step changes costs the browser time (LEARNED.md)."""
    names = list(columns)
    lines = ["| " + " | ".join(names) + " |", "|" + "---|" * len(names)]
    lines += ["| " + " | ".join(str(cell).replace("\n", " ") for cell in row) + " |" for row in zip(*columns.values())]
    return "\n".join(lines)


def frame_table(frame: pd.DataFrame) -> str:
    """A small table known in advance (a course table, a book's table) as one markdown table: every
    header and cell shown literally (escaped). A column of numbers the view rounded (16.67, 0.1)
    shows them as they are; other numbers read as `number` writes them. Drawn with
    `st.markdown` rather than `st.dataframe`, whose grid costs a page's first open ~200 ms and its
    first use ~270 ms more (LEARNED.md); a grid stays for data a person sorts or scrolls."""
    return markdown_table({md_escape(c): _cells(frame[c].tolist()) for c in frame.columns})


_ROUNDED = 4  # at most this many decimals: a number a view rounded for people


def _cells(values: list[object]) -> list[str]:
    """One column's cells: text escaped; numbers as the view rounded them, thousands separated."""
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return [number(v) if isinstance(v, float) else md_escape(v) for v in values]
    decimals = [_decimals(float(v)) for v in values if math.isfinite(v)]
    if max(decimals, default=0) > _ROUNDED:
        return [number(float(v)) for v in values]
    return [f"{v:,.{_decimals(float(v))}f}".replace("-", "−") if math.isfinite(v) else number(float(v))
            for v in values]


def _decimals(x: float) -> int:
    """How many decimals `x` has as Python writes it shortest (16.67 -> 2, 3.0 -> 0, 1e-07 -> many)."""
    text = repr(x)
    if "e" in text:
        return _ROUNDED + 1 if abs(x) < 1 else 0
    fraction = text.partition(".")[2].rstrip("0")
    return len(fraction)
