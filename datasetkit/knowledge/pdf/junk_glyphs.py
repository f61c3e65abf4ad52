"""Glyphs a PDF's text layer reads as letters of a script the page is not written in.

Browsers and office suites print a picture character (an emoji before a title, an icon
before a bullet) with a font of its own: a colour emoji font, an icon font, a symbol
font. Such a font often carries no true map from its glyphs to characters, or a broken
one, and the text layer then reads each glyph by its number: a run of ideographs or
Hangul syllables glued to a Latin title ("<four ideographs> Health Insurance"), one per
layer of a colour glyph. That run is no text anyone wrote, yet it reads as words: it
goes into titles, questions and the document's language.

A font draws such junk when, on one page:

* every letter it draws is of a script of its own (Han, Hangul, kana, Yi) and it draws
  no Latin letter or digit, and
* the page is written in Latin letters (a page written in that script is left as it is),
  and
* either its name says it draws pictures (an emoji, icon or symbol font), or it is no
  face made for that script (a CJK face such as a Song, Ming, Gothic or Hei face is) and
  sets only short runs.

Real text of those scripts stays: a Chinese or Korean page, or a name drawn by a CJK face
or by the page's own text font. Signs that are no letters (€, °, ±, arrows, check marks)
are never touched.
"""

from __future__ import annotations

import ctypes
import re
from typing import Any

# Letters of scripts a broken glyph map commonly lands in: CJK ideographs (and their
# compatibility forms), Hangul syllables and jamo, kana, Yi.
_FOREIGN = re.compile(
    "[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff"
    "\ua000-\ua4cf\uac00-\ud7af\uf900-\ufaff]"
)
# Fonts that draw pictures, not letters.
_PICTURE_FONT = re.compile(
    r"(?i)emoji|icon|awesome|symbol|wingding|webding|dingbat|zapf|glyph|pictogram"
)
# Faces made for CJK text (their name says the script or a CJK type style).
_CJK_FACE = re.compile(
    r"(?i)cjk|song|ming|hei|kai|gothic|mincho|gulim|batang|dotum|malgun|nanum|gungsuh|"
    r"yahei|jhenghei|simsun|simhei|simkai|fangsong|pingfang|hiragino|meiryo|yugoth|"
    r"kozuka|kozgo|kozmin|sourcehan|hansans|hanserif|notosans(?:sc|tc|hk|jp|kr)|"
    r"notoserif(?:sc|tc|hk|jp|kr)|unicode|droidsansfallback|wenquanyi|wqy|"
    r"stsong|stheiti|stkaiti|heiti|apple ?sd|myungjo|shinmun|ume|takao|ipa|"
    r"sc$|tc$|jp$|kr$"
)
# A page whose letters are this much of a CJK script or more is written in it.
_WRITTEN_IN = 0.3
# The longest run a picture font's broken map sets on a Latin page (several layers of a
# colour glyph, or a few pictures in a row).
_SHORT_RUN = 8


def junk_indexes(raw: Any, textpage: Any, text: str) -> frozenset[int]:
    """The indexes of ``text`` (one character per index of the page) that a picture font
    or a broken glyph map drew as letters (see the module's docstring)."""
    if not _FOREIGN.search(text):
        return frozenset()
    letters = sum(1 for ch in text if ch.isalpha())
    foreign = [i for i, ch in enumerate(text) if _FOREIGN.match(ch)]
    if len(foreign) >= _WRITTEN_IN * max(1, letters):
        return frozenset()  # a page written in that script: its letters are its text
    font_of = _FontOf(raw, textpage)
    by_font: dict[int, list[int]] = {}
    for i in foreign:
        by_font.setdefault(font_of.key(i), []).append(i)
    candidates: dict[int, list[int]] = {}
    for key, indexes in by_font.items():
        name = font_of.name(key) if key else ""
        if key and (
            _PICTURE_FONT.search(name)
            or (not _CJK_FACE.search(name) and _longest_run(indexes, text) <= _SHORT_RUN)
        ):
            candidates[key] = indexes
    if not candidates:
        return frozenset()
    # A font that also draws Latin letters or digits is a text font: its letters stay.
    drawing_latin = _fonts_drawing_latin(font_of, text, set(candidates))
    return frozenset(
        i for key, indexes in candidates.items() if key not in drawing_latin for i in indexes
    )


class _FontOf:
    """The font of each character of a page (by its address), and a font's name."""

    def __init__(self, raw: Any, textpage: Any) -> None:
        self.raw, self.textpage = raw, textpage
        self._keys: dict[int, int] = {}  # text object -> font address
        self._fonts: dict[int, Any] = {}  # font address -> font

    def key(self, i: int) -> int:
        raw = self.raw
        obj = raw.FPDFText_GetTextObject(self.textpage, i)
        handle = ctypes.cast(obj, ctypes.c_void_p).value or 0
        found = self._keys.get(handle)
        if found is None:
            font = raw.FPDFTextObj_GetFont(obj) if obj else None
            found = self._keys[handle] = (
                (ctypes.cast(font, ctypes.c_void_p).value or 0) if font else 0
            )
            if found:
                self._fonts[found] = font
        return found

    def name(self, key: int) -> str:
        """The font's base name, without the subset tag ("ABCDEF+")."""
        buf = ctypes.create_string_buffer(256)
        n = self.raw.FPDFFont_GetBaseFontName(self._fonts[key], buf, len(buf))
        name = buf.raw[: max(0, n - 1)].decode("latin-1", "replace")
        return name.split("+", 1)[-1]


def _fonts_drawing_latin(font_of: _FontOf, text: str, wanted: set[int]) -> set[int]:
    """Those of the ``wanted`` fonts that draw a Latin letter or a digit on the page."""
    out: set[int] = set()
    for i, ch in enumerate(text):
        if (ch.isascii() and ch.isalnum()) or "\u00c0" <= ch <= "\u024f":
            key = font_of.key(i)
            if key in wanted:
                out.add(key)
                if out == wanted:
                    break
    return out


def _longest_run(indexes: list[int], text: str) -> int:
    """The most of ``indexes`` in one run: next to each other or apart by spaces only (the
    words of a sentence in that script are one run; a picture before a title is not)."""
    best = run = 0
    last = -2
    for i in indexes:
        joined = last >= 0 and (i == last + 1 or not text[last + 1 : i].strip())
        run = run + 1 if joined else 1
        best, last = max(best, run), i
    return best


def without_junk(raw: Any, textpage: Any, text: str, skip: str) -> str:
    """The page's ``text`` with each character of :func:`junk_indexes` replaced by
    ``skip`` (the mark of an index the page's words leave out)."""
    junk = junk_indexes(raw, textpage, text)
    return "".join(skip if i in junk else ch for i, ch in enumerate(text)) if junk else text
