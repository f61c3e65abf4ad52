"""A menu's or price list's item line set in bold or in a larger type ("Burrata 12,50 €"
over its ingredients) is no heading: the price at its end makes it an entry of the list,
and the text under it (its description) belongs to the section the list stands in.

Kept as headings, such lines each open a section of one line; the section a reader looks
the item up in ("Pizza", "Getränke") is then lost, and the price is read as a title's
words rather than a value.
"""

from __future__ import annotations

from datasetkit.knowledge.pdf.structure import Block, plain_text
from datasetkit.knowledge.prices import ends_in_price


def demote_priced_lines(blocks: list[Block]) -> None:
    """Headings whose text ends in a price become paragraphs."""
    for b in blocks:
        if b.kind == "heading" and len(b.lines) <= 2 and ends_in_price(plain_text(b)):
            b.kind = "paragraph"
