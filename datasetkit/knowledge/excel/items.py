"""What a sheet holds as a person reads it: rows of text and tables with their records."""

from __future__ import annotations

from dataclasses import dataclass, field

from datasetkit.knowledge.excel.package import Cell

Row = tuple[int, list[Cell]]


@dataclass
class TextItem:
    """A row of text outside any table: a title, a note, a label."""

    row: int
    cells: list[Cell]
    last_col: int
    title: bool = False
    # The title's depth: 1 for the first line of a title block, 2 for the lines after it.
    level: int = 1
    # A label and its value (``Founded: 1999``), from a block of such pairs.
    pair: bool = False
    # A row of a grid of set-apart labels with no header row: a headerless table row.
    grid: bool = False
    # A title that names one table among its siblings: text that heads that table's rows.
    caption: bool = False
    # A title line split from under a table: it heads the rows after it, which do not
    # carry that table on.
    opens: bool = False

    @property
    def text(self) -> str:
        if self.pair and len(self.cells) == 2:
            label, value = self.cells
            sep = " " if label.text.endswith(":") else ": "
            return f"{label.text}{sep}{value.text}"
        return " ".join(c.text for c in self.cells)


@dataclass
class TableItem:
    """A table: its columns with their header names, and its records."""

    columns: list[int]
    headers: list[str]
    header_rows: list[int]
    rows: list[Row] = field(default_factory=list)
    # The table above that these rows carry on after blank rows (they share its number).
    of: TableItem | None = None
    # Footnote marker split from a row's label ("Turkey6" -> "Turkey"), by row.
    notes: dict[int, str] = field(default_factory=dict)
    # Its extent is known (an Excel table's part says it): no rows below carry it on.
    closed: bool = False


Item = TextItem | TableItem


def item_columns(item: Item) -> tuple[int, int]:
    """The first and last column of a table or a text row."""
    if isinstance(item, TableItem):
        return item.columns[0], item.columns[-1]
    return item.cells[0].col, item.last_col
