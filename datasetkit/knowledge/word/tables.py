"""A Word table's rows read as a person reads them: title, header, records.

The rows come from the reader with each cell placed in the table grid (merged cells
spread, a vertically merged cell repeating the text above it). The shared header model
(:mod:`datasetkit.knowledge.tableheader`) decides which leading rows are the table's
title, how many rows its header takes (a group label merged over the columns it names),
one name per column, and whether a unit row under the header joins it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from datasetkit.knowledge.build import unique_headers
from datasetkit.knowledge.tableheader import (
    HeaderCell,
    fold_units,
    header_rows,
    is_number,
    is_title_row,
    leading_star,
    names,
    split_note,
)
from datasetkit.knowledge.word.blocks import GridCell

_MAX_HEADER_ROWS = 3


@dataclass
class WordRow:
    """One table row: its cells in the grid with their text, and what it holds besides."""

    number: int
    cells: list[tuple[GridCell, str]]
    nested: list[Any] = field(default_factory=list)
    anchors: list[tuple[str, Any]] = field(default_factory=list)
    has_text: bool = False
    # Each cell's lines (paragraphs and line breaks, blank ones kept), by grid column.
    lines: dict[int, list[str]] = field(default_factory=dict)


_MIN_LINES = 3


def split_lines(rows: list[WordRow]) -> list[WordRow]:
    """Rows whose cells hold one line per item ("Gross Income" over "PRSI" beside
    "17,542" over "437") read as a row per line, as a person reads them: every cell
    with text has the same number of lines, three or more, and a column of figures."""
    out: list[WordRow] = []
    for row in rows:
        own = {c.col: _trimmed(row.lines.get(c.col, [])) for c, t in row.cells if t}
        own = {c: lines for c, lines in own.items() if not _continued(row, c)}
        counts = {len(lines) for lines in own.values()}
        figures = any(
            sum(is_number(x) for x in lines if x) * 2 > len(lines) for lines in own.values()
        )
        if len(own) < 2 or len(counts) != 1 or counts.pop() < _MIN_LINES or not figures:
            out.append(row)
            continue
        n = len(next(iter(own.values())))
        for k in range(n):
            cells = [(c, own[c.col][k] if c.col in own else t) for c, t in row.cells]
            part = WordRow(row.number, cells, has_text=any(t for _, t in cells))
            if k == 0:
                part.nested, part.anchors = row.nested, row.anchors
            out.append(part)
    return out


def _trimmed(lines: list[str]) -> list[str]:
    end = len(lines)
    while end and not lines[end - 1]:
        end -= 1
    return lines[:end]


def _continued(row: WordRow, col: int) -> bool:
    return any(c.continued for c, _ in row.cells if c.col == col)


@dataclass
class Layout:
    """Where a table's title, header and records are."""

    titles: list[WordRow]
    header: list[WordRow]
    # Rows across the whole table after its records: a source or a note.
    notes: list[WordRow]
    # Record key per grid column.
    keys: dict[int, str]


def _grid(row: WordRow) -> list[HeaderCell]:
    return [HeaderCell(cell.col, cell.span, text) for cell, text in row.cells]


def layout(rows: list[WordRow]) -> Layout:
    """Split the rows that hold text into title rows, header rows and records."""
    ncols = max((c.col + c.span for r in rows for c, _ in r.cells), default=0)
    titles: list[WordRow] = []
    while len(rows) - len(titles) > 2 and is_title_row(_grid(rows[len(titles)]), ncols):
        titles.append(rows[len(titles)])
    notes: list[WordRow] = []
    while len(rows) - len(titles) - len(notes) > 2 and is_title_row(
        _grid(rows[-1 - len(notes)]), ncols
    ):
        notes.insert(0, rows[-1 - len(notes)])
    start = len(titles)
    top = [_grid(r) for r in rows[start : start + _MAX_HEADER_ROWS + 1]]
    grids = header_rows(top[: len(rows) - start], _MAX_HEADER_ROWS)
    depth = len(grids)
    header = rows[start : start + depth]
    labels = names(grids, ncols)
    if start + depth < len(rows) - 1:
        under = rows[start + depth]
        folded = fold_units(labels, [text for text in _spread(under, ncols)])
        if folded is not None:
            labels = folded
            header = [*header, under]
    return Layout(titles, header, notes, _keys(labels, ncols))


def _spread(row: WordRow, ncols: int) -> list[str]:
    out = [""] * ncols
    for cell, text in row.cells:
        if cell.col < ncols:
            out[cell.col] = text
    return out


def _keys(labels: list[str], ncols: int) -> dict[int, str]:
    """Record keys per column: the names without note markers, blanks named by column,
    repeats numbered."""
    cleaned = [leading_star(split_note(label)[0])[0] for label in labels]
    unique = unique_headers(cleaned)
    return {c: unique[c] if cleaned[c] else f"Column {c + 1}" for c in range(ncols)}


def record(keys: dict[int, str], cells: list[tuple[GridCell, str]]) -> dict[str, str]:
    """A row as header -> text; every header is a key, in header order."""
    out = dict.fromkeys(dict.fromkeys(keys.values()), "")
    for cell, text in cells:
        key = keys.get(cell.col) or f"Column {cell.col + 1}"
        if out.get(key):
            n = 2
            while f"{key} ({n})" in out:
                n += 1
            key = f"{key} ({n})"
        out[key] = text
    return out
