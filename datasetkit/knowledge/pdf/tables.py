"""Tables on a PDF page, as rows of cells.

Five kinds are found, in this order. Ruled grids (:mod:`.grid`): the page draws lines
or cell rectangles. Rule-bounded tables (:mod:`.rulebound`): horizontal rules only, above
the table, under its header and below it. Tables drawn with characters
(:mod:`datasetkit.knowledge.pipetable`): pipes between cells. Fixed-width reports (:mod:`.dashed_tables`):
column labels underlined by runs of dashes. Unruled tables (:mod:`.aligned`): consecutive
lines split by wide gaps into pieces that start at the same positions line after line.
"""

from __future__ import annotations

import itertools
import re

from datasetkit.knowledge.pdf.aligned import aligned_tables, column_of, segments
from datasetkit.knowledge.pdf.dashed_tables import dashed_tables
from datasetkit.knowledge.pdf.extract import Line, PageLayout, Word
from datasetkit.knowledge.pdf.grid import ruled_tables
from datasetkit.knowledge.pdf.header_above import join_headers
from datasetkit.knowledge.pdf.header_line import header_lines
from datasetkit.knowledge.pdf.label_grid import headerless, join_wrapped_labels
from datasetkit.knowledge.pdf.page_frame import without_page_frame
from datasetkit.knowledge.pdf.panels import Box, inside, panel_lines
from datasetkit.knowledge.pdf.rulebound import rulebound_tables
from datasetkit.knowledge.pdf.stacked_above import stack_headers
from datasetkit.knowledge.pdf.tablebox import Table, join_words
from datasetkit.knowledge.pipetable import pipe_tables
from datasetkit.knowledge.tableheader import record_like

__all__ = [
    "Table",
    "another_title",
    "continued_below",
    "continues_mark",
    "find_tables",
    "tail_rows",
]


def find_tables(
    layout: PageLayout, running: frozenset[int] | set[int] = frozenset()
) -> list[Table]:
    """Every table on the page: ruled grids, then rule-bounded tables, then aligned text;
    inside a frame split into panels, each panel is searched on its own first. The
    ``running`` lines (by id: running headers and footers, page numbers) are no table's
    rows: a running header cut in two by a wide gap ("30    Title of the book") would
    otherwise be read as the header of a table at the top of the page."""
    page_lines = [ln for ln in layout.lines if id(ln) not in running]
    words = [w for ln in page_lines for w in ln.words]
    panels: list[Box] = []
    edges = without_page_frame(layout.edges, layout.width, layout.height)
    tables = ruled_tables(edges, words, layout.number, panels, layout.turned)
    if tables:
        tables = _finer_columns(tables, rulebound_tables(layout.edges, words, layout.number))
    ids = {id(w) for w in words if any(t.contains(w) for t in tables)}
    for box in panels:
        lines = panel_lines(box, _free(page_lines, ids))
        found = _unruled(layout, [w for ln in lines for w in ln.words], lines, box[2] - box[0])
        tables.extend(found)
        ids.update(id(w) for w in words if any(t.contains(w) and inside(box, w) for t in found))
    rest = [w for w in words if id(w) not in ids]
    tables.extend(_unruled(layout, rest, _free(page_lines, ids), layout.width))
    tables = [t for t in tables if not _unreadable(t)]
    tables.sort(key=lambda t: t.top)
    found = stack_headers(join_headers(tables, words), page_lines)
    header_lines(found, page_lines)
    for table in found:
        table.headerless = headerless(table, words)
        if table.headerless:
            join_wrapped_labels(table, words)
    return found


def _finer_columns(grids: list[Table], bounded: list[Table]) -> list[Table]:
    """Each ruled grid, or the rule-bounded reading of the same rows when that reading
    has more columns: a table that draws column rules between groups of columns only
    (a paper's "Turns | Lane change | All") and rules across, whose sub-columns stand
    apart by their alignment; the grid reads each group as one column of figures run
    together ("64.7 47.2 2.40")."""
    out = []
    for grid in grids:
        finer = next(
            (
                b
                for b in bounded
                if abs(b.x0 - grid.x0) <= 3
                and abs(b.x1 - grid.x1) <= 3
                and abs(b.bottom - grid.bottom) <= 3
                and len(b.rows) == len(grid.rows)
                and len(b.rows[0]) > len(grid.rows[0])
            ),
            None,
        )
        out.append(finer or grid)
    return out


# A cell whose glyphs the font maps to no character reads as this.
_UNMAPPED = "\ufffd"


def _unreadable(table: Table) -> bool:
    """Whether a third of a table's cells or more hold glyphs that map to no character:
    the labels of a figure or the symbols of a formula set in a math font, standing
    apart as cells do, not a table anyone could read."""
    cells = [c for row in table.rows for c in row if c.strip()]
    return bool(cells) and 3 * sum(1 for c in cells if _UNMAPPED in c) >= len(cells)


def _free(lines: list[Line], ids: set[int]) -> list[Line]:
    return [ln for ln in lines if not any(id(w) in ids for w in ln.words)]


def _unruled(layout: PageLayout, words: list[Word], lines: list[Line], width: float) -> list[Table]:
    """Rule-bounded tables among ``words``, then fixed-width reports, then aligned text
    (not program text) among the ``lines`` they leave."""
    bounded = rulebound_tables(layout.edges, words, layout.number)
    taken = {id(w) for w in words if any(t.contains(w) for t in bounded)}
    free = _free(lines, taken)
    drawn = drawn_tables(free, layout.number)
    free = [ln for ln in free if not any(t.contains(w) for t in drawn for w in ln.words)]
    # A report's labels underlined by dashes fix its columns before alignment is guessed.
    dashed = dashed_tables(free, layout.number)
    free = [ln for ln in free if not any(t.contains(w) for t in dashed for w in ln.words)]
    # Lines in a fixed-width face are program text: their columns are read with the
    # code block they belong to (knowledge.fixed_width), where the whole header is seen.
    free = [ln for ln in free if not ln.mono]
    return [*bounded, *drawn, *dashed, *aligned_tables(free, layout.number, width)]


# ----- the last rows of a table, alone at the top of the next page ------------------------


def _place(table: Table, line: Line) -> list[str] | None:
    """A line's text cut into ``table``'s columns; None when it does not fit them."""
    ncols = len(table.rows[0])
    cells: list[list[Word]] = [[] for _ in range(ncols)]
    if table.ruled:
        xs = table.columns
        for w in line.words:
            inside = [i for i in range(ncols) if xs[i] - 1 <= w.x0 and w.x1 <= xs[i + 1] + 1]
            if not inside:
                return None  # a word across a rule: text, not a row
            cells[inside[0]].append(w)
        for a, b in itertools.pairwise([ws for ws in cells if ws]):
            if b[0].x0 - a[-1].x1 < 0.5 * b[0].size:
                return None  # no cell padding between the pieces: running text
    else:
        for seg in segments(line):
            near = [lo - 4 <= seg[0].x0 <= hi + 4 for lo, hi in table.spans]
            if not any(near):
                return None
            cells[column_of(seg, table.spans)].extend(seg)
    return [join_words(ws) for ws in cells]


def tail_rows(table: Table, lines: list[Line], page: int) -> tuple[Table | None, int]:
    """The lines at the top of a page that finish ``table`` (the last thing on the page
    before), too few to be found as a table of their own: rows whose text sits in its
    columns. The rows as a table, and how many lines they took."""
    if not table.rows:
        return None, 0
    ncols = len(table.rows[0])
    rows: list[list[str]] = []
    used: list[Line] = []
    for line in lines:
        if used and line.top - used[-1].bottom > 2.5 * line.size:
            break
        cells = _place(table, line)
        if cells is None:
            break
        filled = sum(1 for c in cells if c)
        if rows and not cells[0] and filled < ncols:  # a wrapped cell of the row above
            rows[-1] = [(a + " " + b).strip() for a, b in zip(rows[-1], cells, strict=False)]
        elif filled >= 2:
            rows.append(cells)
        else:
            break
        used.append(line)
    if not rows:
        return None, 0
    box = (min(ln.x0 for ln in used), used[0].top, max(ln.x1 for ln in used), used[-1].bottom)
    return Table(page, *box, rows, table.columns, ruled=table.ruled, spans=table.spans), len(used)


# ----- a table that goes on over the next page, under the page's repeated title -----------


def same_columns(a: Table, b: Table) -> bool:
    """Whether two tables have the same columns at the same places (within a few
    points: the columns of one table set on two pages)."""
    if a.ruled != b.ruled or len(a.columns) != len(b.columns) or not a.columns:
        return False
    tol = max(4.0, 0.03 * (a.x1 - a.x0))
    return all(abs(x - y) <= tol for x, y in zip(a.columns, b.columns, strict=True))


def repeated_lead(prev: Table, items: list[Line | Table], before: list[Line]) -> int:
    """How many lines at the top of a page stand between ``prev`` (the table that ended
    the page before) and a table that continues it: lines that repeat, word for word,
    lines of the page before (the page's title set again on every page of the table).
    0 when the first table of the page is not ``prev`` going on."""
    seen = {" ".join(ln.text.split()) for ln in before}
    for n, item in enumerate(items):
        if isinstance(item, Table):
            return n if n and same_columns(prev, item) else 0
        if " ".join(item.text.split()) not in seen:
            return 0
    return 0


# Words a title sets over a table's next part to say it goes on, in the languages the
# reader meets most: "(continued)", "(cont'd)", "(suite)", "Fortsetzung", "(continuación)",
# "(continua)", "(vervolg)", "续", "續", "続き".
_CONTINUES = re.compile(
    r"(?i)\b(?:continued|cont(?:'|’)?d|cont\.|suite|fortsetzung|fortgesetzt|continuaci[oó]n|"
    r"continua(?:ção|cao|zione)?|vervolg|ciąg dalszy)\b|[续續]|続き"
)


def continues_mark(text: str) -> bool:
    """Whether a line says the table above goes on from the page before."""
    return bool(_CONTINUES.search(text))


def another_title(lead: list[Line], shown: list[Line], body: float) -> bool:
    """Whether a line of ``lead`` (above a table's next part) is the title of another
    table: set bold or above the body size, and new (the pages of the table's first and
    last parts, ``shown``, never set it, so it is no running header nor the table's title
    again), unless it says the table goes on ("(continued)"). A group's statement and
    then its parent's have the same columns and header."""
    seen = {_plain(ln.text) for ln in shown}
    return any(
        _plain(ln.text) not in seen
        and not continues_mark(ln.text)
        and any(w.bold or w.size > body + 0.5 for w in ln.words)
        for ln in lead
    )


def _plain(text: str) -> str:
    """A line's words without spaces, digits and case: a running header or a repeated
    title reads the same on every page but for its page number."""
    return re.sub(r"[\s\d]+", "", text).casefold()


# A few lines may stand over a table's next part: a running header the page alone
# sets (too rare to be found as furniture), a title "(continued)".
_LEAD_LINES = 2


def continued_below(head: Table, last: Table, items: list[Line | Table]) -> int:
    """How many lines at the top of a page stand above a table that goes on from the
    table ``head`` starts and ``last`` (on the page before) ends: a table with the same
    columns at the same places whose first row is ``head``'s header again or a record
    like ``last``'s rows (a header of its own makes it another table). 0 when there is
    none, or nothing stands above it (that case joins by itself)."""
    for n, item in enumerate(items[: _LEAD_LINES + 1]):
        if not isinstance(item, Table):
            continue
        if n == 0 or not item.rows or not same_columns(last, item):
            return 0
        body = last.rows[1:] if last is head else last.rows
        first = item.rows[0]
        return n if first == head.rows[0] or record_like(first, body) else 0
    return 0


# ----- tables drawn with characters: pipes between cells, dashes between rows -------------


def drawn_tables(lines: list[Line], page: int) -> list[Table]:
    """Tables drawn with pipes and dashes in the text (see :mod:`..pipetable`), as
    tables of the page. Their columns have no positions on the page: each column's
    index stands for it, so that the parts of one table on several pages match."""
    out: list[Table] = []
    for found in pipe_tables([ln.text for ln in lines]):
        used = lines[found.start : found.end]
        rows = [found.header, *found.rows] if found.header else found.rows
        ncols = len(rows[0])
        box = (min(ln.x0 for ln in used), used[0].top, max(ln.x1 for ln in used), used[-1].bottom)
        table = Table(page, *box, rows, [float(k) for k in range(ncols + 1)])
        table.notes = found.notes
        out.append(table)
    return out
