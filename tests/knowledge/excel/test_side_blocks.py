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


def _markets(path: Path) -> Path:
    """A sheet title, then one block per market side by side with no blank column
    between them: the market's name over the block, the same header in each."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws["A1"] = "Daily balancing"
    ws["A1"].font = Font(bold=True, size=14)
    for k, market in enumerate(["Palo Verde", "Artesia", "Four Corners"]):
        left = 1 + 4 * k
        ws.cell(2, left, market).font = Font(bold=True)
        for j, label in enumerate(["Hour", "Volume", "Price", "Position"]):
            ws.cell(3, left + j, label)
        for hour in range(1, 6):
            values = [hour, 10 * hour + k, 20 + k, "long" if hour % 2 else "short"]
            for j, value in enumerate(values):
                ws.cell(3 + hour, left + j, value)
    wb.save(path)
    return path


def test_blocks_that_repeat_one_header_side_by_side_are_tables_of_their_own(
    tmp_path: Path,
) -> None:
    doc = load_file(_markets(tmp_path / "markets.xlsx"))
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert sorted({s.provenance.table for s in rows}) == [1, 2, 3]
    for s in rows:
        assert s.record is not None and list(s.record) == ["Hour", "Volume", "Price", "Position"]
    first = {s.provenance.table: s for s in reversed(rows)}
    assert first[2].record == {"Hour": "1", "Volume": "11", "Price": "21", "Position": "long"}
    # The market names caption their blocks: text that heads each block's rows, not
    # sections of the sheet (only the sheet's title is a heading).
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Daily balancing"]
    assert first[1].provenance.heading_path[-1] == "Palo Verde"
    assert first[3].provenance.heading_path[-1] == "Four Corners"


def test_repeated_labels_right_of_shared_row_labels_stay_one_table(tmp_path: Path) -> None:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws["B1"], ws["D1"] = "2023", "2024"
    for col, label in zip("BCDE", ["Sales", "Units", "Sales", "Units"], strict=True):
        ws[f"{col}2"] = label
    ws.append(["North", 10, 2, 12, 3])
    ws.append(["South", 8, 1, 9, 2])
    wb.save(tmp_path / "periods.xlsx")
    rows = [s for s in load_file(tmp_path / "periods.xlsx").sections if s.kind == "table_row"]
    assert {s.provenance.table for s in rows} == {1}
    assert rows[0].record is not None and rows[0].record["2024 Sales"] == "12"
