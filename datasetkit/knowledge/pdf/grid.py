"""Ruled tables on a PDF page: the page draws lines or cell rectangles, and the grid
they form gives the rows and columns (a missing rule inside a row is a merged cell)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from datasetkit.knowledge.pdf.extract import Edge, Word
from datasetkit.knowledge.pdf.panels import Box, panel_boxes
from datasetkit.knowledge.pdf.side_labels import side_labels
from datasetkit.knowledge.pdf.tablebox import (
    Table,
    baseline_rows,
    cell_text,
    join_words,
    unspaced,
)
from datasetkit.knowledge.pdf.turned import place_turned
from datasetkit.knowledge.tableheader import (
    HeaderCell,
    header_rows,
    is_number,
    label_rows,
    names,
    names_columns_over_figures,
    split_note,
)

_SNAP = 2.0  # points: rules closer than this are one rule
_MIN_COLUMN = 6.0  # points: no column of text is narrower
# points: two rules closer than this, with no text between them, are one double rule
_DOUBLE_RULE = 12.0
# points: a column rule drawn row by row may stop this far short of the row rules it meets
_SIDE_GAP = 3.5
_PADDING = 10.0  # points: a box around a cell's text lies at most this far inside the cell
# Rule pairs checked for crossings on one page; a page with more is a drawing.
_MAX_CROSSINGS = 1_000_000


def _merge(edges: list[Edge], horizontal: bool) -> list[Edge]:
    """Collinear edges that touch or overlap joined into one."""
    key = (
        (lambda e: (round(e.top / _SNAP), e.x0))
        if horizontal
        else (lambda e: (round(e.x0 / _SNAP), e.top))
    )
    out: list[Edge] = []
    for e in sorted(edges, key=key):
        if out:
            p = out[-1]
            # Rules 2 pt apart may round to neighbouring keys, so they need not come in
            # order along the rule: each must reach the other, and the joined rule takes
            # in both ends.
            if (
                horizontal
                and abs(p.top - e.top) <= _SNAP
                and e.x0 <= p.x1 + _SNAP
                and e.x1 >= p.x0 - _SNAP
            ):
                p.x0, p.x1 = min(p.x0, e.x0), max(p.x1, e.x1)
                continue
            if (
                not horizontal
                and abs(p.x0 - e.x0) <= _SNAP
                and e.top <= p.bottom + _SNAP
                and e.bottom >= p.top - _SNAP
            ):
                p.top, p.bottom = min(p.top, e.top), max(p.bottom, e.bottom)
                continue
        out.append(Edge(e.x0, e.top, e.x1, e.bottom))
    return out


def _touch(h: Edge, v: Edge) -> bool:
    """Whether two rules cross or meet."""
    return h.x0 - _SNAP <= v.x0 <= h.x1 + _SNAP and v.top - _SNAP <= h.top <= v.bottom + _SNAP


def _sides_to_rules(hs: list[Edge], vs: list[Edge]) -> list[Edge]:
    """Vertical rules with each cell side drawn on its own stretched to the row rules it
    stops short of. Word processors export a table's borders cell by cell: a side runs
    between the inner edges of the rules above and below its row, up to
    :data:`_SIDE_GAP` short of each. Only a side whose BOTH ends are at or just short of a
    rule crossing it is one; a rule that ends near a single line is left as drawn."""
    out: list[Edge] = []
    for v in vs:
        across = [h for h in hs if h.x0 - _SNAP <= v.x0 <= h.x1 + _SNAP]
        above = [h.top for h in across if v.top - _SIDE_GAP <= h.top <= v.top + _SNAP]
        below = [h.top for h in across if v.bottom - _SNAP <= h.top <= v.bottom + _SIDE_GAP]
        if above and below:
            v = Edge(v.x0, min(v.top, max(above)), v.x1, max(v.bottom, min(below)))
        out.append(v)
    return out


def _clusters(hs: list[Edge], vs: list[Edge]) -> list[tuple[list[Edge], list[Edge]]]:
    """Groups of horizontal and vertical rules connected by crossings."""
    parent = list(range(len(hs) + len(vs)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, h in enumerate(hs):
        for j, v in enumerate(vs):
            if _touch(h, v):
                parent[find(i)] = find(len(hs) + j)
    groups: dict[int, tuple[list[Edge], list[Edge]]] = {}
    for i, h in enumerate(hs):
        groups.setdefault(find(i), ([], []))[0].append(h)
    for j, v in enumerate(vs):
        groups.setdefault(find(len(hs) + j), ([], []))[1].append(v)
    return [g for g in groups.values() if len(g[0]) >= 2 and len(g[1]) >= 2]


def _positions(values: list[tuple[float, float]]) -> list[float]:
    """Rule positions that carry at least half as much rule as the most-ruled one.

    Rectangles drawn around a cell's text (padding boxes) add short rules that do
    not divide the table; they are dropped here.
    """
    out: list[tuple[float, float]] = []
    for pos, length in sorted(values):
        if out and pos - out[-1][0] <= _SNAP:
            out[-1] = (out[-1][0], out[-1][1] + length)
        else:
            out.append((pos, length))
    most = max((covered for _, covered in out), default=0.0)
    return [p for p, covered in out if covered >= 0.5 * most]


def _stack(groups: list[tuple[list[Edge], list[Edge]]]) -> list[tuple[list[Edge], list[Edge]]]:
    """Clusters one above the other with the same columns joined: a table whose rows
    are shaded every other row draws nothing around the unshaded ones.

    Only a band (one shaded row: two horizontal rules) joins; two ruled tables of the
    same columns, one under the other, stay two tables.
    """

    def columns(g: tuple[list[Edge], list[Edge]]) -> list[float]:
        return _positions([(e.x0, e.bottom - e.top) for e in g[1]])

    def band(g: tuple[list[Edge], list[Edge]]) -> bool:
        return len(_positions([(e.top, e.x1 - e.x0) for e in g[0]])) <= 2

    groups = sorted(groups, key=lambda g: min(e.top for e in g[0]))
    out: list[tuple[list[Edge], list[Edge]]] = []
    last: tuple[list[Edge], list[Edge]] | None = None  # the cluster joined last
    for g in groups:
        if out and last is not None and (band(last) or band(g)):
            prev = out[-1]
            a, b = columns(prev), columns(g)
            gap = min(e.top for e in g[0]) - max(e.top for e in prev[0])
            height = max(e.bottom for e in prev[1]) - min(e.top for e in prev[1])
            same = len(a) == len(b) and all(abs(x - y) <= _SNAP for x, y in zip(a, b, strict=False))
            if same and gap <= max(40.0, height):
                out[-1] = (prev[0] + g[0], prev[1] + g[1])
                last = g
                continue
        out.append(g)
        last = g
    return out


def _covered(edges: list[Edge], pos: float, lo: float, hi: float, horizontal: bool) -> bool:
    """Whether a rule at ``pos`` runs through the middle of [lo, hi]."""
    mid = (lo + hi) / 2
    for e in edges:
        if horizontal and abs(e.top - pos) <= _SNAP and e.x0 - _SNAP <= mid <= e.x1 + _SNAP:
            return True
        if not horizontal and abs(e.x0 - pos) <= _SNAP and e.top - _SNAP <= mid <= e.bottom + _SNAP:
            return True
    return False


def ruled_tables(
    edges: list[Edge],
    words: list[Word],
    page: int,
    panels: list[Box] | None = None,
    turned: list[Word] | None = None,
) -> list[Table]:
    """Ruled grids on the page; the panels of a frame that only divides the page are
    added to ``panels`` instead, for their content to be read on its own. ``turned``:
    the page's characters set on their side (labels of narrow columns)."""
    hs = _merge([e for e in edges if e.horizontal], True)
    vs = [e for e in edges if not e.horizontal]
    tables: list[Table] = []
    if len(hs) * len(vs) > _MAX_CROSSINGS:
        return tables  # a chart or a drawing of thousands of strokes, not a table to read
    vs = _merge(_sides_to_rules(hs, vs), False)
    for gh, gv in _stack(_clusters(hs, vs)):
        x0, x1 = min(e.x0 for e in gh), max(e.x1 for e in gh)
        top, bottom = min(e.top for e in gv), max(e.bottom for e in gv)
        if x1 - x0 < 20 or bottom - top < 8:
            continue
        boxes = panel_boxes(gh, gv)
        if boxes:
            (panels if panels is not None else []).extend(boxes)
            continue
        top, bottom = min(top, min(e.top for e in gh)), max(bottom, max(e.top for e in gh))
        ys = _positions([(e.top, e.x1 - e.x0) for e in gh])
        xs = _positions([(e.x0, e.bottom - e.top) for e in gv])
        if len(xs) < 3 or len(ys) < 2:
            continue  # a box around text, or a single rule: not a table
        ys = _with_partial_rules(ys, xs, gh, True)
        xs = _with_partial_rules(xs, ys, gv, False)
        raw = [e for e in edges if not e.horizontal]
        xs, ys = _open_sides(xs, ys, (x0, top, x1, bottom), raw)
        ys = _split_at_stops(ys, xs, raw, words)
        # A thin gap between two cells' backgrounds is drawn by two rules: one edge.
        xs = [x for i, x in enumerate(xs) if i == 0 or x - xs[i - 1] > _MIN_COLUMN]
        if len(xs) < 3:
            continue
        found = side_labels(xs, ys, words, vs)
        if found is not None:
            # The labels beside it: the grid's first column, its rows ruled as the grid's.
            left = found[0] - 1.0
            gh = [_widened(e, xs[0], left) for e in gh]
            xs = [left, *xs]
        tables.extend(_fill(xs, ys, (gh, gv), words, page, turned or []))
    return tables


def _widened(rule: Edge, x0: float, left: float) -> Edge:
    """A horizontal rule that starts at the grid's left edge, drawn on to ``left``."""
    if abs(rule.x0 - x0) > _SNAP:
        return rule
    return Edge(left, rule.top, rule.x1, rule.bottom)


def _open_sides(
    xs: list[float], ys: list[float], box: tuple[float, float, float, float], verticals: list[Edge]
) -> tuple[list[float], list[float]]:
    """Column and row positions of a grid drawn without some of its outer rules (no sides,
    or no bottom rule where it goes on over the page) or without rules between its rows:
    the ends of the rules it does draw close it, and where every rule between two columns
    stops and starts again, a row ends."""
    x0, top, x1, bottom = box
    xs = [*([x0] if xs[0] - x0 > _MIN_COLUMN else []), *xs]
    xs = [*xs, *([x1] if x1 - xs[-1] > _MIN_COLUMN else [])]
    ys = [*([top] if ys[0] - top > _MIN_COLUMN else []), *ys]
    ys = [*ys, *([bottom] if bottom - ys[-1] > _MIN_COLUMN else [])]
    inner = xs[1:-1]
    ends: dict[int, list[float]] = {}
    for v in verticals:
        k = next((i for i, x in enumerate(inner) if abs(v.x0 - x) <= _SNAP), None)
        if k is not None and top - _SNAP <= v.top and v.bottom <= bottom + _SNAP:
            ends.setdefault(k, []).extend((v.top, v.bottom))
    if len(ends) < len(inner) or not inner:
        return xs, ys
    breaks = [
        y
        for y in sorted(ends[0])
        if all(any(abs(y - e) <= _SNAP for e in ends[k]) for k in range(1, len(inner)))
        and all(abs(y - r) > _PADDING for r in ys)
    ]
    merged: list[float] = []
    for y in sorted([*ys, *breaks]):
        if not merged or y - merged[-1] > _SNAP:
            merged.append(y)
    return xs, merged


def _split_at_stops(
    ys: list[float], xs: list[float], verticals: list[Edge], words: list[Word]
) -> list[float]:
    """Row positions with a row boundary where two or more column rules start or stop
    inside a row, between its lines of text: sub-column labels ruled apart under a group
    label that is not, with no rule drawn between the two lines. (A box around a cell's
    text stops there too, but its sides are no column rules.)"""
    x0, x1 = xs[0], xs[-1]
    stops: dict[int, set[int]] = {}
    for v in verticals:
        if any(abs(v.x0 - x) <= _SNAP for x in xs[1:-1]):
            for y in (v.top, v.bottom):
                if ys[0] + _SNAP < y < ys[-1] - _SNAP and all(abs(y - r) > _SNAP for r in ys):
                    stops.setdefault(round(y), set()).add(round(v.x0))
    found: list[float] = []
    for y in sorted(stops):
        near = set().union(*(stops.get(y + k, set()) for k in (-1, 0, 1)))
        if len(near) < 2 or (found and y - found[-1] <= _SNAP):
            continue
        if not any(w.top + 1 < y < w.bottom - 1 and x0 <= w.x0 <= x1 for w in words):
            found.append(float(y))
    return sorted({*ys, *found})


def _line_rows(cells: list[list[Word]], owner: list[int]) -> list[list[str]]:
    """A row whose cells hold one line per record (rows ruled in groups: five states,
    then a rule) as a row per line: every cell with text has the same number of lines,
    two or more, one of them mostly figures, and no cell is merged. Empty otherwise."""
    if owner != list(range(len(owner))):
        return []
    lines = [baseline_rows(ws) for ws in cells]
    counts = {len(ls) for ls in lines if ls}
    if len(counts) != 1 or sum(1 for ls in lines if ls) < 2:
        return []
    n = counts.pop()
    figures = any(sum(1 for ln in ls if is_number(join_words(ln))) * 2 > n for ls in lines if ls)
    if n < 2 or not figures:
        return []
    return [[join_words(ls[k]) if ls else "" for ls in lines] for k in range(n)]


def _with_partial_rules(
    found: list[float], across: list[float], rules: list[Edge], horizontal: bool
) -> list[float]:
    """Rule positions with the rules that run along only some of the rows or columns but
    across two or more of them: the rule under a label over a group of columns, or
    between two columns that another table in the same frame merges (a rule inside one
    cell, or one a few points inside a cell's rules, pads its text)."""

    def span(e: Edge) -> tuple[float, float, float]:
        return (e.top, e.x0, e.x1) if horizontal else (e.x0, e.top, e.bottom)

    extra = []
    for e in rules:
        pos, lo, hi = span(e)
        crossed = sum(
            1 for a, b in itertools.pairwise(across) if lo - _SNAP <= a and b <= hi + _SNAP
        )
        # A box drawn around a cell's text (its padding) lies a few points inside the
        # cell's own rules; a rule between cells lies a row or a column away from them.
        new = not any(abs(pos - y) <= _PADDING for y in found)
        if crossed >= 2 and new and found[0] < pos < found[-1]:
            extra.append(pos)
    merged: list[float] = []
    for pos in sorted({*found, *extra}):
        if not merged or pos - merged[-1] > _SNAP:
            merged.append(pos)
    return merged


def _fill(
    xs: list[float],
    ys: list[float],
    rules: tuple[list[Edge], list[Edge]],
    words: list[Word],
    page: int,
    turned: list[Word],
) -> list[Table]:
    horizontals, verticals = rules
    ncols, nrows = len(xs) - 1, len(ys) - 1
    cells: list[list[list[Word]]] = [[[] for _ in range(ncols)] for _ in range(nrows)]
    for w in words:
        cx, cy = (w.x0 + w.x1) / 2, (w.top + w.bottom) / 2
        if not (xs[0] <= cx <= xs[-1] and ys[0] <= cy <= ys[-1]):
            continue
        r = next(i for i in range(nrows) if cy <= ys[i + 1])
        c = next(i for i in range(ncols) if cx <= xs[i + 1])
        cells[r][c].append(w)
    place_turned(cells, xs, ys, turned)
    rows: list[list[str]] = []
    owners: list[list[int]] = []
    used: list[int] = []
    for r in range(nrows):
        texts = [cell_text(ws) for ws in cells[r]]
        if not any(texts):
            continue
        owner = _merge_spans(texts, cells[r], xs, (ys[r], ys[r + 1]), verticals)
        for line in _line_rows(cells[r], owner) or [texts]:
            owners.append(owner)
            rows.append(line)
            used.append(r)
    filled = sum(1 for row in rows for t in row if t)
    if len(rows) < 2 or filled < 3 or _plot_grid(rows, filled, nrows):
        return []
    out = []
    for lo, hi in _parts(rows, owners):
        part = _Part(rows[lo:hi], owners[lo:hi], used[lo:hi])
        table = _part_table(part, xs, ys, (horizontals, cells), page)
        if table is not None:
            out.append(table)
    return out


def _plot_grid(rows: list[list[str]], filled: int, nrows: int) -> bool:
    """Whether a grid of ``nrows`` rows (``rows`` are those with text) is a chart's
    gridlines, not a table: nearly all of its cells are empty and what text it holds is
    tick labels and axis names (figures, single letters, signs), not a word a table's
    header or records would hold."""
    ncols = len(rows[0])
    if ncols < 4 or 4 * filled >= nrows * ncols:
        return False
    return all(len(token) <= _TICK for row in rows for t in row for token in t.split())


# A chart's tick label or axis name is at most this long ("0.25", "x", "−1").
_TICK = 4


@dataclass
class _Part:
    """Rows of a grid read as one table: their cells' texts, which column's cell covers
    each column (merged cells), and their row numbers in the grid."""

    rows: list[list[str]]
    owners: list[list[int]]
    used: list[int]


def _starts(owners: list[list[int]]) -> set[int]:
    return {c for owner in owners for c in range(len(owner)) if owner[c] == c}


def _parts(rows: list[list[str]], owners: list[list[int]]) -> list[tuple[int, int]]:
    """The grid cut before each row that is one cell across it (a title) when the rows
    after it are cut into other columns than the rows before: several tables drawn in
    one frame, each under its own title."""
    cuts = [0]
    for r in range(1, len(rows) - 2):
        if len(set(owners[r])) == 1 and rows[r][0]:
            after = next((k for k in range(r + 1, len(rows)) if len(set(owners[k])) == 1), None)
            below = owners[r + 1 : after or len(rows)]
            table = any(len(set(o)) > 1 for o in below)
            if table and _starts(owners[cuts[-1] : r]) != _starts(below):
                cuts.append(r)
    return list(itertools.pairwise([*cuts, len(rows)]))


def _part_table(
    part: _Part,
    xs: list[float],
    ys: list[float],
    grid: tuple[list[Edge], list[list[list[Word]]]],
    page: int,
) -> Table | None:
    horizontals, cells = grid
    rows, owners, used = part.rows, part.owners, part.used
    # Columns no row of this part starts a cell in are inside merged cells all the way
    # down: not columns of this table; nor is a gap between two rules set close together
    # (a double rule) that holds no text in any row.
    keep = sorted(_starts(owners) - _blank_gaps(rows, owners, xs))
    if len(keep) < len(xs) - 1:
        rows = [[row[c] for c in keep] for row in rows]
        owners = [[keep.index(owner[c]) for c in keep] for owner in owners]
        xs = [*(xs[c] for c in keep), xs[-1]]
    ncols = len(xs) - 1
    titles: list[str] = []
    while len(rows) >= 3 and len(set(owners[0])) == 1 and _cut_below(rows[1:3]):
        # One cell across the whole first row, over header rows: the table's caption.
        titles.append(rows[0][0])
        rows, owners, used = rows[1:], owners[1:], used[1:]
    if len(rows) >= 4 and not any(rows[0][1:]) and names_columns_over_figures(*rows[1:3]):
        # A note alone in the first cell ("Effective <date>") over the row that names the
        # columns: the table's caption, not the header of its first column.
        titles.append(rows[0][0])
        rows, owners, used = rows[1:], owners[1:], used[1:]
    notes: list[str] = []
    while len(rows) >= 3 and len(set(owners[-1])) == 1 and _cut_below(rows[-3:-1]):
        # One cell across the whole last row, under the records: a note on the table.
        notes.insert(0, rows[-1][0])
        rows, owners, used = rows[:-1], owners[:-1], used[:-1]
    caption = " ".join(titles) or None
    bold_header = all(w.bold for ws in cells[used[0]] for w in ws)
    rows = _joined_down(rows, used, xs, (ys, horizontals))
    grids = [
        [HeaderCell(c, owner.count(c), row[c]) for c in sorted(set(owner))]
        for row, owner in zip(rows[:4], owners[:4], strict=True)
    ]
    depth = len(header_rows(grids))
    staggered = label_rows(rows)
    if staggered > depth:
        depth = staggered
        grids = [
            [HeaderCell(c, owner.count(c), split_note(row[c])[0]) for c in sorted(set(owner))]
            for row, owner in zip(rows[:depth], owners[:depth], strict=True)
        ]
    if depth >= 2:
        # Labels over groups of columns, row under row: one name per column.
        rows, xs = _without_spacers([names(grids[:depth], ncols), *rows[depth:]], grids, xs)
    elif len(rows) >= 3 and used[1] == used[0] + 1:
        # Cells of the first row that go on down into the second: no rule between them.
        rule = ys[used[1]]
        down = [not _covered(horizontals, rule, xs[c], xs[c + 1], True) for c in range(ncols)]
        rows = _two_level_header(rows, owners[0], down)
    top, bottom = ys[part.used[0]], ys[part.used[-1] + 1]
    table = Table(page, xs[0], top, xs[-1], bottom, rows, xs, bold_header, ruled=True)
    table.caption, table.notes = caption, notes
    return table


def _blank_gaps(rows: list[list[str]], owners: list[list[int]], xs: list[float]) -> set[int]:
    """Narrow columns empty in every row, header included, each row's cell there its own
    (no cell spans into or out of it): the space between two rules set close together,
    not a column (a wide empty column may be a table's column blank on this page). A
    table keeps two columns at least."""
    ncols = len(rows[0]) if rows else 0
    gaps = {
        c
        for c in range(ncols)
        if xs[c + 1] - xs[c] < _DOUBLE_RULE
        and not any(row[c].strip() for row in rows)
        and all(owner[c] == c and owner.count(c) == 1 for owner in owners)
    }
    return gaps if ncols - len(gaps) >= 2 else set()


def _cut_below(rows: list[list[str]]) -> bool:
    """Whether one of these rows fills two cells or more: rows of a table."""
    return any(sum(1 for t in row if t) >= 2 for row in rows)


def _without_spacers(
    rows: list[list[str]], grids: list[list[HeaderCell]], xs: list[float]
) -> tuple[list[list[str]], list[float]]:
    """The table without its spacer columns: empty in every record and named by no label
    of their own (only by one spread over them from a column to their left)."""
    own = {cell.col for grid in grids for cell in grid if cell.text}
    keep = [c for c in range(len(rows[0])) if c in own or any(row[c] for row in rows[1:])]
    if len(keep) == len(rows[0]) or len(keep) < 2:
        return rows, xs
    return [[row[c] for c in keep] for row in rows], [*(xs[c] for c in keep), xs[-1]]


def _joined_down(
    rows: list[list[str]],
    used: list[int],
    xs: list[float],
    rules: tuple[list[float], list[Edge]],
) -> list[list[str]]:
    """The top rows with the text of a cell that runs on into the row below (no rule
    between them in its column, where other columns have one) kept whole in the upper
    row: a label merged down over two header rows, its lines split between them."""
    ys, horizontals = rules
    rows = [list(r) for r in rows]
    for k in range(min(3, len(rows) - 2)):
        if used[k + 1] != used[k] + 1:
            continue
        ruled = [
            _covered(horizontals, ys[used[k + 1]], xs[c], xs[c + 1], True)
            for c in range(len(xs) - 1)
        ]
        if not any(ruled):
            continue  # rows told apart by where the column rules stop, not by a rule
        for c in range(len(xs) - 1):
            upper, lower = rows[k][c], rows[k + 1][c]
            if not upper or not lower:
                continue
            if ruled[c]:
                continue
            glue = "" if unspaced(upper[-1]) and unspaced(lower[0]) else " "
            rows[k][c], rows[k + 1][c] = upper + glue + lower, ""
    return rows


def _two_level_header(rows: list[list[str]], owner: list[int], down: list[bool]) -> list[list[str]]:
    """A header of two rows made one (the shared header model): a cell spanning columns in
    the first row names each column under it ("In network Eye exam", "In network
    Lenses"), a cell spanning both rows names its column. A first row that is one cell
    across the table (a caption) is left as it is."""
    first, second = rows[0], rows[1]
    spanned = any(owner[c] != c and first[owner[c]] for c in range(len(first)))
    if not (spanned or any(down)) or len(set(owner)) == 1:
        return rows
    top = [HeaderCell(c, owner.count(c), first[c]) for c in sorted(set(owner)) if first[c]]
    # A cell spanning both rows shows its text in one of them: it names its column once.
    below = [
        HeaderCell(c, 1, "" if down[c] and first[c] else second[c]) for c in range(len(second))
    ]
    return [names([top, below], len(first)), *rows[2:]]


def _merge_spans(
    texts: list[str],
    words: list[list[Word]],
    xs: list[float],
    band: tuple[float, float],
    verticals: list[Edge],
) -> list[int]:
    """No rule between two columns in a row that has rules elsewhere: one merged cell,
    its text (its words read line by line across the columns it spans) kept in the
    first of them. Rows drawn with no rules at all, not even at the table's sides
    (unshaded rows of a striped table), are left as they are. Returns, per column, the
    column whose cell covers it."""
    lo, hi = band
    ruled = [_covered(verticals, x, lo, hi, False) for x in xs[1:-1]]
    owners = list(range(len(texts)))
    boxed = _covered(verticals, xs[0], lo, hi, False) and _covered(verticals, xs[-1], lo, hi, False)
    if not any(ruled) and not boxed:
        return owners
    owner = 0
    for c in range(1, len(texts)):
        if ruled[c - 1]:
            owner = c
        else:
            owners[c] = owner
            texts[c] = ""
    for c in set(owners):
        spanned = [w for k, ws in enumerate(words) if owners[k] == c for w in ws]
        texts[c] = cell_text(spanned)
    return owners
