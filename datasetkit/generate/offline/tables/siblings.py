"""A table one of several alike in a document (the same columns on several sheets or
under several headings: one per year, per region, per period), asked with what its own
title adds to the others: "How many titles has the Blues team won?" on a sheet "Titles
Since 1990" beside a sheet "Titles" is asked "... since 1990?", and on sheets "Sales
2023" and "Sales 2024", "... in 2024?". Without it the same question would have two
answers in one document.

A title that adds nothing a question can say ("Data" beside "Additional Data") leaves the
years the rows cover: a sales log of 2005-2007 beside one of 2008 is asked "... between
2005 and 2007?" and "... in 2008?", in the document's language, so no total, highest or
count mixes the two tables or leaves the reader to guess which one it is over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.model import Document, Section

# A qualifier that can close a question as it is: a year or period, or a phrase that
# opens with a preposition of time or place ("since 1967", "in Europe", "after 2010").
_YEARISH = re.compile(r"^(?:(?:fy|q[1-4]|h[12])\s*)?(?:19|20)\d\d(?:\s*[-–/]\s*\d{2,4})?$", re.I)
_PHRASE = re.compile(
    r"(?i)^(?:since|in|before|after|during|from|until|for|at|by|outside|inside|within)\s+\S"
)
# A made-up name that says nothing of the table ("Sheet2", "Table 3").
_MADE_UP = re.compile(r"(?i)^(?:sheet|table|tab|tabelle|feuil|hoja)\s*\d*$")


def _title_of(rows: Sequence[Section]) -> str | None:
    first = rows[0].provenance
    if first.heading_path:
        return first.heading_path[-1]
    return first.sheet


@dataclass(frozen=True)
class Sibling:
    """What a table's title adds to its siblings' ("since 1967"), and the columns whose
    values differ from theirs on a row named alike (the facts the qualifier changes)."""

    qualifier: str
    differing: frozenset[str]
    by_years: bool = False  # the qualifier is the years the table's rows cover


def sibling_qualifier(doc: Document, rows: Sequence[Section], lang: str = "en") -> Sibling | None:
    """The words ``rows``' table title adds to the titles of the other tables of ``doc``
    with the same columns, as a question can close with them ("since 1967", "in 2024"),
    else the years its rows cover when theirs differ ("between 2005 and 2007"); None when
    there is no such table, or nothing sayable tells them apart."""
    if not rows or not rows[0].record:
        return None
    header = tuple(rows[0].record)
    own = {id(r) for r in rows}
    title = _title_of(rows)
    others: set[str] = set()
    mine = {_first(r): r.record or {} for r in rows}
    differing: set[str] = set()
    alike: dict[tuple[str | None, int | None], list[Section]] = {}
    for s in doc.sections:
        if s.record and id(s) not in own and tuple(s.record) == header:
            alike.setdefault((s.provenance.sheet, s.provenance.table), []).append(s)
            other = _title_of([s])
            if other and other != title:
                others.add(other)
                same = mine.get(_first(s), {})
                differing |= {k for k, v in s.record.items() if same.get(k, v) != v}
    qualifier, by_years = None, False
    if title and others and not _MADE_UP.match(title.strip()):
        qualifier = _added(title, others) if lang == "en" else _added_period(title, others, lang)
    if qualifier is None and alike and _apart_by_years(rows, list(alike.values())):
        qualifier = said_years(rows_years(rows) or (0, 0), lang)
        differing |= set(header)  # every figure of the table is of its own years
        by_years = True
    return Sibling(qualifier, frozenset(differing), by_years) if qualifier else None


# A cell that is a date or a year, as a sheet shows it: "2005-07-01", "2008",
# "1-Jul-05", "07/01/2005", "7/1/05", "July 1, 2005", "1 July 2005".
_DATED = re.compile(
    r"^(?:(?P<iso>(?:19|20)\d\d)(?:-\d\d-\d\d(?:[ T][\d:]+)?)?"
    r"|\d{1,2}[-/. ](?:\d{1,2}|[^\W\d_]{3,9}\.?)[-/. ](?P<end>(?:19|20)?\d\d)"
    r"|[^\W\d_]{3,9}\.? \d{1,2},? (?P<named>(?:19|20)\d\d)"
    r"|\d{1,2}\.? [^\W\d_]{3,9} (?P<dayfirst>(?:19|20)\d\d))$"
)


def shown_date(cell: str) -> bool:
    """Whether a cell is a day as a sheet shows it ("1-Jul-05", "2005-07-01"), not a year."""
    return _year(cell) is not None and not re.fullmatch(r"\d{4}", cell.strip())


def _year(cell: str) -> int | None:
    m = _DATED.match(cell.strip())
    if m is None:
        return None
    found = m.group("iso") or m.group("end") or m.group("named") or m.group("dayfirst")
    year = int(found)
    return year if year >= 100 else year + (2000 if year < 70 else 1900)


def rows_years(rows: Sequence[Section]) -> tuple[int, int] | None:
    """The first and last year a table's rows cover, read from a column whose every cell
    is a date or a year; None when no column is."""
    records = [r.record or {} for r in rows if r.record]
    if not records:
        return None
    for name in records[0]:
        years = [y for r in records if (y := _year(r.get(name, ""))) is not None]
        if len(years) == len(records):
            return min(years), max(years)
    return None


def _apart_by_years(rows: Sequence[Section], tables: list[list[Section]]) -> bool:
    """Whether every other table has rows of years that none of ``rows``' years overlap."""
    mine = rows_years(rows)
    if mine is None:
        return False
    for other in tables:
        theirs = rows_years(other)
        if theirs is None or not (theirs[1] < mine[0] or theirs[0] > mine[1]):
            return False
    return True


def dated_apart(sections: Sequence[Section], rows: Sequence[Section]) -> bool:
    """Whether the tables with ``rows``' columns elsewhere in the document (on other sheets
    or under other tables) each cover other years than ``rows``: tables of their own told
    apart by their years, not one table cut in pieces."""
    if not rows or not rows[0].record:
        return False
    header, own = tuple(rows[0].record), {id(r) for r in rows}
    here = (rows[0].provenance.sheet, rows[0].provenance.table)
    alike: dict[tuple[str | None, int | None], list[Section]] = {}
    for s in sections:
        if s.record and id(s) not in own and tuple(s.record) == header:
            alike.setdefault((s.provenance.sheet, s.provenance.table), []).append(s)
    if not alike or here in alike:
        return False
    return _apart_by_years(rows, list(alike.values()))


# How a question closes with the years a table covers, by language.
_ONE_YEAR = {"en": "in {0}", "es": "en {0}", "fr": "en {0}", "de": "im Jahr {0}"}
_YEARS = {
    "en": "between {0} and {1}",
    "es": "entre {0} y {1}",
    "fr": "entre {0} et {1}",
    "de": "von {0} bis {1}",
}


def said_years(years: tuple[int, int], lang: str) -> str | None:
    """ "in 2008", "between 2005 and 2007" in ``lang``; None in a language it has no words for."""
    first, last = years
    form = (_ONE_YEAR if first == last else _YEARS).get(lang)
    return form.format(first, last) if form and first else None


def _first(row: Section) -> str:
    return next(iter((row.record or {}).values()), "").strip()


def _added(title: str, others: set[str]) -> str | None:
    """What ``title`` says that none of ``others`` does, as a question's last words."""
    words = title.split()
    shared = {w.casefold() for o in others for w in o.split()}
    start = next((i for i, w in enumerate(words) if w.casefold() not in shared), None)
    if start is None:
        return None
    rest = " ".join(words[start:])
    if _YEARISH.match(rest):
        return f"in {rest}"
    if _PHRASE.match(rest):
        return rest[:1].lower() + rest[1:]
    # "Since 67" after "Stanley Cups": the preposition is a word the others share.
    if start > 0 and _PHRASE.match(f"{words[start - 1]} {rest}"):
        return f"{words[start - 1].lower()} {rest}"
    return None


def _added_period(title: str, others: set[str], lang: str) -> str | None:
    """The year ``title`` adds to ``others`` ("Ventas 2024" beside "Ventas 2023", or the
    sheets "2023" and "2024"), said in ``lang`` ("en 2024", "im Jahr 2024"); None when it
    adds anything else (other languages have no words for a title's phrase)."""
    shared = {w.casefold() for o in others for w in o.split()}
    added = [w for w in title.split() if w.casefold() not in shared]
    if len(added) != 1 or not re.fullmatch(r"(?:19|20)\d\d", added[0]):
        return None
    return said_years((int(added[0]), int(added[0])), lang)


# A date or a year in a question: "on 4-Apr-06", "in 2006".
_SAYS_WHEN = re.compile(
    r"\b(?:\d{1,2}[-/. ](?:\d{1,2}|[^\W\d_]{3,9}\.?)[-/. ]\d{2,4}|(?:19|20)\d\d)\b"
)
_OVER_TABLE = frozenset(("total", "max", "min", "count", "filter", "average"))


def with_qualifier(cand: Candidate, sibling: Sibling) -> Candidate:
    """The question closed with the sibling's qualifier, when its answer rests on a column
    that differs between the tables (a fact both tables give alike is left as it is)."""
    q, qualifier = cand.question, sibling.qualifier
    columns = {c.lstrip("~") for _, c in cand.covers}
    # A figure computed over the table (a total, a highest, a count) changes whenever the
    # other table's rows would count: always said of this one.
    whole = cand.question_type in _OVER_TABLE
    if columns and not whole and not columns & sibling.differing:
        return cand
    if not q.endswith("?") or qualifier.casefold() in q.casefold():
        return cand
    if sibling.by_years and _SAYS_WHEN.search(q[:-1]):
        return cand  # a row asked by its date or year is of one table already
    close = " ?" if q.endswith(" ?") else "?"  # French sets its question mark apart
    return replace(cand, question=f"{q[:-1].rstrip()} {qualifier}{close}")
