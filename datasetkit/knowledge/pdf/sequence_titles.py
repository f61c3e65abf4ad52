"""Numbered titles at body size that the layout ran into a paragraph.

A report that sets its sub-section titles in the text's own type ("2.3 Methods") tells
them apart by their number alone; where little or no space stands above such a title,
its line joins the paragraph before it (the previous line reached the margin, so the
break looked like a wrap) and the title is lost in the text. A reader still sees it: a
short line that opens with a multi-level section number, right after a sentence ends,
with running text going on under it, and a number that comes next in the numbering
of the titles before it ("2.3" after "2.2" or after "2.2.4"; "3.1" after "2.4"). Such a
line is cut out of its paragraph as a heading, at the depth its number gives (see
:func:`.headings.assign_levels`).
"""

from __future__ import annotations

import re

from datasetkit.knowledge.numbering import (
    continues,
    ends_sentence,
    labelled,
    section_number,
    word_count,
)
from datasetkit.knowledge.pdf.geometry import Line
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

# A title of this many words at most.
_MAX_WORDS = 12
# Running text under the title: this many words at least.
_PROSE_WORDS = 12
_DIGITS = re.compile(r"^\d{1,3}(?:\.\d{1,3})*$")


def _parts(text: str) -> tuple[int, ...] | None:
    """The parts of the decimal section number ``text`` opens with ("2.3" -> (2, 3))."""
    number = section_number(text)
    if number is None or number.kind != "decimal":
        return None
    label = number.label.rstrip(".")
    return tuple(int(p) for p in label.split(".")) if _DIGITS.match(label) else None


def follows(last: tuple[int, ...], number: tuple[int, ...]) -> bool:
    """Whether ``number`` comes next after ``last`` in an outline: one part counted on
    (the parts after it dropped or started again at 1), or one level deeper at 1
    ("2.2" -> "2.3", "2.2.4" -> "2.3", "2.4" -> "3" or "3.1", "2.2" -> "2.2.1")."""
    for k, part in enumerate(number):
        if number[:k] != last[:k]:
            return False
        step = last[k] + 1 if k < len(last) else 1
        if part == step:
            return all(p == 1 for p in number[k + 1 :])
        if k >= len(last) or part != last[k]:
            return False
    return False


def _title_line(line: Line, stats: Stats) -> tuple[int, ...] | None:
    """The number of a short line at body size that opens with a multi-level section
    number and reads as a title (no sentence, label or lead-in); else None."""
    text = line.text
    if abs(line.size - stats.body) > 0.6 or line.mono or word_count(text) > _MAX_WORDS:
        return None
    if ends_sentence(text) or continues(text) or labelled(text) or text.endswith((":", "：")):
        return None
    parts = _parts(text)
    return parts if parts is not None and len(parts) >= 2 else None


def ended_short(line: Line, nxt: Line, stats: Stats) -> bool:
    """Whether ``line`` ends before the margin with room for ``nxt``'s first word:
    broken there on purpose, not wrapped."""
    word = nxt.words[0] if nxt.words else None
    right = max(stats.right(line), line.x1)
    return word is not None and line.x1 + 0.25 * line.size + (word.x1 - word.x0) <= right


def _inside(b: Block, k: int, nxt: Block | None, stats: Stats) -> bool:
    """Whether line ``k`` of paragraph ``b`` stands between a sentence's end and running
    text under it (the rest of ``b``, broken short before it, or the paragraph ``nxt``
    when the line ends ``b``)."""
    lines = b.lines
    if k == 0 or not ends_sentence(lines[k - 1].text):
        return False
    if k + 1 == len(lines):
        if nxt is None or nxt.kind != "paragraph" or nxt.page != lines[k].page:
            return False
        return word_count(plain_text(nxt)) >= _PROSE_WORDS
    rest = " ".join(ln.text for ln in lines[k + 1 :])
    return ended_short(lines[k], lines[k + 1], stats) and word_count(rest) >= _PROSE_WORDS


def split_sequence_titles(blocks: list[Block], stats: Stats) -> None:
    """Cut out of paragraphs the numbered title lines that continue the numbering of
    the headings before them (see the module's docstring)."""
    last: tuple[int, ...] | None = None
    out: list[Block] = []
    for i, b in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if b.kind == "heading" and b.lines:
            last = _parts(plain_text(b)) or last
        if b.kind != "paragraph" or len(b.lines) < 3 or last is None:
            out.append(b)
            continue
        start = 0
        for k, line in enumerate(b.lines):
            number = _title_line(line, stats)
            if number is None or not follows(last, number) or not _inside(b, k, nxt, stats):
                continue
            out.append(Block("paragraph", b.lines[start].page, b.lines[start:k]))
            out.append(Block("heading", line.page, [line]))
            start, last = k + 1, number
        if start == 0:
            out.append(b)
        elif start < len(b.lines):
            out.append(Block(b.kind, b.lines[start].page, b.lines[start:]))
    blocks[:] = out
