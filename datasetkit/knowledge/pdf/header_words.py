"""Column names set closer together than the finder's cut, spread over their columns.

A compact typeset table (a statistics text's contingency table, a paper's small
results table) leaves about an em between its columns. Its figures stand apart, so the
records cut into columns, but its column names are words, and two names a little less
than an em apart read as one piece of text ("Regular Buena") that the finder puts in
one column, leaving the next one unnamed. A reader sees one name over each column.

Here the columns are measured on the records alone, and a piece of the first line that
runs over two or more of them is cut between its words, each word going to the column
its middle stands over (a word over no column stays with the word before it), when
each part lands in its own column and no other piece of the line stands over that
column. The table is then read with the pieces so cut.
"""

from __future__ import annotations

from datasetkit.knowledge.pdf.extract import Word


def spread(segs: list[list[Word]], spans: list[tuple[float, float]]) -> list[list[Word]] | None:
    """The header line's pieces with each piece that runs over two or more of the
    records' columns (``spans``) cut into one piece per column; None when none is."""
    out: list[list[Word]] = []
    cut = False
    for seg in segs:
        parts = _parts(seg, spans)
        others = {_column(o, spans) for o in segs if o is not seg}
        if parts is not None and not others & {c for c, _ in parts}:
            out.extend(ws for _, ws in parts)
            cut = True
        else:
            out.append(seg)
    return out if cut else None


def _column(seg: list[Word], spans: list[tuple[float, float]]) -> int | None:
    mid = (seg[0].x0 + seg[-1].x1) / 2
    return next((c for c, (lo, hi) in enumerate(spans) if lo <= mid <= hi), None)


def _parts(
    seg: list[Word], spans: list[tuple[float, float]]
) -> list[tuple[int, list[Word]]] | None:
    """The piece's words grouped by the column their middles stand over, when it covers
    two columns or more and the groups run left to right, one per column."""
    x0, x1 = seg[0].x0, seg[-1].x1
    if len(seg) < 2 or sum(1 for lo, hi in spans if lo < x1 and hi > x0) < 2:
        return None
    parts: list[tuple[int, list[Word]]] = []
    for w in seg:
        mid = (w.x0 + w.x1) / 2
        col = next((c for c, (lo, hi) in enumerate(spans) if lo <= mid <= hi), None)
        if col is None or (parts and parts[-1][0] == col):
            if not parts:
                return None  # the piece opens over no column: a label across them
            parts[-1][1].append(w)
        elif parts and col < parts[-1][0]:
            return None
        else:
            parts.append((col, [w]))
    return parts if len(parts) >= 2 else None
