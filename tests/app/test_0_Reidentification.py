"""AppTest for pages/0_Reidentification.py: who is unique on the penguins, the columns and bins moving
it, the linkage attack and the DP release in both languages, an aggregated table, no column picked, a
column with no value, and voter lists uploaded with and without the table's columns."""

from __future__ import annotations

import re

import pytest

from tests.app.conftest import assert_clean, chart_titled, layout, markdown_tables, page_errors, page_text, run_page
from ui.i18n import language
from ui.text.reidentification import TEXT

PAGE = "pages/0_Reidentification.py"
PENGUINS = {"data": "penguins"}


def chart_table(at, column: str):  # noqa: ANN001, ANN201 - an AppTest, a DataFrame
    """The markdown table that has `column`."""
    (table,) = [t for t in markdown_tables(at) if column in t.columns]
    return table


def _title(key: str) -> str:
    return TEXT[key].split("\n")[0]


def _infos(at) -> str:  # noqa: ANN001 - an AppTest
    return "\n".join(i.value for i in at.info)


def test_the_default_table_is_aggregated_and_says_so() -> None:
    at = run_page(PAGE)
    assert_clean(at)
    assert "**0 of 2,182 people**" in page_text(at) and "**405-anonymous**" in page_text(at)
    assert at.selectbox(key="reid_weight").value == "patients"
    at.button_group(key="reid_tab").set_value("linkage").run()
    assert_clean(at)
    assert "already aggregated: each row stands for 405 or more people" in _infos(at)


def test_an_aggregated_table_offers_uci_adult_whose_people_are_linked() -> None:
    at = run_page(PAGE, {"reid_tab": "linkage"})
    at.button(key="reid_use_adult").click().run()
    assert_clean(at)
    assert at.query_params["data"] in ("adult", ["adult"])
    assert at.multiselect(key="reid_cols").value == ["age", "sex", "race", "native-country"]
    assert re.search(r"\*\*[0-9,]+ people are re-identified\*\*", page_text(at)), page_text(at)[:2000]
    assert "reid_use_adult" not in [b.key for b in at.button]  # a table of people: nothing to offer


def test_who_is_unique_moves_with_the_columns_and_the_bins() -> None:
    at = run_page(PAGE, PENGUINS)
    assert_clean(at)
    text = page_text(at)
    assert "**63 of 344 people** (18.3%) are unique" in text and "Sweeney" in text
    assert "body\\_mass\\_g in bins of 200" in text
    sizes = chart_titled(at, _title("sizes_title"))
    growth = chart_titled(at, _title("growth_title"))
    assert sizes["datasets"]["sizes"]["people"].sum() == 344
    assert list(growth["datasets"]["growth"]["step"][:4]) == ["island", "+ sex", "+ year", "+ body_mass_g"]
    at.multiselect(key="reid_cols").set_value(["island", "sex"]).run()
    assert_clean(at)
    assert "**1 of 344 people**" in page_text(at)
    assert layout(chart_titled(at, _title("sizes_title"))) == layout(sizes)  # another choice: only data swapped
    at.multiselect(key="reid_cols").set_value(["island", "sex", "body_mass_g"]).run()
    at.selectbox(key="reid_bins").set_value("exact").run()
    assert_clean(at)
    assert "**110 of 344 people**" in page_text(at) and "compared as exact values" in page_text(at)
    assert at.query_params["reid_bins"] == "exact"


def test_no_column_picked_says_what_to_do_in_every_part() -> None:
    for part in ("unique", "linkage", "release"):
        at = run_page(PAGE, {**PENGUINS, "reid_tab": part})
        at.multiselect(key="reid_cols").set_value([]).run()
        assert_clean(at)
        assert TEXT["pick_columns"] in _infos(at), part


def test_a_link_to_columns_the_table_lacks_opens_on_its_defaults() -> None:
    at = run_page(PAGE, {**PENGUINS, "reid_cols": ["island", "no such column"]})
    assert not at.exception
    assert at.multiselect(key="reid_cols").value == ["island", "sex", "year", "body_mass_g"]
    assert any("reid\\_cols" in t.value for t in at.toast)


def test_the_linkage_names_people_and_their_species() -> None:
    at = run_page(PAGE, {**PENGUINS, "reid_tab": "linkage", "reid_others": "0%"})
    assert_clean(at)
    text = page_text(at)
    assert "**63 people are re-identified**" in text and "Simulation" in text
    (who,) = [t for t in markdown_tables(at) if "Name (voter list)" in t.columns]
    assert len(who) == 5 and set(who["species (the “anonymous” table)"]) <= {"Adelie", "Gentoo", "Chinstrap"}
    at.selectbox(key="reid_secret").set_value("bill_length_mm").run()
    assert_clean(at)
    assert "reads its bill\\_length\\_mm" in page_text(at)
    at.select_slider(key="reid_others").set_value(1.0).run()
    assert_clean(at)
    assert not re.search(r"\*\*63 people are re-identified", page_text(at))  # the rest of the town hides some
    at.select_slider(key="reid_cover").set_value(0.5).run()
    assert_clean(at)
    text = page_text(at)  # 180 of the 344 (the seed's draw) and 344 others; some of them pinned on a stranger's row
    assert "The voter list holds **524 people**" in text and "6 of these pins are wrong" in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_release_sits_beside_the_plain_table(lang: str) -> None:
    with language(lang):
        at = run_page(PAGE, {**PENGUINS, "reid_tab": "release", "lang": lang})
        assert_clean(at)
        with language(lang):
            exact, dp = TEXT["release_table_exact"], TEXT["release_table_dp"].format(eps="1")
            dp5 = TEXT["release_table_dp"].format(eps="5")
            curve_title = _title("curve_title")
        (table,) = [t for t in markdown_tables(at) if exact in t.columns]
        assert dp in table.columns and table[exact].iloc[4] == "0"
        assert table[dp].iloc[4] == "±0.851"
        curves = chart_titled(at, curve_title)
        at.select_slider(key="reid_eps").set_value(5.0).run()
        assert_clean(at)
        assert layout(chart_titled(at, curve_title)) == layout(curves)  # ε swaps data only
        assert chart_table(at, exact)[dp5].iloc[4] == "±0.0135"  # 2p / (1 - p^2) at p = e^-5
        at.button(key="reid_draw").click().run()
        assert_clean(at)


def test_chinese_page() -> None:
    with language("zh"):
        at = run_page(PAGE, {**PENGUINS, "lang": "zh"})
        assert_clean(at)
        assert at.title[0].value == "为什么删除姓名还不够"
        assert "**344 人中有 63 个**" in page_text(at)
        at.button_group(key="reid_tab").set_value("linkage").run()
        assert_clean(at)
        assert "被重新识别" in page_text(at)


UPLOAD = b"zip,sex,age,diagnosis,empty\n02139,F,34,flu,\n02139,M,34,asthma,\n02140,F,51,cancer,\n02140,F,51,cancer,\n"


def _uploaded(query: dict[str, str]):  # noqa: ANN202 - an AppTest
    at = run_page(PAGE, {"data": "upload", **query})
    at.sidebar.file_uploader[0].set_value(("clinic.csv", UPLOAD, "text/csv")).run()
    assert not at.exception
    return at


def test_an_upload_opens_on_its_quasi_identifiers_and_a_column_with_no_value_is_said() -> None:
    at = _uploaded({})
    assert_clean(at)
    assert at.multiselect(key="reid_cols").value == ["zip", "sex", "age"]
    assert "**2 of 4 people**" in page_text(at)
    at.multiselect(key="reid_cols").set_value(["zip", "empty"]).run()
    errors = page_errors(at)
    assert any("'empty' has no values" in e for e in errors), errors


def test_an_uploaded_voter_list_with_and_without_the_columns() -> None:
    at = _uploaded({"reid_tab": "linkage", "reid_voters": "uploaded"})
    assert_clean(at)
    assert TEXT["voters_upload_prompt"] in _infos(at)
    (uploader,) = [u for u in at.get("file_uploader") if u.proto.label == TEXT["voters_upload"]]
    uploader.set_value(("voters.csv", b"name,zip,sex\n<b>Ann</b>,02139,F\nBo,02140,F\n", "text/csv")).run()
    errors = page_errors(at)
    assert len(errors) == 1 and "missing the column age" in errors[0] and "name, zip, sex" in errors[0]
    (uploader,) = [u for u in at.get("file_uploader") if u.proto.label == TEXT["voters_upload"]]
    uploader.set_value(("voters.csv", b"name,zip,sex,age\n<b>Ann</b>,02139,F,34\nBo,02140,F,51\n", "text/csv")).run()
    assert_clean(at)
    assert "**1 person is re-identified**" in page_text(at) or "**1 person" in page_text(at)
    (who,) = [t for t in markdown_tables(at) if "Name (voter list)" in t.columns]
    assert who["Name (voter list)"].tolist() == ["<b>Ann</b>"]  # shown as text
    assert "Voter list in use: voters\\.csv" in page_text(at)
