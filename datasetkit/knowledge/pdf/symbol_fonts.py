"""Symbols a PDF's text layer cannot say: the glyphs of a math symbol font without its
character map.

Typesetters set a formula's signs (equals, minus, angle brackets, the bar of a
conditional) in a symbol font of their own. When that font carries no map from glyphs to
characters, the text layer reads each glyph as the letter, digit or sign its code has in
plain text: "p(k|t)" comes out as "p(kjt)", "⟨k⟩" as "ÆkæÞ", "a = 0.05" as "a 5 0.05".
Such text reads as prose and says something false. A symbol font of this kind shows
itself on the page: it is flagged symbolic, bears no name of a text face, and never
sets two characters in a row (it draws lone signs between the words of the text fonts).
Its characters that no symbol font maps to are read as U+FFFD, the character that says
"a glyph was here that could not be read", so no later step takes them for words: a
control code, a Latin letter of the Latin-1 range ("Æ"), an upright small letter ("j"
for a bar; a math italic letter is a variable, a capital of a math alphabet the letter
it draws), "$" or "#" (where such fonts keep "≥"
and "≤"). Signs a symbol font does map to ("=", "(", "+", digits of a subscript, as TeX's
fonts set them) are kept.
"""

from __future__ import annotations

import ctypes
import re
from typing import Any

# U+FFFD: a character that could not be read.
LOST = "\ufffd"
# Font flags of the PDF specification (table 123): symbolic, nonsymbolic and italic.
_SYMBOLIC, _NONSYMBOLIC, _ITALIC = 4, 32, 64
# Names of text faces and their styles (a text font subset to a few glyphs on a page is
# still a text font), and of the fonts whose glyphs PDFium maps by their own encoding.
_TEXT_FACE = re.compile(
    rb"(?i)bold|italic|oblique|regular|medium|light|semibold|black|heavy|roman|book|"
    rb"arial|helvetica|times|calibri|cambria|verdana|georgia|roboto|segoe|tahoma|garamond|"
    rb"minion|myriad|frutiger|univers|liberation|dejavu|noto|sans|serif|lato|source|"
    rb"symbol|wingding|webding|dingbat|zapf|"
    # TeX's text faces (Computer Modern, Latin Modern, EC): Roman, bold, italic, slanted,
    # sans, typewriter
    rb"cmr|cmbx|cmti|cmsl|cmss|cmtt|lmr|lmss|lmtt|sfrm|sfbx|sfti|sfss"
)
# Signs of the plain-text range a symbol font without its map is read as.
_LOST_SIGNS = frozenset("$#")


def lost_symbols(raw: Any, textpage: Any, text: str) -> frozenset[int]:
    """The indexes of ``text`` (one character per index of the page) drawn by a symbol
    font without a character map (see the module's docstring)."""
    fonts: dict[int, int] = {}  # text object -> its font's address (0: none)
    handles: dict[int, Any] = {}  # font address -> font
    of: list[int] = []
    cast, void = ctypes.cast, ctypes.c_void_p
    for i in range(len(text)):
        obj = raw.FPDFText_GetTextObject(textpage, i)
        key = cast(obj, void).value or 0
        found = fonts.get(key)
        if found is None:
            font = raw.FPDFTextObj_GetFont(obj) if obj else None
            found = fonts[key] = (cast(font, void).value or 0) if font else 0
            if found:
                handles[found] = font
        of.append(found)
    runs = {f for i, f in enumerate(of[1:], 1) if f and f == of[i - 1] and _drawn(text, i)}
    symbol = {k: raw.FPDFFont_GetFlags(f) for k, f in handles.items() if k not in runs}
    symbol = {k: flags for k, flags in symbol.items() if _symbol_font(raw, handles[k], flags)}
    if not symbol:
        return frozenset()
    return frozenset(
        i for i, f in enumerate(of) if f in symbol and _unmapped(text[i], symbol[f] & _ITALIC)
    )


def _drawn(text: str, i: int) -> bool:
    """Whether characters ``i - 1`` and ``i`` are both drawn (no space between them)."""
    return not text[i].isspace() and not text[i - 1].isspace()


def _unmapped(ch: str, italic: int) -> bool:
    """Whether a symbol font's character is one no symbol font maps a sign to."""
    code = ord(ch)
    if code < 0x20:
        return not ch.isspace()
    if 0xC0 <= code <= 0xFF:
        return ch.isalpha()
    # A capital of a math alphabet (blackboard bold, fraktur) reads as the letter it draws.
    return code < 0x80 and not italic and (ch.islower() or ch in _LOST_SIGNS)


def _symbol_font(raw: Any, font: Any, flags: int) -> bool:
    """Whether a font is flagged symbolic and bears no name of a text face."""
    if not flags & _SYMBOLIC or flags & _NONSYMBOLIC:
        return False
    buf = ctypes.create_string_buffer(256)
    n = raw.FPDFFont_GetBaseFontName(font, buf, len(buf))
    return not _TEXT_FACE.search(buf.raw[: max(0, n - 1)])


def symbol_fonts_on(raw: Any, page: Any, textpage: Any) -> bool:
    """Whether a text object of ``page`` (forms included) may be set in a symbol font
    without its map: flagged symbolic, no text face's name, and no object of that font
    sets two characters in a row. Only such a page is read character by character by
    :func:`lost_symbols` (a page has far fewer objects than characters)."""
    fonts: dict[int, bool] = {}  # font address -> still a candidate
    stack = [(raw.FPDFPage_CountObjects, raw.FPDFPage_GetObject, page)]
    while stack:
        count, get, owner = stack.pop()
        for i in range(max(0, count(owner))):
            obj = get(owner, i)
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_FORM:
                stack.append((raw.FPDFFormObj_CountObjects, raw.FPDFFormObj_GetObject, obj))
                continue
            font = raw.FPDFTextObj_GetFont(obj) if kind == raw.FPDF_PAGEOBJ_TEXT else None
            if not font:
                continue
            key = ctypes.cast(font, ctypes.c_void_p).value or 0
            if key not in fonts:
                fonts[key] = _symbol_font(raw, font, raw.FPDFFont_GetFlags(font))
            if fonts[key] and _sets_a_run(raw, obj, textpage):
                fonts[key] = False
    return any(fonts.values())


def _sets_a_run(raw: Any, obj: Any, textpage: Any) -> bool:
    """Whether the text object draws two characters in a row (a text font does)."""
    size = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
    if size <= 4:  # one character and the terminator, UTF-16
        return False
    buf = ctypes.create_string_buffer(size)
    raw.FPDFTextObj_GetText(obj, textpage, ctypes.cast(buf, ctypes.POINTER(ctypes.c_ushort)), size)
    text = buf.raw[: size - 2].decode("utf-16-le", "replace")
    return any(_drawn(text, i) for i in range(1, len(text)))


def unreadable(raw: Any, textpage: Any, text: str, candidates: bool = True) -> str:
    """The page's ``text`` with the characters of :func:`lost_symbols` read as U+FFFD;
    unchanged when the page has no ``candidates`` (see :func:`symbol_fonts_on`)."""
    if not candidates:
        return text
    lost = lost_symbols(raw, textpage, text)
    return "".join(LOST if i in lost else ch for i, ch in enumerate(text)) if lost else text
