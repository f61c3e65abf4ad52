"""A sales listing (reps, regions and items each on several rows): its per-row totals
("Total Sale") summed by category say "total" once, and no row is named by an item with
its day or a figure beside it."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _orders(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Orders"
    ws.append(["Order Date", "Rep", "Region", "Item", "Units Sold", "Unit Price", "Total Sale"])
    reps = ["Ava Stone", "Ben Hart", "Cy Lowe"]
    regions = ["East", "West", "North", "South"]
    items = [("Desk", 125.5), ("Pen", 1.25), ("Binder", 19.75)]
    for i in range(24):
        item, price = items[i % 3]
        units = (i * 7) % 11 + 1
        date = f"2024-01-{i // 3 + 1:02d}"
        ws.append([date, reps[i % 3], regions[i % 4], item, units, price, units * price])
    wb.save(path)
    return path


def test_a_total_column_is_said_total_once(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_orders(tmp_path / "orders.xlsx")], 40)[0])
    assert not [q for q in pairs if "total total" in q.lower()], list(pairs)
    assert [q for q in pairs if "total sale" in q], list(pairs)
    # No row of the listing is named by its item with a day or a figure beside it.
    assert not [q for q in pairs if "date of" in q or "units sold of" in q], list(pairs)
