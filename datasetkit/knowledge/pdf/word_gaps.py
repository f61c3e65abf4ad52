"""Word breaks a PDF draws as gaps between glyphs, with no space character.

Some writers place each word where it belongs and leave out the space between them;
PDFium puts a space back only where the gap is wide, so words set close ("coins or
bank notes in current use") run together. A reader sees a word break where the gap
between two letters is about as wide as the page's word spaces and much wider than
the gaps between the letters around it. Kerning and ligatures close gaps, justified
text widens only the spaces, and letter-spaced titles ("T I T L E") widen every gap
alike: none of them makes one gap stand out inside a word. Chinese and Japanese set
their glyphs edge to edge.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise
from typing import NamedTuple

from datasetkit.knowledge.pdf.geometry import Word
from datasetkit.knowledge.pdf.small_caps import small_caps_start


class Placed(NamedTuple):
    """A word as read, with the page index of its first character (its characters
    follow one index each) and the widest gap between two of its glyphs."""

    word: Word
    start: int
    widest: float


# Without word spaces to measure on the page, a space is taken as a quarter em.
_DEFAULT_SPACE = 0.25
# A gap this share of the page's word space, and at least this share of an em, may
# break a word...
_SPACE_SHARE = 0.4
_MIN_EM = 0.1
# ... when it is this many times wider than the word's usual gap between letters.
_STANDS_OUT = 4.0


def _space(words: list[Placed], text: str) -> float:
    """The page's usual word space, per em: the gap a space character stands for
    between two words on one line."""
    samples = []
    for a, b in pairwise(words):
        size = a.word.size or 1.0
        if (
            b.start == a.start + len(a.word.text) + 1
            and text[b.start - 1].isspace()
            and abs(b.word.bottom - a.word.bottom) <= 0.4 * size
            and 0 < b.word.x0 - a.word.x1 < 1.5 * size
        ):
            samples.append((b.word.x0 - a.word.x1) / size)
    return statistics.median(samples) if samples else _DEFAULT_SPACE


def split_glued(
    words: list[Placed], text: str, edges: Callable[[int], tuple[float, float, float]]
) -> list[Word]:
    """The words, each split where a gap between two of its glyphs is a word space;
    ``text`` is the page's characters, and ``edges`` gives the left and right edge of
    the character at an index, and its font size."""
    wide = max(_SPACE_SHARE * _space(words, text), _MIN_EM)
    out: list[Word] = []
    for word, start, widest in words:
        if widest < wide * (word.size or 1.0) or len(word.text) < 4 or word.mono:
            out.append(word)  # most words: no gap near a word space
            continue
        glyphs = [(ch, *edges(start + k)) for k, ch in enumerate(word.text)]
        out.extend(_split(word, glyphs, wide))
    return out


def _split(word: Word, glyphs: list[tuple[str, float, float, float]], wide: float) -> list[Word]:
    """``word`` cut at each gap of at least ``wide`` ems that stands out in it (never
    where a full capital meets the smaller capitals of a word in small capitals)."""
    size = word.size or 1.0
    gaps = [(b[1] - a[2]) / size for a, b in pairwise(glyphs)]
    usual = max(statistics.median(max(0.0, g) for g in gaps), 0.02)
    cuts = [
        i + 1
        for i, gap in enumerate(gaps)
        if gap >= wide
        and gap >= _STANDS_OUT * usual
        and (glyphs[i][0].isalpha() or glyphs[i + 1][0].isalpha())
        and not small_caps_start(glyphs[i][0], glyphs[i][3], glyphs[i + 1][0], glyphs[i + 1][3])
    ]
    if not cuts:
        return [word]
    out = []
    for start, end in zip([0, *cuts], [*cuts, len(glyphs)], strict=True):
        part = glyphs[start:end]
        out.append(replace(word, text="".join(g[0] for g in part), x0=part[0][1], x1=part[-1][2]))
    return out
