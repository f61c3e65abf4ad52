"""The rules of a table drawn as one path.

Many PDF writers draw every rule of a table, or of a whole page, as one path: a move to
each rule's start and a line to its end, or a rectangle per cell. Such a path has many
segments, like the outline of an icon or a chart's curve; what tells it apart is that
it is stroked, not filled, and every segment runs straight across or straight down. Those become the page's rules; a
path with a curve or a slanted line is a drawing and gives none.

A path drawn inside a form XObject shows only inside its clip path, and PDFium gives
its points, bounds and clip path in the form's space: a form scaled or moved onto the
page is a figure pasted in (a chart, whose axes, grid and bars are no table's rules,
and whose bars drawn from far below the page and clipped at the axis must not reach
over the text under it). Its images are placed where the page shows them.
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


Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _then(m: Matrix, n: Matrix) -> Matrix:
    """The matrix that applies ``m`` and then ``n``."""
    return (
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    )


def placement(obj: Any) -> Matrix:
    """The matrix that places an object drawn inside form XObjects on the page: the
    matrices of its forms, the innermost first (the identity for a page's own object)."""
    m = _IDENTITY
    form = getattr(obj, "container", None)
    while form is not None:
        try:
            m = _then(m, tuple(float(v) for v in form.get_matrix().get()))  # type: ignore[arg-type]
        except Exception:
            return m
        form = getattr(form, "container", None)
    return m


def placed_bounds(
    m: Matrix, left: float, bottom: float, right: float, top: float
) -> tuple[float, float, float, float]:
    """Bounds (left, bottom, right, top) in a form's space as bounds on the page."""
    xs, ys = [], []
    for x, y in ((left, bottom), (left, top), (right, bottom), (right, top)):
        xs.append(m[0] * x + m[2] * y + m[4])
        ys.append(m[1] * x + m[3] * y + m[5])
    return min(xs), min(ys), max(xs), max(ys)


Box = tuple[float, float, float, float]


def clip_box(raw: Any, obj: Any) -> Box | None:
    """The box (left, bottom, right, top) around an object's clip path, in the space of
    its bounds; None when it has none."""
    clip = raw.FPDFPageObj_GetClipPath(obj.raw)
    if not clip:
        return None
    fx, fy = ctypes.c_float(), ctypes.c_float()
    xs: list[float] = []
    ys: list[float] = []
    for i in range(max(0, raw.FPDFClipPath_CountPaths(clip))):
        for j in range(max(0, raw.FPDFClipPath_CountPathSegments(clip, i))):
            seg = raw.FPDFClipPath_GetPathSegment(clip, i, j)
            if seg and raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(fx), ctypes.byref(fy)):
                xs.append(fx.value)
                ys.append(fy.value)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def in_form(raw: Any, obj: Any, bounds: Box) -> tuple[Box | None, bool, Box | None]:
    """An object drawn inside a form: its bounds on the page, cut to its clip path (None
    when nothing of it shows); whether the form is scaled or moved onto the page (a
    figure pasted in); its clip box on the page. A page's own object is left as it is."""
    if not obj.level:
        return bounds, False, None
    outer = placement(obj)
    clip = clip_box(raw, obj)
    left, bottom, right, top = bounds
    if clip is not None:
        left, bottom = max(left, clip[0]), max(bottom, clip[1])
        right, top = min(right, clip[2]), min(top, clip[3])
        if right < left or top < bottom:
            return None, False, None
        clip = placed_bounds(outer, *clip)
    moved = any(abs(a - b) > 1e-3 for a, b in zip(outer, _IDENTITY, strict=True))
    return placed_bounds(outer, left, bottom, right, top), moved, clip


def _clipped(edges: list[Edge], box: Box, height: float) -> list[Edge]:
    """The parts of rules (top down) inside a clip box (left, bottom, right, top, bottom up)."""
    x0, x1, t, b = box[0], box[2], height - box[3], height - box[1]
    out = []
    for e in edges:
        left, right = max(e.x0, x0), min(e.x1, x1)
        top, bottom = max(e.top, t), min(e.bottom, b)
        if left <= right and top <= bottom:
            out.append(Edge(left, top, right, bottom))
    return out


def path_rules(raw: Any, obj: Any, height: float, clip: Box | None = None) -> list[Edge]:
    """The horizontal and vertical rules a stroked path draws, in page coordinates top
    down (only what lies in ``clip`` shows); empty when it is filled, draws a curve or a
    slanted line, or is too large to be rules."""
    count = raw.FPDFPath_CountSegments(obj)
    if count <= 0 or count > _MAX_SEGMENTS:
        return []
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    if not raw.FPDFPath_GetDrawMode(obj, ctypes.byref(fill), ctypes.byref(stroke)):
        return []
    if not stroke.value or fill.value:
        return []  # a filled shape (the outline of a thick rule, a bar, a logo): no rules
    own = raw.FS_MATRIX()
    if not raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(own)):
        return []
    m = (own.a, own.b, own.c, own.d, own.e, own.f)
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
        point = (m[0] * x + m[2] * y + m[4], height - (m[1] * x + m[3] * y + m[5]))
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
    return _clipped(edges, clip, height) if clip is not None else edges


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
