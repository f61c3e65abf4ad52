"""A table one of several alike in a document (the same columns on several sheets or
under several headings: one per year, per region, per period), asked with what its own
title adds to the others: "How many titles has the Blues team won?" on a sheet "Titles
Since 1990" beside a sheet "Titles" is asked "... since 1990?", and on sheets "Sales
2023" and "Sales 2024", "... in 2024?". Without it the same question would have two
answers in one document.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.model import Document, Section

# A qualifier that can close a question as it is: a year or period, or a phrase that
# opens with a preposition of time or place ("since 1967", "in Europe", "after 2010").
_YEARISH = re.compile(r"^(?:(?:fy|q[1-4]|h[12])\s*)?(?:19|20)\d\d(?:\s*[-–/]\s*\d{2,4})?$", re.I)
_PHRASE = re.compile(
    r"(?i)^(?:since|in|before|after|during|from|until|for|at|by|outside|inside|within)\s+\S"
)
# A made-up name that says nothing of the table ("Sheet2", "Table 3").
_MADE_UP = re.compile(r"(?i)^(?:sheet|table|tab|tabelle|feuil|hoja)\s*\d*$")


def _title_of(rows: Sequence[Section]) -> str | None:
    first = rows[0].provenance
    if first.heading_path:
        return first.heading_path[-1]
    return first.sheet


@dataclass(frozen=True)
class Sibling:
    """What a table's title adds to its siblings' ("since 1967"), and the columns whose
    values differ from theirs on a row named alike (the facts the qualifier changes)."""

    qualifier: str
    differing: frozenset[str]


def sibling_qualifier(doc: Document, rows: Sequence[Section]) -> Sibling | None:
    """The words ``rows``' table title adds to the titles of the other tables of ``doc``
    with the same columns, as a question can close with them ("since 1967", "in 2024");
    None when there is no such table, or the title adds nothing sayable."""
    if not rows or not rows[0].record:
        return None
    header = tuple(rows[0].record)
    own = {id(r) for r in rows}
    title = _title_of(rows)
    if not title or _MADE_UP.match(title.strip()):
        return None
    others: set[str] = set()
    mine = {_first(r): r.record or {} for r in rows}
    differing: set[str] = set()
    for s in doc.sections:
        if s.record and id(s) not in own and tuple(s.record) == header:
            other = _title_of([s])
            if other and other != title:
                others.add(other)
                same = mine.get(_first(s), {})
                differing |= {k for k, v in s.record.items() if same.get(k, v) != v}
    qualifier = _added(title, others) if others else None
    return Sibling(qualifier, frozenset(differing)) if qualifier else None


def _first(row: Section) -> str:
    return next(iter((row.record or {}).values()), "").strip()


def _added(title: str, others: set[str]) -> str | None:
    """What ``title`` says that none of ``others`` does, as a question's last words."""
    words = title.split()
    shared = {w.casefold() for o in others for w in o.split()}
    start = next((i for i, w in enumerate(words) if w.casefold() not in shared), None)
    if start is None:
        return None
    rest = " ".join(words[start:])
    if _YEARISH.match(rest):
        return f"in {rest}"
    if _PHRASE.match(rest):
        return rest[:1].lower() + rest[1:]
    # "Since 67" after "Stanley Cups": the preposition is a word the others share.
    if start > 0 and _PHRASE.match(f"{words[start - 1]} {rest}"):
        return f"{words[start - 1].lower()} {rest}"
    return None


def with_qualifier(cand: Candidate, sibling: Sibling) -> Candidate:
    """The question closed with the sibling's qualifier, when its answer rests on a column
    that differs between the tables (a fact both tables give alike is left as it is)."""
    q, qualifier = cand.question, sibling.qualifier
    columns = {c.lstrip("~") for _, c in cand.covers}
    if columns and not columns & sibling.differing:
        return cand
    if not q.endswith("?") or qualifier.casefold() in q.casefold():
        return cand
    return replace(cand, question=f"{q[:-1].rstrip()} {qualifier}?")
