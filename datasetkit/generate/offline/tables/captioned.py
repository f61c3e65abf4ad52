"""What a statistical table's caption says of every figure in it, said in the question.

A report's table of figures names its measure in the column header ("Rate", "New
Cases") and the rest in its caption: the base of a rate and the population it counts
("... Per 100,000 People (All Races, Females) ..."), and the period ("... by State,
2006-2010"). A figure asked without them is not the figure the table gives ("What was
the rate in Alabama?" has as many answers as the years and populations a report
covers), so a question of such a table says them: "What was the rate of invasive breast
cancer per 100,000 women in Alabama in 2006-2010?".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.language.words import is_plural
from datasetkit.generate.offline.tables.columns import THE_PLACE, named
from datasetkit.generate.offline.tables.figures import table_caption
from datasetkit.generate.offline.tables.view import Column, TableView
from datasetkit.knowledge.model import Section

# "per 100,000 people", "per 1,000 live births", with the population that follows in
# brackets ("(All Races, Females)").
_RATE_BASE = re.compile(
    r"(?i)\bper\s+(?P<base>[\d,.]+(?:\s+(?:thousand|million))?\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)"
    r"(?:\s*\((?P<who>[^()]{2,40})\))?"
)
_YEARS = r"(?:19|20)\d\d(?:\s*[-–/]\s*(?:19|20)?\d\d)?"
# The period a caption closes with: "..., 2006-2010", "... in 2012-13", "... (2009)".
_CLOSING_PERIOD = re.compile(
    rf"(?i)(?:,\s*|\s(?:in|during|for)\s+|\s\()(?P<period>{_YEARS})\)?\s*\.?$"
)
# A key column that names places: its rows are asked "in <place>".
_PLACE_KEY = re.compile(
    r"(?i)^(?:states?|countr(?:y|ies)|regions?|provinces?|count(?:y|ies)|cit(?:y|ies)|"
    r"districts?|territor(?:y|ies)|areas?|municipalit(?:y|ies)|nations?)\b"
)


def rate_base(caption: str | None) -> str | None:
    """The base a caption gives its rates, with the population it names: "per 100,000
    people (all races, females)"; None when it gives none."""
    m = _RATE_BASE.search(caption or "")
    if m is None:
        return None
    said = f"per {m.group('base').lower()}"
    if m.group("who"):
        said += f" ({m.group('who').strip().lower()})"
    return said


def closing_period(caption: str | None) -> str | None:
    """The years a caption closes with ("... by State, 2006-2010" -> "2006-2010"), None
    when it closes with none (a year inside it may be a citation's)."""
    m = _CLOSING_PERIOD.search((caption or "").strip())
    return m.group("period") if m else None


def rate_question(col: Column, label: str, view: TableView) -> str | None:
    """A rate of a row named by a place or a name, with its base and period: "What was
    the rate of invasive breast cancer per 100,000 women in Alabama in 2006-2010?"; None
    for a column that is no rate (no base in its header or the caption)."""
    if col.role != "number" or not col.natural or view.by_period():
        return None
    unit = col.unit if (col.unit or "").lower().startswith("per ") else None
    base = unit or rate_base(view.caption)
    if base is None:
        return None
    period = col.period or closing_period(view.caption)
    if _PLACE_KEY.match(view.key[0] if view.key else ""):
        row = f"in the {label}" if THE_PLACE.match(label) else f"in {label}"
    else:
        row = f"for {named(view, label)}"
    when = f" in {period}" if period else ""
    measure = col.natural
    if plural_measure(measure):
        return f"How many {measure} {base} were there {row}{when}?"
    return f"What {'was' if period else 'is'} the {measure} {base} {row}{when}?"


# Plural measures that are amounts, not things counted: "sales", "earnings".
_AMOUNTS = re.compile(
    r"(?i)\b(?:sales|revenues?|earnings|expenses|costs|assets|liabilities|profits|losses|"
    r"savings|proceeds|wages|rates|prices|fees)$"
)


def plural_measure(measure: str) -> bool:
    """Whether a measure counts things ("new cases (SEER 9)": the words before a bracket
    are a plural noun, and no plural of an amount such as "sales")."""
    words = re.sub(r"\s*\([^()]*\)$", "", measure) or measure
    return is_plural(words) and not _AMOUNTS.search(words)


def extreme_question(view: TableView, col: Column, kind: str) -> str | None:
    """The row with the highest or lowest figure of a rate or a figure by period, with
    the rate's base and the period: "In which year were there the most new cases per
    100,000 people (...)?", "Which state had the highest rate of ... per 100,000 women
    in 2006-2010?"; None for a column that is neither."""
    if col.natural is None or col.role != "number":
        return None
    scope = period_scope(view, col)
    plural = plural_measure(col.natural)
    most = ("most" if kind == "max" else "fewest") if plural else None
    word = "highest" if kind == "max" else "lowest"
    if view.by_period():
        scope = f" {scope}" if scope else ""
        if most:
            return f"In which {view.entity} were there the {most} {col.natural}{scope}?"
        return f"In which {view.entity} was the {col.natural}{scope} {word}?"
    if not scope:
        return None
    period = col.period or closing_period(view.caption)
    when = f" in {period}" if period else ""
    be = "had" if period else "has"
    return f"Which {view.entity} {be} the {most or word} {col.natural} {scope}{when}?"


def period_scope(view: TableView, col: Column) -> str:
    """The words a figure of a table by period is asked with besides its period: the
    base of its rates ("per 100,000 people (all races, females)"), or ""."""
    if col.unit:
        return col.unit if col.unit.lower().startswith("per ") else ""
    return rate_base(view.caption) or ""


def _alike(sections: Sequence[Section], rows: Sequence[Section]) -> list[list[Section]]:
    """The other numbered tables of the document with the same columns as ``rows``."""
    header = tuple(rows[0].record or {})
    first = rows[0].provenance
    own = {id(r) for r in rows}
    tables: dict[tuple[int | None, str | None], list[Section]] = {}
    for s in sections:
        if s.record and id(s) not in own and tuple(s.record) == header:
            there = s.provenance
            if there.table is not None and there.table != first.table:
                tables.setdefault((there.table, there.sheet), []).append(s)
    return list(tables.values())


def ambiguous_twin(sections: Sequence[Section], rows: Sequence[Section]) -> bool:
    """True when another table of the document has the same columns and the same caption
    (or none, under the same heading) but other figures: a question can say nothing
    that tells the two apart, so neither is asked."""
    if not rows or not rows[0].record:
        return False
    caption = table_caption(sections, rows)
    heading = rows[0].provenance.heading_path
    mine = [tuple(r.record.values()) for r in rows if r.record]
    for other in _alike(sections, rows):
        if other[0].provenance.sheet != rows[0].provenance.sheet:
            continue  # a workbook's sheet names the table apart
        said = table_caption(sections, other)
        if said != caption or (said is None and other[0].provenance.heading_path != heading):
            continue
        if [tuple(r.record.values()) for r in other if r.record] != mine:
            return True
    return False


def captioned_apart(sections: Sequence[Section], rows: Sequence[Section]) -> bool:
    """True when the table's caption tells it from every other table with its columns
    (figures for women, for men): a whole table, not a part of one printed twice."""
    if not rows or not rows[0].record or rows[0].provenance.table is None:
        return False
    caption = table_caption(sections, rows)
    first = rows[0].provenance
    own = {id(r) for r in rows}
    if caption is None or any(
        s.record
        and id(s) not in own
        and s.provenance.table == first.table
        and s.provenance.sheet == first.sheet
        for s in sections
    ):
        return False  # no caption, or rows of the same table elsewhere
    return all(table_caption(sections, other) != caption for other in _alike(sections, rows))
