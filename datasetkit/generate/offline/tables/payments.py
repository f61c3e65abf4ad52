"""A listing of payments (an expenditure report, a register of invoices paid, a grants
list): rows of a party paid, an amount, and often a date and what the payment was for.

Its cells are asked as a reader asks about a payment, with the party and what it was for
named in the question: "How much was paid to <Payee> for <purpose>?", "When was <Payee>
paid for <purpose>?", "What did the $412.50 payment to <Payee> cover?". A party paid more
than once is told apart by what the payment was for, then by its date; a payment that
neither tells apart is not asked. Its other columns (a voucher number, an account code)
are not asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.cell_lookup import cell_lookup
from datasetkit.generate.offline.tables.view import NIL, NUMBER, TableView, said_words
from datasetkit.knowledge.model import Section

# A column that names whom a payment went to.
_PARTY = re.compile(
    r"(?i)^(?:payee|vendor|supplier|recipient|paid to|pay to|merchant|creditor|beneficiary|"
    r"grantee|contractor)(?:\s+name)?$"
)
_AMOUNT = re.compile(
    r"(?i)^(?:(?:total|payment|expense|invoice|check|net|gross)\s+)?amount(?:\s+paid)?$"
    r"|^(?:paid|payment|expenditure|cost)$"
)
_DATE = re.compile(r"(?i)^(?:(?:payment|transaction|invoice|check|posting)\s+)?date(?:\s+paid)?$")
_PURPOSE = re.compile(
    r"(?i)^(?:purpose|description|memo|details?|reason|service|item|expense type|category)$"
)
_UNIT = re.compile(r"\s*[(\[][^()\[\]]*[)\]]\s*$")
# An amount of money as a cell holds it: "$412.50", "1,204.00", "(86.00)".
MONEY = re.compile(r"^\(?[$€£¥₹]?\s?-?\d[\d,]*(?:\.\d+)?\)?$")


@dataclass(frozen=True)
class Payments:
    """The columns of a payment listing: the party, the amount, and if given the date and
    the purpose."""

    party: str
    amount: str
    date: str | None
    purpose: str | None


def _column(view: TableView, pattern: re.Pattern[str]) -> str | None:
    # A unit in brackets says nothing of what the column is: "Amount ($)" is an amount.
    found = [h for h in view.columns if pattern.match(_UNIT.sub("", said_words(h)).strip())]
    return found[0] if len(found) == 1 else None


def payments_of(view: TableView) -> Payments | None:
    """The table's payment columns; None when it is no listing of payments (no party paid,
    or no column of amounts of money)."""
    party, amount = _column(view, _PARTY), _column(view, _AMOUNT)
    if party is None or amount is None:
        return None
    values = view.columns[amount].filled
    if not values or not all(MONEY.match(v.strip()) and NUMBER.match(v.strip()) for v in values):
        return None
    return Payments(party, amount, _column(view, _DATE), _column(view, _PURPOSE))


def _unique(view: TableView, record: dict[str, str], columns: list[str]) -> bool:
    """True when no other row has the same values in ``columns``."""
    cells = [record.get(c, "").strip() for c in columns]
    if not all(cells):
        return False
    same = [r for r in view.rows if [(r.record or {}).get(c, "").strip() for c in columns] == cells]
    return len(same) == 1


def _lowered(text: str) -> str:
    return text if text[:2].isupper() else text[:1].lower() + text[1:]


def payment_question(found: Payments, column: str, record: dict[str, str], view: TableView) -> str:
    """The question a cell of a payment listing answers; "" when the cell is not asked."""
    payee = record.get(found.party, "").strip()
    if not re.search(r"[^\W\d_]", payee):
        return ""
    purpose = _lowered(record.get(found.purpose, "").strip()) if found.purpose else ""
    date = record.get(found.date, "").strip() if found.date else ""
    amount = record.get(found.amount, "").strip()
    party, what = [found.party], [found.party, found.purpose or ""]
    if column == found.amount:
        if _unique(view, record, party):
            return f"How much was paid to {payee}?"
        if found.purpose and _unique(view, record, what):
            return f"How much was paid to {payee} for {purpose}?"
        if found.purpose and found.date and _unique(view, record, [*what, found.date]):
            return f"How much was paid to {payee} for {purpose} on {date}?"
        return ""
    if column == found.date:
        if found.purpose and _unique(view, record, what):
            return f"When was {payee} paid for {purpose}?"
        return f"When was {payee} paid?" if _unique(view, record, party) else ""
    if column == found.purpose and _unique(view, record, [found.party, found.amount]):
        return f"What did the {amount} payment to {payee} cover?"
    return ""


def payment_cells(rows: list[Section], found: Payments, view: TableView) -> list[Candidate]:
    """The questions the amount, date and purpose of each payment in ``rows`` answer."""
    out = []
    for row in rows:
        record = row.record or {}
        for column in (found.amount, found.date, found.purpose):
            value = record.get(column or "", "").strip()
            if column is None or not value or value in NIL:
                continue
            question = payment_question(found, column, record, view)
            if question:
                cover = frozenset({(id(row), column)})
                out.append(cell_lookup(question, value, row, record, (value,), cover))
    return out
