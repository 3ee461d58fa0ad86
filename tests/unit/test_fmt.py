"""Numbers for people (ui.fmt): no exponents, sensible digits, singular and plural."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from ui import fmt


@pytest.mark.parametrize(
    ("x", "text"),
    [(1234.6, "1,235"), (0.221199, "0.221"), (3.0, "3"), (0.000768, "0.000768"), (1e9, "1,000,000,000"),
     (-2.5, "−2.5"), (0.0, "0"), (math.inf, "∞"), (12.0, "12")],
)
def test_number_keeps_three_significant_digits_and_no_exponent(x: float, text: str) -> None:
    assert fmt.number(x) == text


@pytest.mark.parametrize(
    ("p", "text"),
    [(0.731, "73.1%"), (0.0042, "0.42%"), (7.68e-7, "less than one in a million"), (1.3e-15, "less than one in a million"),
     (4e-5, "about 1 in 25,000"), (1 / 64_790, "about 1 in 65,000"), (0.99989, "more than 99.9%"), (0.0, "0%"), (1.0, "100%")],
)
def test_share_reads_probabilities_in_words(p: float, text: str) -> None:
    assert fmt.share(p) == text


def test_plural_agrees_with_the_count() -> None:
    assert fmt.plural(1, "{n} person", "{n} people") == "1 person"
    assert fmt.plural(2, "{n} person", "{n} people") == "2 people"
    assert fmt.plural(1.43, "{n} person", "{n} people") == "1.43 people"


def test_share_takes_the_course_s_four_digits() -> None:
    assert fmt.share(0.73664, digits=4) == "73.66%"
    assert fmt.share(0.99996, digits=4) == "more than 99.99%"


@pytest.mark.parametrize(("x", "text"), [(1e-6, "10⁻⁶"), (2.5e-7, "2.5 × 10⁻⁷"), (9.9996e-6, "10⁻⁵"),
                                         (3e-12, "3 × 10⁻¹²"), (0.0015, "0.0015"), (0.0, "0")])
def test_tiny_writes_small_parameters_as_powers_of_ten(x: float, text: str) -> None:
    assert fmt.tiny(x) == text


def test_percent_may_pass_a_hundred() -> None:
    assert fmt.percent(4.17) == "417%"
    assert fmt.percent(0.0261) == "2.61%"
    assert fmt.percent(float("inf")) == "∞"


def test_markdown_table_keeps_every_cell_in_its_column() -> None:
    text = fmt.markdown_table({"a": ["1", "x\\|y"], "b": ["2", "3"]})
    assert text.splitlines() == ["| a | b |", "|---|---|", "| 1 | 2 |", "| x\\|y | 3 |"]


def test_frame_table_shows_user_text_literally_and_numbers_for_people() -> None:
    frame = pd.DataFrame({"name|x": ["**Bo**", "<b>A</b>"], "n": [1234, 5], "p": [0.221199, 1.0]})
    lines = fmt.frame_table(frame).splitlines()
    assert lines[0] == "| name\\|x | n | p |"
    assert lines[2] == "| \\*\\*Bo\\*\\* | 1,234 | 0.221 |"
    assert lines[3] == "| \\<b\\>A\\</b\\> | 5 | 1 |"


def test_frame_table_keeps_the_numbers_a_view_rounded() -> None:
    frame = pd.DataFrame({"corrected": [16.67, 0.1, float("nan")], "loss": [-2.0, 1234.5, 0.0]})
    assert fmt.frame_table(frame).splitlines()[2:] == ["| 16.67 | −2 |", "| 0.1 | 1,234.5 |", "| – | 0 |"]


def test_shares_in_words_follow_the_language() -> None:
    from ui.i18n import language

    with language("zh"):
        assert fmt.share(1e-7) == "不到百万分之一"
        assert fmt.share(1 / 65_000) == "约 65,000 分之一"
        assert fmt.share(0.99999) == "超过 99.9%"
        assert fmt.people(3) == "3 人"
    assert fmt.share(1e-7) == "less than one in a million"


def test_a_release_keeps_the_digits_its_noise_justifies() -> None:
    assert fmt.justified(np.array([431.2718, -3.04]), 2.0).tolist() == [431.3, -3.0]
    assert fmt.justified(np.array([431.2718]), 20.0).tolist() == [431.0]
    assert fmt.justified(np.array([0.123456]), 0.004).tolist() == [0.1235]
    assert fmt.justified(np.array([1.23456]), 0.0).tolist() == [1.23456]  # no noise: nothing to round
