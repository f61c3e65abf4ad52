"""Pages set in two columns: lines split at the gutter and read column by column.

Lines are first built across the whole page width, so on a two-column page a "line"
holds the left column's line and the right column's line side by side. When many
lines of a page break at the same place, and both halves are running text, that
place is a gutter: each line is cut there and the page is read down the left column,
then down the right one, with full-width lines (a title, a figure caption across
both columns) keeping their place between. A rule or box edge drawn across the whole
page cuts it into bands read one after the other (a box of notes under two columns
of offers is read after both columns, not after the left one).
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from datasetkit.knowledge.pdf.geometry import Edge, Line


def halves(line: Line, width: float) -> tuple[float, float] | None:
    """The widest gap of a line, if both sides of it look like a column of text."""
    best: tuple[float, int] | None = None
    for i in range(1, len(line.words)):
        gap = line.words[i].x0 - line.words[i - 1].x1
        if best is None or gap > best[0]:
            best = (gap, i)
    if best is None or best[0] < 1.2 * line.size:
        return None
    left, right = line.words[: best[1]], line.words[best[1] :]
    if len(left) < 4 or len(right) < 4:
        return None
    if left[-1].x1 - left[0].x0 < 0.25 * width or right[-1].x1 - right[0].x0 < 0.25 * width:
        return None
    return (left[-1].x1, right[0].x0)


def gutter(lines: list[Line], width: float) -> float | None:
    """The x of a gutter most two-part lines of the page share, or None for one column."""
    gaps = [g for g in (halves(ln, width) for ln in lines) if g is not None]
    if len(gaps) < 3:
        return None
    lo, hi = sorted(g[0] for g in gaps), sorted(g[1] for g in gaps)
    # The band that most gaps cover: between the 80th percentile of left ends and
    # the 20th percentile of right starts.
    left_edge, right_edge = lo[int(0.8 * (len(lo) - 1))], hi[int(0.2 * (len(hi) - 1))]
    if right_edge - left_edge < 4 or not 0.25 * width < (left_edge + right_edge) / 2 < 0.75 * width:
        return None
    x = (left_edge + right_edge) / 2
    # On a one-column page most lines run through that place; on a two-column page only
    # titles and captions do (a paper's first page: its title, authors and their
    # addresses), and the lines of each column, on baselines of their own when the
    # columns do not line up, stay on their side of it.
    crossing = sum(1 for ln in lines if any(w.x0 < x < w.x1 for w in ln.words))
    return x if crossing <= len(gaps) + _one_sided(lines, x, width) else None


def _one_sided(lines: list[Line], x: float, width: float) -> int:
    """How many lines of column text (four words or more, a quarter of the page wide)
    lie wholly on one side of ``x``."""
    return sum(
        1
        for ln in lines
        if len(ln.words) >= 4 and ln.x1 - ln.x0 >= 0.25 * width and (ln.x1 <= x or ln.x0 >= x)
    )


Counts = tuple[list[int], list[int]]


def _open_counts(lines: list[Line], width: float) -> Counts:
    """Per point across the page: how many lines stop or start within two ems of it
    without crossing it, and how many cross it. A line need not hold text on both
    sides: where columns are set in different sizes their baselines differ, and a line
    holds one column's text only."""
    import numpy as np

    cols = int(width) + 2
    cover = np.zeros((len(lines), cols), dtype=bool)
    near = np.zeros((len(lines), cols), dtype=bool)
    for i, ln in enumerate(lines):
        reach = int(2 * ln.size)
        for w in ln.words:
            a, b = max(0, int(w.x0) + 1), max(0, int(w.x1))
            cover[i, a:b] = True
            near[i, b : b + reach + 1] = True
            near[i, max(0, a - reach - 1) : a] = True
    opened = (near & ~cover).sum(axis=0)
    return [int(v) for v in opened], [int(v) for v in cover.sum(axis=0)]


# A line ending in a hyphen or dash (a word or a number broken at the line end) or a
# comma goes on in the next one.
_GOES_ON = ("-", "\u2013", ",")


def _goes_on(line: str, below: str) -> bool:
    """Whether a line's sentence goes on in the next: it ends in a hyphen, dash or
    comma, or in a lower-case word, or the next line starts in lower case."""
    return line.endswith(_GOES_ON) or line[-1:].islower() or below[:1].islower()


def _running_text(pieces: list[Line]) -> bool:
    """Whether a column's pieces read as prose: several words each, and line after line
    going on from the one above (see :func:`_goes_on`), as table cells do not."""
    if len(pieces) < 4 or sum(len(p.words) for p in pieces) < 4 * len(pieces):
        return False
    goes_on = sum(1 for a, b in pairwise(pieces) if _goes_on(a.text, b.text))
    return goes_on >= 0.3 * (len(pieces) - 1)


def _bands(
    lines: list[Line], width: float, counts: Counts | None = None
) -> list[list[tuple[float, int]]]:
    """Bands of the page that many lines leave open and few cross, left to right, each
    point with the number of lines crossing it."""
    need = max(3, len(lines) // 4)
    opened, crossing = counts or _open_counts(lines, width)
    bands: list[list[tuple[float, int]]] = []
    for step in range(int(0.1 * width), int(0.9 * width)):
        x, gap, cross = float(step), opened[step], crossing[step]
        if gap >= need and cross * 2 <= gap:
            if bands and x - bands[-1][-1][0] <= 1:
                bands[-1].append((x, cross))
            else:
                bands.append([(x, cross)])
    return bands


def gutters(
    lines: list[Line], width: float, bands: list[list[tuple[float, int]]] | None = None
) -> list[float]:
    """The gutters of a page set in three or more columns of running text, left to
    right; empty when the page is not. Each gutter is a band of the page that many
    lines leave open and few cross; each column between them must read as prose, so a
    table (cells aligned row by row) is not taken for columns."""
    if len(lines) < 8:
        return []
    if bands is None:
        bands = _bands(lines, width)
    if len(bands) < 2:
        return []
    xs = [_clearest(b) for b in bands]
    cols = _cut(lines, xs)
    if not all(_running_text(c) for c in cols):
        return []
    return xs


# Lines of running text on each side of a gutter that no line shares with the other
# side: at least this many, each of four words or more and a quarter of the page wide.
_SIDE_LINES = 4


def middle_gutter(lines: list[Line], width: float, counts: Counts | None = None) -> float | None:
    """The gutter of two columns whose lines do not share baselines (columns set in
    other spacing beside a listing, a formula or a figure; two columns under a table
    or a figure across the page): few lines hold both halves, so :func:`gutter` cannot
    see it. It is the place near the middle of the page that most lines stop or start
    near and fewest cross, with running text wholly on each side of it, side by side
    down the page, and few lines crossing it beside them."""
    if len(lines) < 8:
        return None
    opened, crossing = counts or _open_counts(lines, width)
    lo, hi = int(0.35 * width), int(0.65 * width)
    score = {s: opened[s] - 2 * crossing[s] for s in range(lo, hi)}
    if not score:
        return None
    top = max(score.values())
    best = [s for s in range(lo, hi) if score[s] == top]
    x = float(best[len(best) // 2])
    # A table's rows (figures in a third of their words) are no column's text.
    left, right = (
        [ln for ln in side if not _figures(ln)] for side in _column_lines(lines, x, width)
    )
    if len(left) < _SIDE_LINES or len(right) < _SIDE_LINES:
        return None
    if not (_running_text(left) and _running_text(right)):
        return None
    # Where the sides stand beside each other, with a point of slack (two columns'
    # lines need not line up).
    upper = max(left[0].top, right[0].top) - 2
    lower = min(left[-1].bottom, right[-1].bottom) + 2
    sides = [
        [ln for ln in side if upper <= ln.top and ln.bottom <= lower] for side in (left, right)
    ]
    beside = sides[0] + sides[1]
    across = [ln for ln in lines if upper <= ln.top and ln.bottom <= lower and _across(ln, [x])]
    if not all(sides) or len(beside) < _SIDE_LINES or 4 * len(across) > len(beside):
        return None
    return x


def _figures(line: Line) -> bool:
    """Whether a third or more of a line's words hold digits (a table's row)."""
    return 3 * sum(any(ch.isdigit() for ch in w.text) for w in line.words) >= len(line.words)


def _column_lines(lines: list[Line], x: float, width: float) -> tuple[list[Line], list[Line]]:
    """The pieces of column text (four words or more, a quarter of the page wide) left
    of ``x`` and right of it, of the lines that do not run across it (a line may hold
    one piece of each column where their baselines meet)."""
    left: list[Line] = []
    right: list[Line] = []
    for ln in lines:
        if _across(ln, [x]):
            continue
        for side, words in (
            (left, [w for w in ln.words if w.x1 < x]),
            (right, [w for w in ln.words if w.x0 > x]),
        ):
            if len(words) >= 4 and words[-1].x1 - words[0].x0 >= 0.25 * width:
                side.append(Line(words, ln.page))
    return left, right


# A contents entry's page number after its dot leader ("Scope ....... 4").
_LEADER_END = re.compile(r"(?:\.{3,}|…+)$")


def contents_gutter(lines: list[Line], width: float) -> float | None:
    """The gutter of a table of contents set in two columns: page numbers after dot
    leaders end one column's entries in the left half of the page and another's in the
    right half, and the right column's lines start clear of the left one's numbers.
    Entries are short, so the columns do not read as running text."""
    ends: list[float] = []
    for line in lines:
        ws = line.words
        for a, b in pairwise(ws):
            if b.text.isdigit() and len(b.text) <= 4 and _LEADER_END.search(a.text):
                ends.append(b.x1)
    left = [x for x in ends if x < 0.6 * width]
    right = [x for x in ends if x >= 0.6 * width]
    if len(left) < 2 or len(right) < 2:
        return None
    edge = max(left)
    starts = [w.x0 for ln in lines for w in ln.words if edge + 4 < w.x0 < min(right)]
    if not starts or min(starts) - edge < 8:
        return None
    x = (edge + min(starts)) / 2
    crossing = sum(1 for ln in lines if any(w.x0 < x < w.x1 for w in ln.words))
    return x if crossing * 4 <= len(lines) else None


def _clearest(band: list[tuple[float, int]]) -> float:
    """The middle of the part of a gutter band fewest lines cross: a justified column
    whose lines run a little into the band on one side must not cross the gutter."""
    least = min(cross for _, cross in band)
    clear = [x for x, cross in band if cross == least]
    return (clear[0] + clear[-1]) / 2


def _across(line: Line, xs: list[float]) -> bool:
    """Whether a line runs across a gutter: a word well over it, or the words either
    side of it (each on the side its middle is) only a word space apart (a running
    header whose space falls in the gutter). A justified line that ends a hair past the
    gutter's middle does not: a quarter em is the justification's slack."""
    ws, size = line.words, line.size
    for x in xs:
        if any(w.x0 < x - 0.25 * size and w.x1 > x + 0.25 * size for w in ws):
            return True
        left = [w.x1 for w in ws if (w.x0 + w.x1) / 2 < x]
        right = [w.x0 for w in ws if (w.x0 + w.x1) / 2 >= x]
        if left and right and min(right) - max(left) < 0.6 * size:
            return True
    return False


def _cut(lines: list[Line], xs: list[float]) -> list[list[Line]]:
    """Each column's pieces of the lines that cross no gutter."""
    cols: list[list[Line]] = [[] for _ in range(len(xs) + 1)]
    for line in lines:
        if _across(line, xs):
            continue
        for k, (lo, hi) in enumerate(zip([-1e9, *xs], [*xs, 1e9], strict=True)):
            part = [w for w in line.words if lo <= (w.x0 + w.x1) / 2 < hi]
            if part:
                cols[k].append(Line(part, line.page))
    return [_top_down(col) for col in cols]


def _top_down(pieces: list[Line]) -> list[Line]:
    """A column's pieces top to bottom. A line across the page is ordered by its lowest
    word, which may sit in another column: a piece wholly below the next one goes after
    it."""
    out = list(pieces)
    for i in range(1, len(out)):
        j = i
        while j > 0 and out[j - 1].top >= out[j].bottom:
            out[j - 1], out[j] = out[j], out[j - 1]
            j -= 1
    kept: list[Line] = []
    for i, piece in enumerate(out):
        near = [*kept[-1:], *out[i + 1 : i + 2]]
        host = next((h for h in near if _marker_of(piece, h)), None)
        if host is None:
            kept.append(piece)
        elif piece.x1 <= host.x0 + 0.5:
            # A footnote's own number opens its line: the note starts a block of its own.
            host.words[0] = replace(host.words[0], note=True)
    return kept


# A footnote marker: a raised number or sign of a few characters.
_MARKER = re.compile(r"[\d*†‡§]{1,3}")


def _marker_of(piece: Line, above: Line) -> bool:
    """Whether a piece is only a footnote marker raised within a line next to it in
    its column. A line across the page took the marker from its own line (its
    baseline is near that of the other column's line); cut apart, it is left alone and
    is dropped as markers inside a line are."""
    if not all(_MARKER.fullmatch(w.text) for w in piece.words):
        return False
    size = above.size
    raised = piece.size <= 0.9 * size and above.top - 1 <= piece.bottom <= above.bottom - 0.1 * size
    return raised and above.x0 - 1.5 * size <= piece.x0 and piece.x1 <= above.x1 + size


def by_columns(lines: list[Line], width: float) -> list[Line]:
    """The page's lines in reading order, column by column when it has columns."""
    # Three or more columns first: the middle gutter of four columns also looks like
    # the gutter of two.
    counts = _open_counts(lines, width) if len(lines) >= 8 else None
    bands = _bands(lines, width, counts) if counts else []
    xs = gutters(lines, width, bands)
    if not xs:
        x = gutter(lines, width)
        if x is None:
            x = contents_gutter(lines, width) or middle_gutter(lines, width, counts)
        if x is None:
            return lines
        xs = [x]
    out: list[Line] = []
    stretch: list[Line] = []
    for line in lines:
        if _across(line, xs):
            # A line across a gutter ends a stretch of columns; a title set apart
            # below the columns heads the text across the page under it.
            stretch, title = _band_title(stretch)
            out.extend(ln for col in _cut(stretch, xs) for ln in col)
            out.extend(title)
            stretch = []
            out.append(line)
            continue
        stretch.append(line)
    out.extend(ln for col in _cut(stretch, xs) for ln in col)
    return out


# A title over text across the page: at most this many lines, set off from the
# columns above it by this many ems (more than the space between two lines).
_TITLE_LINES = 3
_TITLE_GAP = 0.8


def _band_title(stretch: list[Line]) -> tuple[list[Line], list[Line]]:
    """The lines at the end of a stretch of columns that sit below all of its other
    lines, set off from them by more than a line space: a title over the text across
    the page that comes next, not the end of a column."""
    for k in range(len(stretch) - 1, max(0, len(stretch) - _TITLE_LINES) - 1, -1):
        if k == 0:
            break
        rest, tail = stretch[:k], stretch[k:]
        if min(t.top for t in tail) - max(r.bottom for r in rest) >= _TITLE_GAP * tail[0].size:
            return rest, tail
    return stretch, []


def by_bands(lines: list[Line], edges: list[Edge], width: float) -> list[Line]:
    """The lines band by band, the bands cut by horizontal edges across the page."""
    cuts = sorted(e.top for e in edges if e.horizontal and e.x1 - e.x0 >= 0.9 * width and e.top > 0)
    if not cuts:
        return lines

    def band(line: Line) -> int:
        return sum(1 for y in cuts if y <= line.top)

    return sorted(lines, key=band)
