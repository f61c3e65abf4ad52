"""The highest and lowest figures of a cross-tab by period: which row led in one period
("Which of <Owner>'s markets had the highest revenue in Q1 FY25?") and in which period
a row peaked, over the span the table shows ("In which quarter from Q2 FY23 to Q1 FY25
was <Owner>'s revenue for Gaming highest?").

A cross-tab holds one measure, so its figures compare without a unit check. The rows are
named by what the table says they are (its label column's header, or the dimension its
title ranks them "by"); a table that names neither is not ranked. A total row is ranked
among the periods (its peak), never among the rows it sums up.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import plural_of, singular_of
from datasetkit.generate.offline.tables.columns import scaled
from datasetkit.generate.offline.tables.crosstab import CrossTab, crosstab_total, said_measure
from datasetkit.generate.offline.tables.view import (
    NIL,
    PERIOD_HEADER,
    TableChunk,
    TableView,
    said_words,
)
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section

# The dimension a title ranks its rows by: "Revenue by Market", "Sales by Region and Year".
_BY = re.compile(r"(?i)\bby\s+(?P<dim>[a-z][a-z-]+)\b")
# Kinds of row no question says ("Which of the rows ...").
_UNSAID = frozenset(["row", "rows", "item", "items", "value", "values", "label", "labels"])


def crosstab_ranks(
    part: TableChunk, tab: CrossTab, titles: Sequence[str | None]
) -> list[Candidate]:
    """The row that led in each period, and the period each row peaked in."""
    dims = [c for c in tab.values if c != tab.total_column]
    if tab.where != "column" or not all(PERIOD_HEADER.match(said_words(c)) for c in dims):
        return []  # ranked by period only: a period is what a reader compares rows in
    view = part.view
    rows = _figures_by_row(view)
    out: list[Candidate] = []
    kind = _row_kind(view, titles)
    firsts = [(label, row) for label, row in rows if not crosstab_total(label)]
    if kind and len(firsts) >= 3:
        for name in tab.values:
            if name != tab.total_column:
                out.extend(_led(view, tab, kind, name, firsts))
    period = _period_kind(tab)
    if period:
        for label, row in rows:
            out.extend(_peaked(view, tab, period, label, row))
    return out


def _figures_by_row(view: TableView) -> list[tuple[str, Section]]:
    """The named rows of the table, with their names."""
    key = view.key[0]
    named = [((r.record or {}).get(key, "").strip(), r) for r in view.rows]
    return [(label, row) for label, row in named if label]


def amount(value: str) -> float | None:
    """A cell's figure as a number ("$1,164" -> 1164.0, "(1,164)" -> -1164.0); None for
    an empty or nil cell or one that is no figure."""
    value = value.strip()
    if not value or value in NIL:
        return None
    digits = re.sub(r"[^\d.\-]", "", value)
    if re.fullmatch(r"\(.*\d.*\)", value):
        digits = "-" + digits  # an account's negative: "(1,164)"
    try:
        return float(digits)
    except ValueError:
        return None


def _row_kind(view: TableView, titles: Sequence[str | None]) -> str | None:
    """What the rows are, as a question names them ("market"); None when nothing says."""
    entity = view.entity.strip().lower()
    if entity and entity not in _UNSAID and len(entity.split()) <= 2:
        return entity
    for title in titles:
        m = _BY.search(title or "")
        if m and m.group("dim").lower() not in _UNSAID:
            return singular_of(m.group("dim").lower())
    return None


def _one(scored: list[tuple[float, str, Section]], pick: str) -> tuple[str, Section] | None:
    """The one row with the highest (``max``) or lowest figure; None on a tie."""
    best = (max if pick == "max" else min)(a for a, _, _ in scored)
    winners = [(lab, r) for a, lab, r in scored if a == best]
    return winners[0] if len(winners) == 1 else None


def _led(
    view: TableView, tab: CrossTab, kind: str, name: str, rows: list[tuple[str, Section]]
) -> list[Candidate]:
    """ "Which of <Owner>'s markets had the highest revenue in Q1 FY25?"."""
    scored = [
        (a, lab, r) for lab, r in rows if (a := amount((r.record or {}).get(name, ""))) is not None
    ]
    if len(scored) < 3:
        return []
    out = []
    measure = said_measure(tab)[0]
    which = f"Which of {tab.owner}'s {plural_of(kind)}" if tab.owner else f"Which {kind}"
    for pick, word in (("max", "highest"), ("min", "lowest")):
        won = _one(scored, pick)
        if won is None:
            continue
        label, row = won
        cell = (row.record or {}).get(name, "").strip()
        question = f"{which} had the {word} {measure} in {said_words(name)}?"
        answer = f"{label}: {scaled(cell, view.columns[name], view)}"
        covers = frozenset({(id(row), "~" + name)})
        out.append(
            Candidate(question, answer, record_text(row.record or {}), row, pick, 1,
                      (label, cell), covers=covers)
        )  # fmt: skip
    return out


# Periods a question can name by their kind, and an order to say their span in.
_QUARTER = re.compile(r"(?i)^q(?P<n>[1-4])\s*(?:fy\s*)?(?P<year>(?:19|20)?\d\d)$")
_YEAR = re.compile(r"(?i)^(?:fy\s*)?(?P<year>(?:19|20)\d\d)$")


def _period_order(header: str) -> tuple[int, int] | None:
    said = said_words(header)
    m = _QUARTER.match(said)
    if m:
        return int(m.group("year")[-2:]), int(m.group("n"))
    m = _YEAR.match(said)
    return (int(m.group("year")[-2:]), 0) if m else None


def _period_kind(tab: CrossTab) -> str | None:
    """ "quarter" or "year" when every figure column is one, in an order a span can say."""
    dims = [c for c in tab.values if c != tab.total_column]
    if not dims or not all(PERIOD_HEADER.match(said_words(c)) for c in dims):
        return None
    if all(_QUARTER.match(said_words(c)) for c in dims):
        return "quarter"
    if all(_YEAR.match(said_words(c)) for c in dims):
        return "year"
    return None


def _peaked(
    view: TableView, tab: CrossTab, period: str, label: str, row: Section
) -> list[Candidate]:
    """ "In which quarter from Q2 FY23 to Q1 FY25 was <Owner>'s revenue for Gaming highest?"."""
    dims = [c for c in tab.values if c != tab.total_column]
    record = row.record or {}
    scored = [(a, c, row) for c in dims if (a := amount(record.get(c, ""))) is not None]
    if len(scored) < 3 or len(scored) < len(dims):
        return []  # a period with no figure: its span is not the table's
    order = sorted(dims, key=lambda c: _period_order(c) or (0, 0))
    span = f"from {said_words(order[0])} to {said_words(order[-1])}"
    whose = f"{tab.owner}'s " if tab.owner else "the "
    measure, be = said_measure(tab)
    if crosstab_total(label):
        what = f"{whose}{'' if measure.startswith('total') else 'total '}{measure}"
    else:
        what = f"{whose}{measure} for {label}"
    out = []
    # The highest only: when a figure peaked is what a reader of a trend asks.
    for pick, word in (("max", "highest"),):
        won = _one(scored, pick)
        if won is None:
            continue
        name = won[0]
        cell = record.get(name, "").strip()
        question = f"In which {period} {span} {be} {what} {word}?"
        answer = f"{said_words(name)}: {scaled(cell, view.columns[name], view)}"
        covers = frozenset({(id(row), "~" + name)})
        out.append(
            Candidate(question, answer, record_text(record), row, pick, 1, (name, cell),
                      covers=covers)
        )  # fmt: skip
    return out
