"""A template's unused lines: the rows a schedule, a budget or a plan keeps ready for
more periods or items than it holds, which its formulas compute empty."""

from __future__ import annotations

import re

from datasetkit.knowledge.excel.package import Cell

Row = tuple[int, list[Cell]]
# A running number or a blank where an unused line's label would be.
_COUNTER = re.compile(r"^\d{1,4}\.?$")


def without_unused(rows: list[Row], columns: list[int]) -> list[Row]:
    """The rows without a template's unused lines at their end: rows that hold nothing
    but their running number and blanks, zeros or dashes: the lines a schedule or a
    budget keeps ready for more periods than it has, computed empty by their formulas.
    A table left wholly unused keeps its rows."""
    if len(columns) < 3:
        return rows
    end = len(rows)
    while end > 0 and _unused(rows[end - 1][1], columns[0]):
        end -= 1
    return rows[:end] if end >= 2 else rows


def nil_cell(text: str) -> bool:
    """A cell that shows nothing, a zero or a dash ("0", "0.00", "$ -", "0%")."""
    rest = re.sub(r"[\s$€£¥₹₦₩₽₺₴₱฿₫₪%()]", "", text)
    return not rest.strip("0.,") or not rest.strip("-–—")


def _unused(cells: list[Cell], first: int) -> bool:
    """A row with no label of its own (a blank, or only its running number) and nothing
    but blanks, zeros or dashes in its other columns."""
    label = next((c.text.strip() for c in cells if c.col == first), "")
    if label and not _COUNTER.match(label):
        return False
    return all(nil_cell(c.text) for c in cells if c.col != first)
