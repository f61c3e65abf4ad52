"""Which of a table's money columns says what a row costs, and which what one unit of it
costs.

"How much does the order cost?" is answered by the row's total ("Line total", "Amount",
"Extended price", "Subtotal"), never by its unit price: a unit price is asked as one
("What is the unit price of ...?"). A plain "Price" beside a quantity is a price per
unit, whether or not the table gives a total; with no quantity it is what the row costs.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from datasetkit.generate.offline.tables.view import said_words

if TYPE_CHECKING:
    from datasetkit.generate.offline.tables.view import TableView

# A row's whole amount: what it costs.
ROW_TOTAL = re.compile(
    r"(?i)^(?:amount|total|line total|line amount|(?:sub[- ]?)?total (?:price|cost|amount)|"
    r"subtotal|sub-total|net amount|ext(?:ended|\.)?\s*(?:price|amount|total|cost))$"
)
# What one unit costs, by its header.
UNIT_PRICE = re.compile(
    r"(?i)^(?:unit\s+(?:price|cost|rate)|price\s+(?:each|per\s+unit)|cost\s+per\s+unit|"
    r"price/unit|each)$"
)
# A price that is either, by whether a quantity stands beside it.
PRICE = re.compile(r"(?i)^(?:price|cost|retail price|list price|sale price|selling price|fee)$")
# How many of the row's thing it holds.
QUANTITY = re.compile(r"(?i)^(?:qty\.?|quantity|units|no\.?\s+of\s+units|pcs|pieces|hours|hrs)$")


def _base(header: str) -> str:
    """A header without its trailing gloss ("Unit Price ($)" -> "Unit Price")."""
    return re.sub(r"\s*[(\[][^()\[\]]*[)\]]\s*$", "", said_words(header)).strip()


def _has(view: TableView, pattern: re.Pattern[str]) -> bool:
    return any(pattern.match(_base(h)) for h in view.columns)


def price_kind(view: TableView, header: str) -> str | None:
    """ "unit" for a column that is a price per unit, "total" for one that is what its
    row costs, None for a column that is no price."""
    base = _base(header)
    if UNIT_PRICE.match(base):
        return "unit"
    if ROW_TOTAL.match(base):
        # A total is what the row costs where the table prices its rows by the unit.
        priced = _has(view, UNIT_PRICE) or (_has(view, QUANTITY) and _has(view, PRICE))
        return "total" if priced else None
    if PRICE.match(base):
        return "unit" if _has(view, QUANTITY) or _has(view, ROW_TOTAL) else "total"
    return None


def priced_question(view: TableView, header: str, row: str) -> str | None:
    """ "How much does <row> cost?" for its total, "What is the unit price of <row>?"
    for its price per unit; None for a column that is neither."""
    kind = price_kind(view, header)
    if kind == "total":
        return f"How much does {row} cost?"
    if kind == "unit":
        return f"What is the unit price of {row}?"
    return None
