"""Every compute of the Re-identification page on its own (ui/views/reidentification), without Streamlit:
the defaults of each bundled table, how numbers are binned, who is unique, the linkage attack with a
simulated or an uploaded voter list, and the same linkage against a DP release."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from dpcore import reidentification as R
from dpcore.catalog import BUNDLED
from dpcore.errors import DPError
from dpcore.io import load_csv
from ui.i18n import language
from ui.views.reidentification import common, linkage, release, uniqueness
from ui.views.reidentification.common import Choice, VoterSource

PENGUIN_COLUMNS = ("island", "sex", "year", "body_mass_g")


def _load(key: str) -> pd.DataFrame:
    return load_csv(BUNDLED[key].path).frame


def _layout(spec: dict) -> dict:
    return {**spec, "datasets": sorted(spec["datasets"])}


def _first_line(spec: dict) -> str:
    text = spec["title"]["text"]
    return text[0] if isinstance(text, list) else text


def test_every_bundled_table_opens_on_columns_it_has() -> None:
    for key in BUNDLED:
        frame = _load(key)
        weight = BUNDLED[key].weight_column
        columns = common.default_columns(key, frame, weight)
        assert set(columns) <= set(frame.columns) and weight not in columns, key
        options = common.sensitive_options(frame, Choice(tuple(columns), weight=weight))
        sensitive = common.default_sensitive(key, options)
        assert sensitive is None or sensitive in options
    assert common.default_columns("penguins", _load("penguins"), None) == list(PENGUIN_COLUMNS)
    upload = pd.DataFrame({"Age": [1], "ZIP code": ["x"], "diagnosis": ["y"], "Gender": ["F"]})
    assert common.default_columns("upload", upload, None) == ["Age", "ZIP code", "Gender"]


def test_numbers_are_binned_on_documented_then_typical_then_the_data_s_bounds() -> None:
    penguins = _load("penguins")
    binned = common.binnings("penguins", penguins, Choice(PENGUIN_COLUMNS, "20"))
    assert binned == (common.Binning("body_mass_g", 200.0, 2500.0, 6500.0, "catalog"),)  # year: declared categories
    assert common.binnings("penguins", penguins, Choice(PENGUIN_COLUMNS, "exact")) == ()
    ages = pd.DataFrame({"age": np.arange(18, 90), "height": np.linspace(150.0, 195.0, 72)})
    found = {b.column: b for b in common.binnings("upload", ages, Choice(("age", "height"), "10"))}
    assert (found["age"].width, found["age"].source) == (20.0, "typical")  # 0-120 in about 10 bins
    assert (found["height"].width, found["height"].source) == (5.0, "data")  # 150-195: 4.5 -> 5
    few = pd.DataFrame({"children": np.arange(60) % 4})
    assert common.binnings("upload", few, Choice(("children",), "5")) == ()  # 4 values: categories
    note = common.binning_note(binned, Choice(PENGUIN_COLUMNS, "20"), penguins)
    assert "body\\_mass\\_g in bins of 200" in note and "2,500 to 6,500, documented" in note


def test_uniqueness_of_the_penguins() -> None:
    s = uniqueness.Settings("penguins", _load("penguins"), Choice(PENGUIN_COLUMNS))
    view = uniqueness.compute(s)
    assert "**63 of 344 people** (18.3%) are unique" in view.summary and "**1-anonymous**" in view.summary
    assert "229 people (66.6%) are in groups of fewer than 5" in view.summary
    sizes = view.sizes["datasets"]["sizes"].to_pandas()
    assert sizes["people"].sum() == 344 and sizes.loc[0, "people"] == 63
    growth = view.growth["datasets"]["growth"].to_pandas()
    assert list(growth["step"][:4]) == ["island", "+ sex", "+ year", "+ body_mass_g"]
    assert growth["share"].iloc[3] == pytest.approx(63 / 344)
    assert "island 0%" in view.growth_text and "18.3%" in view.growth_text
    # another column order: the same final share, the same chart layouts (only the data changes)
    again = uniqueness.compute(uniqueness.Settings("penguins", _load("penguins"), Choice(("sex", "year"), "exact")))
    assert _layout(again.sizes) == _layout(view.sizes)
    assert {_first_line(v.sizes) for v in (view, again)} == {"Group sizes:"}


def test_an_aggregated_table_counts_its_people() -> None:
    s = uniqueness.Settings("medical", _load("medical"), Choice(("age_bucket",), weight="patients"))
    view = uniqueness.compute(s)
    assert "**0 of 2,182 people**" in view.summary and "**405-anonymous**" in view.summary
    assert "direct identifier" not in view.note  # its rows are groups, not people


def test_a_column_different_on_every_row_is_called_an_identifier() -> None:
    view = uniqueness.compute(uniqueness.Settings("students", _load("students"), Choice(("name",))))
    assert "**7 of 7 people** (100%) are unique" in view.summary and "direct identifier" in view.note


def test_a_bad_column_is_a_dp_error() -> None:
    frame = pd.DataFrame({"age": [np.nan, np.nan], "sex": ["F", "M"]})
    with pytest.raises(DPError) as caught:
        uniqueness.compute(uniqueness.Settings("upload", frame, Choice(("sex", "age"))))
    assert caught.value.code == "column_no_values"


def _linkage(source: VoterSource | None = None, sensitive: str = "species") -> linkage.View:
    return linkage.compute(linkage.Settings("penguins", _load("penguins"), Choice(PENGUIN_COLUMNS), sensitive,
                                            source or VoterSource(1.0, 42, 0.0)))


def test_the_linkage_names_exactly_the_unique_penguins_when_the_list_is_the_table() -> None:
    view = _linkage()
    assert "The voter list holds **344 people**" in view.summary and "**63 people are re-identified**" in view.summary
    assert "every one of these names is on the right row" in view.summary
    assert "Simulation" in view.note
    rows = [line for line in view.who.splitlines() if line.startswith("| ") and "voter list" not in line]
    assert len(rows) == common.SHOWN_PEOPLE
    assert all(re.match(r"\| [^|]+ \| (Adelie|Gentoo|Chinstrap) \|", row) for row in rows)  # name, then species
    assert "2,00" not in view.who  # a year is written as the data holds it


def test_other_people_on_the_list_hide_some_and_may_be_pinned_wrongly() -> None:
    found = re.search(r"\*\*(\d+) people are re-identified\*\*", _linkage(VoterSource(1.0, 42, 1.0)).summary)
    assert found and int(found.group(1)) < 63  # the rest of the town shares some of their values
    partial = _linkage(VoterSource(0.5, 42, 2.0)).summary
    assert "pins are wrong" in partial or "right row" in partial


def test_an_uploaded_voter_list_is_matched_on_its_columns() -> None:
    penguins = _load("penguins")
    listed = penguins[list(PENGUIN_COLUMNS)].iloc[:40].assign(Name=[f"P<{i}>*" for i in range(40)])
    view = _linkage(VoterSource(uploaded=listed, ident="x", name="list.csv"))
    assert "The voter list holds **40 people**" in view.summary and "who is who" in view.note
    assert "P\\<" in view.who  # a name from the file is shown as text, escaped
    missing = common.missing_columns(VoterSource(uploaded=listed.drop(columns="year"), ident="y"), PENGUIN_COLUMNS)
    assert missing is not None and "year" in missing and "Name" in missing


def test_the_release_puts_the_plain_table_and_the_dp_release_side_by_side() -> None:
    settings = release.Settings("penguins", _load("penguins"), Choice(PENGUIN_COLUMNS), VoterSource(1.0, 42, 1.0), 1.0)
    view = release.compute(settings)
    assert "| Without names | DP, ε\u00a0=\u00a01 |" in view.table
    assert "on average a release at this ε gives" in view.table
    assert "±0.851" in view.table  # E|noise| of discrete Laplace at scale 1: 2p / (1 - p^2), p = 1/e
    assert "e^ε = 2.72" in view.table and "never read from the private table" in view.summary
    assert "OpenDP" in view.note
    curves = view.curves["datasets"]["curves"].to_pandas()
    pinned = curves[curves["series"] == "unique people still pinned"].set_index("x")["y"]
    p = np.exp(-1.0)
    assert pinned[1.0] == pytest.approx((1 - p) / (1 + p))  # P(a count of 1 reads 1)
    assert pinned.is_monotonic_increasing and pinned.iloc[-1] > 0.999
    right = curves[curves["series"] == "a pin is right"].set_index("x")["y"]
    assert right.iloc[0] < 0.6 < right.iloc[-1]  # at a small ε a pin is little better than a guess
    marker = view.curves["datasets"]["markers"].to_pandas()
    assert marker["x"].tolist() == [1.0]
    other = release.compute(release.Settings(settings.dataset_key, settings.frame, settings.choice,
                                             settings.source, 5.0, draw=1))
    assert _layout(other.curves) == _layout(view.curves)  # a new ε only swaps the data


def test_the_release_draw_agrees_with_its_expectation_on_average() -> None:
    frame = _load("penguins")
    settings = release.Settings("penguins", frame, Choice(PENGUIN_COLUMNS), VoterSource(1.0, 42, 1.0), 1.0)
    listed = common.voters(frame, PENGUIN_COLUMNS, settings.source)
    w = common.widths(common.binnings("penguins", frame, settings.choice))
    plain = R.link(frame, listed.table, PENGUIN_COLUMNS, w)
    rights = []
    for _ in range(40):
        cells = R.release_cells(frame, listed.table, PENGUIN_COLUMNS, 1.0, w)
        true, shown = cells.true[cells.cell], cells.released[cells.cell]
        good = (listed.rows >= 0) & (true == 1)
        rights.append(int(((plain.sharing == 1) & (shown == 1) & good).sum()))
    alone = plain.sharing == 1
    cells = R.release_cells(frame, listed.table, PENGUIN_COLUMNS, 1.0, w)
    good = (listed.rows >= 0) & (cells.true[cells.cell] == 1)
    mean = release.expected(cells.mechanism, cells.true[cells.cell][alone], good[alone]).right
    sd = np.sqrt(mean * (1 - mean / max(good[alone].sum(), 1)) / 40)
    assert abs(np.mean(rights) - mean) < 5 * sd  # a binomial mean: fails about once in 3 million runs


def test_the_views_speak_chinese() -> None:
    with language("zh"):
        view = uniqueness.compute(uniqueness.Settings("penguins", _load("penguins"), Choice(PENGUIN_COLUMNS)))
        assert "**344 人中有 63 个**" in view.summary
        assert _first_line(view.sizes) == "组的大小："
        dp = release.compute(release.Settings("penguins", _load("penguins"), Choice(PENGUIN_COLUMNS),
                                              VoterSource(1.0, 42, 1.0), 1.0))
        assert "删去姓名" in dp.table and "差分隐私 ε\u00a0=\u00a01" in dp.table
    assert "Sweeney" in common.context() and "Data Privacy Working Paper 3, 2000" in common.context()
