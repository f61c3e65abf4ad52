"""A table's header row left alone at the foot of a page, its rows on the next page.

A page break that falls right under a header row leaves a line of bold cells with no
rows under it (read as a short paragraph, or one per cell) and a table at the top of the
next page that opens with a record. The line heads that table when it is the last text
of the page before, every word of it bold, and its words fill each of the table's
columns and none outside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from datasetkit.knowledge.pdf.extract import Line, Word
from datasetkit.knowledge.pdf.tablebox import Table, join_words


class _Block(Protocol):
    kind: str
    page: int
    lines: list[Line]


def header_at_foot(before: Sequence[_Block], table: Table) -> tuple[int, list[str]]:
    """How many of the last blocks of ``before`` make the header row of ``table`` (left at
    the foot of the page before), and its cells; (0, []) when they make none."""
    ncols = max((len(r) for r in table.rows), default=0)
    edges = _edges(table)
    if ncols < 2 or table.headerless or len(edges) != ncols + 1:
        return 0, []
    count, words = 0, list[Word]()
    for b in reversed(before[-ncols:]):
        if b.kind != "paragraph" or b.page != table.page - 1 or len(b.lines) != 1:
            break
        line = b.lines[0].words
        if words and abs(line[0].bottom - words[0].bottom) > 2:
            break  # not the same row of cells
        count, words = count + 1, line + words
    if not words or not all(w.bold for w in words):
        return 0, []
    cells: list[list[Word]] = [[] for _ in range(ncols)]
    for w in words:
        centre = (w.x0 + w.x1) / 2
        at = next((i for i in range(ncols) if edges[i] <= centre < edges[i + 1]), None)
        if at is None:
            return 0, []
        cells[at].append(w)
    if not all(cells):
        return 0, []
    return count, [join_words(sorted(c, key=lambda w: w.x0)) for c in cells]


def _edges(table: Table) -> list[float]:
    """The x positions that bound the table's columns."""
    if table.ruled:
        return list(table.columns)
    if table.spans:
        return [table.spans[0][0], *(s[0] for s in table.spans[1:]), table.spans[-1][1]]
    return []
