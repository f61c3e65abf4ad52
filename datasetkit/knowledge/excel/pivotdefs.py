"""A pivot table's definition read whole: what it groups by and what it summarises.

The cells of a pivot table say little of it: "Row Labels" over the row field's values,
"Column Labels" over the column field's, and a caption over the figures that an author
may have renamed ("Total" for a sum of sales). Excel saves with every pivot table its
definition (where it sits, its row and column fields, each value field with the
function that summarises it) and a cache (the names of the source fields, and the
sheet, table or range they come from). Read here into :class:`PivotTable`, so a
question can say a figure as a user says it ("the number of orders", "the average
price") and know which figures add up and which do not.
"""

from __future__ import annotations

import zipfile
from xml.etree.ElementTree import iterparse

from datasetkit.knowledge.excel.package import merge_range
from datasetkit.knowledge.excel.pivotparts import part_rels
from datasetkit.knowledge.model import PivotTable, PivotValue

_PIVOT = "/pivotTable"
_CACHE = "/pivotCacheDefinition"
# The pseudo-field that stands for the value fields among the row or column fields.
_VALUES_FIELD = -2


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def pivot_tables(zf: zipfile.ZipFile, sheet_part: str, sheet: str) -> list[PivotTable]:
    """The pivot tables of one sheet, as their definitions describe them (none when the
    sheet holds none: a look at its relationships only)."""
    names = set(zf.namelist())
    out: list[PivotTable] = []
    for kind, target in part_rels(zf, sheet_part, names):
        if not kind.endswith(_PIVOT) or target not in names:
            continue
        caches = [t for k, t in part_rels(zf, target, names) if k.endswith(_CACHE) and t in names]
        fields, source = _cache(zf, caches[0]) if caches else ([], None)
        table = _definition(zf, target, sheet, fields, source)
        if table is not None:
            out.append(table)
    return out


def _cache(zf: zipfile.ZipFile, part: str) -> tuple[list[str], str | None]:
    """The cache's source field names, and the sheet, table or named range it reads."""
    fields: list[str] = []
    source: str | None = None
    with zf.open(part) as fh:
        for _, elem in iterparse(fh, events=("start",)):
            tag = _local(elem.tag)
            if tag == "cacheField":
                fields.append(elem.get("name") or "")
            elif tag == "worksheetSource":
                source = elem.get("name") or elem.get("sheet") or None
    return fields, source


def _definition(
    zf: zipfile.ZipFile, part: str, sheet: str, fields: list[str], source: str | None
) -> PivotTable | None:
    where = ""
    rows: list[int] = []
    columns: list[int] = []
    values: list[PivotValue] = []
    into: list[int] | None = None
    with zf.open(part) as fh:
        for event, elem in iterparse(fh, events=("start", "end")):
            tag = _local(elem.tag)
            if event == "end":
                if tag in ("rowFields", "colFields"):
                    into = None
                continue
            if tag == "location":
                where = elem.get("ref") or ""
            elif tag in ("rowFields", "colFields"):
                into = rows if tag == "rowFields" else columns
            elif tag == "field" and into is not None:
                into.append(int(elem.get("x") or "0"))
            elif tag == "dataField":
                at = int(elem.get("fld") or "-1")
                field = fields[at] if 0 <= at < len(fields) else ""
                how = elem.get("subtotal") or "sum"  # the schema's default
                shown = elem.get("showDataAs") or "normal"
                if shown != "normal":
                    how = f"{how} shown as {shown}"  # a share or a difference of the figures
                values.append(PivotValue((elem.get("name") or "").strip(), how, field))
    box = merge_range(where)
    if box is None:
        return None
    top, left, bottom, right = box

    def named(xs: list[int]) -> tuple[str, ...]:
        return tuple(fields[x] for x in xs if x != _VALUES_FIELD and 0 <= x < len(fields))

    return PivotTable(
        sheet, top, bottom, left, right, named(rows), named(columns), tuple(values), source
    )
