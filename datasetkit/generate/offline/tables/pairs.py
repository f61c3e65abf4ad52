"""A form laid out as a table: labels ending in a colon, each value right of its label
("State Contract Number: | MA-2300 | Name: | Ammunition MA"), read as pairs.

A reader takes a form's first row for a header, so its values turn into column names and
the labels of the rows below into values of those columns: asked as a table, a form's
questions pair a label with the value of another ("What is the version number?" answered
with the solicitation number). Read as pairs, each label gets the value beside it, as the
layout shows; an empty value, a placeholder ("UNDEFINED", "N/A") or a value that is itself
a label is no answer.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import lower_words
from datasetkit.generate.offline.subject_words import PERSON_ROLE
from datasetkit.generate.offline.tables.view import NIL, TableChunk, TableView
from datasetkit.generate.offline.tables.worded import filler_value
from datasetkit.knowledge.model import Section

_LABEL = re.compile(r"^[^\W\d_][\w ()/&'.,-]{0,48}:$")
# A caption that names whose fields these are: "Buyer Information", "Supplier Details".
_OWNER = re.compile(
    r"(?i)^(?P<owner>[a-z][\w-]*(?: [a-z][\w-]*)?)\s+(?:information|details|info|data)$"
)
# A heading that names the party a block of fields is about ("Customer", "Booking Agency").
_PARTY_HEADING = re.compile(
    r"(?i)^(?P<owner>(?:[a-z]+ )?(?:customer|client|buyer|seller|vendor|supplier|agency|"
    r"payee|payer|patient|applicant|tenant|landlord|shipper|consignee|contractor|insured))$"
)


def form_cells(view: TableView, row: Section) -> list[str]:
    """The cells of ``row`` in the table's column order."""
    record = row.record or {}
    return [record.get(k, "").strip() for k in view.columns]


def is_form(view: TableView) -> bool:
    """True when the table is a form: in most of its rows, and in its header, every other
    cell from the first is a label ending in a colon."""
    names = list(view.columns)
    if len(names) < 2 or len(names) % 2:
        return False
    lines = [names] + [form_cells(view, r) for r in view.rows]

    def labelled(cells: list[str]) -> bool:
        labels = [c for c in cells[::2] if c]
        return bool(labels) and all(_LABEL.match(c) for c in labels)

    return labelled(names) and 2 * sum(1 for cells in lines if labelled(cells)) > len(lines)


def form_pairs(part: TableChunk) -> list[tuple[Section, str, str]]:
    """(row, label, value) for every label of the chunk's rows with a value beside it
    (the header's own pairs with the table's first row)."""
    view = part.view
    out: list[tuple[Section, str, str]] = []
    lines = [(r, form_cells(view, r)) for r in part.rows]
    if view.rows and part.rows and part.rows[0] is view.rows[0]:
        lines.insert(0, (view.rows[0], list(view.columns)))
    for row, cells in lines:
        for at in range(0, len(cells) - 1, 2):
            label, value = cells[at], cells[at + 1]
            if not _LABEL.match(label) or not answer_value(value):
                continue
            out.append((row, label.rstrip(":").strip(), value))
    return out


# A value that opens with a label of its own ("Name: Ana Ruiz", "Date: 3/22/2024"): two
# blocks printed side by side (a signature block per party), not a label and its value.
_LABELLED_VALUE = re.compile(r"^[^\W\d_][^\W\d_ ]*(?: [^\W\d_]+){0,3}:\s+\S")


def answer_value(value: str) -> bool:
    """Whether a form's value is an answer: not empty, not a placeholder, not a label, not
    a label with its own value."""
    return (
        bool(value)
        and value not in NIL
        and not _LABEL.match(value)
        and not _LABELLED_VALUE.match(value)
        and not filler_value(value)  # a blank form's own field labels ("City/Town: Zip Code:")
    )


# A person's name, maybe after a title and before a degree: "Dr. Ana Ruiz, PhD".
_PERSON_NAME = re.compile(
    r"^(?:(?:Dr|Prof|Mr|Mrs|Ms|Mx)\.?\s+)?[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z'’-]+){1,2}"
    r"(?:,\s*[A-Z][\w.]{1,8})*$"
)


def form_candidates(part: TableChunk) -> list[Candidate]:
    """ "What is the buyer's email?" for "Email: | ..." under "Buyer Information"."""
    view = part.view
    m = _OWNER.match((view.caption or "").strip()) or _PARTY_HEADING.match(
        (part.heading or "").strip()
    )
    owner = m.group("owner").lower() if m else ""
    out: list[Candidate] = []
    for row, label, value in form_pairs(part):
        field = lower_words(label, view.words, force=True)
        if owner and not set(owner.split()) & set(field.split()):
            field = f"{owner}'s {field}"
        asked = f"What is the {field}?"
        if PERSON_ROLE.search(field):
            if not _PERSON_NAME.match(value):
                continue  # a role held by a person, its value no name: nothing to ask
            asked = f"Who is the {field}?"
        evidence = f"{label}: {value}"
        covers = frozenset({(id(row), label)})
        out.append(Candidate(asked, value, evidence, row, "lookup", 1, (value,), covers=covers))
    return out
