"""A table of prose by two labels, asked cell by cell: a rubric, a career ladder, a
comparison of plans, where each row names an area ("Scope", "Communication") and each
column one of the things compared ("Senior Designer (L3)", "Pro plan"), and each cell
is sentences about that thing in that area. The compared columns are things of one kind
(their headers share a word, or each carries a level code): columns of different
attributes of a row ("Action Needed", "Comment") are no matrix.

No column identifies a row here (an area may take several rows), so no lookup by row
name is asked; instead "How is a Lead Designer (L4) described in the Scope category?",
answered with every cell of that area in that column, in order (an area over three
rows is answered with all three).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.view import (
    NIL,
    PERIOD_HEADER,
    PLACEHOLDER_HEADER,
    TableChunk,
    TableView,
    said_words,
)
from datasetkit.knowledge.model import Section

# A cell is prose when it holds this many words or more.
_PROSE_WORDS = 6
# The share of the compared columns' filled cells that must be prose.
_PROSE_SHARE = 0.7
# An area's name: a short label, not a sentence ("Scope", "Tech and Tooling").
_AREA = re.compile(r"^[^\W\d_][\w&/' -]{0,40}$")


@dataclass(frozen=True)
class ProseMatrix:
    """The label column that names each row's area, how a question says that column's
    kind ("category"), and the compared columns in order."""

    area: str
    kind: str
    compared: list[str]


def prose_matrix(view: TableView) -> ProseMatrix | None:
    """The table as a matrix of prose by area and compared thing, or None."""
    names = list(view.columns)
    if len(names) < 3 or len(view.rows) < 2:
        return None
    area, compared = names[0], [n for n in names[1:] if view.columns[n].role != "blank"]
    kind = said_words(area).strip()
    if not kind or PLACEHOLDER_HEADER.match(kind) or view.columns[area].natural is None:
        return None  # an unheaded label column: "in the Scope <what>?" is unsaid
    if len(compared) < 2 or any(not _compared_name(view, n) for n in compared):
        return None
    if not _parallel(compared):
        return None  # columns of different attributes ("Action", "Comment"), not levels
    labels = [v for v in view.columns[area].values if v]
    if len(labels) < 2 or not all(_AREA.match(v) for v in labels):
        return None
    cells = [v for n in compared for v in view.columns[n].values if v and v not in NIL]
    prose = sum(1 for v in cells if len(v.split()) >= _PROSE_WORDS)
    if not cells or prose < _PROSE_SHARE * len(cells):
        return None
    return ProseMatrix(area, view.columns[area].natural or kind.lower(), compared)


def _compared_name(view: TableView, name: str) -> bool:
    """A compared column is named by words (a role, a plan), not a period or a number."""
    said = said_words(name).strip()
    if not said or PLACEHOLDER_HEADER.match(said) or PERIOD_HEADER.match(said):
        return False
    return len(said.split()) <= 8 and bool(re.match(r"[^\W\d_]", said))


def _parallel(names: list[str]) -> bool:
    """Columns that compare things of one kind: their headers share a word ("Designer
    (L2)", "Senior Designer (L3)") or each carries a code in brackets ("(M1)", "(M2)")."""
    words = [set(re.findall(r"[^\W\d_]{3,}", said_words(n).casefold())) for n in names]
    if set.intersection(*words):
        return True
    return all(re.search(r"\([A-Za-z]{0,3}\d{1,2}\)\s*$", n) for n in names)


def matrix_cells(part: TableChunk, matrix: ProseMatrix) -> list[Candidate]:
    """One question per area and compared column, asked from the chunk that holds the
    area's first row; the answer is every cell of that area in that column."""
    view = part.view
    own = {id(r) for r in part.rows}
    areas: dict[str, list[Section]] = {}
    for row in view.rows:
        # "Ownership - Manager of One": the area is named by its head, before the dash.
        label = re.split(r"\s[-–—]\s", (row.record or {}).get(matrix.area, ""))[0].strip()
        if label:
            areas.setdefault(label, []).append(row)
    out: list[Candidate] = []
    for label, rows in areas.items():
        if id(rows[0]) not in own:
            continue
        for name in matrix.compared:
            cells = [(r.record or {}).get(name, "").strip() for r in rows]
            said = [c for c in cells if c and c not in NIL]
            if not said:
                continue
            who = _with_article(said_words(name).strip())
            question = f"How is {who} described in the {label} {matrix.kind}?"
            answer = "\n".join(said)
            evidence = "\n".join(f"{matrix.area}: {label}; {name}: {c}" for c in said)
            covers = frozenset((id(r), name) for r in rows)
            out.append(
                Candidate(
                    question, answer, evidence, rows[0], "lookup", 1, tuple(said), covers=covers
                )
            )
    return out


def _with_article(name: str) -> str:
    """ "a Lead Designer (L4)", "an Account Manager", "the Head of Support" (a role of a
    unit is one person's); a name already led by an article as it is."""
    if re.match(r"(?i)^(?:the|a|an)\s", name):
        return name
    if " of " in name:
        return f"the {name}"  # "the Head of Customer Support": one of its unit
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
