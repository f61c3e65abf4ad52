"""Which cells of a table's rows the cell form leaves unasked: a value most rows share
(a guess answers it), a value the row's own name holds, a column that only names half a
person, the one row above a total, rows nothing owns."""

from __future__ import annotations

import re

from datasetkit.generate.offline.tables.compared import decided_by_part_of_key
from datasetkit.generate.offline.tables.identifiers import unasked_code
from datasetkit.generate.offline.tables.lookup_worth import (
    code_for_code,
    example_literal,
    raw_answer,
    restates_key,
)
from datasetkit.generate.offline.tables.names import zero_amount
from datasetkit.generate.offline.tables.row_units import said_with_quantity
from datasetkit.generate.offline.tables.view import (
    NIL,
    NUMBER,
    PERIOD_HEADER,
    PLACEHOLDER_HEADER,
    Column,
    TableChunk,
    TableView,
    said_words,
    summary_row,
)

# A column that is clearly where the row is, not a delivery zone or a region's figure.
PLACE = re.compile(
    r"(?i)(?:work |office |job )?(?:city|location|office location|site|state|country)"
)


def unasked(col: Column, value: str, label: str, part: TableChunk, places: list[str]) -> bool:
    """Whether the cell is not asked: a key, an ID, a constant, an empty or zero figure,
    one the row's name says, half of a person's name."""
    view = part.view
    if col.name in view.key or col.role in ("id", "constant", "blank"):
        return True
    if said_with_quantity(view, col.name):
        return True  # the row's unit: said with its quantity ("12 kg")
    if not value or value in NIL:
        return True  # a dash in a column of figures: nothing reported
    if zero_amount(value):
        return True  # "$0.00" a template left unfilled, or a "0" a guess would answer
    if _in_label(value, label) or col.name in places[1:]:
        return True
    if unasked_code(col.name, col.values, value, label, view.key):
        return True  # a stored name beside the row's label, or one its name spells out
    if (
        raw_answer(value, col.name)
        or restates_key(label, value)
        or example_literal(col.name, value)
    ):
        return True  # a stored or a file's name, the row's name again, the row's example
    if code_for_code(label, value):
        return True
    if decided_by_part_of_key(view, col) or _DETERMINER.match(said_words(col.name)):
        return True
    # Half of a person's name, asked of a row it does not name.
    return bool(_HALF_NAME.match(said_words(col.name)) and part.lang == "en")


def shared_values(view: TableView) -> dict[str, set[str]]:
    """Per column of figures or text, the value more than half of its rows share (a
    column of four rows or more, six for text): asked of each row it is the same answer
    every time, one a guess gives, and the lookups differ by the row's name only. Worked
    out once per table, not per chunk."""
    if view.shared is not None:
        return view.shared
    view.shared = found = {}
    for col in view.columns.values():
        filled = [v.strip() for v in col.filled if v.strip() and v.strip() not in NIL]
        if len(filled) < (4 if col.role == "number" else 6) or col.role not in ("number", "text"):
            continue
        top = max(set(filled), key=filled.count)
        if 2 * filled.count(top) > len(filled):
            found[col.name] = {top}
    return found


# A column that holds half of a person's name: "the first name for <product>" asks by
# the column's wording what no user asks (who the person is takes both halves).
_HALF_NAME = re.compile(r"(?i)^(?:first|last|given|family|middle|sur)\s*name$")
# A header that is a determiner, not a noun ("All", "Other"): "the all for <row>" says
# nothing (a table of links: "All | All Issues (<url>)").
_DETERMINER = re.compile(r"(?i)^(?:all|any|each|every|other|others|both|none|some|either)$")


def only_row_of_total(part: TableChunk, label: str) -> bool:
    """Whether ``label`` names a table's one row above a total row ("December 2024" over
    "Totals"): its figures and the total's are the same."""
    rows = part.view.rows
    if len(rows) != 2:
        return False  # asked of every row: never name the rows of a long table for it
    second = part.view.label(rows[1], part.ctx.words)
    return summary_row(second or "") and not summary_row(label)


def unowned_rows(part: TableChunk) -> bool:
    """Whether the rows are named by an unheaded label column alone in a document that
    names nothing they belong to (no title, subject, organisation or record): "What is the
    cost for Parts?" leaves a reader asking whose parts. A table of figures by period
    is a statement's, its questions said "in <period>"."""
    view, ctx = part.view, part.ctx
    if view.entity != "row" or part.lang != "en" or not view.key:
        return False
    if not PLACEHOLDER_HEADER.match(said_words(view.key[0])):
        return False
    if any(PERIOD_HEADER.match(said_words(c)) for c in view.columns):
        return False  # figures by period: a statement's lines, asked "in <period>"
    return not (ctx.name or ctx.subject or ctx.org or ctx.record)


def _in_label(value: str, label: str) -> bool:
    """A cell the row's name already says ("Hub" in "North Hub", the 20 litres of the
    "Daytrip 20"); a number inside a longer one ("2" of "Summit 2 XT" is a word, "20" of
    "Model 200" is not) is still asked."""
    if NUMBER.match(value):
        # "How many people does the Ridgeline 3 sleep?" -> 3: the name says it already.
        return value.casefold() in label.casefold().split()
    return value.casefold() in label.casefold()


def place_columns(view: TableView) -> list[str]:
    """The columns that together say where a row is (City, State, Country), in order."""
    return [
        c.name
        for c in view.columns.values()
        if PLACE.fullmatch(c.name.strip()) and c.name not in view.key and c.role == "text"
    ]
