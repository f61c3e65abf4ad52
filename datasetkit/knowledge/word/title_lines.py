"""Lines around hand-set titles: a title broken over two paragraphs, and tabbed lines.

A title too long for one centred line is often typed as two centred paragraphs in the
same type, the second going on where the first stopped: it starts in lower case, or the
first leaves a quotation mark or bracket open. Read apart, the second half becomes a
title of its own under the first. Such pairs are joined into one paragraph.

A line whose words are set apart by a tab stop (a role, then the signer's name at the
right margin; a label, then its entry) is laid out in columns: bold or not, it is
never a section title. A tab after a leading section number ("4.<tab>TERMS") is the
number's own spacing and does not count, nor does a tab before a lone letter (a word
split by a tab, as text converted from a page has).

A paragraph in bold type larger than the body, broken into a few short lines (a
rubric, a date, then a headline), is a title set over lines: its lines are read as
one line, so that it is weighed as a title like any other.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.numbering import ends_sentence, word_count
from datasetkit.knowledge.word.lists import Piece

_MAX_WORDS = 15
_MAX_BLOCK_WORDS = 25
_MAX_BLOCK_LINES = 4
# How much larger than the body a title set over lines is.
_LARGER = 1.15
_LEAD_NUMBER = re.compile(r"^\s*[\w.()\-]{1,10}\t+")
# A tab between words, the text after it holding a word of two characters or more (a
# tab before a lone letter splits a word, as text converted from a page does).
_INNER_TAB = re.compile(r"\S\t+[^\t\n]*?\w\w")
_PAIRS = (("«", "»"), ("(", ")"), ("“", "”"), ("„", "“"))


def tabbed(raw: str) -> bool:
    """Whether a paragraph's text (tabs kept) sets words apart with a tab stop."""
    return bool(_INNER_TAB.search(_LEAD_NUMBER.sub("", raw.strip(), count=1)))


def _open(text: str) -> bool:
    return any(text.count(a) > text.count(b) for a, b in _PAIRS if a != b)


def _goes_on(first: Piece, second: Piece) -> bool:
    if first.look is None or first.look != second.look:
        return False
    if not first.look.centred:
        return False
    a, b = first.text, second.text
    if "\n" in a or "\n" in b or ends_sentence(a) or a.rstrip().endswith((":", ";")):
        return False
    if word_count(a) + word_count(b) > 2 * _MAX_WORDS:
        return False
    return b[:1].islower() or _open(a)


def join_broken_titles(pieces: list[Piece]) -> None:
    """Join each hand-set title typed over two paragraphs into one paragraph."""
    out: list[Piece] = []
    for piece in pieces:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.kind == piece.kind == "paragraph"
            and prev.provenance.part is None
            and piece.provenance.part is None
            and prev.provenance.table is None
            and piece.provenance.table is None
            and prev.marker is None
            and piece.marker is None
            and _goes_on(prev, piece)
        ):
            prev.text = f"{prev.text.rstrip()} {piece.text.lstrip()}"
            continue
        out.append(piece)
    pieces[:] = out


def flatten_title_blocks(pieces: list[Piece], body: float | None) -> None:
    """Read each bold paragraph set larger than the body in a few short lines as one line."""
    if not body:
        return
    for piece in pieces:
        look = piece.look
        if piece.kind != "paragraph" or "\n" not in piece.text or look is None:
            continue
        if not look.bold or not look.size or look.size < body * _LARGER or look.tabbed:
            continue
        if piece.provenance.part is not None or piece.provenance.table is not None:
            continue
        lines = [line.strip() for line in piece.text.split("\n") if line.strip()]
        if len(lines) > _MAX_BLOCK_LINES or word_count(" ".join(lines)) > _MAX_BLOCK_WORDS:
            continue
        if any(ends_sentence(line) and word_count(line) > 4 for line in lines):
            continue
        piece.text = " ".join(lines)
