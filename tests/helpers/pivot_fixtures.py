"""A workbook with a source sheet and a compact pivot table over it, written as Excel
writes one: the pivot's cells, its definition and its cache (openpyxl keeps neither
part of a pivot it did not load, so they are added to the saved file)."""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from pathlib import Path

_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_RELS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"'

ORDERS = [
    ("Region", "Product", "Sales", "Unit Price", "Quantity"),
    ("North", "Kettle", 120, 40, 3),
    ("North", "Toaster", 150, 50, 3),
    ("North", "Kettle", 80, 40, 2),
    ("South", "Kettle", 200, 40, 5),
    ("South", "Blender", 90, 90, 1),
    ("West", "Toaster", 100, 50, 2),
    ("West", "Blender", 180, 90, 2),
    ("West", "Kettle", 40, 40, 1),
]


def pivot_book(
    path: Path,
    source: str,
    data: Sequence[Sequence[object]],
    row_field: int,
    values: Sequence[tuple[str, int, str]],
    extra: str = "",
    grid: Sequence[Sequence[object]] = (),
    column_field: int = -2,
) -> Path:
    """``data`` (header first) on a sheet ``source``, and on a second sheet a compact
    pivot of it by the field ``row_field``: one column per value field ``(caption,
    field, subtotal)``; ``extra`` adds attributes to every dataField (``showDataAs``).
    A cross-tab by ``column_field`` gives its cells as ``grid`` (from row 3)."""
    import openpyxl

    header, body = list(data[0]), [list(r) for r in data[1:]]
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = source
    for row in data:
        ws.append(list(row))
    pv = wb.create_sheet("Summary")
    pv.append([])
    pv.append([])
    pv.append(["Row Labels", *(c for c, _, _ in values)])
    groups = list(dict.fromkeys(r[row_field] for r in body))

    def figure(rows: list[list[object]], field: int, how: str) -> object:
        got = [r[field] for r in rows]
        if how == "count":
            return len(got)
        if how == "average":
            return round(sum(got) / len(got), 2)  # type: ignore[arg-type]
        return sum(got)  # type: ignore[arg-type]

    for g in [*groups, "Grand Total"] if not grid else []:
        rows = body if g == "Grand Total" else [r for r in body if r[row_field] == g]
        pv.append([g, *(figure(rows, f, h) for _, f, h in values)])
    if grid:
        pv.delete_rows(1, pv.max_row)
        for r, line in enumerate(grid, start=3):
            for c, value in enumerate(line, start=1):
                pv.cell(r, c, value)
    wb.save(str(path))
    bottom = 2 + len(grid) if grid else 3 + len(groups) + 1
    last = chr(ord("A") + (max(len(g) for g in grid) - 1 if grid else len(values)))
    fields = "".join(
        '<pivotField axis="axisRow"/>' if i == row_field else "<pivotField/>"
        for i in range(len(header))
    )
    data_fields = "".join(
        f'<dataField name="{c}" fld="{f}" subtotal="{h}"{extra}/>' for c, f, h in values
    )
    pivot = (
        f'<pivotTableDefinition {_NS} name="P1" cacheId="1" dataCaption="Values">'
        f'<location ref="A3:{last}{bottom}" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/>'
        f'<pivotFields count="{len(header)}">{fields}</pivotFields>'
        f'<rowFields count="1"><field x="{row_field}"/></rowFields>'
        f'<colFields count="1"><field x="{column_field}"/></colFields>'
        f'<dataFields count="{len(values)}">{data_fields}</dataFields>'
        "</pivotTableDefinition>"
    )
    names = "".join(f'<cacheField name="{h}"/>' for h in header)
    cache = (
        f'<pivotCacheDefinition {_NS}><cacheSource type="worksheet">'
        f'<worksheetSource ref="A1:E{len(data)}" sheet="{source}"/></cacheSource>'
        f'<cacheFields count="{len(header)}">{names}</cacheFields></pivotCacheDefinition>'
    )
    with zipfile.ZipFile(path, "a") as zf:
        zf.writestr("xl/pivotTables/pivotTable1.xml", pivot)
        zf.writestr("xl/pivotCache/pivotCacheDefinition1.xml", cache)
        zf.writestr(
            "xl/pivotTables/_rels/pivotTable1.xml.rels",
            f'<Relationships {_RELS}><Relationship Id="rId1" Type="{_REL}/pivotCacheDefinition"'
            ' Target="../pivotCache/pivotCacheDefinition1.xml"/></Relationships>',
        )
        zf.writestr(
            "xl/worksheets/_rels/sheet2.xml.rels",
            f'<Relationships {_RELS}><Relationship Id="rId1" Type="{_REL}/pivotTable"'
            ' Target="../pivotTables/pivotTable1.xml"/></Relationships>',
        )
    return path
