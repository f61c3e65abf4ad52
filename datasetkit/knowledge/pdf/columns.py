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
    # titles and captions do.
    crossing = sum(1 for ln in lines if any(w.x0 < x < w.x1 for w in ln.words))
    return x if crossing <= len(gaps) else None


def by_columns(lines: list[Line], width: float) -> list[Line]:
    """The page's lines in reading order, column by column when it has two columns."""
    x = gutter(lines, width)
    if x is None:
        return lines
    out: list[Line] = []
    left: list[Line] = []
    right: list[Line] = []
    for line in lines:
        if any(w.x0 < x < w.x1 for w in line.words):
            out.extend(left + right)  # a line across the gutter ends a stretch of columns
            left, right = [], []
            out.append(line)
            continue
        a = [w for w in line.words if w.x1 <= x]
        b = [w for w in line.words if w.x0 >= x]
        if a:
            left.append(Line(a, line.page))
        if b:
            right.append(Line(b, line.page))
    out.extend(left + right)
    return out


def by_bands(lines: list[Line], edges: list[Edge], width: float) -> list[Line]:
    """The lines band by band, the bands cut by horizontal edges across the page."""
    cuts = sorted(e.top for e in edges if e.horizontal and e.x1 - e.x0 >= 0.9 * width and e.top > 0)
    if not cuts:
        return lines

    def band(line: Line) -> int:
        return sum(1 for y in cuts if y <= line.top)

    return sorted(lines, key=band)
