"""A table of one row of figures under a "<measure> by <dimension>" title, asked figure
by figure: "What was the sales volume for the online store channel?".

Dashboards and report summaries print a breakdown as one row: each header is a value of
the dimension the title names (a channel, a region, a product line), the cell below it
the measure. No column names a row and no row names a header, so without the title
nothing says what a figure is; with it each figure is the measure for one value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import is_plural, lower_words
from datasetkit.generate.offline.tables.cell_lookup import cell_lookup
from datasetkit.generate.offline.tables.columns import with_unit
from datasetkit.generate.offline.tables.names import zero_amount
from datasetkit.generate.offline.tables.view import (
    NIL,
    NUMBER,
    PERIOD_HEADER,
    TableChunk,
    TableView,
    said_words,
)

# "<measure> by <dimension>": the title of a breakdown (a remark after "*" aside).
_BREAKDOWN = re.compile(r"(?i)^(?P<measure>[^\d,;:*]+?)\s+by\s+(?P<dim>[^\d,;:*]+?)\s*(?:\*.*)?$")
# Words that name a measure that is broken down.
_MEASURE = re.compile(
    r"(?i)\b(?:sales|volumes?|revenues?|income|costs?|expenses?|spend(?:ing)?|units|orders|"
    r"hours|visits|leads|bookings|shipments|deliveries|tickets|calls|claims|headcount|"
    r"budgets?|profits?|margins?|users|customers|downloads|signups|registrations)\b"
)


@dataclass(frozen=True)
class Breakdown:
    """What the figures measure and what their headers are values of."""

    measure: str  # "sales volume"
    dimension: str  # "channel"


def breakdown_of(view: TableView, titles: tuple[str | None, ...]) -> Breakdown | None:
    """The breakdown ``view`` is when it holds one row of figures under headers that are
    values (not periods) and one of ``titles`` names the measure and the dimension."""
    if len(view.rows) != 1 or view.key or len(view.columns) < 3:
        return None
    record = view.rows[0].record or {}
    for name, col in view.columns.items():
        value = record.get(name, "").strip()
        if col.natural is None or PERIOD_HEADER.match(said_words(name)):
            return None
        if value and value not in NIL and not NUMBER.match(value):
            return None
    for title in titles:
        m = _BREAKDOWN.match((title or "").strip())
        if m and _MEASURE.search(m.group("measure")) and len(m.group("dim").split()) <= 3:
            measure = lower_words(m.group("measure").strip(), view.words, force=True)
            dimension = lower_words(m.group("dim").strip(), view.words, force=True)
            return Breakdown(measure, dimension)
    return None


# Plural measures that are amounts, not things counted ("sales", "costs").
_AMOUNTS = re.compile(r"(?i)\b(?:sales|revenues|costs|expenses|profits|margins|budgets|earnings)$")


def _question(found: Breakdown, where: str) -> str:
    """ "How many support tickets were there for the north region?", "What were the sales
    for ...?", "What was the sales volume for ...?"."""
    measure = found.measure
    if is_plural(measure.split()[-1]) and not _AMOUNTS.search(measure):
        return f"How many {measure} were there for {where}?"
    return f"What {'were' if is_plural(measure.split()[-1]) else 'was'} the {measure} for {where}?"


def breakdown_cells(part: TableChunk, found: Breakdown) -> list[Candidate]:
    """One question per figure of the row."""
    view = part.view
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        if all(zero_amount(v) for v in record.values() if v.strip()):
            continue  # a template's blank copy: every figure still 0
        for name, col in view.columns.items():
            value = record.get(name, "").strip()
            if not value or value in NIL or col.natural is None:
                continue
            question = _question(found, f"the {col.natural} {found.dimension}")
            covers = frozenset({(id(row), name)})
            answer = with_unit(value, col.unit)
            out.append(cell_lookup(question, answer, row, record, (value,), covers))
    return out
