"""Two titles set side by side on one baseline, read apart.

A page in columns, or an infographic, may set two titles at the same height, each over
its own text ("Quotas" over the left column, "Demand spikes" over the right one). Their
words share a baseline, so they come as one line: "Quotas Demand spikes", which names
nothing. A reader sees the wide space between the two: far wider than the word spaces
inside each title. A bold line that breaks into two runs of words at a gap of several
ems is read as two lines, each then judged on its own (a half that opens with an item
number, "(n) Special Flight Permits", is an item of its own). Regular type is left whole: large
regular type spread across a page (a report's display text) is not a pair of titles.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from datasetkit.knowledge.pdf.extract import list_marker
from datasetkit.knowledge.pdf.geometry import Line, Word
from datasetkit.knowledge.pdf.structure import Block

# The space between two titles side by side, in ems of their type; a word space is a
# quarter to a third of an em, a column gutter one em and more.
_APART = 3.0
# The word spaces inside each title stay below this.
_WORD_SPACE = 0.65


def _halves(line: Line) -> tuple[list[Word], list[Word]] | None:
    """The two runs of words of a line split at one gap of several ems, when every other
    gap is a word space; None otherwise."""
    size = line.size or 1.0
    gaps = [(b.x0 - a.x1) / size for a, b in pairwise(line.words)]
    wide = [k for k, g in enumerate(gaps) if g >= _APART]
    if len(wide) != 1 or any(_WORD_SPACE <= g < _APART for g in gaps):
        return None
    cut = wide[0] + 1
    left, right = line.words[:cut], line.words[cut:]
    if not any(ch.isalpha() for w in left for ch in w.text):
        return None
    return (left, right) if any(ch.isalpha() for w in right for ch in w.text) else None


def split_side_by_side(blocks: list[Block]) -> None:
    """Read a one-line block of bold type that holds two titles side by side as two
    blocks, left then right."""
    out: list[Block] = []
    for b in blocks:
        halves = None
        if b.kind in ("paragraph", "list_item") and len(b.lines) == 1 and b.first.bold:
            halves = _halves(b.first)
        if halves is None:
            out.append(b)
            continue
        for words in halves:
            line = Line(words, b.first.page)
            # Each half opens its own item ("(l) Sensor Test" beside "(n) Flight Permits").
            found = list_marker(line.text) if b.kind == "list_item" else None
            kind, marker = ("list_item", found[0]) if found else ("paragraph", None)
            out.append(replace(b, lines=[line], kind=kind, marker=marker))
    blocks[:] = out
