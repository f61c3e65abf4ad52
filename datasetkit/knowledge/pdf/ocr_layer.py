"""Pages that are a scan with an OCR text layer, read by the geometry of their words.

An OCR engine lays its text over (or under) the scanned image: invisible text (render
mode 3), or plain text the page image then covers. Its font is a stand-in (often a
fixed-width "glyphless" font) and its size is fitted to each recognised line's height,
in whole points; what the scan shows as a bullet comes out as whatever glyph the engine
guessed ("0", "o", "°", "e", a quote), and a rule or a speck as "|" or "_". The passes
here undo that, on such pages only: bullets at a common left edge become bullets, lone
specks go, and heading sizes a point apart count as one size.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from datasetkit.knowledge.pdf.geometry import Line, PageLayout

# Share of the page an image must cover to be the scan the text was read from.
_SCAN_AREA = 0.8
# Share of the page's text objects that must be hidden for the text to be a layer.
_HIDDEN_SHARE = 0.8


def scanned(raw: Any, objects: list[Any], layout: PageLayout) -> bool:
    """Whether the page is a scan under an OCR text layer: a page-sized image, and text
    that is invisible (render mode 3) or drawn before the image, inside its bounds."""
    area = layout.width * layout.height or 1.0
    texts: list[tuple[bool, tuple[float, float]]] = []  # hidden, centre
    scan: tuple[int, tuple[float, float, float, float]] | None = None
    for obj in objects:
        kind = obj.type
        if kind not in (raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_IMAGE):
            continue
        try:
            left, bottom, right, top = (float(v) for v in obj.get_bounds())
        except Exception:
            continue
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            hidden = raw.FPDFTextObj_GetTextRenderMode(obj.raw) == 3
            texts.append((hidden, ((left + right) / 2, (bottom + top) / 2)))
        elif scan is None and (right - left) * (top - bottom) >= _SCAN_AREA * area:
            scan = (len(texts), (left, bottom, right, top))
    if not texts or scan is None:
        return False
    if sum(hidden for hidden, _ in texts) >= _HIDDEN_SHARE * len(texts):
        return True
    before, (left, bottom, right, top) = scan
    under = sum(left <= x <= right and bottom <= y <= top for _, (x, y) in texts[:before])
    return under >= _HIDDEN_SHARE * len(texts)


# Glyphs an OCR engine reads a round or square bullet as: a digit or letter like a
# ring, a degree sign, a quote or a dash. A lone one opens a list item only where
# several lines open so at one left edge (see ``_bullet_lines``).
_BULLET_GUESSES = frozenset("0oOeQ°º•·*'‘’`\"«»©®¢@-–—~+=■□●○")
# A line of nothing but these is a rule or a speck the engine read as text.
_SPECKS = frozenset("|_—–-~.,:;'\"`‘’^°•·¦/\\")


def mend(layout: PageLayout) -> None:
    """Mark the page's words as read from a scan, turn guessed bullets back into
    bullets, and drop lines that are specks. A layer's fixed-width font is the engine's
    stand-in, not the type of the page: no word of it is code."""
    lines = [ln for ln in layout.lines if not _speck(ln)]
    for ln in lines:
        ln.words = [dataclasses.replace(w, ocr=True, mono=False) for w in ln.words]
    for ln in _bullet_lines(lines):
        ln.words[0] = dataclasses.replace(ln.words[0], text="•")
    layout.lines = lines


def _speck(line: Line) -> bool:
    """A line of marks and no letter or digit: a rule, a dotted line or dirt."""
    return all(c in _SPECKS for w in line.words for c in w.text)


def titles_nothing(text: str) -> bool:
    """Whether a line of a scan holds no word of three letters: labels of a drawing
    ("-Ф Ф-", "A1 /2") read as text, which title nothing."""
    return not re.search(r"[^\W\d_]{3}", text)


def _bullet_lines(lines: list[Line]) -> list[Line]:
    """Lines that open with a lone guessed bullet before a word, where at least two such
    lines (in the same run of text size) share a left edge."""
    opened = [
        ln
        for ln in lines
        if len(ln.words) >= 2
        and len(ln.words[0].text) == 1
        and ln.words[0].text in _BULLET_GUESSES
        and ln.words[1].text[:1].isalnum()
    ]
    out: list[Line] = []
    for ln in opened:
        tol = 0.6 * ln.size
        peers = [o for o in opened if o is not ln and abs(o.x0 - ln.x0) <= tol]
        if any(abs(o.size - ln.size) <= 0.15 * ln.size for o in peers):
            out.append(ln)
    return out


def merged_sizes(sizes: Iterable[float]) -> dict[float, float]:
    """Sizes of OCR headings that differ by a rounding step taken as one: from the
    largest down, a size within an eighth of its group's largest joins that group."""
    out: dict[float, float] = {}
    head = 0.0
    for size in sorted(set(sizes), reverse=True):
        if not head or size < head * 0.875:
            head = size
        out[size] = head
    return out
