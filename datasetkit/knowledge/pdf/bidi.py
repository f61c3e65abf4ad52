"""Right-to-left scripts (Hebrew, Arabic) on a PDF page, read in their reading order.

PDFium hands out a page's characters in logical order: within a Hebrew or Arabic word
each next character sits to the left of the one before. Words are built in that order
(see ``extract._words``) and a line's words are kept left to right by position, as the
column and table passes need; only the line's text is put in reading order here: right
to left, except that a run of left-to-right words inside it (numbers, Latin names) keeps
its own order, as the Unicode bidirectional algorithm shows them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Protocol

# Hebrew, Arabic, Syriac, Thaana, NKo and the presentation forms of Hebrew and Arabic.
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
# A letter or digit of a left-to-right script (anything with a strong direction L or a
# European number); punctuation and spaces take the direction of the line around them.
_LTR = re.compile(r"[^\W_]", re.UNICODE)
# A run that reads left to right inside an RTL word: digits and Latin letters with the
# separators between them ("22", "3.5", "COVID-19").
_LTR_RUN = re.compile(
    r"[0-9A-Za-z\u00c0-\u024f](?:[0-9A-Za-z\u00c0-\u024f.,:/%+-]*[0-9A-Za-z\u00c0-\u024f%])?"
)


# Combining marks of the scripts that point their letters: Hebrew vowel points and
# cantillation, Arabic harakat, and the general accents.
_MARKS = "\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed"
_MARK = re.compile(f"[{_MARKS}]")

# Punctuation at the end of a word (a hyphen, a dash, a colon before a number).
_TRAIL = re.compile(r"[-\u2010-\u2015:/]+$")


class _Placed(Protocol):
    text: str
    x0: float
    x1: float
    size: float


def is_rtl_char(ch: str) -> bool:
    """Whether a character belongs to a right-to-left script (or is a mark of one)."""
    return bool(_RTL.match(ch))


def has_rtl(text: str) -> bool:
    """Whether a text holds a letter of a right-to-left script."""
    return _RTL.search(text) is not None


def joins_word(ch: str) -> bool:
    """Whether a character never starts a word of its own: a combining mark (vowel
    points, accents) has a box of its own but belongs to the letter before it."""
    return unicodedata.combining(ch) > 0


# Lam-alef: Arabic draws a lam followed by an alef as one glyph, whose two letters
# PDFium hands out in the order they are drawn, alef (on the left) first, even in a word
# stored in reading order: "اإلنتاجية" for "الإنتاجية". Both letters share the glyph's
# box: a lam in the same box as the alef before it is marked while the word is built,
# and put back before its alef once the word's order is known.
_LAM = "\u0644"
_ALEFS = "\u0622\u0623\u0625\u0627"
_TIED_LAM = "\ue000"
_TIED = re.compile(f"([{_ALEFS}]){_TIED_LAM}")


def tie_lam(chars: list[str], ch: str) -> str:
    """The character to add to a word, given that it shares its box with the one added
    before it: a lam after an alef is marked as drawn with it in one lam-alef glyph."""
    return _TIED_LAM if ch == _LAM and chars and chars[-1] in _ALEFS else ch


def untie_lams(text: str, reading_order: bool) -> str:
    """A word's text with each lam-alef glyph's letters in the word's order: lam first
    in a word stored in reading order (the glyph's letters came as drawn); as they came
    in a word stored as drawn, which is reversed as a whole."""
    if _TIED_LAM not in text:
        return text
    if reading_order:
        return _TIED.sub(lambda m: _LAM + m.group(1), text)
    return text.replace(_TIED_LAM, _LAM)


def display_to_reading(text: str) -> str:
    """A word of an RTL script stored in display order (left to right on the page) in
    reading order: reversed, with the left-to-right runs inside it (digits, Latin) kept
    in their own order."""
    rev = text[::-1]
    return _LTR_RUN.sub(lambda m: m.group(0)[::-1], rev)


def _strong_ltr(text: str) -> bool:
    return not _RTL.search(text) and bool(_LTR.search(text))


def is_rtl_line(words: Sequence[_Placed]) -> bool:
    """Whether a line reads right to left: most of its letters are of an RTL script."""
    rtl = sum(len(_RTL.findall(w.text)) for w in words)
    if not rtl:
        return False
    letters = sum(len(_LTR.findall(w.text)) for w in words)
    return 2 * rtl > letters


def reading_text(words: Sequence[_Placed]) -> str:
    """The text of a right-to-left line whose words are given left to right by position:
    words from right to left, a run of left-to-right words in its own order, words that
    touch (a bracket or a full stop beside a word) joined without a space."""
    order: list[tuple[_Placed, str]] = []
    run: list[_Placed] = []
    for w in reversed(words):
        if _strong_ltr(w.text):
            run.append(w)
            continue
        order.extend(_run_text(run))
        run = []
        order.append((w, w.text))
    order.extend(_run_text(run))
    out: list[str] = []
    prev: _Placed | None = None
    for w, text in order:
        if prev is w:
            out.append("")  # a word's own punctuation, read apart from it
        elif prev is not None:
            # In reading order the next word normally lies to the left of the previous
            # one; inside an LTR run it lies to its right. Either way, touching = no space.
            gap = min(abs(prev.x0 - w.x1), abs(w.x0 - prev.x1))
            out.append("" if gap < 0.15 * max(w.size, prev.size, 1.0) else " ")
        out.append(text)
        prev = w
    return "".join(out)


def _run_text(run: list[_Placed]) -> list[tuple[_Placed, str]]:
    """A run of left-to-right words met right to left, in its own order; the punctuation
    at its right end is read before it (the "-" of "ל-22")."""
    if not run:
        return []
    ltr = list(reversed(run))
    out = [(w, w.text) for w in ltr]
    last = out[-1]
    trail = _TRAIL.search(last[1])
    if trail and trail.start() > 0:
        out[-1] = (last[0], last[1][: trail.start()])
        out.insert(0, (last[0], trail.group(0)))
    return out


# How far (in characters) from a stray mark its letter is looked for: PDFium keeps a
# mark near its letter even when it breaks the line between them.
_MARK_REACH = 24


def mark_order(
    text: str, box: Callable[[int], tuple[float, float, float, float]]
) -> list[int] | None:
    """The page's character indexes with each stray combining mark moved right after the
    letter it sits on (None when no mark is stray). PDFium hands out the vowel points of
    large pointed type as characters of their own, after a line break or a space or
    beside another letter; read in that order they would stand apart as words, or
    point the wrong letter. A mark is stray when the character before it is a space or
    does not lie over it; its letter is the nearest one, among the characters around
    it, whose box lies over the mark's centre. ``box`` gives a character's left, right,
    top and bottom edge."""
    if not _MARK.search(text):
        return None
    moved: dict[int, list[int]] = {}
    gone: set[int] = set()
    for i in (m.start() for m in _MARK.finditer(text)):
        left, right, top, bottom = box(i)
        centre = (left + right) / 2
        if i and not text[i - 1].isspace() and _covers(box(i - 1), centre, top, bottom):
            continue
        base = _base_letter(text, box, i, centre, top, bottom)
        if base is not None:
            moved.setdefault(base, []).append(i)
            gone.add(i)
    if not gone:
        return None
    order: list[int] = []
    for i in range(len(text)):
        if i in gone:
            continue
        marks = moved.get(i, [])
        # Letters stored as drawn, left to right, carry their points before them: the
        # word is reversed into reading order later, and the points must follow then.
        drawn = bool(marks) and _stored_as_drawn(text, box, i)
        order.extend([*marks, i] if drawn else [i, *marks])
    return order


def _stored_as_drawn(
    text: str, box: Callable[[int], tuple[float, float, float, float]], i: int
) -> bool:
    """Whether the RTL letter at ``i`` is followed, in the page's order, by a letter to
    its right: its word is stored in display order, not in reading order."""
    if i + 1 >= len(text) or not text[i + 1].isalpha() or not is_rtl_char(text[i]):
        return False
    here, after = box(i), box(i + 1)
    return after[0] + after[1] > here[0] + here[1]


def _covers(
    letter: tuple[float, float, float, float], centre: float, top: float, bottom: float
) -> bool:
    """Whether a letter's box lies over a mark's centre and near it in height (a point
    sits above, below or inside its letter, within the letter's own height)."""
    left, right, ltop, lbottom = letter
    height = max(lbottom - ltop, 1.0)
    return left <= centre <= right and ltop - height <= bottom and top <= lbottom + height


def _base_letter(
    text: str,
    box: Callable[[int], tuple[float, float, float, float]],
    i: int,
    centre: float,
    top: float,
    bottom: float,
) -> int | None:
    """The index of the letter a stray mark at ``i`` belongs to, or None."""
    best: tuple[float, int] | None = None
    for j in range(max(0, i - _MARK_REACH), min(len(text), i + _MARK_REACH + 1)):
        if j == i or not text[j].isalpha() or _MARK.match(text[j]):
            continue
        letter = box(j)
        if _covers(letter, centre, top, bottom):
            off = abs((letter[0] + letter[1]) / 2 - centre)
            if best is None or off < best[0]:
                best = (off, j)
    return None if best is None else best[1]
