"""Limits and value grids the whole app agrees on: one place, so pages and checks never drift."""

from __future__ import annotations


def _log_grid(lowest_exponent: int, highest_exponent: int, mantissas: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(
        float(f"{m}e{e}") for e in range(lowest_exponent, highest_exponent + 1) for m in mantissas
    )


EPSILON_GRID: tuple[float, ...] = _log_grid(-3, 0, (1, 1.5, 2, 3, 5, 7)) + (10.0, 15.0, 20.0)
DELTA_GRID: tuple[float, ...] = tuple(10.0**-e for e in range(12, 0, -1))
SEED_MAX = 2**32 - 1
DEFAULT_SEED = 42
MAX_UPLOAD_MB = 200
MAX_BINS = 200
MAX_CATEGORIES = 200
MAX_REPEATED_QUERIES = 1_000_000
MAX_GAME_ROUNDS = 100_000
MAX_ATTACKERS = 100_000  # simulated attackers in one run (two Gamma draws each, whatever k is)
MAX_TRACE_POINTS = 2_000  # checkpoints of a running-mean trace sent to a chart
MAX_TRACES = 1_000  # running-mean paths drawn at once (the page shows a handful)
MAX_RESPONDENTS = 1_000_000  # the largest simulated survey a page may ask for
MAX_SELECTION_DRAWS = 1_000_000  # the most simulated selections a page may ask for
MAX_ABS_SCORE = 1e15  # typed scores beyond this are refused: exp(eps q / 2 Delta) would overflow
MAX_PRICE = 1e12  # candidate prices above this are refused (they would only overflow the arithmetic)
