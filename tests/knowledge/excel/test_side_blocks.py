"""Blocks of cells that touch without being one table: set corner to corner, or a small
block of labels and values beside a long table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from datasetkit.knowledge import load_file


def _sheet(path: Path, cells: dict[str, Any]) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    assert ws is not None
    for ref, value in cells.items():
        ws[ref] = value
    wb.save(path)
    return path


def _tables(path: Path) -> list[tuple[list[str], int]]:
    """(header names, records) per table, in reading order."""
    out: dict[object, tuple[list[str], int]] = {}
    for s in load_file(path).sections:
        if s.kind == "table_row" and s.record is not None and not s.headerless:
            n = out.get(s.provenance.table, ([], 0))[1]
            out[s.provenance.table] = (list(s.record), n + 1)
    return list(out.values())


def test_tables_set_corner_to_corner_are_two_tables(tmp_path: Path) -> None:
    cells: dict[str, Any] = {"A1": "Region", "B1": "Manager", "C1": "Staff"}
    for r, (region, who, n) in enumerate([("North", "Ann", 4), ("South", "Bo", 7)], start=2):
        cells |= {f"A{r}": region, f"B{r}": who, f"C{r}": n}
    cells |= {"D4": "Item", "E4": "Owner", "F4": "Due"}
    for r, (item, who, due) in enumerate([("Audit", "Cy", "May"), ("Budget", "Di", "June")], 5):
        cells |= {f"D{r}": item, f"E{r}": who, f"F{r}": due}
    path = _sheet(tmp_path / "corner.xlsx", cells)
    assert _tables(path) == [(["Region", "Manager", "Staff"], 2), (["Item", "Owner", "Due"], 2)]


def test_a_block_of_totals_beside_a_long_table_is_not_its_columns(tmp_path: Path) -> None:
    cells: dict[str, Any] = {"A1": "Order", "B1": "Customer", "C1": "Amount"}
    for r in range(2, 22):
        cells |= {f"A{r}": f"N-{r:03}", f"B{r}": f"Client {r}", f"C{r}": 10 * r}
    cells |= {"D2": "Total amount", "E2": 2300, "D3": "Largest order", "E3": 210}
    doc = load_file(_sheet(tmp_path / "side.xlsx", cells))
    assert _tables(tmp_path / "side.xlsx")[0] == (["Order", "Customer", "Amount"], 20)
    # The block is read on its own, after the table, each label with its value.
    rest = " ".join(s.text for s in doc.sections if s.provenance.row in (2, 3))
    assert "Total amount" in rest and "2300" in rest and "N-002" in rest


def test_a_column_without_a_header_filled_on_some_rows_stays_in_the_table(
    tmp_path: Path,
) -> None:
    # One remark in a column the header leaves blank: a column of the table, not a block.
    cells: dict[str, Any] = {"A1": "Order", "B1": "Customer", "C1": "Amount"}
    for r in range(2, 12):
        cells |= {f"A{r}": f"N-{r:03}", f"B{r}": f"Client {r}", f"C{r}": 10 * r}
    cells |= {"D3": "paid late"}
    tables = _tables(_sheet(tmp_path / "remark.xlsx", cells))
    assert tables == [(["Order", "Customer", "Amount", "Column D"], 10)]
