"""A Word table's rows read as a person reads them: title, header, records.

The rows come from the reader with each cell placed in the table grid (merged cells
spread, a vertically merged cell repeating the text above it). The shared header model
(:mod:`datasetkit.knowledge.tableheader`) decides which leading rows are the table's
title, how many rows its header takes (a group label merged over the columns it names),
one name per column, and whether a unit row under the header joins it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
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
    names_columns_over_figures,
    record_like,
    split_note,
)
from datasetkit.knowledge.word.blocks import GridCell
from datasetkit.knowledge.word.styles import W

_MAX_HEADER_ROWS = 3
_YEAR = re.compile(r"^\s*(?:19|20)\d\d\s*$")


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
# A paragraph of a cell that is an entry of its own: a few words, no sentence's ending.
_ENTRY_WORDS = 12
_SENTENCE_END = re.compile(r"[.!?:;,]$")


def joined_cell(paragraphs: list[str]) -> str:
    """A cell's paragraphs as one line. Short entries one per paragraph ("Basic care: 80%"
    over "Major care: 50%", a list of names) are kept apart by semicolons, as a reader
    sees them apart; paragraphs of running text are joined by spaces."""
    entries = len(paragraphs) >= 2 and all(
        len(p.split()) <= _ENTRY_WORDS and not _SENTENCE_END.search(p) for p in paragraphs
    )
    return ("; " if entries else " ").join(paragraphs)


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


# Signs set in a column of their own beside a column of figures: currency before the
# figure, a percent sign or closing parenthesis after it.
_BEFORE = {"$", "€", "£", "¥", "₹", "US$", "C$", "A$"}
_AFTER = {"%", ")", "%)"}


def fold_sign_columns(rows: list[WordRow]) -> list[WordRow]:
    """Columns that hold only currency or percent signs joined to the figures beside
    them ("$" | "20,081" reads "$20,081"; "12" | "%" reads "12%"): financial tables
    often set the sign in a narrow column of its own, which no one reads as a column.
    The sign column is left empty (and then dropped with the other spacer columns)."""
    ncols = max((c.col + c.span for r in rows for c, _ in r.cells), default=0)
    for col in range(ncols):
        # A label merged over the sign and its figure ("2023" over "$" | "20,081") is
        # the header of both; the cells of one column say what the column holds.
        signs = {t.strip() for r in rows for c, t in r.cells if c.col == col and c.span == 1}
        signs.discard("")
        if not signs or not (signs <= _BEFORE or signs <= _AFTER):
            continue
        step = 1 if signs <= _BEFORE else -1
        for row in rows:
            _fold_sign(row, col, step)
    return rows


def _fold_sign(row: WordRow, col: int, step: int) -> None:
    """Join the sign in ``col`` to the nearest figure of the row on its side (a spacer
    column may stand between them)."""
    at = {c.col: n for n, (c, _) in enumerate(row.cells)}
    here = at.get(col)
    if here is None or row.cells[here][0].span != 1 or not row.cells[here][1].strip():
        return
    sign = row.cells[here][1].strip()
    near = [at[c] for c in (col + step, col + 2 * step) if c in at and row.cells[at[c]][1]]
    if near and is_number(row.cells[near[0]][1]):
        cell, text = row.cells[near[0]]
        row.cells[near[0]] = (cell, sign + text.strip() if step == 1 else text.strip() + sign)
        row.cells[here] = (row.cells[here][0], "")


def grid_widths(tbl: Any) -> list[float]:
    """The widths the table's grid gives its columns (empty when it gives none)."""
    grid = tbl.find(f"{W}tblGrid")
    cols = grid.findall(f"{W}gridCol") if grid is not None else []
    try:
        return [float(c.get(f"{W}w") or 0) for c in cols]
    except ValueError:
        return []


# A spacer column is narrow: under this share of the table's usual column width.
_SPACER_SHARE = 0.5


def drop_spacer_columns(rows: list[WordRow], widths: list[float] | None = None) -> list[WordRow]:
    """The rows without the grid columns no cell of any row holds text in.

    Financial statements put narrow empty columns between their figure columns, and a
    grid may keep a sliver column that only a merged cell reaches into; neither is a
    column a person reads (a label merged over it names the columns it also covers).
    A cell keeps the columns it covers that remain; an empty cell that covered only
    spacer columns goes.
    """
    used = {cell.col for row in rows for cell, text in row.cells if text and cell.span == 1}
    # A merged label over columns none of which holds text of its own keeps its first.
    used |= {
        cell.col
        for row in rows
        for cell, text in row.cells
        if text and not used.intersection(range(cell.col, cell.col + cell.span))
    }
    ncols = max((c.col + c.span for r in rows for c, _ in r.cells), default=0)
    if widths and len(widths) >= ncols and all(widths[:ncols]):
        # A record's merged cell set one column in (gridBefore) starts in a column as
        # wide as the others: that is a column, not a spacer. Header labels merged over
        # a sign or spacer column (the first row) say nothing about it.
        usual = sorted(widths[c] for c in used)[len(used) // 2] if used else 0.0
        texted = [row for row in rows if any(text for _, text in row.cells)]
        starts = {cell.col for row in texted[1:] for cell, text in row.cells if text}
        used |= {c for c in starts if widths[c] >= _SPACER_SHARE * usual}
    if len(used) == ncols or not used:
        return rows
    index = {col: n for n, col in enumerate(sorted(used))}
    for row in rows:
        cells: list[tuple[GridCell, str]] = []
        for cell, text in row.cells:
            kept = [index[c] for c in range(cell.col, cell.col + cell.span) if c in index]
            if kept:
                cells.append((replace(cell, col=kept[0], span=len(kept)), text))
        row.lines = {index[c]: lines for c, lines in row.lines.items() if c in index}
        row.cells = cells
    return rows


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
    titles = _titles(rows, ncols)
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
    body = [_spread(r, ncols) for r in rows[start + depth : len(rows) - len(notes)]]
    if depth == 1 and record_like(labels, body):
        # The first row is a record like those under it: the table has no header.
        return Layout(titles, [], notes, _keys([""] * ncols, ncols))
    if start + depth < len(rows) - 1:
        under = rows[start + depth]
        folded = fold_units(labels, [text for text in _spread(under, ncols)])
        if folded is not None:
            labels = folded
            header = [*header, under]
    return Layout(titles, header, notes, _keys(labels, ncols))


def _titles(rows: list[WordRow], ncols: int) -> list[WordRow]:
    """The leading rows that title the table rather than name its columns.

    A label across the whole width is a title. So is a label alone in the first cell
    of an otherwise empty row ("ACME CORPORATION" over "INCOME STATEMENTS"), when the
    row under the titles reads as a header over a column of row labels (its first cell
    empty, labels right of it, no figure but a year) rather than a record.
    """
    strict = lone = 0
    while len(rows) - lone > 2:
        grid = _grid(rows[lone])
        if _merged_down(rows[lone]):
            break
        if is_title_row(grid, ncols):
            strict += 1 if strict == lone else 0
        elif not _lone_label(grid):
            break
        lone += 1
    grid = _grid(rows[lone]) if lone < len(rows) else []
    under = [c.text for c in grid if c.text and c.col > 0]
    header = (
        bool(under)
        and not any(c.text for c in grid if c.col == 0)
        and not any(is_number(t) and not _YEAR.match(t) for t in under)
    )
    below = [_spread(r, ncols) for r in rows[lone : lone + 2]]
    noted = len(below) == 2 and names_columns_over_figures(*below)
    return rows[: lone if header or noted else strict]


def _merged_down(row: WordRow) -> bool:
    """Whether a row's label is merged down into the rows under it: a title stands in
    its own row, a header label merged over several rows names the columns."""
    for cell, text in row.cells:
        tcpr = cell.tc.find(f"{W}tcPr") if text else None
        vmerge = tcpr.find(f"{W}vMerge") if tcpr is not None else None
        if vmerge is not None and vmerge.get(f"{W}val") == "restart":
            return True
    return False


def _lone_label(row: list[HeaderCell]) -> bool:
    filled = [c for c in row if c.text]
    return len(filled) == 1 and filled[0].col == 0 and not is_number(filled[0].text)


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


# Label/value grids hold a handful of settings or properties; a label is a few words.
_LABEL_WORDS = 8


def label_value_pairs(
    rows: list[WordRow], distinct: Callable[[GridCell], bool]
) -> list[tuple[str, str]] | None:
    """A two-column table with no header row: labels set apart (bold or shaded) in the
    left column of every row, the first too, values in plain type on the right (a
    settings or properties grid). Its first row is a pair like the others, not the names
    of columns, so it reads as (label, value) pairs; None when the table is no such grid.
    """
    ncols = max((c.col + c.span for r in rows for c, _ in r.cells), default=0)
    if ncols != 2 or len(rows) < 2:
        return None
    pairs: list[tuple[str, str]] = []
    for row in rows:
        cells = {c.col: (c, t) for c, t in row.cells if c.span == 1}
        if 0 not in cells or not cells[0][1] or not distinct(cells[0][0]):
            return None
        label = cells[0][1]
        if is_number(label) or len(label.split()) > _LABEL_WORDS:
            return None
        cell, value = cells.get(1, (None, ""))
        if cell is not None and value and distinct(cell):
            return None
        pairs.append((label, value))
    labels = [label.lower() for label, _ in pairs]
    if len(set(labels)) < len(labels) or sum(1 for _, v in pairs if v) < 2:
        return None
    return pairs
