"""The lines of a table's header placed over its columns, group labels spread over the
columns they name (shared by rule-bounded and unruled tables).

A results table's header takes two or three lines: a label over a group of columns
("ROUGE", "Dev", "2023"), set centred over them and sometimes underlined by a short rule,
stands above the names of the columns it groups ("R-1", "P", "F1"); the first column's
name may stand in the lowest line only, or midway down the header on a line of its own.
Each label becomes a :class:`~datasetkit.knowledge.tableheader.HeaderCell` over the
columns it covers, and the shared header model joins them into one name per column.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from datasetkit.knowledge.pdf.extract import Edge, Word
from datasetkit.knowledge.pdf.tablebox import join_words
from datasetkit.knowledge.tableheader import HeaderCell, first_record, names

Columns = list[tuple[float, float]]


def under(lo: float, hi: float, columns: Columns) -> list[int]:
    """The columns a stretch of the width overlaps (the nearest one when none)."""
    hit = [c for c, (a, b) in enumerate(columns) if a < hi and b > lo]
    if hit:
        return hit
    mid = (lo + hi) / 2
    return [min(range(len(columns)), key=lambda c: abs(sum(columns[c]) / 2 - mid))]


# A header takes a few lines: group labels over the names of the columns they group.
_MAX_LINES = 4
# A column's name or a group label is a few words; more is a record's text.
_LABEL_WORDS = 6


def stacked_header(
    lines: list[list[list[Word]]], columns: Columns, limit: int | None = None
) -> tuple[list[str], int] | None:
    """One name per column and how many lines the header takes, when a table's first
    lines are a header of two or more: the lines above the first one that reads as a
    record (see :func:`~datasetkit.knowledge.tableheader.first_record`) or the line
    ``limit`` (a label of the records' first group), at most four, one of them holding
    a label set over two or more columns the lines below name. None for a table of any
    other shape."""
    texts = [_texts(segs, columns) for segs in lines]
    depth = min(first_record(texts), len(lines) if limit is None else limit)
    if not 2 <= depth <= _MAX_LINES or depth >= len(lines):
        return None
    head = texts[:depth]
    if any(len(t.split()) > _LABEL_WORDS for row in head for t in row):
        return None  # a cell of running text: records of text over the figures
    filled = [sum(1 for t in row if t) for row in head]
    if max(filled[:-1]) > filled[-1]:
        return None  # group labels are fewer than the names they group
    grid = place_header(lines[:depth], columns, [], float("inf"))
    if not any(cell.span >= 2 for row in grid[:-1] for cell in row):
        return None
    labels = names(grid, len(columns))
    if sum(1 for label in labels if label) < 2:
        return None
    return labels, depth


def _texts(segs: list[list[Word]], columns: Columns) -> list[str]:
    out = [""] * len(columns)
    for seg in segs:
        c = under(seg[0].x0, seg[-1].x1, columns)[0]
        out[c] = (out[c] + " " + join_words(seg)).strip()
    return out


def place_header(
    rows: list[list[list[Word]]], columns: Columns, rules: list[Edge], bottom: float
) -> list[list[HeaderCell]]:
    """The header's lines (each cut into pieces of text) as rows of labels placed over
    the columns; ``bottom`` is where the header ends. A label with a short rule under it
    spans the columns that rule covers. A label over columns a lower line names is a
    group label: it spans those nearest to it; any other label names the columns it
    overlaps."""
    ncols = len(columns)
    out: list[list[HeaderCell]] = []
    for n, row in enumerate(rows):
        named_below = _named_below(rows[n], rows[n + 1 :], columns)
        placed: list[_Label] = []
        marked = False
        for piece in _split(row, columns):
            lo, hi = piece[0].x0, piece[-1].x1
            mark = _rule_under(piece, bottom, rules)
            if mark is not None:
                marked = True
                cols = under(mark.x0, mark.x1, columns)
                placed.append(_Label(cols, join_words(piece), lo, hi, False))
                continue
            cols = under(lo, hi, columns)
            group = any(c in named_below for c in cols)
            placed.append(_Label(cols, join_words(piece), lo, hi, group))
        if marked:
            # A row that marks its group labels with rules: the unmarked ones name only
            # the columns they stand over.
            for label in placed:
                label.group = False
        out.append(_grow(placed, columns, named_below, ncols))
    return out


def _named_below(
    row: list[list[Word]], lower: list[list[list[Word]]], columns: Columns
) -> set[int]:
    """The columns named by the first lower line that names a column under a label of
    ``row``: the first column's name may stand on a line of its own between the group
    labels and the names they group."""
    mine = {c for p in row for c in under(p[0].x0, p[-1].x1, columns)}
    for k, line in enumerate(lower):
        named = {c for p in line for c in under(p[0].x0, p[-1].x1, columns)}
        if named & mine:
            # With the lines under it: a name wrapped over two lines may end below
            # that line, beside names of one line ("maneuver (s)" beside "Re (%)").
            return named.union(
                *({c for p in ln for c in under(p[0].x0, p[-1].x1, columns)} for ln in lower[k:])
            )
    return set()


def _split(row: list[list[Word]], columns: Columns) -> list[list[Word]]:
    """Header pieces cut where a gap wider than a word space falls between two columns
    the words on either side sit in alone ("Sim  Loss" over two columns)."""
    out: list[list[Word]] = []
    for piece in row:
        part = [piece[0]]
        for a, b in itertools.pairwise(piece):
            ca, cb = under(a.x0, a.x1, columns), under(b.x0, b.x1, columns)
            wide = b.x0 - a.x1 > 0.5 * max(a.size, b.size)
            if wide and len(ca) == 1 and len(cb) == 1 and ca != cb:
                out.append(part)
                part = []
            part.append(b)
        out.append(part)
    return out


def _rule_under(piece: list[Word], bottom: float, rules: list[Edge]) -> Edge | None:
    """A short rule right under a label, inside the header: the mark of a group label."""
    lo, hi = piece[0].x0, piece[-1].x1
    base, size = max(w.bottom for w in piece), max(w.size for w in piece)
    return next(
        (
            r
            for r in rules
            if base - 1 <= r.top <= base + size
            and r.x0 - 1 <= (lo + hi) / 2 <= r.x1 + 1
            and r.top < bottom - 1
        ),
        None,
    )


@dataclass
class _Label:
    """A header label: the columns it covers so far, its text and extent, and whether it
    is a group label free to spread over the columns named under it."""

    cols: list[int]
    text: str
    x0: float
    x1: float
    group: bool

    @property
    def mid(self) -> float:
        return (self.x0 + self.x1) / 2


def _grow(
    placed: list[_Label], columns: Columns, named_below: set[int], ncols: int
) -> list[HeaderCell]:
    """Group labels spread over the columns named below them that no other label of the
    row covers. A label takes the run of such columns it is centred over (a label set
    centred over its sub-columns, however short); a column no run takes goes to the
    nearest group label within three times its width."""
    own = {c for label in placed for c in label.cols}
    taken = {c for label in placed if not label.group for c in label.cols}
    free = named_below - own
    owner: dict[int, int] = {}
    # A label centred over a run of columns covers that run: no column beyond it.
    centred: set[int] = set()
    for k, label in enumerate(placed):
        if label.group:
            others = [o.mid for o in placed if o.group and o is not label]
            run = _centred_run(label, free, columns, others)
            if len(run) > 1:
                centred.add(k)
            for c in run - set(label.cols):
                if c not in owner or abs(_mid(columns[c]) - label.mid) < abs(
                    _mid(columns[c]) - placed[owner[c]].mid
                ):
                    owner[c] = k
    for c in sorted(named_below - taken - set(owner)):
        near = [
            (abs(_mid(columns[c]) - label.mid), k)
            for k, label in enumerate(placed)
            if label.group
            and k not in centred
            and abs(_mid(columns[c]) - label.mid) <= 3 * (label.x1 - label.x0)
            and not _beyond(c, k, placed, owner)
        ]
        if near:
            owner[c] = min(near)[1]
    cells: list[HeaderCell] = []
    for k, label in enumerate(placed):
        mine = sorted({*label.cols, *(c for c, o in owner.items() if o == k)})
        first, last = max(0, mine[0]), min(ncols - 1, mine[-1])
        cells.append(HeaderCell(first, last - first + 1, label.text))
    return cells


def _beyond(c: int, k: int, placed: list[_Label], owner: dict[int, int]) -> bool:
    """Whether another label's columns stand between column ``c`` and label ``k``'s: a
    group label spreads over the columns next to it, never past another label."""
    lo, hi = sorted((c, placed[k].cols[0]))
    others = {x for j, label in enumerate(placed) if j != k for x in label.cols}
    others |= {x for x, o in owner.items() if o != k}
    return any(lo < x < hi or x == c for x in others)


def _mid(span: tuple[float, float]) -> float:
    return (span[0] + span[1]) / 2


def _centred_run(label: _Label, free: set[int], columns: Columns, others: list[float]) -> set[int]:
    """The widest run of columns that holds the label's and free columns next to them,
    over whose middle the label is centred: the middle of the cells the run takes, from
    half way across the gap on its left to half way across the gap on its right (within
    a twentieth of that width, or 3 points). The label's columns when there is none.

    A label centred over its own group is centred over that group and its neighbours
    on both sides too ("Lane change" between "Turns" and "All"): a run that takes a
    column standing nearer to another group label of the row (``others``: their
    middles) gives way to a narrower one that does not, when there is one."""
    cols = label.cols

    def centred(a: int, b: int) -> bool:
        lo = (columns[a - 1][1] + columns[a][0]) / 2 if a > 0 else columns[a][0]
        hi = (columns[b][1] + columns[b + 1][0]) / 2 if b + 1 < len(columns) else columns[b][1]
        return abs((lo + hi) / 2 - label.mid) <= max(3.0, (hi - lo) / 20)

    def own(a: int, b: int) -> bool:
        return all(
            abs(_mid(columns[c]) - label.mid) <= min(abs(_mid(columns[c]) - m) for m in others)
            for c in range(a, b + 1)
            if c not in cols and others
        )

    usable = free | set(cols)
    first, last = cols[0], cols[-1]
    while first - 1 in usable:
        first -= 1
    while last + 1 in usable:
        last += 1
    runs = [
        (b - a, a, b)
        for a in range(first, cols[0] + 1)
        for b in range(cols[-1], last + 1)
        if b > a and centred(a, b)
    ]
    if not runs:
        return set(cols)
    _, a, b = max([r for r in runs if own(r[1], r[2])] or runs)
    return set(range(a, b + 1))
