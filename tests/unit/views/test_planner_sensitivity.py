"""Unit tests of the planner's "Sensitivity, explored" tab (ui/views/planner/sensitivity.py).

Every number is checked on a small frame against a hand computation, scipy's Laplace quantile, or
a brute-force search over neighbours; the sentences against the numbers they quote.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from scipy.stats import laplace

from dpcore.errors import DPError
from dpcore.protection import Protection
from ui import fmt
from ui.safe import md_escape
from ui.views.planner import sensitivity as sens

# 6 rows, 5 numbers; bounds [0, 5] clamp 10 and 20 to 5: clamped values 1, 2, 3, 5, 5.
FRAME = pd.DataFrame({"x": [1.0, 2.0, 3.0, 10.0, 20.0, np.nan], "label": list("abcdef")})
EPS = 0.5


def _settings(**changes: object) -> sens.Settings:
    return replace(sens.Settings(FRAME, Protection(), "x", 0.0, 5.0, EPS), **changes)


def _half_width(scale: float, alpha: float = 0.05) -> float:
    """Two-sided 1 - alpha half-width of Laplace(scale), from scipy (an independent source)."""
    return float(laplace.ppf(1 - alpha / 2, scale=scale))


def test_count_and_three_times_count_on_this_data() -> None:
    view = sens.compute(_settings())
    c, t = view.count, view.triple_count
    assert (c.value, c.sensitivity, c.scale) == (6, 1, 2.0)  # COUNT(*) counts every row; b = 1 / 0.5
    assert (t.value, t.sensitivity, t.scale) == (18, 3, 6.0)  # the course's 3*COUNT(*): Δ = 3
    assert c.half_width == pytest.approx(_half_width(2.0))
    assert t.half_width == pytest.approx(3 * c.half_width)
    assert "returns 6 on this data" in view.counts_text and "Δ = 1" in view.counts_text
    assert "returns 18" in view.counts_text and "Δ = 3" in view.counts_text and "scale 6" in view.counts_text


def test_m_rows_per_person_multiply_both_counts_by_m() -> None:
    view = sens.compute(_settings(protection=Protection(4)))
    assert (view.count.sensitivity, view.count.scale) == (4, 8.0)
    assert (view.triple_count.sensitivity, view.triple_count.scale) == (12, 24.0)
    assert "up to 4 rows" in view.counts_text and "Δ = 12" in view.counts_text


def test_clamped_sum_counts_the_clamped_values_and_their_bias() -> None:
    view = sens.compute(_settings())
    s = view.sum
    assert s.value == 16  # 1 + 2 + 3 + 5 + 5
    assert (s.clamped_below, s.clamped_above) == (0, 2)
    assert s.bias == -20  # 16 - (1 + 2 + 3 + 10 + 20)
    assert view.textbook_sum_sensitivity == 5  # max(|0|, |5|)
    assert s.sensitivity == pytest.approx(5, rel=1e-6)  # OpenDP adds only the float rounding
    assert s.scale == pytest.approx(s.sensitivity / EPS)
    assert s.half_width == pytest.approx(_half_width(s.sensitivity / EPS))
    text = view.clamp_text
    assert "2 of the 5 values" in text and "0 below, 2 above" in text and "−20" in text
    assert f"scale {fmt.number(s.scale)}: 95% of the time within ±{fmt.number(s.half_width)}." in text


def test_bounds_of_both_signs_calibrate_on_the_width_and_m_multiplies() -> None:
    s = sens.compute(_settings(lower=-2.0, protection=Protection(3))).sum
    assert s.sensitivity == pytest.approx(3 * 7, rel=1e-6)  # OpenDP: (U - L) m for bounds of both signs
    assert sens.compute(_settings(lower=-2.0, protection=Protection(3))).textbook_sum_sensitivity == 15  # 3 max(2, 5)


def test_clamped_mean_bias_and_accuracy_by_the_union_bound() -> None:
    eps = 50.0  # large enough for the count's noise to stay below the 5 values
    view = sens.compute(_settings(epsilon=eps))
    m = view.mean
    assert m.value == pytest.approx(16 / 5)
    assert m.bias == pytest.approx(16 / 5 - 36 / 5)
    assert (m.clamped_below, m.clamped_above) == (0, 2)
    assert m.count_sensitivity == 1 and m.count_scale == pytest.approx(2 / eps)
    assert m.scale == pytest.approx(m.sensitivity / (eps / 2))
    a_s = _half_width(m.scale, 0.025)  # each part at alpha / 2
    a_n = _half_width(m.count_scale, 0.025)
    assert m.half_width == pytest.approx((a_s + 3.2 * a_n) / (5 - a_n))
    assert f"moves the mean by −4; the noise keeps it within ±{fmt.number(m.half_width)} 95%" in view.clamp_text


def test_a_mean_whose_count_noise_could_reach_the_count_says_so() -> None:
    view = sens.compute(_settings())  # 5 values, count noise ±(2 / 0.25) ln 40 = ±29.5
    assert view.mean.half_width == math.inf
    assert "nothing bounds the mean's error" in view.clamp_text and "∞" not in view.clamp_text


def test_the_tradeoff_grid_holds_the_bias_and_noise_of_each_upper_bound() -> None:
    view = sens.compute(_settings())
    raw = np.array([1, 2, 3, 10, 20.0])
    assert view.grid_uppers.size == 40 and view.grid_uppers.min() > 0
    assert np.any(np.isclose(view.grid_uppers, 5.0))  # the chosen bound is on the grid
    expected_bias = [np.clip(raw, 0, u).sum() - raw.sum() for u in view.grid_uppers]
    assert view.grid_bias == pytest.approx(expected_bias)
    assert view.grid_noise == pytest.approx([_half_width(u / EPS) for u in view.grid_uppers], rel=1e-6)
    total = np.abs(expected_bias) + view.grid_noise
    assert view.best_upper == view.grid_uppers[int(np.argmin(total))]
    assert f"here is {fmt.number(view.best_upper)}." in view.clamp_text


def test_the_chart_spec_stays_the_same_when_epsilon_or_bounds_move() -> None:
    a = sens.compute(_settings()).chart
    b = sens.compute(_settings(epsilon=2.0, upper=8.0)).chart
    assert {k: v for k, v in a.items() if k != "datasets"} == {k: v for k, v in b.items() if k != "datasets"}
    assert [layer["name"] for layer in a["layer"]] == ["curves", "chosen"]
    assert a["datasets"]["chosen"].column("upper").to_pylist() == [5.0]
    assert a["datasets"]["curves"].num_rows == 3 * 40


def _brute_local(values: list[float], lower: float, upper: float) -> float:
    """Largest change of the median of the clamped values over one removed row or one added value
    (on a fine grid of the bounds): an independent search, not dpcore's four-case shortcut."""
    v = np.clip(np.asarray(values, dtype=float), lower, upper)
    here = np.median(v)
    changes = [abs(np.median(np.delete(v, i)) - here) for i in range(v.size) if v.size > 1]
    changes += [abs(np.median(np.append(v, a)) - here) for a in np.linspace(lower, upper, 101)]
    return float(max(changes))


def test_median_local_and_global_sensitivity_by_hand_and_brute_force() -> None:
    view = sens.compute(_settings())
    med = view.median
    assert med.median == 3 and med.global_bound == 2.5  # median of 1, 2, 3, 5, 5; (5 - 0) / 2
    assert med.local == 1 == _brute_local([1, 2, 3, 10, 20], 0, 5)  # adding 5 or removing 1 gives 4
    assert view.median_global_person == 2.5
    assert "3. Its local sensitivity" in view.median_text and "is 1;" in view.median_text
    assert "is 2.5" in view.median_text


def test_a_concrete_neighbour_has_another_local_sensitivity() -> None:
    n = sens.compute(_settings()).neighbour
    assert n is not None
    assert n.removed == 3  # the row at the median: 1, 2, 10, 20 is left, clamped 1, 2, 5, 5
    assert n.median == 3.5
    assert n.local == 1.5 == _brute_local([1, 2, 10, 20], 0, 5)
    text = sens.compute(_settings()).median_text
    assert "value 3" in text and "median is 3.5" in text and "is 1.5, not 1" in text


def test_a_person_with_m_rows_can_move_the_median_across_the_range() -> None:
    view = sens.compute(_settings(protection=Protection(2)))
    assert view.median_global_person == 5  # {0} and two added 5s: the median goes from 0 to 5
    assert "up to 2 rows" in view.median_text and "U − L = 5" in view.median_text


def test_constant_data_has_no_neighbour_with_another_local_sensitivity() -> None:
    frame = pd.DataFrame({"x": [2.0] * 7})
    view = sens.compute(_settings(frame=frame, upper=10.0))
    assert view.median.local == 0 == _brute_local([2.0] * 7, 0, 10)
    assert view.neighbour is None
    assert "leaves the local sensitivity at 0" in view.median_text
    assert "published exactly" in view.median_text


def test_column_names_are_escaped_in_markdown() -> None:
    frame = FRAME.rename(columns={"x": "[a](b)*_"})
    view = sens.compute(_settings(frame=frame, column="[a](b)*_"))
    escaped = md_escape("[a](b)*_")
    for text in (view.clamp_text, view.median_text, *view.table["Statistic"][2:]):
        assert escaped in text and "[a](b)" not in text


def test_sentences_are_whole_and_numbers_are_formatted() -> None:
    view = sens.compute(_settings(frame=pd.DataFrame({"x": np.arange(20_000.0)}), upper=30_000.0))
    for text in (view.counts_text, view.clamp_text, view.median_text):
        assert all(p.rstrip().endswith(".") for p in text.split("\n\n"))
        assert "e+" not in text and "e-" not in text
    assert "returns 20,000 on this data" in view.counts_text
    assert set(view.table) == {"Statistic", "On this data", "Δ (one person)", "Laplace scale at ε",
                               "95% of the time within", "Bias from clamping"}
    assert all(len(col) == 4 for col in view.table.values())
    assert view.table["Statistic"][:2] == ["`COUNT(*)`", "`3*COUNT(*)`"]  # code: the * is not markdown
    assert view.table["On this data"][:2] == ["20,000", "60,000"]


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"column": None}, "numeric column"),
        ({"column": "label"}, "does not hold numbers"),
        ({"column": "nope"}, "no column named 'nope'"),
        ({"lower": 6.0, "upper": 5.0}, "lower bound (6) must be below the upper bound (5)"),
        ({"lower": None}, "Type a public lower and upper bound for x"),
        ({"epsilon": 0.0}, "Epsilon must be greater than zero, got 0"),
        ({"frame": pd.DataFrame({"x": [np.nan, np.nan]})}, "no numbers"),
    ],
)
def test_bad_input_gives_a_readable_error(changes: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError) as info:
        sens.compute(_settings(**changes))
    assert words in str(info.value)
    assert isinstance(info.value, DPError) or changes.get("column") == "nope"


def test_a_higher_epsilon_means_proportionally_less_noise_everywhere() -> None:
    lo, hi = sens.compute(_settings()), sens.compute(_settings(epsilon=4 * EPS))
    for a, b in ((lo.count, hi.count), (lo.triple_count, hi.triple_count), (lo.sum, hi.sum)):
        assert b.scale == pytest.approx(a.scale / 4) and b.half_width == pytest.approx(a.half_width / 4)
    assert math.isclose(lo.median.local, hi.median.local)  # sensitivity does not depend on epsilon
