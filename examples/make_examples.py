"""Rebuild the binary example files under examples/knowledge/ (run from the repository root).

    python examples/make_examples.py

The workbook is written with fixed timestamps, so running this again gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from datasetkit.generate.review import stable_xlsx_bytes
from datasetkit.io import atomic_write_bytes

HERE = Path(__file__).resolve().parent / "knowledge"
PRICE = '"$"#,##0.00'


def price_list() -> bytes:
    """A small price list: a title row above each table, three sheets."""
    wb = openpyxl.Workbook()
    tents = wb.active
    tents.title = "Tents"
    tents.append(["Contoso Outdoor price list, spring 2026"])
    tents.append([])
    tents.append(["Model", "Price", "Sleeps", "Weight (kg)", "Season"])
    for row in [
        ("Trailhead 2", 149.0, 2, 2.1, "3-season"),
        ("Ridgeline 3", 289.0, 3, 2.9, "3-season"),
        ("Summit 2 XT", 449.0, 2, 3.4, "4-season"),
        ("Basecamp 6", 599.0, 6, 9.8, "3-season"),
    ]:
        tents.append(list(row))
        tents.cell(tents.max_row, 2).number_format = PRICE
    packs = wb.create_sheet("Backpacks")
    packs.append(["Model", "Price", "Volume (l)", "Rain cover included"])
    for row in [
        ("Daytrip 20", 59.0, 20, "No"),
        ("Traverse 45", 139.0, 45, "Yes"),
        ("Expedition 70", 229.0, 70, "Yes"),
    ]:
        packs.append(list(row))
        packs.cell(packs.max_row, 2).number_format = PRICE
    ship = wb.create_sheet("Shipping")
    ship.append(["Destination", "Standard delivery", "Express delivery", "Free from"])
    for row in [
        ("United States", "3-5 business days", "1-2 business days", 75.0),
        ("Canada", "5-8 business days", "2-3 business days", 120.0),
        ("Mexico", "6-10 business days", "3-4 business days", 120.0),
    ]:
        ship.append(list(row))
        ship.cell(ship.max_row, 4).number_format = PRICE
    for ws in wb.worksheets:
        for col, width in zip("ABCDE", (24, 18, 18, 18, 12), strict=True):
            ws.column_dimensions[col].width = width
    wb.properties.creator = "datasetkit examples"
    return stable_xlsx_bytes(wb)


def main() -> None:
    """Write every binary example."""
    atomic_write_bytes(HERE / "price-list.xlsx", price_list())


if __name__ == "__main__":
    main()
