"""Tests for dpcore.io.load_csv: every malformed case of the corpus, checked by its parsed values.

The reference for each case is written out by hand (the values a person reads in the file);
round trips use pandas' own writer. Only ValueError may ever escape (checked with hypothesis).
"""

from __future__ import annotations

import math
import pickle
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dpcore.io import LoadedTable, load_csv
from tests.unit import csv_corpus as corpus


def values(table: LoadedTable, column: str) -> list[object]:
    """A column as a plain list, missing values as None (NaN, NA and NaT alike)."""
    return [None if pd.isna(value) else value for value in table.frame[column].tolist()]


def note_with(table: LoadedTable, *words: str) -> str:
    """The one note containing all `words`; fails listing the notes if there is none."""
    found = [note for note in table.notes if all(word in note for word in words)]
    assert len(found) == 1, f"no single note with {words} in {table.notes}"
    return found[0]


# --- encodings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "encoding"),
    [
        ("utf-8", "utf-8"),
        ("utf-8-sig", "utf-8-sig"),
        ("utf-16-le-bom", "utf-16"),
        ("utf-16-be-bom", "utf-16"),
        ("cp1252", "cp1252"),
    ],
)
def test_encodings_give_the_same_table(case: str, encoding: str) -> None:
    table = load_csv(corpus.ENCODED[case])
    assert table.encoding == encoding
    assert list(table.frame.columns) == ["city", "price"]  # no BOM left in the first name
    assert values(table, "city") == ["café", "Zürich", "€ store"]
    assert values(table, "price") == [1.5, 2.0, 3.25]
    assert table.frame["price"].dtype == np.float64


@pytest.mark.parametrize(("case", "words"), [("utf-16-le-bom", "little-endian"), ("utf-16-be-bom", "big-endian")])
def test_utf16_note_names_the_byte_order(case: str, words: str) -> None:
    assert "byte order mark" in note_with(load_csv(corpus.ENCODED[case]), "UTF-16", words)


def test_cp1252_is_noted() -> None:
    note_with(load_csv(corpus.ENCODED["cp1252"]), "not valid UTF-8", "Windows-1252")


def test_utf16_without_bom() -> None:
    table = load_csv(corpus.UTF16_WITHOUT_BOM)
    assert table.encoding == "utf-16-le"
    assert values(table, "a") == [1]
    assert values(table, "b") == ["x"]


def test_bytes_undefined_in_cp1252_fall_back_to_latin1() -> None:
    table = load_csv(corpus.LATIN1_ONLY)
    assert table.encoding == "latin-1"
    assert values(table, "b") == ["\x81x"]


def test_invalid_utf8_beyond_the_sniffed_sample_switches_to_cp1252() -> None:
    table = load_csv(corpus.NOT_UTF8_AFTER_SAMPLE)
    assert table.encoding == "cp1252"
    assert len(table.frame) == 10_001
    assert values(table, "name")[-2:] == ["plain", "café"]
    assert values(table, "n")[-1] == 2


def test_invalid_utf16_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not valid UTF-16"):
        load_csv(b"\xff\xfea\x00b")


# --- delimiters --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("delimiter", "described"), [(",", "commas"), (";", "semicolons"), ("\t", "tabs"), ("|", "pipes")]
)
def test_delimiter_is_sniffed_and_noted(delimiter: str, described: str) -> None:
    table = load_csv(corpus.DELIMITED[delimiter])
    assert table.delimiter == delimiter
    assert values(table, "id") == [1, 2]
    assert values(table, "name") == ["Ann", "Bob"]
    assert values(table, "score") == [3.5, 4.0]
    note_with(table, "separated by", described)


def test_commas_inside_tab_separated_fields_do_not_fool_the_sniffer() -> None:
    table = load_csv(corpus.COMMAS_INSIDE_TAB_FIELDS)
    assert table.delimiter == "\t"
    assert values(table, "note") == ["likes tea, coffee", "x, y, z"]


def test_file_without_delimiter_is_one_column() -> None:
    table = load_csv(corpus.SINGLE_COLUMN)
    assert list(table.frame.columns) == ["name"]
    assert values(table, "name") == ["hello, world", "bye"]
    note_with(table, "No delimiter", "one column")


def test_decimal_comma_becomes_numbers() -> None:
    table = load_csv(corpus.DECIMAL_COMMA)
    assert table.delimiter == ";"
    assert values(table, "height") == [1.5, 2.25, -0.5]
    assert values(table, "weight") == [70.0, 80.5, 90.0]
    assert table.frame["height"].dtype == np.float64
    assert values(table, "label") == ["a", "b", "c"]
    note_with(table, "decimal comma")


# --- quoting and line structure ----------------------------------------------------------------


def test_quoted_newlines_delimiters_and_quotes() -> None:
    table = load_csv(corpus.QUOTED)
    assert values(table, "id") == [1, 2, 3]
    assert values(table, "comment") == ["line one\nline two", "a, b and c", 'she said "hi"']


def test_quoted_newline_after_the_sniffed_sample() -> None:
    table = load_csv(corpus.QUOTED_NEWLINE_AFTER_SAMPLE)
    assert len(table.frame) == 10_001
    assert values(table, "text")[-1] == "two\nlines"
    assert values(table, "id")[-1] == 2


def test_unclosed_quote_is_a_value_error_with_its_line() -> None:
    with pytest.raises(ValueError, match="starting on line 3 is never closed"):
        load_csv(corpus.UNCLOSED_QUOTE)


def test_crlf_line_endings() -> None:
    table = load_csv(corpus.CRLF)
    assert values(table, "b") == ["x", "y"]


def test_blank_lines_before_the_header_are_skipped() -> None:
    table = load_csv(corpus.LEADING_BLANK_LINES)
    assert list(table.frame.columns) == ["a", "b"]
    assert values(table, "a") == [1]


@pytest.mark.parametrize("case", sorted(corpus.HEADER_ONLY))
def test_header_only_is_a_value_error(case: str) -> None:
    with pytest.raises(ValueError, match=r"has a header \('age', 'sex'\) but no data rows"):
        load_csv(corpus.HEADER_ONLY[case])


def test_header_whose_rows_are_all_dropped_says_why() -> None:
    with pytest.raises(ValueError, match=r"no data rows\. 2 rows had more fields than the header and were dropped\."):
        load_csv(b"a,b\n1,2,3\n4,5,6\n")


@pytest.mark.parametrize(("case", "message"), [("empty", "is empty"), ("whitespace", "only blank space")])
def test_empty_file_is_a_value_error(case: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_csv(corpus.EMPTY[case])


def test_ragged_rows_are_padded_or_dropped() -> None:
    table = load_csv(corpus.RAGGED)
    assert values(table, "a") == [1, 4, 10, 13]
    assert values(table, "b") == [2, 5, 11, None]
    assert values(table, "c") == [3, None, 12, None]
    note_with(table, "2 rows had fewer fields", "left empty")
    note_with(table, "1 row had more fields", "was dropped")


def test_rows_with_too_many_fields_are_dropped_on_the_fast_path() -> None:
    table = load_csv(b"a,b\n1,2\n3,4,5\n6,7,8\n9,10\n")
    assert values(table, "a") == [1, 9]
    assert table.frame["a"].dtype == np.int64
    note_with(table, "2 rows had more fields", "were dropped")


def test_trailing_delimiters_are_ignored() -> None:
    table = load_csv(corpus.TRAILING_DELIMITER)
    assert list(table.frame.columns) == ["a", "b"]
    assert values(table, "b") == [2, 4]
    note_with(table, "2 rows had empty extra fields")


# --- names and cells ---------------------------------------------------------------------------


def test_header_names_are_stripped_named_and_made_unique() -> None:
    table = load_csv(corpus.MESSY_HEADER)
    assert list(table.frame.columns) == ["age", "age (2)", "column 3", "Age", "name"]
    assert values(table, "age (2)") == [31, 41]
    assert values(table, "column 3") == ["x", "y"]
    assert values(table, "name") == ["Ann", "Bob"]  # an ASCII file: the faster ASCII trim
    note_with(table, "Spaces around column names")
    note_with(table, "'column 3'")
    note_with(table, "made unique", "'age (2)'")


def test_name_made_unique_does_not_collide_with_an_existing_name() -> None:
    table = load_csv(b"age,age,age (2)\n1,2,3\n")
    assert list(table.frame.columns) == ["age", "age (3)", "age (2)"]


def test_text_cells_are_stripped_and_markers_found_after_stripping() -> None:
    table = load_csv(corpus.PADDED_CELLS)
    assert values(table, "name") == ["Ann", "Bob", None]  # including non-breaking spaces
    assert values(table, "size") == [1, 2, 3]
    note_with(table, "Spaces around text values", "'name'")


def test_missing_markers_become_missing_and_are_counted() -> None:
    table = load_csv(corpus.MISSING)
    assert values(table, "num") == [1.0] + [None] * 8 + [2.0]
    assert values(table, "text") == ["a"] + [None] * 8 + ["b"]
    assert table.frame["num"].dtype == np.float64
    summary = table.summary().set_index("name")
    assert summary.loc["num", "missing"] == 8
    assert summary.loc["text", "missing"] == 8
    note_with(table, "16 cells", "missing-value marker")


def test_non_finite_and_overflowing_numbers_become_missing() -> None:
    table = load_csv(corpus.NON_FINITE)
    assert values(table, "x") == [1.5, None, None, None, None, None, 2.5]
    assert table.frame["x"].dtype == np.float64
    assert np.isfinite(table.frame["x"].dropna()).all()
    assert values(table, "y") == [1, 2, 3, 4, 5, 6, 7]
    note_with(table, "Column 'x'", "5 values", "infinite")


def test_numbers_with_a_few_words_stay_text_with_a_note() -> None:
    table = load_csv(corpus.MOSTLY_NUMBERS)
    assert values(table, "code") == ["1", "2", "3", "n/k", "5", "abc"]
    note_with(table, "Column 'code'", "mostly numbers", "2 values are not", "'n/k'", "'abc'")


def test_stray_word_beyond_pyarrows_first_block_keeps_the_column_text() -> None:
    table = load_csv(corpus.STRAY_STRING_AFTER_FIRST_BLOCK)
    assert len(table.frame) == 100_001
    assert values(table, "a")[-2:] == ["12345", "oops"]
    assert table.frame["b"].dtype == np.int64
    note_with(table, "Column 'a'", "mostly numbers", "'oops'")


def test_column_types() -> None:
    table = load_csv(corpus.TYPES)
    frame = table.frame
    assert frame["i"].dtype == np.int64
    assert frame["f"].dtype == np.float64
    assert frame["i_missing"].dtype == np.float64  # int with a gap: NaN needs a float
    assert pd.api.types.is_string_dtype(frame["text"])
    assert values(table, "flag") == [True, False]
    assert values(table, "day") == [pd.Timestamp("2024-01-31"), pd.Timestamp("2024-02-29")]
    summary = table.summary()
    assert summary["type"].tolist() == ["numeric", "numeric", "numeric", "categorical", "boolean", "datetime"]


def test_summary_lists_every_column() -> None:
    table = load_csv(b"sex,age,empty\nF,30,\nM,,\nF,40,\n")
    summary = table.summary()
    assert summary.to_dict("records") == [
        {"name": "sex", "type": "categorical", "missing": 0, "distinct": 2, "example": "F"},
        {"name": "age", "type": "numeric", "missing": 1, "distinct": 2, "example": "30.0"},
        {"name": "empty", "type": "empty", "missing": 3, "distinct": 0, "example": ""},
    ]
    note_with(table, "Column 'empty' has no values")


# --- unusable input ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(corpus.BINARY))
def test_binary_files_are_named(case: str) -> None:
    data, looks_like = corpus.BINARY[case]
    with pytest.raises(ValueError, match=r"looks like|binary") as raised:
        load_csv(data)
    assert looks_like in str(raised.value)


def test_control_characters_are_refused() -> None:
    with pytest.raises(ValueError, match="control characters"):
        load_csv(corpus.CONTROL_CHARACTERS)


def test_file_over_the_limit_names_the_limit_in_mb(tmp_path: Path) -> None:
    data = b"a\n" + b"1\n" * 600_000  # 1.2 MB
    with pytest.raises(ValueError, match=r"1\.14 MB, more than the limit of 1 MB"):
        load_csv(data, max_bytes=1024 * 1024)
    path = tmp_path / "big.csv"
    path.write_bytes(data)
    with pytest.raises(ValueError, match="limit of 1 MB"):
        load_csv(path, max_bytes=1024 * 1024)


def test_paths_as_str_and_pathlike(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes(corpus.DELIMITED[";"])
    for source in (path, str(path)):
        table = load_csv(source)
        assert values(table, "name") == ["Ann", "Bob"]


_PATH_CASES = {
    **corpus.ENCODED,
    "padded": corpus.PADDED_CELLS,
    "ragged": corpus.RAGGED,
    "quoted newline after sample": corpus.QUOTED_NEWLINE_AFTER_SAMPLE,
    "decimal comma": corpus.DECIMAL_COMMA,
}


@pytest.mark.parametrize("case", sorted(_PATH_CASES))
def test_a_path_reads_like_its_bytes(case: str, tmp_path: Path) -> None:
    """Paths are memory-mapped, not read into bytes: every decoding branch must work on the map."""
    data = _PATH_CASES[case]
    path = tmp_path / "t.csv"
    path.write_bytes(data)
    from_path, from_bytes = load_csv(path), load_csv(data)
    pd.testing.assert_frame_equal(from_path.frame, from_bytes.frame)
    assert (from_path.notes, from_path.encoding, from_path.delimiter) == (
        from_bytes.notes,
        from_bytes.encoding,
        from_bytes.delimiter,
    )


def test_a_table_read_from_a_path_pickles_and_keeps_no_bytes(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes(corpus.DELIMITED[";"])
    table = load_csv(path)
    copy = pickle.loads(pickle.dumps(table))  # st.cache_data pickles bundled tables
    assert not hasattr(copy, "raw")  # an upload's bytes are not kept twice per session
    pd.testing.assert_frame_equal(copy.frame, table.frame)
    assert (copy.notes, copy.encoding, copy.delimiter) == (table.notes, table.encoding, table.delimiter)


@pytest.mark.parametrize("case", sorted(corpus.BINARY))
def test_a_binary_path_is_refused_like_its_bytes(case: str, tmp_path: Path) -> None:
    data, _ = corpus.BINARY[case]
    path = tmp_path / "t.csv"
    path.write_bytes(data)
    with pytest.raises(ValueError) as from_bytes:
        load_csv(data)
    with pytest.raises(ValueError, match=re.escape(str(from_bytes.value))):
        load_csv(path)


@pytest.mark.parametrize(("source", "message"), [("/no/such/file.csv", "no file at"), (42, "bytes or a file path")])
def test_bad_sources_are_value_errors(source: object, message: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=message):
        load_csv(source)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="could not be read"):
        load_csv(tmp_path)


# --- round trips and properties ----------------------------------------------------------------


@pytest.mark.parametrize(
    "frame",
    [
        pd.DataFrame(corpus.STUDENTS_ROWS, columns=["name", "sex", "grade"]),
        pd.DataFrame(corpus.MEDICAL_ROWS, columns=["age", "patients"]),
    ],
    ids=["students", "medical"],
)
@pytest.mark.parametrize("separator", [",", ";"])
def test_bundled_style_round_trip(frame: pd.DataFrame, separator: str) -> None:
    data = frame.to_csv(index=False, sep=separator).encode()
    table = load_csv(data)
    pd.testing.assert_frame_equal(table.frame, frame)
    assert table.delimiter == separator


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted((Path(__file__).parents[2] / "data").glob("*.csv")), ids=lambda p: p.name)
def test_bundled_files_load_and_round_trip(path: Path) -> None:
    table = load_csv(path)
    assert table.delimiter == ","
    assert len(table.frame) > 0
    again = load_csv(table.frame.to_csv(index=False).encode())
    pd.testing.assert_frame_equal(again.frame, table.frame)


def test_round_trip_of_floats_with_missing_values() -> None:
    rng = np.random.default_rng(7)
    frame = pd.DataFrame({"x": rng.normal(size=200), "n": rng.integers(0, 9, 200).astype(float)})
    frame.loc[::17, "x"] = math.nan
    table = load_csv(frame.to_csv(index=False).encode())
    pd.testing.assert_frame_equal(table.frame, frame, check_exact=True)


_CSV_PIECES = st.sampled_from(
    list('ab1.,;\t|"\n\r -?') + ["NA", "inf", "1e400", "é", "€", "\ufeff", "\x00", '""', "\r\n", "1,5"]
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.binary(max_size=400),
        st.tuples(st.lists(_CSV_PIECES, max_size=80), st.sampled_from(["utf-8", "utf-16", "cp1252"])).map(
            lambda pieces_encoding: "".join(pieces_encoding[0]).encode(pieces_encoding[1], "replace")
        ),
    )
)
def test_only_value_error_escapes(data: bytes) -> None:
    try:
        table = load_csv(data)
    except ValueError as exc:
        assert str(exc).endswith((".", ")")), str(exc)
        return
    assert isinstance(table, LoadedTable)
    assert len(table.frame) > 0
    assert len(table.summary()) == table.frame.shape[1]


# --- long free-text fields (issue 14, part 4) ---------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("length", [200_000, 3_000_000])  # past Python csv's 128 KiB, past pyarrow's 1 MB block
@pytest.mark.parametrize(
    ("template", "columns"),
    [
        (b"id,note\n1,{}\n2,short\n", 2),  # clean file: pyarrow's fast path
        (b'id,note\n1,"{}"\n2,short\n', 2),  # quoted
        (b'id,note,extra\n1,"{}"\n2,short\n', 3),  # ragged rows: repaired by Python's csv module
        (b'id,note\n1,"{}"\n2,"short\nwith a newline"\n', 2),  # quoted newlines elsewhere
    ],
    ids=["plain", "quoted", "ragged", "newlines"],
)
def test_long_free_text_field_loads(template: bytes, columns: int, length: int) -> None:
    """A cell longer than 128 KiB (or than pyarrow's 1 MB block) is kept whole, not refused."""
    text = ("a" * 99 + " ") * (length // 100) + "end"
    table = load_csv(template.replace(b"{}", text.encode()))
    assert table.frame.shape == (2, columns)
    assert values(table, "id") == [1, 2]
    assert values(table, "note")[0] == text
    assert values(table, "note")[1].startswith("short")


def test_long_json_cell_loads() -> None:
    """A JSON document in a cell (quotes doubled, commas and newlines inside) survives intact."""
    document = "{" + ",\n".join(f'""k{i}"": ""{"v" * 50}""' for i in range(4_000)) + "}"
    data = f'id,payload\n7,"{document}"\n'.encode()
    assert len(data) > 200_000
    table = load_csv(data)
    assert values(table, "payload") == [document.replace('""', '"')]
