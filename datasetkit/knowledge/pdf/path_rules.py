"""The rules of a table drawn as one path.

Many PDF writers draw every rule of a table, or of a whole page, as one path: a move to
each rule's start and a line to its end, or a rectangle per cell. Such a path has many
segments, like the outline of an icon or a chart's curve; what tells it apart is that
it is stroked, not filled, and every segment runs straight across or straight down. Those become the page's rules; a
path with a curve or a slanted line is a drawing and gives none.
"""

from __future__ import annotations

import ctypes
from typing import Any

from datasetkit.knowledge.pdf.geometry import Edge

# PDFium's segment kinds.
_LINETO, _MOVETO = 0, 2
# A path of more segments than this is a drawing (a map, a chart), not a table's rules.
_MAX_SEGMENTS = 4000
# Shorter strokes are ticks or joins, not rules.
_MIN_RULE = 4.0
# A stroke this far off straight is slanted.
_SLANT = 0.5


def path_rules(raw: Any, obj: Any, height: float) -> list[Edge]:
    """The horizontal and vertical rules a stroked path draws, in page coordinates top
    down; empty when it is filled, draws a curve or a slanted line, or is too large to
    be rules."""
    count = raw.FPDFPath_CountSegments(obj)
    if count <= 0 or count > _MAX_SEGMENTS:
        return []
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    if not raw.FPDFPath_GetDrawMode(obj, ctypes.byref(fill), ctypes.byref(stroke)):
        return []
    if not stroke.value or fill.value:
        return []  # a filled shape (the outline of a thick rule, a bar, a logo): no rules
    m = raw.FS_MATRIX()
    if not raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(m)):
        return []
    fx, fy = ctypes.c_float(), ctypes.c_float()
    edges: list[Edge] = []
    start: tuple[float, float] | None = None
    here: tuple[float, float] | None = None
    for i in range(count):
        seg = raw.FPDFPath_GetPathSegment(obj, i)
        kind = raw.FPDFPathSegment_GetType(seg)
        if not raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(fx), ctypes.byref(fy)):
            return []
        x, y = fx.value, fy.value
        point = (m.a * x + m.c * y + m.e, height - (m.b * x + m.d * y + m.f))
        if kind == _MOVETO:
            start = here = point
        elif kind == _LINETO and here is not None:
            if not _add(edges, here, point):
                return []
            here = point
        else:
            return []  # a curve: a drawing
        if raw.FPDFPathSegment_GetClose(seg) and start is not None and here is not None:
            if not _add(edges, here, start):
                return []
            here = start
    return edges


def _add(edges: list[Edge], a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Add the stroke from ``a`` to ``b`` when it is a rule; False when it is slanted."""
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    if dy <= _SLANT and dx >= _MIN_RULE:
        y = (a[1] + b[1]) / 2
        edges.append(Edge(min(a[0], b[0]), y, max(a[0], b[0]), y))
    elif dx <= _SLANT and dy >= _MIN_RULE:
        x = (a[0] + b[0]) / 2
        edges.append(Edge(x, min(a[1], b[1]), x, max(a[1], b[1])))
    elif dx > _SLANT and dy > _SLANT:
        return False
    return True
