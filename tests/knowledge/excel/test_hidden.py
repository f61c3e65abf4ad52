"""Hidden sheets, rows and columns are left out of the knowledge, and reported."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.xlsx_fixtures import make_hidden_xlsx


def test_hidden_rows_and_columns_are_left_out_without_splitting_the_table(
    tmp_path: Path,
) -> None:
    doc = load_file(make_hidden_xlsx(tmp_path / "costs.xlsx"), display="costs.xlsx")
    rows = [s for s in doc.sections if s.provenance.sheet == "Costs"]
    assert [s.provenance.row for s in rows] == [2, 3, 4, 5, 6, 9, 10, 11, 13]
    assert {s.provenance.table for s in rows} == {1}
    assert rows[0].record == {"Item": "Item 2", "Owner": "Ops", "Cost": "20", "Status": "open"}
    assert all("Internal code" not in (s.record or {}) for s in rows)
    assert not any("X-" in s.text for s in doc.sections)


def test_what_was_hidden_is_reported_once_per_sheet(tmp_path: Path) -> None:
    doc = load_file(make_hidden_xlsx(tmp_path / "costs.xlsx"), display="costs.xlsx")
    assert [(p.code, p.severity, p.message, p.hint) for p in doc.problems] == [
        (
            "knowledge.hidden_skipped",
            "warning",
            "sheet Costs: 3 hidden rows (7, 8, 12) and 1 hidden column (D) were left out",
            "unhide them in Excel if they hold knowledge",
        ),
        (
            "knowledge.hidden_skipped",
            "warning",
            "hidden sheet Lookup was left out",
            "unhide them in Excel if they hold knowledge",
        ),
        (
            "knowledge.hidden_skipped",
            "warning",
            "hidden sheet Secret was left out",
            "unhide them in Excel if they hold knowledge",
        ),
    ]
    assert {s.provenance.sheet for s in doc.sections} == {"Costs"}


def test_long_runs_are_ranges_and_empty_hidden_columns_are_not_reported(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Log"
    ws.append(["Day", "Visits"])
    for day in range(1, 41):
        ws.append([f"Day {day}", day * 3])
    for r in range(5, 31):
        ws.row_dimensions[r].hidden = True
    ws.column_dimensions.group("D", "Z", hidden=True)  # hidden, but nothing in them
    path = tmp_path / "log.xlsx"
    wb.save(str(path))
    doc = load_file(path, display="log.xlsx")
    assert [p.message for p in doc.problems] == ["sheet Log: 26 hidden rows (5-30) were left out"]
    assert len(doc.sections) == 40 - 26


def test_a_workbook_whose_values_are_all_hidden(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Front"
    ws["A1"] = "secret"
    ws.row_dimensions[1].hidden = True
    data = wb.create_sheet("Data")
    data.append(["Key", "Value"])
    data.sheet_state = "hidden"
    path = tmp_path / "hidden.xlsx"
    wb.save(str(path))
    doc = load_file(path, display="hidden.xlsx")
    assert [(p.code, p.severity, p.message) for p in doc.problems] == [
        ("knowledge.hidden_skipped", "warning", "sheet Front: 1 hidden row (1) was left out"),
        ("knowledge.hidden_skipped", "warning", "hidden sheet Data was left out"),
        ("knowledge.empty", "error", "the workbook holds no visible values"),
    ]
