"""An outline table asked one level at a time.

A pivot table in outline or tabular form nests its row fields: each row carries the
labels of the rows above it (Region, then Country under it, then City) and a figure for
its own level, the total of everything under it. Read as one table, no column names a
row (a region's row has no city, a city repeats its region), so nothing is asked. Here
such a table becomes, for the generators, one table per level: the level's field and the
figures, one row per row of that level. A level whose labels repeat (a country under two
regions) names no row and its table is not asked; one whose labels are unique (each
customer under one address) is asked as the totals of each label ("the total freight
for <customer>"). The grand total row stays with the first level.
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Document, Section
from datasetkit.knowledge.tableheader import GRAND_TOTAL, PIVOT_VALUE_FIELD, is_number

# A field that identifies (an order's ID, a product code) or is a rate per unit (a unit
# price, a discount, a percentage): its sum or average over rows is no figure anyone asks.
_NO_SUM = re.compile(
    r"(?i)(?:^|[\s_])(?:id|no|nr|number|code|key)$|(?<=[a-z])(?:ID|Id|No|Code|Key)$|"
    r"\b(?:unit\s*price|price\s*per|rate|ratio|discount|percent(?:age)?|share)\b|"
    r"(?<=[a-z])(?:Rate|Ratio|Discount|Percent)$|(?i:unit)Price$"
)
# How an English pivot names a figure, as a person says it.
_SAID = {"sum": "Total {}", "count": "Number of {}", "average": "Average {}"}
# A level whose labels identify rather than name: codes, postal codes, bare numbers.
_CODE_LEVEL = re.compile(
    r"(?i)(?:^|[\s_])(?:id|code|no|number|zip|postcode)$|(?<=[a-z])(?:ID|Id|Code)$"
)


def by_level(doc: Document) -> Document:
    """The document with each outline table split into one table per level."""
    tables: dict[int, list[Section]] = {}
    for s in doc.sections:
        if s.kind == "table_row" and s.provenance.table is not None and not s.headerless:
            tables.setdefault(s.provenance.table, []).append(s)
    levels = {n: depth for n, rows in tables.items() if (depth := _label_depth(rows)) >= 2}
    if not levels:
        return doc
    last = max(s.provenance.table or 0 for s in doc.sections)
    split: dict[int, list[Section]] = {}
    for n, depth in levels.items():
        split[n] = _split(tables[n], depth, last)
        last += depth
    sections: list[Section] = []
    for s in doc.sections:
        table = s.provenance.table
        if table in split and s.kind == "table_row" and not s.headerless:
            if s is tables[table][0]:
                sections.extend(split[table])
            continue
        sections.append(s)
    return replace(doc, sections=sections)


def _depth(record: dict[str, str], keys: list[str]) -> int:
    """How many leading label columns the row fills (0 when they are no prefix)."""
    filled = [bool(record.get(k, "").strip()) for k in keys]
    n = filled.index(False) if False in filled else len(filled)
    return n if not any(filled[n:]) else 0


def _label_depth(rows: list[Section]) -> int:
    """The number of nested label columns of an outline table, 0 for any other table:
    leading text columns filled as a prefix of varying length on every row, the rest
    figures on every row."""
    keys = list(rows[0].record or {})
    figures = [
        k
        for k in keys
        if all(is_number(v) for r in rows if (v := (r.record or {}).get(k, "").strip()))
        and any((r.record or {}).get(k, "").strip() for r in rows)
    ]
    labels = keys[: keys.index(figures[0])] if figures else []
    if len(labels) < 2 or len(rows) < 4 or keys[len(labels) :] != figures:
        return 0
    depths = []
    for r in rows:
        record = r.record or {}
        if GRAND_TOTAL.match(record.get(labels[0], "").strip()):
            continue
        depth = _depth(record, labels)
        if depth == 0 or not all(record.get(k, "").strip() for k in figures):
            return 0
        depths.append(depth)
    return len(labels) if len(set(depths)) >= 2 else 0


def said_figure(header: str) -> str | None:
    """A pivot's value field as a person says it ("Sum of Freight" -> "Total Freight");
    None for a sum or average of identifiers or rates; other headers unchanged."""
    m = PIVOT_VALUE_FIELD.match(header.strip())
    if m is None:
        return header
    field = " ".join(re.sub(r"(?<=[a-z])(?=[A-Z][a-z])", " ", m["field"]).replace("_", " ").split())
    how = m["how"].casefold()
    if how != "count" and _NO_SUM.search(m["field"].strip()):
        return None
    said = _SAID.get(how)
    return said.format(field.lower() if field.isascii() else field) if said else header


def _split(rows: list[Section], depth: int, last: int) -> list[Section]:
    keys = list(rows[0].record or {})
    labels = keys[:depth]
    figures = {f: said for f in keys[depth:] if (said := said_figure(f)) is not None}
    out: list[list[Section]] = [[] for _ in labels]
    for r in rows:
        record = r.record or {}
        total = GRAND_TOTAL.match(record.get(labels[0], "").strip())
        level = 1 if total else _depth(record, labels)
        key = labels[level - 1]
        if _CODE_LEVEL.search(key) or not figures:
            continue  # "the total freight for LAMAI": a code names no row for a person
        mine = {
            key: record.get(key, ""),
            **{said: record.get(f, "") for f, said in figures.items()},
        }
        prov = replace(r.provenance, table=last + level)
        out[level - 1].append(replace(r, text=record_text(mine), record=mine, provenance=prov))
    return [s for level in out for s in level]
