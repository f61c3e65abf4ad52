"""The numbered steps of a procedure, set in bold body type under a numbered section.

Guides, help pages and manuals number their sections ("2. How to cancel a booking")
and, under each, the steps of what the section explains ("1. Log in:", "2. Find your
booking:"), each over the bullets that detail it. The steps are bold and numbered like
titles, but their numbering starts again at 1 under every section at the same depth as
the sections' own numbers: a sub-section would be numbered "2.1". Read as headings,
every step becomes a section of its own and the procedure is lost; they are the items
of a numbered list, with the bullets under them as its sub-items.
"""

from __future__ import annotations

from datasetkit.knowledge.pdf.contract_titles import outline_number
from datasetkit.knowledge.pdf.geometry import list_marker
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

# Larger than a step by this much (points): the section over the steps is set apart by
# its type, not only by its weight.
_LARGER = 0.9
# Body type, within the rounding of one size.
_BODY = 0.6


def block_ordinal(b: Block) -> int | None:
    """The number of a line numbered "1.", "2.", "3)" (one level, digits), else None."""
    number = outline_number(plain_text(b))
    if number is None or number.kind != "decimal" or number.depth != 1:
        return None
    digits = number.label.strip().rstrip(".)")
    return int(digits) if digits.isdigit() else None


def _step(b: Block, nxt: Block | None, stats: Stats) -> bool:
    """A one-line heading in body type, numbered at one level, that leads into what
    follows (it ends with a colon) or stands over a list."""
    if b.kind != "heading" or len(b.lines) != 1 or abs(b.first.size - stats.body) > _BODY:
        return False
    if block_ordinal(b) is None:
        return False
    leads = plain_text(b).rstrip().endswith((":", "："))
    return leads or (nxt is not None and nxt.kind == "list_item")


def _demote(steps: list[Block]) -> None:
    """The steps under one section become list items when they count 1, 2, 3 ...
    (``steps`` holds the numbered list items among them too: a step with no list under
    it may already read as one)."""
    numbers = [block_ordinal(b) for b in steps]
    if not steps or numbers != list(range(1, len(steps) + 1)):
        return
    for b in steps:
        found = list_marker(plain_text(b))
        b.kind, b.level = "list_item", None
        b.marker = found[0] if found is not None else None


def procedure_steps(blocks: list[Block], stats: Stats) -> None:
    """Bold numbered lines in body type that restart at 1 under each numbered section
    set in larger type are the steps of a list, not sub-sections."""
    section: Block | None = None
    steps: list[Block] = []
    for i, b in enumerate(blocks):
        if section is not None and b.kind == "list_item" and b.lines and block_ordinal(b):
            steps.append(b)
        if b.kind != "heading" or not b.lines:
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if section is not None and b.first.size <= section.first.size - _LARGER:
            if _step(b, nxt, stats):
                steps.append(b)
            continue
        if section is not None:
            _demote(steps)
        steps = []
        # Only a section numbered the way its steps are makes their restart telling.
        section = b if block_ordinal(b) is not None else None
    if section is not None:
        _demote(steps)
