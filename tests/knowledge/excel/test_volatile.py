"""Volatile formulas: a cached value recomputed on every recalculation is marked, and so
is every value computed from it, on its sheet and on the sheets after it."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from datasetkit.knowledge.excel.volatile import Formulas, areas, calls_volatile, volatile_cells
from datasetkit.knowledge.render import section_dict
from tests.helpers.knowledge_fixtures import set_cached_values


def make_orders(path: Path) -> Path:
    """Orders whose quantity is drawn at random, a total computed from it, a fixed price
    doubled by a formula, and a summary sheet that sums the quantities."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Orders"
    ws.append(["Item", "Price", "Quantity", "Total", "Double price"])
    for r, (item, price) in enumerate([("Lamp", 12), ("Desk", 150), ("Chair", 80)], start=2):
        ws.append([item, price, "=RANDBETWEEN(1,9)", f"=B{r}*C{r}", f"=B{r}*2"])
    summary = wb.create_sheet("Summary")
    summary.append(["Measure", "Value"])
    summary.append(["Quantity ordered", "=SUM(Orders!C2:C4)"])
    summary.append(["Items listed", "=COUNTA(Orders!A2:A4)"])
    wb.save(str(path))
    cached = {"C2": "7", "C3": "4", "C4": "6", "D2": "84", "D3": "600", "D4": "480"}
    cached.update({"E2": "24", "E3": "300", "E4": "160"})
    set_cached_values(path, "xl/worksheets/sheet1.xml", cached)
    set_cached_values(path, "xl/worksheets/sheet2.xml", {"B2": "17", "B3": "3"})
    return path


def test_volatile_values_and_their_dependents_are_marked(tmp_path: Path) -> None:
    doc = load_file(make_orders(tmp_path / "orders.xlsx"), display="orders.xlsx")
    rows = [s for s in doc.sections if s.provenance.sheet == "Orders"]
    assert rows[0].record == {
        "Item": "Lamp",
        "Price": "12",
        "Quantity": "7",
        "Total": "84",
        "Double price": "24",
    }
    # The drawn quantity and the total computed from it; the doubled price is stable.
    assert {s.volatile for s in rows} == {("Quantity", "Total")}
    assert section_dict(rows[0])["volatile"] == ["Quantity", "Total"]
    summary = {s.text: s.volatile for s in doc.sections if s.provenance.sheet == "Summary"}
    # A sum over another sheet's drawn cells moves with them; a count of stable labels
    # does not.
    assert summary == {
        "Measure: Quantity ordered; Value: 17": ("Value",),
        "Measure: Items listed; Value: 3": (),
    }


def test_shared_formulas_follow_their_first_cell() -> None:
    formulas = Formulas()
    # C2 draws a number; D2:D4 share "C2*2" written once in D2 (Excel's t="shared").
    assert formulas.add(2, 3, "RAND()", {})
    assert not formulas.add(2, 4, "C2*2", {"t": "shared", "si": "0", "ref": "D2:D4"})
    assert not formulas.add(3, 4, "", {"t": "shared", "si": "0"})
    assert not formulas.add(4, 4, "", {"t": "shared", "si": "0"})
    # Excel's calculate-always flag alone marks a cell.
    assert formulas.add(9, 9, "A1", {"ca": "1"})
    got = volatile_cells(formulas, "S", {})
    # D3 reads C3 and D4 reads C4 (relative references moved), which draw nothing.
    assert got == {(2, 3), (2, 4), (9, 9)}


def test_references_are_read_as_cells_and_ranges() -> None:
    assert areas("SUM($A$1:B2)+'My sheet'!C3*Data!D:D+LOG10(4)+ROW(5:6)") == [
        (None, 1, 1, 2, 2),
        ("My sheet", 3, 3, 3, 3),
        ("Data", 1, 4, 1_048_576, 4),
        (None, 5, 1, 6, 16_384),
    ]
    assert areas("A1+$B$1", 2, 1) == [(None, 3, 2, 3, 2), (None, 1, 2, 1, 2)]
    assert calls_volatile("_xlfn.RANDARRAY(3)") and calls_volatile("offset(A1,1,0)")
    assert not calls_volatile('"TODAY()"&A1') and not calls_volatile("MYNOW(1)")
