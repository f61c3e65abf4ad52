"""Section titles set as rows of a layout table.

Forms lay their fields out in one table and title each part of it with a row of its
own: one cell across the table's whole width, set apart (bold or shaded), over the rows
of labels and values it titles. A reader takes such a row as the heading of the rows
under it, not as a record or a value. A table is read this way when it opens with such
a row (a table of figures opens with its column names instead, and a bold row across
it further down groups its records) and has two or more of them, each short and not a
sentence, with rows of its own under at least two, and no row of it is a record of
figures (numbered, or figures in three cells or more). The table is then split at its
section rows: each becomes a heading and the rows under it a table of their own.
"""

from __future__ import annotations

from collections.abc import Callable

from datasetkit.knowledge.numbering import ends_sentence, word_count
from datasetkit.knowledge.tableheader import HeaderCell, is_number, is_title_row
from datasetkit.knowledge.word.blocks import GridCell
from datasetkit.knowledge.word.tables import WordRow

_MAX_WORDS = 15
_MIN_SECTIONS = 2
_FIGURES = 3


def _title_text(text: str) -> bool:
    words = word_count(text)
    return (
        0 < words <= _MAX_WORDS
        and not text.rstrip().endswith((",", ";", ":", "：", "，", "；"))
        and not (ends_sentence(text) and words > 4)
    )


def _section_row(row: WordRow, ncols: int, distinct: Callable[[GridCell], bool]) -> bool:
    filled = [(cell, text) for cell, text in row.cells if text]
    if len(filled) != 1 or row.nested:
        return False
    cell, text = filled[0]
    grid = [HeaderCell(c.col, c.span, t) for c, t in row.cells]
    return is_title_row(grid, ncols) and _title_text(text) and distinct(cell)


def section_rows(rows: list[WordRow], distinct: Callable[[GridCell], bool]) -> list[int]:
    """The positions in ``rows`` of the rows that title the parts of a layout table, or
    none when the table is not titled in parts."""
    ncols = max((c.col + c.span for r in rows for c, _ in r.cells), default=0)
    texted = [n for n, row in enumerate(rows) if row.has_text]
    if ncols < 2 or not texted:
        return []
    marks = [n for n in texted if _section_row(rows[n], ncols, distinct)]
    if len(marks) < _MIN_SECTIONS or marks[0] != texted[0]:
        return []
    led = sum(1 for n in marks if _rows_under(n, marks, texted))
    if led < _MIN_SECTIONS or any(_record_of_figures(rows[n]) for n in texted if n not in marks):
        return []
    return marks


def _record_of_figures(row: WordRow) -> bool:
    """A row of a table of figures: numbered (a figure in its first cell) or holding
    figures in three or more cells. A form's rows hold labels and what is filled in."""
    texts = [text for _, text in row.cells if text]
    return bool(texts) and (is_number(texts[0]) or sum(map(is_number, texts)) >= _FIGURES)


def _rows_under(mark: int, marks: list[int], texted: list[int]) -> bool:
    later = [n for n in texted if n > mark]
    return bool(later) and later[0] not in marks


def split_sections(
    rows: list[WordRow], marks: list[int]
) -> list[tuple[WordRow | None, list[WordRow]]]:
    """The rows as parts, each a section row and the rows under it; rows above the
    first section row (without text, as ``section_rows`` found it) come first, untitled."""
    out: list[tuple[WordRow | None, list[WordRow]]] = []
    if marks[0] > 0:
        out.append((None, rows[: marks[0]]))
    for a, b in zip(marks, [*marks[1:], len(rows)], strict=True):
        out.append((rows[a], rows[a + 1 : b]))
    return out
