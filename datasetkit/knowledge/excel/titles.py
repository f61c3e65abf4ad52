"""Which text rows above a table are its title block, and at what levels.

A line is a title when it stands alone in its row and is set apart by type (bold, or
larger than the sheet's text) or opened by a section number ("3.1 Products"); a line
that only dates the sheet is not. Levels come from the section numbers when the lines
have them, else the first line is level 1 and the others level 2.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.excel.headers import is_title_text
from datasetkit.knowledge.excel.items import TextItem
from datasetkit.knowledge.excel.package import Cell
from datasetkit.knowledge.numbering import labelled, section_number, without_number

# Section numbers that make a line a title ("3.1", "A.", "IV.", "Article 5"), not list items.
_SECTION_KINDS = ("decimal", "letter", "roman", "division")


def is_title_line(cells: list[Cell], text: str, body: float, spanned: bool = False) -> bool:
    """A title line: set apart by type or fill, or merged across the columns below it
    (``spanned``), or opened by a section number ("3.1 Products", which may run longer
    than a plain title)."""
    if len(cells) != 1 or not cells[0].is_text:
        return False
    number = section_number(text)
    if number is not None and number.kind in _SECTION_KINDS:
        rest = without_number(text)
        return (
            rest[:1].isalpha()
            and len(rest) <= 200
            and len(rest.split()) <= 25
            and "\n" not in rest
            and not rest.endswith((".", "!", ";", ","))
        )
    return (spanned or set_apart(cells, body)) and is_title_text(text)


def opens_section(cells: list[Cell], text: str) -> bool:
    """A bold line alone in its row that reads as a title (not a sentence, not a label
    with its value) and may run to a score of words."""
    stripped = text.strip()
    return (
        len(cells) == 1
        and cells[0].is_text
        and cells[0].bold
        and "\n" not in stripped
        and len(stripped.split()) <= 20
        and not stripped.endswith((".", "!", ";", ","))
        and not labelled(stripped)
    )


def title_levels(texts: list[str]) -> list[int]:
    """Levels of the lines of a title block: from their section numbers when they have
    them (a line without one sits under the numbered line above it); else the first
    line is level 1 and the others level 2."""
    numbers = [section_number(t) for t in texts]
    depths = [n.depth if n is not None and n.kind in _SECTION_KINDS else None for n in numbers]
    if all(d is None for d in depths):
        return [1 if k == 0 else 2 for k in range(len(texts))]
    out: list[int] = []
    above = 0
    for depth in depths:
        if depth is not None:
            above = depth
            out.append(depth)
        else:
            out.append(above + 1)
    return out


def set_apart(cells: list[Cell], body: float) -> bool:
    """One text cell in bold, on a filled background, or in type larger than the
    sheet's text."""
    if len(cells) != 1 or not cells[0].is_text:
        return False
    cell = cells[0]
    return cell.bold or cell.filled or (body > 0 and cell.size >= 1.15 * body)


_DATED = re.compile(
    r"^(?:\w+\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+\w+\s+\d{4}|\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}/\d{2,4})$"
)


def dated(text: str) -> bool:
    """A line that dates the sheet ("September 11, 2006"): text, not a title."""
    return bool(_DATED.match(text.strip()))


# A value with its number taken out: "Row 1" and "Row 2" share "Row #".
_DIGITS = re.compile(r"\d+")


def numbered_alike(values: list[str]) -> bool:
    """Two or more values that differ only in their numbers ("Row 1", "Row 2"; "Step 1",
    "Step 2"): entries of one column, not lines of text under a title."""
    shapes = {_DIGITS.sub("#", v.strip()) for v in values}
    return (
        len(values) >= 2
        and len(shapes) == 1
        and all(_DIGITS.search(v) for v in values)
        and re.search(r"[^\W\d_]", next(iter(shapes))) is not None
    )


def column_sheet(columns: list[list[Cell]], occupied_rows: int, body: float) -> bool:
    """Whether a sheet that holds one column and nothing else is a table of it: its first
    cell a short name in the column's own plain type ("English text") over the values
    under it. A first cell set apart by type is the sheet's title instead, and a name
    over nothing names no column."""
    cells = [row[0] for row in columns if row]
    if len(cells) < 2 or len(cells) != occupied_rows or any(len(row) != 1 for row in columns):
        return False
    head = cells[0]
    if len({c.col for c in cells}) != 1 or not head.is_text or set_apart([head], body):
        return False
    return is_title_text(head.text, 40) and not head.text.rstrip().endswith((":", "："))


def filled_siblings(heads: list[TextItem]) -> None:
    """Titles set on the same filled band (fill, bold, size, column) head blocks side by
    side in the outline (a summary, a list, a table, each under its coloured title):
    each takes the level of the first title set that way."""
    first: dict[tuple[int, bool, float], int] = {}
    for head in heads:
        cell = head.cells[0]
        if len(head.cells) != 1 or not cell.filled:
            continue
        head.level = first.setdefault((cell.col, cell.bold, cell.size), head.level)
