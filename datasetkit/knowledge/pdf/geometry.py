"""The geometry of a PDF page as datasetkit reads it: words, lines, rules, images.

Built by :mod:`.pdf_extract` from PDFium's characters, and read by the column,
table, cleaning and structure passes. Coordinates are top-down (``top`` grows
towards the bottom of the page), in points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from datasetkit.knowledge.pdf.bidi import has_rtl, is_rtl_line, reading_text

# Characters that start a bullet list item (PDFium maps Symbol/Wingdings bullets to
# private-use code points; the common ones are listed).
BULLETS = frozenset("•◦▪▫■□●○‣⁃∙·➢➤►▶✓✔❖◆◇➔→\uf0b7\uf0a7\uf076\uf0d8\uf0fc\uf06e\uf0a8")

_NUMBERED = re.compile(r"^(\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,5})[.)])\s+(?=\S)")
# A reference list's label: "[12] Author, A. ...".
_BRACKETED = re.compile(r"^(\[\d{1,3}\])\s+(?=\S)")


def list_marker(text: str) -> tuple[str | None, str] | None:
    """``(marker, rest)`` when a line starts a list item: ``(None, rest)`` for a bullet,
    ``("1.", rest)`` for a numbered item; None for any other line."""
    first = text[:1]
    if first in BULLETS or (first in "-*–o" and text[1:2] == " "):
        rest = text[1:].lstrip()
        return (None, rest) if rest else None
    m = _NUMBERED.match(text) or _BRACKETED.match(text)
    if m and not re.match(r"^\d{1,3}\.\d", text):
        return m.group(1), text[m.end() :]
    return None


def starts_list(text: str) -> bool:
    """Whether a line begins with a bullet or a list number."""
    return list_marker(text) is not None


# The marks of a Markdown heading printed as text ("###"), as a word of their own.
_HEADING_MARKS = re.compile(r"^#{1,6}$")


def heading_marks(line: Line) -> int:
    """How many Markdown heading marks open ``line`` ("### Scope" -> 3), or 0: the
    marks stand as a word of their own before text that does not start in lower case
    ("# of units" counts something)."""
    words = line.words
    if len(words) < 2 or line.mono or not _HEADING_MARKS.match(words[0].text):
        return 0
    return 0 if words[1].text[:1].islower() else len(words[0].text)


@dataclass
class Word:
    """A run of characters without a gap, with the style of its first character."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    bold: bool
    mono: bool = False
    serif: bool = False  # the font says it has serifs: a face, told apart at one size
    # The font's family when only its stated weight makes the word bold (see .weights).
    face: str = ""
    # The fill colour as 0xRRGGBB when it has a hue, 0 for black and greys.
    colour: int = 0
    note: bool = False  # the first word of a footnote whose raised number was left out
    ocr: bool = False  # read from an OCR text layer over a scan (see .ocr_layer)
    font: str = ""  # the font's name without its subset tag ("arial-boldmt")


@dataclass
class Line:
    """Words that share a baseline, left to right."""

    words: list[Word]
    page: int
    # A rule drawn right under the line's text and no wider than it: underlined.
    underlined: bool = False

    @property
    def text(self) -> str:
        """The words joined by single spaces, in reading order (right to left for a line of
        Hebrew or Arabic, see :mod:`.bidi`)."""
        plain = " ".join(w.text for w in self.words)
        if has_rtl(plain) and is_rtl_line(self.words):
            return reading_text(self.words)
        return plain

    @property
    def x0(self) -> float:
        """Left edge."""
        return self.words[0].x0

    @property
    def x1(self) -> float:
        """Right edge."""
        return self.words[-1].x1

    @property
    def top(self) -> float:
        """Top edge."""
        return min(w.top for w in self.words)

    @property
    def bottom(self) -> float:
        """Bottom edge (about the baseline)."""
        return max(w.bottom for w in self.words)

    @property
    def size(self) -> float:
        """The font size most of the line's characters have."""
        weights: dict[float, int] = {}
        for w in self.words:
            weights[w.size] = weights.get(w.size, 0) + len(w.text)
        return max(weights, key=lambda s: weights[s])

    @property
    def bold(self) -> bool:
        """Whether (nearly) all the line's letters are bold."""
        total = sum(len(w.text) for w in self.words)
        bold = sum(len(w.text) for w in self.words if w.bold)
        return total > 0 and bold >= 0.8 * total

    @property
    def ocr(self) -> bool:
        """Whether the line was read from an OCR text layer over a scan."""
        return any(w.ocr for w in self.words)

    @property
    def mono(self) -> bool:
        """Whether (nearly) all the line is set in a fixed-width font (code)."""
        total = sum(len(w.text) for w in self.words)
        mono = sum(len(w.text) for w in self.words if w.mono)
        return total > 0 and mono >= 0.8 * total


@dataclass
class Edge:
    """A ruling line (or a side of a drawn rectangle): horizontal when ``y0 == y1``."""

    x0: float
    top: float
    x1: float
    bottom: float

    @property
    def horizontal(self) -> bool:
        """Wider than tall."""
        return (self.x1 - self.x0) >= (self.bottom - self.top)


@dataclass
class PageLayout:
    """One page: its lines in reading order, its rules and its images."""

    number: int
    width: float
    height: float
    lines: list[Line] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    images: list[tuple[float, float, float, float]] = field(default_factory=list)
    # Text set at an angle (a "DRAFT" watermark across the page), left out of the lines.
    rotated: str = ""
    # Its characters one by one in the order drawn, a word break as a blank (see
    # :func:`.grid.turned_text`): a column label set on its side in a ruled table.
    turned: list[Word] = field(default_factory=list)
    # The font families the page names bold ("Calibri-Bold": "calibri").
    bold_faces: set[str] = field(default_factory=set)


def hangs_under_title(prev: Line, line: Line) -> bool:
    """Whether ``line`` goes on with the numbered title ``prev``: in its type, set under
    the title's words after the number (a hanging indent), with no number of its own
    ("2 CHARACTERIZING EXPOSITORY" over "WRITING"). Any other short line under or over
    a section number ("（一） 新增发行H股") starts a block of its own."""
    from datasetkit.knowledge.numbering import section_number

    number = section_number(prev.text)
    if len(prev.words) < 2 or number is None or number.kind != "decimal":
        return False
    other = section_number(line.text)
    if (other is not None and other.kind == "decimal") or line.bold != prev.bold:
        return False
    if abs(line.size - prev.size) > 0.3:
        return False
    return abs(line.x0 - prev.words[1].x0) <= 1.5 and line.x0 > prev.x0 + 2
