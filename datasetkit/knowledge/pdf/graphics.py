"""A PDF page's drawing read for its structure: rules and rectangle sides as table
edges, images with their boxes, and small shapes that may be bullets."""

from __future__ import annotations

from typing import Any

from datasetkit.knowledge.guard import Deadline
from datasetkit.knowledge.pdf.drawn_bullets import small_shape
from datasetkit.knowledge.pdf.geometry import Edge, PageLayout
from datasetkit.knowledge.pdf.ocr_layer import scanned
from datasetkit.knowledge.pdf.path_rules import in_form, path_rules


def page_graphics(page: Any, layout: PageLayout, clock: Deadline, shapes: list[Any]) -> bool:
    """Rules and rectangle sides as edges; images with their boxes; small shapes (maybe
    bullets) into ``shapes``. True for a scan under an OCR text layer (:mod:`.ocr_layer`)."""
    import pypdfium2.raw as raw

    h = layout.height
    try:
        objects = list(page.get_objects())
    except Exception:  # a damaged content stream: text was still read
        return False
    for step, obj in enumerate(objects):
        clock.check(step, 256)
        if obj.type not in (raw.FPDF_PAGEOBJ_IMAGE, raw.FPDF_PAGEOBJ_PATH):
            continue
        try:
            placed, figure, clip = in_form(raw, obj, obj.get_bounds())
        except Exception:
            continue
        if placed is None:
            continue  # drawn inside a form XObject and clipped away
        left, bottom, right, top = placed
        x0, x1, t, b = float(left), float(right), h - float(top), h - float(bottom)
        if obj.type == raw.FPDF_PAGEOBJ_IMAGE:
            layout.images.append((x0, t, x1, b))
            continue
        if figure:
            continue  # a figure's lines (see .path_rules) are no table's rules
        w, ht = x1 - x0, b - t
        if small_shape(x0, t, x1, b):
            shapes.append((x0, t, x1, b))
        if w <= 2.5 or ht <= 2.5:
            if max(w, ht) >= 4:
                mid_y, mid_x = (t + b) / 2, (x0 + x1) / 2
                rule = Edge(x0, mid_y, x1, mid_y) if w >= ht else Edge(mid_x, t, mid_x, b)
                layout.edges.append(rule)
            continue
        if raw.FPDFPath_CountSegments(obj) > 6:
            # A curve or an icon, not a rectangle; or every rule of a table in one path.
            layout.edges.extend(path_rules(raw, obj, h, clip))
            continue
        layout.edges.extend(
            [Edge(x0, t, x1, t), Edge(x0, b, x1, b), Edge(x0, t, x0, b), Edge(x1, t, x1, b)]
        )
    return bool(layout.lines) and scanned(raw, objects, layout)
