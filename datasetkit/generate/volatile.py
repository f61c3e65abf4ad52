"""Values a workbook recomputes on every recalculation, kept out of what is asked.

A cell computed by a volatile formula (RAND, TODAY, ...) or from one holds one draw
among many: ingestion marks it (``Section.volatile``) and here it leaves the text both
generators read. A table loses the whole column when more than half of the rows that
fill it have such a value there (no total, ranking or lookup is made of what is left of
it), else only those cells; a labelled value or a text holding one is left out.
"""

from __future__ import annotations

from dataclasses import replace

from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Document, Section


def without_volatile(doc: Document) -> Document:
    """The document with its volatile values left out (itself when it has none)."""
    if not any(s.volatile for s in doc.sections):
        return doc
    columns = _volatile_columns(doc)
    sections: list[Section] = []
    for s in doc.sections:
        if s.record is None or s.headerless:
            if not s.volatile:
                sections.append(s)
            continue
        drop = columns.get(_table(s), set()) | set(s.volatile)
        if not drop:
            sections.append(s)
            continue
        record = {k: v for k, v in s.record.items() if k not in drop}
        if any(record.values()):
            sections.append(replace(s, text=record_text(record), record=record, volatile=()))
    return replace(doc, sections=sections)


def _volatile_columns(doc: Document) -> dict[object, set[str]]:
    """Per table, the columns volatile in more than half of the rows that fill them."""
    filled: dict[tuple[object, str], int] = {}
    moving: dict[tuple[object, str], int] = {}
    for s in doc.sections:
        if s.record is None or s.headerless:
            continue
        table = _table(s)
        for key, value in s.record.items():
            if value:
                filled[table, key] = filled.get((table, key), 0) + 1
        for key in s.volatile:
            moving[table, key] = moving.get((table, key), 0) + 1
    out: dict[object, set[str]] = {}
    for (table, key), n in moving.items():
        if 2 * n > filled.get((table, key), 0):
            out.setdefault(table, set()).add(key)
    return out


def _table(section: Section) -> object:
    p = section.provenance
    return (p.sheet, p.table) if p.table is not None else (p.sheet, p.row)
