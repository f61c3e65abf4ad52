"""The line items of a record (an estimate's parts and labour, an invoice's lines): each
asked for its price on the record, which the question names.

A record's table of line items has a column that names each item ("Description", "Item",
"Part", "Service") and columns of money ("Amount", "Unit Price"). An item's amount is
asked "How much is the <item> on <Name>'s repair estimate?", its unit price "What is the
unit price of the <item> on ...?". Its other columns (a line number, a quantity, a part
number) are not asked, and nothing is asked this way outside a record (see
record_subject), where a table of items is asked as any table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.clauses import IMPERATIVE
from datasetkit.generate.offline.language.words import DocWords, is_plural
from datasetkit.generate.offline.record_subject import ITEMS_HEADER, field_question, table_fields
from datasetkit.generate.offline.tables.payments import MONEY
from datasetkit.generate.offline.tables.priced import ROW_TOTAL, price_kind
from datasetkit.generate.offline.tables.view import NIL, TableView, said_words
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section

_UNIT = re.compile(r"(?i)^(?:rate|price each)$")


# Verbs a line of work opens with on an estimate or an invoice ("Replace front bumper").
_SERVICE_VERBS = frozenset([
    "replace", "repair", "refinish", "install", "remove", "align", "inspect", "clean",
    "paint", "diagnose", "service", "adjust", "rotate", "balance", "flush", "test", "check",
    "tow", "rent", "deliver", "haul", "mount", "dismount", "recharge", "reprogram",
    "calibrate", "blend", "polish", "weld", "prepare", "prep", "r&i", "r&r",
])  # fmt: skip


@dataclass(frozen=True)
class LineItems:
    """The columns of a record's line items: the item, its amount and its unit price."""

    item: str
    total: str | None
    unit: str | None


def _money_column(view: TableView, kind: str) -> str | None:
    """The one column of money that is each item's amount ("total") or its unit price
    ("unit"): a plain "Price" beside a quantity is the unit's."""
    found = [
        h
        for h in view.columns
        if price_kind(view, h) == kind
        or (kind == "unit" and _UNIT.match(said_words(h).strip()))
        or (kind == "total" and ROW_TOTAL.match(said_words(h).strip()))  # an item's amount
    ]
    if len(found) != 1:
        return None
    values = view.columns[found[0]].filled
    if not values or not all(MONEY.match(v.strip()) for v in values):
        return None
    return found[0]


def line_items_of(view: TableView, record: str | None) -> LineItems | None:
    """The table's line-item columns when it is a record's table of items; else None."""
    if record is None:
        return None
    items = [h for h in view.columns if ITEMS_HEADER.match(said_words(h).strip())]
    total, unit = _money_column(view, "total"), _money_column(view, "unit")
    if len(items) != 1 or (total is None and unit is None):
        return None
    return LineItems(items[0], total, unit)


def _item(text: str) -> str:
    """An item as a question says it: "Front bumper cover" -> "front bumper cover"; a
    name in capitals or with a capital inside stays as written."""
    first = text.split()[0]
    return text if first.isupper() or not first[1:].islower() else text[:1].lower() + text[1:]


def record_field_cells(
    rows: list[Section], view: TableView, record: str, words: DocWords
) -> list[Candidate] | None:
    """A record's two-column table of labels and values, each field asked of the record
    ("How much is the total on <Name>'s repair estimate?"); None for any other table."""
    pairs = table_fields([r.record or {} for r in view.rows])
    if not pairs or not rows:
        return None
    out = []
    # The first pair is the table's header: asked with its first chunk.
    firsts = [rows[0]] if rows[0] is view.rows[0] else []
    owners = firsts + list(rows)
    for row, (label, value) in zip(owners, pairs[1 - len(firsts) :][: len(owners)], strict=False):
        question = field_question(label, value, record, words)
        if question is None or value in NIL:
            continue
        cover = frozenset({(id(row), label)})
        evidence = f"{label}: {value}"
        out.append(Candidate(question, value, evidence, row, "lookup", 1, (value,), covers=cover))
    return out


def line_item_cells(
    rows: list[Section], found: LineItems, record: str, view: TableView
) -> list[Candidate]:
    """The amount and unit price of each line item in ``rows``, asked on the record."""
    out = []
    names = [(r.record or {}).get(found.item, "").strip().casefold() for r in view.rows]
    for row in rows:
        cells = row.record or {}
        name = cells.get(found.item, "").strip()
        if not name and (summed := _summary(row, found, record, view)) is not None:
            out.append(summed)
            continue
        if not re.search(r"[^\W\d_]", name) or names.count(name.casefold()) > 1:
            continue  # an item with no name, or one listed twice: the question cannot say which
        item = _item(name)
        be = "are" if is_plural(item.split()[-1]) else "is"
        # An operation ("Replace front bumper") is charged for, a part ("Brake pads") is.
        task = item.split()[0].lower() in IMPERATIVE | _SERVICE_VERBS
        cost = f"How much is charged to {item}" if task else f"How much {be} the {item}"
        asks = (
            (found.total, f"{cost} on {record}?"),
            (found.unit, f"What is the unit price of the {item} on {record}?"),
        )
        total = cells.get(found.total or "", "").strip()
        for column, question in asks:
            value = cells.get(column or "", "").strip()
            if column is None or not value or value in NIL or not re.search(r"[1-9]", value):
                continue
            if column == found.unit and value == total:
                continue  # one of it: its unit price is its amount, asked already
            cover = frozenset({(id(row), column)})
            out.append(
                Candidate(
                    question, value, record_text(cells), row, "lookup", 1, (value,), covers=cover
                )
            )
    return out


def _summary(row: Section, found: LineItems, record: str, view: TableView) -> Candidate | None:
    """A row under the items that gives a sum by its label in the first column and its
    amount in the amount column ("Subtotal", "Tax", "Total due"), asked as a field of
    the record: "How much is the total due on invoice 1042?"."""
    cells = row.record or {}
    names = list(cells)
    if not names or found.total is None or names[0] == found.item:
        return None
    label = cells.get(names[0], "").strip()
    value = cells.get(found.total, "").strip()
    others = [v for k, v in cells.items() if k not in (names[0], found.total) and v.strip()]
    if not label or others or not value or value in NIL or not MONEY.match(value):
        return None
    question = field_question(label, value, record, view.words)
    if question is None:
        return None
    cover = frozenset({(id(row), found.total)})
    evidence = f"{label}: {value}"
    return Candidate(question, value, evidence, row, "lookup", 0, (value,), covers=cover)
