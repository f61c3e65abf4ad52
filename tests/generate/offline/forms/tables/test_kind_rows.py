"""Rows asked by their names alone where the header adds nothing: "the Apple type" says
no more than "Apple", "the Linda customer" no more than "Linda"."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _stock(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Orchard stock"
    ws.append(["Orchard stock, March 2024"])
    ws.append([])
    ws.append(["Type", "Crates", "Price per crate ($)"])
    for row in [["Apple", 50, 18], ["Pear", 35, 22], ["Plum", 12, 30], ["Quince", 4, 41]]:
        ws.append(row)
    wb.save(path)
    return path


def test_rows_under_a_type_header_are_named_alone(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_stock(tmp_path / "stock.xlsx")], 30)[0])
    named = [q for q in pairs if any(f in q for f in ("Apple", "Pear", "Plum", "Quince"))]
    assert named, list(pairs)
    assert not [q for q in named if " type" in q], list(pairs)


def _customers(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Customers"
    ws.append(["Customer Name", "Plan", "City", "Seats"])
    for row in [
        ["Linda Park", "Gold", "Leeds", 12],
        ["Omar Haddad", "Silver", "York", 5],
        ["Rosa Lima", "Gold", "Hull", 9],
        ["Tom Berg", "Bronze", "Bath", 2],
    ]:
        ws.append(row)
    wb.save(path)
    return path


def test_people_named_under_a_party_header_are_named_alone(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_customers(tmp_path / "customers.xlsx")], 30)[0])
    named = [q for q in pairs if any(n in q for n in ("Linda Park", "Omar Haddad", "Tom Berg"))]
    assert named, list(pairs)
    assert not [q for q in named if "Park customer" in q or "Berg customer" in q], list(pairs)
