"""A pivot table's own definition, read to give its rows the names of its fields.

Excel saves with every pivot table a definition part (where it sits on the sheet, which
fields are its rows, columns and values) and a cache part (the names of the source
fields). Its cells alone do not name the row fields: the header row says "Row Labels"
over the first field and nothing over the others, and in outline or tabular form each
row field has its own column, filled only on the row where its value changes. With the
definition, a pivot of two or more row fields in their own columns and no column
field has its header name every row-label column by its field ("Country",
"Customer"), the caption row above its values ("Data", "Values") dropped, and each row carries the labels of the rows it sits under, so a row reads
whole ("Country: France; Customer: Bon app'; Sum of Freight: 203.73"). A pivot in
compact form (every row field in one indented column), one of a single row field, or a
cross-tab keeps its "Row Labels" corner, which ``pivot`` reads from the cells.
"""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass
from xml.etree.ElementTree import iterparse

from datasetkit.knowledge.excel.package import Cell, SheetData, merge_range
from datasetkit.knowledge.tableheader import GRAND_TOTAL

_PIVOT = "/pivotTable"
_CACHE = "/pivotCacheDefinition"


@dataclass
class Pivot:
    """Where a pivot table sits and the names of its row-label columns."""

    top: int
    left: int
    bottom: int
    header_row: int
    label_names: list[str]  # one per row-label column, left to right
    caption_rows: list[int]  # rows above the header that only caption the values


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def part_rels(zf: zipfile.ZipFile, part: str, names: set[str]) -> list[tuple[str, str]]:
    """(relationship type, target part) of every internal relationship of a part."""
    folder, base = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", base + ".rels")
    if rels not in names:
        return []
    out = []
    with zf.open(rels) as fh:
        for _, elem in iterparse(fh):
            if _local(elem.tag) == "Relationship" and elem.get("TargetMode") != "External":
                target = posixpath.normpath(posixpath.join(folder, elem.get("Target") or ""))
                out.append((elem.get("Type") or "", target.lstrip("/")))
    return out


def read_pivots(zf: zipfile.ZipFile, sheet_part: str) -> list[Pivot]:
    """The pivot tables a sheet holds, with their row fields named (none when the sheet
    has no pivot table: a look at its relationships only)."""
    names = set(zf.namelist())
    out: list[Pivot] = []
    for kind, target in part_rels(zf, sheet_part, names):
        if kind.endswith(_PIVOT) and target in names:
            caches = [
                t for k, t in part_rels(zf, target, names) if k.endswith(_CACHE) and t in names
            ]
            fields = _cache_fields(zf, caches[0]) if caches else []
            pivot = _pivot(zf, target, fields)
            if pivot is not None:
                out.append(pivot)
    return out


def _cache_fields(zf: zipfile.ZipFile, part: str) -> list[str]:
    with zf.open(part) as fh:
        return [
            elem.get("name") or ""
            for _, elem in iterparse(fh, events=("start",))
            if _local(elem.tag) == "cacheField"
        ]


def _pivot(zf: zipfile.ZipFile, part: str, fields: list[str]) -> Pivot | None:
    where: dict[str, str] = {}
    rows: list[int] = []
    columns: list[int] = []
    compact: list[bool] = []
    into: list[int] | None = None
    with zf.open(part) as fh:
        events = list(iterparse(fh, events=("start", "end")))
    for event, elem in events:
        tag = _local(elem.tag)
        if event == "start":
            if tag == "location":
                where = dict(elem.attrib)
            elif tag == "pivotField":
                compact.append(elem.get("compact") not in ("0", "false"))
            elif tag in ("rowFields", "colFields"):
                into = rows if tag == "rowFields" else columns
            elif tag == "field" and into is not None:
                into.append(int(elem.get("x") or "0"))
        elif tag in ("rowFields", "colFields"):
            into = None
    box = merge_range(where.get("ref") or "")
    labels = [x for x in rows if x >= 0]
    if box is None or not labels or not all(0 <= x < len(fields) for x in labels):
        return None
    top, left, bottom, _ = box
    header = top + int(where.get("firstHeaderRow") or "0")
    if int(where.get("firstDataCol") or "0") != len(labels) or any(
        x < len(compact) and compact[x] for x in labels[:-1]
    ):
        return None  # compact form: the row fields share one column
    if len(labels) < 2 or any(x >= 0 for x in columns):
        # One row field, or a cross-tab with column fields: its "Row Labels" corner is
        # read by ``pivot.pivot_rows`` from the cells alone.
        return None
    # The rows above the header only caption the values ("Data").
    return Pivot(top, left, bottom, header, [fields[x] for x in labels], list(range(top, header)))


def apply_pivots(data: SheetData, pivots: list[Pivot]) -> None:
    """Name the row-label columns of each pivot table and carry its outline labels down."""
    for p in pivots:
        for r in p.caption_rows:
            data.rows.pop(r, None)
        width = len(p.label_names)
        cols = range(p.left, p.left + width)
        head = [c for c in data.rows.get(p.header_row, []) if c.col not in cols]
        names = [Cell(col, name, True) for col, name in zip(cols, p.label_names, strict=True)]
        data.rows[p.header_row] = names + head
        carried: dict[int, Cell] = {}
        for r in range(p.header_row + 1, p.bottom + 1):
            cells = data.rows.get(r)
            if not cells:
                continue
            own = [c for c in cells if c.col in cols]
            if not own or GRAND_TOTAL.match(own[0].text.strip()):
                continue
            first = own[0].col
            carried = {c: v for c, v in carried.items() if c < first}
            carried.update({c.col: c for c in own})
            above = [carried[c] for c in sorted(carried) if c < first]
            data.rows[r] = above + cells
