"""Workbooks that are forms (an invoice) and listings whose cells repeat: fields asked of
the record its number names, its totals asked, and one case per answer of a table."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.styles import Font

from tests.helpers.knowledge_fixtures import generate_offline


def _pairs(tmp_path: Path, f: Path, count: int = 40) -> dict[str, str]:
    outcome = generate_offline(tmp_path, f, count)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def _invoice(path: Path) -> Path:
    """An invoice: its title, number and dates beside the sender, line items under a
    header that runs over blank columns, totals under the amounts, payment details."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws["B2"], ws["H2"] = "Harbour Supplies Ltd", "INVOICE"
    for cell in ("B2", "H2"):
        ws[cell].font = Font(bold=True, size=22)
    ws["B3"], ws["B4"] = "4 Quay Street", "Portsmouth"
    fields = [("Invoice No.", "HS-2291"), ("Due Date", "14 June 2026"), ("Terms", "Net 30")]
    for r, (label, value) in enumerate(fields, start=3):
        ws.cell(r, 7, label)
        ws.cell(r, 8, value).font = Font(bold=True)
    for col, name in zip("BCFGH", ["#", "Description", "Qty", "Unit Price", "Amount"], strict=True):
        ws[f"{col}8"] = name
        ws[f"{col}8"].font = Font(bold=True)
    items = [("Rope, braided nylon", 10, 12.5), ("Deck cleats", 8, 9.75), ("Marine varnish", 3, 31)]
    for k, (item, qty, price) in enumerate(items, start=1):
        r = 8 + k
        ws[f"B{r}"], ws[f"C{r}"], ws[f"F{r}"], ws[f"G{r}"] = k, item, qty, price
        ws[f"H{r}"] = qty * price
        for col in "GH":
            ws[f"{col}{r}"].number_format = '"$"#,##0.00'
    for r, (label, value) in enumerate([("Subtotal", 296.0), ("Total due", 355.2)], start=13):
        ws[f"B{r}"], ws[f"H{r}"] = label, value
        ws[f"H{r}"].number_format = '"$"#,##0.00'
    wb.save(path)
    return path


def test_an_invoice_is_asked_by_its_number_with_its_total(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, _invoice(tmp_path / "invoice.xlsx"))
    record = "the Harbour Supplies Ltd invoice HS-2291"
    assert pairs.get(f"How much is the total due on {record}?") == "$355.20", pairs
    assert pairs.get(f"What is the due date on {record}?") == "14 June 2026", pairs
    assert pairs.get(f"What are the terms on {record}?") == "Net 30", pairs
    assert pairs.get(f"How much is the marine varnish on {record}?") == "$93.00", pairs
    # The number names the record: no question asks for it.
    assert "HS-2291" not in pairs.values()
