"""Section titles typed as Markdown and printed as text ("## Scope", "### 1. Terms").

A document written in Markdown and exported without being rendered keeps its heading
marks as characters: every line is in body type, and only the leading ``#`` marks set
the titles apart. Such a line is a heading when it behaves like one (short, naming
something, no sentence end, more text after it) and the document has several of them;
its level follows the number of marks (fewer marks enclose more), and its text is read
without the marks.
"""

from __future__ import annotations

from datasetkit.knowledge.numbering import (
    continues,
    ends_sentence,
    labelled,
    without_number,
    word_count,
)
from datasetkit.knowledge.pdf.geometry import heading_marks
from datasetkit.knowledge.pdf.structure import Block

_MAX_WORDS = 15
_MIN_TITLES = 2


def _candidate(b: Block, nxt: Block | None) -> int:
    """The marks of a block that reads as a marked title, or 0."""
    if b.kind not in ("paragraph", "list_item") or not b.lines or len(b.lines) > 2:
        return 0
    marks = heading_marks(b.first)
    if not marks or nxt is None or nxt.kind == "code":
        return 0
    rest = " ".join(w.text for w in b.first.words[1:])
    rest = " ".join([rest, *(ln.text for ln in b.lines[1:])])
    if word_count(rest) > _MAX_WORDS or ends_sentence(rest) or continues(rest):
        return 0
    if labelled(rest) or rest.endswith((":", "：")):
        return 0  # a count sign over a value ("# Items: 40"), or a label
    return marks if sum(ch.isalpha() for ch in without_number(rest)) >= 2 else 0


def promote_marked_titles(blocks: list[Block]) -> None:
    """Turn marked titles into headings (their levels are ranked with the other heading
    styles) and take the marks off their text; only where the document has several."""
    found = [
        (b, marks)
        for i, b in enumerate(blocks)
        if (marks := _candidate(b, blocks[i + 1] if i + 1 < len(blocks) else None))
    ]
    if len(found) < _MIN_TITLES:
        return
    for b, marks in found:
        b.kind, b.marker, b.marks = "heading", None, marks
        b.first.words = b.first.words[1:]
