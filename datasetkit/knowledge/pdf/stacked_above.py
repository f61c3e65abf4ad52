"""A header of several lines set above a table's records, apart from them.

A financial statement draws its rows as shaded bands or boxes (a grid the grid finder
reads) or sets them as aligned text, and prints its header above them on lines of its
own: a group label ("Three Months Ended") centred over the dates it groups, each date
on one or two lines ("September 30," over "2023"). Between the header and the first
shaded row there may stand a label of the rows below ("Net sales:", "ASSETS:") or a
first record the bands do not cover. The finder starts at the first band, so the table
has no header, and the header lines are read as a table of their own or as text.

A reader sees one table. Here, when a table's first row is no header (a record, or a
label with no figures), the lines right above it are read upward: records and lone
labels of the first column, then header lines, whose pieces stand over the columns
right of the first. The header lines are placed over the table's columns by the
shared header model (:func:`.group_labels.place_header`, group labels spread over the
columns they centre on) and joined into one name per column; the records and labels
between become the table's first rows.
"""

from __future__ import annotations

import itertools

from datasetkit.knowledge.pdf.aligned import column_of, segments
from datasetkit.knowledge.pdf.extract import Line
from datasetkit.knowledge.pdf.group_labels import place_header
from datasetkit.knowledge.pdf.tablebox import Table, join_words
from datasetkit.knowledge.tableheader import cell_kind, data_row, is_quantity, names

# Lines of a header, and of labels and records between it and the table.
_MAX_HEAD, _MAX_BETWEEN = 4, 3
# A header line stands this many line heights or less above the next line down.
_GAP = 1.6
# A column's name is a few words.
_LABEL_WORDS = 6


def stack_headers(tables: list[Table], lines: list[Line]) -> list[Table]:
    """``tables`` with each table that has no header given the header lines set above
    it (see the module's docstring); a table of those lines alone is dropped."""
    used: set[int] = set()
    for table in tables:
        if id(table) in used or not _headless(table):
            continue
        bottom = table.top
        taken = _adopt(table, lines, [t for t in tables if t is not table])
        if taken:
            for other in tables:
                if other is not table and other.top < bottom:
                    inside = [w for ln in lines for w in ln.words if other.contains(w)]
                    if inside and all(id(w) in taken for w in inside):
                        used.add(id(other))
    return [t for t in tables if id(t) not in used]


def _headless(table: Table) -> bool:
    """Whether a table's first row names no column: a record like the row under it, or
    a label with its other cells blank over rows with figures."""
    rows = table.rows
    if len(rows) < 3 or len(rows[0]) < 2:
        return False
    if not any(rows[0][1:]):
        return any(is_quantity(c) for row in rows[1:4] for c in row[1:] if c)
    return data_row(rows[0], rows[1])


def _spans(table: Table) -> list[tuple[float, float]]:
    if table.ruled:
        return list(itertools.pairwise(table.columns))[: len(table.rows[0])]
    return list(table.spans)


def _adopt(table: Table, lines: list[Line], others: list[Table]) -> set[int]:
    """Give ``table`` the header lines above it; the ids of the words taken (none when
    the lines above hold no header)."""
    spans = _spans(table)
    if len(spans) != len(table.rows[0]) or len(spans) < 2:
        return set()
    ruled = [t for t in others if t.ruled]
    above = sorted(
        (
            ln
            for ln in lines
            if ln.words
            and ln.bottom <= table.top + 0.5 * ln.size
            and not any(table.contains(w) for w in ln.words)
            and ln.x0 >= spans[0][0] - 4
            and ln.x1 <= spans[-1][1] + 4
        ),
        key=lambda ln: -ln.bottom,
    )
    head: list[Line] = []
    between: list[list[str]] = []
    top = table.top
    for line in above:
        if top - line.bottom > _GAP * line.size or any(t.contains(line.words[0]) for t in ruled):
            break
        kind = _kind(line, spans)
        if kind == "head" and len(head) < _MAX_HEAD:
            head.append(line)
        elif kind in ("label", "record") and not head and len(between) < _MAX_BETWEEN:
            between.append(_cells(line, spans))
        else:
            break
        top = line.top
    # The header's lowest line names the columns one by one (a lone label there is a
    # band or a title over the table).
    if not head or len(segments(head[0])) < 2:
        return set()
    head = _one_row_each(head[::-1])
    grid = place_header([segments(ln) for ln in head], spans, [], float("inf"))
    header = names(grid, len(spans))
    if sum(1 for name in header[1:] if name) < 2 and len(spans) > 2:
        return set()
    table.rows[:0] = [header, *reversed(between)]
    table.top = head[0].top
    table.header_bold = all(ln.bold for ln in head)
    return {id(w) for ln in above if ln.top >= head[0].top - 1 for w in ln.words}


def _one_row_each(lines: list[Line]) -> list[Line]:
    """The header's lines (top down) with labels set a little higher or lower than
    their neighbours ("Nine Months Ended" two points above "Three Months Ended") joined
    into the row they belong to: lines that overlap by more than half their height."""
    out: list[Line] = []
    for line in lines:
        prev = out[-1] if out else None
        if prev is not None:
            overlap = min(prev.bottom, line.bottom) - max(prev.top, line.top)
            if overlap > 0.5 * min(prev.bottom - prev.top, line.bottom - line.top):
                words = sorted([*prev.words, *line.words], key=lambda w: w.x0)
                out[-1] = Line(words, line.page)
                continue
        out.append(line)
    return out


def _kind(line: Line, spans: list[tuple[float, float]]) -> str:
    """``head`` for a line of column names over the columns right of the first (labels,
    dates, years: no amounts), ``label`` for a lone label in the first column,
    ``record`` for a label with figures in the other columns, ``""`` otherwise."""
    pieces = segments(line)
    first_end = spans[1][0]
    if all(p[0].x0 >= first_end - 8 for p in pieces):
        texts = [join_words(p) for p in pieces]
        if any(len(p) > _LABEL_WORDS for p in pieces):
            return ""
        if any(cell_kind(t) == "amount" and not t.strip().endswith(",") for t in texts):
            return ""
        return "head"
    if pieces[0][-1].x1 > first_end + 2:
        return ""
    if len(pieces) == 1:
        return "label"
    rest = [join_words(p) for p in pieces[1:]]
    return "record" if all(is_quantity(t) or t in _SIGNS for t in rest) else ""


_SIGNS = ("$", "€", "£", "¥", "₹")


def _cells(line: Line, spans: list[tuple[float, float]]) -> list[str]:
    """A line of the first column's label and figures cut into the table's columns."""
    out = [""] * len(spans)
    pieces = segments(line)
    for k, piece in enumerate(pieces):
        if k == 0:
            out[0] = join_words(piece)
            continue
        col = column_of(piece, spans)
        if join_words(piece) in _SIGNS and k + 1 < len(pieces):
            col = column_of(pieces[k + 1], spans)
        text = join_words(piece)
        out[col] = f"{out[col]}{text}" if out[col] in _SIGNS else (out[col] + " " + text).strip()
    return out
