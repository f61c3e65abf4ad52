"""Excel files: every sheet, detected header rows, records, cached formula values, formats."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from datasetkit.knowledge import Provenance, load_file
from datasetkit.knowledge.excel.reader import format_value
from tests.helpers.knowledge_fixtures import (
    make_encrypted_office,
    make_price_xlsx,
    make_zip_bomb,
    rewrite_member,
)


@pytest.fixture()
def prices(tmp_path: Path) -> Path:
    return make_price_xlsx(tmp_path / "prices.xlsx")


def test_every_sheet_header_detected_records_and_cached_formulas(prices: Path) -> None:
    doc = load_file(prices, display="prices.xlsx")
    got = [(s.kind, s.text, s.provenance, s.record) for s in doc.sections]
    # The title above the table is its heading; the table's rows carry it in their path.
    title = ("Contoso price list 2026",)
    assert got == [
        (
            "heading",
            "Contoso price list 2026",
            Provenance("prices.xlsx", heading_path=title, sheet="Plans", row=1, cells="A1"),
            None,
        ),
        (
            "table_row",
            "Plan: Basic; Monthly price: $9.90; Seats: 1; Annual price: $118.80",
            Provenance(
                "prices.xlsx", heading_path=title, sheet="Plans", row=4, table=1, cells="A4:D4"
            ),
            {"Plan": "Basic", "Monthly price": "$9.90", "Seats": "1", "Annual price": "$118.80"},
        ),
        (
            "table_row",
            "Plan: Team; Monthly price: $49.00; Seats: 10; Annual price: $588.00",
            Provenance(
                "prices.xlsx", heading_path=title, sheet="Plans", row=5, table=1, cells="A5:D5"
            ),
            {"Plan": "Team", "Monthly price": "$49.00", "Seats": "10", "Annual price": "$588.00"},
        ),
        (
            "table_row",
            "Plan: Enterprise; Monthly price: $199.50; Seats: 100",
            Provenance(
                "prices.xlsx", heading_path=title, sheet="Plans", row=6, table=1, cells="A6:D6"
            ),
            {"Plan": "Enterprise", "Monthly price": "$199.50", "Seats": "100", "Annual price": ""},
        ),
        (
            "table_row",
            "Code: SPRING; Discount: 15%; Valid until: 2026-05-31",
            Provenance("prices.xlsx", sheet="Discounts", row=2, table=2, cells="A2:C2"),
            {"Code": "SPRING", "Discount": "15%", "Valid until": "2026-05-31"},
        ),
        (
            "table_row",
            "Code: LOYAL; Discount: 10%; Valid until: 2026-12-31",
            Provenance("prices.xlsx", sheet="Discounts", row=3, table=2, cells="A3:C3"),
            {"Code": "LOYAL", "Discount": "10%", "Valid until": "2026-12-31"},
        ),
    ]
    # The uncomputed formula is named by sheet and cell; the empty sheet is mentioned.
    assert [(p.code, p.severity) for p in doc.problems] == [
        ("knowledge.formula_no_value", "warning"),
        ("knowledge.empty", "info"),
    ]
    assert "sheet Plans" in doc.problems[0].message and "D6" in doc.problems[0].message
    assert "sheet Empty" in doc.problems[1].message


def test_number_formats_follow_excel() -> None:
    assert format_value(19.9, '"$"#,##0.00') == "$19.90"
    assert format_value(1234.5, "#,##0.00 [$€-407]") == "1,234.50 €"
    assert format_value(0.155, "0.0%") == "15.5%"
    assert format_value(0.1 + 0.2) == "0.3"
    # The second section is for negative numbers: parentheses, no minus sign.
    assert format_value(-5, "$#,##0.00_);($#,##0.00)") == "($5.00)"
    assert format_value(True) == "TRUE"
    assert format_value(1234567, "#,##0") == "1,234,567"


def test_header_without_title_and_a_sheet_without_text_header(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Numbers"
    ws.append([1, 2, 3])
    ws.append([4, 5, 6])
    path = tmp_path / "numbers.xlsx"
    wb.save(str(path))
    doc = load_file(path, display="numbers.xlsx")
    assert [s.record for s in doc.sections] == [
        {"Column A": "1", "Column B": "2", "Column C": "3"},
        {"Column A": "4", "Column B": "5", "Column C": "6"},
    ]
    assert [s.provenance.row for s in doc.sections] == [1, 2]


def test_a_bogus_huge_dimension_costs_nothing(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Key", "Value"])
    ws.append(["a", "b"])
    path = tmp_path / "wide.xlsx"
    wb.save(str(path))
    rewrite_member(
        path,
        "xl/worksheets/sheet1.xml",
        lambda xml: xml.replace('<dimension ref="A1:B2"/>', '<dimension ref="A1:XFD1048576"/>'),
    )
    start = time.monotonic()
    doc = load_file(path, display="wide.xlsx")
    assert time.monotonic() - start < 2
    assert [s.record for s in doc.sections] == [{"Key": "a", "Value": "b"}]


def test_password_protected_and_bomb_xlsx_are_refused(tmp_path: Path, prices: Path) -> None:
    locked = make_encrypted_office(tmp_path / "locked.xlsx")
    assert [p.code for p in load_file(locked).problems] == ["knowledge.encrypted"]
    bomb = make_zip_bomb(prices, tmp_path / "bomb.xlsx", "xl/worksheets/sheet2.xml", megabytes=300)
    start = time.monotonic()
    problems = load_file(bomb).problems
    assert time.monotonic() - start < 2
    assert [p.code for p in problems] == ["knowledge.zip_bomb"]


def test_entity_declarations_in_a_sheet_are_refused(tmp_path: Path, prices: Path) -> None:
    rewrite_member(
        prices,
        "xl/worksheets/sheet2.xml",
        lambda xml: '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>' + xml,
    )
    doc = load_file(prices, display="prices.xlsx")
    assert [p.code for p in doc.problems] == ["knowledge.xml_entities"]
    assert "xl/worksheets/sheet2.xml" in doc.problems[0].message


def test_empty_workbook_is_an_error(tmp_path: Path) -> None:
    import openpyxl

    path = tmp_path / "empty.xlsx"
    openpyxl.Workbook().save(str(path))
    doc = load_file(path, display="empty.xlsx")
    assert ("knowledge.empty", "error") in [(p.code, p.severity) for p in doc.problems]


def _add_member(path: Path, name: str, data: bytes) -> None:
    import zipfile

    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(name, data)


def test_a_large_utf16_part_is_read_not_refused(tmp_path: Path, prices: Path) -> None:
    # Office writes the data model's custom XML in UTF-16, CDATA and all; read as bytes
    # it has no visible root element, which once refused the whole workbook.
    body = "<![CDATA[" + "<Diagram/>" * 8000 + "]]>"
    xml = f'<?xml version="1.0" encoding="UTF-16"?><Gemini xmlns="g">{body}</Gemini>'
    _add_member(prices, "customXml/item1.xml", b"\xff\xfe" + xml.encode("utf-16-le"))
    doc = load_file(prices, display="prices.xlsx")
    assert [p.code for p in doc.problems if p.severity == "error"] == []
    assert doc.sections


def test_entity_declarations_in_a_utf16_part_are_refused(tmp_path: Path, prices: Path) -> None:
    xml = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE x [<!ENTITY a "aa">]><x>&a;</x>'
    _add_member(prices, "customXml/item1.xml", xml.encode("utf-16-le"))
    doc = load_file(prices, display="prices.xlsx")
    assert [p.code for p in doc.problems] == ["knowledge.xml_entities"]
