"""Blocks of a sheet that are labels and their values (a form, a properties grid), not a
table: each row reads as a label and the value beside it."""

from __future__ import annotations

from datasetkit.knowledge.excel.headers import is_title_text
from datasetkit.knowledge.excel.package import Cell
from datasetkit.knowledge.tableheader import pairs_without_header

Row = tuple[int, list[Cell]]


# Lines of one cell (a block's title) above its pairs, at most.
_TITLE_LINES = 2
# A form's labels that end with a colon, each with its value in the next column: at
# least this many, on at least this share of the block's rows.
_MIN_PAIRS = 3
_PAIR_SHARE = 1 / 3
# A form's row holds a few cells (an address line beside a label and its value).
_FORM_CELLS = 4
# A block of labels and values holds a few of them (an input block, a summary): a longer
# two-column list with no header is a table whose first record sits where a header would.
_MAX_PAIRS = 30


def title_lines(rows: list[Row]) -> int:
    """How many rows of one text cell open the block above its rows of two cells (its
    title, or a label over its pairs)."""
    own = [cells for _, cells in rows if cells]
    k = 0
    while k < min(_TITLE_LINES, len(own) - 2) and len(own[k]) == 1 and own[k][0].is_text:
        k += 1
    return k if k < len(own) and len(own[k]) == 2 else 0


def _pair_rows(rows: list[Row]) -> list[list[Cell]]:
    own = [cells for _, cells in rows if cells]
    return own[title_lines(rows) :]


def is_form(rows: list[Row]) -> bool:
    """Two columns of labels ending with a colon and their values (a form), not a table."""
    own = _pair_rows(rows)
    columns = {c.col for cells in own for c in cells}
    if len(columns) != 2 or len(own) < 2:
        return False
    first = min(columns)
    labels = [cells[0] for cells in own if cells[0].col == first and cells[0].is_text]
    return sum(c.text.endswith(":") for c in labels) * 2 > len(own) or is_grid(rows)


def is_grid(rows: list[Row]) -> bool:
    """Two columns of labels set in bold beside plain values, or of plain labels beside
    values in bold, the first row's too: a headerless grid (read as a table with no
    header row, not as a filled-in form)."""
    own = _pair_rows(rows)
    columns = {c.col for cells in own for c in cells}
    if len(columns) != 2 or len(own) < 2:
        return False
    return _bold_labels(own, min(columns)) or _bold_values(own, min(columns))


def is_label_value(rows: list[Row]) -> bool:
    """Two columns of short labels, each with its value beside it (some may be left
    blank, as in a template's input cells), whose first row is no header: set in the
    type and fill of the rows below it, and holding a value no column is named by, or
    over values that mix figures and words (see ``pairs_without_header``). A block of
    parameters above a schedule, a summary under its title, a label column and a value
    column with no names over them."""
    own = _pair_rows(rows)
    columns = {c.col for cells in own for c in cells}
    if len(columns) != 2 or not 3 <= len(own) <= _MAX_PAIRS:
        return False
    first = min(columns)
    if any(not cells[0].is_text or cells[0].col != first for cells in own):
        return False
    if any(not is_title_text(cells[0].text, 60) for cells in own):
        return False
    if 2 * sum(cells[0].text.rstrip().endswith(":") for cells in own) > len(own):
        return False  # a form's labels, each with its colon: read as its lines
    values = [cells[1] for cells in own if len(cells) == 2]
    if 3 * len(values) < 2 * len(own) or len(own[0]) != 2:
        return False
    if _looks(own[0][0]) not in {_looks(cells[0]) for cells in own[1:]}:
        return False  # the first label set apart from the labels below: a header
    if _looks(own[0][1]) not in {_looks(v) for v in values[1:]}:
        return False
    texts = [[c.text for c in cells] if len(cells) == 2 else [cells[0].text, ""] for cells in own]
    if not own[0][1].is_text and own[0][1].text.strip():
        texts[0][1] = own[0][1].text  # a number or a date: a value, never a column's name
    return pairs_without_header(texts)


def _looks(cell: Cell) -> tuple[bool, bool]:
    return cell.bold, cell.filled


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


def _bold_values(own: list[list[Cell]], first: int) -> bool:
    """Plain labels down the left column beside values in bold on every row, the first
    row's too: the values a filled-in form sets apart (a header row would set its
    left cell in the same type as its right one)."""
    if any(len(cells) != 2 or cells[0].col != first for cells in own):
        return False
    if any(not cells[0].is_text or cells[0].bold or not cells[1].bold for cells in own):
        return False
    names = [cells[0].text.strip().lower() for cells in own]
    return len(set(names)) == len(names)


def _colon_label(cell: Cell) -> bool:
    text = cell.text.rstrip()
    return cell.is_text and text.endswith(":") and 1 < len(text) <= 40


def form_segments(cells: list[Cell]) -> list[list[Cell]]:
    """A row of a form cut into what a person reads apart: each label ending with a
    colon with the value in the next column, and every other cell alone."""
    out: list[list[Cell]] = []
    k = 0
    while k < len(cells):
        cell = cells[k]
        value = cells[k + 1] if k + 1 < len(cells) else None
        if (
            value is not None
            and _colon_label(cell)
            and value.col == cell.col + 1
            and not _colon_label(value)
        ):
            out.append([cell, value])
            k += 2
        else:
            out.append([cell])
            k += 1
    return out


def is_wide_form(rows: list[Row]) -> bool:
    """A block laid out as a form over more than two columns: labels ending with a colon,
    each with its value in the next column, on a good share of its rows (an invoice's
    number and date beside its sender's address)."""
    own = [cells for _, cells in rows if cells]
    if any(len(cells) > _FORM_CELLS for cells in own):
        return False  # a row of many figures: a table whose row labels end with colons
    pairs = sum(1 for cells in own for seg in form_segments(cells) if len(seg) == 2)
    return pairs >= _MIN_PAIRS and pairs >= _PAIR_SHARE * len(own)
