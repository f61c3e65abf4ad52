"""A table's header found apart from its body: the header drawn as a small ruled grid
(the header cells boxed, the records not), right above an unruled table of records.

The grid finder reads the boxed header as a table of its own, with the grid's own
columns, and the aligned-text finder reads the records below it as another table whose
first record becomes its header. A reader sees one table: the header's lines are cut
into the records' columns, a label over several columns named over each of them, and
its rows stacked into one name per column (see :mod:`datasetkit.knowledge.tableheader`).
"""

from __future__ import annotations

import itertools

from datasetkit.knowledge.pdf.aligned import column_of, segments
from datasetkit.knowledge.pdf.extract import Line, Word
from datasetkit.knowledge.pdf.tablebox import Table, baseline_rows, join_words
from datasetkit.knowledge.tableheader import HeaderCell, is_number, names

# A header has a few rows: a title or group label, and labels wrapped over two lines.
_MAX_ROWS = 4


def join_headers(tables: list[Table], words: list[Word]) -> list[Table]:
    """``tables`` (top to bottom) with each header-only table right above an unruled
    table of records made the header of that table."""
    out: list[Table] = []
    for t in tables:
        head = out[-1] if out else None
        if head is not None and _header_of(head, t, words):
            out[-1] = _stacked(head, t, words)
            continue
        out.append(t)
    return out


def _header_of(head: Table, body: Table, words: list[Word]) -> bool:
    """Whether ``head`` is the header of ``body``: a few rows of labels (no figures),
    right above it with no line between, as wide as its columns."""
    if body.ruled or not body.spans or len(body.rows) < 2 or len(head.rows) > _MAX_ROWS:
        return False
    cells = [c for row in head.rows for c in row if c.strip()]
    if not cells or any(is_number(c) for c in cells):
        return False
    inside = [w for w in words if head.contains(w)]
    if not inside:
        return False
    size = max(w.size for w in inside)
    if not -2 <= body.top - head.bottom <= 1.5 * size:
        return False
    width = body.spans[-1][1] - body.spans[0][0]
    tol = 0.05 * width
    return head.x0 <= body.spans[0][0] + tol and head.x1 >= body.spans[-1][1] - tol


def _pieces(line: list[Word], head: Table) -> list[list[Word]]:
    """A header line cut into its labels: where a wide gap parts two words, and where a
    rule of the header's grid does (labels in neighbouring boxes may stand closer than
    an em). A rule is cut at only where the gap is wider than a word space (a cell's
    padding on both sides): a label merged over several boxes crosses their rules."""
    rules = head.columns if head.ruled else []
    out: list[list[Word]] = []
    for seg in segments(Line(line, head.page)):
        out.append([seg[0]])
        for a, b in itertools.pairwise(seg):
            padded = b.x0 - a.x1 > 0.5 * max(a.size, b.size)
            if padded and any(a.x1 <= x <= b.x0 for x in rules):
                out.append([b])
            else:
                out[-1].append(b)
    return out


def _stacked(head: Table, body: Table, words: list[Word]) -> Table:
    """``body`` with the lines of ``head`` cut into its columns as its header row."""
    ncols = len(body.spans)
    rows: list[list[HeaderCell]] = []
    for line in baseline_rows([w for w in words if head.contains(w)]):
        row = []
        for seg in _pieces(line, head):
            x0, x1 = seg[0].x0, seg[-1].x1
            under = [c for c, (lo, hi) in enumerate(body.spans) if lo < x1 and hi > x0]
            first = under[0] if under else column_of(seg, body.spans)
            span = under[-1] - first + 1 if under else 1
            row.append(HeaderCell(first, span, join_words(seg)))
        rows.append(row)
    body.rows = [names(rows, ncols), *body.rows]
    body.top = min(body.top, head.top)
    body.x0, body.x1 = min(body.x0, head.x0), max(body.x1, head.x1)
    return body
