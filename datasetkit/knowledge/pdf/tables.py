"""Tables on a PDF page, as rows of cells.

Two kinds are found. Ruled tables: the page draws lines or cell rectangles, and the
grid they form gives the rows and columns (a missing rule inside a row is a merged
cell). Unruled tables: consecutive lines split by wide gaps into pieces that start
at the same positions line after line.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from datasetkit.knowledge.pdf.extract import Edge, Line, PageLayout, Word, starts_list
from datasetkit.knowledge.tableheader import HeaderCell, names

_SNAP = 2.0  # points: rules closer than this are one rule
# Rule pairs checked for crossings on one page; a page with more is a drawing.
_MAX_CROSSINGS = 1_000_000


@dataclass
class Table:
    """A table found on one page: its box, its cells row by row, and its column edges."""

    page: int
    x0: float
    top: float
    x1: float
    bottom: float
    rows: list[list[str]]
    columns: list[float] = field(default_factory=list)
    header_bold: bool = False
    # Ruled: ``columns`` are the rule positions (one more than the cells); else the
    # left edges of the columns' text, and ``spans`` their extent (left, right).
    ruled: bool = False
    spans: list[tuple[float, float]] = field(default_factory=list)
    # A title set in the table's first row, across all its columns.
    caption: str | None = None

    def contains(self, w: Word) -> bool:
        """Whether a word's centre lies in the table's box."""
        cx, cy = (w.x0 + w.x1) / 2, (w.top + w.bottom) / 2
        return self.x0 - 1 <= cx <= self.x1 + 1 and self.top - 1 <= cy <= self.bottom + 1


def find_tables(layout: PageLayout) -> list[Table]:
    """Every table on the page, ruled ones first, top to bottom."""
    words = [w for ln in layout.lines for w in ln.words]
    tables = _ruled(layout.edges, words, layout.number)
    taken = [w for w in words if any(t.contains(w) for t in tables)]
    ids = {id(w) for w in taken}
    free = [ln for ln in layout.lines if not any(id(w) in ids for w in ln.words)]
    tables.extend(_unruled(free, layout.number, layout.width))
    tables.sort(key=lambda t: t.top)
    return tables


# ----- ruled tables ------------------------------------------------------------------


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
            if horizontal and abs(p.top - e.top) <= _SNAP and e.x0 <= p.x1 + _SNAP:
                p.x1 = max(p.x1, e.x1)
                continue
            if not horizontal and abs(p.x0 - e.x0) <= _SNAP and e.top <= p.bottom + _SNAP:
                p.bottom = max(p.bottom, e.bottom)
                continue
        out.append(Edge(e.x0, e.top, e.x1, e.bottom))
    return out


def _touch(h: Edge, v: Edge) -> bool:
    return h.x0 - _SNAP <= v.x0 <= h.x1 + _SNAP and v.top - _SNAP <= h.top <= v.bottom + _SNAP


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


def _ruled(edges: list[Edge], words: list[Word], page: int) -> list[Table]:
    hs = _merge([e for e in edges if e.horizontal], True)
    vs = _merge([e for e in edges if not e.horizontal], False)
    tables: list[Table] = []
    if len(hs) * len(vs) > _MAX_CROSSINGS:
        return tables  # a chart or a drawing of thousands of strokes, not a table to read
    for gh, gv in _stack(_clusters(hs, vs)):
        x0, x1 = min(e.x0 for e in gh), max(e.x1 for e in gh)
        top, bottom = min(e.top for e in gv), max(e.bottom for e in gv)
        if x1 - x0 < 20 or bottom - top < 8:
            continue
        top, bottom = min(top, min(e.top for e in gh)), max(bottom, max(e.top for e in gh))
        ys = _positions([(e.top, e.x1 - e.x0) for e in gh])
        xs = _positions([(e.x0, e.bottom - e.top) for e in gv])
        if len(xs) < 3 or len(ys) < 2:
            continue  # a box around text, or a single rule: not a table
        table = _fill(xs, ys, (gh, gv), words, page)
        if table is not None:
            tables.append(table)
    return tables


def _fill(
    xs: list[float],
    ys: list[float],
    rules: tuple[list[Edge], list[Edge]],
    words: list[Word],
    page: int,
) -> Table | None:
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
    rows: list[list[str]] = []
    owners: list[list[int]] = []
    used: list[int] = []
    for r in range(nrows):
        texts = [cell_text(ws) for ws in cells[r]]
        if not any(texts):
            continue
        owners.append(_merge_spans(texts, cells[r], xs, (ys[r], ys[r + 1]), verticals))
        rows.append(texts)
        used.append(r)
    filled = sum(1 for row in rows for t in row if t)
    if len(rows) < 2 or filled < 3:
        return None
    caption = None
    if len(rows) >= 3 and len(set(owners[0])) == 1 and sum(1 for t in rows[1] if t) >= 2:
        # One cell across the whole first row, over a row of headers: the table's caption.
        caption = rows[0][0]
        rows, owners, used = rows[1:], owners[1:], used[1:]
    bold_header = all(w.bold for ws in cells[used[0]] for w in ws)
    if len(rows) >= 3 and used[1] == used[0] + 1:
        # Cells of the first row that go on down into the second: no rule between them.
        rule = ys[used[1]]
        down = [not _covered(horizontals, rule, xs[c], xs[c + 1], True) for c in range(ncols)]
        rows = _two_level_header(rows, owners[0], down)
    return Table(
        page, xs[0], ys[0], xs[-1], ys[-1], rows, xs, bold_header, ruled=True, caption=caption
    )


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


def cell_text(words: list[Word]) -> str:
    """A cell's words in reading order, wrapped lines joined (line-end hyphens kept)."""
    if not words:
        return ""
    lines: list[list[Word]] = []
    for w in sorted(words, key=lambda w: w.bottom):
        if lines and abs(lines[-1][0].bottom - w.bottom) <= 0.4 * max(w.size, 1.0):
            lines[-1].append(w)
        else:
            lines.append([w])
    return _join([w for line in lines for w in sorted(line, key=lambda w: w.x0)])


def _join(words: list[Word]) -> str:
    out = ""
    for w in words:
        if not out:
            out = w.text
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() and w.text[:1].isalpha():
            out += w.text  # a compound broken after its hyphen: "pre-" + "approval"
        else:
            out += " " + w.text
    return out


# ----- unruled tables ------------------------------------------------------------------


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


def _segments(line: Line) -> list[list[Word]]:
    """A line cut where the gap between words is wider than about one em."""
    if _justified(line):
        return [list(line.words)]
    out: list[list[Word]] = [[line.words[0]]]
    for prev, w in zip(line.words, line.words[1:], strict=False):
        if w.x0 - prev.x1 > 1.0 * max(prev.size, w.size):
            out.append([w])
        else:
            out[-1].append(w)
    return out


def _under_column(seg: list[Word], run: list[tuple[Line, list[list[Word]]]]) -> bool:
    """Whether a lone piece of text sits under a column of the run other than the first:
    the second line of a wrapped cell."""
    x = seg[0].x0
    first = min(segs[0][0].x0 for _, segs in run)
    return x > first + 4 and any(abs(s[0].x0 - x) <= 4 for _, segs in run for s in segs[1:])


def _unruled(lines: list[Line], page: int, width: float) -> list[Table]:
    tables: list[Table] = []
    run: list[tuple[Line, list[list[Word]]]] = []
    lead: Line | None = None  # the line right above the run
    prev: Line | None = None
    for line in [*lines, None]:
        segs = _segments(line) if line is not None and not starts_list(line.text) else []
        near = line is not None and run and line.top - run[-1][0].bottom < 2.5 * line.size
        wrap = len(segs) == 1 and bool(run) and _under_column(segs[0], run)
        if line is not None and (len(segs) >= 2 or wrap) and (not run or near):
            if not run:
                lead = prev
            run.append((line, segs))
            prev = line
            continue
        if len(run) >= 3:
            table = _aligned(run, page, width)
            if table is not None:
                tables.append(_group_label(_money_columns(table), lead))
        run = [(line, segs)] if line is not None and len(segs) >= 2 else []
        lead, prev = (prev if run else None), line
    return tables


def _money_columns(table: Table) -> Table:
    """Columns that hold only currency signs ("$" set apart from its amount) joined to
    the column of amounts on their right."""
    ncols = len(table.spans)
    signs = [
        c
        for c in range(ncols - 1)
        if any(r[c] for r in table.rows)
        and all(not r[c] or r[c] in _CURRENCY for r in table.rows)
        and not table.rows[0][c]
    ]
    if not signs:
        return table
    for r in table.rows:
        for c in signs:
            if r[c] and r[c + 1]:
                r[c + 1] = f"{r[c]}{r[c + 1]}"
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
    segs = _segments(lead)
    if len(segs) != 1:
        return table
    x0, x1 = segs[0][0].x0, segs[0][-1].x1
    under = [c for c, (lo, hi) in enumerate(table.spans) if lo < x1 and hi > x0]
    if len(under) < 2 or under[0] == 0 or under != list(range(under[0], under[-1] + 1)):
        return table
    if not all(table.rows[0][c] for c in under):
        return table
    top = [HeaderCell(under[0], len(under), _join(segs[0]))]
    below = [HeaderCell(c, 1, t) for c, t in enumerate(table.rows[0])]
    table.rows[0] = names([top, below], len(table.rows[0]))
    table.top = min(table.top, lead.top)
    return table


def _anchors(values: list[float], need: float) -> list[list[float]]:
    """Groups of positions within 4 pt of each other, shared by at least ``need`` values."""
    groups: list[list[float]] = []
    for x in sorted(values):
        if groups and x - groups[-1][-1] <= 4:
            groups[-1].append(x)
        else:
            groups.append([x])
    return [g for g in groups if len(g) >= need]


def _spans(segs: list[list[Word]], lines: int) -> list[tuple[float, float]] | None:
    """The columns of a run of lines, as (left, right): pieces of text that start at one
    position line after line (left-aligned), or end at one (right-aligned amounts).
    None when the pieces do not line up: text with wide gaps, not a table."""
    owner: dict[int, float] = {}
    for group in _anchors([seg[0].x0 for seg in segs], 0.5 * lines):
        for seg in segs:
            if group[0] - 0.1 <= seg[0].x0 <= group[-1] + 0.1:
                owner.setdefault(id(seg), group[0])
    rest = [seg for seg in segs if id(seg) not in owner]
    for group in _anchors([seg[-1].x1 for seg in rest], 0.5 * lines):
        for seg in rest:
            if group[0] - 0.1 <= seg[-1].x1 <= group[-1] + 0.1:
                owner.setdefault(id(seg), -group[-1])  # right-aligned: keyed apart
    if len(owner) < 0.8 * len(segs):
        return None
    spans: dict[float, tuple[float, float]] = {}
    for seg in segs:
        key = owner.get(id(seg))
        if key is not None:
            lo, hi = spans.get(key, (seg[0].x0, seg[-1].x1))
            spans[key] = (min(lo, seg[0].x0), max(hi, seg[-1].x1))
    merged: list[tuple[float, float]] = []
    for lo, hi in sorted(spans.values()):
        if merged and lo < merged[-1][1] - 1:  # one column, text aligned both ways
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged if len(merged) >= 2 else None


def _column(seg: list[Word], spans: list[tuple[float, float]]) -> int:
    """The column a piece of text sits in: the one it overlaps most, else the nearest."""
    x0, x1 = seg[0].x0, seg[-1].x1
    overlap = [min(x1, hi) - max(x0, lo) for lo, hi in spans]
    best = max(range(len(spans)), key=lambda i: overlap[i])
    if overlap[best] > 0:
        return best
    mid = (x0 + x1) / 2
    return min(range(len(spans)), key=lambda i: abs((spans[i][0] + spans[i][1]) / 2 - mid))


def _aligned(run: list[tuple[Line, list[list[Word]]]], page: int, width: float) -> Table | None:
    from datasetkit.knowledge.pdf.columns import halves

    if sum(1 for line, _ in run if halves(line, width) is not None) * 2 >= len(run):
        return None  # two columns of running text side by side, not a table
    spans = _spans([seg for _, segs in run for seg in segs], len(run))
    if spans is None:
        return None
    rows: list[list[str]] = []
    for _, segs in run:
        row = [""] * len(spans)
        for seg in segs:
            col = _column(seg, spans)
            row[col] = (row[col] + " " + _join(seg)).strip()
        if rows and not row[0] and sum(1 for t in row if t) < len(spans):
            # A wrapped cell: the row goes on under the columns it fills.
            rows[-1] = [(a + " " + b).strip() for a, b in zip(rows[-1], row, strict=False)]
        else:
            rows.append(row)
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
        for seg in _segments(line):
            near = [lo - 4 <= seg[0].x0 <= hi + 4 for lo, hi in table.spans]
            if not any(near):
                return None
            cells[_column(seg, table.spans)].extend(seg)
    return [_join(ws) for ws in cells]


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
