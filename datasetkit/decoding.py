"""Turning the bytes of a CSV or text dataset file into text, and saying how.

Split from :mod:`datasetkit.csvutil` (which re-exports these names) so that the
tokenizer and the decoding each stay one concern.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .io import UTF8_BOM, byte_offset_to_line_col


@dataclass(frozen=True)
class Issue:
    """A problem met while decoding or tokenizing, for a format to turn into a finding.

    ``kind`` is one of: ``encoding``, ``binary``, ``line-endings``, ``unclosed-quote``,
    ``text-after-quote``, ``extra-cells``, ``missing-cells``, ``comment-after-header``,
    ``duplicate-header``, ``empty-header``, ``no-header``.
    """

    kind: str
    message: str
    line: int | None = None
    column: int | None = None
    index: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Decoded:
    """A file's text with what was learned decoding it."""

    text: str
    encoding: str
    bom: bool
    line_endings: str
    issues: list[Issue] = field(default_factory=list)


def decode(data: bytes) -> Decoded:
    """Decode CSV/TXT bytes: UTF-8 (BOM optional), UTF-16 with a BOM, else Windows-1252.

    A file that is not UTF-8 is still read (as Windows-1252, or Latin-1 for the bytes
    1252 leaves undefined) with an ``encoding`` issue at the first byte that is not
    UTF-8, because Excel on Windows saves "CSV" that way and the text is usually right.
    """
    issues: list[Issue] = []
    bom = False
    if data.startswith(UTF8_BOM):
        bom = True
        body = data[len(UTF8_BOM) :]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16")
        issues.append(
            Issue(
                "encoding",
                "the file is UTF-16 (Excel's 'Unicode Text'), not UTF-8",
                1,
                1,
                data={"encoding": "utf-16"},
            )
        )
        return Decoded(text, "utf-16", True, line_endings(text), issues)
    else:
        body = data
    if b"\x00" in body[:8192]:
        issues.append(Issue("binary", "the file holds NUL bytes: it is not a text file", 1, 1))
    try:
        text = body.decode("utf-8")
        encoding = "utf-8-sig" if bom else "utf-8"
    except UnicodeDecodeError as exc:
        line, col = byte_offset_to_line_col(body, exc.start)
        try:
            text, encoding = body.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            text, encoding = body.decode("latin-1"), "latin-1"
        issues.append(
            Issue(
                "encoding",
                f"the file is not UTF-8 (byte 0x{body[exc.start]:02X} at line {line}); "
                f"it was read as {'Windows-1252' if encoding == 'cp1252' else 'Latin-1'}",
                line,
                col,
                data={"encoding": encoding},
            )
        )
    endings = line_endings(text)
    if endings in ("crcrlf", "mixed"):
        issues.append(
            Issue(
                "line-endings",
                "broken \\r\\r\\n line endings: each was read as one line break"
                if endings == "crcrlf"
                else "the file mixes line-ending styles",
                data={"line_endings": endings},
            )
        )
    return Decoded(text, encoding, bom, endings, issues)


# How much of a file format detection looks at: header rows come within the first lines.
SNIFF_BYTES = 16384


def sniff_text(head: bytes) -> str | None:
    """The complete lines of a file's first bytes as text, for format detection; None
    for what is not a text table (empty, a zip such as .xlsx, NUL bytes)."""
    if not head or head[:4] == b"PK\x03\x04" or b"\x00" in head[:4096]:
        return None
    cut = max(head.rfind(b"\n"), head.rfind(b"\r"))
    if len(head) >= SNIFF_BYTES and cut > 0:
        head = head[: cut + 1]  # no half line (or half character) at the end
    return decode(head).text


def line_endings(text: str) -> str:
    """``lf``, ``crlf``, ``cr``, ``crcrlf``, ``mixed`` or ``none`` (a single line)."""
    # Counting with str.count keeps this at C speed on big files.
    crcrlf = text.count("\r\r\n")
    crlf = text.count("\r\n") - crcrlf
    lf = text.count("\n") - crlf - crcrlf
    cr = text.count("\r") - crlf - 2 * crcrlf
    kinds = [k for k, n in (("lf", lf), ("crlf", crlf), ("cr", cr), ("crcrlf", crcrlf)) if n]
    if not kinds:
        return "none"
    return kinds[0] if len(kinds) == 1 else "mixed"
