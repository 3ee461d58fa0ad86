"""Input checks shared by every dpcore module: one place, one wording, the offending value quoted."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

from dpcore.errors import DPError
from dpcore.limits import MAX_SUM_BOUND


def _as_float(name: str, value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise DPError("not_a_number", what=name, value=value) from None
    if math.isnan(number):
        raise DPError("nan_number", what=name)
    return number


def check_epsilon(epsilon: Any, *, allow_zero: bool = False) -> float:
    """Return epsilon as a float, or raise ValueError if it is not a usable privacy budget."""
    eps = _as_float("Epsilon", epsilon)
    if math.isinf(eps):
        raise DPError("epsilon_infinite")
    if eps < 0 or (eps == 0 and not allow_zero):
        raise DPError("epsilon_range.zero_or_more" if allow_zero else "epsilon_range.above_zero", epsilon=eps)
    return eps


def check_delta(delta: Any, *, allow_zero: bool = True) -> float:
    """Return delta as a float in [0, 1) (or (0, 1) when zero is not allowed)."""
    d = _as_float("Delta", delta)
    if not 0.0 <= d < 1.0:
        raise DPError("delta_range", delta=d)
    if d == 0.0 and not allow_zero:
        raise DPError("delta_zero_gaussian")
    return d


def check_positive(name: str, value: Any) -> float:
    """Return value as a finite float > 0 (sensitivities, scales, tolerances)."""
    v = _as_float(name, value)
    if not math.isfinite(v) or v <= 0:
        raise DPError("not_positive", what=name, value=v)
    return v


def check_probability(name: str, value: Any, *, open_interval: bool = False) -> float:
    """Return value as a float in [0, 1] (or (0, 1) when open_interval)."""
    p = _as_float(name, value)
    if open_interval and not 0.0 < p < 1.0:
        raise DPError("probability_open", what=name, value=p)
    if not 0.0 <= p <= 1.0:
        raise DPError("probability_range", what=name, value=p)
    return p


def check_count(name: str, value: Any, *, minimum: int = 1, maximum: int | None = None) -> int:
    """Return value as an int within [minimum, maximum]."""
    v = _as_float(name, value)
    if not v.is_integer():
        raise DPError("not_whole", what=name, value=v)
    n = int(v)
    if n < minimum or (maximum is not None and n > maximum):
        raise DPError("count_range.at_least" if maximum is None else "count_range.between",
                      what=name, minimum=minimum, maximum=maximum, value=n)
    return n


def check_bounds(lower: Any, upper: Any) -> tuple[float, float]:
    """Public bounds as floats: finite, within +-MAX_SUM_BOUND, lower strictly below upper;
    DPError "bounds" or "bounds_order" otherwise."""
    try:
        lo, hi = float(lower), float(upper)
    except (TypeError, ValueError):
        raise DPError("bounds.not_numbers", lower=lower, upper=upper) from None
    if not (math.isfinite(lo) and math.isfinite(hi)) or max(abs(lo), abs(hi)) > MAX_SUM_BOUND:
        raise DPError("bounds.range", lower=lo, upper=hi, maximum=MAX_SUM_BOUND)
    if lo >= hi:
        raise DPError("bounds_order", lower=lo, upper=hi)
    return lo, hi


def check_choice(code: str, value: Any, options: Sequence[T]) -> T:
    """`value` if it is one of `options`, else DPError(code): "Unknown <what> 'x': choose one of ..."."""
    if value not in options:
        raise DPError(code, value=value, options=", ".join(map(str, options)))
    return value
