"""The sampling part of the planner's cost tab (ui/views/planner/sampling.py)."""

from __future__ import annotations

import math

import pytest

from ui.i18n import language
from ui.views.planner import sampling


def test_the_population_figure_is_the_amplified_total_and_the_caveat_is_said() -> None:
    view = sampling.compute(sampling.Settings(1.0, 1e-6, 0.05))
    (_, data), (_, population) = view.metrics
    assert data == "1"
    assert float(population) == pytest.approx(math.log(1 + 0.05 * (math.e - 1)), abs=1e-3)  # 0.0823
    assert "nobody outside knows who did" in view.text and "5%" in view.text and "5 × 10⁻⁸" in view.text
    with language("zh"):
        assert "外人不知道谁被抽中" in sampling.compute(sampling.Settings(1.0, 1e-6, 0.05)).text


@pytest.mark.parametrize("rate", [0.0, 1.2, math.nan])
def test_a_bad_rate_is_a_message(rate: float) -> None:
    with pytest.raises(ValueError, match="sampling rate"):
        sampling.compute(sampling.Settings(1.0, 1e-6, rate))
