"""Rows that cannot share one Foundry CSV file: found while it is written, at the row
that brings the column.

A CSV file has one header, so every row gets every column, and an empty cell of a
column the Foundry checks read as present (``messages``, say: only the standard
columns are absent when empty) changes how a row without that column reads back: a
query/response row in a file that another row gave a ``messages`` column reads back
with both. The writers keep the first row of each set of columns (:class:`CsvShapes`),
few in any real file, and the column's first row; at the end each kept row is read
back under the final header as the output's check reads it, and what it finds there
and not in the row alone is an error at the input row that brought the column. The
output is then refused in one pass, instead of a check of the whole output blaming
the rows that did nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity

# Sets of columns kept before giving up (a file with more is checked whole instead).
MAX_SHAPES = 64


@dataclass
class CsvShapes:
    """The first row of each set of columns written (its cells), and where the first
    row with each column came from in the input (None: not known, a clean row)."""

    rows: dict[tuple[str, ...], dict[str, str]] = field(default_factory=dict)
    bringers: dict[str, Location | None] = field(default_factory=dict)
    overflow: bool = False

    def add(self, cells: dict[str, str], where: Location | None) -> None:
        """One written row's cells; ``where`` is its place in the input."""
        key = tuple(cells)
        if key in self.rows:
            return
        self._keep(key, cells, where)

    def _keep(self, key: tuple[str, ...], cells: dict[str, str], where: Location | None) -> None:
        if len(self.rows) >= MAX_SHAPES:
            self.overflow = True
            return
        self.rows[key] = cells
        for column in cells:
            self.bringers.setdefault(column, where)

    def merge(self, later: CsvShapes, lines: int = 0) -> None:
        """Add the shapes of the rows written after these, their lines ``lines`` down."""
        self.overflow = self.overflow or later.overflow
        for column, where in later.bringers.items():
            if column not in self.bringers:
                if where is not None and where.line is not None:
                    where = replace(where, line=where.line + lines)
                self.bringers[column] = where
        for key, cells in later.rows.items():
            if key in self.rows:
                continue
            if len(self.rows) >= MAX_SHAPES:
                self.overflow = True
                return
            self.rows[key] = cells

    def conflicts(self, header: list[str]) -> list[Finding] | None:
        """The errors, at the rows that brought the columns, of rows that read back
        wrong under ``header``; None when they cannot be told (too many sets of
        columns, or a column first brought by a row whose place is not known)."""
        if self.overflow:
            return None
        found: dict[tuple[str, str], Finding] = {}
        for cells in self.rows.values():
            for f, column in _read_back(cells, header):
                where = self.bringers.get(column)
                if where is None:
                    return None
                found.setdefault((f.code, column), _at_bringer(f, column, where))
        return list(found.values())


def _read_back(cells: dict[str, str], header: list[str]) -> list[tuple[Finding, str]]:
    """The errors ``cells`` gets read back under ``header`` and not alone, each with the
    column that is missing from the row and causes it."""
    alone = {(f.code, _column(f)) for f in _check(cells)}
    missing = [c for c in header if c not in cells]
    if not missing:
        return []
    padded = {**dict.fromkeys(header, ""), **cells}
    out = []
    for f in _check(padded):
        column = _column(f)
        if (f.code, column) in alone:
            continue
        out.append((f, column if column in missing else missing[0]))
    return out


def _check(cells: dict[str, Any]) -> list[Finding]:
    """The error findings the Foundry CSV check gives a row of these cells: the steps
    of reader.Rows.take for a row of a file checked without a column mapping."""
    from datasetkit.formats.foundry.cases import take_carry
    from datasetkit.formats.foundry.collect import Collector, RowContext
    from datasetkit.formats.foundry.csv_reader import csv_row
    from datasetkit.formats.foundry.mapping import drop_missing
    from datasetkit.formats.foundry.row_checks import check_row

    out: list[Finding] = []
    col = Collector(out, "")
    ctx = RowContext("", 0, 2, row=2)
    row = csv_row(cells)
    take_carry(row, ctx, col, True)
    check_row(drop_missing(row, ctx, col), ctx, col, True)
    return [f for f in out if f.severity == Severity.ERROR]


def _column(f: Finding) -> str:
    """The column a finding of a row points at."""
    pointer = f.location.pointer or ""
    parts = pointer.split("/")
    return parts[2] if len(parts) > 2 else ""


def _at_bringer(f: Finding, column: str, where: Location) -> Finding:
    """``f`` of a row without ``column``, said at the row that brought the column."""
    message = (
        f"this row brings the column {column!r} to the CSV output, and a CSV file gives "
        f"every row every column: the rows without it read back with an empty {column!r}, "
        f"and then {f.message}"
    )
    hint = f"convert to JSONL (--to foundry), which keeps each row's own columns, or {f.hint}"
    loc = Location(path=where.path, line=where.line, field=column)
    return Finding(f.code, Severity.ERROR, message, hint, loc)


def case_place(case: Any) -> Location | None:
    """Where a case came from in its input (None when it does not say)."""
    src = getattr(case, "source", None)
    if src is None or not src.path or src.line is None:
        return None
    return Location(path=src.path, line=src.line)
