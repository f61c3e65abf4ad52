"""Blocks of a sheet that are labels and their values (a form, a properties grid), not a
table: each row reads as a label and the value beside it."""

from __future__ import annotations

from datasetkit.knowledge.excel.package import Cell

Row = tuple[int, list[Cell]]


def is_form(rows: list[Row]) -> bool:
    """Two columns of labels ending with a colon and their values (a form), not a table."""
    own = [cells for _, cells in rows if cells]
    columns = {c.col for cells in own for c in cells}
    if len(columns) != 2 or len(own) < 2:
        return False
    first = min(columns)
    labels = [cells[0] for cells in own if cells[0].col == first and cells[0].is_text]
    return sum(c.text.endswith(":") for c in labels) * 2 > len(own) or is_grid(rows)


def is_grid(rows: list[Row]) -> bool:
    """Two columns of labels set in bold beside plain values, the first row's too: a
    headerless grid (read as a table with no header row, not as a filled-in form)."""
    own = [cells for _, cells in rows if cells]
    columns = {c.col for cells in own for c in cells}
    if len(columns) != 2 or len(own) < 2:
        return False
    return _bold_labels(own, min(columns))


def _bold_labels(own: list[list[Cell]], first: int) -> bool:
    """Labels in bold down the left column, the first row's too, and values in plain
    type beside them: a properties grid with no header row (a header would set its
    right cell in bold as well), whose first row is a pair like the others."""
    labels = [cells[0] for cells in own]
    if any(c.col != first or not c.is_text or not c.bold for c in labels):
        return False
    if any(c.bold for cells in own for c in cells[1:]):
        return False
    names = [c.text.strip().lower() for c in labels]
    return len(set(names)) == len(names) and sum(len(cells) == 2 for cells in own) >= 2
