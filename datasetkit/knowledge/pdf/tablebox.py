"""A table found on a PDF page (its box, rows of cells, columns) and the text of a cell.

The finders (:mod:`.grid`, :mod:`.rulebound`, :mod:`.aligned`) build these; the
structure pass reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from datasetkit.knowledge.pdf.extract import Word


@dataclass
class Table:
    """A table found on one page: its box, its cells row by row, and its column edges."""

    page: int
    x0: float
    top: float
    x1: float
    bottom: float
    rows: list[list[str]]
    columns: list[float] = field(default_factory=list)
    header_bold: bool = False
    # Ruled: ``columns`` are the rule positions (one more than the cells); else the
    # left edges of the columns' text, and ``spans`` their extent (left, right).
    ruled: bool = False
    spans: list[tuple[float, float]] = field(default_factory=list)
    # A title set in the table's first row, across all its columns.
    caption: str | None = None
    # Notes set in its last rows, across all its columns.
    notes: list[str] = field(default_factory=list)
    # No header row: a grid of labels and values whose first row is one of its pairs.
    headerless: bool = False

    def contains(self, w: Word) -> bool:
        """Whether a word's centre lies in the table's box."""
        cx, cy = (w.x0 + w.x1) / 2, (w.top + w.bottom) / 2
        return self.x0 - 1 <= cx <= self.x1 + 1 and self.top - 1 <= cy <= self.bottom + 1


def cell_text(words: list[Word]) -> str:
    """A cell's words in reading order, wrapped lines joined (line-end hyphens kept),
    without the dot leaders that fill the rest of the cell ("$85 ........")."""
    words = [w for w in words if not _LEADER.fullmatch(w.text)]
    return join_words([w for line in baseline_rows(words) for w in line])


def baseline_rows(words: list[Word]) -> list[list[Word]]:
    """Words grouped by baseline, top to bottom, each row left to right."""
    rows: list[list[Word]] = []
    for w in sorted(words, key=lambda w: w.bottom):
        if rows and abs(rows[-1][0].bottom - w.bottom) <= 0.4 * max(w.size, 1.0):
            rows[-1].append(w)
        else:
            rows.append([w])
    return [sorted(r, key=lambda w: w.x0) for r in rows]


_LEADER = re.compile(r"[.·…]{2,}")


def join_words(words: list[Word]) -> str:
    """Words joined by spaces; a compound broken after its hyphen joined whole."""
    out = ""
    for w in words:
        if not out:
            out = w.text
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() and w.text[:1].isalpha():
            out += w.text  # a compound broken after its hyphen: "pre-" + "approval"
        elif unspaced(out[-1]) and unspaced(w.text[0]):
            out += w.text  # Chinese or Japanese text wrapped in a cell: no space between
        else:
            out += " " + w.text
    return out


def unspaced(ch: str) -> bool:
    """A character of a script written without spaces between words (CJK ideographs,
    kana, full-width punctuation)."""
    return "\u3000" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\uff00" <= ch <= "\uffef"
