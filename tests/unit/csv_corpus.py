"""Malformed and tricky CSV files, built as bytes in code so every case is readable and reviewable.

Each constant is what a real export or a mistaken upload contains; the tests in `test_io.py`
assert what `load_csv` must make of it. Binary files carry real signatures (gzip and zip ones
are produced by the standard library), not just a few magic bytes.
"""

from __future__ import annotations

import gzip
import io
import struct
import zipfile
import zlib

CITY_TEXT = "city,price\ncafé,1.5\nZürich,2\n€ store,3.25\n"
"""A small table with accents and the euro sign, encoded in each supported encoding below."""

ENCODED: dict[str, bytes] = {
    "utf-8": CITY_TEXT.encode("utf-8"),
    "utf-8-sig": CITY_TEXT.encode("utf-8-sig"),
    "utf-16-le-bom": b"\xff\xfe" + CITY_TEXT.encode("utf-16-le"),
    "utf-16-be-bom": b"\xfe\xff" + CITY_TEXT.encode("utf-16-be"),
    "cp1252": CITY_TEXT.encode("cp1252"),
}

UTF16_WITHOUT_BOM = "a,b\n1,x\n".encode("utf-16-le")
LATIN1_ONLY = b"a,b\n1,\x81x\n"  # 0x81 is undefined in Windows-1252
NOT_UTF8_AFTER_SAMPLE = b"name,n\n" + b"plain,1\n" * 10_000 + "café,2\n".encode("cp1252")

DELIMITED: dict[str, bytes] = {
    delimiter: f"id{delimiter}name{delimiter}score\n1{delimiter}Ann{delimiter}3.5\n2{delimiter}Bob{delimiter}4\n".encode()
    for delimiter in (",", ";", "\t", "|")
}
COMMAS_INSIDE_TAB_FIELDS = b"name\tnote\nAnn\tlikes tea, coffee\nBob\tx, y, z\n"
SINGLE_COLUMN = b"name\nhello, world\nbye\n"

DECIMAL_COMMA = b"height;weight;label\n1,5;70;a\n2,25;80,5;b\n-0,5;90;c\n"

QUOTED = b'id,comment\n1,"line one\nline two"\n2,"a, b and c"\n3,"she said ""hi"""\n'
QUOTED_NEWLINE_AFTER_SAMPLE = b"id,text\n" + b"1,plain\n" * 10_000 + b'2,"two\nlines"\n'
UNCLOSED_QUOTE = b'id,text\n1,ok\n2,"never closed\n3,lost\n'
CRLF = b"a,b\r\n1,x\r\n2,y\r\n"
LEADING_BLANK_LINES = b"\n\n   \na,b\n1,2\n"

HEADER_ONLY: dict[str, bytes] = {
    "newline": b"age,sex\n",
    "no newline": b"age,sex",
    "crlf and blank lines": b"age,sex\r\n\r\n\r\n",
}
EMPTY: dict[str, bytes] = {"empty": b"", "whitespace": b"  \n\t\r\n  "}

RAGGED = b"a,b,c\n1,2,3\n4,5\n6,7,8,9\n10,11,12\n13\n"
TRAILING_DELIMITER = b"a,b\n1,2,\n3,4,\n"

MESSY_HEADER = b" age ,age,,Age, name \n30,31,x,32, Ann \n40,41,y,42,Bob\n"
PADDED_CELLS = " name ,size\n  Ann  , 1 \n\u00a0Bob\u00a0,2\n NA ,3\n".encode()

MISSING = b"num,text\n1,a\n?,?\nNA,NA\nN/A,N/A\nNULL,NULL\nnull,null\nNaN,NaN\n,\n-,-\n2,b\n"

NON_FINITE = b"x,y\n1.5,1\ninf,2\n-inf,3\n1e400,4\n" + b"9" * 400 + b",5\n-1e400,6\n2.5,7\n"

MOSTLY_NUMBERS = b"code\n1\n2\n3\nn/k\n5\nabc\n"
STRAY_STRING_AFTER_FIRST_BLOCK = b"a,b\n" + b"12345,67890\n" * 100_000 + b"oops,1\n"

TYPES = b"i,f,i_missing,text,flag,day\n1,0.5,7,x,true,2024-01-31\n2,1,,y,false,2024-02-29\n"

CONTROL_CHARACTERS = bytes(range(1, 9)) * 20


def _png() -> bytes:
    """A valid 1x1 grey PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\x80")) + chunk(b"IEND", b"")


def _zip(files: dict[str, str]) -> bytes:
    """A zip archive holding `files`, the way an xlsx or any archive is built.

    "mimetype" is stored uncompressed, as the OpenDocument format requires.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text, zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


XLSX = _zip({"[Content_Types].xml": "<Types/>", "_rels/.rels": "<Relationships/>", "xl/workbook.xml": "<workbook/>"})
ODS = _zip({"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<office/>"})

BINARY: dict[str, tuple[bytes, str]] = {
    "png": (_png(), "a PNG image"),
    "jpeg": (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9", "a JPEG image"),
    "gif": (b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,;", "a GIF image"),
    "pdf": (b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n", "a PDF document"),
    "gzip": (gzip.compress(b"a,b\n1,2\n"), "a gzip archive"),
    "zip": (_zip({"data.csv": "a,b\n1,2\n"}), "a zip archive"),
    "xlsx": (XLSX, "an Excel workbook (xlsx); save it as CSV first"),
    "ods": (ODS, "an OpenDocument spreadsheet (ods)"),
    "xls": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 64, "an old Excel workbook (xls)"),
    "nul bytes": (b"a,b\n1,\x002\n", "NUL bytes"),
}

STUDENTS_ROWS = [
    ("Aisha", "F", "Fail"),
    ("Benny", "M", "Pass"),
    ("Erica", "F", "Fail"),
    ("Fabio", "M", "Fail"),
    ("Johan", "M", "Fail"),
    ("Ming", "M", "Pass"),
    ("Orhan", "M", "Pass"),
]
"""Table 6-1 of the course chapter, in the shape of the bundled data files."""

MEDICAL_ROWS = [("20-30", 405), ("30-40", 436), ("40-50", 421), ("50-60", 457), ("60-70", 463)]
"""Experiment 6-2's histogram (age bucket, patients)."""
