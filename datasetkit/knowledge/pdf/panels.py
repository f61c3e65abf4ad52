"""A ruled frame split into panels is page layout, not a table.

A one-page report may draw one box around the whole page and split it with a vertical
rule: a price table in one panel, charts in the other. Each panel draws its own
horizontal rules (group rules under a table's sections, the boxes of the charts), and
none of them crosses the divider. A table's column rule is crossed by the rules between
its rows, or at least by the rule under its header; a divider that no inner rule crosses,
while inner rules stop at it, separates panels, whose content is read on its own.
"""

from __future__ import annotations

import itertools

from datasetkit.knowledge.pdf.geometry import Edge, Line, Word

# How far a rule may fall short of, or run past, the rule it meets (points).
_TOUCH = 3.0


Box = tuple[float, float, float, float]  # x0, top, x1, bottom


def panel_boxes(hs: list[Edge], vs: list[Edge]) -> list[Box]:
    """The panels of a ruled frame whose inner vertical rules all divide panels (each runs
    nearly the frame's full height, inner horizontal rules end at it and none crosses
    it); an empty list for any other grid."""
    if not hs or not vs:
        return []
    x0, x1 = min(e.x0 for e in vs), max(e.x1 for e in vs)
    top, bottom = min(e.top for e in vs), max(e.bottom for e in vs)
    inner_h = [h for h in hs if h.top - top > _TOUCH and bottom - h.top > _TOUCH]
    dividers = sorted(
        v.x0
        for v in vs
        if v.x0 - x0 > _TOUCH and x1 - v.x0 > _TOUCH and v.bottom - v.top >= 0.9 * (bottom - top)
    )
    if not dividers or not inner_h:
        return []
    for x in dividers:
        crossed = any(h.x0 < x - _TOUCH and h.x1 > x + _TOUCH for h in inner_h)
        ending = any(abs(h.x1 - x) <= _TOUCH or abs(h.x0 - x) <= _TOUCH for h in inner_h)
        if crossed or not ending:
            return []
    xs = [x0, *dividers, x1]
    return [(a, top, b, bottom) for a, b in itertools.pairwise(xs) if b - a > _TOUCH]


def inside(box: Box, w: Word) -> bool:
    """Whether a word's centre lies in ``box``."""
    cx, cy = (w.x0 + w.x1) / 2, (w.top + w.bottom) / 2
    return box[0] <= cx <= box[2] and box[1] <= cy <= box[3]


def panel_lines(box: Box, lines: list[Line]) -> list[Line]:
    """The page's lines cut to the words inside ``box``."""
    cut = [Line([w for w in ln.words if inside(box, w)], ln.page) for ln in lines]
    return [ln for ln in cut if ln.words]
