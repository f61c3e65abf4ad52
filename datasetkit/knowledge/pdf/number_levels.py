"""Evidence for the level of a heading the bookmarks and contents did not place.

Two pieces of evidence that :func:`.headings.assign_levels` weighs when it ranks the
headings still without a level:

- **numbering depth against the listed headings**: when the table of contents or the
  bookmarks placed numbered headings ("1 Scope" at level 1, "1.1 Terms" at level 2),
  a numbered heading they missed (an entry wrapped over two lines, a contents page
  that stops early) sits where its numbering depth puts the listed ones, not where the
  rank of its type style would;
- **italic type**: of two heading styles in the same size and weight, the italic one
  is the lesser (bold sections over bold-italic sub-sections in a document set in one
  size throughout);
- **a numbering that starts again inside a section**: lines numbered 1, 2, 3 in the
  type of the numbered sections, between section n and section n + 1, are the items of
  a list inside section n.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from datasetkit.knowledge.pdf.geometry import list_marker
from datasetkit.knowledge.pdf.steps import block_ordinal
from datasetkit.knowledge.pdf.structure import Block, plain_text

# A font named italic or oblique ("Arial-BoldItalicMT", "Helvetica-Oblique"), or with
# the short "It" style suffix ("MinionPro-It", "MinionPro-BoldIt").
# Section titles within this many points of each other are set in one size.
_SIZE = 0.6
_ITALIC = re.compile(r"italic|oblique|-(?:bold|semibold|medium|light)?it$", re.IGNORECASE)


def italic(b: Block) -> bool:
    """Whether every word of a block is set in an italic face (by the font's name)."""
    words = [w for ln in b.lines for w in ln.words if w.text.strip()]
    return bool(words) and all(_ITALIC.search(w.font) for w in words)


def listed_shift(heads: Iterable[Block], depth: dict[int, int], default: int) -> int:
    """How far the levels the contents or bookmarks gave numbered headings sit from
    their numbering depth, when they agree on it (at least two such headings and most
    of them at one distance), else ``default``. ``depth`` maps a block's id to its
    numbering depth."""
    shifts = Counter(
        b.level - depth[id(b)] for b in heads if b.level is not None and id(b) in depth
    )
    if not shifts:
        return default
    shift, count = shifts.most_common(1)[0]
    return default if count < 2 or 2 * count <= shifts.total() else shift


def _same_size(a: Block, b: Block) -> bool:
    return abs(a.first.size - b.first.size) < _SIZE


def nested_restarts(blocks: list[Block], items: set[int]) -> None:
    """Lines taken for titles by their labels alone (``items``, the ids of the blocks
    :mod:`.labelled_titles` promoted) that count 1, 2, 3 ... inside a section numbered
    n, in the section's own size, after which the sections go on with n + 1: the items
    of a numbered list (the steps of what the section explains), not sections."""
    heads = [
        (b, n)
        for b in blocks
        if b.kind == "heading" and b.lines and b.level and (n := block_ordinal(b)) is not None
    ]
    k = 0
    while k < len(heads):
        section, n = heads[k]
        end = k + 1
        while end < len(heads) and heads[end][1] == end - k and id(heads[end][0]) in items:
            end += 1
        run = [b for b, _ in heads[k + 1 : end]]
        after = heads[end] if end < len(heads) else None
        if (
            len(run) >= 2
            and id(section) not in items
            and after is not None
            and after[1] == n + 1
            and id(after[0]) not in items
            and all(_same_size(section, b) for b in [*run, after[0]])
        ):
            for b in run:
                found = list_marker(plain_text(b))
                b.kind, b.level = "list_item", None
                b.marker = found[0] if found is not None else None
            k = end
        else:
            k += 1
