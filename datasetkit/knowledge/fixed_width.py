"""Tables set in fixed-width text: columns aligned by spaces, the header ruled off.

Statistical programs, database shells and command-line tools print their tables as
text in a fixed-width face: a header line (sometimes two, the upper one naming groups
of columns), a rule of dashes or equals signs, and one line per row, every column
starting at the same character position. A person reads them as tables; read as text
they are lines of numbers. A table is read only when it is clear: a rule right under
a header of at least two column names, rows right under the rule, and columns that
stay apart down every row, each under one name of the header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.knowledge.build import unique_headers

# A rule under a header: dashes, equals signs or box-drawing lines (spaces and plus
# signs where columns meet), at least this long.
_RULE = re.compile(r"^\s*[-=_─━═+ ]*[-=_─━═]{3}[-=_─━═+ ]*$")
_MIN_RULE = 8
# Phrases on a line: text separated by two or more spaces.
_PHRASE = re.compile(r"\S+(?: \S+)*")
_MIN_GAP = 2
_MAX_HEADER_LINES = 3
_MAX_COLUMNS = 30
_MANY_ROWS = 4


@dataclass
class _Column:
    """Where a column's cells stand (start, end) and its name with them (left, right)."""

    start: int
    end: int
    left: int
    right: int
    name: str


@dataclass
class TextTable:
    """A table found in fixed-width lines: where it starts and ends, its header names
    (one per column) and its rows (one cell per column)."""

    start: int
    end: int  # one past the last line it takes
    header: list[str]
    rows: list[list[str]]


def is_rule(line: str) -> bool:
    """Whether a line is a rule of dashes, equals signs or box-drawing lines."""
    return len(line.strip()) >= _MIN_RULE and bool(_RULE.match(line)) and "|" not in line


def _phrases(line: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in _PHRASE.finditer(line)]


def _spans(lines: list[str], least: int) -> list[tuple[int, int]]:
    """Character spans that hold text on some line, split where every line has a gap
    of at least ``least`` spaces."""
    width = max(len(line) for line in lines)
    used = [False] * width
    for line in lines:
        for i, ch in enumerate(line):
            if not ch.isspace():
                used[i] = True
    spans: list[tuple[int, int]] = []
    start: int | None = None
    gap = 0
    for i, on in enumerate([*used, *[False] * least]):
        if on:
            if start is None:
                start = i
            gap = 0
        elif start is not None:
            gap += 1
            if gap == least:
                spans.append((start, i - gap + 1))
                start = None
    return spans


def _columns(rows: list[str], bottom: str) -> list[_Column] | None:
    """The columns of the rows, each named by one phrase of the header line above them,
    or None when the two do not match. Down many rows, one space that every row leaves
    blank is a boundary (a word of a cell fills it on some row); down a few, two are."""
    spans = _spans(rows, 1 if len(rows) >= _MANY_ROWS else _MIN_GAP)
    named: list[_Column] = []
    for a, b, name in _phrases(bottom):
        hit = [n for n, (c0, c1) in enumerate(spans) if a < c1 and b > c0]
        if not hit or (named and spans[hit[0]][0] < named[-1].end):
            return None  # a name over no column, or over one another name has
        # A name over several spans: one column whose cells the rows happen to split.
        start, end = spans[hit[0]][0], spans[hit[-1]][1]
        named.append(_Column(start, end, min(a, start), max(b, end), name))
    if sum(c.end - c.start for c in named) < sum(b - a for a, b in spans):
        return None  # a column no name stands over
    return named


def _cells(line: str, spans: list[tuple[int, int]]) -> list[str]:
    return [line[a:b].strip() if a < len(line) else "" for a, b in spans]


def _header_names(upper: list[str], columns: list[_Column]) -> list[str]:
    """One name per column: its name in the header line over the rows, after the
    phrases of the lines above that stand over it (a group name over several columns
    names each)."""
    names: list[list[str]] = [[] for _ in columns]
    for line in upper:
        for a, b, text in _phrases(line):
            text = text.strip("-=_─━═ ")
            for n, col in enumerate(columns):
                if text and a < col.right and b > col.left:
                    names[n].append(text)
    return [" ".join([*parts, col.name]) for parts, col in zip(names, columns, strict=True)]


def _block_edges(lines: list[str], at: int) -> tuple[list[int], list[int]]:
    """The header lines just above the rule at ``at`` (nearest last) and the row lines
    just below it, each run ending at a blank line, another rule or the block's edge."""
    above: list[int] = []
    i = at - 1
    while i >= 0 and lines[i].strip() and not is_rule(lines[i]) and len(above) < _MAX_HEADER_LINES:
        above.insert(0, i)
        i -= 1
    below: list[int] = []
    i = at + 1
    while i < len(lines) and lines[i].strip() and not is_rule(lines[i]):
        below.append(i)
        i += 1
    return above, below


def _table_at(lines: list[str], at: int) -> TextTable | None:
    above, below = _block_edges(lines, at)
    if not above or not below:
        return None
    bottom = lines[above[-1]]
    if len(_phrases(bottom)) < 2:
        return None
    # Upper header lines name groups of columns: each holds two phrases or more (a
    # line of one phrase is the table's title, left as text).
    upper: list[int] = []
    for i in reversed(above[:-1]):
        if len(_phrases(lines[i])) < 2:
            break
        upper.insert(0, i)
    columns = _columns([lines[i] for i in below], bottom)
    if columns is None or not 2 <= len(columns) <= _MAX_COLUMNS:
        return None
    header = _header_names([lines[i] for i in upper], columns)
    rows = [_cells(lines[i], [(c.start, c.end) for c in columns]) for i in below]
    if any(sum(1 for c in row if c) < 2 for row in rows):
        return None
    end = below[-1] + 1
    if end < len(lines) and is_rule(lines[end]):
        end += 1  # the rule that closes the table
    start = upper[0] if upper else above[-1]
    if start > 0 and is_rule(lines[start - 1]):
        start -= 1  # a rule over the header as well
    return TextTable(start, end, unique_headers(header), rows)


def text_tables(lines: list[str]) -> list[TextTable]:
    """The clear tables among fixed-width lines (tabs already expanded), in order."""
    out: list[TextTable] = []
    at = 0
    while at < len(lines):
        table = _table_at(lines, at) if is_rule(lines[at]) else None
        if table is not None and (not out or table.start >= out[-1].end):
            out.append(table)
            at = table.end
        else:
            at += 1
    return out
