"""A sheet under a report's title, and a table of periods, asked as a user says them."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _book(path: Path, title: str) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Report"
    for row in [[title], [], ["Month", "Sales"], ["Mar", 1400], ["Apr", 1650], ["May", 1580]]:
        ws.append(row)
    wb.save(path)
    return path


def test_a_table_under_a_reports_title_names_the_report(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_book(tmp_path / "book.xlsx", "Quarterly Report 2025")], 6)[0])
    assert pairs, "no cases"
    # The figures are the report's: every question says whose they are.
    assert all("Quarterly Report 2025" in q for q in pairs), pairs


def test_a_title_that_names_no_report_is_not_added(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_book(tmp_path / "book.xlsx", "Contoso Outlet Figures")], 6)[0])
    assert pairs, "no cases"
    assert not any("the Contoso Outlet Figures" in q for q in pairs), pairs


def test_a_row_that_is_a_month_is_asked_in_that_month(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_book(tmp_path / "book.xlsx", "Quarterly Report 2025")], 6)[0])
    asked = "What were the sales in May according to the Quarterly Report 2025?"
    assert pairs.get(asked) == "1580", pairs
    assert not any("month have" in q for q in pairs), pairs


def test_a_count_by_period_is_asked_as_a_count(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    for row in [["Month", "# Orders", "Revenue"], ["Jan", 41, 5200], ["Feb", 37, 4900]]:
        ws.append(row)
    wb.save(tmp_path / "orders.xlsx")
    pairs = _pairs(_cases([tmp_path / "orders.xlsx"], 6)[0])
    assert not any("#" in q for q in pairs), pairs
