"""Rule-bounded tables on a PDF page: drawn with horizontal rules only.

A table of a paper (and of many reports) has no grid: a rule above it, a rule under its
header, a rule below it, sometimes rules between groups of rows. Rules with the same
left and right ends, one under the other, with rows of aligned cells between them, are
one table, confined to the rules' width: a column of a two-column page, or both. Its
words are taken from the box itself, so running text beside it in the other column
never joins it.

The header is the rows between the top rule and the rule under them; a label over
several columns (centred over them, often with a short rule under it) names each of
them, through the shared header model. One line of text alone between the top rule
and the next, over a ruled header, is the table's caption.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from datasetkit.knowledge.pdf.extract import Edge, Word
from datasetkit.knowledge.pdf.group_labels import place_header, under
from datasetkit.knowledge.pdf.tablebox import Table, baseline_rows, join_words
from datasetkit.knowledge.tableheader import fold_units, is_number, is_title_row, names

_SNAP = 3.0  # points: rule ends this close are the same end
_MIN_WIDTH = 40.0  # points: a shorter rule underlines a word, it does not bound a table
_RISE = 30.0  # points: column rules rise this far above a table's top rule at most


@dataclass
class _Band:
    """The rows of words between two consecutive rules of a stack."""

    top: float
    bottom: float
    rows: list[list[list[Word]]]  # rows, each cut into pieces of text (cells)


def rulebound_tables(edges: list[Edge], words: list[Word], page: int) -> list[Table]:
    """Tables bounded by horizontal rules of one width, with aligned cells between."""
    rules = _long_rules(edges)
    verticals = [e for e in edges if not e.horizontal]
    tables: list[Table] = []
    page_words = _ByHeight(words)
    for stack in _stacks(rules):
        x0, x1 = stack[0].x0, stack[0].x1
        bands = [
            _band(a, b, page_words.between(a.top, b.top)) for a, b in itertools.pairwise(stack)
        ]
        for run in _runs(bands, page_words, (x0, x1)):
            if _inside_wider(run, page_words.between(run[0].top, run[-1].bottom), x0, x1):
                continue
            # The top rule underlines no label, even with a header line set over it.
            first = run[0].top + _SNAP
            run = _over_top(run, verticals, page_words, (x0, x1))
            inside = [r for r in rules if x0 - _SNAP <= r.x0 and r.x1 <= x1 + _SNAP]
            table = _table(run, [r for r in inside if r.top > first])
            if table is not None:
                table.page, table.x0, table.x1 = page, x0, x1
                tables.append(table)
    return tables


class _ByHeight:
    """The page's words by the height of their middle, for the words between two rules."""

    def __init__(self, words: list[Word]) -> None:
        self.words = sorted(words, key=lambda w: (w.top + w.bottom) / 2)
        self.keys = [(w.top + w.bottom) / 2 for w in self.words]

    def between(self, top: float, bottom: float) -> list[Word]:
        """The words whose middle lies strictly between ``top`` and ``bottom``."""
        return self.words[
            bisect.bisect_right(self.keys, top) : bisect.bisect_left(self.keys, bottom)
        ]


def _over_top(
    run: list[_Band], verticals: list[Edge], words: _ByHeight, extent: tuple[float, float]
) -> list[_Band]:
    """The run with the header line set above its top rule, when the table's column
    rules rise past that rule to enclose it: a label over a group of columns set over
    the first rule, with only the rules between the groups drawn up beside it."""
    x0, x1 = extent
    top = run[0].top
    if not _tabular(run[0]):
        return run  # a caption inside the frame: the header is under it
    rising = [
        v
        for v in verticals
        if x0 + _SNAP < v.x0 < x1 - _SNAP
        and top - _RISE <= v.top < top - _SNAP
        and v.bottom >= top - _SNAP
    ]
    if not rising:
        return run
    high = min(v.top for v in rising)
    above = [w for w in words.between(high, top) if x0 - 1 <= (w.x0 + w.x1) / 2 <= x1 + 1]
    if not above:
        return run
    rows = [_pieces(row) for row in baseline_rows(above)]
    return [_Band(high, run[0].bottom, rows + run[0].rows), *run[1:]]


def _long_rules(edges: list[Edge]) -> list[Edge]:
    """Horizontal rules, collinear pieces joined, double rules counted once. The top and
    bottom sides of boxes (shaded rows, frames: a vertical side at an end) are left out."""
    sides: dict[int, list[Edge]] = {}
    for v in edges:
        if not v.horizontal:
            sides.setdefault(round(v.x0), []).append(v)

    def boxed(h: Edge) -> bool:
        near = [
            v
            for x in (h.x0, h.x1)
            for k in range(round(x - _SNAP), round(x + _SNAP) + 1)
            for v in sides.get(k, ())
        ]
        return any(v.top - _SNAP <= h.top <= v.bottom + _SNAP for v in near)

    hs = sorted(
        (e for e in edges if e.horizontal and not boxed(e)), key=lambda e: (round(e.top), e.x0)
    )
    out: list[Edge] = []
    for e in hs:
        p = out[-1] if out else None
        if p is not None and abs(p.top - e.top) <= 1.0 and e.x0 <= p.x1 + _SNAP:
            p.x1 = max(p.x1, e.x1)
        else:
            out.append(Edge(e.x0, e.top, e.x1, e.top))
    return out


def _stacks(rules: list[Edge]) -> list[list[Edge]]:
    """Rules with the same left and right ends, top to bottom; three or more (a top rule,
    a rule under the header, a bottom rule)."""
    groups: list[list[Edge]] = []
    for r in sorted(rules, key=lambda r: r.top):
        if r.x1 - r.x0 < _MIN_WIDTH:
            continue
        home = next(
            (
                g
                for g in groups
                if abs(g[0].x0 - r.x0) <= _SNAP
                and abs(g[0].x1 - r.x1) <= _SNAP
                and r.top - g[-1].top > 2.0  # a double rule is one rule
            ),
            None,
        )
        if home is not None:
            home.append(r)
        elif not any(abs(g[0].x0 - r.x0) <= _SNAP and abs(g[0].x1 - r.x1) <= _SNAP for g in groups):
            groups.append([r])
    return [g for g in groups if len(g) >= 3]


def _band(upper: Edge, lower: Edge, words: list[Word]) -> _Band:
    """The band between two rules, from the words at its height."""
    inside = [w for w in words if upper.x0 - 1 <= (w.x0 + w.x1) / 2 <= upper.x1 + 1]
    return _Band(upper.top, lower.top, [_pieces(row) for row in baseline_rows(inside)])


def _pieces(row: list[Word]) -> list[list[Word]]:
    """A row cut where the gap between words is wider than a word space (3/4 em)."""
    out: list[list[Word]] = [[row[0]]]
    for a, b in itertools.pairwise(row):
        if b.x0 - a.x1 > 0.75 * max(a.size, b.size):
            out.append([b])
        else:
            out[-1].append(b)
    return out


def _prose(row: list[list[Word]]) -> bool:
    """A justified line of running text: one piece of many words, mostly lower case."""
    if len(row) != 1 or len(row[0]) < 6:
        return False
    return sum(1 for w in row[0] if w.text[:1].islower()) >= 0.6 * len(row[0])


def _tabular(band: _Band) -> bool:
    """Rows of cells: at least half the rows cut into two or more pieces, none prose."""
    if not band.rows or any(_prose(r) for r in band.rows):
        return False
    return sum(1 for r in band.rows if len(r) >= 2) * 2 >= len(band.rows)


def _caption(band: _Band) -> bool:
    """One or two lines of one piece each: a title set inside the table's frame."""
    return 1 <= len(band.rows) <= 2 and all(len(r) == 1 for r in band.rows)


def _overhang(band: _Band, words: _ByHeight, x0: float, x1: float) -> bool:
    """Whether text at the band's height runs past the rules' ends: the rules underline
    something else than a table of their width."""
    return any(
        w.x0 < x0 - 1 < w.x1 or w.x0 < x1 + 1 < w.x1 for w in words.between(band.top, band.bottom)
    )


def _inside_wider(run: list[_Band], words: list[Word], x0: float, x1: float) -> bool:
    """Whether most rows between the rules go on outside them, on the very same baselines:
    the rules underline figures inside a wider table (totals in a statement). Running text
    in the other column of a page meets a table's baselines only now and then."""
    rows = [r for b in run for r in b.rows]
    outside = sorted(w.bottom for w in words if w.x1 < x0 - 1 or w.x0 > x1 + 1)

    def level(y: float) -> bool:
        i = bisect.bisect_left(outside, y - 0.5)
        return i < len(outside) and outside[i] <= y + 0.5

    going_on = sum(1 for r in rows if level(max(w.bottom for p in r for w in p)))
    return going_on * 3 >= 2 * len(rows)


def _runs(bands: list[_Band], words: _ByHeight, extent: tuple[float, float]) -> list[list[_Band]]:
    """Runs of consecutive bands that make a table: an optional caption band, a header
    band, then one or more bands of records."""
    ok = [_tabular(b) and not _overhang(b, words, *extent) for b in bands]
    out: list[list[_Band]] = []
    i = 0
    while i < len(bands):
        start = i
        if not ok[i] and _caption(bands[i]) and i + 2 < len(bands) and ok[i + 1] and ok[i + 2]:
            i += 1  # a caption inside the frame, over the header
        j = i
        while j < len(bands) and (ok[j] or (j > i and _group_band(bands, ok, j, words, extent))):
            j += 1
        if j - i >= 2:
            out.append(bands[start:j])
            i = j
        else:
            i = max(j, start + 1)
    return out


def _group_band(
    bands: list[_Band], ok: list[bool], j: int, words: _ByHeight, extent: tuple[float, float]
) -> bool:
    """Whether band ``j`` is a label over the group of records under it ("Validation
    set" ruled off between the header and its rows): one line of one piece, between
    bands of records."""
    return (
        _lone_label(bands[j])
        and j + 1 < len(bands)
        and ok[j - 1]
        and ok[j + 1]
        and not _overhang(bands[j], words, *extent)
    )


def _lone_label(band: _Band) -> bool:
    """A band of one line of one piece of text."""
    return len(band.rows) == 1 and len(band.rows[0]) == 1


def _columns(rows: Sequence[list[list[Word]]]) -> list[tuple[float, float]]:
    """The columns of the records: the stretches of the width their pieces cover, apart
    from each other by a clear gap all the way down. Rows of one piece (a label over a
    group of rows, a note) only add a column where they overlap none: a row label
    merged down over several rows, set alone between them."""
    spans = sorted((p[0].x0, p[-1].x1) for r in rows if len(r) >= 2 for p in r)
    merged: list[tuple[float, float]] = []
    for lo, hi in spans:
        if merged and lo < merged[-1][1] + 1.0:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    for r in rows:
        if len(r) == 1 and not any(a < r[0][-1].x1 and b > r[0][0].x0 for a, b in merged):
            merged.append((r[0][0].x0, r[0][-1].x1))
    return sorted(merged)


def _two_columns_of_text(columns: list[tuple[float, float]], rows: list[list[list[Word]]]) -> bool:
    """Two wide columns of lines of many words: a page's two columns of running text
    between rules drawn across it (under a running header, over the footnotes)."""
    if len(columns) != 2:
        return False
    width = columns[1][1] - columns[0][0]
    if min(hi - lo for lo, hi in columns) < 0.35 * width:
        return False
    wordy = sum(1 for r in rows if sum(len(p) for p in r) >= 12)
    return wordy * 2 >= len(rows)


def _cells(row: list[list[Word]], columns: list[tuple[float, float]]) -> list[str]:
    out = [""] * len(columns)
    for piece in row:
        c = under(piece[0].x0, piece[-1].x1, columns)[0]
        out[c] = (out[c] + " " + join_words(piece)).strip()
    return out


def _label_rows(rows: list[list[str]]) -> list[list[str]]:
    """A band's lines with a label set alone between them (merged down over the lines
    beside it, in a column they leave empty) copied into each of those lines."""
    full = [r for r in rows if sum(1 for c in r if c) >= 2]
    alone = [r for r in rows if sum(1 for c in r if c) == 1]
    if len(full) < 2 or len(full) + len(alone) != len(rows):
        return rows
    for r in alone:
        c = next(i for i, t in enumerate(r) if t)
        if any(f[c] for f in full):
            return rows
    for r in alone:
        c = next(i for i, t in enumerate(r) if t)
        for f in full:
            f[c] = r[c]
    return full


def _goes_on(prev: list[str], cells: list[str]) -> bool:
    """Whether a line goes on with the record above (a wrapped cell). A line of few cells
    does when its first cell is empty or reads on from the one above (lower case, or
    after a hyphen or comma); a label alone in the first column starts a row of its
    own. A full line does when one of its cells reads on from the cell above."""
    filled = sum(1 for c in cells if c)
    if filled * 2 > len(cells) and filled > 1:
        # A full line goes on with the one above only when its text does: cells of
        # running text wrapped together (a sentence going on in lower case). A line
        # with a figure is a record of its own.
        if any(is_number(c) for c in cells if c):
            return False
        return any(
            a and b and (b[:1].islower() or a.endswith("-"))
            for a, b in zip(prev, cells, strict=True)
        )
    if not cells[0]:
        return True
    return cells[0][:1].islower() or prev[0].endswith(("-", ",", "/"))


def _records(bands: list[_Band], columns: list[tuple[float, float]]) -> list[list[str]]:
    """Each line of the bands a record; a line that goes on with the one above (a wrapped
    cell) joins it within its band, and a label merged down over a band's lines is
    given to each of them."""
    out: list[list[str]] = []
    for band in bands:
        if _lone_label(band):
            # A label ruled off over a group of records: the group's name, in the first
            # column whatever columns it is centred over.
            out.append([join_words(band.rows[0][0])] + [""] * (len(columns) - 1))
            continue
        rows = _label_rows([_cells(row, columns) for row in band.rows])
        start = len(out)
        for cells in rows:
            if len(out) > start and _goes_on(out[-1], cells):
                out[-1] = [(a + " " + b).strip() for a, b in zip(out[-1], cells, strict=True)]
            else:
                out.append(cells)
    return out


def _table(run: list[_Band], rules: list[Edge]) -> Table | None:
    caption = None
    top = run[0].top
    if not _tabular(run[0]):
        caption = " ".join(join_words(p) for r in run[0].rows for p in r)
        run = run[1:]
    head, body = run[0], run[1:]
    # A group's label ruled off over its records sets no column of its own.
    rows = [r for b in body if not _lone_label(b) for r in b.rows]
    columns = _columns(rows)
    if len(columns) < 2 or _two_columns_of_text(columns, rows):
        return None
    grid = place_header(head.rows, columns, rules, head.bottom)
    if len(grid) >= 2 and is_title_row(grid[0], len(columns)):
        caption = " ".join(c.text for c in grid[0])
        grid = grid[1:]
    labels = names(grid, len(columns))
    records = _records(body, columns)
    if records:
        folded = fold_units(labels, records[0])
        if folded is not None:
            labels, records = folded, records[1:]
    if not records or sum(1 for c in labels if c) < 2:
        return None
    bold = all(w.bold for r in head.rows for p in r for w in p)
    table = Table(
        0, 0.0, top, 0.0, body[-1].bottom, [labels, *records], [a for a, _ in columns], bold
    )
    table.spans, table.caption = columns, caption
    return table
