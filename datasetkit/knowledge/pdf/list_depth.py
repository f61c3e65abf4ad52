"""How deep each item of a PDF list is nested, from where its marker stands."""

from __future__ import annotations

from datasetkit.knowledge.pdf.mirror import reads_rtl
from datasetkit.knowledge.pdf.structure import Block

# Columns of a page lie this far apart or more (points): a list's items that far right
# of others go on in the next column, not one level deeper.
_COLUMN_APART = 100


def list_levels(blocks: list[Block]) -> None:
    """Nesting depth of list items from how far their markers are indented within
    their column."""
    run: list[Block] = []
    for b in [*blocks, Block("end", 0)]:
        if b.kind == "list_item":
            run.append(b)
            continue
        if run:
            # A right-to-left marker is indented from the right margin (see .mirror).
            at = {id(b): -b.first.x1 if reads_rtl(b.lines) else b.first.x0 for b in run}
            xs: list[float] = []
            firsts: list[int] = []  # where each column's indents start in xs
            for x in sorted(at.values()):
                if not xs or x - xs[-1] >= _COLUMN_APART:
                    firsts.append(len(xs))  # the list goes on in the next column
                if not xs or x - xs[-1] > 4:
                    xs.append(x)
            for item in run:
                deepest = max(i for i, x in enumerate(xs) if at[id(item)] >= x - 4)
                item.level = deepest - max(f for f in firsts if f <= deepest)
            run = []
