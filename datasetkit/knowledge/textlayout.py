"""Plain text read by its layout: pages, running lines, a contents list, headings, lists.

A plain-text document says what its structure is only by where it puts its lines:
form feeds end pages, the same line at the top or foot of several pages is a running
header or footer, lines ending in dot leaders and a page number are a table of contents,
a standalone line set left of an indented body (or a numbered one) is a heading whose
section number gives its depth, a line centred over the body before the first heading
is the title, and lines indented under a list marker belong to that item. A table drawn
with pipes and dashes gives its rows as records. A paragraph
cut by a page break is joined again. Text set flush left shows its headings by the lines
around them (:mod:`datasetkit.knowledge.textheadings`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from datasetkit.knowledge.build import record_text, unique_headers
from datasetkit.knowledge.numbering import section_number, without_number
from datasetkit.knowledge.pipetable import pipe_tables
from datasetkit.knowledge.textheadings import ITEM_MARKER as _MARKER
from datasetkit.knowledge.textheadings import flush_headings, split_line_paragraphs

# A contents entry: text, dot leaders (or spaced dots), a page number.
_TOC_ENTRY = re.compile(r"^\s*\S.*?(?:\.{4,}|(?:\s?\.){4,}|…{2,})\s*\d{1,4}\s*$")
# How many lines at each end of a page may be a running header or footer.
_EDGE = 2
_TITLE_MAX = 100
# Three spaces or more between words: the gap between columns of a table set in text.
_COLUMN_GAP = re.compile(r"\S {3,}\S")


@dataclass
class Line:
    """One source line: its number, indentation and text."""

    no: int
    indent: int
    text: str
    page: int = 0
    drop: str = ""  # why it is no text: "running" or "toc"
    spaced: bool = False  # words set apart by runs of spaces: a row of columns


@dataclass
class Piece:
    """What the layout makes of a group of lines."""

    kind: str  # heading, paragraph, list_item
    text: str
    line: int
    level: int | None = None
    marker: str | None = None
    record: dict[str, str] | None = None  # a table row: its cells by column name
    row: int | None = None  # a table row: its number in the table, the header's being 1


def read_layout(text: str) -> list[Piece]:
    """The pieces of a plain-text document in reading order."""
    lines = _lines(text)
    _mark_running(lines)
    _mark_contents(lines)
    kept = _join_pages([ln for ln in lines if not ln.drop])
    body = _body_indent(kept)
    width = max((ln.indent + len(ln.text) for ln in kept if ln.text), default=0)
    groups = _groups(kept)
    if body == 0:
        groups = split_line_paragraphs(groups)
    return _pieces(groups, body, width)


def _lines(text: str) -> list[Line]:
    out: list[Line] = []
    page = 0
    for no, raw in enumerate(text.split("\n"), start=1):
        if "\f" in raw:
            page += raw.count("\f")
            raw = raw.replace("\f", "")
        raw = raw.expandtabs(8).rstrip()
        stripped = raw.lstrip()
        text = " ".join(stripped.split())
        spaced = bool(_COLUMN_GAP.search(stripped))
        out.append(Line(no, len(raw) - len(stripped), text, page, spaced=spaced))
    return out


def _edge_key(line: Line) -> str:
    return re.sub(r"\d+", "#", line.text.lower())


def _mark_running(lines: list[Line]) -> None:
    """Drop lines that stand at the top or foot of several pages (digits aside)."""
    pages: dict[int, list[Line]] = {}
    for ln in lines:
        if ln.text:
            pages.setdefault(ln.page, []).append(ln)
    if len(pages) < 2:
        return
    edges = {p: {id(x) for x in ls[:_EDGE] + ls[-_EDGE:]} for p, ls in pages.items()}
    seen: Counter[str] = Counter()
    for p, ls in pages.items():
        seen.update({_edge_key(x) for x in ls if id(x) in edges[p]})
    need = 2 if len(pages) < 4 else max(3, len(pages) // 3)
    for p, ls in pages.items():
        for x in ls:
            if id(x) in edges[p] and seen[_edge_key(x)] >= need:
                x.drop = "running"


def _mark_contents(lines: list[Line]) -> None:
    """Drop a table of contents: runs of dot-leader entries and the title line above."""
    entries = [i for i, ln in enumerate(lines) if not ln.drop and _TOC_ENTRY.match(ln.text)]
    if len(entries) < 3:
        return
    for i in entries:
        lines[i].drop = "toc"
    first = entries[0]
    above = [ln for ln in lines[max(0, first - 4) : first] if ln.text and not ln.drop]
    if above and len(above[-1].text) <= 40 and not _TOC_ENTRY.match(above[-1].text):
        above[-1].drop = "toc"


def _join_pages(lines: list[Line]) -> list[Line]:
    """Blank lines around a page break go when the text runs on across it."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln.text or not out:
            out.append(ln)
            i += 1
            continue
        j = i
        while j < len(lines) and not lines[j].text:
            j += 1
        if j < len(lines) and lines[j].page != out[-1].page and _runs_on(out[-1], lines[j]):
            i = j
            continue
        out.extend(lines[i:j])
        i = j
    return out


def _runs_on(before: Line, after: Line) -> bool:
    """Whether the first line of a page continues the last line of the one before."""
    if (
        not before.text
        or after.indent != before.indent
        or _MARKER.match(" " * after.indent + after.text)
    ):
        return False
    return not re.search(r"[.!?:]['\")\]]?$", before.text) or after.text[:1].islower()


def _body_indent(lines: list[Line]) -> int:
    """The indentation most text lines share."""
    counts = Counter(ln.indent for ln in lines if ln.text and len(ln.text) > 30)
    return counts.most_common(1)[0][0] if counts else 0


def _groups(lines: list[Line]) -> list[list[Line]]:
    """Runs of non-blank lines (a blank line ends one)."""
    out: list[list[Line]] = []
    current: list[Line] = []
    for ln in lines:
        if ln.text:
            current.append(ln)
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def _pieces(groups: list[list[Line]], body: int, width: int) -> list[Piece]:
    out: list[Piece] = []
    seen_heading = False
    item_column: int | None = None
    # Text with no indented body shows its headings only by the lines around them.
    flush = flush_headings(groups) if body == 0 else {}
    for k, group in enumerate(groups):
        head = group[0]
        if k in flush:
            out.append(Piece("heading", head.text, head.no, level=flush[k]))
            item_column = None
            continue
        if len(group) == 1 and body > 0:
            level = _heading_level(head, body, width, seen_heading)
            if level is not None:
                seen_heading = seen_heading or level > 0
                out.append(Piece("heading", head.text, head.no, level=level))
                item_column = None
                continue
        if item_column is not None and head.indent >= item_column and out:
            # A paragraph indented under a list item's text is part of that item.
            out[-1].text += " " + " ".join(ln.text for ln in group)
            continue
        item_column = None
        for part in _drawn_tables(group):
            if isinstance(part, list):
                out.extend(part)
                continue
            for piece, column in _split_items(part.lines):
                out.append(piece)
                item_column = column
    return out


@dataclass
class _Text:
    lines: list[Line]


def _drawn_tables(group: list[Line]) -> list[_Text | list[Piece]]:
    """A group cut into its text and the tables drawn in it with characters (pipes
    between cells, dashes between rows: :mod:`datasetkit.knowledge.pipetable`), each
    table as its rows, then its notes."""
    out: list[_Text | list[Piece]] = []
    at = 0
    for table in pipe_tables([ln.text for ln in group]):
        if table.start > at:
            out.append(_Text(group[at : table.start]))
        rows = table.rows if table.header else table.rows[1:]
        names = unique_headers(table.header or table.rows[0])
        pieces = []
        for n, cells in enumerate(rows, start=2):
            record = dict(zip(names, cells, strict=False))
            line = group[table.start].no
            pieces.append(Piece("table_row", record_text(record), line, record=record, row=n))
        pieces.extend(Piece("paragraph", note, group[table.start].no) for note in table.notes)
        out.append(pieces)
        at = table.end
    if at < len(group):
        out.append(_Text(group[at:]))
    return out


def _heading_level(line: Line, body: int, width: int, seen_heading: bool) -> int | None:
    """The level of a standalone line of text with an indented body that reads as a
    heading (set left of the body, or a centred title), or None."""
    text = line.text
    if len(text) > _TITLE_MAX or text.endswith((",", ";")) or _MARKER.match(text):
        number = section_number(text)
        if number is None or number.kind == "item":
            return None
    number = section_number(text)
    numbered = number is not None and number.kind in ("decimal", "letter", "roman", "division")
    if numbered and not without_number(text)[:1].isalpha():
        numbered = False
    if line.indent < body:
        return number.depth if numbered and number is not None else 1
    if not seen_heading and line.indent > body and width:
        centre = line.indent + len(text) / 2
        if abs(centre - width / 2) <= max(4, width / 12):
            return 0
    return None


def _split_items(group: list[Line]) -> list[tuple[Piece, int | None]]:
    """A group as list items (each with its hanging lines) and paragraphs."""
    out: list[tuple[Piece, int | None]] = []
    para: list[Line] = []
    column: int | None = None  # where the open item's text starts
    indent = 0  # where its marker stands

    def flush() -> None:
        if para:
            out.append((Piece("paragraph", " ".join(ln.text for ln in para), para[0].no), None))
            para.clear()

    for ln in group:
        m = _MARKER.match(" " * ln.indent + ln.text)
        if m:
            flush()
            column, indent = len(m.group(0)), ln.indent
            text = ln.text[len(m.group(0)) - ln.indent :]
            out.append((Piece("list_item", text, ln.no, marker=m.group(2)), column))
            continue
        if column is not None and ln.indent > indent:
            out[-1][0].text += " " + ln.text
            continue
        column = None
        para.append(ln)
    flush()
    return out
