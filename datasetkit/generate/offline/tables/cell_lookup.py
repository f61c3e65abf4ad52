"""One table cell asked by its row: the candidate every lookup form returns.

A lookup's evidence is its whole row, its answer quotes the cell (or the words the answer
rests on), and it covers the facts it gives away, so that a set never asks them twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section


def cell_lookup(
    question: str,
    answer: str,
    row: Section,
    record: dict[str, str],
    quotes: Iterable[str],
    covers: frozenset[tuple[int, str]] = frozenset(),
    note: str = "",
) -> Candidate:
    """A lookup of ``row``: evidence is the row's ``record``, ``quotes`` the cell text."""
    return Candidate(
        question,
        answer,
        record_text(record),
        row,
        "lookup",
        1,
        tuple(quotes),
        note=note,
        covers=covers,
    )
