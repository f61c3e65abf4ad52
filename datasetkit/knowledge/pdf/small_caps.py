"""Words set in small capitals, put back together.

Small capitals set each word's first letter as a full capital and the rest as
capitals of a smaller size ("INTRODUCTION": an "I" at 10 pt, "NTRODUCTION" at 8 pt).
The change of size comes with a change of font, and the gap a writer leaves there (or
the space PDFium puts in) can split the word in two ("I NTRODUCTION"): the smaller
part then sets the line's size, and a section title reads as fine print. A word of one
full capital, followed close on its baseline by capitals of three fifths to nine tenths
its size, is the start of that word in small capitals: the two are one word, in the
style of its first letter, as they are when no gap splits them.
"""

from __future__ import annotations

import dataclasses

from datasetkit.knowledge.pdf.geometry import Word

# The small capitals' size as a share of the full capitals' (LaTeX, Word and most
# fonts' small capitals fall between 0.7 and 0.8).
_SMALLER = (0.6, 0.9)
# The widest gap between the capital and the rest of its word, in ems of the capital:
# a word space or less.
_MAX_GAP = 0.35


def join_small_caps(words: list[Word]) -> list[Word]:
    """A line's words (left to right), each word in small capitals made whole."""
    out: list[Word] = []
    for w in words:
        prev = out[-1] if out else None
        if prev is not None and _rest_of(prev, w):
            out[-1] = dataclasses.replace(
                prev, text=prev.text + w.text, x1=w.x1, bottom=max(prev.bottom, w.bottom)
            )
        else:
            out.append(w)
    return out


def small_caps_start(first: str, size: float, then: str, then_size: float) -> bool:
    """Whether a full capital at ``size`` followed by a capital at ``then_size`` is where
    a word in small capitals goes on in the smaller size."""
    return (
        first.isupper() and then.isupper() and _SMALLER[0] * size <= then_size <= _SMALLER[1] * size
    )


def _rest_of(first: Word, w: Word) -> bool:
    """Whether ``w`` is the small-capital rest of the word ``first`` opens."""
    size = first.size or 1.0
    if len(first.text) != 1 or not small_caps_start(first.text, size, w.text[:1], w.size):
        return False
    letters = [ch for ch in w.text if ch.isalpha()]
    if not all(ch.isupper() for ch in letters):
        return False
    if abs(w.bottom - first.bottom) > 0.15 * size:
        return False  # raised or lowered: an index or a note, not the same word
    return -0.1 * size <= w.x0 - first.x1 <= _MAX_GAP * size
