"""Rows named by their day in a report of one person's (an expense report, a timesheet, a
statement): a date alone is no name a user asks a row by, so such a row is asked with
whose report it is and what the row is — "On the expense report of Dana Reyes, how much
was the Team dinner on 03/04/2025?" — and not at all when the report names no owner.

The owner is read from the report's header block (see report_owner).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.identifiers import keyed_by_day
from datasetkit.generate.offline.tables.view import TableChunk, TableView, sentence_case
from datasetkit.knowledge.build import record_text

_WHAT = re.compile(r"(?i)^(?:description|item|details?|merchant|payee|memo|purpose|expense)$")
_AMOUNT = re.compile(
    r"(?i)\b(?:amount|total|cost|original|sum|paid|charged?|debit|spent|price|hours)\b"
)
_CURRENCY = re.compile(r"(?i)^currency$")
_CODE = re.compile(r"[A-Z]{3}")
_RANGE = re.compile(r"(?P<start>.+?)\s+(?:to|-|–|—|until|through)\s+(?P<end>.+)")


def _columns(view: TableView) -> tuple[str, str, str | None, str | None] | None:
    """The row's description, its amount, the currency column and a column of the
    amount converted (headed by a currency code); None when a report has no description
    or amount to ask."""
    names = list(view.columns)
    what = next((h for h in names if _WHAT.match(h.strip())), None)
    figures = [h for h in names if view.columns[h].role == "number" and h not in view.key]
    amount = next((h for h in figures if _AMOUNT.search(h)), figures[0] if figures else None)
    if what is None or amount is None:
        return None
    currency = next((h for h in names if _CURRENCY.match(h.strip())), None)
    converted = next((h for h in figures if h != amount and _CODE.fullmatch(h.strip())), None)
    return what, amount, currency, converted


def dated_cells(part: TableChunk, report: str) -> list[Candidate]:
    """How much each row of a report came to, asked by whose report, what and when."""
    view = part.view
    if (
        part.lang != "en"
        or len(view.key) != 1
        or not keyed_by_day(view.columns[view.key[0]].values)
    ):
        return []
    cols = _columns(view)
    if cols is None:
        return []
    what, amount, currency, converted = cols
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        day, said, figure = (record.get(k, "").strip() for k in (view.key[0], what, amount))
        if not (day and said and figure):
            continue
        span = _RANGE.fullmatch(day)
        when = f"from {span.group('start')} to {span.group('end')}" if span else f"on {day}"
        quotes = [figure]
        answer = figure
        unit = record.get(currency or "", "").strip()
        if unit:
            answer, quotes = f"{figure} {unit}", [*quotes, unit]
        other = record.get(converted or "", "").strip()
        if other and converted and converted.strip() != unit:
            answer, quotes = f"{answer} ({other} {converted.strip()})", [*quotes, other]
        what_said = sentence_case(said, part.ctx.words)  # "the team dinner"
        question = f"On {report}, how much was the {what_said} {when}?"
        covers = frozenset({(id(row), amount)})
        out.append(
            Candidate(
                question,
                answer,
                record_text(record),
                row,
                "lookup",
                1,
                tuple(quotes),
                covers=covers,
            )
        )
    return out
