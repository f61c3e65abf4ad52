"""Sheets laid out as forms (an invoice, a quote, a timesheet): fields read as labels
and their values, the line items as one table whose header runs over blank columns."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font

from datasetkit.knowledge import Document, load_file


def _tables(doc: Document) -> dict[int, list[dict[str, str]]]:
    out: dict[int, list[dict[str, str]]] = {}
    for s in doc.sections:
        if s.kind == "table_row" and s.record is not None and not s.headerless:
            out.setdefault(s.provenance.table or 0, []).append(s.record)
    return out


def _pairs(doc: Document) -> list[str]:
    return [s.text for s in doc.sections if s.kind == "table_row" and s.headerless]


def _quote(path: Path) -> Path:
    """A quote: its number and date beside the sender (plain labels, values in bold),
    line items whose description runs over two empty columns, totals under the amounts,
    and payment details in bold labels with their values one column apart."""
    wb = Workbook()
    ws = wb.active
    ws["B2"] = "Northwind Traders"
    ws["B2"].font = Font(bold=True, size=20)
    ws["B3"], ws["B4"] = "12 Harbour Road", "Bristol"
    for r, (label, value) in enumerate([("Quote No.", "Q-7781"), ("Date", "4 May 2026")], 3):
        ws.cell(r, 7, label)
        ws.cell(r, 8, value).font = Font(bold=True)
    for col, name in zip("BCFGH", ["#", "Description", "Qty", "Unit Price", "Amount"], strict=True):
        ws[f"{col}7"] = name
        ws[f"{col}7"].font = Font(bold=True)
    lines = [("Oak desk with two drawers", 2, 300), ("Office chair, mesh back", 4, 120)]
    for k, (item, qty, price) in enumerate(lines, start=1):
        ws.append([None, k, item, None, None, qty, price, qty * price])
    ws["B12"], ws["H12"] = "Subtotal", 1080
    ws["B13"], ws["H13"] = "Tax", 216
    ws["B15"] = "Payment details"
    ws["B15"].font = Font(bold=True)
    for r, (label, value) in enumerate([("Bank", "Lotus Bank"), ("IBAN", "DE00 1234")], 16):
        ws.cell(r, 2, label).font = Font(bold=True)
        ws.cell(r, 4, value)
    wb.save(path)
    return path


def test_a_header_over_blank_columns_is_one_table(tmp_path: Path) -> None:
    tables = _tables(load_file(_quote(tmp_path / "quote.xlsx")))
    items = next(rows for rows in tables.values() if "Description" in rows[0])
    assert list(items[0]) == ["#", "Description", "Qty", "Unit Price", "Amount"]
    assert items[0]["Description"] == "Oak desk with two drawers"
    assert items[1]["Amount"] == "480"


def test_fields_of_a_form_are_labels_and_values(tmp_path: Path) -> None:
    doc = load_file(_quote(tmp_path / "quote.xlsx"))
    pairs = _pairs(doc)
    # Plain labels beside values in bold: no header "Quote No. | Q-7781".
    assert "Quote No.: Q-7781" in pairs
    assert "Date: 4 May 2026" in pairs
    # A label in bold and its text value with a blank column between them.
    assert "Bank: Lotus Bank" in pairs
    assert "IBAN: DE00 1234" in pairs
    assert "Payment details" in [s.text for s in doc.sections if s.kind == "heading"]


def test_colon_labels_beside_other_cells_are_read_as_pairs(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    rows = [
        ("Acme Repairs", "Date:", "3 March 2026"),
        ("1 Mill Lane", "Invoice #:", "1042"),
        ("Leeds", "For:", "Boiler service"),
        (None, "Bill To:", "Dana Reyes"),
    ]
    for r, cells in enumerate(rows, start=1):
        for c, value in enumerate(cells, start=1):
            if value is not None:
                ws.cell(r, c, value)
    wb.save(tmp_path / "form.xlsx")
    doc = load_file(tmp_path / "form.xlsx")
    texts = [s.text for s in doc.sections]
    assert "Invoice #: 1042" in texts
    assert "Bill To: Dana Reyes" in texts
    assert "Acme Repairs" in texts
    assert _tables(doc) == {}


def test_labels_merged_down_over_sub_labels_and_units_make_one_header(tmp_path: Path) -> None:
    """An export's header: labels merged down over the header's rows beside a group
    label merged over two sub-labels, and a unit under one column."""
    wb = Workbook()
    ws = wb.active
    ws["A1"], ws["B1"], ws["C1"] = "Site", "Water use", "Change in water use"
    ws["C4"], ws["D4"], ws["B5"] = "since last year", "since 2010 (%)", "(m3)"
    for box in ("A1:A5", "B1:B4", "C1:D3", "C4:C5", "D4:D5"):
        ws.merge_cells(box)
    ws.append(["North", 1200, "4%", "-12%"])
    ws.append(["South", 950, "-2%", "-20%"])
    wb.save(tmp_path / "export.xlsx")
    rows = _tables(load_file(tmp_path / "export.xlsx"))[1]
    assert list(rows[0]) == [
        "Site",
        "Water use (m3)",
        "Change in water use since last year",
        "Change in water use since 2010 (%)",
    ]
    assert len(rows) == 2


def test_a_title_under_a_table_heads_the_block_after_it(tmp_path: Path) -> None:
    """A line in bold right under a table's last record, with no value beside it, is no
    record: it labels the block below (after a blank row), which does not carry the
    table on."""
    wb = Workbook()
    ws = wb.active
    ws.append(["Supplier", "Contract", "Base Price", "Volume"])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.append(["Northgas", "Fixed to March", 2.09, 15000])
    ws.append(["Westline", "Index plus margin", 1.96, 56100])
    ws.append(["Eastpipe", "Spot", 2.12, 8000])
    ws["A5"] = "REGIONAL"
    ws["A5"].font = Font(bold=True)
    ws["A7"], ws["B7"], ws["C7"] = "Valley Gas", "Base price", 2.1
    ws["B8"], ws["C8"] = "Gross receipts tax", 0.025
    wb.save(tmp_path / "fuel.xlsx")
    doc = load_file(tmp_path / "fuel.xlsx")
    tables = _tables(doc)
    first = tables[min(tables)]
    assert [r["Supplier"] for r in first] == ["Northgas", "Westline", "Eastpipe"]
    assert "REGIONAL" in [s.text for s in doc.sections if s.kind in ("heading", "paragraph")]
    below = [s for s in doc.sections if s.kind == "table_row" and "0.025" in s.text]
    assert below and below[0].provenance.table != min(tables)
