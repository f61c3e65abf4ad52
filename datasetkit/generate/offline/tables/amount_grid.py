"""A grid of figures by amount and period asked as its title's measure: "What was the
average tax rate on annual earnings of €30,000 in 2005?".

Rate and price tables (a tax rate by income band, a premium by sum insured, a fee by
order value) label each row by an amount in the currency their first header gives ("€",
"$") and each column by a period. No column names a row (a bare number is no name), so
the cells are asked only when the title the table is printed under names both what the
figures measure and what the amounts are: "<measure> on|of|for <what the amounts are>".
The title block set right above one of several such tables ("Single", "Married, two
incomes") says which of them a figure comes from, and the question carries it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import is_plural, lower_words, singular_of
from datasetkit.generate.offline.tables.cell_lookup import cell_lookup
from datasetkit.generate.offline.tables.view import (
    NIL,
    NUMBER,
    PERIOD_HEADER,
    TableChunk,
    TableView,
    said_words,
)

# A header that is only a currency: the column holds amounts, and names nothing else.
_CURRENCY = re.compile(r"^(?:[$€£¥]|(?i:eur|usd|gbp|chf|jpy|cad|aud))$")
# A title's numbering ("(iii)", "2.1", "B.") and the footnote marks after it ("*", "†").
_NUMBERING = re.compile(r"^\s*(?:\((?:[ivxlc]+|\d+|[a-z])\)|(?:\d+\.)*\d+[.)]?|[A-Z][.)])\s+", re.I)
_MARKS = re.compile(r"[*†‡]+")
# How a title states its figures' unit ("in % terms", "(%)", "in percent"): no words of
# the measure.
_UNIT_PHRASE = re.compile(r"(?i)\s*(?:\(\s*%\s*\)|in\s+(?:%|per\s*cent|percent)(?:\s+terms)?)\s*$")
# "<measure> on|of|for <what the amounts are>", then perhaps "by ..."/"in ..." more.
_TITLE = re.compile(
    r"(?i)^(?P<measure>[^\d,;:]+?)\s+(?P<prep>on|of|for)\s+(?P<what>[^\d,;:]+?)"
    r"(?:\s+(?:in|by|per|from|during|at)\s.*)?$"
)
# Words that name a measure of money or a rate.
_MEASURE = re.compile(
    r"(?i)\b(?:rates?|ratios?|tax(?:es)?|yields?|premiums?|prices?|costs?|fees?|charges?|"
    r"payments?|benefits?|allowances?|contributions?|deductions?|returns?|interest|wages?|"
    r"salar(?:y|ies)|income|earnings|levies|duty|duties|tariffs?|shares?|percentages?)\b"
)


@dataclass(frozen=True)
class AmountGrid:
    """The amount column, what a question calls the measure and the amounts, and the
    title block naming this one of several grids."""

    key: str
    sign: str
    measure: str  # singular: "average tax rate"
    prep: str  # the title's own preposition: "on"
    what: str  # "annual earnings"
    qualifier: str | None
    values: list[str]


def amount_grid(view: TableView, heading: str | None) -> AmountGrid | None:
    """The grid ``view`` is, titled by ``heading`` (or its caption); None for any other
    table, or one whose title does not name its measure and its amounts."""
    if view.key or view.halved or len(view.columns) < 3:
        return None
    names = list(view.columns)
    key, values = names[0], names[1:]
    amounts = view.columns[key].filled
    if not _CURRENCY.match(key.strip()) or not amounts or len(set(amounts)) < len(amounts):
        return None
    if not all(NUMBER.match(v) for v in amounts):
        return None
    if not all(PERIOD_HEADER.match(said_words(c)) for c in values):
        return None
    if not all(NUMBER.match(v) or v in NIL for c in values for v in view.columns[c].filled):
        return None
    caption = view.caption if view.caption and view.caption != heading else None
    for title, block in ((heading, caption), (caption, None)):
        found = _said_title(title, view) if title else None
        if found:
            measure, prep, what = found
            qualifier = _block(block, view) if block else None
            return AmountGrid(key, key.strip(), measure, prep, what, qualifier, values)
    return None


def _said_title(title: str, view: TableView) -> tuple[str, str, str] | None:
    text = _UNIT_PHRASE.sub("", _MARKS.sub("", _NUMBERING.sub("", title)).strip())
    m = _TITLE.match(text.strip())
    if m is None or not _MEASURE.search(m.group("measure")):
        return None
    measure, what = m.group("measure").strip(), m.group("what").strip()
    if len(measure.split()) > 5 or len(what.split()) > 4:
        return None
    said = lower_words(measure, view.words, force=True)
    words = said.split()
    if is_plural(words[-1]):
        words[-1] = singular_of(words[-1])
    return " ".join(words), m.group("prep").lower(), lower_words(what, view.words, force=True)


def _block(text: str, view: TableView) -> str | None:
    """The title block above the grid as a question's closing words: "(single)"."""
    said = lower_words(_MARKS.sub("", text).strip(), view.words, force=True)
    said = re.sub(r"\s+", " ", said)
    return f"({said})" if said and len(said.split()) <= 8 else None


def grid_cells(part: TableChunk, grid: AmountGrid) -> list[Candidate]:
    """One question per figure of the chunk's rows."""
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        amount = record.get(grid.key, "").strip()
        if not amount:
            continue
        said = f"{grid.sign}{amount}" if len(grid.sign) == 1 else f"{amount} {grid.sign}"
        for name in grid.values:
            value = record.get(name, "").strip()
            if not value or value in NIL:
                continue
            question = (
                f"What was the {grid.measure} {grid.prep} {grid.what} of {said} in "
                f"{said_words(name)}{' ' + grid.qualifier if grid.qualifier else ''}?"
            )
            covers = frozenset({(id(row), name)})
            out.append(cell_lookup(question, value, row, record, (value,), covers))
    return out
