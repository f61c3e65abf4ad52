"""A table of contents listed without page numbers or dot leaders.

A transcript, an article or a report printed as plain text lists its sections under a
line that says so ("Contents:", "Inhalt", "Sommaire", "Índice"), one short line each,
with no page numbers; the first section then starts, often right under the listing and
with its title repeated ("Prepared Remarks" ... "Prepared Remarks:"). Nothing in the type
sets the section titles apart (nor its title), so the listing is what says which
lines are titles. It
is one only when most of its entries name lines standing alone later in the document:
a package's "Contents:" over the items in the box names nothing later.
"""

from __future__ import annotations

from dataclasses import dataclass

from datasetkit.knowledge.numbering import ends_sentence
from datasetkit.knowledge.pdf.extract import Line
from datasetkit.knowledge.pdf.furniture import TOC_TITLE
from datasetkit.knowledge.pdf.outline import heading_key
from datasetkit.knowledge.pdf.structure import Block, plain_text

# An entry is a title: a few words on a line of its own.
_ENTRY_WORDS = 8
# At least this many entries, and this share of them named by a later line.
_ENTRIES = 3
_NAMED = 2 / 3
# A listing opens the document: on one of its first pages.
_FIRST_PAGES = 2


@dataclass
class Listing:
    """A contents listing found among the blocks."""

    used: int  # blocks it takes, its title's included
    entries: list[tuple[str, float]]  # each entry's text and left edge
    rest: Block | None  # the lines after it in its last block (the first section's title)


def _title(b: Block) -> bool:
    """A line of its own in the text's type that says a contents listing follows (one
    set apart as a heading is read by :func:`.toc_blocks.skip_toc` itself)."""
    if b.kind != "paragraph" or len(b.lines) != 1:
        return False
    return bool(TOC_TITLE.match(plain_text(b).rstrip(":： ")))


def _entry(line: Line) -> bool:
    text = line.text.strip()
    words = text.split()
    return (
        0 < len(words) <= _ENTRY_WORDS
        and any(ch.isalpha() for ch in text)
        and not ends_sentence(text)
        and not text.endswith((",", ";"))
    )


def bare_listing(blocks: list[Block], i: int) -> Listing | None:
    """The contents listing without page numbers titled by ``blocks[i]``, or None."""
    head = blocks[i]
    if not _title(head) or head.page > min(b.page for b in blocks) + _FIRST_PAGES - 1:
        return None
    lines: list[Line] = []
    rest: Block | None = None
    j = i + 1
    while j < len(blocks) and rest is None:
        b = blocks[j]
        if b.kind not in ("heading", "paragraph", "list_item") or not b.lines:
            break
        k = _listed(b.lines, lines)
        lines.extend(b.lines[:k])
        if k < len(b.lines):
            if k == 0:
                break
            rest = Block("paragraph", b.lines[k].page, b.lines[k:])
        j += 1
    if len(lines) < _ENTRIES or not _named_later(blocks[j:], lines, rest):
        return None
    return Listing(j - i, [(ln.text, ln.x0) for ln in lines], rest)


def _listed(lines: list[Line], entries: list[Line]) -> int:
    """How many of a block's lines go on with the listing: entries, up to one that is
    not, or one that repeats its first entry (the first section's title)."""
    first = heading_key(entries[0].text) if entries else None
    for k, line in enumerate(lines):
        if not _entry(line):
            return k
        if first is not None and heading_key(line.text) == first:
            return k
        first = first or heading_key(line.text)
    return len(lines)


def _named_later(after: list[Block], entries: list[Line], rest: Block | None) -> bool:
    """Whether most entries name a line standing alone after the listing."""
    alone = {heading_key(plain_text(b)) for b in after if len(b.lines) == 1}
    if rest is not None:
        alone.add(heading_key(rest.first.text))
    named = sum(1 for ln in entries if heading_key(ln.text) in alone)
    return named >= _NAMED * len(entries)
