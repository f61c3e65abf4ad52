"""How much of a set one question shape may take while other questions wait.

A table asked cell by cell makes one question per row in the same words ("What is the
<column> of <row>?"): on a document of a few long tables one such shape would take nearly
every slot. A shape is one form asking one column of a table, whatever the row; it takes
at most a share of the set when the document gives other questions (fewer, varied cases
beat many of one shape), and every slot only when it is all the document gives (a table
that is the document's only content keeps its recall).
"""

from __future__ import annotations

from collections import Counter

from datasetkit.generate.offline.candidate import Candidate

# The share of a set one shape takes before every other question has had its turn.
SHAPE_SHARE = 0.2
SHAPE_MIN = 3  # and never fewer than this many


def shape_of(cand: Candidate) -> tuple[str, frozenset[str]] | None:
    """The form and the column names a single-cell table question asks (row left out),
    or None for any other question (its words vary with what it asks)."""
    if not cand.covers or cand.whole_row or cand.over_rows:
        return None
    return cand.form, frozenset(col for _, col in cand.covers)


def shape_limit(slots: int) -> int:
    """How many cases of one shape a set of ``slots`` takes before the others."""
    return max(SHAPE_MIN, round(slots * SHAPE_SHARE))


class ShapeShare:
    """The shapes of the cases picked so far, and whether one has taken its share."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.taken: Counter[tuple[str, frozenset[str]]] = Counter()
        self.others = 0  # picked cases that ask no table (the document's text)

    def full(self, cand: Candidate) -> bool:
        """True when ``cand``'s shape has taken its share of the set."""
        shape = shape_of(cand)
        return shape is not None and self.taken[shape] >= self.limit

    def add(self, cand: Candidate) -> None:
        """Count a picked case."""
        shape = shape_of(cand)
        if shape is not None:
            self.taken[shape] += 1
        elif not cand.covers:
            self.others += 1

    def note(self, left: list[Candidate]) -> str:
        """What a run that fell short says of the cases held back (``left``: the candidates
        no slot took), or "" when no shape held any back."""
        held = sum(1 for c in left if self.full(c))
        if not held or self.only_tables():
            return ""
        return (
            f"{held} more question(s) asking one table column row by row were left out: one "
            f"such column takes at most {self.limit} cases of a set that asks other things"
        )

    def only_tables(self) -> bool:
        """True when every case picked so far asks a table: the document's tables are all
        it gives, and their shapes may fill the set."""
        return self.others == 0
