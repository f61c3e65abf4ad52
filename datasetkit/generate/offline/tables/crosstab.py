"""A cross-tab asked as the measure it holds: "What were the total sales for Canada in
2013?".

A cross-tab (a pivot table's export, or a plain table of row labels by column labels)
holds one measure: its column headers are values of a second dimension (years,
countries, products), not names of what is measured, so "the 2013 of Canada" or "the
Alder of USA" says nothing. The measure is named by the pivot's value field ("Sum of
Sales" -> "total sales", "Count of Orders" -> "number of orders") or by the title the
table is printed under ("Units Sold by Product and Country" -> "units sold"); a table
whose measure nothing names is not a cross-tab here (its bare columns are not asked).
Grand totals are asked as totals, and the pivot's own labels ("Row Labels", "Grand
Total") never stand in a question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import english_word, is_plural, lower_words
from datasetkit.generate.offline.tables.columns import THE_PLACE, scaled
from datasetkit.generate.offline.tables.figures import bare_label
from datasetkit.generate.offline.tables.names import said_value_field
from datasetkit.generate.offline.tables.view import (
    NIL,
    NUMBER,
    PERIOD_HEADER,
    TableChunk,
    TableView,
    said_words,
)
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.tableheader import GRAND_TOTAL, PIVOT_ROW_LABELS, PIVOT_VALUE_FIELD

# Words that name a measure in a title ("Units Sold by Product", "Revenue by Region").
_MEASURE = re.compile(
    r"(?i)\b(?:sales|revenues?|income|profits?|costs?|expenses?|spend(?:ing)?|units|orders|"
    r"hours|hires|headcount|amounts?|volumes?|quantit(?:y|ies)|counts?|visits|loans|"
    r"bookings|shipments|deliveries|tickets|calls|cases|claims|donations|budgets?|"
    r"earnings|margins?|prices?|fees|payments|students|employees|customers|users|rates?|"
    r"growth|population|births|deaths|incidence)\b"
)
# A numbered caption: "Table 4: <title>", "Figure 2. <title>".
_NUMBERED = re.compile(
    r"(?i)^(?:table|figure|exhibit|chart)\s+\d+(?:\.\d+)*[a-z]?\s*[:.]\s*(?P<text>.+)$"
)
_TOTAL = re.compile(r"(?i)^(?:total|grand total|totals|sum|overall|all)$")
# A header that names a place: the rows are where the figures were counted.
_PLACE = re.compile(
    r"(?i)\b(?:country|countries|region|state|city|location|market|territory|site|office)\b"
)


@dataclass(frozen=True)
class CrossTab:
    """A table of one measure by two dimensions: which columns hold figures, which is the
    total, and how a question places a row and a column ("in 2013", "in Canada")."""

    measure: str
    values: list[str]  # the columns of figures, totals included
    total_column: str | None
    # "column": the column is said "in <column>" (a period, or a place the rows are not);
    # "row": the row is (the rows are places or periods); "": neither is known.
    where: str
    # Whose figures they are, as the title names them first ("<Name> Quarterly Revenue").
    owner: str = ""


def crosstab_shaped(view: TableView) -> list[str] | None:
    """The columns of figures when ``view`` is shaped as a cross-tab (one column of row
    labels, the others figures under values of a second dimension: periods, places,
    products); None for any other table."""
    if len(view.key) != 1 or view.halved:
        return None
    values = [c for c in view.columns if c != view.key[0]]
    if len(values) < 2 or not all(_figures(view, c) for c in values):
        return None
    dims = [c for c in values if not _total(c)]
    if not dims or not all(_dimension_value(view, c) for c in dims):
        return None
    return values


def crosstab_of(view: TableView, titles: Sequence[str | None]) -> CrossTab | None:
    """The cross-tab ``view`` is, with the measure ``titles`` (caption, heading, sheet)
    name; None when it is no cross-tab or nothing names its measure."""
    values = crosstab_shaped(view)
    if values is None:
        return None
    key = view.key[0]
    totals = [c for c in values if _total(c)]
    dims = [c for c in values if c not in totals]
    parts = next((m for t in titles if t and (m := _measure_parts(t, view))), None)
    owner, measure = parts or ("", None)
    labels = [(r.record or {}).get(key, "").strip() for r in view.rows]
    pivot = any(t and PIVOT_VALUE_FIELD.match(t.strip()) for t in titles)
    if measure is None or (not pivot and sum(1 for v in labels if _MEASURE.search(v)) > 1):
        return None  # rows that are measures themselves ("Revenue", "Net income")
    periods = all(PERIOD_HEADER.match(said_words(c)) for c in dims)
    row_periods = all(PERIOD_HEADER.match(v) or _TOTAL.match(v) for v in labels if v)
    if periods:
        where = "column"
    elif row_periods or _PLACE.search(key):
        where = "row"
    elif not PIVOT_ROW_LABELS.match(key.strip()) and not key.startswith("Column "):
        where = "column"  # the rows are named kinds ("Product"): the columns are the other
    else:
        where = ""
    return CrossTab(measure, values, totals[0] if totals else None, where, owner)


def _total(header: str) -> bool:
    return bool(GRAND_TOTAL.match(header.strip()) or _TOTAL.match(header.strip()))


def crosstab_total(label: str) -> bool:
    """True for a row or column label that names the total ("Total", "Grand Total")."""
    return _total(label)


def said_measure(tab: CrossTab) -> tuple[str, str]:
    """The measure as a question names it after "the" or "highest" ("revenue", "total
    sales"), and the verb it takes ("was", "were")."""
    measure = tab.measure
    return measure, "was" if measure.startswith("number of") or not _plural(measure) else "were"


def measure_of(title: str, view: TableView) -> str | None:
    """The measure a pivot's value field or a table's title names, as a question says it:
    "Sum of Sales" -> "total sales", "Units Sold by Product and Country" -> "units sold";
    None when the title names no measure."""
    found = _measure_parts(title, view)
    return found[1] if found else None


def _measure_parts(title: str, view: TableView) -> tuple[str, str] | None:
    """The name a title opens with ("" for none) and the measure it names, as a question
    says it; None when the title names no measure."""
    text = title.strip().rstrip(":.")
    value_field = said_value_field(text)
    if value_field:
        return "", lower_words(value_field, view.words, force=True)
    numbered = _NUMBERED.match(text)
    text = numbered.group("text") if numbered else text
    # "<Dimension>-wise <measure>": the rows' dimension, said before the measure.
    text = re.sub(r"(?i)^[^\W\d_]+[- ]wise\s+", "", text)
    what = re.split(r"(?i)\s+(?:by|per|for|in)\s+", text, maxsplit=1)[0]
    what = re.sub(r"\s[-–—]\s.*$|[:(].*$", "", what).strip()
    if not what or len(what.split()) > 6 or not _MEASURE.search(what):
        return None
    if re.search(r"\d", what):
        return None
    owner, measure = measure_words(what)
    return owner, lower_words(measure, view.words, force=True)


# Words of a title that say how its figures are shown, not what they measure ("Sales
# Trend", "Revenue Summary"), and how often they were counted ("Quarterly Revenue").
_SHOWN = re.compile(
    r"(?i)^(?:trends?|summary|overview|report|analysis|breakdown|dashboard|charts?|tables?|"
    r"data|figures|statistics|history|development)$"
)
HOW_OFTEN = re.compile(r"(?i)^(?:quarterly|monthly|annual|yearly|weekly|daily|historical)$")


def measure_words(what: str) -> tuple[str, str]:
    """The name a title opens with and the measure it names, apart: "<Name> Quarterly
    Revenue Trend" -> ("<Name>", "Revenue"); ("", what) when the title holds no more."""
    tokens = what.split()
    owner: list[str] = []
    # A name opens the title: in a title set in capitals, the words no dictionary holds
    # before its own words (in a title of mixed case such a word may be an adjective
    # the dictionary lacks, and no name is read).
    shouted = what.isupper()
    while (
        shouted
        and len(tokens) > 1
        and not english_word(tokens[0])
        and not _MEASURE.search(tokens[0])
    ):
        owner.append(tokens.pop(0))
    runs: list[list[str]] = [[]]
    for token in tokens:
        if _SHOWN.match(token):
            runs.append([])
        elif not HOW_OFTEN.match(token):
            runs[-1].append(token)
    measured = [r for r in runs if r and _MEASURE.search(" ".join(r))]
    if not measured:
        return "", what
    return " ".join(owner), " ".join(measured[-1])


def _figures(view: TableView, name: str) -> bool:
    col = view.columns[name]
    filled = [v for v in col.filled if v not in NIL]
    return bool(filled) and all(NUMBER.match(v) for v in filled)


def _dimension_value(view: TableView, name: str) -> bool:
    """A column header that is a value of a dimension (a period, a country, a product),
    not the name of what its figures measure."""
    said = said_words(name)
    if PERIOD_HEADER.match(said):
        return True
    col = view.columns[name]
    return col.natural is not None and col.unit is None and bare_label(col.natural, None)


def crosstab_cells(part: TableChunk, tab: CrossTab) -> list[Candidate]:
    """One question per figure of the chunk's rows: a cell as the measure of its row in
    its column, a total as a total."""
    view = part.view
    key = view.key[0]
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        label = record.get(key, "").strip()
        if not label or PIVOT_ROW_LABELS.match(label):
            continue
        total_row = bool(GRAND_TOTAL.match(label) or _TOTAL.match(label))
        for name in tab.values:
            value = record.get(name, "").strip()
            if not value or value in NIL:
                continue
            total_col = name == tab.total_column
            question = _question(tab, None if total_row else label, None if total_col else name)
            kind = "total" if total_row or total_col else "lookup"
            answer = scaled(value, view.columns[name], view)
            covers = frozenset({(id(row), name)})
            out.append(
                Candidate(
                    question, answer, record_text(record), row, kind, 1, (value,), covers=covers
                )
            )
    return out


def _question(tab: CrossTab, row: str | None, col: str | None) -> str:
    """ "What were the total sales for Canada in 2013?"; a total when ``row`` or ``col``
    is None ("What were the total sales for Canada?")."""
    measure = tab.measure
    summed = re.match(r"(?i)(?:total|number|average|highest|lowest)\b", measure)
    if (row is None or col is None) and not summed:
        measure = f"total {measure}"
    be = "was" if measure.startswith("number of") or not _plural(measure) else "were"
    whose = f"{tab.owner}'" if tab.owner.endswith("s") else f"{tab.owner}'s"
    head = f"What {be} {whose if tab.owner else 'the'} {measure}"
    if row is None and col is None:
        return f"{head}?"
    if row is None or col is None:
        one = _said(col or row or "")
        placed = (row is None and tab.where == "column") or (col is None and tab.where == "row")
        return f"{head} {'in' if placed else 'for'} {one}?"
    if tab.where == "column":
        return f"{head} for {_said(row)} in {_said(col)}?"
    if tab.where == "row":
        return f"{head} for {_said(col)} in {_said(row)}?"
    # Which of the two is a place or a time is not known: the column names a kind of
    # the measure ("the total Alder sales"), the row whose they are.
    lead = re.match(r"(?i)(?:total|average|highest|lowest|number of)\s+", measure)
    at = lead.end() if lead else 0
    kind = f"{measure[:at]}{col} {measure[at:]}"
    return f"What {be} the {kind} for {_said(row)}?"


def _plural(measure: str) -> bool:
    return any(is_plural(w) for w in measure.split()[:3])


def _said(label: str) -> str:
    return f"the {label}" if THE_PLACE.match(label) else label
