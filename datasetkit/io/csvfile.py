"""Tolerant CSV reading for dataset files, with the line and column of every cell.

Dataset CSVs come out of Excel, Notepad and scripts, and carry their quirks: a UTF-8
BOM, CRLF or the broken ``\\r\\r\\n`` line endings of some Microsoft samples, Windows-1252
bytes, typographic quotes or trailing spaces in headers, ``#`` comment rows, cells with
unquoted commas (ragged rows) and quotes that never close. The ``csv`` module hides
where things are, so this module has its own small RFC 4180 tokenizer that keeps the
physical line and column of each cell, never turns a value into anything but the text
it was (no type guessing), and reports problems as :class:`Issue` objects that each
format turns into findings with its own codes.

Conventions (shared by every CSV format in datasetkit):

* ``line`` is the physical line in the file; ``\\r\\r\\n``, ``\\r\\n``, ``\\n`` and ``\\r``
  each end one line.
* Data rows are numbered by ``index`` (0-based, comment and blank rows excluded) and by
  ``row`` = ``index + 2``: the record number counting the header as row 1.
* A record's document-level JSON Pointer is ``/<index>/<column header>``.
"""

from __future__ import annotations

import contextlib
import gc
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import accumulate

from datasetkit.core.findings import Location

# Decoding lives in its own module; these names stay importable from here.
from datasetkit.core.headers import normalise_header
from datasetkit.io.decoding import SNIFF_BYTES as SNIFF_BYTES
from datasetkit.io.decoding import Decoded as Decoded
from datasetkit.io.decoding import Issue as Issue
from datasetkit.io.decoding import decode as decode
from datasetkit.io.decoding import line_endings as line_endings
from datasetkit.io.decoding import sniff_text as sniff_text

# One line break; "\r\r\n" (a CRLF file saved through a tool that turned LF into CRLF)
# counts as one, as it does for the people who made those files.
_LINE_BREAK = re.compile(r"\r\r\n|\r\n|\n|\r")
# Characters str.splitlines() breaks on that CSV does not.
_OTHER_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


class LineIndex:
    """Character offset -> 1-based (line, column), with the file's own line breaks."""

    def __init__(self, text: str) -> None:
        if "\r\r\n" in text or _OTHER_BREAKS.search(text):
            self._starts = [0] + [m.end() for m in _LINE_BREAK.finditer(text)]
        else:
            # Same breaks as _LINE_BREAK here, at C speed.
            self._starts = [0, *accumulate(map(len, text.splitlines(keepends=True)))]
            if text and not text.endswith(("\n", "\r")):
                self._starts.pop()  # the last line has no break, so no line follows it
        self._len = len(text)

    def position(self, offset: int) -> tuple[int, int]:
        """The line and column of ``offset``."""
        i = bisect_right(self._starts, offset)
        return i, offset - self._starts[i - 1] + 1

    def line(self, offset: int) -> int:
        """The line of ``offset``."""
        return bisect_right(self._starts, offset)

    @property
    def count(self) -> int:
        """How many lines the text has (a final line break opens no new line)."""
        return len(self._starts)


@dataclass
class RawRecord:
    """One CSV record as tokenized: its cells and where each cell starts."""

    cells: list[str]
    line: int
    end_line: int
    # Character offset of the first character of each cell (see positions()).
    offsets: list[int]
    quoted: list[bool]
    index: LineIndex = field(repr=False, compare=False)

    @property
    def positions(self) -> list[tuple[int, int]]:
        """(line, column) of the first character of each cell."""
        return [self.index.position(o) for o in self.offsets]


def _cell_pattern(delimiter: str) -> re.Pattern[str]:
    d = re.escape(delimiter)
    end = rf"(?P<end>{d}|\r\r\n|\r\n|\n|\r|\Z)"
    # A quoted cell (spaces around it allowed, text after the closing quote kept), or an
    # unquoted one; each with what ends it. One match per cell keeps the loop short.
    return re.compile(
        rf'[ \t]*"(?P<q>[^"]*(?:""[^"]*)*)"(?P<junk>[^{d}\r\n]*){end}'
        rf"|(?P<u>[^{d}\r\n]*)(?P<end2>{d}|\r\r\n|\r\n|\n|\r|\Z)"
    )


def iter_records(
    text: str,
    delimiter: str = ",",
    issues: list[Issue] | None = None,
    index: LineIndex | None = None,
) -> Iterator[RawRecord]:
    """Tokenize ``text`` into records (RFC 4180, leniently), skipping empty lines.

    Lenient where files in the wild are: spaces around a quoted cell are ignored
    (``"a", "b"``), text after a closing quote is kept (as the ``csv`` module does) with
    a ``text-after-quote`` issue, and a quote that never closes takes the rest of the
    file into its cell with an ``unclosed-quote`` issue.
    """
    if len(delimiter) != 1:
        raise ValueError("delimiter must be one character")
    issues = issues if issues is not None else []
    lines = index or LineIndex(text)
    cell = _cell_pattern(delimiter)
    n = len(text)
    pos = 0
    while pos < n:
        start = pos
        cells, offsets, quoted, pos = _record(text, pos, cell, delimiter, lines, issues)
        if len(cells) == 1 and not cells[0] and not quoted[0]:
            continue  # an empty line
        line = lines.line(start)
        # A record that ends with its line break ends on the line before the next one.
        end_line = lines.line(max(pos - 1, start))
        yield RawRecord(cells, line, end_line, offsets, quoted, lines)


def _record(
    text: str,
    pos: int,
    cell: re.Pattern[str],
    delimiter: str,
    lines: LineIndex,
    issues: list[Issue],
) -> tuple[list[str], list[int], list[bool], int]:
    """The record at ``pos``: its cells, where each starts, which were quoted, and the
    offset the next record starts at."""
    n = len(text)
    cells: list[str] = []
    offsets: list[int] = []
    quoted: list[bool] = []
    while True:
        m = cell.match(text, pos)
        assert m is not None  # the unquoted branch matches anything
        q = m.group("q")
        if q is not None:
            offsets.append(text.index('"', pos))
            value = q.replace('""', '"') if '""' in q else q
            junk = m.group("junk")
            if junk.strip():
                issues.append(_text_after_quote(junk, *lines.position(m.start("junk"))))
                value += junk
            end = m.group("end")
            quoted.append(True)
        else:
            value = m.group("u")
            end = m.group("end2")
            if value.lstrip(" \t").startswith('"'):
                # The quoted branch failed: this quote never closes.
                k = pos + value.index('"')
                issues.append(_unclosed_quote(*lines.position(k)))
                offsets.append(k)
                cells.append(text[k + 1 :].replace('""', '"'))
                quoted.append(True)
                return cells, offsets, quoted, n
            offsets.append(pos)
            quoted.append(False)
        cells.append(value)
        pos = m.end()
        if end != delimiter:
            return cells, offsets, quoted, pos
        if pos >= n:
            # A delimiter right before the end of the file opens one empty cell.
            offsets.append(pos)
            cells.append("")
            quoted.append(False)
            return cells, offsets, quoted, pos


def _text_after_quote(junk: str, line: int, column: int) -> Issue:
    return Issue(
        "text-after-quote",
        f"text {junk.strip()[:30]!r} follows the closing quote of a cell",
        line,
        column,
    )


def _unclosed_quote(line: int, column: int) -> Issue:
    return Issue(
        "unclosed-quote",
        f"the quote that opens a cell at line {line}, column {column} is never closed, "
        "so the rest of the file was read as that one cell",
        line,
        column,
    )


@dataclass
class Row:
    """A data row of a table: cells aligned to the header (missing cells are '')."""

    index: int
    line: int
    end_line: int
    values: list[str]
    # Cells past the last header column, as they were.
    overflow: list[str]
    offsets: list[int]

    @property
    def row(self) -> int:
        """The record number counting the header as row 1."""
        return self.index + 2


@dataclass
class Table:
    """A CSV table: header, data rows, skipped comment rows, and the issues met."""

    header: list[str]
    header_line: int | None
    rows: list[Row]
    comments: list[tuple[int, str]] = field(default_factory=list)
    # Records above the header when a header predicate was used (titles, notes).
    preamble: list[RawRecord] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    # Offsets -> (line, column), for locations.
    index: LineIndex | None = field(default=None, repr=False)

    def column(self, name: str) -> int | None:
        """The position of the first column whose header is ``name`` (exact, then normalised)."""
        if name in self.header:
            return self.header.index(name)
        want = normalise_header(name)
        for i, h in enumerate(self.header):
            if normalise_header(h) == want:
                return i
        return None

    def location(self, path: str | None, pointer: str) -> Location:
        """The Location of ``/<index>[/<column>]``: line and column of the cell."""
        from datasetkit.core.jsonloc import split_pointer

        tokens = split_pointer(pointer)
        if not tokens or not tokens[0].isdigit():
            return Location(path=path, pointer=pointer)
        idx = int(tokens[0])
        if idx >= len(self.rows):
            return Location(path=path, pointer=pointer)
        row = self.rows[idx]
        col = self.column(tokens[1]) if len(tokens) > 1 else None
        if col is not None and col < len(row.offsets) and self.index is not None:
            line, column = self.index.position(row.offsets[col])
            return Location(
                path=path,
                line=line,
                column=column,
                pointer=pointer,
                row=row.row,
                field=self.header[col],
            )
        return Location(
            path=path,
            line=row.line,
            pointer=pointer,
            row=row.row,
            field=tokens[1] if len(tokens) > 1 else None,
        )


def is_comment(cells: list[str], prefix: str) -> bool:
    """True when the record's first cell starts with ``prefix`` (after spaces)."""
    return bool(cells) and cells[0].lstrip().startswith(prefix)


def _blank(cells: list[str]) -> bool:
    return not "".join(cells).strip()


def read_table(
    text: str,
    *,
    delimiter: str = ",",
    comment_prefix: str | None = "#",
    is_header: Callable[[list[str]], bool] | None = None,
    header_scan: int = 20,
) -> Table:
    """Parse ``text`` into a :class:`Table`.

    The header is the first record that is not blank and not a comment, or, with
    ``is_header``, the first of the first ``header_scan`` records it accepts (records
    above it go to ``preamble``; none accepted gives a ``no-header`` issue and an empty
    table). Records whose first cell starts with ``comment_prefix`` are skipped as
    comments; below the header that gets a ``comment-after-header`` issue, since a
    question may start with ``#`` too. Rows with only empty cells are skipped.
    """
    issues: list[Issue] = []
    index = LineIndex(text)
    header: list[str] | None = None
    header_line: int | None = None
    rows: list[Row] = []
    comments: list[tuple[int, str]] = []
    preamble: list[RawRecord] = []
    scanned = 0
    for rec in iter_records(text, delimiter, issues, index):
        if comment_prefix and is_comment(rec.cells, comment_prefix):
            comments.append((rec.line, delimiter.join(rec.cells).rstrip(delimiter)))
            if header is not None:
                # Below the header a question may start with the prefix too: say so.
                issues.append(_comment_after_header(rec, comment_prefix))
            continue
        if _blank(rec.cells):
            continue
        if header is None:
            if is_header is not None and not is_header(rec.cells):
                scanned += 1
                preamble.append(rec)
                if scanned >= header_scan:
                    break
                continue
            header, header_line = _clean_header(rec, issues)
            continue
        rows.append(_row(rec, len(header), len(rows), index, issues))
    if header is None:
        issues.append(Issue("no-header", "no header row was found", 1, 1))
        return Table([], None, [], comments, preamble, issues, index)
    return Table(header, header_line, rows, comments, preamble, issues, index)


def _row(rec: RawRecord, width: int, number: int, index: LineIndex, issues: list[Issue]) -> Row:
    """A data record as a row of ``width`` cells; missing and extra cells are reported."""
    values = rec.cells[:width]
    overflow = rec.cells[width:]
    if len(values) < width:
        issues.append(
            Issue(
                "missing-cells",
                f"line {rec.line} has {len(rec.cells)} cells, the header {width}",
                rec.line,
                None,
                number,
                {"cells": len(rec.cells), "columns": width},
            )
        )
        values = values + [""] * (width - len(values))
    if any(c.strip() for c in overflow):
        first = index.position(rec.offsets[width])
        issues.append(
            Issue(
                "extra-cells",
                f"line {rec.line} has {len(rec.cells)} cells but the header has {width} "
                "(an unquoted comma?)",
                first[0],
                first[1],
                number,
                {"cells": len(rec.cells), "columns": width},
            )
        )
    else:
        overflow = []
    return Row(number, rec.line, rec.end_line, values, overflow, rec.offsets)


def _comment_after_header(rec: RawRecord, comment_prefix: str) -> Issue:
    return Issue(
        "comment-after-header",
        f"line {rec.line} starts with {comment_prefix!r}, so it was skipped as a comment",
        rec.line,
        1,
        data={"text": rec.cells[0]},
    )


def _clean_header(rec: RawRecord, issues: list[Issue]) -> tuple[list[str], int]:
    """The header cells as written; trailing empty cells dropped, duplicates reported."""
    cells = list(rec.cells)
    while len(cells) > 1 and not cells[-1].strip():
        cells.pop()
    seen: dict[str, int] = {}
    for i, name in enumerate(cells):
        key = normalise_header(name)
        line, col = rec.index.position(rec.offsets[i])
        if not key:
            issues.append(
                Issue(
                    "empty-header",
                    f"column {i + 1} has no header",
                    line,
                    col,
                    data={"column": i + 1},
                )
            )
            continue
        if key in seen:
            issues.append(
                Issue(
                    "duplicate-header",
                    f"header {name.strip()!r} appears twice (columns {seen[key] + 1} and {i + 1})",
                    line,
                    col,
                    data={"column": i + 1, "first": seen[key] + 1},
                )
            )
        else:
            seen[key] = i
    return cells, rec.line


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while many small objects are built.

    Reading a big table creates millions of acyclic objects (cells, rows, models); the
    collector would scan them again and again and find nothing, which costs more than
    half the reading time. Reference counting still frees everything; the collector is
    switched back on (if it was on) when the block ends.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def quote_cell(value: str, delimiter: str = ",", always: bool = False) -> str:
    """One cell for writing: quoted when ``always`` (empty cells stay empty, as in
    Copilot Studio's templates) or when it holds the delimiter, a quote or a line break."""
    if always and value != "":
        return '"' + value.replace('"', '""') + '"'
    # Four substring tests, not a generator: this runs for every cell of a written file.
    if delimiter in value or '"' in value or "\r" in value or "\n" in value:
        return '"' + value.replace('"', '""') + '"'
    return value


def format_record(cells: list[str], delimiter: str = ",", always: bool = False) -> str:
    """One record's text, without the line break."""
    if always:
        return delimiter.join([quote_cell(c, delimiter, always) for c in cells])
    # quote_cell's rule inline: this runs for every record of a written file.
    return delimiter.join(
        [
            '"' + c.replace('"', '""') + '"'
            if delimiter in c or '"' in c or "\r" in c or "\n" in c
            else c
            for c in cells
        ]
    )


def sniff_delimiter(text: str, candidates: str = ",;\t") -> str:
    """The delimiter of a table: the candidate that splits its first non-empty line most
    (outside quotes); ``,`` on a tie or when none occurs."""
    for line in _LINE_BREAK.split(text[:65536]):
        if not line.strip():
            continue
        outside = re.sub(r'"[^"]*"', "", line)
        counts = {d: outside.count(d) for d in candidates}
        best = max(counts, key=lambda d: (counts[d], d == ","))
        return best if counts[best] else ","
    return ","


_SUSPECT = re.compile("[ÃÂâ]")


def repair_mojibake(text: str) -> str | None:
    """The text as meant when it is UTF-8 that was once decoded as Windows-1252/Latin-1
    (``theyâ€™ll`` -> ``they’ll``); None when it does not look like that."""
    if _SUSPECT.search(text) is None:
        return None
    for codec in ("cp1252", "latin-1"):
        try:
            fixed = text.encode(codec).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        if fixed != text:
            # Repeat: some files went through the round trip twice.
            again = repair_mojibake(fixed)
            return again or fixed
    # Mixed text: repair each run of suspicious characters on its own.
    out: list[str] = []
    changed = False
    for part in re.split(
        r"([\u00c0-\u00ff\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u203a\u20ac\u2122]+)",
        text,
    ):
        fixed_part = None
        if part and any(ch in part for ch in "ÃÂâ"):
            for codec in ("cp1252", "latin-1"):
                try:
                    fixed_part = part.encode(codec).decode("utf-8")
                    break
                except (UnicodeEncodeError, UnicodeDecodeError):
                    continue
        if fixed_part is not None and fixed_part != part:
            out.append(fixed_part)
            changed = True
        else:
            out.append(part)
    return "".join(out) if changed else None
