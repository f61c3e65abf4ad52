"""Notes a spreadsheet writes into a header or a cell that are no part of its name or value.

Budget and form templates label a column by a letter code the formulas refer to ("(A)
Direct costs", "B. Travel") and write the formula beside the name ("Total (=A+B+C)");
some cells carry the formula text after the value ("40000.00 =A+B"). A person asks "What
are X's direct costs?" and expects "40000.00": the code and the formula are notes. A unit
written after a slash or "in" ("Costs/€", "Costs in €") is said as a unit, "(€)".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from datasetkit.knowledge.model import Section


class _Column(Protocol):
    """What :func:`ask_copies_once` reads and sets of a table's column."""

    natural: str | None
    role: str
    values: list[str]

    @property
    def filled(self) -> list[str]: ...


# "(A) ", "A) ", "A. " before a word: the column's letter code (one capital letter).
_LETTER_CODE = re.compile(r"^\s*(?:\([A-Z]\)|[A-Z]\)|[A-Z]\.)\s+(?=[^\W\d_])")
# "(=A+B+C)", "(=0.25(A+B-E))", "(= H*I)": a formula in brackets, one level nested.
_FORMULA_NOTE = re.compile(r"\s*\(\s*=[^()]*(?:\([^()]*\)[^()]*)*\)")
# A currency or percent sign after a slash or "in" that ends the header: its unit.
_UNIT_TAIL = re.compile(r"\s*(?:/|\bin\b)\s*(?P<unit>[€$£¥%]|EUR|USD|GBP|CHF)\s*$")
# A value, then the formula that computes it from other columns' letters ("=H*I").
_CELL_FORMULA = re.compile(
    r"^(?P<value>[-+]?[$€£]?\d[\d.,' ]*%?)\s+=\s*(?=[^\s]*[A-Z])[A-Z0-9.+\-*/()$: ]+$"
)


def header_without_notes(header: str) -> str:
    """The header as a name: letter code and formula note dropped, a trailing unit in
    brackets ("(A) Direct costs/€ (=X+Y)" -> "Direct costs (€)")."""
    text = _FORMULA_NOTE.sub("", header).strip()
    text = _LETTER_CODE.sub("", text)
    if (unit := _UNIT_TAIL.search(text)) and text[: unit.start()].strip():
        text = f"{text[: unit.start()].strip()} ({unit.group('unit')})"
    return text


def value_without_formula(value: str) -> str:
    """A cell's value without the formula text written after it ("141250.00 =H*I")."""
    m = _CELL_FORMULA.match(value.strip())
    return m.group("value").strip() if m else value


def no_formulas(rows: Sequence[Section]) -> None:
    """Drop the formula text written after the values of the table rows' records."""
    for r in rows:
        if r.record:
            r.record.update({h: value_without_formula(v) for h, v in r.record.items()})


def ask_copies_once(columns: Mapping[str, _Column]) -> None:
    """Leave unasked a column that copies an earlier one on every row: an export's copy of
    a field under its name, or a total under another name equal to it (asking both gives
    the same answer). Under another name, only a column of three values or more is a copy
    by more than chance (not two columns of "Yes" and "No"); the first keeps its name."""
    seen: dict[tuple[str | None, tuple[str, ...]], str] = {}
    for h, col in columns.items():
        copied = len(set(col.filled)) >= 3
        first = seen.setdefault((None if copied else col.natural, tuple(col.values)), h)
        if first != h and col.natural:
            col.natural, col.role = None, "blank"
