"""The total a table states in its own "Total" row, asked as the total of its column
(by the table cell form):
"What is the total number of hires?" -> "548".

A row that sums the others is never asked as a row ("How many hires did Total have?"),
but the figure it states is one a user asks for. Only the table's own total is asked
(never one computed here), and never a share that adds up to the whole ("100%"); a
median or a maximum on that row is asked as the overall one.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import is_plural
from datasetkit.generate.offline.tables.columns import per_unit, scaled, with_unit
from datasetkit.generate.offline.tables.figures import (
    bare_column,
    caption_period,
    counted_noun,
    total_figure_question,
)
from datasetkit.generate.offline.tables.view import NIL, TableChunk
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section

_TOTAL_ROW = re.compile(r"(?i)^(?:grand\s+)?totals?:?$")
_WHOLE = re.compile(r"^100(?:\.0+)?\s?%$")
_STATISTIC = re.compile(r"(?i)^(?:minimum|maximum|median|average|mean|lowest|highest)\b")
_SHARE = re.compile(r"(?i)^(?:percent|percentage|share|proportion)\b|%")


def total_cells(part: TableChunk, row: Section, label: str) -> list[Candidate]:
    """Each figure of a "Total" row, asked as the total of its column (read by the table
    cell form, which asks no sum row as a row)."""
    if not _TOTAL_ROW.match(label.strip()) or part.lang != "en":
        return []
    view = part.view
    out: list[Candidate] = []
    record = row.record or {}
    for col in view.columns.values():
        value = record.get(col.name, "").strip()
        if col.name in view.key or col.role != "number" or col.natural is None:
            continue
        if not value or value in NIL or _WHOLE.match(value) or _SHARE.search(col.natural):
            continue
        natural = re.sub(r"(?i)^total\s+", "", col.natural)
        be = "are" if is_plural(natural) and not natural.startswith("number") else "is"
        # A median or a maximum on the total row is the whole table's, not a sum.
        whole = "overall" if _STATISTIC.match(natural) else "total"
        question = f"What {be} the {whole} {natural}?"
        if bare_column(col, view):
            # "What is the total adult?": the caption says what the figures count.
            caption = view.caption
            said = total_figure_question(natural, counted_noun(caption), caption_period(caption))
            if said is None:
                continue
            question = said
        if col.period:
            question = f"{question[:-1]} in {col.period}?"
        answer = scaled(per_unit(with_unit(value, col.unit), col, record, view), col, view)
        covers = frozenset({(id(row), col.name)})
        out.append(
            Candidate(
                question, answer, record_text(record), row, "total", 1, (value,), covers=covers
            )
        )
    return out
