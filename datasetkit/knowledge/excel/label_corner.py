"""The labels of a comparison grid: a header alone over an empty corner, set apart from
its rows by a blank row, whose rows carry a label in the column just left of it.

Read alone, the header's columns leave the labels outside the table, and the rows below
were read as a table of their own with placeholder names ("Column B") while the names
stood as a stray line above them. The label column joins the header under an empty
corner, so that the rows below carry the header's names on.
"""

from __future__ import annotations

from datasetkit.knowledge.excel.items import Row, TableItem
from datasetkit.knowledge.excel.package import column_letter


def label_corner(header: TableItem, rows: list[Row]) -> int | None:
    """The column of the rows' labels under a header alone whose corner is empty: the
    column just left of the header's, when the rows below carry the header's columns and
    that one more, each row labelled there in words; None otherwise."""
    left = header.columns[0] - 1
    known = set(header.columns)
    outside = [c for _, cells in rows for c in cells if c.col not in known]
    if left < 0 or not outside or any(c.col != left for c in outside):
        return None
    labelled = [cells for _, cells in rows if any(c.col in known for c in cells)]
    if not all(cells[0].col == left and cells[0].is_text for cells in labelled):
        return None
    return left


def with_labels(header: TableItem, column: int) -> None:
    """``header`` with the labels' column before its own, under an empty corner."""
    header.columns.insert(0, column)
    header.headers.insert(0, f"Column {column_letter(column)}")
