"""A pivot table in outline form: its row-label columns named by its fields (from its
definition), the caption row over its values dropped, outline labels carried down."""

from __future__ import annotations

import zipfile
from pathlib import Path

from datasetkit.knowledge import load_file

_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_RELS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"'


def make_outline_pivot(path: Path, compact: bool = False, column_field: bool = False) -> Path:
    """Sales by region and store, two value fields, as Excel lays out an outline pivot."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append([None, None, "Data"])
    ws.append(["Row Labels", None, "Sum of Sales", "Sum of Units"])
    rows = [
        ("North", None, 700, 70),
        (None, "Harbour Street", 400, 40),
        (None, "Mill Lane", 300, 30),
        ("South", None, 550, 50),
        (None, "Station Road", 550, 50),
        ("Grand Total", None, 1250, 120),
    ]
    for row in rows:
        ws.append(list(row))
    wb.save(str(path))
    flag = "" if compact else ' compact="0"'
    pivot = (
        f'<pivotTableDefinition {_NS} name="P1" cacheId="1" dataCaption="Data">'
        '<location ref="A1:D8" firstHeaderRow="1" firstDataRow="2" firstDataCol="2"/>'
        f'<pivotFields count="4"><pivotField axis="axisRow"{flag}/><pivotField axis="axisRow"'
        f'{flag}/><pivotField dataField="1"/><pivotField dataField="1"/></pivotFields>'
        '<rowFields count="2"><field x="0"/><field x="1"/></rowFields>'
        f'<colFields count="1"><field x="{1 if column_field else -2}"/></colFields>'
        "</pivotTableDefinition>"
    )
    cache = (
        f'<pivotCacheDefinition {_NS}><cacheFields count="4"><cacheField name="Region"/>'
        '<cacheField name="Store"/><cacheField name="Sales"/><cacheField name="Units"/>'
        "</cacheFields></pivotCacheDefinition>"
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
            "xl/worksheets/_rels/sheet1.xml.rels",
            f'<Relationships {_RELS}><Relationship Id="rId1" Type="{_REL}/pivotTable"'
            ' Target="../pivotTables/pivotTable1.xml"/></Relationships>',
        )
    return path


def test_outline_pivot_rows_are_named_by_their_fields(tmp_path: Path) -> None:
    doc = load_file(make_outline_pivot(tmp_path / "pivot.xlsx"), display="pivot.xlsx")
    records = [s.record for s in doc.sections if s.kind == "table_row"]
    assert records == [
        {"Region": "North", "Store": "", "Sum of Sales": "700", "Sum of Units": "70"},
        {"Region": "North", "Store": "Harbour Street", "Sum of Sales": "400", "Sum of Units": "40"},
        {"Region": "North", "Store": "Mill Lane", "Sum of Sales": "300", "Sum of Units": "30"},
        {"Region": "South", "Store": "", "Sum of Sales": "550", "Sum of Units": "50"},
        {"Region": "South", "Store": "Station Road", "Sum of Sales": "550", "Sum of Units": "50"},
        {"Region": "Grand Total", "Store": "", "Sum of Sales": "1250", "Sum of Units": "120"},
    ]
    assert not any(s.kind == "heading" and s.text == "Data" for s in doc.sections)


def test_compact_pivot_and_cross_tab_keep_their_row_labels_corner(tmp_path: Path) -> None:
    for i, shape in enumerate(({"compact": True}, {"column_field": True})):
        path = make_outline_pivot(tmp_path / f"pivot{i}.xlsx", **shape)
        doc = load_file(path, display="pivot.xlsx")
        headers = {k for s in doc.sections if s.record for k in s.record}
        assert "Region" not in headers and "Store" not in headers, shape
