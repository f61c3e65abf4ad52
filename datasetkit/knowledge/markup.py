"""HTML blocks inside a Markdown file, read as the site that renders it shows them.

Markdown lets a page drop into HTML: a heading (``<h1>``), a table with merged cells
(``rowspan``, ``colspan``), a ``<div>`` around a title. A block is read into parts in
order: headings with their level, tables (each a header and its records, the header
decided by the shared header model, so a label over several columns names each of
them) and the text between them as paragraphs. Template directives (``{% ... %}``)
are no text; one that includes a piece of the page with a ``title`` renders a
heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from datasetkit.knowledge.build import unique_headers
from datasetkit.knowledge.tableheader import HeaderCell, is_group_row, names, realign

# The opening of an HTML block that holds content (CommonMark's block tags, in part).
BLOCK_START = re.compile(
    r"^\s{0,3}<(?:h[1-6]|table|div|p|section|center|article|header|dl|blockquote)(?:[\s>/]|$)",
    re.IGNORECASE,
)
# A template directive alone on its line (Liquid, Jinja): page logic, not text.
DIRECTIVE = re.compile(r"^\s*\{%-?.*-?%\}\s*$")
_INCLUDE_TITLE = re.compile(
    r"^\s*\{%-?\s*include\s+(?P<name>\S+)\s[^%]*?\btitle\s*=\s*(?P<q>['\"])(?P<title>.*?)(?P=q)"
)
_MAX_HEADER_ROWS = 3


def included_title(line: str) -> tuple[str, str] | None:
    """``(include name, title)`` of a directive that includes a titled piece."""
    m = _INCLUDE_TITLE.match(line)
    if m is None or not m.group("title").strip():
        return None
    return m.group("name"), " ".join(m.group("title").split())


@dataclass
class Part:
    """A heading (``level`` set), a paragraph, or a table (``header`` and ``records``)."""

    kind: str
    text: str = ""
    level: int = 0
    header: list[str] = field(default_factory=list)
    records: list[dict[str, str]] = field(default_factory=list)


@dataclass
class _Cell:
    text: str
    colspan: int
    rowspan: int


class _Reader(HTMLParser):
    """Collects headings, table rows and loose text, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[Part] = []
        self.text: list[str] = []
        self.heading: int = 0
        self.tables: list[list[list[_Cell]]] = []
        self.cell: _Cell | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if re.fullmatch(r"h[1-6]", tag):
            self._flush()
            self.heading = int(tag[1])
        elif tag == "table":
            self._flush()
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.tables and self.tables[-1]:
            span = dict(attrs)
            self.cell = _Cell("", _int(span.get("colspan")), _int(span.get("rowspan")))
            self.tables[-1][-1].append(self.cell)
        elif tag == "br":
            self.handle_data(" ")
        elif tag in ("p", "div", "li", "dt", "dd") and self.cell is None and not self.heading:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if re.fullmatch(r"h[1-6]", tag) and self.heading:
            text = " ".join("".join(self.text).split())
            if text:
                self.parts.append(Part("heading", text, level=self.heading))
            self.text.clear()
            self.heading = 0
        elif tag in ("td", "th"):
            self.cell = None
        elif tag == "table" and self.tables:
            self.parts.append(table_part(self.tables.pop()))
        elif tag in ("p", "div", "li", "dt", "dd") and self.cell is None and not self.heading:
            self._flush()

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.text += data
        elif not self.tables:
            self.text.append(data)

    def _flush(self) -> None:
        text = " ".join("".join(self.text).split())
        if text:
            self.parts.append(Part("paragraph", text))
        self.text.clear()

    def close(self) -> None:
        super().close()
        self._flush()


def _int(value: str | None) -> int:
    try:
        return max(1, min(100, int(value or 1)))
    except ValueError:
        return 1


def read_block(html: str) -> list[Part]:
    """The headings, tables and paragraphs of an HTML block, in order."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.parts


def _grid(rows: list[list[_Cell]]) -> list[list[HeaderCell]]:
    """Cells placed in the table's columns: a cell spanning rows stands in each row it
    covers (so every record has its value), one spanning columns once, at its first."""
    out: list[list[HeaderCell]] = []
    below: dict[int, tuple[HeaderCell, int]] = {}  # column -> (cell, rows still to cover)
    for row in rows:
        placed: list[HeaderCell] = []
        col = 0
        cells = iter(row)
        while True:
            if col in below:
                cell, left = below.pop(col)
                placed.append(cell)
                if left > 1:
                    below[col] = (cell, left - 1)
                col += cell.span
                continue
            nxt = next(cells, None)
            if nxt is None:
                break
            cell = HeaderCell(col, nxt.colspan, " ".join(nxt.text.split()))
            placed.append(cell)
            if nxt.rowspan > 1:
                below[col] = (cell, nxt.rowspan - 1)
            col += nxt.colspan
        while below and min(below) >= col:  # cells spanning down past the row's end
            c = min(below)
            cell, left = below.pop(c)
            placed.append(cell)
            if left > 1:
                below[c] = (cell, left - 1)
        out.append(placed)
    return out


def table_part(rows: list[list[_Cell]]) -> Part:
    """A table: its header (one name per column) and its records."""
    grid = [r for r in _grid(rows) if r]
    if not grid:
        return Part("table")
    ncols = max(c.col + c.span for row in grid for c in row)
    header = [grid[0]]
    while len(header) < min(_MAX_HEADER_ROWS, len(grid) - 1):
        below = realign(header[-1], grid[len(header)])
        if not is_group_row(header[-1], below):
            break
        header.append(below)
    labels = names(header, ncols)
    keys = unique_headers([label or f"Column {c + 1}" for c, label in enumerate(labels)])
    records = []
    for row in grid[len(header) :]:
        record = dict.fromkeys(keys, "")
        for cell in row:
            if cell.col < ncols:
                record[keys[cell.col]] = cell.text
        if any(record.values()):
            records.append(record)
    return Part("table", header=keys, records=records)
