"""Two titles set side by side on one baseline, read apart.

A page in columns, or an infographic, may set two titles at the same height, each over
its own text ("Quotas" over the left column, "Demand spikes" over the right one). Their
words share a baseline, so they come as one line: "Quotas Demand spikes", which names
nothing. A reader sees the wide space between the two: far wider than the word spaces
inside each title. A bold line that breaks into two runs of words at a gap of several
ems is read as two lines, each then judged on its own (a half that opens with an item
number, "(n) Special Flight Permits", is an item of its own). Regular type is left whole: large
regular type spread across a page (a report's display text) is not a pair of titles.
Two kinds of bold line with such a gap stay whole: a division label and its title set a
tab apart ("SECTION 2" then the section's name), one title; and labels of one series
that differ only in their last short word (one over each of a row of figures or
matrices), which title no text.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from datasetkit.knowledge.numbering import section_number
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
    if not any(ch.isalpha() for w in right for ch in w.text):
        return None
    return None if _label_and_title(left) or _series(left, right) else (left, right)


def label_row(line: Line) -> bool:
    """Whether a line is a row of labels of one series set several ems apart ("Matrix
    A", "Matrix B", "Matrix C" over a row of figures): a caption row, no title."""
    size = line.size or 1.0
    runs: list[list[Word]] = [[line.words[0]]] if line.words else []
    for a, b in pairwise(line.words):
        if (b.x0 - a.x1) / size >= _APART:
            runs.append([])
        runs[-1].append(b)
    return len(runs) >= 2 and all(_series(x, y) for x, y in pairwise(runs))


# The last word of a series label ("C" of "Matrix C", "2b" of "Panel 2b"): this long at most.
_SERIES_MARK = 3


def _label_and_title(left: list[Word]) -> bool:
    """Whether the left run is a division label alone ("SECTION 2", "Article 5"): the
    title that follows is its own."""
    text = " ".join(w.text for w in left)
    number = section_number(text)
    return number is not None and number.kind == "division" and number.label == text.strip()


def _series(left: list[Word], right: list[Word]) -> bool:
    """Whether two runs are labels of one series: the same words but a short last one."""
    a, b = [w.text for w in left], [w.text for w in right]
    return (
        len(a) == len(b) >= 2
        and a[:-1] == b[:-1]
        and a[-1] != b[-1]
        and max(len(a[-1]), len(b[-1])) <= _SERIES_MARK
    )


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
