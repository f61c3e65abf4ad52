"""Sub-section titles numbered as list items ("(1) Scope of the law") and set in larger
type than the text.

List items are set in the body's type; a line numbered "(1)", "(2)" that stands alone
in type visibly larger than the text, and heads a paragraph in that smaller text, is a
sub-section's title, not the first item of a list.
"""

from __future__ import annotations

from datasetkit.knowledge.numbering import ends_sentence, labelled, word_count
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

# Larger than the text by this much (points): past the rounding of one size.
_LARGER = 0.9
_MAX_WORDS = 15
# Text in another type under a title: two lines or more, or this many words on one.
_PROSE_WORDS = 12


def larger_item_title(b: Block, nxt: Block | None, stats: Stats) -> bool:
    """Whether an item-numbered line is a title: one line, larger than the body, no
    sentence or label, over the body's text (or running text in smaller type)."""
    text = plain_text(b)
    if len(b.lines) != 1 or b.first.size < stats.body + _LARGER:
        return False
    if word_count(text) > _MAX_WORDS or ends_sentence(text) or labelled(text):
        return False
    if nxt is None or nxt.kind not in ("paragraph", "list_item") or not nxt.lines:
        return False
    if nxt.first.size > b.first.size - 0.6:
        return False
    if abs(nxt.first.size - stats.body) <= 0.6:
        return True  # the body's own text, however short its first block
    return len(nxt.lines) >= 2 or word_count(plain_text(nxt)) >= _PROSE_WORDS
