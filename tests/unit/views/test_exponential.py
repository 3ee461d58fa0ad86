"""The Exponential mechanism page's compute functions, on their own (no Streamlit)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from ui.charts.exponential import short_share
from ui.views.exponential import mode, pricing, vote
from ui.views.steps import at_each

BOOK = (("football", "volleyball", "basketball", "tennis"), (30, 25, 8, 2))


def _vote(**changes: object) -> vote.View:
    settings = {"names": BOOK[0], "scores": BOOK[1], "epsilon": 0.1, "sensitivity": 1.0, "draws": 1000, "seed": 42}
    return vote.compute(vote.Settings(**{**settings, **changes}))


def _layer_names(spec: dict) -> list[str]:
    return [layer["name"] for layer in spec["layer"]]


def test_vote_at_the_books_epsilon() -> None:
    view = _vote()
    bars = view.chart["datasets"]["bars"].to_pandas()
    np.testing.assert_allclose(bars["probability"], [0.42404, 0.33024, 0.14115, 0.10457], atol=1e-5)
    assert bars["value"].tolist() == ["42.4%", "33%", "14.1%", "10.5%"]
    assert view.summary == (
        "At ε = 0.1 the mechanism picks **football** (score 30) with probability **42.4%**; "
        "the least likely option has probability 10.5%."
    )
    assert _layer_names(view.chart) == ["bars", "values"]
    assert _layer_names(view.draws_chart) == ["shares", "expected"]
    header, football, *_ = view.table
    assert header == ("Option", "Score (votes)", "Probability at ε = 0.1", "ε = 0.1", "ε = 1")
    assert football == ("football", "30", "42.4%", "42.4%", "92.4%")  # shares as a person reads them
    assert view.chart["title"]["text"] == ["Probability of choosing", "each option at ε = 0.1"]


def test_vote_draws_are_counted_for_people() -> None:
    view = _vote(draws=1)
    assert view.draws_summary.startswith("In 1 simulated selection **")
    assert "came out once" in view.draws_summary or "came out 0 times" in view.draws_summary
    many = _vote(draws=200_000)
    assert many.draws_summary.startswith("In 200,000 simulated selections **football** came out ")
    assert " times, a share of 42." in many.draws_summary


def test_vote_spec_depends_on_the_options_only() -> None:
    a, b = _vote(), _vote(epsilon=1.0, sensitivity=2.0, draws=500, seed=1)
    for x, y in ((a.chart, b.chart), (a.draws_chart, b.draws_chart)):  # but the title naming ε
        assert {**x, "datasets": sorted(x["datasets"]), "title": None} == \
            {**y, "datasets": sorted(y["datasets"]), "title": None}


def test_vote_steps_hold_every_epsilon() -> None:
    settings = vote.Settings(BOOK[0], BOOK[1], 0.1, 1.0, 1000, 42)
    steps = at_each(vote.compute, settings, (0.1, 1.0))
    assert steps.frames("chart")[1]["datasets"]["bars"].equals(_vote(epsilon=1.0).chart["datasets"]["bars"])
    assert steps.readings("summary")[0] == (("p", _vote().summary),)
    assert steps.readings("draws_summary")[1] == (("p", _vote(epsilon=1.0).draws_summary),)
    tables = steps.readings(lambda view: (("table", view.table),))
    assert tables[1][0][0] == "table" and tables[1][0][1][0][2] == "Probability at ε = 1"
    with pytest.raises(ValueError, match="greater than zero"):
        at_each(vote.compute, vote.Settings(BOOK[0], BOOK[1], 0.1, 0.0, 1000, 42), (0.1, 1.0))


def test_vote_reproducible_with_the_seed() -> None:
    assert _vote().draws_summary == _vote().draws_summary
    assert _vote(seed=7).draws_chart["datasets"]["shares"] != _vote().draws_chart["datasets"]["shares"]


@pytest.mark.parametrize("changes,fragment", [
    ({"scores": (30, "lots", 8, 2)}, "not a finite number"),
    ({"names": ("a", "a", "b", "c")}, "both called 'a'"),
    ({"sensitivity": 0.0}, "greater than zero"),
])
def test_vote_errors_are_sentences(changes: dict, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        _vote(**changes)


def test_huge_scores_and_a_tiny_sensitivity_stay_finite() -> None:  # from the page's AppTest
    view = _vote(sensitivity=0.001, scores=(1e15, -1e15, 8, 2))
    assert view.chart["datasets"]["bars"].column("probability").to_pylist()[0] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="between -1e15 and 1e15"):
        _vote(sensitivity=0.001, scores=(1e16, -1e15, 8, 2))


def test_user_names_are_plain_text_in_the_summary() -> None:
    view = _vote(names=("<b>x</b>", "b", "c", "d"))  # the browser writes it as text (ui/reading.py)
    assert "picks **<b>x</b>**" in view.summary and view.table[1][0] == "<b>x</b>"
    assert view.chart["datasets"]["bars"].column("option").to_pylist()[0] == "<b>x</b>"  # as typed in the chart


def test_book_table_next_to_the_computation() -> None:
    book = vote.book().table
    assert list(book["Book, ε = 1"]) == ["0.924", "0.075", "1.5 × 10⁻⁵", "7.7 × 10⁻⁷"]
    assert list(book["Computed, ε = 1"]) == ["0.924", "0.076", "1.5 × 10⁻⁵", "7.7 × 10⁻⁷"]
    assert list(book["Computed, ε = 0"]) == ["0.25"] * 4


def _pricing(epsilon: float = 1.0, **changes: object) -> pricing.View:
    market = {"buyers": ("Alice", "Bob", "Charlie"), "max_prices": (1.0, 1.0, 3.0), "lowest": 0.25,
              "highest": 4.0, "step": 0.25}
    return pricing.compute(pricing.Settings(pricing.Market(**{**market, **changes}), epsilon))


def test_pricing_two_sensitivities_each_named() -> None:
    view = _pricing()
    assert dict(view.metrics)["Best price, no privacy"] == "3 at price 1"
    assert "**Δq = 4**" in view.reading and "another sensitivity, Δ = 3.75" in view.reading
    assert "scale b = Δ / ε = 3.75" in view.noise and "from 0.25 to 4" in view.noise
    assert "only the score's Δq = 4" in view.noise
    assert _layer_names(view.candidates_chart) == ["revenue", "choice", "buyers"]
    assert _layer_names(view.curves_chart) == ["curves", "current"]
    values = [float(v) for _, v in view.metrics[1:]]
    assert values[0] > values[1]  # the exponential mechanism earns more than a noisy price


def test_pricing_errors() -> None:
    with pytest.raises(ValueError, match="greater than zero"):
        _pricing(step=0.0)
    with pytest.raises(ValueError, match="cannot be negative"):
        _pricing(max_prices=(-1.0, 1.0, 3.0))


def test_pricing_spec_unchanged_by_epsilon() -> None:
    a, b = _pricing(), _pricing(epsilon=0.01)
    for x, y in ((a.candidates_chart, b.candidates_chart), (a.curves_chart, b.curves_chart)):
        assert {**x, "datasets": sorted(x["datasets"])} == {**y, "datasets": sorted(y["datasets"])}
    assert b.curves_chart["datasets"]["current"].column("epsilon").to_pylist() == [0.01]


def _mode(**changes: object) -> mode.View:
    values = pd.Series(["20-30", "30-40", "40-50", "50-60", "60-70"])
    settings = {"column": "age_bucket", "values": values, "weights": pd.Series([405, 436, 421, 457, 463]),
                "candidates": tuple(values), "epsilon": 1.0, "seed": 42}
    return mode.compute(mode.Settings(**{**settings, **changes}))


def test_mode_of_the_medical_table() -> None:
    view = _mode()
    expected = 1 / (1 + sum(math.exp(-g / 2) for g in (6, 27, 42, 58)))
    assert "The true most common value is **60\\-70** (463 people)" in view.result
    assert f"probability **{expected * 100:.3g}%**" in view.result
    assert "public list of possible values" in view.notes
    assert _layer_names(view.chart) == ["bars", "values", "chosen", "chosen_label"]


def test_mode_counts_one_person_in_the_singular() -> None:
    view = _mode(weights=None, candidates=None)
    assert "(1 person)" in view.result and "1 people" not in view.result
    assert "values found in the column" in view.notes


def test_mode_missing_values_are_counted_for_people() -> None:
    view = _mode(values=pd.Series(["a", None, "b", "a"]), weights=None, candidates=None)
    assert "Not counted: 1 person with a missing value and 0 people with a value outside" in view.notes


def test_short_share() -> None:
    assert [short_share(p) for p in (0.424, 7.7e-7, 1 - 1e-9, 0.0, 1.0)] == ["42.4%", "≈0%", "≈100%", "0%", "100%"]
