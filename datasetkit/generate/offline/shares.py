"""How much of a set one question shape may take while other questions wait.

A table asked cell by cell makes one question per row in the same words ("What is the
<column> of <row>?"): on a document of a few long tables one such shape would take nearly
every slot. A shape is one form asking one column of a table, whatever the row; it takes
at most a share of the set when the document gives other questions (fewer, varied cases
beat many of one shape), and every slot only when it is all the document gives (a table
that is the document's only content keeps its recall).

A table inside a document of prose (a report's table of figures, a PDF's or a Word
file's) is one part of what the document says: it gives at most a few single-cell
questions and a few computed over its rows (highest, lowest), spread over its rows by
the pool's shuffle, so the prose keeps its share; when the rest of the document has
nothing more to ask, its tables fill the set. A workbook's sheets are its content,
and are not held to it.
"""

from __future__ import annotations

from collections import Counter

from datasetkit.generate.offline.candidate import Candidate

# The share of a set one shape takes before every other question has had its turn.
SHAPE_SHARE = 0.2
SHAPE_MIN = 3  # and never fewer than this many
# The share of a set one table of a document takes, of each of its two kinds of question
# (single cells, questions over its rows), and never fewer than this many.
TABLE_SHARE = 0.15
TABLE_MIN = 4


def shape_of(cand: Candidate) -> tuple[str, frozenset[str]] | None:
    """The form and the column names a single-cell table question asks (row left out),
    or None for any other question (its words vary with what it asks)."""
    if not cand.covers or cand.whole_row or cand.over_rows:
        return None
    return cand.form, frozenset(col for _, col in cand.covers)


def table_of(cand: Candidate) -> tuple[str, int, bool] | None:
    """The document table a case asks (its file, its number, whether it is asked over its
    rows), or None for a case that asks no table or a workbook's sheet."""
    prov = cand.section.provenance
    if not cand.covers or prov.sheet is not None or prov.table is None:
        return None
    return prov.file, prov.table, cand.over_rows


def table_limit(slots: int) -> int:
    """How many cases of each kind one table of a document gives a set of ``slots``."""
    return max(TABLE_MIN, round(slots * TABLE_SHARE))


def shape_limit(slots: int) -> int:
    """How many cases of one shape a set of ``slots`` takes before the others."""
    return max(SHAPE_MIN, round(slots * SHAPE_SHARE))


class ShapeShare:
    """The shapes of the cases picked so far, and whether one has taken its share."""

    def __init__(self, limit: int, per_table: int | None = None) -> None:
        self.limit = limit
        self.per_table = per_table
        self.taken: Counter[tuple[str, frozenset[str]]] = Counter()
        self.tables: Counter[tuple[str, int, bool]] = Counter()
        self.others = 0  # picked cases that ask no table (the document's text)
        # Whether the planned chunks hold text that gives questions, picked or not.
        self.text = False
        # Once nothing else is left to ask, a document's tables fill the set (a report whose
        # tables hold most of what it says keeps those questions).
        self.relaxed = False

    def full(self, cand: Candidate) -> bool:
        """True when ``cand``'s shape has taken its share of the set."""
        shape = shape_of(cand)
        if shape is not None and self.taken[shape] >= self.limit:
            return True
        table = table_of(cand)
        if table is None or self.per_table is None:
            return False
        return not self.relaxed and self.tables[table] >= self.per_table

    def add(self, cand: Candidate) -> None:
        """Count a picked case."""
        shape = shape_of(cand)
        table = table_of(cand)
        if table is not None:
            self.tables[table] += 1
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
        # Once relaxed, a document's tables are held by their shapes only.
        most = 0 if self.relaxed else (self.per_table or 0)
        per_table = (
            f", and one table of a document at most {most} single-cell and {most} "
            "whole-table questions"
            if most
            else ""
        )
        return (
            f"{held} more table question(s) were left out: one table column asked row by row "
            f"takes at most {self.limit} cases{per_table} of a set that asks other things"
        )

    def only_tables(self) -> bool:
        """True when every case picked so far asks a table and no planned text gives a
        question: the document's tables are all it gives, and their shapes may fill the
        set."""
        return self.others == 0 and not self.text
