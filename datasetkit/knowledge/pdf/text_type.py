"""Lines set in the type of the text around them: text, not headings.

A heading is set apart from the text by its type. Where a page sets text of its own in
a type other than the document's body (a welcome page's paragraphs in large type, an
author block a little larger than the text, a report's list of events one line each),
a line in that type is a line of that text when nothing else sets it apart: it reads
as a sentence, or its type is only a little larger than the body.
"""

from __future__ import annotations

from datasetkit.knowledge.numbering import ends_sentence, section_number, word_count
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text


def demote_text_type(blocks: list[Block], stats: Stats) -> None:
    """A regular line set only a little larger than the body is a heading by its size
    alone; where its page sets a paragraph of several lines in that same type (an
    author block's addresses, a sidebar), the type is that text's, and the line is a
    short piece of it ("New York, NY, USA" under an author's name). A page may also set
    its own text much larger than the body (a cover's or a welcome page's paragraphs):
    there a line in that type and face that reads as a sentence is one more paragraph
    of it, where a title in the page's text type would not end as a sentence does."""
    texts: dict[int, list[tuple[float, str]]] = {}
    for b in blocks:
        if b.kind == "paragraph" and len(b.lines) > 1 and not any(ln.bold for ln in b.lines):
            texts.setdefault(b.page, []).append((b.first.size, b.first.words[0].font))
    for b in blocks:
        if b.kind != "heading" or not b.lines or any(ln.bold for ln in b.lines):
            continue
        size = b.first.size
        if size <= stats.body + 0.6:
            continue
        same = [font for other, font in texts.get(b.page, []) if abs(size - other) <= 0.3]
        # a little larger: any paragraph of that size; much larger: one in its face too
        slight = size < stats.body * 1.12 and bool(same)
        if slight or (b.first.words[0].font in same and _reads_as_sentence(plain_text(b))):
            b.kind = "paragraph"


def _reads_as_sentence(text: str) -> bool:
    """Several words ending with a full stop, ! or ?, with no section number."""
    return ends_sentence(text) and word_count(text) > 4 and section_number(text) is None


def demote_sentences_in_text_type(blocks: list[Block]) -> None:
    """A line that reads as a sentence, set in the very type (size, weight, face and
    colour) of two paragraphs or more on its page, is one more line of that text: a
    list of events or notes each one line long, the last of which ("... completed.")
    no other rule took back. A title in the type of its page's text would not end as a
    sentence does."""
    text_blocks: dict[int, list[Block]] = {}
    for b in blocks:
        if b.kind == "paragraph" and b.lines:
            text_blocks.setdefault(b.page, []).append(b)
    for b in blocks:
        if b.kind != "heading" or not b.lines or any(ln.bold for ln in b.lines):
            continue
        text = plain_text(b)
        if not ends_sentence(text) or word_count(text) < 2 or section_number(text) is not None:
            continue
        same = [p for p in text_blocks.get(b.page, []) if same_type(b, p)]
        if len(same) >= 2:
            b.kind = "paragraph"


def same_type(b: Block, other: Block) -> bool:
    """Whether two blocks open in one size, weight, face and colour."""
    if not b.first.words or not other.first.words:
        return False
    w, o = b.first.words[0], other.first.words[0]
    return (
        abs(b.first.size - other.first.size) <= 0.3
        and (w.bold, w.font, w.colour) == (o.bold, o.font, o.colour)
        and bool(w.font)
    )
