"""Symbols a PDF's text layer cannot say: the glyphs of a math symbol font without its
character map.

Typesetters set a formula's signs (equals, minus, angle brackets, the bar of a
conditional) in a symbol font of their own. When that font carries no map from glyphs to
characters, the text layer reads each glyph as the letter, digit or sign its code has in
plain text: "p(k|t)" comes out as "p(kjt)", "⟨k⟩" as "ÆkæÞ", "a = 0.05" as "a 5 0.05".
Such text reads as prose and says something false. A symbol font of this kind shows
itself on the page: it is flagged symbolic, bears no name of a text face, and never
sets two characters in a row (it draws lone signs between the words of the text fonts).
Its characters in the plain-text range are read as U+FFFD, the character that says "a
glyph was here that could not be read", so no later step takes them for words.
"""

from __future__ import annotations

import ctypes
import re
from typing import Any

# U+FFFD: a character that could not be read.
LOST = "\ufffd"
# Font flags of the PDF specification (table 123): symbolic and nonsymbolic.
_SYMBOLIC, _NONSYMBOLIC = 4, 32
# Names of text faces and their styles (a text font subset to a few glyphs on a page is
# still a text font), and of the fonts whose glyphs PDFium maps by their own encoding.
_TEXT_FACE = re.compile(
    rb"(?i)bold|italic|oblique|regular|medium|light|semibold|black|heavy|roman|book|"
    rb"arial|helvetica|times|calibri|cambria|verdana|georgia|roboto|segoe|tahoma|garamond|"
    rb"minion|myriad|frutiger|univers|liberation|dejavu|noto|sans|serif|lato|source|"
    rb"symbol|wingding|webding|dingbat|zapf"
)
# Signs of the plain-text range that a symbol font maps right (and prose writes).
_KEPT = frozenset("±×÷·¬°µ")


def lost_symbols(raw: Any, textpage: Any, text: str) -> frozenset[int]:
    """The indexes of ``text`` (one character per index of the page) drawn by a symbol
    font without a character map (see the module's docstring)."""
    fonts: dict[int, Any] = {}  # text object -> font key
    of: list[int] = []
    for i in range(len(text)):
        obj = raw.FPDFText_GetTextObject(textpage, i)
        key = ctypes.cast(obj, ctypes.c_void_p).value or 0
        if key not in fonts:
            font = raw.FPDFTextObj_GetFont(obj) if obj else None
            fonts[key] = font
        font = fonts[key]
        of.append(ctypes.cast(font, ctypes.c_void_p).value or 0 if font else 0)
    runs = {f for i, f in enumerate(of[1:], 1) if f and f == of[i - 1] and _drawn(text, i)}
    handles = {ctypes.cast(f, ctypes.c_void_p).value or 0: f for f in fonts.values() if f}
    symbol = {k for k, f in handles.items() if k not in runs and _symbol_font(raw, f)}
    if not symbol:
        return frozenset()
    return frozenset(
        i for i, f in enumerate(of) if f in symbol and ord(text[i]) < 0x100 and _plain(text[i])
    )


def _drawn(text: str, i: int) -> bool:
    """Whether characters ``i - 1`` and ``i`` are both drawn (no space between them)."""
    return not text[i].isspace() and not text[i - 1].isspace()


def _plain(ch: str) -> bool:
    """A character of the plain-text range a lost glyph is read as."""
    return not ch.isspace() and ch not in _KEPT


def _symbol_font(raw: Any, font: Any) -> bool:
    """Whether a font is flagged symbolic and bears no name of a text face."""
    flags = raw.FPDFFont_GetFlags(font)
    if not flags & _SYMBOLIC or flags & _NONSYMBOLIC:
        return False
    buf = ctypes.create_string_buffer(256)
    n = raw.FPDFFont_GetBaseFontName(font, buf, len(buf))
    return not _TEXT_FACE.search(buf.raw[: max(0, n - 1)])
