"""Tables drawn with characters: cells parted by pipes, rows by lines of dashes.

A report written as plain text (and often printed to PDF as it is) draws its tables
with the characters it has: " | " between cells, a line of dashes (or "=", "+---+")
over and under the header and between records. A reader sees a table: the header is
the first row when its cells are words over records that hold figures, or when a rule
line sets it apart; the lines between two rules are one record, a cell wrapped over
several lines read whole; a line that fills only one cell after an empty first cell,
under a record that filled its row (or before any record: the notes of a record on the
page before), a line that draws only the first column's pipe under such a record (its
first cell goes on, the rest is a note), or a "Label: value" field under a filled cell,
is a note on that record, kept as text.

The same reading serves plain-text files and PDF pages (one line of text each).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from datasetkit.knowledge.tableheader import is_quantity

# A rule line: only rule characters, three dashes or equal signs at least.
_RULE = re.compile(r"^[\s|+:]*[-=_]{3,}[-=_\s|+:]*$")
# "Label: value": a field of its own; a wrapped cell goes on with a phrase.
_FIELD = re.compile(r"^[^\W\d_][^:|]{0,30}:\s+\S")
# A table has three columns at least (two pipes); fewer is text with a pipe in it.
_MIN_COLUMNS = 3


@dataclass
class PipeTable:
    """A character-drawn table found in a run of lines: which lines (``start`` to
    ``end``, end excluded), its header (None when the run starts with a record: the
    rest of a table from the page before), records and notes."""

    start: int
    end: int
    header: list[str] | None
    rows: list[list[str]]
    notes: list[str] = field(default_factory=list)


def is_rule(text: str) -> bool:
    """Whether a line only draws a rule ("-----", "+----+----+", "|---|---|")."""
    return bool(_RULE.match(text))


def cells(text: str) -> list[str] | None:
    """A line's cells between pipes, or None when it has no pipe. A line framed by
    pipes on both sides loses the frame; a line that opens with a pipe alone has an
    empty first cell (the rest of a record above)."""
    stripped = text.strip()
    if "|" not in stripped or is_rule(stripped):
        return None
    if stripped.startswith("|") and stripped.endswith("|") and len(stripped) > 1:
        stripped = stripped[1:-1]
    return [c.strip() for c in stripped.split("|")]


def pipe_tables(lines: list[str]) -> list[PipeTable]:
    """Every character-drawn table in ``lines`` (one text line each)."""
    out: list[PipeTable] = []
    i = 0
    while i < len(lines):
        end = i
        while end < len(lines) and lines[end].strip() and _in_table(lines[end]):
            end += 1
        table = _read(lines, i, end) if end - i >= 2 else None
        if table is not None:
            out.append(table)
        i = max(end, i + 1)
    return out


def _in_table(text: str) -> bool:
    return is_rule(text) or cells(text) is not None


def _read(lines: list[str], start: int, end: int) -> PipeTable | None:
    """The table drawn by ``lines[start:end]`` (rows and rules only), or None."""
    rows = [(n, cells(lines[n])) for n in range(start, end)]
    drawn = [(n, c) for n, c in rows if c is not None]
    ncols = max((len(c) for _, c in drawn), default=0)
    if ncols < _MIN_COLUMNS:
        return None
    first_n, first = drawn[0]
    ruled_under = first_n + 1 < end and is_rule(lines[first_n + 1])
    below = [c for _, c in drawn[1:] if c[0]]
    header: list[str] | None = None
    if (
        len(first) == ncols
        and _names(first)
        and (ruled_under or (below and _figures(below[0]) >= 2))
    ):
        header = first
        drawn = drawn[1:]
    elif len(drawn) < 2:
        return None
    groups = _groups(lines, drawn, start, end)
    table = PipeTable(start, end, header, [])
    for group in groups:
        _record(table, group, ncols)
    if not table.rows or (header is None and _figures(table.rows[0]) < 2):
        # With no header, only records that hold figures make a table: boxes drawn
        # side by side in a diagram part their labels with pipes too.
        return None
    return table


def _figures(row: list[str]) -> int:
    """How many cells of a row hold figures."""
    return sum(1 for c in row if c and is_quantity(c))


def _names(row: list[str]) -> bool:
    """Whether a row names columns: every cell filled, in words, no figure."""
    return all(c and not is_quantity(c) for c in row)


def _groups(
    lines: list[str], drawn: list[tuple[int, list[str]]], start: int, end: int
) -> list[list[list[str]]]:
    """The rows as records: the rows between two rules when rules part the records (two
    rules or more under the first record, and no two full rows between the same two
    rules: a rule over a total parts no records), else each row with a first cell and
    the rows under it that have none."""
    rules = [n for n in range(start, end) if is_rule(lines[n])]
    between = [n for n in rules if drawn and n > drawn[0][0]]
    out: list[list[list[str]]] = []
    if len(between) >= 2:
        last = -1
        for n, c in drawn:
            if not out or any(last < r < n for r in rules):
                out.append([])
            out[-1].append(c)
            last = n
        ncols = max(len(c) for _, c in drawn)
        if not any(sum(1 for r in g if len(r) == ncols and all(r)) >= 2 for g in out):
            return out
        out = []
    for _, c in drawn:
        if not out or c[0]:
            out.append([])
        out[-1].append(c)
    return out


def _record(table: PipeTable, group: list[list[str]], ncols: int) -> None:
    """A record from its rows: wrapped cells joined, notes under a full row kept apart."""
    record = [""] * ncols
    full = False
    for row in group:
        if full and ncols >= _MIN_COLUMNS and len(row) == 2 and all(row):
            # Only the first column's pipe drawn under a full record ("<date> | note"):
            # the first cell goes on, the text after the pipe is a note, as on the lines
            # with an empty first cell; no pipe puts it in the second column.
            record[0] = f"{record[0]} {row[0]}"
            table.notes.append(row[1])
            continue
        row = [*row[: ncols - 1], " ".join(c for c in row[ncols - 1 :] if c)]
        filled = [c for c in row if c]
        if (full or not any(record)) and not row[0] and len(filled) == 1:
            table.notes.append(filled[0])
            continue
        for k, c in enumerate(row):
            if full and record[k] and _FIELD.match(c):
                table.notes.append(c)  # a field of its own, not the cell wrapped
            elif c:
                record[k] = f"{record[k]} {c}".strip()
        full = full or all(record)
    if any(record):
        table.rows.append(record)
