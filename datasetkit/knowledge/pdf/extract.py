"""What a PDF page holds, in geometry: words with font size and weight, lines, rules, images.

pypdfium2 (PDFium, the engine of Chrome's PDF viewer) gives every character with its
box, font and size; this module turns them into words and lines in reading order.
Coordinates are top-down (``top`` grows towards the bottom of the page), in points.
"""

from __future__ import annotations

import ctypes
import dataclasses
import functools
import math
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from datasetkit.knowledge.fonts import monospace_name
from datasetkit.knowledge.guard import Deadline
from datasetkit.knowledge.pdf.bidi import (
    display_to_reading,
    has_rtl,
    is_rtl_char,
    joins_word,
    mark_order,
    tie_lam,
    untie_lams,
)
from datasetkit.knowledge.pdf.columns import by_bands, by_columns
from datasetkit.knowledge.pdf.drawn_bullets import mark_bullets
from datasetkit.knowledge.pdf.geometry import (
    BULLETS as BULLETS,
)
from datasetkit.knowledge.pdf.geometry import (
    Edge as Edge,
)
from datasetkit.knowledge.pdf.geometry import (
    Line as Line,
)
from datasetkit.knowledge.pdf.geometry import (
    PageLayout as PageLayout,
)
from datasetkit.knowledge.pdf.geometry import (
    Word as Word,
)
from datasetkit.knowledge.pdf.geometry import (
    list_marker as list_marker,
)
from datasetkit.knowledge.pdf.geometry import (
    starts_list as starts_list,
)
from datasetkit.knowledge.pdf.glyph_names import Renames, read_signs
from datasetkit.knowledge.pdf.graphics import page_graphics
from datasetkit.knowledge.pdf.inflate import OverBudget
from datasetkit.knowledge.pdf.junk_glyphs import without_junk
from datasetkit.knowledge.pdf.ocr_layer import mend
from datasetkit.knowledge.pdf.small_caps import join_small_caps
from datasetkit.knowledge.pdf.symbol_fonts import symbol_fonts_on
from datasetkit.knowledge.pdf.weights import family, font_name, named_bold, plain_face
from datasetkit.knowledge.pdf.word_gaps import Placed, split_glued

# PDFium reports a hyphen it took for a soft line-end hyphen as U+FFFE.
_PDFIUM_HYPHEN = "\ufffe"


class _Fonts:
    """Size, boldness, fixed width and uprightness per text object, looked up once (a page
    has few objects)."""

    def __init__(self, raw: Any, textpage: Any) -> None:
        self.raw = raw
        self.textpage = textpage
        self.cache: dict[int, tuple[float, bool, bool, bool, bool, str, int, str]] = {}
        self.buf = ctypes.create_string_buffer(256)
        self.bold_faces: set[str] = set()  # families a font name on the page says are bold
        self.symbolic = True  # the page may hold signs of a symbol font (see .symbol_fonts)
        self.renames: Renames = {}  # signs named by glyph names PDFium lacks (.glyph_names)

    def style(self, index: int) -> tuple[float, bool, bool, bool, bool, str, int, str]:
        raw = self.raw
        obj = raw.FPDFText_GetTextObject(self.textpage, index)
        key = ctypes.cast(obj, ctypes.c_void_p).value or 0
        found = self.cache.get(key)
        if found is None:
            size = float(raw.FPDFText_GetFontSize(self.textpage, index)) * self._scale(index)
            bold, mono, serif, face, font = self._kind(index, obj)
            angle = raw.FPDFText_GetCharAngle(self.textpage, index)
            upright = angle < 0 or min(angle, 2 * math.pi - angle) < 0.02  # -1: unknown
            found = (round(size * 2) / 2, bold, mono, upright, serif, face, self._colour(obj), font)
            self.cache[key] = found
        return found

    def _colour(self, obj: Any) -> int:
        """The text object's fill colour as 0xRRGGBB; 0 for black, a grey or unknown:
        only a hue sets a line apart as a colour."""
        if not obj:
            return 0
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        refs = (ctypes.byref(r), ctypes.byref(g), ctypes.byref(b), ctypes.byref(a))
        if not self.raw.FPDFPageObj_GetFillColor(obj, *refs):
            return 0
        rgb = (r.value, g.value, b.value)
        if max(rgb) - min(rgb) < _HUE:
            return 0
        return (rgb[0] << 16) | (rgb[1] << 8) | rgb[2]

    def _scale(self, index: int) -> float:
        """How much the text matrix enlarges the font: many writers set a 1 pt font and
        scale it by the matrix, so the stated size alone says nothing."""
        raw = self.raw
        matrix = raw.FS_MATRIX()
        if not raw.FPDFText_GetMatrix(self.textpage, index, ctypes.byref(matrix)):
            return 1.0
        scale = math.hypot(matrix.c, matrix.d)
        return scale if 0.01 < scale < 1000 else 1.0

    def _kind(self, index: int, obj: Any) -> tuple[bool, bool, bool, str, str]:
        """(bold, fixed-width, serif, face, font) from the font's weight, flags and name;
        face is the font's family when only the stated weight makes it bold (see
        .weights), font its name without the subset tag."""
        raw = self.raw
        name = b""
        flags = 0
        font = raw.FPDFTextObj_GetFont(obj) if obj else None
        if font:
            n = raw.FPDFFont_GetBaseFontName(font, self.buf, len(self.buf))
            name = self.buf.raw[: max(0, n - 1)]
            flags = raw.FPDFFont_GetFlags(font)
        lowered = name.lower()
        # Fonts that declare no weight (0 or 400) still say so in their name. A weight
        # past 1000 is no weight at all (some writers put the stem width there).
        weight = raw.FPDFText_GetFontWeight(self.textpage, index)
        # A plain name's stated weight gives way to a bold-named sibling (.weights).
        by_name = named_bold(name)
        if by_name:
            self.bold_faces.add(family(name))
        by_weight = 600 <= weight <= 1000 and not by_name
        bold = by_name or by_weight
        face = family(name) if by_weight and plain_face(name) else ""
        # Glyphs filled and stroked (render mode 2, or 6 with clipping) are set heavier
        # than the face: how writers embolden a font that has no bold weight (CJK faces).
        mode = raw.FPDFTextObj_GetTextRenderMode(obj) if obj else 0
        if mode == 3:
            # Invisible text (an OCR layer over a scan): its font is a stand-in chosen by
            # the OCR engine, often fixed-width; it says nothing of how the page looks.
            return False, False, False, "", ""
        bold = bold or mode in (2, 6)
        mono = bool(flags & 1) or monospace_name(name.decode("latin-1"))
        # The standard fonts come without flags: their names tell the face.
        serif = bool(flags & 2) or (
            any(k in lowered for k in _SERIF_NAMES) and b"sans" not in lowered
        )
        return bold, mono, serif, face, font_name(name)


# Channels this far apart make a hue; closer, the colour is a grey.
_HUE = 48
_SERIF_NAMES = (b"times", b"serif", b"georgia", b"garamond", b"cambria", b"palatino", b"minion")


def read_page(
    pdf: Any,
    index: int,
    deadline: Deadline | None = None,
    max_objects: int | None = None,
    renames: Renames | None = None,
) -> PageLayout:
    """The layout of page ``index`` (0-based) of an open pypdfium2 document; raises
    :class:`~datasetkit.knowledge.guard.OutOfTime` when ``deadline`` passes meanwhile, and
    :class:`~datasetkit.knowledge.pdf.inflate.OverBudget` when the page as PDFium parsed it
    draws more than ``max_objects`` objects (forms counted as often as they are drawn)."""
    clock = deadline or Deadline(float("inf"))
    import pypdfium2.raw as raw

    page = pdf[index]
    try:
        if max_objects is not None:
            _within_objects(raw, page.raw, max_objects)
        if page.get_rotation():
            # A page turned for display (/Rotate) is read in the direction it was written.
            page.set_rotation(0)
        width, height = page.get_size()
        layout = PageLayout(index + 1, float(width), float(height))
        textpage = page.get_textpage()
        try:
            fonts = _Fonts(raw, textpage)
            fonts.symbolic = symbol_fonts_on(raw, page.raw, textpage)
            fonts.renames = renames or {}
            words, layout.turned = _words(fonts, layout.height, clock)
            layout.rotated = " ".join("".join(w.text for w in layout.turned).split())
            layout.bold_faces = fonts.bold_faces
        finally:
            textpage.close()
        layout.lines = by_columns(_lines(words, index + 1, clock), layout.width)
        shapes: list[tuple[float, float, float, float]] = []
        if page_graphics(page, layout, clock, shapes):
            mend(layout)
        mark_bullets(layout.lines, shapes)
        layout.lines = by_bands(layout.lines, layout.edges, layout.width)
        _underlines(layout)
    finally:
        page.close()
    return layout


def _underlines(layout: PageLayout) -> None:
    """Mark the lines a rule is drawn under: just below the baseline, spanning the
    text and at most an em wider (a rule across the column under a title is a
    separator, not an underline)."""
    rules = [e for e in layout.edges if e.horizontal and e.bottom - e.top < 2]
    for line in layout.lines:
        size = line.size
        line.underlined = any(
            line.bottom - 0.3 * size <= r.top <= line.bottom + 0.3 * size
            and r.x0 <= line.x0 + 2
            and r.x1 >= line.x1 - 2
            and (r.x1 - r.x0) <= (line.x1 - line.x0) + size
            for r in rules
        )


def _within_objects(raw: Any, page: Any, cap: int) -> None:
    """Raise OverBudget when the page, as PDFium parsed it, holds more than ``cap``
    objects. The budget checks before it read the page tree as pypdf does; a damaged
    file can give PDFium another page 1, and text extraction over a fan of nested forms
    runs in C where no alarm reaches it. Counting stops at the cap, so it is cheap."""
    seen = 0
    stack = [(raw.FPDFPage_CountObjects, raw.FPDFPage_GetObject, page)]
    while stack:
        count, get, owner = stack.pop()
        for i in range(max(0, count(owner))):
            seen += 1
            if seen > cap:
                raise OverBudget(
                    f"the page draws more than {cap:,} objects as PDFium reads it "
                    "(forms counted as often as they are drawn)"
                )
            obj = get(owner, i)
            if raw.FPDFPageObj_GetType(obj) == raw.FPDF_PAGEOBJ_FORM:
                stack.append((raw.FPDFFormObj_CountObjects, raw.FPDFFormObj_GetObject, obj))


def _page_text(raw: Any, textpage: Any, count: int) -> str:
    """The page's characters, one per index (PDFium's own text, read in one call)."""
    buf = ctypes.create_string_buffer((count + 1) * 2)
    n = raw.FPDFText_GetText(textpage, 0, count, ctypes.cast(buf, ctypes.POINTER(ctypes.c_ushort)))
    text = buf.raw[: max(0, n - 1) * 2].decode("utf-16-le", errors="replace")
    if len(text) == count:
        return text
    # Characters outside the BMP take two UTF-16 units: read them one by one instead.
    return "".join(_one_per_index([raw.FPDFText_GetUnicode(textpage, i) for i in range(count)]))


# Stands at an index the page's text skips: the second half of a character PDFium counts
# as two UTF-16 units, or a glyph of a font's private use area.
_SKIP = "\ufeff"


def _one_per_index(units: list[int]) -> list[str]:
    """One character per index. PDFium gives a character outside the BMP as its two
    UTF-16 halves at two indexes: the character goes at the first, the second is skipped.
    A character of the supplementary private use planes is a font's own symbol (a
    bracket, a bullet), no letter: both are skipped. A half with no partner, which no
    text file can hold, is a space."""
    out = [chr(c) if 0 < c < 0xD800 or 0xDFFF < c < 0x110000 else " " for c in units]
    i = 0
    while i + 1 < len(units):
        hi, lo = units[i], units[i + 1]
        if 0xD800 <= hi < 0xDC00 and 0xDC00 <= lo < 0xE000:
            joined = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
            out[i] = _SKIP if joined >= 0xF0000 else chr(joined)
            out[i + 1] = _SKIP
            i += 2
        else:
            i += 1
    return out


def _words(fonts: _Fonts, height: float, clock: Deadline) -> tuple[list[Word], list[Word]]:
    """The page's characters in words (a space, a word gap, see :mod:`.word_gaps`, or a new
    line ends one), and those set at an angle, one by one; one font look-up per word."""
    raw, textpage = fonts.raw, fonts.textpage
    if (count := raw.FPDFText_CountChars(textpage)) <= 0:
        return [], []
    text = _read_text(fonts, count)
    ref, loose_box = ctypes.byref(rect := raw.FS_RECTF()), raw.FPDFText_GetLooseCharBox
    words: list[Placed] = []
    chars: list[str] = []
    rotated: list[Word] = []
    start, widest, last = 0, 0.0, (0.0, 0.0)  # first index, widest gap, last box
    x0 = x1 = top = bottom = size = 0.0
    bold, mono, serif, leftward, face, colour, font = False, False, False, False, "", 0, ""

    def flush() -> list[str]:
        box = (x0, x1, top, bottom, size, bold, mono, serif, face, colour)
        words.append(Placed(_word(chars, leftward, *box, font=font), start, widest))
        return []  # the next word's characters

    for n, (i, ch) in enumerate(_in_order(raw, textpage, height, text)):
        clock.check(n, 4096)
        if ch.isspace() or ch == "\x00":  # (not after a raised accent, see _under_accent)
            chars = flush() if chars and not _lone_accent(chars) else chars
            if rotated and rotated[-1].text != " ":
                rotated.append(dataclasses.replace(rotated[-1], text=" "))
            continue
        ch = "-" if ch in (_PDFIUM_HYPHEN, "\x02") else ch  # PDFium's soft hyphen at a line end
        loose_box(textpage, i, ref)
        left, right, t, b = rect.left, rect.right, height - rect.top, height - rect.bottom
        tied, over = (left, right) == last, bool(chars) and _over_letter(ch, (left, right), last)
        last = (left, right)  # two letters of one glyph; an accent drawn over the one before
        if chars:
            gap = left - x1
            # The common case first: the next letter of a left-to-right word.
            fast = ch < "\u0300" and abs(b - bottom) <= 0.4 * size and -size <= gap <= 0.4 * size
            fast = fast or _under_accent(chars, (x0, x1, bottom), (left, right, t, b))
            step = 1 if fast or tied else _continues(left, right, b, x0, x1, bottom, size, ch)
            if step == 3 or over:  # a vowel point or accent: part of the letter before it
                chars.append(_ACCENT_MARKS[ch] if over else ch)
                continue
            chars = chars if step else flush()
            widest = max(widest, gap) if step == 1 else widest
            leftward = leftward or step == 2
        if not chars:
            leftward = False
            size, bold, mono, upright, serif, face, colour, font = fonts.style(i)
            if not upright:
                rotated.append(Word(ch, left, right, t, b, size or 1.0, bold))
                continue
            size = size or (b - t) or 1.0
            x0, x1, top, bottom = left, right, t, b
            start, widest = i, 0.0
        chars.append(tie_lam(chars, ch) if tied else ch)
        x0, x1 = (min(x0, left) if leftward else x0), max(x1, right)
        top, bottom = min(top, t), max(bottom, b)
    if chars:
        flush()
    glued = split_glued(words, text, functools.partial(_edges, raw, textpage))
    return glued, rotated


def _read_text(fonts: _Fonts, count: int) -> str:
    """The page's characters, signs read (.glyph_names), made-up letters skipped (.junk_glyphs)."""
    text = read_signs(fonts, _page_text(fonts.raw, fonts.textpage, count))
    return without_junk(fonts.raw, fonts.textpage, text, _SKIP)


def _in_order(raw: Any, textpage: Any, height: float, text: str) -> Iterable[tuple[int, str]]:
    """The page's characters with their indexes, each stray vowel point moved to the
    letter it sits on (see :func:`.bidi.mark_order`), the skipped halves left out."""
    order = mark_order(text, functools.partial(_box, raw, textpage, height))
    pairs = enumerate(text) if order is None else [(i, text[i]) for i in order]
    return ((i, ch) for i, ch in pairs if ch != _SKIP)


def _box(raw: Any, textpage: Any, height: float, index: int) -> tuple[float, float, float, float]:
    """A character's loose box: left, right, top and bottom, top down."""
    rect = raw.FS_RECTF()
    raw.FPDFText_GetLooseCharBox(textpage, index, ctypes.byref(rect))
    return rect.left, rect.right, height - rect.top, height - rect.bottom


def _edges(raw: Any, textpage: Any, index: int) -> tuple[float, float, float]:
    """The left and right edge of a character's loose box, and its font size."""
    rect = raw.FS_RECTF()
    raw.FPDFText_GetLooseCharBox(textpage, index, ctypes.byref(rect))
    return rect.left, rect.right, raw.FPDFText_GetFontSize(textpage, index)


def _continues(
    left: float, right: float, b: float, x0: float, x1: float, bottom: float, size: float, ch: str
) -> int:
    """Whether a character goes on the word being built: 3 a combining mark (part of the
    letter before it), or on its baseline 1 just right of it, 2 just left of it (a
    right-to-left script in logical order); 0 not at all."""
    if joins_word(ch):
        return 3
    if abs(b - bottom) > 0.4 * size:
        return 0
    if is_rtl_char(ch) and right <= x0 + 0.4 * size and x0 - right <= 0.4 * size:
        return 2
    return 1 if -size <= left - x1 <= 0.4 * size else 0


# An accent set as a character of its own right before its letter (TeX builds "î" as
# "ˆ" over a dotless "ı"), with the combining mark it stands for.
_ACCENT_MARKS = {"ˆ": "\u0302", "˜": "\u0303", "¨": "\u0308", "´": "\u0301"}
_ACCENT_MARKS |= {"˘": "\u0306", "ˇ": "\u030c", "˙": "\u0307", "˚": "\u030a", "¯": "\u0304"}
_SPACING_ACCENT = re.compile("([ˆ˜¨´˘ˇ˙˚¯])([^\\W\\d_])")


def _over_letter(ch: str, box: tuple[float, float], letter: tuple[float, float]) -> bool:
    """Whether ``ch`` is a spacing accent drawn over the letter before it: some typesetters
    set the letter, then the accent as a character of its own moved back over it (where
    TeX sets the accent first); most of the accent's width lies inside the letter's."""
    if ch not in _ACCENT_MARKS:
        return False
    width = box[1] - box[0]
    inside = min(box[1], letter[1]) - max(box[0], letter[0])
    return width > 0 and inside > 0.5 * width


def _lone_accent(chars: list[str]) -> bool:
    return len(chars) == 1 and chars[0] in _ACCENT_MARKS


def _under_accent(
    chars: list[str], accent: tuple[float, float, float], box: tuple[float, float, float, float]
) -> bool:
    """Whether a letter goes under the lone spacing accent set before it: TeX raises the
    accent over a capital ("´I" for "Í"), off the letter's baseline (PDFium puts a line
    break between them), but most of the accent's width lies over the letter, and its
    foot inside the letter's height."""
    if not _lone_accent(chars):
        return False
    left, right, foot = accent
    inside = min(right, box[1]) - max(left, box[0])
    return inside > 0.5 * (right - left) > 0 and box[2] <= foot < box[3]


def _accented(m: re.Match[str]) -> str:
    """The letter with the accent set before it, as one letter ("ˆı" -> "î")."""
    letter = {"ı": "i", "ȷ": "j"}.get(m.group(2), m.group(2))
    return letter + _ACCENT_MARKS[m.group(1)]


def _word(chars: list[str], leftward: bool, *box: Any, font: str = "") -> Word:
    """A word from its characters; an RTL word whose characters came left to right was
    stored in display order, and is put back in reading order."""
    text = "".join(chars)
    if not text.isascii():
        text = untie_lams(text, leftward)
        if not leftward and sum(not joins_word(c) for c in chars) > 1 and has_rtl(text):
            text = display_to_reading(text)
        text = _SPACING_ACCENT.sub(_accented, text)
        # Marks come in drawing order; one canonical order makes equal words compare equal.
        if not unicodedata.is_normalized("NFC", text):
            text = unicodedata.normalize("NFC", text)
    word = Word(text, *box)
    word.font = font
    return word


def _lines(words: list[Word], page: int, clock: Deadline) -> list[Line]:
    """Words grouped by baseline into lines, top to bottom, each left to right."""
    ordered = sorted(words, key=lambda w: (w.bottom, w.x0))
    lines: list[list[Word]] = []
    refs: list[Word] = []  # each line's largest word: its baseline is the line's
    for step, w in enumerate(ordered):
        clock.check(step, 256)
        placed = False
        # A word joins a line whose baseline is within a third of the smaller size; small
        # raised text (superscripts) overlaps the line's body and joins it too.
        for n in range(len(lines) - 1, max(-1, len(lines) - 5), -1):
            line, ref = lines[n], refs[n]
            small, large = sorted((max(ref.size, 1.0), max(w.size, 1.0)))
            # Type of very different sizes on one line shares its baseline closely.
            tol = (0.35 if large <= 1.5 * small else 0.15) * small
            near = min(line, key=lambda u: max(w.x0 - u.x1, u.x0 - w.x1))
            gap = max(w.x0 - near.x1, near.x0 - w.x1)
            if gap > 2.5 * max(w.size, near.size) and max(w.size, near.size) > 1.5 * min(
                w.size, near.size
            ):
                continue  # a date far right of a title: two pieces of text, not one line
            if _drawn_twice(w, line):
                placed = True  # a word printed again over itself (a heavier look)
                break
            if _stacked(w, line):
                continue  # a word over or under one of the line's: the next line
            # Raised text sits at most about half the larger size above its baseline;
            # a smaller line beside the top of a large title is a line of its own.
            raised = abs(w.bottom - ref.bottom) <= 0.6 * max(w.size, ref.size)
            if (
                abs(w.bottom - ref.bottom) <= tol
                or _bullet_beside(w, line, ref)
                or (raised and w.size < 0.9 * ref.size and ref.top <= w.bottom <= ref.bottom + 0.5)
                or (raised and ref.size < 0.9 * w.size and w.top <= ref.bottom <= w.bottom + 0.5)
            ):
                line.append(w)
                if w.size > ref.size:
                    refs[n] = w
                placed = True
                break
        if not placed:
            lines.append([w])
            refs.append(w)
    out = []
    for group in lines:
        group.sort(key=lambda w: w.x0)
        out.append(Line(join_small_caps(_without_markers(group)), page))
    out.sort(key=lambda ln: (ln.bottom, ln.x0))
    # Lines side by side (a title and a date at the right margin) read left to right.
    for i in range(1, len(out)):
        j = i
        while j > 0 and _beside(out[j - 1], out[j]) and out[j].x0 < out[j - 1].x0:
            out[j - 1], out[j] = out[j], out[j - 1]
            j -= 1
    return out


def _bullet_beside(w: Word, line: list[Word], ref: Word) -> bool:
    """Whether ``w`` is a lone bullet set just left of the line's first word in a face
    whose box sits lower or higher than the text's (a word processor's "o" in a typewriter
    face, a symbol font's square): it marks the line, whose body its box mostly covers."""
    if len(w.text) != 1 or not (w.text in BULLETS or w.text in "o-–*"):
        return False
    first = min(line, key=lambda u: u.x0)
    if not 0 <= first.x0 - w.x1 <= 3 * max(ref.size, 1.0):
        return False
    overlap = min(w.bottom, ref.bottom) - max(w.top, ref.top)
    return overlap >= 0.6 * min(w.bottom - w.top, ref.bottom - ref.top)


def _drawn_twice(w: Word, line: list[Word]) -> bool:
    """Whether the line holds ``w`` already, at almost its place: the same word drawn
    twice, a hair apart, to look bold."""
    return any(
        u.text == w.text
        and abs(u.x0 - w.x0) < 0.2 * w.size
        and abs(u.bottom - w.bottom) < 0.2 * w.size
        for u in line
    )


def _stacked(w: Word, line: list[Word]) -> bool:
    """Whether ``w`` covers most of a word of ``line`` (or the word covers most of it):
    one sits above the other, so they are on two lines. Where a column of smaller type
    runs beside a larger one, two of its lines can both fall within one line's height
    of the larger column; they must not be read as one line, word by word interleaved.
    A mark of one character (an accent, a raised sign) sits over its word and is left
    to join it."""
    if len(w.text) < 2:
        return False
    for u in line:
        overlap = min(w.x1, u.x1) - max(w.x0, u.x0)
        if len(u.text) >= 2 and overlap > 0.5 * min(w.x1 - w.x0, u.x1 - u.x0):
            return True
    return False


def _beside(a: Line, b: Line) -> bool:
    """Whether two lines share most of their height (they sit on one visual line)."""
    overlap = min(a.bottom, b.bottom) - max(a.top, b.top)
    return overlap > 0.5 * min(a.bottom - a.top, b.bottom - b.top)


_MARKER = re.compile(r"[\d*†‡§]{1,3}(?:,[\d*†‡§]{1,3})*")
# A raised 2 or 3 right after a unit of one or two small letters is its exponent ("km²", "m³").
_EXPONENTS = {"2": "²", "3": "³"}


def _glue(a: Word, b: Word) -> Word:
    """Two words as one, in the style of the first."""
    return dataclasses.replace(a, text=a.text + b.text, x1=b.x1)


def _without_markers(group: list[Word]) -> list[Word]:
    """A line's words without footnote markers: small raised digits or symbols set right
    after a word ("three years¹ with"). Punctuation set after a marker rejoins its word;
    an exponent after a unit ("m²", "km²") is kept, joined to it."""
    size = max(w.size for w in group)
    base = max(w.bottom for w in group if w.size == size)
    out: list[Word] = []
    marker: Word | None = None
    for i, w in enumerate(group):
        prev = out[-1] if out else None
        raised = w.size <= 0.9 * size and w.bottom < base - 0.15 * size
        if prev is None and i + 1 < len(group) and raised and w.text.isdigit():
            # a footnote's own number opens its line ("⁸ MCAS is a function of ..."): the
            # note's text is read without it, as a marker in the body is, and still starts
            # a block of its own (the word after it says so)
            group[i + 1] = dataclasses.replace(group[i + 1], note=True)
            marker = w
            continue
        if (
            prev is not None
            and w.size <= 0.9 * size
            and w.bottom < base - 0.15 * size
            and _MARKER.fullmatch(w.text)
            and w.x0 - prev.x1 < 0.25 * size
        ):
            unit = prev.text.lstrip("([")  # "(km" in a header: the unit after its bracket
            small = unit.isascii() and unit.isalpha() and unit.islower()
            if small and len(unit) <= 2 and w.text in _EXPONENTS:
                out[-1] = _glue(prev, dataclasses.replace(w, text=_EXPONENTS[w.text]))
                marker = w  # "(km²)": the bracket after it is the unit's
                continue
            if len(prev.text) <= 2 and prev.text.isalpha() and w.text.isdigit():
                out[-1] = _glue(prev, w)
                continue
            marker = w
            continue
        glued = marker is not None and w.x0 - marker.x1 < 0.25 * size
        if prev is not None and glued and not w.text[:1].isalnum():
            out[-1] = _glue(prev, w)  # "years¹," : the comma is the word's
            marker = None
            continue
        out.append(w)
        marker = None
    return out
