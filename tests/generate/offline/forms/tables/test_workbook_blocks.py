"""A label over one block of a sheet names that block, never the workbook: no question of
another sheet's table says it as whose figures they are."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs


def _workbook(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    plan = wb.active
    plan.title = "Schedule"
    for row in [
        ["Updated 2 March"],
        [],
        ["Shipments"],
        ["Inbound Shipments"],
        [],
        ["Route", "Mon", "Tue", "Wed"],
        ["North Line", 10, 12, 9],
        ["South Line", 7, 8, 6],
        ["East Line", 4, 5, 5],
    ]:
        plan.append(row)
    prices = wb.create_sheet("Prices")
    for row in [
        ["Supplier", "Contract", "Base Price"],
        ["Harbor Gas", "Fixed 2024", "2.090"],
        ["Ridge Energy", "Index (Waha)", "1.960"],
        ["Delta Fuels", "Spot", "2.150"],
        ["Summit Power", "Fixed 2023", "2.240"],
    ]:
        prices.append(row)
    wb.save(path)
    return path


def test_a_label_down_one_sheet_is_never_said_of_another_sheets_table(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _workbook(tmp_path / "ops.xlsx"), 30)
    asked = [q for q in pairs if "Supplier" in q or "supplier" in q]
    assert asked, pairs
    for question in asked:
        assert "Shipments" not in question, question
