"""The attacks tab's compute (ui/views/synthetic/attacks.py) on its own: no Streamlit and no MST fit
(the attacked tables are made by hand: the training rows themselves, and independent columns)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from ui import fmt
from ui.charts.theme import PERCENT_AXIS
from ui.i18n import language
from ui.text.synthetic import TEXT
from ui.views.synthetic import attacks, mst

PENGUINS = pd.read_csv("data/penguins.csv")
COLUMNS = ("species", "island", "sex", "body_mass_g")


def _fitted(seed: int = 7, columns: tuple[str, ...] = COLUMNS) -> mst.FitSettings:
    return mst.FitSettings(PENGUINS, mst.declared("penguins"), columns, 1.0, seed)


def _measured(secret: str = "species") -> tuple[tuple[str, attacks.Measurement], ...]:
    fitted = _fitted()
    split = attacks.halves(fitted)
    rng = np.random.default_rng(0)
    independent = np.column_stack([rng.integers(s, size=500) for s in split.sizes])
    return tuple((table, attacks.attack(fitted, split, secret, codes, table)) for table, codes in
                 ((attacks.COPY, split.training), ("1", independent), ("10", independent)))


MEASURED = _measured()


def test_the_halves_split_the_complete_rows_by_the_seed() -> None:
    split = attacks.halves(_fitted())
    complete = len(_fitted().complete)
    assert len(split.training) + len(split.control) == complete and abs(len(split.training) - len(split.control)) <= 1
    assert len(split.training_frame) == len(split.training) and list(split.training_frame.columns) == list(COLUMNS)
    again, other = attacks.halves(_fitted()), attacks.halves(_fitted(seed=8))
    assert np.array_equal(again.training, split.training) and not np.array_equal(other.training, split.training)
    assert split.sizes == (3, 3, 2, 6)


def test_the_chart_has_every_table_and_attack_and_bounds_only_where_epsilon_gives_one() -> None:
    view = attacks.compute(attacks.Settings(_fitted(), "species", MEASURED, "10"))
    assert view.chart is not None
    data = view.chart["datasets"]["risks"].to_pydict()
    assert sorted(set(data["table"])) == sorted([TEXT["att_copy_label"], "ε = 1", "ε = 10"])
    assert len(data["risk"]) == 3 * 3
    assert [layer["name"] for layer in view.chart["layer"]] == ["bars", "intervals", "bounds"]
    assert view.chart["layer"][0]["encoding"]["y"]["axis"]["format"] == PERCENT_AXIS
    for table, series, bound, risk in zip(data["table"], data["series"], data["bound"], data["risk"], strict=True):
        unbounded = table == TEXT["att_copy_label"] or series == TEXT["att_singling_out"]
        assert np.isnan(bound) == unbounded
        assert 0 <= risk <= 1
    # the training rows published as they are: attribute inference is far above an independent table's
    copy = dict(MEASURED)[attacks.COPY]
    assert copy.inference.risk.value > dict(MEASURED)["10"].inference.risk.value
    assert copy.closest.copied_training.successes == copy.closest.copied_training.attempts


def test_the_reading_and_the_details_say_the_numbers() -> None:
    view = attacks.compute(attacks.Settings(_fitted(), "species", MEASURED, "10"))
    assert "On the 2 MST tables" in view.reading and "Published as they are" in view.reading
    rows = [line for line in view.details.splitlines() if line.startswith("| ")]
    assert len(rows) == 1 + 4  # header and one row per attack
    assert rows[0].startswith(f"| {TEXT['att_col_attack']} |")
    assert "**ε = 10**, secret column **species**" in view.details
    inference = next(r for r in rows if r.startswith(f"| {TEXT['att_inference']} |"))
    m = dict(MEASURED)["10"].inference
    cells = [c.strip() for c in inference.strip("|").split("|")]
    training, control, _ = cells[1].split(" · ")
    assert training == f"{fmt.number(100 * m.main.successes / m.main.attempts, 2)}%"  # as counted
    assert control == f"{fmt.number(100 * m.control.successes / m.control.attempts, 2)}%"
    assert cells[2].startswith(f"{fmt.number(100 * m.risk.value, 2)}%")
    assert cells[3] == f"{fmt.number(100 * attacks.risk_bound(10.0, m.control.value), 2)}%"
    assert "ε = 10:" in view.closest_reading and view.closest is not None
    assert "ε = 10 allows at most" in view.closest_reading
    bars = view.closest["datasets"]["bars"].to_pydict()
    assert set(bars["bin"]) == {str(d) for d in range(len(COLUMNS) + 1)}


def test_the_shown_table_defaults_to_the_largest_epsilon_and_can_be_the_rows() -> None:
    missing = attacks.compute(attacks.Settings(_fitted(), "species", MEASURED, "3"))  # not measured: the largest
    assert "**ε = 10**" in missing.details
    rows = attacks.compute(attacks.Settings(_fitted(), "species", MEASURED, attacks.COPY))
    assert f"**{TEXT['att_copy_label']}**" in rows.details
    assert "| – |" in rows.details  # no bound for the rows themselves


def test_only_the_rows_themselves_measured() -> None:
    view = attacks.compute(attacks.Settings(_fitted(), "species", MEASURED[:1], "10"))
    assert "MST tables" not in view.reading and "Published as they are" in view.reading
    assert f"**{TEXT['att_copy_label']}**" in view.details


def test_nothing_measured_draws_nothing() -> None:
    view = attacks.compute(attacks.Settings(_fitted(), "species", (), "10"))
    assert view.chart is None and view.closest is None and view.reading == ""


def test_the_spec_stays_when_only_the_numbers_change() -> None:
    other = _measured("island")
    a = attacks.compute(attacks.Settings(_fitted(), "species", MEASURED, "10")).chart
    b = attacks.compute(attacks.Settings(_fitted(), "island", other, "10")).chart
    assert a is not None and b is not None
    assert {k: v for k, v in a.items() if k != "datasets"} == {k: v for k, v in b.items() if k != "datasets"}


def test_a_column_name_is_shown_as_text() -> None:
    frame = PENGUINS.rename(columns={"species": "*species*"})
    domains = {("*species*" if k == "species" else k): v for k, v in mst.declared("penguins").items()}
    fitted = mst.FitSettings(frame, domains, ("*species*", "island", "sex"), 1.0, 7)
    split = attacks.halves(fitted)
    measured = ((attacks.COPY, attacks.attack(fitted, split, "*species*", split.training, attacks.COPY)),)
    view = attacks.compute(attacks.Settings(fitted, "*species*", measured, attacks.COPY))
    assert r"\*species\*" in view.details


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_sentence_is_in_the_language_of_the_run(lang: str) -> None:
    with language(lang):
        view = attacks.compute(attacks.Settings(_fitted(), "species", MEASURED, "1"))
        assert view.chart is not None
        title = view.chart["title"]["text"]
        assert title == TEXT["att_chart_title"].split("\n")
    if lang == "zh":
        assert re.search(r"[\u4e00-\u9fff]", view.reading) and re.search(r"[\u4e00-\u9fff]", view.details)
        assert "Published" not in view.reading
