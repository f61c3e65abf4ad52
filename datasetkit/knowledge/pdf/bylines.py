"""Authors' names over their addresses on a paper's first page: bylines, not headings.

A paper, a report or a letter names its authors under its title, each name over the
author's department, institution and e-mail address. A name is set apart in its own
type, larger or heavier than the text, and reads like a short title ("Usama Ahmed");
what follows it says what it is: an address block with an e-mail address in it. A
heading would open text, not an address.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.pdf.structure import Block, plain_text

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A name: two to five words, each a capitalised word or an initial ("R.", "J.-P.").
_NAME_WORD = re.compile(
    r"^(?:[A-Z][a-z'’-]+|[A-Z]\.(?:-?[A-Z]\.)?|[A-Z][a-z]*-[A-Z][a-z]+)[,*∗†‡]*$"
)
_ADDRESS_LINES = 6
_ADDRESS_BLOCKS = 3


def _name(text: str) -> bool:
    words = text.split()
    return 2 <= len(words) <= 5 and all(_NAME_WORD.match(w) for w in words)


def _over_address(blocks: list[Block], i: int) -> bool:
    """Whether the few short blocks after block ``i`` on its page (an author's
    department, institution and town) hold an e-mail address before any heading."""
    for b in blocks[i + 1 : i + 1 + _ADDRESS_BLOCKS]:
        if b.page != blocks[i].page or b.kind in ("heading", "table") or not b.lines:
            return False
        if len(b.lines) > _ADDRESS_LINES:
            return False
        if _EMAIL.search(plain_text(b)):
            return True
    return False


def demote_bylines(blocks: list[Block]) -> None:
    """Headings on the first page that are a name over an address block: paragraphs."""
    first = min((b.page for b in blocks if b.lines), default=None)
    for i, b in enumerate(blocks):
        name = b.kind == "heading" and b.page == first and _name(plain_text(b))
        if name and _over_address(blocks, i):
            b.kind = "paragraph"
