"""Documents set on a typewriter grid: margin line numbers and a fixed-width body.

Bills, court pleadings, drafts under review and many printed plain-text documents
number every line in the margin and set the whole text in a fixed-width face. Read
as they come, each line starts with a number and the whole page, being fixed-width,
is taken for a code listing. Here the margin numbers are left out (they are furniture
like page numbers) and, when the fixed-width face is the body's own face and its lines
read as prose, it stops being a sign of code, so paragraphs, lists and headings are
found as in any other document.
"""

from __future__ import annotations

import itertools
import re

from datasetkit.knowledge.fixed_width import is_rule

from .furniture import Removed
from .geometry import Line, PageLayout

_NUMBER = re.compile(r"\d{1,4}")
# Characters that code uses and running prose does not (brackets, parentheses, commas,
# colons and hyphens are left out: legal and technical prose is full of them).
_CODE_MARKS = frozenset("{}[]=<>|\\*_#$@&^~`")
_RUN = 5  # consecutive numbers before a column counts as line numbering
_PROSE_WORDS = 4  # mean words per numbered line: prose, not a ranked table
_COLUMN_GAP = 2.5  # spaces between two words that hold columns apart


def margin_line_numbers(pages: list[PageLayout]) -> list[Removed]:
    """Leave out each page's margin line numbers (the lines are edited in place); what
    was removed, for the report."""
    numbered: list[int] = []
    values: list[int] = []
    for page in pages:
        run = _numbered_run(page.lines)
        if not run:
            continue
        numbered.append(page.number)
        values.extend(int(line.words[0].text) for line in run)
        for line in run:
            line.words = line.words[1:]
        page.lines = [line for line in page.lines if line.words]
    if not numbered:
        return []
    return [Removed("margin line numbers", f"{min(values)}–{max(values)}", numbered)]


def _numbered_run(lines: list[Line]) -> list[Line]:
    """The lines of the page's longest run of margin numbers n, n+1, n+2 ... when the
    run covers most of the page's lines; empty otherwise."""
    best: list[Line] = []
    run: list[Line] = []
    last = None
    for line in lines:
        value = _margin_number(line)
        if value is None:
            continue
        if last is not None and value == last + 1 and _same_column(run[-1], line):
            run.append(line)
        else:
            run = [line]
        last = value
        if len(run) > len(best):
            best = list(run)
    if len(best) < _RUN or len(best) < 0.5 * len(lines):
        return []
    texts = [line for line in best if len(line.words) > 1]
    if not texts or sum(len(line.words) - 1 for line in texts) < _PROSE_WORDS * len(texts):
        return []
    return best


def _margin_number(line: Line) -> int | None:
    first = line.words[0]
    if not _NUMBER.fullmatch(first.text):
        return None
    if len(line.words) > 1 and line.words[1].x0 - first.x1 < 0.8 * first.size:
        return None  # the number starts the sentence ("3 cups of flour")
    return int(first.text)


def _same_column(a: Line, b: Line) -> bool:
    """The two numbers stand in one margin column: right-aligned or left-aligned."""
    wa, wb = a.words[0], b.words[0]
    return abs(wa.x1 - wb.x1) <= 2 or abs(wa.x0 - wb.x0) <= 2


def typewriter_body(pages: list[PageLayout], drop: set[int]) -> bool:
    """When the body itself is set in a fixed-width face and its lines read as prose,
    take the face for the body's (its words stop counting as code) and say so; a
    document whose fixed-width lines read as code keeps them as code."""
    lines = [ln for p in pages for ln in p.lines if id(ln) not in drop]
    letters = sum(len(w.text) for ln in lines for w in ln.words)
    mono = [ln for ln in lines if ln.mono]
    if not letters or sum(len(w.text) for ln in mono for w in ln.words) < 0.6 * letters:
        return False
    prose = [ln for ln in mono if not _code_like(ln)]
    if len(prose) < 0.7 * len(mono):
        return False
    for line in prose:
        for word in line.words:
            word.mono = False
    return True


def _code_like(line: Line) -> bool:
    """A line of code or of a program's printed output: code marks, a rule, or columns
    held apart by runs of spaces (prose has one space between words, two after a
    sentence at most)."""
    text = "".join(w.text for w in line.words)
    marks = sum(1 for ch in text if ch in _CODE_MARKS)
    return marks >= max(1, 0.04 * len(text)) or is_rule(text) or _columned(line)


def _columned(line: Line) -> bool:
    words = [w for w in line.words if w.text]
    if len(words) < 2:
        return False
    widths = sorted((w.x1 - w.x0) / len(w.text) for w in words)
    char = widths[len(widths) // 2]
    return any(b.x0 - a.x1 >= _COLUMN_GAP * char for a, b in itertools.pairwise(words))
