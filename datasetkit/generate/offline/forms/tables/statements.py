"""A financial statement's lines, asked one period at a time (see
:mod:`datasetkit.generate.offline.tables.statement`): "What were <Company>'s total net
sales in the three months ended September 30, 2023?" -> "$89,498 million". A statement
is one shape of table the table cell form asks (its cells, each by line and period), not
a form of its own."""

from __future__ import annotations

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.statement import (
    answer_of,
    line_item,
    said_item,
    scale_of,
    statement_of,
    table_currency,
    verb,
)
from datasetkit.generate.offline.tables.view import TableChunk
from datasetkit.knowledge.build import record_text


def statement_lines(part: TableChunk) -> list[Candidate]:
    """Each line item of the chunk's rows for each period the statement reports."""
    stated = statement_of(part)
    if stated is None:
        return []
    scale = scale_of(part.view.scale)
    currency = table_currency(part.view.rows)
    company = stated.company
    owner = f"{company}'" if company.endswith("s") else f"{company}'s" if company else "the"
    # The scale the note over the statement states goes with each row's figures.
    note = f"({part.view.scale})\n" if scale and part.view.scale else ""
    out: list[Candidate] = []
    for row in part.rows:
        if id(row) not in stated.groups or stated.seen.get(id(row)):
            continue
        record = row.record or {}
        label = record.get(stated.label, "").strip()
        group = stated.groups[id(row)]
        if not line_item(label):
            continue
        item = said_item(label, group, line_item(label).casefold() in stated.repeated)
        if item is None:
            continue
        for period in stated.periods:
            value = record.get(period.column, "").strip()
            answer = answer_of(value, currency, scale, label, group) if value else None
            if answer is None:
                continue
            question = f"What {verb(item)} {owner} {item} {period.said}?"
            covers = frozenset({(id(row), period.column)})
            out.append(
                Candidate(
                    question,
                    answer,
                    note + record_text(record),
                    row,
                    "lookup",
                    1,
                    (value,),
                    covers=covers,
                )
            )
    return out
