"""A unit or note line set just above a table, folded into the table's header.

Reports often print the unit of a table's figures on a line of its own over the table
("(Per cent)", "€m", "Figures in %") or in a first row across the
whole table, which every reader gives back as a paragraph before the rows. Read that
way the figures lose their unit. Here, the same way for Word, Excel and PDF, such a
line right before a table's first row is taken off and its unit named in the header
of every column of figures ("2001-2011" -> "2001-2011 (per cent)"), as a unit row
under the header already is (``tableheader.fold_units``). A scale ("in millions") stays
a note, read from there when the table is asked, and so does a unit over columns named
by periods, whose names are the periods a question says.
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
_GLOSS = 16
_SCALE_WORDS = re.compile(r"(?i)\b(?:thousands?|millions?|billions?|lakhs?|crores?)\b")
_PERIOD = re.compile(
    r"(?i)^(?:(?:fy|q[1-4]|h[12])\s*)?(?:19|20)\d\d(?:\s*[-–/]\s*(?:19|20)?\d\d)?$"
    r"|^(?:q[1-4]|h[12])\s*(?:fy\s*)?(?:19|20)?\d\d$"
)


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
    if not columns or any("(" in k or "%" in k or _PERIOD.match(k) for k in columns):
        # A column named by a period ("2023", "FY2024", "Q1 2023") is read as that period
        # by whoever asks the table: a unit after it would hide the period, so the line
        # stays a note over the table.
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
            unit = _unit(s.text)
            # A scale ("in millions of dollars") stays a note over the table, read from
            # there as the figures' scale (generate.offline.tables.scale); a header glosses
            # a short unit only ("Sales (€m)", "Rate (per 100,000)").
            short = len(unit) <= _GLOSS and not _SCALE_WORDS.search(unit)
            ok = short and all(r.record for r in table)
            folded = _folded(table, unit) if ok else None
            if folded is not None:
                out.extend(folded)
                at = end
                continue
            end = at + 1
        out.append(s)
        at = end
    return out
