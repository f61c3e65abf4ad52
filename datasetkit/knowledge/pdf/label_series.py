"""Titles that count on under one division name are one rank of the outline.

Statutes, regulations and reports name their divisions with a word and a number
("Part I", "Part II"; "Chapter 1", "Chapter 2"; "Titre", "Título", "Kapitel"). Each
such series is one rank: every "Part" is a sibling of the other parts, whatever type
the author happened to set one of them in. Where the type is not kept the same (one
part set a size smaller, another a size larger), ranking by type scatters the series
over several levels and nests a part under the part before it. When three or more
headings open with the same division word and their numbers count on, they are given
the level most of them have (the shallowest of equally common levels); levels taken
from the document's bookmarks or contents are left as they are.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

from datasetkit.knowledge.numbering import section_number
from datasetkit.knowledge.pdf.structure import Block, plain_text

# A series is trusted from this many titles on.
_MIN_SERIES = 3
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
# A division's own number: digits, a roman numeral or one letter (not "5.1", a sub-article).
_SIMPLE = re.compile(r"^(?:\d{1,3}|[IVXLC]{1,7}|[A-Z])$")
# The first of a series written out ("Article premier", "Artículo primero").
_FIRST = ("premier", "première", "primero", "primera", "first", "erster", "erste")


def _value(label: str) -> int | None:
    """What a division number counts: 3 for "3", "III" or "C" (a letter when it is
    no roman numeral)."""
    if label.isdigit():
        return int(label)
    if all(ch in _ROMAN for ch in label):
        total = 0
        for ch, nxt in zip(label, label[1:] + " ", strict=True):
            v = _ROMAN[ch]
            total += -v if nxt in _ROMAN and _ROMAN[nxt] > v else v
        return total
    return ord(label) - ord("A") + 1 if len(label) == 1 else None


def division(b: Block) -> tuple[str, int] | None:
    """A heading's division word and the value of its number, or None."""
    number = section_number(plain_text(b))
    if number is None or number.kind != "division" or not number.word:
        return None
    label = number.label.split(None, 1)[-1].rstrip(".:)—–-")
    if label.lower() in _FIRST:
        return number.word.rstrip(".").lower(), 1
    if not _SIMPLE.match(label):
        return None
    value = _value(label)
    return (number.word.rstrip(".").lower(), value) if value is not None else None


def counts_on(values: list[int]) -> bool:
    """Whether numbers never go back and mostly go up one by one (a series, not labels
    that repeat; "9" and "9-1" may both read as 9)."""
    steps = sum(1 for a, b in pairwise(values) if b == a + 1)
    return steps * 2 >= len(values) - 1 and all(b >= a for a, b in pairwise(values))


def level_label_series(blocks: list[Block], ranked: set[int]) -> None:
    """Give each counting series of division titles one level (see the module
    docstring); ``ranked`` holds the ids of the headings whose level came from type."""
    series: dict[str, list[tuple[Block, int]]] = {}
    for b in blocks:
        if b.kind != "heading" or not b.level:
            continue
        found = division(b)
        if found is not None:
            series.setdefault(found[0], []).append((b, found[1]))
    for members in series.values():
        heads = [b for b, _ in members]
        levels = Counter(b.level for b in heads if b.level)
        if len(heads) < _MIN_SERIES or len(levels) < 2:
            continue
        if any(id(b) not in ranked for b in heads) or not counts_on([v for _, v in members]):
            continue
        top = max(levels.values())
        common = min(lv for lv, n in levels.items() if n == top)
        for b in heads:
            b.level = common
