"""A small RFC 4180 tokenizer that remembers where each record and cell is in the text.

The csv module gives values but not offsets. Lint needs raw facts (header names as
written, cells a spreadsheet would run as formulas) and ``--fix`` edits cells in place
without re-quoting the rest of the file, so both use these spans.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class CsvCell:
    """One cell: its value, its span in the text (quotes included) and whether it was quoted."""

    value: str
    start: int
    end: int
    quoted: bool


@dataclass
class CsvRecord:
    """One record: its cells, its span (without the line break), and its first line number."""

    cells: list[CsvCell] = field(default_factory=list)
    start: int = 0
    end: int = 0
    # Offset just past the record's line break (== end at the end of the text).
    next_start: int = 0
    line: int = 1

    @property
    def values(self) -> list[str]:
        """The cell values."""
        return [c.value for c in self.cells]

    @property
    def blank(self) -> bool:
        """A record with nothing in it (an empty line)."""
        return self.start == self.end

    @property
    def comment(self) -> bool:
        """A template comment row: its first cell starts with ``#``."""
        return bool(self.cells) and self.cells[0].value.lstrip().startswith("#")


def _line_break(text: str, i: int) -> int:
    """Length of the line break at ``i`` (``\\r\\r\\n`` counts as one, as Excel copies make it)."""
    if text.startswith("\r\r\n", i):
        return 3
    if text.startswith("\r\n", i):
        return 2
    if i < len(text) and text[i] in "\r\n":
        return 1
    return 0


def parse(text: str, delimiter: str = ",") -> list[CsvRecord]:
    """Every record of ``text`` with cell spans; a leading BOM character is skipped."""
    records: list[CsvRecord] = []
    i = 1 if text.startswith("\ufeff") else 0
    n = len(text)
    line = 1
    while i < n:
        rec = CsvRecord(start=i, line=line)
        while True:
            # One cell.
            if i < n and text[i] == '"':
                start = i
                i += 1
                buf: list[str] = []
                while i < n:
                    ch = text[i]
                    if ch == '"':
                        if i + 1 < n and text[i + 1] == '"':
                            buf.append('"')
                            i += 2
                            continue
                        i += 1
                        break
                    if ch == "\n":
                        line += 1
                    buf.append(ch)
                    i += 1
                # Text after the closing quote (malformed) belongs to the same cell.
                while i < n and text[i] != delimiter and not _line_break(text, i):
                    buf.append(text[i])
                    i += 1
                rec.cells.append(CsvCell("".join(buf), start, i, True))
            else:
                start = i
                while i < n and text[i] != delimiter and not _line_break(text, i):
                    i += 1
                rec.cells.append(CsvCell(text[start:i], start, i, False))
            if i < n and text[i] == delimiter:
                i += 1
                continue
            break
        rec.end = i
        brk = _line_break(text, i)
        i += brk
        if brk:
            line += 1
        rec.next_start = i
        records.append(rec)
    return records


def quote(value: str, always: bool = False, delimiter: str = ",") -> str:
    """A cell as CSV text: quoted when ``always`` or when the value needs it."""
    if always or any(ch in value for ch in (delimiter, '"', "\n", "\r")) or value != value.strip():
        return '"' + value.replace('"', '""') + '"'
    return value
