"""A table of records that no column identifies (a sales log, an export of transactions:
many rows per country, product or segment) asked as a reader asks it: the total of an
amount for each value of a category ("What are the total sales in Canada?"), which
value has the highest and the lowest total ("Which country has the highest total
profit?"), and the total over every row.

Only amounts that add up are totalled: a column of one unit or currency whose header
names no rate, price, share, average, score or position in time (a total of unit
prices, of percentages or of years says nothing), in English or another language, and
whose values are no fractions of one, years or running numbers. A category is a column of words (or
years) with a few values, each on several rows; a date or a free-text column is none.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import is_plural, plural_of
from datasetkit.generate.offline.tables.columns import THE_PLACE, said_territory
from datasetkit.generate.offline.tables.compared import one_unit
from datasetkit.generate.offline.tables.localized_totals import (
    ROLLUP_LANGUAGES,
    export_prefix,
    ranked_question,
    said_figure,
    total_question,
    unprefixed,
)
from datasetkit.generate.offline.tables.names import adds_up
from datasetkit.generate.offline.tables.related import banded
from datasetkit.generate.offline.tables.siblings import shown_date
from datasetkit.generate.offline.tables.view import (
    NIL,
    Column,
    TableChunk,
    TableView,
    said_words,
    summary_row,
)
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section
from datasetkit.knowledge.tableheader import PIVOT_ROW_LABELS

# An amount as a ledger prints it: "$32,370.00", "-1,200", "$ (1,164.50)", "1618.5".
_AMOUNT = re.compile(
    r"^(?P<neg>-)?\s*(?P<cur>[$€£¥])?\s*(?P<open>\()?\s*(?P<neg2>-)?\s*"
    r"(?P<num>\d[\d,]*(?:\.(?P<dec>\d+))?)\s*\)?\s*(?P<cur2>[€£])?$"
)
# An accounting zero: "$ -", "-".
_ZERO = re.compile(r"^[$€£¥]?\s*[-–—]\s*$")
# A column that is a year: its values are the category ("in 2014").
_YEAR = re.compile(r"^(?:19|20)\d\d$")

# A category value that says the rows have none of it ("None" in a discount band): no
# group a reader asks about by name.
_NOTHING = frozenset(("none", "null", "n/a", "na", "nil", "no", "unknown", "other", "others"))

_MAX_VALUES = 8  # a category asked value by value has at most this many values
_MIN_ROWS = 6
_MAX_MEASURES = 4
_MAX_CATEGORIES = 4


@dataclass(frozen=True)
class _Measure:
    column: Column
    said: str  # how a question names it: "sales", "profit", "COGS"
    currency: str
    decimals: int


def rollups(part: TableChunk) -> list[Candidate]:
    """Totals by category, and the categories with the highest and lowest total, of a
    table of records no column identifies (asked once, from its first chunk)."""
    view, lang = part.view, part.lang
    if lang != "en" and lang not in ROLLUP_LANGUAGES:
        return []
    if view.key or view.cut or view.halved or len(view.rows) < _MIN_ROWS:
        return []
    rows = [r for r in view.rows if not _summary(r)]
    bounds = banded(view)  # a band's bound adds up to nothing
    measures = [
        m
        for c in view.columns.values()
        if c.name not in bounds and (m := _measure(view, c)) is not None
    ]
    # In the table's order: its first columns are the ones it is mainly broken down by.
    categories = [c for c in view.columns.values() if _category(c, len(rows))]
    out: list[Candidate] = []
    for measure in measures[:_MAX_MEASURES]:
        for category in categories[:_MAX_CATEGORIES]:
            if not _derived(category, measure.column):
                said = _Said(view, lang, export_prefix(view.columns))
                out.extend(_by_category(rows, measure, category, said))
    if view.entity != "row" and lang == "en":
        # What the rows are is known ("orders"): how many there are of each value.
        for category in categories[:_MAX_CATEGORIES]:
            out.extend(_counts(rows, category, plural_of(view.entity)))
    return out


def _counts(rows: list[Section], category: Column, entities: str) -> list[Candidate]:
    """ "How many orders were there in the South region?" for each value of a category."""
    members: dict[str, list[Section]] = defaultdict(list)
    for r in rows:
        value = (r.record or {}).get(category.name, "").strip()
        if value and value.casefold() not in _NOTHING:
            members[value].append(r)
    if all(len(hits) == 1 for hits in members.values()):
        return []  # one row to each value (a row per year): every count would be 1
    out: list[Candidate] = []
    for value, hits in members.items():
        question = f"How many {entities} were there {_in(category, value)}?"
        note = f"Count: {len(hits)} of {len(rows)} rows have {category.name}: {value}"
        evidence = "\n".join(record_text(r.record or {}) for r in hits[:5])
        covers = frozenset((id(r), "~" + category.name) for r in hits)
        out.append(
            Candidate(
                question,
                str(len(hits)),
                evidence,
                hits[0],
                "count",
                1,
                (value,),
                note,
                covers=covers,
            )
        )
    return out


def _derived(category: Column, measure: Column) -> bool:
    """A category that bands the measure itself ("Discount Band" of "Discounts"): its
    highest total is the band of the highest amounts, which says nothing."""

    def stems(name: str) -> set[str]:
        return {w[:5] for w in re.findall(r"[a-z]{4,}", name.casefold())}

    return bool(stems(category.name) & stems(measure.name))


def _summary(row: Section) -> bool:
    return any(summary_row(v) for v in list((row.record or {}).values())[:1])


def _measure(view: TableView, col: Column) -> _Measure | None:
    """The column as an amount that adds up, or None."""
    if col.natural is None or col.role not in ("number", "text") or not adds_up(col.name):
        return None
    parsed = [_AMOUNT.match(v) for v in col.filled if not _ZERO.match(v)]
    if not parsed or not all(parsed) or not one_unit(view, col):
        return None
    if not _additive([_amount(v) for v in col.filled]):
        return None
    signs = {(m.group("cur") or m.group("cur2") or "") for m in parsed if m}
    if len(signs) != 1:
        return None
    decimals = max(len(m.group("dec") or "") for m in parsed if m)
    name = col.name.strip()
    said = name if name.isupper() else col.natural
    # A column of totals per row ("Total Sale") sums to a total of the same: the questions
    # say "total" once ("the highest total sale", never "the highest total total sale").
    said = re.sub(r"(?i)^total\s+(?=\S)", "", said)
    return _Measure(col, said, signs.pop(), min(decimals, 2))


def _additive(values: list[float]) -> bool:
    """Whether figures whose header names no rate or position may still be summed: not
    when their values say otherwise, as fractions all between 0 and 1 (a share or a
    rate written as a decimal), years (a position in time), or the running numbers 1, 2,
    3, ... of the rows (a serial)."""
    if all(0 <= v <= 1 for v in values) and any(v != int(v) for v in values):
        return False
    if all(v == int(v) and 1900 <= v <= 2100 for v in values):
        return False
    ints = sorted(int(v) for v in values if v == int(v))
    return not (len(ints) == len(values) >= 3 and ints == list(range(ints[0], ints[0] + len(ints))))


def _category(col: Column, rows: int) -> bool:
    """A column of a few values, each on several rows, that are words or years."""
    filled = [v for v in col.values if v and v not in NIL]
    values = set(filled)
    if PIVOT_ROW_LABELS.match(col.name.strip()):
        return False  # a pivot's groups, one row each: repeated only where two pivots meet
    if col.natural is None or len(filled) < rows or not 2 <= len(values) <= _MAX_VALUES:
        return False
    if col.role == "number":
        return all(_YEAR.match(v) for v in values)
    if col.role != "text" or any(not re.search(r"[^\W\d_]", v) for v in values):
        return False
    if all(map(shown_date, values)):
        return False  # days ("1-Jul-05"): a total is asked of a period, not of a day
    return min(Counter(filled).values()) >= 2 and all(len(v) <= 40 for v in values)


def _amount(value: str) -> float:
    m = _AMOUNT.match(value.strip())
    if m is None:
        return 0.0  # an accounting zero ("$ -")
    number = float(m.group("num").replace(",", ""))
    negative = m.group("neg") or m.group("neg2") or m.group("open")
    return -number if negative else number


def _said_total(total: float, measure: _Measure) -> str:
    # A sum of amounts printed to the cent is said to the whole unit: each printed amount
    # is rounded, so the cents of their sum need not be those of the true total. A count
    # that sums to a whole number is said whole ("168,552", not "168,552.0").
    places = measure.decimals
    if measure.currency or float(total).is_integer():
        places = 0
    # Half a unit rounds up, as a reader rounds (a format rounds half to even).
    scale = 10**places
    text = f"{math.floor(abs(total) * scale + 0.5) / scale:,.{places}f}"
    sign = "-" if total < 0 else ""
    return f"{sign}{measure.currency}{text}"


# A category whose values are places named on their own ("Canada", "Ohio").
_NAMED_PLACE = re.compile(r"(?i)\b(?:country|countries|state|province|city|town)\b")
# "Units Sold", "Hours Worked": things counted, said "How many units were sold".
# A category of places: its values are said "in <value>" ("in Europe", "in the North
# region").
_AREA = re.compile(r"(?i)\b(?:region|area|territory|zone|market|district)$")
_COUNTED = re.compile(r"(?i)^(?P<what>[a-z][a-z ]*s)\s+(?P<done>[a-z]+ed|sold|paid|spent|won)$")


def _in(category: Column, value: str) -> str:
    """Where a category value puts the rows: "in Canada", "in 2014", "for the Government
    segment", "for the South region"."""
    if _YEAR.match(value) or _NAMED_PLACE.search(category.name):
        return f"in the {value}" if THE_PLACE.match(value) else f"in {value}"
    noun = said_words(category.name).lower()
    territory = said_territory(noun, value)
    if territory or _AREA.search(noun):
        return f"in {territory or value}"
    if noun.casefold() in value.casefold():
        return f"for {value}"
    return f"for the {value} {noun}"


@dataclass(frozen=True)
class _Said:
    """The language a table's totals are asked in, and what its questions say them with."""

    view: TableView
    lang: str
    prefix: str  # the prefix an export gave every column's name ("TBL_"), not said

    def total(self, measure: _Measure, category: Column, value: str) -> str | None:
        if self.lang == "en":
            return _total_question(measure.said, _in(category, value))
        col, cat = unprefixed(measure.column, self.prefix), unprefixed(category, self.prefix)
        return total_question(col, cat, value, self.view, self.lang)

    def figure(self, total: float, measure: _Measure) -> str:
        return said_figure(_said_total(total, measure), self.lang)


def _by_category(
    rows: list[Section], measure: _Measure, category: Column, said: _Said
) -> list[Candidate]:
    totals: dict[str, float] = defaultdict(float)
    members: dict[str, list[Section]] = defaultdict(list)
    for r in rows:
        record = r.record or {}
        key = record.get(category.name, "").strip()
        if not key:
            continue
        totals[key] += _amount(record.get(measure.column.name, "").strip())
        members[key].append(r)
    # A "None" group is ranked with the others (it may be the lowest) but never asked
    # about by name.
    ranked = _ranked(totals, members, measure, category, said)
    out: list[Candidate] = []
    for value, total in totals.items():
        question = said.total(measure, category, value)
        if value.casefold() in _NOTHING or question is None:
            continue
        hits = members[value]
        note = (
            f"Sum of {measure.column.name} over the {len(hits)} of {len(rows)} rows with "
            f"{category.name}: {value}: {_said_total(total, measure)}"
        )
        figure = said.figure(total, measure)
        out.append(_candidate(question, figure, hits, note, "total", measure, value))
    return out + ranked


def _ranked(
    totals: dict[str, float],
    members: dict[str, list[Section]],
    measure: _Measure,
    category: Column,
    said: _Said,
) -> list[Candidate]:
    """The category values with the highest and the lowest total, when each is alone."""
    ranked = sorted(totals.items(), key=lambda kv: kv[1])
    if len(ranked) < 3 or ranked[0][1] == ranked[1][1] or ranked[-1][1] == ranked[-2][1]:
        return []
    noun = said_words(category.name).lower()
    counted = _COUNTED.match(measure.said)
    listed = "; ".join(f"{v}: {_said_total(t, measure)}" for v, t in reversed(ranked))
    note = f"Total {measure.column.name} by {category.name}: {listed}"
    out: list[Candidate] = []
    for kind, (value, total) in (("max", ranked[-1]), ("min", ranked[0])):
        figure = said.figure(total, measure)
        if said.lang != "en":
            col, cat = unprefixed(measure.column, said.prefix), unprefixed(category, said.prefix)
            asked = ranked_question(col, cat, kind, said.view, said.lang)
            if asked is not None:
                out.append(
                    _candidate(
                        asked, f"{value} ({figure})", members[value], note, kind, measure, value
                    )
                )
            continue
        if counted:
            # "Which product has the most units sold?" -> "Kettle (20 units)"
            most = "most" if kind == "max" else "fewest"
            question = f"Which {noun} has the {most} {measure.said}?"
            answer = f"{value} ({figure} {counted.group('what')})"
        else:
            word = "highest" if kind == "max" else "lowest"
            question = f"Which {noun} has the {word} total {measure.said}?"
            answer = f"{value} ({figure})"
        out.append(_candidate(question, answer, members[value], note, kind, measure, value))
    return out


def _total_question(said: str, where: str) -> str:
    """ "What are the total sales in Canada?", "How many units were sold in total for the
    Kettle product?"."""
    counted = _COUNTED.match(said)
    if counted:
        return f"How many {counted.group('what')} were {counted.group('done')} {where}?"
    be = "are" if is_plural(said) else "is"
    return f"What {be} the total {said} {where}?"


def _candidate(
    question: str,
    answer: str,
    hits: list[Section],
    note: str,
    kind: str,
    measure: _Measure,
    value: str,
) -> Candidate:
    evidence = "\n".join(record_text(r.record or {}) for r in hits[:5])
    covers = frozenset((id(r), "~" + measure.column.name) for r in hits)
    quotes = (value, measure.column.name.strip())
    return Candidate(question, answer, evidence, hits[0], kind, 1, quotes, note, covers=covers)
