"""Robust CSV reading for uploads and bundled files: encoding, delimiter, types, clear errors.

Real exports are messy: Excel's Windows-1252, semicolons with decimal commas, UTF-16 from
"Unicode text", ragged rows, "N/A" markers, spreadsheets renamed to .csv. `load_csv` detects
each of these, repairs what it safely can, says what it did in `LoadedTable.notes`, and raises
`ValueError` with a readable sentence for everything else.

Speed: clean files go straight through pyarrow's multithreaded reader (zero-copy from the
bytes, or from a memory map of a path, sniffing only the first 64 KB); only files pyarrow
refuses are rewritten row by row with Python's csv module and then read by pyarrow again, so
both paths infer types the same way.
"""

from __future__ import annotations

import codecs
import csv
import functools
import io
import mmap
import os
import re
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pv

from dpcore.errors import DPError
from dpcore.limits import MAX_UPLOAD_MB

DEFAULT_MAX_BYTES = MAX_UPLOAD_MB * 1024 * 1024
SNIFF_BYTES = 64 * 1024
MISSING_MARKERS = ("", "?", "-", "NA", "N/A", "n/a", "#N/A", "NULL", "null", "NaN", "nan")
DELIMITERS = {",": "commas (,)", ";": "semicolons (;)", "\t": "tabs", "|": "pipes (|)"}

_MEGABYTE = 1024 * 1024
_UTF8_BOM = b"\xef\xbb\xbf"
# Longest first: the UTF-32 little-endian BOM starts with the UTF-16 one.
_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32", "UTF-32 (little-endian)"),
    (b"\x00\x00\xfe\xff", "utf-32", "UTF-32 (big-endian)"),
    (b"\xff\xfe", "utf-16", "UTF-16 (little-endian)"),
    (b"\xfe\xff", "utf-16", "UTF-16 (big-endian)"),
)
# What to do with such a file: the key of its sentence in dpcore.messages.
_NOT_CSV = "file_format.not_csv"
_SAVE_AS_CSV = "file_format.save_as_csv"
_EXTRACT = "file_format.extract"
_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image", _NOT_CSV),
    (b"\xff\xd8\xff", "a JPEG image", _NOT_CSV),
    (b"GIF87a", "a GIF image", _NOT_CSV),
    (b"GIF89a", "a GIF image", _NOT_CSV),
    (b"%PDF-", "a PDF document", _NOT_CSV),
    (b"\x1f\x8b", "a gzip archive", _EXTRACT),
    (b"\xfd7zXZ\x00", "an xz archive", _EXTRACT),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive", _EXTRACT),
    (b"PAR1", "a Parquet file", _NOT_CSV),
    (b"SQLite format 3\x00", "an SQLite database", _NOT_CSV),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Excel workbook (xls) or other Office file", _SAVE_AS_CSV),
)
_ZIP_SIGNATURES = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
# Folder names inside a zip that give away an Office document; otherwise it is a plain archive.
_ZIP_CONTENTS = (
    (b"xl/", "an Excel workbook (xlsx)", _SAVE_AS_CSV),
    (b"word/", "a Word document (docx)", _NOT_CSV),
    (b"ppt/", "a PowerPoint presentation (pptx)", _NOT_CSV),
    (b"opendocument.spreadsheet", "an OpenDocument spreadsheet (ods)", _SAVE_AS_CSV),
)
_NON_SPACE = re.compile(rb"[^ \t\r\n\f\v]")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_QUOTED = re.compile(r'"[^"]*"')
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_DECIMAL_COMMA = re.compile(r"\s*[+-]?\d+,\d+\s*")
_INTEGER = r"^[+-]?\d+$"
_DECIMAL_COMMA_NOTE = "Numbers written with a decimal comma (like 1,5) were read as decimal numbers."
_NAMED_FLOATS = r"[+-]?(?i:inf|infinity|nan)"
_Bytes = bytes | mmap.mmap  # the file's bytes: given, or memory-mapped from a path (no copy)


class _NotUtf8(Exception):
    """Raised inside the module when bytes taken for UTF-8 turn out not to be; never escapes."""


class _Decoded(NamedTuple):
    """UTF-8 bytes ready for pyarrow: `data[start:]`, plus what the original encoding was."""

    encoding: str
    data: _Bytes
    start: int
    note: str


class _Dialect(NamedTuple):
    """What sniffing the first lines found."""

    delimiter: str
    found: bool
    decimal_comma: bool
    quoted_newlines: bool


@dataclass(frozen=True, eq=False)
class LoadedTable:
    """A parsed CSV file with everything the loader noticed (not the file's bytes: nothing reads
    them once parsed, and an upload's copy would cost up to 200 MB per session).

    frame: numeric columns are int64 (float64 when they have gaps), text columns pandas' string
    dtype, true/false columns "boolean", ISO dates datetime64. notes: plain sentences saying what
    was detected, fixed or dropped. encoding, delimiter: what was detected. `eq=False`: loads
    compare by identity, as comparing frames has no single truth value.
    """

    frame: pd.DataFrame
    notes: tuple[str, ...]
    encoding: str
    delimiter: str

    def summary(self) -> pd.DataFrame:
        """One row per column: name, type, missing count, distinct count, an example value.

        The type is "numeric", "categorical", "boolean", "datetime", or "empty" (no values).
        """
        rows = [
            {
                "name": name,
                "type": _column_type(column),
                "missing": int(column.isna().sum()),
                "distinct": int(column.nunique(dropna=True)),
                "example": _example(column),
            }
            for name, column in self.frame.items()
        ]
        return pd.DataFrame(rows, columns=["name", "type", "missing", "distinct", "example"])


def load_csv(source: bytes | str | os.PathLike[str], *, max_bytes: int = DEFAULT_MAX_BYTES) -> LoadedTable:
    """Read a CSV file (bytes, or a path given as str or PathLike) into a `LoadedTable`.

    Encoding: byte order mark first, then strict UTF-8, then Windows-1252 (Latin-1 if even that
    fails). Delimiter: sniffed from the first lines, never assumed. Cells `?`, `NA`, `N/A`,
    `NULL`, `null`, `NaN`, `-` and empty cells are missing; inf, NaN and values too large for a
    float become missing too, since a DP page cannot bin them. Every fix is listed in `notes`.

    Raises:
        ValueError: for anything that is not a usable table (empty, binary, too large, header
            only, unreadable), with a sentence saying what the file looks like.
    """
    if max_bytes <= 0:
        raise ValueError(f"max_bytes must be positive, not {max_bytes}.")
    raw = _read_source(source, max_bytes)
    _reject_binary(raw)
    try:
        return _load_decoded(_decode(raw))
    except _NotUtf8:
        return _load_decoded(_decode_single_byte(raw))


def _read_source(source: bytes | str | os.PathLike[str], max_bytes: int) -> _Bytes:
    """The file's bytes (a path is memory-mapped), refusing early anything over `max_bytes`."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        raw = bytes(source)
        _check_size(len(raw), max_bytes)
        return raw
    if not isinstance(source, (str, os.PathLike)):
        raise ValueError(f"load_csv expects bytes or a file path, not {type(source).__name__}.")
    path = Path(source)
    try:
        with path.open("rb") as file:
            _check_size(os.fstat(file.fileno()).st_size, max_bytes)
            return mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    except FileNotFoundError:
        raise DPError("file_missing", path=path) from None
    except OSError as exc:
        raise DPError("file_unreadable", path=path, reason=exc.strerror or exc) from exc


def _check_size(size: int, max_bytes: int) -> None:
    """Refuse files above the limit, saying both sizes in MB."""
    if size > max_bytes:
        raise DPError("file_too_large", size_mb=size / _MEGABYTE, limit_mb=max_bytes / _MEGABYTE)
    if size == 0:
        raise DPError("file_empty")


def _reject_binary(raw: _Bytes) -> None:
    """Refuse well-known binary formats by their first bytes, naming what the file looks like."""
    head = raw[:SNIFF_BYTES]
    for magic, what, advice in _SIGNATURES:
        if head.startswith(magic):
            raise DPError(advice, what=what)
    if head.startswith(_ZIP_SIGNATURES):
        # Office files are zips; their part names sit in the local headers and the directory at the end.
        ends = head + raw[-SNIFF_BYTES:]
        what, advice = next(
            ((what, advice) for marker, what, advice in _ZIP_CONTENTS if marker in ends),
            ("a zip archive", _EXTRACT),
        )
        raise DPError(advice, what=what)


def _decode(raw: _Bytes) -> _Decoded:
    """Pick the encoding: a byte order mark, else UTF-16 without one, else (to be checked) UTF-8."""
    head = raw[:SNIFF_BYTES]
    if head.startswith(_UTF8_BOM):
        note = "The text encoding is UTF-8 with a byte order mark (BOM), which was removed."
        return _Decoded("utf-8-sig", raw, len(_UTF8_BOM), note)
    for bom, encoding, label in _BOMS:
        if head.startswith(bom):
            return _transcode(raw, encoding, label, f"The text encoding is {label}, detected from its byte order mark.")
    if raw.find(b"\x00") != -1:
        encoding, label = _utf16_without_bom(head)
        return _transcode(raw, encoding, label, f"The text encoding is {label}, without a byte order mark.")
    return _Decoded("utf-8", raw, 0, "The text encoding is UTF-8.")


def _utf16_without_bom(head: bytes) -> tuple[str, str]:
    """Recognise mostly-ASCII UTF-16 (every other byte NUL); any other NUL byte means binary."""
    even, odd = head[0::2], head[1::2]
    if odd.count(0) > 0.9 * len(odd) and even.count(0) < 0.1 * len(even):
        return "utf-16-le", "UTF-16 (little-endian)"
    if even.count(0) > 0.9 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "utf-16-be", "UTF-16 (big-endian)"
    raise DPError("nul_bytes")


def _transcode(raw: _Bytes, encoding: str, label: str, note: str) -> _Decoded:
    """Decode a UTF-16/32 file strictly and re-encode it as UTF-8 for pyarrow."""
    try:
        text = str(raw, encoding)
    except UnicodeDecodeError:
        raise DPError("invalid_unicode", encoding=label) from None
    if "\x00" in text:
        raise DPError("nul_characters")
    return _Decoded(encoding, text.encode("utf-8"), 0, note)


def _decode_single_byte(raw: _Bytes) -> _Decoded:
    """Fallback for bytes that are not UTF-8: Windows-1252 (Excel on Windows), else Latin-1."""
    body = memoryview(raw)[len(_UTF8_BOM) if raw[:3] == _UTF8_BOM else 0 :]
    try:
        text = str(body, "cp1252")
        note = "The file is not valid UTF-8, so it was read as Windows-1252 (Western European)."
        encoding = "cp1252"
    except UnicodeDecodeError:
        text = str(body, "latin-1")
        note = "The file is neither UTF-8 nor Windows-1252, so it was read as Latin-1; check accented letters."
        encoding = "latin-1"
    return _Decoded(encoding, text.encode("utf-8"), 0, note)


def _load_decoded(decoded: _Decoded) -> LoadedTable:
    """Sniff, parse, clean and convert UTF-8 bytes; raises _NotUtf8 if they are not UTF-8 after all."""
    data, start = decoded.data, _first_line_start(decoded.data, decoded.start)
    sample_end = start + SNIFF_BYTES
    complete = sample_end >= len(data)
    try:
        sample = codecs.getincrementaldecoder("utf-8")().decode(data[start:sample_end], final=complete)
    except UnicodeDecodeError:
        raise _NotUtf8 from None
    if len(_CONTROL.findall(sample)) > max(4, 0.01 * len(sample)):
        raise DPError("control_characters")
    dialect = _sniff(sample, complete)
    if not complete and data.find(b'"', sample_end) != -1:
        dialect = dialect._replace(quoted_newlines=True)  # cannot rule them out beyond the sample
    body = pa.py_buffer(data).slice(start)
    table, row_notes = _parse(body, dialect)
    names, name_notes = _clean_names(table.column_names)
    if table.num_rows == 0:
        shown = ", ".join(f"'{name}'" for name in names[:5]) + (", ..." if len(names) > 5 else "")
        raise DPError("header_only", shown=shown, notes="".join(f" {note}" for note in row_notes))
    table, value_notes = _refine_columns(
        table.rename_columns(names),
        decimal_comma=dialect.delimiter != ",",
        ascii_only=bool(np.frombuffer(data, np.uint8).max(initial=0) < 0x80),
    )
    if dialect.decimal_comma and _DECIMAL_COMMA_NOTE not in value_notes:
        value_notes.insert(0, _DECIMAL_COMMA_NOTE)
    shape = f"Read {_count(table.num_rows, 'row')} and {_count(table.num_columns, 'column')}."
    frame = _to_frame(table)
    notes = (decoded.note, _delimiter_note(dialect), shape, *row_notes, *name_notes, *value_notes)
    return LoadedTable(
        frame=frame,
        notes=notes,
        encoding=decoded.encoding,
        delimiter=dialect.delimiter,
    )


def _first_line_start(data: _Bytes, start: int) -> int:
    """Offset of the first line with text, skipping blank lines before the header."""
    found = _NON_SPACE.search(data, start)
    if found is None:
        raise DPError("blank_file")
    return data.rfind(b"\n", start, found.start()) + 1 or start


def _sniff(sample: str, complete: bool) -> _Dialect:
    """Choose the delimiter the header uses that the most following lines use as often.

    Counts candidates outside quotes on up to 100 lines; ties go to the order of DELIMITERS.
    """
    quoted_newlines = any("\n" in field or "\r" in field for field in _QUOTED.findall(sample))
    bare, unfinished, _ = _QUOTED.sub("", sample).partition('"')
    # A quote still open at the end of the sample: its field may hold newlines, or never close.
    quoted_newlines = quoted_newlines or bool(unfinished)
    lines = [line for line in _LINE_BREAK.split(bare) if line.strip()]
    if not complete and len(lines) > 1:
        lines.pop()  # probably cut off by the sample's end
    header, rows = (lines[0], lines[1:100]) if lines else ("", [])
    scores = {}
    for delimiter in DELIMITERS:
        width = header.count(delimiter)
        if width:
            agree = sum(row.count(delimiter) == width for row in rows) / len(rows) if rows else 1.0
            scores[delimiter] = (agree, width)
    if not scores:
        unused = next((d for d in DELIMITERS if d not in bare), ",")
        return _Dialect(unused, False, False, quoted_newlines)
    delimiter = max(scores, key=scores.__getitem__)  # max keeps the first of equal scores
    decimal_comma = delimiter != "," and any(
        _DECIMAL_COMMA.fullmatch(field) for row in rows for field in row.split(delimiter)
    )
    return _Dialect(delimiter, True, decimal_comma, quoted_newlines)


def _delimiter_note(dialect: _Dialect) -> str:
    """The sentence saying which delimiter was detected."""
    if not dialect.found:
        return "No delimiter (comma, semicolon, tab or pipe) was found in the header, so the file was read as one column."
    return f"Columns are separated by {DELIMITERS[dialect.delimiter]}."


class _RowTally:
    """pyarrow's invalid-row handler: drops rows with extra fields, asks for repair otherwise.

    Rows with too few fields (to pad) or with only empty extra fields (to trim) cannot be fixed
    inside pyarrow, so the handler stops the read and the caller repairs the file with Python's
    csv module.
    """

    def __init__(self, delimiter: str) -> None:
        self.delimiter = delimiter
        self.dropped = 0
        self.needs_repair = False

    def __call__(self, row: pv.InvalidRow) -> str:
        if not row.text.strip():
            return "skip"  # a line of spaces
        if row.actual_columns > row.expected_columns:
            try:
                extra = next(csv.reader([row.text], delimiter=self.delimiter))[row.expected_columns:]
            except (csv.Error, StopIteration):
                extra = ["?"]
            if any(field.strip() for field in extra):
                self.dropped += 1
                return "skip"
        self.needs_repair = True
        return "error"

    def notes(self) -> list[str]:
        """Sentences for the rows dropped."""
        if not self.dropped:
            return []
        return [f"{_count(self.dropped, 'row')} had more fields than the header and {_was(self.dropped)} dropped."]


def _parse(body: pa.Buffer, dialect: _Dialect) -> tuple[pa.Table, list[str]]:
    """Fast path with pyarrow; if pyarrow refuses, or accepted a quote left open, repair and read again."""
    try:
        table, tally = _arrow_read(body, dialect)
    except pa.ArrowException:
        table, notes = _repair_and_read(body, dialect)
    else:
        if dialect.quoted_newlines and _ends_in_open_quote(table, body):
            table, notes = _repair_and_read(body, dialect)  # raises, naming the line of the quote
        else:
            notes = tally.notes()
    if any(pa.types.is_binary(field.type) or pa.types.is_large_binary(field.type) for field in table.schema):
        raise _NotUtf8  # pyarrow keeps columns with invalid UTF-8 as binary
    return table, notes


def _ends_in_open_quote(table: pa.Table, body: pa.Buffer) -> bool:
    """pyarrow reads a quote never closed as a field running to the end of the file: spot that.

    A legitimate multi-line last field is quoted, so the file then ends with a quote.
    """
    if table.num_rows == 0:
        return False
    last = table.column(table.num_columns - 1)[table.num_rows - 1].as_py()
    tail = body.slice(max(0, body.size - 16)).to_pybytes().rstrip()
    return isinstance(last, str) and ("\n" in last or "\r" in last) and not tail.endswith(b'"')


def _arrow_read(body: pa.Buffer, dialect: _Dialect) -> tuple[pa.Table, _RowTally]:
    """pyarrow read; a field longer than pyarrow's block (1 MB) is read again as one block.

    pyarrow refuses a field straddling two blocks ("straddling object"); long free-text cells
    (notes, JSON) are legitimate, so the whole file (already in memory) becomes one block.
    """
    try:
        return _arrow_read_blocks(body, dialect, None)
    except pa.ArrowInvalid as exc:
        if "straddl" not in str(exc):
            raise
    return _arrow_read_blocks(body, dialect, min(max(body.size + 1, 1 << 20), 2**31 - 1))


def _arrow_read_blocks(body: pa.Buffer, dialect: _Dialect, block_size: int | None) -> tuple[pa.Table, _RowTally]:
    """pyarrow read with inferred types; if a later block breaks the inferred type, read all as text.

    pyarrow infers types from the first block (1 MB), so a stray word far down a numeric column
    fails the read; the text read leaves the conversion to `_refine_columns`.
    """
    tally = _RowTally(dialect.delimiter)
    try:
        return pv.read_csv(pa.BufferReader(body), **_arrow_options(dialect, tally, block_size=block_size)), tally
    except pa.ArrowInvalid as exc:
        if tally.needs_repair or "straddl" in str(exc):
            raise
    opened = pv.open_csv(pa.BufferReader(body), **_arrow_options(dialect, _RowTally(dialect.delimiter),
                                                                 block_size=block_size))
    text_columns = dict.fromkeys(opened.schema.names, pa.string())
    tally = _RowTally(dialect.delimiter)
    options = _arrow_options(dialect, tally, text_columns, block_size=block_size)
    return pv.read_csv(pa.BufferReader(body), **options), tally


def _arrow_options(
    dialect: _Dialect,
    tally: _RowTally,
    column_types: dict[str, pa.DataType] | None = None,
    *,
    block_size: int | None = None,
) -> dict[str, pv.ReadOptions | pv.ParseOptions | pv.ConvertOptions | pa.MemoryPool]:
    """read_csv keyword arguments for this dialect; newlines in values only when needed (slower)."""
    read_options = pv.ReadOptions(use_threads=True) if block_size is None else pv.ReadOptions(
        use_threads=True, block_size=block_size)
    return {
        "read_options": read_options,
        "parse_options": pv.ParseOptions(
            delimiter=dialect.delimiter,
            newlines_in_values=dialect.quoted_newlines,
            invalid_row_handler=tally,
        ),
        "convert_options": pv.ConvertOptions(
            null_values=list(MISSING_MARKERS),
            strings_can_be_null=True,
            quoted_strings_can_be_null=True,
            decimal_point="," if dialect.decimal_comma else ".",
            column_types=column_types,
        ),
    }


def _repair_and_read(body: pa.Buffer, dialect: _Dialect) -> tuple[pa.Table, list[str]]:
    """Rewrite the file with Python's csv module, fitting rows to the header, then read it with pyarrow."""
    try:
        text = str(memoryview(body), "utf-8")
    except UnicodeDecodeError:
        raise _NotUtf8 from None
    try:
        rewritten, counts = _rewrite_rows(text, dialect.delimiter, strict=True)
    except csv.Error:  # a stray quote inside a field: read it leniently, as spreadsheets do
        rewritten, counts = _rewrite_rows(text, dialect.delimiter, strict=False)
    try:
        table, _ = _arrow_read(pa.py_buffer(rewritten.encode("utf-8")), dialect._replace(quoted_newlines=True))
    except pa.ArrowException as exc:
        raise DPError("csv_unreadable", reason=str(exc).rstrip('.')) from exc
    sentences = {
        "padded": "{} had fewer fields than the header; the missing fields were left empty.",
        "trimmed": "{} had empty extra fields after the last column, which were ignored.",
        "dropped": "{} had more fields than the header and {} dropped.",
    }
    notes = [sentences[kind].format(_count(n, "row"), _was(n)) for kind, n in counts.items()]
    return table, notes


def _rewrite_rows(text: str, delimiter: str, *, strict: bool) -> tuple[str, Counter[str]]:
    """The rows as CSV text with the header's width: short rows padded, long rows trimmed or dropped.

    Raises:
        csv.Error: in strict mode, for a quote in the wrong place (the caller retries leniently).
        ValueError: for a quoted field never closed, or anything the lenient reader refuses.
    """
    # Python's csv refuses fields over 128 KiB by default; a free-text cell (notes, JSON) may be
    # longer, and the whole text is already in memory, so no field can exceed its length.
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=strict)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    counts: Counter[str] = Counter()
    width, last_line = 0, 0
    try:
        for row in reader:
            if len(row) > 1 or (row and row[0].strip()):  # skip blank lines
                width = width or len(row)  # the first row is the header
                if len(row) < width:
                    row += [""] * (width - len(row))
                    counts["padded"] += 1
                elif len(row) > width:
                    kind = "dropped" if any(field.strip() for field in row[width:]) else "trimmed"
                    counts[kind] += 1
                    row = [] if kind == "dropped" else row[:width]
                if row:
                    writer.writerow(row)
            last_line = reader.line_num
    except csv.Error as exc:
        if strict and "unexpected end of data" in str(exc):
            raise DPError("unclosed_quote", line=last_line + 1) from None
        if strict:
            raise
        raise DPError("csv_unreadable", reason=exc) from exc
    if not width:
        raise DPError("quoted_text_only")
    return out.getvalue(), counts


def _clean_names(names: list[str]) -> tuple[list[str], list[str]]:
    """Strip header names, name blank ones "column N", and make repeats unique: "age", "age (2)"."""
    notes = []
    stripped = [name.strip() for name in names]
    if stripped != names:
        notes.append("Spaces around column names were removed.")
    blank = [i for i, name in enumerate(stripped, start=1) if not name]
    named = [name or f"column {i}" for i, name in enumerate(stripped, start=1)]
    if blank:
        listed = ", ".join(f"'column {i}'" for i in blank)
        notes.append(f"Columns without a name are now called {listed}.")
    taken, seen, unique, renamed = set(named), Counter[str](), [], []
    for name in named:
        seen[name] += 1
        if seen[name] == 1:
            unique.append(name)
            continue
        k = seen[name]
        while f"{name} ({k})" in taken:
            k += 1
        taken.add(f"{name} ({k})")
        unique.append(f"{name} ({k})")
        renamed.append(f"'{name} ({k})'")
    if renamed:
        notes.append(f"Repeated column names were made unique: {', '.join(renamed)}.")
    return unique, notes


class _Refined(NamedTuple):
    """One column after `_refine_column`, with what was done to it."""

    column: pa.ChunkedArray
    missing: int
    trimmed: bool
    decimal_comma: bool
    notes: list[str]


def _refine_columns(table: pa.Table, *, decimal_comma: bool, ascii_only: bool) -> tuple[pa.Table, list[str]]:
    """Refine every column, in parallel threads (pyarrow kernels release the GIL), and gather notes.

    `decimal_comma` allows "1,5" as a number (only sensible when commas do not separate fields).
    `ascii_only` (the whole file is ASCII) allows the faster ASCII trim, which is then exact.
    """
    names = table.column_names
    trim = pc.ascii_trim_whitespace if ascii_only else pc.utf8_trim_whitespace
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        refine = functools.partial(_refine_column, decimal_comma=decimal_comma, trim=trim)
        refined = list(pool.map(refine, names, table.columns))
    notes = []
    if trimmed := [f"'{name}'" for name, r in zip(names, refined) if r.trimmed]:
        notes.append(f"Spaces around text values were removed in {', '.join(trimmed)}.")
    if any(r.decimal_comma for r in refined):
        notes.append(_DECIMAL_COMMA_NOTE)
    notes += [note for r in refined for note in r.notes]
    if missing := sum(r.missing for r in refined):
        markers = ", ".join(marker for marker in MISSING_MARKERS if marker)
        notes.append(f"{_count(missing, 'cell')} {_was(missing)} empty or held a missing-value marker ({markers}).")
    return pa.table([r.column for r in refined], names=names), notes


def _refine_column(
    name: str, column: pa.ChunkedArray, *, decimal_comma: bool, trim: Callable[[pa.ChunkedArray], pa.ChunkedArray]
) -> _Refined:
    """Text columns: trim and try numbers; empty columns: float; float columns: only finite values."""
    trimmed = used_comma = False
    notes = []
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
        column, trimmed, used_comma, note = _refine_text(trim(column), column, name, decimal_comma)
        notes += [note] * bool(note)
    missing = column.null_count
    if missing == len(column):
        column = pa.chunked_array([pa.nulls(len(column), pa.float64())])
        notes.append(f"Column '{name}' has no values at all.")
    elif pa.types.is_floating(column.type):
        column, note = _drop_non_finite(column, name)
        notes += [note] * bool(note)
    return _Refined(column, missing, trimmed, used_comma, notes)


def _number_pattern(decimal_comma: bool) -> str:
    """Regular expression (Python re and RE2 alike) for one number as people write it in CSVs."""
    point = "[.,]" if decimal_comma else "[.]"
    return rf"^(?:[+-]?(?:\d+(?:{point}\d*)?|{point}\d+)(?:[eE][+-]?\d+)?|{_NAMED_FLOATS})$"


def _refine_text(
    stripped: pa.ChunkedArray, column: pa.ChunkedArray, name: str, decimal_comma: bool
) -> tuple[pa.ChunkedArray, bool, bool, str]:
    """Take a text column's trimmed values, re-apply missing markers, convert to numbers if all are.

    Returns the column, whether trimming changed it, whether decimal commas were read, and a
    note if the column is mostly but not only numbers (it then stays text).
    """
    was_trimmed = not stripped.equals(column)
    if was_trimmed:
        column = pc.if_else(pc.is_in(stripped, value_set=pa.array(MISSING_MARKERS)), None, stripped)
    pattern = _number_pattern(decimal_comma)
    head = [value for value in column.slice(0, 1000).to_pylist() if value is not None][:200]
    if not head or 2 * sum(re.match(pattern, value) is not None for value in head) < len(head):
        return column, was_trimmed, False, ""
    is_number = pc.match_substring_regex(column, pattern)
    n_values = len(column) - column.null_count
    n_numbers = pc.sum(is_number).as_py() or 0
    if n_numbers < n_values:
        others = pc.unique(pc.filter(column, pc.invert(is_number))).to_pylist()
        shown = ", ".join(f"'{value}'" for value in others[:3])
        note = (
            f"Column '{name}' is mostly numbers but {_count(n_values - n_numbers, 'value')} "
            f"{'is' if n_values - n_numbers == 1 else 'are'} not (such as {shown}), so it is kept as text."
        )
        return column, was_trimmed, False, note
    if pc.all(pc.match_substring_regex(column, _INTEGER)).as_py():
        try:
            return pc.cast(column, pa.int64()), was_trimmed, False, ""
        except pa.ArrowInvalid:
            pass  # too large for int64: read as float below
    used_comma = decimal_comma and bool(pc.any(pc.match_substring(column, ",")).as_py())
    if used_comma:
        column = pc.replace_substring(column, ",", ".")
    try:
        return pc.cast(column, pa.float64()), was_trimmed, used_comma, ""
    except pa.ArrowInvalid:  # matched the pattern but not pyarrow's parser: keep the text
        return column, was_trimmed, False, ""


def _drop_non_finite(column: pa.ChunkedArray, name: str) -> tuple[pa.ChunkedArray, str]:
    """Make inf, -inf and NaN missing (a histogram cannot bin them), with a note saying how many."""
    bad = pc.invert(pc.is_finite(column))
    n_bad = pc.sum(bad).as_py() or 0
    if not n_bad:
        return column, ""
    note = (
        f"Column '{name}': {_count(n_bad, 'value')} {_was(n_bad)} infinite, not a number, or too large "
        "for a 64-bit float (like inf or 1e400) and now count as missing."
    )
    return pc.if_else(bad, None, column), note


def _to_frame(table: pa.Table) -> pd.DataFrame:
    """Convert to pandas without keeping two copies: the table is consumed column by column."""
    return table.to_pandas(
        split_blocks=True,
        self_destruct=True,
        date_as_object=False,
        types_mapper={pa.bool_(): pd.BooleanDtype()}.get,
    )


def _column_type(column: pd.Series) -> str:
    """The kind of column as a page sees it."""
    if column.isna().all():
        return "empty"
    if pd.api.types.is_bool_dtype(column):
        return "boolean"
    if pd.api.types.is_numeric_dtype(column):
        return "numeric"
    if pd.api.types.is_datetime64_any_dtype(column):
        return "datetime"
    return "categorical"


def _example(column: pd.Series) -> str:
    """The first non-missing value as text, or "" if there is none."""
    index = column.first_valid_index()
    return "" if index is None else str(column.at[index])


def _count(n: int, noun: str) -> str:
    """ "1 row", "2,345 rows"."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def _was(n: int) -> str:
    """ "was" or "were" to agree with n."""
    return "was" if n == 1 else "were"

