"""Workbooks that are forms (an invoice) and listings whose cells repeat: fields asked of
the record its number names, its totals asked, and one case per answer of a table."""

from __future__ import annotations

from collections import Counter
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


def test_one_case_per_answer_of_a_table(tmp_path: Path) -> None:
    """Sizes of many values, a few of them shared: "M" for one style and for the next
    reads as one question asked twice."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["Style Number", "Style", "Size", "Colour", "Line"])
    kinds = ["shirt", "tee", "chino", "jacket", "sweater", "top"]
    styles = [f"{c} {k}" for c in ["Oxford", "Archive", "Slim", "Field", "Pocket"] for k in kinds]
    sizes = ["M", "31", "L", "28", "M", "30", "S", "31", "29", "XS", "M", "33", "XL", "34", "31"]
    sizes += ["36", "38", "40", "M", "42", "XXL", "26", "27", "44", "46", "31", "48", "50", "52"]
    sizes += ["54"]
    tones = ["stripe", "check", "plain", "spot", "melange", "marl"]
    colours = [f"{a} {b}" for a in ["Navy", "Sand", "Olive", "Stone", "Rust"] for b in tones]
    for k, (style, size, colour) in enumerate(zip(styles, sizes, colours, strict=True)):
        ws.append([f"{100 + k * 7}-{k}A", style, size, colour, "Closed" if k % 3 else "Open"])
    f = tmp_path / "styles.xlsx"
    wb.save(f)
    pairs = _pairs(tmp_path, f)
    sizes_asked = Counter(a for q, a in pairs.items() if q.startswith("What is the size"))
    assert sizes_asked, pairs
    assert max(sizes_asked.values()) == 1, pairs
