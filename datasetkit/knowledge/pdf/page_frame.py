"""The frame a page draws around its whole content, set apart from the rules of its
tables.

A web page printed from a browser keeps the boxes of the page's layout: a file viewer
draws a box around the whole document, its sides running from the top of the printed
page to the bottom, and a print driver may stroke the printable area. Such a frame is no
table: nothing divides it, so no rule meets its sides between its corners. When a
table inside it starts at the top of the page (its rules cut by the page break), the
table's rules touch the frame's top, and the grid finder would read the frame as the
table's outer rules: the whole page becomes one table, its text in a cell.

A frame whose sides run over most of the page's height, met by no other rule between
their ends, is left out of the rules the grid finder reads, with the sides across the
page that join its corners. A form drawn over a whole page keeps its frame: its rows'
rules end on the frame's sides.
"""

from __future__ import annotations

from datasetkit.knowledge.pdf.extract import Edge

_SNAP = 2.0  # points: rule ends this close meet
# A page's frame runs over this share of the page's height or width, or more.
_PAGE_SHARE = 0.75


def without_page_frame(edges: list[Edge], width: float, height: float) -> list[Edge]:
    """``edges`` without the sides of a frame around the whole page (see the module)."""
    hs = [e for e in edges if e.horizontal]
    sides = [
        v
        for v in edges
        if not v.horizontal
        and v.bottom - v.top >= _PAGE_SHARE * height
        and not any(_meets_inside(h, v) for h in hs)
    ]
    if not sides:
        return edges
    xs = [v.x0 for v in sides]
    across = [
        h
        for h in hs
        if h.x1 - h.x0 >= _PAGE_SHARE * width
        and any(abs(h.x0 - x) <= _SNAP for x in xs)
        and any(abs(h.x1 - x) <= _SNAP for x in xs)
    ]
    dropped = {id(e) for e in [*sides, *across]}
    return [e for e in edges if id(e) not in dropped]


def _meets_inside(h: Edge, v: Edge) -> bool:
    """Whether a horizontal rule reaches a vertical one between its ends."""
    return h.x0 - _SNAP <= v.x0 <= h.x1 + _SNAP and v.top + _SNAP < h.top < v.bottom - _SNAP
