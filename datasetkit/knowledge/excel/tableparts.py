"""Excel tables (ListObjects, "Format as Table"): where each sits, read from its part.

A range formatted as a table has a definition part that says exactly which cells it
covers and how many of its top rows are its header (``headerRowCount``, 1 unless it
says 0) and how many bottom rows are totals. That beats any guess from the cells: a
note written in the rows above the table, or under it, is then outside it whatever it
looks like, and the header is the row Excel shows as the header.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field, replace
from xml.etree.ElementTree import iterparse

from datasetkit.knowledge.build import unique_headers
from datasetkit.knowledge.excel.headers import header_names
from datasetkit.knowledge.excel.items import TableItem
from datasetkit.knowledge.excel.package import SheetData, column_letter, merge_range
from datasetkit.knowledge.excel.pivotparts import part_rels
from datasetkit.knowledge.excel.regions import Grid

_TABLE = "/table"


@dataclass
class TablePart:
    """One Excel table: its cells (first row, first column, last row, last column), its
    header rows and its column names."""

    top: int
    left: int
    bottom: int
    right: int
    header_rows: int = 1
    names: list[str] = field(default_factory=list)


def read_table_parts(zf: zipfile.ZipFile, sheet_part: str) -> list[TablePart]:
    """The Excel tables of a sheet (none when it has none: a look at its relationships)."""
    names = set(zf.namelist())
    out: list[TablePart] = []
    for kind, target in part_rels(zf, sheet_part, names):
        if kind.endswith(_TABLE) and target in names:
            part = _table(zf, target)
            if part is not None:
                out.append(part)
    return sorted(out, key=lambda t: (t.top, t.left))


def _table(zf: zipfile.ZipFile, part: str) -> TablePart | None:
    ref, header, columns = "", "1", []
    with zf.open(part) as fh:
        for _, elem in iterparse(fh, events=("start",)):
            tag = elem.tag.rpartition("}")[2]
            # Only the root names the range: an extension's ``x14:table`` (a table's
            # alt text) shares its local name and has no ``ref``.
            if tag == "table" and not ref:
                ref, header = elem.get("ref") or "", elem.get("headerRowCount") or "1"
            elif tag == "tableColumn":
                columns.append(elem.get("name") or "")
    box = merge_range(ref)
    if box is None:
        return None
    top, left, bottom, right = box
    rows = 0 if header.strip() == "0" else 1
    if bottom - top + 1 <= rows:
        return None  # a header and no row: nothing to read as a table
    return TablePart(top, left, bottom, right, rows, columns)


def outside(sheet: SheetData, parts: list[TablePart]) -> SheetData:
    """The sheet without the cells (and merged ranges) of its Excel tables."""

    def inside(r: int, c: int) -> bool:
        return any(p.top <= r <= p.bottom and p.left <= c <= p.right for p in parts)

    rows = {r: [c for c in cells if not inside(r, c.col)] for r, cells in sheet.rows.items()}
    merges = [m for m in sheet.merges if not inside(m[0], m[1])]
    return replace(sheet, rows={r: cells for r, cells in rows.items() if cells}, merges=merges)


def read_part(grid: Grid, part: TablePart) -> TableItem | None:
    """An Excel table read as its part says: its header row (or its column names when
    it shows none) and every visible row under it."""
    columns = [c for c in range(part.left, part.right + 1) if c not in grid.hidden_cols]
    if not columns:
        return None
    box = (part.top, part.bottom, part.left, part.right)
    rows = [(r, grid.row_cells(r, part.left, part.right)) for r in grid.rows_in(box)]
    head = [row for row in rows if part.header_rows and row[0] == part.top]
    if head:
        headers = header_names(grid.merges, head, columns)
    else:
        named = dict(zip(range(part.left, part.right + 1), part.names, strict=False))
        headers = unique_headers([named.get(c) or f"Column {column_letter(c)}" for c in columns])
    body = [(r, cells) for r, cells in rows if r >= part.top + part.header_rows and cells]
    if not body and not head:
        return None  # every row hidden, and no header row shown: nothing to read
    table = TableItem(columns, headers, [part.top] if head else [], closed=True)
    first = body[0][0] if body else part.top
    table.rows = [(r, grid.merges.fill_down(r, cells, columns, first)) for r, cells in body]
    return table
