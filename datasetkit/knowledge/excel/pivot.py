"""A pivot table's export read as the cross-tab it shows.

Excel lays a pivot table out with labels of its own around the figures: the value
field's name in the corner ("Sum of Sales", "Count of Orders"), "Column Labels" over
the column field's values, "Row Labels" over the row field's values, "Grand Total" for
the totals. Read as a plain block, the corner row takes the header and the real header
("Row Labels | 2013 | 2014 | Grand Total") becomes a record. Here the corner row gives
up its "Column Labels" cell, so the value field's name stands alone above the table as
its caption, and the row under it is the table's header; a report filter that filters
nothing ("Region | (All)") is furniture and is dropped. The caption names the figures,
not a part of the sheet: it heads the table's rows but is no heading of the outline.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.excel.items import TextItem
from datasetkit.knowledge.excel.package import Cell
from datasetkit.knowledge.tableheader import (
    PIVOT_COLUMN_LABELS,
    PIVOT_ROW_LABELS,
    PIVOT_VALUE_FIELD,
)

Row = tuple[int, list[Cell]]

# A report filter's value when it filters nothing: "Region | (All)".
_ALL_FILTER = re.compile(r"(?i)^\((?:all|multiple items|alle|tous|todas?)\)$")


def pivot_rows(rows: list[Row]) -> list[Row]:
    """``rows`` of a block with a pivot table's corner row reduced to its value field's
    name (its "Column Labels" cell dropped) and its filters that filter nothing dropped;
    other blocks unchanged."""
    if rows and all(_no_filter(cells) for _, cells in rows if cells):
        return [(r, []) for r, _ in rows]  # a block of such filters alone
    at = next(
        (
            i
            for i, (_, cells) in enumerate(rows)
            if cells and cells[0].is_text and PIVOT_ROW_LABELS.match(cells[0].text.strip())
        ),
        None,
    )
    if at is None:
        return rows
    out: list[Row] = []
    for i, (r, cells) in enumerate(rows):
        if i < at and _no_filter(cells):
            continue
        if i == at - 1:
            kept = [c for c in cells if not PIVOT_COLUMN_LABELS.match(c.text.strip())]
            # Beside "Column Labels", the cell names the figures (whatever its author
            # renamed it to): the pivot's caption.
            corner = len(kept) < len(cells)
            cells = [c._replace(pivot_caption=True) for c in kept] if corner else kept
        out.append((r, cells))
    return out


def _no_filter(cells: list[Cell]) -> bool:
    return len(cells) == 2 and bool(_ALL_FILTER.match(cells[1].text.strip()))


def pivot_caption(title: TextItem) -> None:
    """A pivot table's value field left standing over its table ("Sum of Sales") names
    the table's figures, not a section of the sheet: a caption, no heading."""
    caption = all(c.pivot_caption for c in title.cells)
    if title.title and (caption or PIVOT_VALUE_FIELD.match(title.text.strip())):
        title.title, title.caption = False, True
