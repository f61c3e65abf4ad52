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
            _align_numbers(run, at)
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


def _align_numbers(run: list[Block], at: dict[int, float]) -> None:
    """Numbers set flush right ("[9]" and "[10]", " 9." and "10.") start at different
    places, but their items' text starts at one: items whose text starts together
    stand at one depth, that of the leftmost marker among them."""
    starts: dict[int, float] = {}
    for b in run:
        words = b.first.words
        if b.marker is not None and len(words) > 1 and not reads_rtl(b.lines):
            starts[id(b)] = words[1].x0
    for key, x in starts.items():
        at[key] = min(at[k] for k, other in starts.items() if abs(other - x) <= 1.5)
