"""Excel sheets read as a person sees them: several tables per sheet, titles, notes,
headers of several rows, merged cells; each row with its sheet, row, table and cells."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from datasetkit.knowledge import Document, load_file
from datasetkit.knowledge.render import to_markdown
from tests.helpers.xlsx_fixtures import make_blocks_xlsx, make_layout_xlsx, make_merged_xlsx


def _seen(doc: Document, sheet: str | None = None) -> list[tuple[Any, ...]]:
    """(kind, row, table, cells, heading path, record or text) of every section."""
    out = []
    for s in doc.sections:
        p = s.provenance
        if sheet is not None and p.sheet != sheet:
            continue
        what = s.record if s.record is not None else s.text
        out.append((s.kind, p.row, p.table, p.cells, p.heading_path, what))
    return out


@pytest.fixture(scope="module")
def layout(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = make_layout_xlsx(tmp_path_factory.mktemp("xlsx") / "layout.xlsx")
    return load_file(path, display="layout.xlsx")


@pytest.fixture(scope="module")
def merged(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = make_merged_xlsx(tmp_path_factory.mktemp("xlsx") / "merged.xlsx")
    return load_file(path, display="merged.xlsx")


@pytest.fixture(scope="module")
def blocks(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = make_blocks_xlsx(tmp_path_factory.mktemp("xlsx") / "blocks.xlsx")
    return load_file(path, display="blocks.xlsx")


def test_side_by_side_tables_each_under_its_own_title(layout: Document) -> None:
    north, south, contacts = ("North office",), ("South office",), ("Contacts",)
    assert _seen(layout, "Offices") == [
        ("heading", 1, None, "A1", north, "North office"),
        ("table_row", 4, 1, "A4:C4", north, {"Product": "Desk", "Units": "12", "Price": "$250.00"}),
        ("table_row", 5, 1, "A5:C5", north, {"Product": "Chair", "Units": "40", "Price": "$89.50"}),
        ("table_row", 6, 1, "A6:C6", north, {"Product": "Lamp", "Units": "15", "Price": "$19.99"}),
        ("heading", 1, None, "E1", south, "South office"),
        ("table_row", 4, 2, "E4:G4", south, {"Product": "Desk", "Units": "4", "Price": "$260.00"}),
        ("table_row", 5, 2, "E5:G5", south, {"Product": "Shelf", "Units": "9", "Price": "$120.00"}),
        # The note sits under the North table's columns, so it is under that title.
        ("paragraph", 9, None, "A9", north, "Prices exclude VAT and are reviewed every quarter."),
        # A title right above its header (no blank row between) heads the third table.
        ("heading", 11, None, "A11", contacts, "Contacts"),
        (
            "table_row",
            13,
            3,
            "A13:B13",
            contacts,
            {"Name": "Ana Diaz", "Email": "ana@contoso.example"},
        ),
        (
            "table_row",
            14,
            3,
            "A14:B14",
            contacts,
            {"Name": "Bo Chen", "Email": "bo@contoso.example"},
        ),
    ]
    assert [s.level for s in layout.sections if s.kind == "heading"] == [1, 1, 1, 1]


def test_rows_after_a_blank_row_carry_on_the_table_and_numbers_count_across_sheets(
    layout: Document,
) -> None:
    assert _seen(layout, "Plans") == [
        ("table_row", 2, 4, "A2:C2", (), {"Plan": "Basic", "Seats": "1", "Price": "$9.90"}),
        ("table_row", 3, 4, "A3:C3", (), {"Plan": "Team", "Seats": "10", "Price": "$49.00"}),
        (
            "table_row",
            5,
            4,
            "A5:C5",
            (),
            {"Plan": "Enterprise", "Seats": "100", "Price": "$199.50"},
        ),
        (
            "table_row",
            6,
            4,
            "A6:C6",
            (),
            {"Plan": "Unlimited", "Seats": "1000", "Price": "$999.00"},
        ),
        ("heading", 9, None, "A9", ("Archived plans",), "Archived plans"),
        (
            "table_row",
            11,
            5,
            "A11:B11",
            ("Archived plans",),
            {"Plan": "Starter", "Retired on": "30-Jun-24"},
        ),
    ]
    assert layout.problems == []


def test_two_header_rows_with_merged_group_labels(merged: Document) -> None:
    title = ("Sales by quarter",)
    assert _seen(merged, "Quarterly") == [
        ("heading", 1, None, "A1:E1", title, "Sales by quarter"),
        (
            "table_row",
            4,
            1,
            "A4:E4",
            title,
            {
                "Region": "North",
                "Q1 Revenue": "1,200",
                "Q1 Cost": "800",
                "Q2 Revenue": "1,500",
                "Q2 Cost": "900",
            },
        ),
        (
            "table_row",
            5,
            1,
            "A5:E5",
            title,
            {
                "Region": "South",
                "Q1 Revenue": "950",
                "Q1 Cost": "700",
                "Q2 Revenue": "1,100",
                "Q2 Cost": "720",
            },
        ),
    ]


def test_a_value_merged_down_a_column_belongs_to_every_row_it_spans(merged: Document) -> None:
    assert [s.record for s in merged.sections if s.provenance.sheet == "Inventory"] == [
        {"Category": "Hardware", "Item": "Laptop", "Stock": "14"},
        {"Category": "Hardware", "Item": "Monitor", "Stock": "30"},
        {"Category": "Hardware", "Item": "Dock", "Stock": "8"},
        {"Category": "Software", "Item": "Office licence", "Stock": "120"},
    ]


def test_group_labels_without_merged_cells_stand_over_the_columns_up_to_the_next(
    merged: Document,
) -> None:
    rows = [s for s in merged.sections if s.provenance.sheet == "Budget"]
    assert [s.provenance.row for s in rows] == [3, 4]
    assert rows[0].record == {
        "Team": "Sales",
        "Actual Q1": "10",
        "Actual Q2": "12",
        "Forecast Q1": "14",
        "Forecast Q2": "15",
    }


def test_a_merged_title_right_above_two_tables(blocks: Document) -> None:
    title = ("Regional headcount",)
    assert _seen(blocks, "Headcount") == [
        ("heading", 1, None, "A1:G1", title, "Regional headcount"),
        ("table_row", 3, 1, "A3:C3", title, {"Office": "Oslo", "Staff": "40", "Open roles": "3"}),
        ("table_row", 4, 1, "A4:C4", title, {"Office": "Rome", "Staff": "25", "Open roles": "1"}),
        ("table_row", 3, 2, "E3:F3", title, {"Team": "Sales", "Lead": "Ana"}),
        ("table_row", 4, 2, "E4:F4", title, {"Team": "Ops", "Lead": "Bo"}),
    ]


def test_notes_under_a_table_are_text_not_records(blocks: Document) -> None:
    assert _seen(blocks, "Notes") == [
        ("table_row", 2, 3, "A2:B2", (), {"Plan": "Basic", "Price": "9.9"}),
        ("table_row", 3, 3, "A3:B3", (), {"Plan": "Team", "Price": "49"}),
        ("paragraph", 4, None, "A4", (), "* Prices in USD, billed monthly"),
        ("paragraph", 5, None, "A5", (), "Source: price committee, March 2026"),
    ]


def test_a_header_repeated_after_a_break_and_a_spacer_row_keep_one_table(
    blocks: Document,
) -> None:
    assert [(r, t, w) for _, r, t, _, _, w in _seen(blocks, "Repeat")] == [
        (2, 4, {"Item": "A", "Qty": "1"}),
        (3, 4, {"Item": "B", "Qty": "2"}),
        (6, 4, {"Item": "C", "Qty": "3"}),
    ]
    faq = _seen(blocks, "FAQ")
    assert [(r, t) for _, r, t, _, _, _ in faq] == [(2, 5), (3, 5), (5, 5)]
    assert faq[2][5] == {"Question": "Who approves travel?", "Answer": "Your manager."}


def test_single_cells_are_text_a_list_with_a_heading_is_a_table(blocks: Document) -> None:
    assert [w for *_, w in _seen(blocks, "List")] == [
        {"Approved vendors": name} for name in ("Contoso", "Fabrikam", "Northwind", "Tailspin")
    ]
    assert _seen(blocks, "Text") == [
        ("paragraph", 1, None, "A1", (), "Welcome to the handbook."),
        ("paragraph", 3, None, "A3", (), "Read the travel rules before booking."),
        ("paragraph", 4, None, "A4", (), "Ask HR if unsure."),
    ]


def test_a_title_and_a_subtitle_above_a_table(blocks: Document) -> None:
    title = ("Price list",)
    assert _seen(blocks, "Subtitle") == [
        ("heading", 1, None, "A1", title, "Price list"),
        ("paragraph", 2, None, "A2", title, "Valid from 1 March 2026"),
        ("table_row", 4, 7, "A4:B4", title, {"Plan": "Basic", "Price": "9.9"}),
    ]


def test_labels_with_colons_and_their_values_read_as_lines_of_a_form(blocks: Document) -> None:
    assert _seen(blocks, "Form") == [
        ("paragraph", 1, None, "A1:B1", (), "Name: Ana Diaz"),
        ("paragraph", 2, None, "A2:B2", (), "Role: Engineer"),
        ("paragraph", 3, None, "A3:B3", (), "Start date: January 5, 2026"),
    ]


def test_provenance_labels_and_markdown_name_sheet_row_and_cells(layout: Document) -> None:
    row = next(s for s in layout.sections if s.kind == "table_row")
    assert row.provenance.label() == "layout.xlsx sheet Offices row 4 A4:C4 > North office"
    assert row.provenance.to_dict() == {
        "file": "layout.xlsx",
        "heading_path": ["North office"],
        "sheet": "Offices",
        "row": 4,
        "table": 1,
        "cells": "A4:C4",
    }
    md = to_markdown([layout])
    assert "### North office" in md
    assert "$250.00" in md and "Prices exclude VAT" in md


def test_the_job_listing_workbook(tmp_path: Path) -> None:
    """The layout of the Contoso job listings: one header row, eleven columns, rows
    of text, currency and dates kept as text."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "AI Job Listings"
    ws.append(["Job ID", "Job Title", "Salary Min", "Date Posted", "Status"])
    ws.append(["AI-1001", "Senior Machine Learning Engineer", 165000, "2026-02-15", "Open"])
    ws["C2"].number_format = "\\$#,##0"
    path = tmp_path / "jobs.xlsx"
    wb.save(str(path))
    doc = load_file(path, display="jobs.xlsx")
    assert _seen(doc) == [
        (
            "table_row",
            2,
            1,
            "A2:E2",
            (),
            {
                "Job ID": "AI-1001",
                "Job Title": "Senior Machine Learning Engineer",
                "Salary Min": "$165,000",
                "Date Posted": "2026-02-15",
                "Status": "Open",
            },
        )
    ]


def test_a_column_left_blank_under_its_header_stays_in_the_table(tmp_path: Path) -> None:
    """The shape of a run log: every column has a header, the rows fill only some."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Run log"
    ws.append(["Run", "Date", "Agent version", "Conversations", "Score"])
    ws.append([1, None, "v1 baseline", 8])
    ws.append([2, None, "v2 tuned", 8])
    ws.append([3, None, None, 8])
    path = tmp_path / "runs.xlsx"
    wb.save(str(path))
    doc = load_file(path, display="runs.xlsx")
    assert _seen(doc) == [
        (
            "table_row",
            r,
            1,
            f"A{r}:E{r}",
            (),
            {"Run": str(r - 1), "Date": "", "Agent version": v, "Conversations": "8", "Score": ""},
        )
        for r, v in [(2, "v1 baseline"), (3, "v2 tuned"), (4, "")]
    ]


def test_a_double_spaced_table_is_one_table(blocks: Document) -> None:
    assert [(r, t, w) for _, r, t, _, _, w in _seen(blocks, "Spaced")] == [
        (3, 8, {"Name": "Ana", "Score": "7"}),
        (5, 8, {"Name": "Bo", "Score": "9"}),
    ]


def test_titled_tables_with_the_same_header_stay_apart(blocks: Document) -> None:
    assert _seen(blocks, "Sections") == [
        ("heading", 1, None, "A1", ("Oslo",), "Oslo"),
        ("table_row", 3, 9, "A3:B3", ("Oslo",), {"Key": "rooms", "Value": "12"}),
        ("heading", 5, None, "A5", ("Rome",), "Rome"),
        ("table_row", 7, 10, "A7:B7", ("Rome",), {"Key": "rooms", "Value": "8"}),
    ]


def test_a_line_of_two_cells_above_a_table_is_text(blocks: Document) -> None:
    assert _seen(blocks, "Prepared") == [
        ("paragraph", 1, None, "A1:B1", (), "Prepared by: Finance"),
        ("table_row", 4, 11, "A4:B4", (), {"Item": "Desk", "Cost": "250"}),
    ]


def test_a_sentence_above_a_table_is_text_and_years_make_a_header(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Read me"
    ws["A1"] = "This workbook is a local tracking sheet. Never upload it to the agent."
    ws.append([])
    ws.append(["Region", 2025, 2026])
    ws.append(["North", 120, 135])
    path = tmp_path / "readme.xlsx"
    wb.save(str(path))
    doc = load_file(path, display="readme.xlsx")
    assert _seen(doc) == [
        ("paragraph", 1, None, "A1", (), ws["A1"].value),
        ("table_row", 4, 1, "A4:C4", (), {"Region": "North", "2025": "120", "2026": "135"}),
    ]


def _grid_xlsx(path: Path, rows: list[tuple[str, Any]], bold_header: bool) -> Path:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Camera"
    ws["A1"] = "Mark8 Camera"
    ws["A1"].font = Font(bold=True, size=14)
    for i, (label, value) in enumerate(rows, start=3):
        ws.cell(i, 1, label).font = Font(bold=True)
        ws.cell(i, 2, value).font = Font(bold=bold_header and i == 3)
    wb.save(path)
    return path


def test_bold_labels_beside_plain_values_are_pairs_with_no_header(tmp_path: Path) -> None:
    rows: list[tuple[str, Any]] = [("Weight", "450 g"), ("Battery life", "8 hours"), ("Price", 499)]
    doc = load_file(_grid_xlsx(tmp_path / "grid.xlsx", rows, False), display="grid.xlsx")
    # The first row is a pair like the others: no "Weight" column holding "Battery life".
    assert [(s.kind, s.text, s.headerless) for s in doc.sections] == [
        ("heading", "Mark8 Camera", False),
        ("table_row", "Weight: 450 g", True),
        ("table_row", "Battery life: 8 hours", True),
        ("table_row", "Price: 499", True),
    ]
    assert doc.sections[1].record == {"Weight": "450 g"}


def test_a_first_row_bold_across_both_columns_is_a_header(tmp_path: Path) -> None:
    rows: list[tuple[str, Any]] = [("Part", "Weight"), ("Lens", "200 g"), ("Body", "250 g")]
    doc = load_file(_grid_xlsx(tmp_path / "head.xlsx", rows, True), display="head.xlsx")
    assert [s.record for s in doc.sections if s.kind == "table_row"] == [
        {"Part": "Lens", "Weight": "200 g"},
        {"Part": "Body", "Weight": "250 g"},
    ]


def _side_by_side(path: Path, right: list[list[Any]]) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    left = [["First Name", "Email"], ["Ann", "ann@x.com"], ["Cid", "cid@x.com"]]
    for i, row in enumerate(left, start=1):
        for j, value in enumerate(row, start=1):
            ws.cell(i, j, value)
        for j, value in enumerate(right[i - 1], start=4):
            ws.cell(i, j, value)
    ws.column_dimensions["C"].width = 2  # a narrow blank column between the two
    wb.save(path)
    return path


def test_a_narrow_blank_column_parts_two_tables_each_with_its_header(tmp_path: Path) -> None:
    right: list[list[Any]] = [["First Name", "Email"], ["Bob", "bob@x.com"], ["Dee", "dee@x.com"]]
    doc = load_file(_side_by_side(tmp_path / "two.xlsx", right), display="two.xlsx")
    assert [(s.provenance.table, s.record) for s in doc.sections] == [
        (1, {"First Name": "Ann", "Email": "ann@x.com"}),
        (1, {"First Name": "Cid", "Email": "cid@x.com"}),
        (2, {"First Name": "Bob", "Email": "bob@x.com"}),
        (2, {"First Name": "Dee", "Email": "dee@x.com"}),
    ]


def test_a_narrow_blank_column_before_figures_keeps_one_table(tmp_path: Path) -> None:
    right: list[list[Any]] = [["2023", "2022"], [10, 12], [20, 22]]
    doc = load_file(_side_by_side(tmp_path / "one.xlsx", right), display="one.xlsx")
    assert {s.provenance.table for s in doc.sections} == {1}


def _stacked_reports(path: Path, gap: int) -> Path:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    r = 1
    for k in range(2):
        ws.cell(r, 1, "Regional Sales Report").font = Font(bold=True)
        ws.cell(r + 1, 1, "Fiscal Year 2023").font = Font(bold=True)
        r += 2
        for j, name in enumerate(["Region", "Units"], start=1):
            ws.cell(r, j, name).font = Font(bold=True)
        for i, region in enumerate(["North", "South"], start=1):
            ws.cell(r + i, 1, region)
            ws.cell(r + i, 2, 10 * i + k)
        r += 3 + gap
    wb.save(path)
    return path


@pytest.mark.parametrize("gap", [0, 1])
def test_two_identical_title_blocks_title_their_tables_alike(tmp_path: Path, gap: int) -> None:
    doc = load_file(_stacked_reports(tmp_path / "two.xlsx", gap), display="two.xlsx")
    heads = [(s.provenance.row, s.level, s.text) for s in doc.sections if s.kind == "heading"]
    second = 6 + gap
    assert heads == [
        (1, 1, "Regional Sales Report"),
        (2, 2, "Fiscal Year 2023"),
        (second, 1, "Regional Sales Report"),
        (second + 1, 2, "Fiscal Year 2023"),
    ]
    rows = [(s.provenance.table, s.provenance.heading_path, s.record) for s in doc.sections]
    path = ("Regional Sales Report", "Fiscal Year 2023")
    # With no blank row between them, the second header under its titles opens table 2.
    assert [r for r in rows if r[2] is not None] == [
        (1, path, {"Region": "North", "Units": "10"}),
        (1, path, {"Region": "South", "Units": "20"}),
        (2, path, {"Region": "North", "Units": "11"}),
        (2, path, {"Region": "South", "Units": "21"}),
    ]


def test_title_blocks_after_a_sheet_title_and_subtitle_are_its_sections(tmp_path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws["A1"] = "Quarterly Report"
    ws["A1"].font = Font(bold=True, size=16)
    ws["A2"] = "Sales"
    ws["A2"].font = Font(bold=True)
    ws.append(["Region", "Units"])
    ws.append(["North", 10])
    ws.append(["South", 20])
    ws["A7"] = "Costs"
    ws["A7"].font = Font(bold=True)
    ws["A9"], ws["B9"] = "Item", "Amount"
    ws["A10"], ws["B10"] = "Rent", 500
    ws["A11"], ws["B11"] = "Travel", 300
    wb.save(tmp_path / "report.xlsx")
    doc = load_file(tmp_path / "report.xlsx", display="report.xlsx")
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == [(1, "Quarterly Report"), (2, "Sales"), (2, "Costs")]
    costs = [s for s in doc.sections if s.record and "Item" in s.record]
    assert {s.provenance.heading_path for s in costs} == {("Quarterly Report", "Costs")}
