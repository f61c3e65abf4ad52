"""What a row costs is its total, never its unit price: "How much does the Widget order
cost?" is answered by the line total, the unit price is asked as one; a "<measure> by
<kind>" list of head counts is asked how many; and no "How many ...?" is answered by a
decimal or an amount of money."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs
from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.record_fixtures import docx_doc

_ORDERS = [
    ("Widget", "Acme Ltd", 12, 4.5, 54.0),
    ("Gadget", "Birch Co", 3, 19.99, 59.97),
    ("Sprocket", "Cobalt Inc", 40, 1.25, 50.0),
    ("Bolt", "Delta LLC", 100, 0.3, 30.0),
]


def _book(
    path: Path, sheet: str, header: list[str], rows: list[tuple], money: tuple[int, ...]
) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = sheet
    ws.append(header)
    for row in rows:
        ws.append(list(row))
    for cells in ws.iter_rows(min_row=2):
        for i in money:
            cells[i].number_format = '"$"#,##0.00'
    wb.save(path)
    return path


def test_what_an_order_costs_is_its_line_total(tmp_path: Path) -> None:
    header = ["Order", "Customer", "Quantity", "Unit Price", "Line Total"]
    path = _book(tmp_path / "orders.xlsx", "Orders", header, _ORDERS, (3, 4))
    pairs = _pairs(_cases([path], 40)[0])
    totals = {f"${r[4]:,.2f}" for r in _ORDERS}
    costs = {q: a for q, a in pairs.items() if q.endswith(" cost?")}
    assert costs and set(costs.values()) <= totals, pairs
    assert pairs.get("What is the unit price of the Widget order?", "$4.50") == "$4.50", pairs
    assert any(q.startswith("What is the unit price of") for q in pairs), pairs


def test_a_price_beside_a_quantity_is_asked_as_a_unit_price(tmp_path: Path) -> None:
    rows = [(r[0], r[2], r[3]) for r in _ORDERS]
    path = _book(tmp_path / "products.xlsx", "Products", ["Product", "Qty", "Price"], rows, (2,))
    pairs = _pairs(_cases([path], 40)[0])
    assert not [q for q in pairs if q.endswith(" cost?")], pairs
    asked = {q: a for q, a in pairs.items() if q.startswith("What is the unit price of the")}
    assert asked and asked.get("What is the unit price of the Widget product?", "$4.50") == "$4.50"


_INVOICE = ["Invoice Number: 5522", "Customer: Omar Diaz"]
_DUE = ["Total Due: $134.00"]


def test_an_invoices_items_cost_their_amount(tmp_path: Path) -> None:
    items = [
        ["Item", "Qty", "Price", "Amount"],
        ["Copy paper", "4", "$6.50", "$26.00"],
        ["Toner cartridge", "2", "$48.00", "$96.00"],
        ["Stapler", "1", "$12.00", "$12.00"],
    ]
    doc = docx_doc(tmp_path / "inv.docx", "Harbor Supply - Invoice", _INVOICE, items, _DUE)
    pairs = offline_pairs(tmp_path, doc, 30)
    record = "the Harbor Supply invoice for Omar Diaz"
    assert pairs.get(f"How much is the copy paper on {record}?") == "$26.00", pairs
    assert pairs.get(f"What is the unit price of the copy paper on {record}?") == "$6.50", pairs


def test_an_invoices_price_with_no_amount_is_a_unit_price(tmp_path: Path) -> None:
    items = [
        ["Item", "Qty", "Price"],
        ["Copy paper", "4", "$6.50"],
        ["Toner cartridge", "2", "$48.00"],
    ]
    doc = docx_doc(tmp_path / "inv.docx", "Harbor Supply - Invoice", _INVOICE, items, _DUE)
    pairs = offline_pairs(tmp_path, doc, 30)
    record = "the Harbor Supply invoice for Omar Diaz"
    assert pairs.get(f"What is the unit price of the copy paper on {record}?") == "$6.50", pairs
    assert f"How much is the copy paper on {record}?" not in pairs, pairs


def _by_kind(path: Path, title: str, rows: list[tuple[str, float]]) -> Path:
    from openpyxl import Workbook
    from openpyxl.styles import PatternFill

    wb = Workbook()
    ws = wb.active
    ws.title = "Figures"
    ws["A1"] = title
    ws["A1"].fill = PatternFill("solid", fgColor="FFC000")
    ws.merge_cells("A1:B1")
    for r, (label, figure) in enumerate(rows, 2):
        ws.cell(r, 1, label)
        ws.cell(r, 2, figure)
    wb.save(path)
    return path


def test_a_head_count_by_office_is_asked_how_many(tmp_path: Path) -> None:
    rows = [("Berlin", 12), ("Paris", 30), ("Madrid", 8), ("Rome", 15)]
    pairs = _pairs(_cases([_by_kind(tmp_path / "staff.xlsx", "Staff by office", rows)], 40)[0])
    assert pairs.get("How many staff are there in Berlin?") == "12", pairs
    assert not [q for q in pairs if q.startswith("What are the staff")], pairs


def test_plural_amounts_and_counted_things_by_region(tmp_path: Path) -> None:
    rows = [("North", 1250.5), ("South", 980.25), ("East", 1430)]
    pairs = _pairs(_cases([_by_kind(tmp_path / "sales.xlsx", "Sales by region", rows)], 40)[0])
    assert pairs.get("What are the sales for North?") == "1250.5", pairs
    rows = [("North", 12), ("South", 30), ("East", 9)]
    pairs = _pairs(_cases([_by_kind(tmp_path / "orders.xlsx", "Orders by region", rows)], 40)[0])
    assert pairs.get("How many orders are there in the North region?") == "12", pairs


def test_how_many_is_never_answered_by_a_decimal(tmp_path: Path) -> None:
    rows = [(2019, 1.5), (2020, 2.25), (2021, 3.75), (2022, 4.5)]
    path = _book(tmp_path / "visitors.xlsx", "Visitors", ["Year", "Visitors"], rows, ())
    pairs = _pairs(_cases([path], 40)[0])
    assert pairs, pairs
    assert not [q for q, a in pairs.items() if q.startswith("How many") and "." in a], pairs
