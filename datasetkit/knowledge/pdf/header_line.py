"""A table's header set on a line of its own above the table the finders found.

A finder reads a table from what bounds it: a grid of cell boxes, rules, aligned text.
When the header is drawn apart from the records (a header band between rules over a
grid of boxed cells, a header row whose boxes are not drawn), the finder starts at the
first record, and that record becomes the header. A reader sees the header from its
evidence: the table's first row is a record (figures shaped like the row under it,
see :func:`datasetkit.knowledge.tableheader.data_row`), and right above the table a
line of words, no figures, stands over its columns. That line is the header; a single
label between it and the records (a band across the table naming the group of rows
under it) is kept as the table's caption.
"""

from __future__ import annotations

from datasetkit.knowledge.pdf.aligned import column_of, segments
from datasetkit.knowledge.pdf.extract import Line, Word
from datasetkit.knowledge.pdf.tablebox import Table, join_words
from datasetkit.knowledge.tableheader import data_row, is_quantity

# A header line stands this many line heights or less above the rows it names.
_GAP = 1.5
# A column's name is a few words; more is a sentence.
_LABEL_WORDS = 6
# Dot leaders run from a row's label to its figures; no column's name has them.
_LEADERS = "...."


def header_lines(tables: list[Table], lines: list[Line]) -> None:
    """Give each table whose first row is a record the line of column names right above
    it (and the band under that line as its caption), in place."""
    for table in tables:
        if len(table.rows) < 2 or not data_row(table.rows[0], table.rows[1]):
            continue
        free = [
            ln
            for ln in lines
            if ln.words and not any(t.contains(w) for t in tables for w in ln.words)
        ]
        above = sorted(
            (ln for ln in free if ln.bottom <= table.top + 1 and _within(ln, table)),
            key=lambda ln: -ln.bottom,
        )
        _adopt(table, above)


def _within(line: Line, table: Table) -> bool:
    """Whether a line lies inside the table's width."""
    tol = 0.02 * (table.x1 - table.x0) + 2
    return line.x0 >= table.x0 - tol and line.x1 <= table.x1 + tol


def _adopt(table: Table, above: list[Line]) -> None:
    """The nearest line above as the header, or the one above it with the nearest as
    its band; nothing when neither names the table's columns."""
    top = table.top
    chain: list[Line] = []
    for line in above[:2]:
        if top - line.bottom > _GAP * line.size:
            break
        chain.append(line)
        top = line.top
    for n, line in enumerate(chain):
        cells = _cells(line, table)
        if cells is None:
            continue
        band = chain[:n]
        if band and len(segments(band[0])) != 1:
            return
        table.rows.insert(0, cells)
        table.top = line.top
        if band and not table.caption:
            table.caption = band[0].text
        return


def _cells(line: Line, table: Table) -> list[str] | None:
    """The line's labels placed in the table's columns, when it names them: two columns
    or more, half of them at least, the first one when the records fill it, no figures,
    and labels set apart by wide gaps (a line of running text has none), each a few
    words."""
    ncols = len(table.rows[0])
    pieces = segments(line)
    if len(pieces) < 2 or any(len(p) > _LABEL_WORDS for p in pieces):
        return None
    words: list[list[Word]] = [[] for _ in range(ncols)]
    for w in line.words:
        c = _column(w, table)
        if c is None:
            return None
        words[c].append(w)
    out = [join_words(ws) for ws in words]
    if any(is_quantity(c) or _LEADERS in c for c in out if c):
        return None
    if any(c and any(row[k] == c for row in table.rows) for k, c in enumerate(out)):
        return None  # a value its column holds below ("NA"): a record, not a name
    named = sum(1 for c in out if c)
    if named < 2 or named * 2 < ncols or (not out[0] and table.rows[0][0]):
        return None
    return out


def _column(w: Word, table: Table) -> int | None:
    """The column a word stands in: between two rules of a ruled table, else the span
    it overlaps most."""
    ncols = len(table.rows[0])
    if table.ruled:
        cx = (w.x0 + w.x1) / 2
        xs = table.columns
        hit = [i for i in range(min(ncols, len(xs) - 1)) if xs[i] - 1 <= cx <= xs[i + 1] + 1]
        return hit[0] if hit else None
    if len(table.spans) != ncols:
        return None
    return column_of([w], table.spans)
