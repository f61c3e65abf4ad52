"""Bullets drawn as shapes: a small dot, disc, ring or square painted left of a line.

Many writers (web-to-PDF printers, résumé builders, design tools) draw a list's
bullets as vector shapes, not as a bullet character, so the text layer holds the
items' words and nothing that marks them as items. A shape counts as a bullet when
it is small against the line's type (less than about the height of a lower-case
letter, more than a full stop), about as wide as it is tall, centred in the line's
height, and just left of the line's first word with no text between. At least two
such shapes must stand at one distance from the left on the page (a list has two
items): a lone icon before a line is left alone. The line then opens with "•", as
if the bullet had been typed.
"""

from __future__ import annotations

from dataclasses import replace

from datasetkit.knowledge.pdf.geometry import BULLETS, Line

# A bullet's side against the line's font size.
_SMALLEST, _LARGEST = 0.15, 0.6
# The widest gap between the bullet and the item's first word, in ems.
_GAP = 2.5


def small_shape(x0: float, top: float, x1: float, bottom: float) -> bool:
    """Whether a drawn shape may be a bullet at any size of type: a few points a side,
    about square."""
    w, h = x1 - x0, bottom - top
    return 1.0 <= w <= 9 and 1.0 <= h <= 9 and 0.6 * h <= w <= 1.6 * h


def _marks(line: Line, box: tuple[float, float, float, float]) -> bool:
    x0, top, x1, bottom = box
    size, first = line.size, line.words[0]
    side = max(x1 - x0, bottom - top)
    if not _SMALLEST * size <= side <= _LARGEST * size:
        return False
    middle = (top + bottom) / 2
    if not line.top + 0.1 * size <= middle <= line.bottom:
        return False
    return -0.1 * size <= first.x0 - x1 <= _GAP * size


def mark_bullets(lines: list[Line], shapes: list[tuple[float, float, float, float]]) -> None:
    """Open with "•" each line a drawn bullet stands before (see the module's note)."""
    if len(shapes) < 2 or not lines:
        return
    found: list[tuple[int, tuple[float, float, float, float]]] = []
    for i, line in enumerate(lines):
        if not line.words or line.text[:1] in BULLETS:
            continue
        box = next((b for b in shapes if _marks(line, b)), None)
        if box is not None and not _text_between(lines, line, box):
            found.append((i, box))
    lefts = [round(box[0]) for _, box in found]
    for i, box in found:
        if sum(1 for x in lefts if abs(x - round(box[0])) <= 1) < 2:
            continue
        line, first = lines[i], lines[i].words[0]
        bullet = replace(first, text="•", x0=box[0], x1=box[2], bold=False, note=False)
        lines[i] = replace(line, words=[bullet, *line.words])


def _text_between(lines: list[Line], line: Line, box: tuple[float, float, float, float]) -> bool:
    """Whether some word on the line's height sits left of its first word, right of the
    shape (the shape is then inside the text, not before it)."""
    x1 = box[2]
    return any(
        x1 - 0.5 <= w.x0 < line.words[0].x0 and w.top < line.bottom and w.bottom > line.top
        for other in lines
        if other is not line
        for w in other.words
    )
