"""A unit or note line set just above a table, folded into the table's header.

Reports often print the unit of a table's figures on a line of its own over the table
("(Per cent)", "(in millions of dollars)", "Figures in %") or in a first row across the
whole table, which every reader gives back as a paragraph before the rows. Read that
way the figures lose their unit. Here, the same way for Word, Excel and PDF, such a
line right before a table's first row is taken off and its unit named in the header
of every column of figures ("2001-2011" -> "2001-2011 (per cent)"), as a unit row
under the header already is (``tableheader.fold_units``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section
from datasetkit.knowledge.tableheader import is_number, is_unit

# A line that names a unit in words: an optional "figures/amounts ... in", then "in" or
# "per" and a unit (a scale, a currency, a percentage, a base such as "100,000").
_SCALE = (
    r"(?:thousands?|millions?|billions?|lakhs?|crores?|hundreds?|dollars|euros?|pounds|"
    r"rupees|yen|francs|cent|percent|percentage|tonnes|hours|days|years|[$€£¥₹%])"
)
_LEAD = re.compile(
    r"^(?:all\s+)?(?:figures|amounts|values|numbers|data|rates?)\s+"
    r"(?:are\s+|shown\s+|given\s+|expressed\s+)?(?=in\b)",
    re.IGNORECASE,
)
_UNIT_LINE = re.compile(
    rf"^(?:in\b[^()]{{0,12}}?{_SCALE}[^()]{{0,25}}|per\s+(?:cent\b|[\d,.]+\d)[^()]{{0,20}})$",
    re.IGNORECASE,
)
_MAX_WORDS = 7


def is_unit_line(text: str) -> bool:
    """Whether a line only names the unit of the figures below it."""
    text = " ".join(text.split())
    if not text or len(text.split()) > _MAX_WORDS:
        return False
    unit = _unit(text)
    return is_unit(text) or is_unit(unit) or bool(_UNIT_LINE.match(unit))


def _unit(text: str) -> str:
    """The unit as a header names it: brackets and a closing stop taken off, lower case
    unless it holds a currency code or symbol ("Per cent" -> "per cent", "€m")."""
    unit = " ".join(text.split()).strip().rstrip(".").strip("()").strip()
    unit = _LEAD.sub("", unit)
    if unit.lower().startswith("in ") and is_unit(unit[3:]):
        unit = unit[3:]  # "in %", "in €m": the unit alone
    return unit if re.search(r"[A-Z]{2,}", unit) else unit[:1].lower() + unit[1:]


def _figure_columns(rows: list[Section]) -> set[str]:
    """The columns whose filled cells are mostly figures (the label column is not)."""
    keys = list(rows[0].record or {})
    out = set()
    for key in keys:
        cells = [(r.record or {}).get(key, "").strip() for r in rows]
        filled = [c for c in cells if c]
        figures = sum(1 for c in filled if is_number(c.replace(" ", "")))
        if filled and figures >= max(1, 0.8 * len(filled)):
            out.add(key)
    return out


def _folded(rows: list[Section], unit: str) -> list[Section] | None:
    """The rows with the unit named in each column of figures; None when the table has
    no such column or already names a unit in it."""
    columns = _figure_columns(rows)
    if not columns or any("(" in k or "%" in k for k in columns):
        return None
    names = {k: f"{k} ({unit})" if k in columns else k for k in rows[0].record or {}}
    out = []
    for row in rows:
        record = {names.get(k, k): v for k, v in (row.record or {}).items()}
        out.append(replace(row, text=record_text(record), record=record))
    return out


def fold_unit_lines(sections: list[Section]) -> list[Section]:
    """The sections with each unit line right before a table's rows folded into that
    table's header (see the module's docstring); every other section as it is."""
    out: list[Section] = []
    at = 0
    while at < len(sections):
        s = sections[at]
        end = at + 1
        nxt = sections[end] if end < len(sections) else None
        if (
            s.kind == "paragraph"
            and nxt is not None
            and nxt.record
            and not nxt.headerless
            and nxt.provenance.table is not None
            and is_unit_line(s.text)
        ):
            end += 1
            while end < len(sections) and sections[end].provenance.table == nxt.provenance.table:
                end += 1
            table = [r for r in sections[at + 1 : end]]
            folded = _folded(table, _unit(s.text)) if all(r.record for r in table) else None
            if folded is not None:
                out.extend(folded)
                at = end
                continue
            end = at + 1
        out.append(s)
        at = end
    return out
