"""Unruled tables on a PDF page: consecutive lines split by wide gaps into pieces that
start (or end) at the same positions line after line."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from datasetkit.knowledge.pdf.extract import Line, Word, starts_list
from datasetkit.knowledge.pdf.group_labels import stacked_header
from datasetkit.knowledge.pdf.header_words import spread
from datasetkit.knowledge.pdf.tablebox import Table, join_words
from datasetkit.knowledge.tableheader import HeaderCell, is_number, names


def _justified(line: Line) -> bool:
    """Whether a line is justified prose: its word spaces all alike (however wide a
    narrow column's justification makes them) and its words mostly in lower case. Table
    cells leave gaps of their own widths between them."""
    ws = line.words
    if len(ws) < 3:
        return False
    gaps = [b.x0 - a.x1 for a, b in itertools.pairwise(ws)]
    if min(gaps) <= 0 or max(gaps) > 1.5 * min(gaps):
        return False
    return sum(1 for w in ws if w.text[:1].islower()) >= 0.6 * len(ws)


def segments(line: Line) -> list[list[Word]]:
    """A line cut where the gap between words is wider than about one em, and before a
    currency sign set apart after an amount (a statement sets "$" at the left of the
    next column, which may come closer than an em to the amount before it)."""
    if _justified(line):
        return [list(line.words)]
    out: list[list[Word]] = [[line.words[0]]]
    for prev, w in zip(line.words, line.words[1:], strict=False):
        if (
            w.x0 - prev.x1 > 1.0 * max(prev.size, w.size)
            or _sign_after_amount(prev, w)
            or _figure_apart(prev, w)
        ):
            out.append([w])
        else:
            out[-1].append(w)
    return out


def _figure_apart(prev: Word, w: Word) -> bool:
    """A figure set more than half an em right of the word before it: the next column
    of a compact table (a typeset table leaves about an em between columns, a word space
    is a third of one; justified prose, where spaces stretch, is never cut). A page
    number after a dot leader stays with its entry: a contents line is no table row, and
    a number in brackets opens an item ("(1) In the ..."), as in a column of text beside,
    and a figure after a sign ("× $85", "= 12") is the rest of a formula in one cell."""
    if not is_number(w.text) or _MARKER.match(w.text):
        return False
    if not any(c.isalnum() for c in prev.text):  # a dot leader, an operator
        return False
    return w.x0 - prev.x1 > _FIGURE_GAP * max(prev.size, w.size)


_MARKER = re.compile(r"^\(\d{1,3}\)$")


# Ems between a figure and the word before it that set it in a column of its own.
_FIGURE_GAP = 0.6


def _sign_after_amount(prev: Word, w: Word) -> bool:
    """A currency sign half an em or more right of an amount: the next amount's sign (a
    sign written after its amount, "1,000 €", stands a word space from it)."""
    if w.text not in _CURRENCY or not any(c.isdigit() for c in prev.text):
        return False
    return w.x0 - prev.x1 > 0.5 * max(prev.size, w.size)


def _undercolumn_of(seg: list[Word], run: list[tuple[Line, list[list[Word]]]]) -> bool:
    """Whether a lone piece of text sits under a column of the run other than the first:
    the second line of a wrapped cell."""
    x = seg[0].x0
    first = min(segs[0][0].x0 for _, segs in run)
    return x > first + 4 and any(abs(s[0].x0 - x) <= 4 for _, segs in run for s in segs[1:])


def _group_row(
    line: Line | None, after: list[Line], run: list[tuple[Line, list[list[Word]]]]
) -> bool:
    """Whether a lone piece of bold text inside a table is a group row ("Ethanol ($/gal)"
    over its rows): it starts at or left of the first column, and the line right under
    it is a row whose cells sit under cells of the run again."""
    if line is None or not line.bold or not after:
        return False
    first = min(segs[0][0].x0 for _, segs in run)
    nxt = after[0]
    if line.x0 > first + 4 or nxt.top - line.bottom > 2.5 * line.size:
        return False
    if abs(line.size - nxt.size) > 0.5:  # a title set larger than the rows ends the table
        return False
    cells = {(round(s[0].x0), round(s[-1].x1)) for _, segs in run for s in segs}
    rest = segments(nxt)[1:]
    return bool(rest) and all(_within(s, cells) for s in rest)


def _section_row(
    line: Line | None, after: list[Line], run: list[tuple[Line, list[list[Word]]]], depth: int = 0
) -> bool:
    """Whether a lone label inside a table of figures is one of its rows: the name of the
    rows below it ("Operating expenses:", "ASSETS:"), or an item with no figure. It ends
    left of every column of the run but the first (in the row labels' column), is set in
    the rows' size, ends with a colon or is bold, or else stands between rows of figures,
    and the line right under it is a row whose other pieces sit under pieces of the run
    (or one more such label over one). A caption, a sentence or a note is no row."""
    if line is None or not after or depth > 1 or len(line.words) > _ROW_LABEL_WORDS:
        return False
    nxt, text = after[0], line.text.strip()
    if nxt.top - line.bottom > 2.5 * line.size or abs(line.size - nxt.size) > 0.5:
        return False
    right = [s[0].x0 for _, segs in run for s in segs[1:]]
    if not right or line.x1 >= min(right) or text.endswith(".") or _CAPTION.match(text):
        return False
    if not (line.bold or text.endswith(":") or _between_figures(run, nxt)):
        return False
    rest = segments(nxt)[1:] if not starts_list(nxt.text) else []
    if not rest:
        return _section_row(nxt, after[1:], run, depth + 1)
    cells = {(round(s[0].x0), round(s[-1].x1)) for _, segs in run for s in segs}
    # A currency sign may stand left of its column's labels.
    return all(_within(s, cells) for s in rest if join_words(s) not in _CURRENCY)


# A row's label is a few words, a long line item a dozen or so.
_ROW_LABEL_WORDS = 14
_CAPTION = re.compile(r"(?i)^(?:table|tab\.|tabelle|tableau|tabla|figure|fig\.|abbildung)\s*\d")


def _between_figures(run: list[tuple[Line, list[list[Word]]]], nxt: Line) -> bool:
    """Whether the line before and the line after a lone label both hold figures right
    of their first piece: the label stands inside the table's records."""

    def figures(segs: list[list[Word]]) -> bool:
        return any(any(c.isdigit() for w in seg for c in w.text) for seg in segs[1:])

    return figures(run[-1][1]) and figures(segments(nxt))


def _midway(line: Line | None, run: list[tuple[Line, list[list[Word]]]], after: list[Line]) -> bool:
    """Whether a lone label is set midway down a header of two lines, overlapping the
    line above it and the line below (a row of cells): the first column's name merged
    down over the header."""
    if line is None or not after or len(segments(after[0])) < 2 or len(line.words) > 4:
        return False
    above, below = run[-1][0], after[0]
    if any(abs(line.size - other.size) > 0.5 for other in (above, below)):
        return False  # a line of the text beside a figure's labels, not a header's
    if line.x1 > min(above.x0, below.x0):
        return False  # the first column's name stands left of the names right of it
    return line.top < above.bottom and below.top < line.bottom


def aligned_tables(lines: list[Line], page: int, width: float) -> list[Table]:
    tables: list[Table] = []
    run: list[tuple[Line, list[list[Word]]]] = []
    lead: Line | None = None  # the line right above the run
    prev: Line | None = None
    groups: set[int] = set()  # the group rows taken into a run
    sections: set[int] = set()  # lone labels of a table of figures (see _section_row)
    for i, line in enumerate([*lines, None]):
        segs = segments(line) if line is not None and not starts_list(line.text) else []
        near = line is not None and run and line.top - run[-1][0].bottom < 2.5 * line.size
        wrap = len(segs) == 1 and bool(run) and _undercolumn_of(segs[0], run)
        if len(segs) == 1 and run and not wrap and _group_row(line, lines[i + 1 :], run):
            groups.add(id(line))
            wrap = True
        elif len(segs) == 1 and run and not wrap and _section_row(line, lines[i + 1 :], run):
            sections.add(id(line))
            wrap = True
        wrap = wrap or (len(segs) == 1 and bool(run) and _midway(line, run, lines[i + 1 :]))
        if line is not None and (len(segs) >= 2 or wrap) and (not run or near):
            if not run:
                lead = prev
            run.append((line, segs))
            prev = line
            continue
        if len(run) >= 3:
            tables.extend(_run_tables(run, groups, sections, lead, page, width))
        run = [(line, segs)] if line is not None and len(segs) >= 2 else []
        lead, prev = (prev if run else None), line
    return tables


def _run_tables(
    run: list[tuple[Line, list[list[Word]]]],
    groups: set[int],
    sections: set[int],
    lead: Line | None,
    page: int,
    width: float,
) -> list[Table]:
    """The run read as one table; when its columns do not line up as one, the pieces its
    group rows part, each read on its own (under the group row above it)."""
    if _numbered_titles(run):
        return []
    table = _aligned(run, page, width, sections)
    if table is not None:
        return [_group_label(_money_columns(table), lead)]
    if not any(id(line) in groups for line, _ in run):
        return []
    out: list[Table] = []
    piece: list[tuple[Line, list[list[Word]]]] = []
    for line, segs in [*run, (None, [])]:
        if line is not None and id(line) not in groups:
            piece.append((line, segs))
            continue
        part = _aligned(piece, page, width, sections) if len(piece) >= 3 else None
        if part is not None:
            out.append(_group_label(_money_columns(part), lead))
        piece, lead = [], line
    return out


_SECTION_NUMBER = re.compile(r"^\d{1,3}(?:\.\d{1,3})*\.?$")


def _numbered_titles(run: list[tuple[Line, list[list[Word]]]]) -> bool:
    """Whether the run is section titles one under the other, each number set apart from
    its title by a wide gap ("2   Creating features" over "2.1   Preparing files"), the
    title wrapping under itself: every line cut in two opens with a section number and
    no figure follows, and the lines are bold or set in two sizes (a section's title
    over its first subsection's). A table's rows share one regular type."""
    split = [(line, segs) for line, segs in run if len(segs) > 1]
    sizes = {round(line.size, 1) for line, _ in split}
    return (
        (all(line.bold for line, _ in run) or len(sizes) > 1)
        and len(split) >= 2
        and all(
            len(segs) == 2
            and _SECTION_NUMBER.match(" ".join(w.text for w in segs[0])) is not None
            and not any(ch.isdigit() for w in segs[1] for ch in w.text[:1])
            for _, segs in split
        )
    )


def _money_columns(table: Table) -> Table:
    """Columns that hold only currency signs ("$" set apart from its amount) joined to
    the column of amounts on their right."""
    ncols = len(table.spans)
    signs = [
        c
        for c in range(ncols - 1)
        if any(r[c] for r in table.rows) and all(not r[c] or r[c] in _CURRENCY for r in table.rows)
    ]
    if not signs:
        return table
    for r in table.rows:
        for c in signs:
            if r[c] and r[c + 1]:
                r[c + 1] = f"{r[c]}{r[c + 1]}"
    for c in sorted(signs, reverse=True):  # the joined column spans sign and amount
        table.spans[c + 1] = (table.spans[c][0], table.spans[c + 1][1])
        table.columns[c + 1] = table.columns[c]
    keep = [c for c in range(ncols) if c not in signs]
    table.rows = [[r[c] for c in keep] for r in table.rows]
    table.spans = [table.spans[c] for c in keep]
    table.columns = [table.columns[c] for c in keep]
    return table


_CURRENCY = ("$", "€", "£", "¥", "₹", "US$", "C$", "A$")


def _group_label(table: Table, lead: Line | None) -> Table:
    """A line right above the table whose one piece of text stands over two or more of
    its columns, right of the first ("Three Months Ended June 30," over "2023 | 2022"):
    a group label of the header, so each column under it is named by both."""
    if lead is None or len(table.rows) < 2 or table.top - lead.bottom > 1.5 * lead.size:
        return table
    segs = segments(lead)
    if len(segs) != 1:
        return table
    x0, x1 = segs[0][0].x0, segs[0][-1].x1
    under = [c for c, (lo, hi) in enumerate(table.spans) if lo < x1 and hi > x0]
    if len(under) < 2 or under[0] == 0 or under != list(range(under[0], under[-1] + 1)):
        return table
    if not all(table.rows[0][c] for c in under):
        return table
    top = [HeaderCell(under[0], len(under), join_words(segs[0]))]
    below = [HeaderCell(c, 1, t) for c, t in enumerate(table.rows[0])]
    table.rows[0] = names([top, below], len(table.rows[0]))
    table.top = min(table.top, lead.top)
    return table


def _sign_column(
    seg: list[Word], rest: list[list[Word]], spans: list[tuple[float, float]]
) -> int | None:
    """The column of the amount a lone currency sign stands before: the column the next
    piece of the line sits in (a statement sets "$" apart at the left of its column)."""
    if len(seg) != 1 or seg[0].text not in _CURRENCY or not rest:
        return None
    return column_of(rest[0], spans)


def _cell_column(seg: list[Word], rest: list[list[Word]], spans: list[tuple[float, float]]) -> int:
    """The column a piece of a row goes to: a lone currency sign to its amount's."""
    col = _sign_column(seg, rest, spans)
    return column_of(seg, spans) if col is None else col


def _sign_spans_joined(
    spans: list[tuple[float, float]], segs: list[list[Word]]
) -> list[tuple[float, float]]:
    """The columns with each one that holds only currency signs (a "$" set in a narrow
    column of its own) joined to the column of amounts on its right."""
    held: dict[int, set[str]] = {}
    for seg in segs:
        held.setdefault(column_of(seg, spans), set()).add(join_words(seg))
    out = list(spans)
    for c in sorted(held, reverse=True):
        if c + 1 < len(out) and held[c] <= set(_CURRENCY):
            out[c : c + 2] = [(out[c][0], out[c + 1][1])]
    return out if len(out) >= 2 else spans


def _joined(cell: str, text: str) -> str:
    """A cell's text with the next piece after it; a currency sign joins its amount."""
    if not cell:
        return text
    return f"{cell}{text}" if cell in _CURRENCY else f"{cell} {text}"


def _anchors(values: list[float], need: float) -> list[list[float]]:
    """Groups of positions within 4 pt of each other, shared by at least ``need`` values."""
    groups: list[list[float]] = []
    for x in sorted(values):
        if groups and x - groups[-1][-1] <= 4:
            groups[-1].append(x)
        else:
            groups.append([x])
    return [g for g in groups if len(g) >= need]


def _spans(
    segs: list[list[Word]], lines: int, firsts: list[list[Word]] | None = None
) -> list[tuple[float, float]] | None:
    """The columns of a run of lines, as (left, right): pieces of text that start at one
    position line after line (left-aligned), or end at one (right-aligned amounts), and
    the row labels of a table of figures, indented by their level (``firsts``, see
    :func:`_label_column`). None when the pieces do not line up: text with wide gaps,
    not a table."""
    owner: dict[int, float] = dict.fromkeys(_label_column(segs, firsts or []), -1e9)
    for group in _anchors([seg[0].x0 for seg in segs], 0.5 * lines):
        for seg in segs:
            if group[0] - 0.1 <= seg[0].x0 <= group[-1] + 0.1:
                owner.setdefault(id(seg), group[0])
    rest = [seg for seg in segs if id(seg) not in owner]
    for group in _anchors([seg[-1].x1 for seg in rest], 0.5 * lines):
        for seg in rest:
            if group[0] - 0.1 <= seg[-1].x1 <= group[-1] + 0.1:
                owner.setdefault(id(seg), -group[-1])  # right-aligned: keyed apart
    spans: dict[float, tuple[float, float]] = {}
    for seg in segs:
        key = owner.get(id(seg))
        if key is not None:
            lo, hi = spans.get(key, (seg[0].x0, seg[-1].x1))
            spans[key] = (min(lo, seg[0].x0), max(hi, seg[-1].x1))
    # A value aligned on its decimal point, or a short word ("unq"), neither starts nor
    # ends where the others do, but sits inside a column they make (words of prose
    # beside a column are not values in it).
    inside = [
        seg
        for seg in segs
        if id(seg) not in owner and _value_like(seg) and _within(seg, spans.values())
    ]
    if len(owner) + len(inside) < 0.8 * len(segs):
        return None
    merged: list[tuple[float, float]] = []
    for lo, hi in sorted(spans.values()):
        if merged and lo < merged[-1][1] - 1:  # one column, text aligned both ways
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged if len(merged) >= 2 else None


def _label_column(segs: list[list[Word]], firsts: list[list[Word]]) -> list[int]:
    """The ids of the lines' first pieces when they make the row labels of a table of
    figures: each ends left of every other piece of the run, and most other pieces are
    figures. A statement indents its line items by level ("Products" under "Net
    sales:", "Total ..." further in), so their left edges need not line up."""
    ids = {id(seg) for seg in firsts}
    others = [seg for seg in segs if id(seg) not in ids]
    if len(firsts) < 3 or not others:
        return []
    if max(seg[-1].x1 for seg in firsts) >= min(seg[0].x0 for seg in others):
        return []
    figures = sum(1 for seg in others if _value_like(seg))
    return list(ids) if figures >= 0.6 * len(others) else []


def _value_like(seg: list[Word]) -> bool:
    """Whether a piece of text reads as a cell value: a figure, or one short word
    ("unq", "n/a", "-")."""
    text = "".join(w.text for w in seg)
    return (len(seg) <= 3 and any(c.isdigit() for c in text)) or (len(seg) == 1 and len(text) <= 4)


def _within(seg: list[Word], spans: Iterable[tuple[float, float]]) -> bool:
    """Whether most of a piece of text lies inside one of ``spans``."""
    x0, x1 = seg[0].x0, seg[-1].x1
    return any(min(x1, hi) - max(x0, lo) >= 0.5 * (x1 - x0) for lo, hi in spans)


def column_of(seg: list[Word], spans: list[tuple[float, float]]) -> int:
    """The column a piece of text sits in: the one it overlaps most, else the nearest."""
    x0, x1 = seg[0].x0, seg[-1].x1
    overlap = [min(x1, hi) - max(x0, lo) for lo, hi in spans]
    best = max(range(len(spans)), key=lambda i: overlap[i])
    if overlap[best] > 0:
        return best
    mid = (x0 + x1) / 2
    return min(range(len(spans)), key=lambda i: abs((spans[i][0] + spans[i][1]) / 2 - mid))


def _header_spread(run: list[tuple[Line, list[list[Word]]]]) -> list[tuple[Line, list[list[Word]]]]:
    """The run with its first line's names cut over the records' columns when they are
    set closer together than the cut (see :mod:`.header_words`)."""
    body = [seg for _, segs in run[1:] for seg in segs]
    firsts = [segs[0] for _, segs in run[1:] if len(segs) > 1 and not _value_like(segs[0])]
    spans = _spans(body, len(run) - 1, firsts) if len(run) >= 3 else None
    pieces = spread(run[0][1], spans) if spans else None
    return [(run[0][0], pieces), *run[1:]] if pieces else run


def _text_columns(rows: list[list[str]]) -> bool:
    """Whether the table is columns of running text set side by side with a narrow
    gutter: every cell of its first row is a run of several words (a header names its
    columns in a word or two) and no cell holds a figure."""
    head = [c for c in rows[0] if c] if rows else []
    if not head or any(len(c.split()) < _TEXT_WORDS for c in head):
        return False
    return not any(is_number(c) for r in rows for c in r)


# Words of a cell that is a line of running text.
_TEXT_WORDS = 4


def _mixed_sizes(run: list[tuple[Line, list[list[Word]]]]) -> bool:
    """Whether most lines of the run join pieces set in sizes a quarter apart or more:
    a table's cells share one type, a page's text and a figure beside it do not."""
    split = [segs for _, segs in run if len(segs) > 1]
    mixed = 0
    for segs in split:
        sizes = [max(w.size for w in seg) for seg in segs]
        mixed += max(sizes) > 1.25 * min(sizes)
    return bool(split) and mixed * 2 > len(split)


def _aligned(
    run: list[tuple[Line, list[list[Word]]]], page: int, width: float, sections: set[int]
) -> Table | None:
    from datasetkit.knowledge.pdf.columns import halves

    if sum(1 for line, _ in run if halves(line, width) is not None) * 2 >= len(run):
        return None  # two columns of running text side by side, not a table
    if _mixed_sizes(run):
        return None  # text beside a figure's title and labels set in smaller type
    run = _header_spread(run)
    # Group rows (a lone bold label over its rows) name no column of their own.
    cut = [segs for line, segs in run if len(segs) > 1 or not (line.bold or id(line) in sections)]
    # The row labels: the first piece of each line of figures (a header's lines hold none).
    labels = [
        segs[0]
        for segs in cut
        if len(segs) > 1 and not _value_like(segs[0]) and any(map(_value_like, segs[1:]))
    ]
    spans = _spans([seg for segs in cut for seg in segs], len(run), labels)
    if spans is None:
        return None
    spans = _sign_spans_joined(spans, [seg for segs in cut for seg in segs])
    rows: list[list[str]] = []
    # A header of several lines (group labels over the names of the columns): one row.
    # A lone label of the records ends the header: the rows it names are records.
    lone = [n for n, (line, _) in enumerate(run) if id(line) in sections]
    stacked = stacked_header([segs for _, segs in run], spans, lone[0] if lone else None)
    if stacked is not None:
        rows.append(stacked[0])
    for _, segs in run[stacked[1] if stacked else 0 :]:
        row = [""] * len(spans)
        cols = [_cell_column(seg, segs[k + 1 :], spans) for k, seg in enumerate(segs)]
        for col, seg in zip(cols, segs, strict=True):
            row[col] = _joined(row[col], join_words(seg))
        if rows and not row[0] and sum(1 for t in row if t) < len(spans):
            # A wrapped cell: the row goes on under the columns it fills.
            rows[-1] = [(a + " " + b).strip() for a, b in zip(rows[-1], row, strict=False)]
        else:
            rows.append(row)
    if _text_columns(rows):
        return None
    first = run[0][0]
    return Table(
        page,
        min(ln.x0 for ln, _ in run),
        min(ln.top for ln, _ in run),
        max(ln.x1 for ln, _ in run),
        max(ln.bottom for ln, _ in run),
        rows,
        [lo for lo, _ in spans],
        first.bold,
        spans=spans,
    )
