"""Excel tables read as a person reads them: row labels kept with their values across a
blank spacer column, a unit row folded into the header, footnote markers split from
the labels they are glued to."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.knowledge import Document, load_file


def _segments(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Segments"
    ws["A1"] = "Revenue by country"
    # Column B is a blank spacer between the row labels and the values.
    ws["A3"], ws["C3"], ws["D3"] = "Country", "2024", "2023"
    ws["C4"], ws["D4"] = "€m", "€m"
    rows = [("Germany", 1200, 1100), ("Turkey6", 300, 250), ("Re-presented1", 40, 35)]
    for r, (label, now, before) in enumerate(rows, start=5):
        ws.cell(r, 1, label)
        ws.cell(r, 3, now)
        ws.cell(r, 4, before)
    ws["A9"] = "1 Re-presented for the change of segments."
    ws["A10"] = "6 Turkey is reported with hyperinflation accounting."
    wb.save(str(path))
    return path


@pytest.fixture(scope="module")
def segments(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = _segments(tmp_path_factory.mktemp("xlsx_headers") / "segments.xlsx")
    return load_file(path, display="segments.xlsx")


def test_row_labels_stay_with_their_values_across_a_spacer_column(segments: Document) -> None:
    rows = [s for s in segments.sections if s.kind == "table_row"]
    assert {s.provenance.table for s in rows} == {1}
    assert [s.record["Country"] for s in rows if s.record] == ["Germany", "Turkey", "Re-presented"]
    assert [(s.kind, s.level, s.text) for s in segments.sections if s.kind == "heading"] == [
        ("heading", 1, "Revenue by country")
    ]


def test_a_unit_row_joins_the_header(segments: Document) -> None:
    rows = [s.record for s in segments.sections if s.kind == "table_row"]
    assert rows[0] == {"Country": "Germany", "2024 (€m)": "1200", "2023 (€m)": "1100"}
    assert len(rows) == 3  # the unit row is no record


def test_footnote_markers_leave_the_labels_and_stay_as_notes(segments: Document) -> None:
    marked = {s.record["Country"]: s.marker for s in segments.sections if s.record}
    assert marked == {"Germany": None, "Turkey": "6", "Re-presented": "1"}
    texts = [s.text for s in segments.sections if s.kind == "paragraph"]
    assert "6 Turkey is reported with hyperinflation accounting." in texts


def test_a_digit_that_names_no_footnote_stays_in_its_label(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    for row in [("Quarter", "Sales"), ("Q4", 10), ("Windows10", 12)]:
        ws.append(row)
    wb.save(str(tmp_path / "plain.xlsx"))
    doc = load_file(tmp_path / "plain.xlsx")
    assert [s.record["Quarter"] for s in doc.sections if s.record] == ["Q4", "Windows10"]


def test_a_title_block_set_in_bold_gives_headings_in_order(tmp_path: Path) -> None:
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Survey"
    for cell, text in [("A1", "Contoso Ltd"), ("A2", "Staff survey"), ("A5", "Results by office")]:
        ws[cell] = text
        ws[cell].font = Font(bold=True)
    ws["A3"] = "September 11, 2026"
    ws["A3"].font = Font(bold=True)
    for row in [("Office", "Replies"), ("Oslo", 40), ("Rome", 25)]:
        ws.append(row)
    wb.save(str(tmp_path / "survey.xlsx"))
    doc = load_file(tmp_path / "survey.xlsx", display="survey.xlsx")
    assert [(s.level, s.text) for s in doc.sections if s.kind == "heading"] == [
        (1, "Contoso Ltd"),
        (2, "Staff survey"),
        (2, "Results by office"),
    ]
    assert [s.text for s in doc.sections if s.kind == "paragraph"] == ["September 11, 2026"]
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert rows[0].record == {"Office": "Oslo", "Replies": "40"}
    assert rows[0].provenance.heading_path == ("Contoso Ltd", "Results by office")


def _impairments(path: Path) -> Path:
    """A financial note laid out with gutters: the unit in the row labels' header cell,
    each period right-aligned over its own two columns, narrow blank columns between
    the groups and a thin blank row between the header and the figures."""
    import openpyxl
    from openpyxl.styles import Alignment

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Impairments"
    for col in ("D", "G"):
        ws.column_dimensions[col].width = 2.5
    ws["A1"] = "In millions of CHF"
    for cell, period in (("C1", "January–June 2023"), ("F1", "January–June 2022")):
        ws[cell] = period
        ws[cell].alignment = Alignment(horizontal="right")
    for col in ("B", "E"):
        ws[f"{col}2"] = "Goodwill"
    for col in ("C", "F"):
        ws[f"{col}2"] = "Intangible assets"
    ws["H2"] = "Total"
    ws.row_dimensions[3].height = 4.5
    for r, (label, *values) in enumerate(
        [("Zone NA", 0, -9, 0, -285, -294), ("Zone EUR", -16, -23, 0, 0, -39)], start=4
    ):
        ws.cell(r, 1, label)
        for col, value in zip((2, 3, 5, 6, 8), values, strict=True):
            ws.cell(r, col, value)
    wb.save(str(path))
    return path


def test_gutters_do_not_cut_a_table_and_right_aligned_periods_name_their_columns(
    tmp_path: Path,
) -> None:
    doc = load_file(_impairments(tmp_path / "impairments.xlsx"))
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert {s.provenance.table for s in rows} == {1}
    assert rows[0].record == {
        "In millions of CHF": "Zone NA",
        "January–June 2023 Goodwill": "0",
        "January–June 2023 Intangible assets": "-9",
        "January–June 2022 Goodwill": "0",
        "January–June 2022 Intangible assets": "-285",
        "Total": "-294",
    }
    assert len(rows) == 2


def test_a_right_aligned_group_label_stands_over_the_columns_before_it(tmp_path: Path) -> None:
    import openpyxl
    from openpyxl.styles import Alignment

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Plan", None, "2023", None, "2024"])
    for cell in ("C1", "E1"):
        ws[cell].alignment = Alignment(horizontal="right")
    ws.append([None, "Users", "Revenue", "Users", "Revenue"])
    ws.append(["Basic", 10, 100, 12, 130])
    ws.append(["Team", 4, 400, 6, 610])
    wb.save(str(tmp_path / "plans.xlsx"))
    doc = load_file(tmp_path / "plans.xlsx")
    assert next(s.record for s in doc.sections if s.record) == {
        "Plan": "Basic",
        "2023 Users": "10",
        "2023 Revenue": "100",
        "2024 Users": "12",
        "2024 Revenue": "130",
    }


def test_section_numbers_make_title_lines_headings_and_give_their_levels(tmp_path: Path) -> None:
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    first = wb.active
    first.title = "Segments"
    second = wb.create_sheet("Reconciliation")
    long_title = (
        "3.4 Reconciliation from operating profit to profit before taxes and joint ventures"
    )
    for ws, lines in (
        (first, ["3. Analyses by segment", "3.1 Operating segments", "Revenue and results"]),
        (second, ["3. Analyses by segment", long_title]),
    ):
        for r, text in enumerate(lines, start=1):
            ws.cell(r, 1, text)
            # Only the sub-titles are bold: the repeated section title is in body type.
            ws.cell(r, 1).font = Font(bold=r > 1)
        ws.append([])
        for row in [("Zone", "Sales"), ("North", 12), ("South", 9)]:
            ws.append(row)
    wb.save(str(tmp_path / "note.xlsx"))
    doc = load_file(tmp_path / "note.xlsx")
    assert [(s.level, s.text) for s in doc.sections if s.kind == "heading"] == [
        (1, "3. Analyses by segment"),
        (2, "3.1 Operating segments"),
        (3, "Revenue and results"),
        (1, "3. Analyses by segment"),
        (2, long_title),
    ]


def test_bold_lines_opening_runs_of_text_title_an_instructions_sheet(tmp_path: Path) -> None:
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Read me"
    lines = [
        ("INSTRUCTIONS", True),
        None,
        ("Instructions for services, training, language or support services:", True),
        ("Unit of issue:", True),
        ("Enter the unit of issue for the service.", False),
        None,
        ("Note: Prices are in US dollars.", True),
        None,
        ("Instructions for other direct costs", True),
        ("Markup (%):", True),
        ("Enter the markup applied to the commercial price.", False),
    ]
    for r, line in enumerate(lines, start=1):
        if line is not None:
            ws.cell(r, 1, line[0]).font = Font(bold=line[1])
    wb.save(str(tmp_path / "readme.xlsx"))
    doc = load_file(tmp_path / "readme.xlsx")
    # The run titles are headings; the bold field labels inside a run and a lone
    # note are text.
    assert [(s.level, s.text) for s in doc.sections if s.kind == "heading"] == [
        (1, "INSTRUCTIONS"),
        (2, "Instructions for services, training, language or support services:"),
        (2, "Instructions for other direct costs"),
    ]


def test_a_table_of_text_keeps_its_first_rows_as_records(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    # An order form: codes stored as text, a column left empty to be filled in.
    ws.append(["Product code", "Quantity (fill in)", "Name"])
    for code, name in [
        ("TB1", "Cappuccino 250ml"),
        ("TB2", "Chocolate 250ml"),
        ("MB1", "Honey bar"),
    ]:
        ws.append([code, None, name])
    wb.save(str(tmp_path / "order.xlsx"))
    doc = load_file(tmp_path / "order.xlsx")
    assert [s.record for s in doc.sections if s.record] == [
        {"Product code": code, "Quantity (fill in)": "", "Name": name}
        for code, name in [
            ("TB1", "Cappuccino 250ml"),
            ("TB2", "Chocolate 250ml"),
            ("MB1", "Honey bar"),
        ]
    ]


def test_a_titled_block_keeps_its_last_column_across_blank_columns(tmp_path: Path) -> None:
    # An index block: its title right above the header (no blank row between), two
    # blank columns between the period and the page number.
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append([None, "Other"])
    ws.append([None, "Topic", "Period", None, None, "Page"])
    ws.append([None, "Average exchange rates", "Nine quarters to June", None, None, 14])
    ws.append([None, "Guidance rates", "FY 23/24", None, None, 14])
    path = tmp_path / "index.xlsx"
    wb.save(str(path))
    doc = load_file(path, display="index.xlsx")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows == [
        {"Topic": "Average exchange rates", "Period": "Nine quarters to June", "Page": "14"},
        {"Topic": "Guidance rates", "Period": "FY 23/24", "Page": "14"},
    ]
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Other"]


@pytest.mark.parametrize(
    ("label_row", "periods"),
    [(0, ("H1 2023", "H1 2024")), (2, ("H1 2023", "H1 2024")), (2, (2023, 2024))],
)
def test_a_label_over_the_group_labels_is_the_top_row_of_a_three_row_header(
    tmp_path: Path, label_row: int, periods: tuple[object, object]
) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    # The periods may be text or years typed as numbers.
    rows: list[list[object]] = [
        [None, "Period", None, None, None],
        [None, periods[0], None, periods[1], None],
        [None, "Sales", "Units", "Sales", "Units"],
    ]
    rows[label_row][0] = "Region"
    for row in [*rows, ["North", 10, 1, 12, 2], ["South", 20, 3, 22, 4]]:
        ws.append(row)
    ws.insert_rows(1, 2)
    ws["A1"] = "Sales by half-year"
    wb.save(str(tmp_path / "halves.xlsx"))
    doc = load_file(tmp_path / "halves.xlsx")
    first, second = (f"Period {p}" for p in periods)
    assert next(s.record for s in doc.sections if s.record) == {
        "Region": "North",
        f"{first} Sales": "10",
        f"{first} Units": "1",
        f"{second} Sales": "12",
        f"{second} Units": "2",
    }
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Sales by half-year"]


def test_years_typed_as_numbers_label_the_groups_of_a_two_row_header(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    for row in [
        [None, 2023, None, 2024, None],
        ["Region", "Sales", "Units", "Sales", "Units"],
        ["North", 10, 1, 12, 2],
        ["South", 20, 3, 22, 4],
    ]:
        ws.append(row)
    wb.save(str(tmp_path / "years.xlsx"))
    doc = load_file(tmp_path / "years.xlsx")
    records = [s.record for s in doc.sections if s.record]
    assert records[0] == {
        "Region": "North",
        "2023 Sales": "10",
        "2023 Units": "1",
        "2024 Sales": "12",
        "2024 Units": "2",
    }
    assert len(records) == 2


def test_bold_hours_over_a_schedule_are_its_header_under_a_blank_label_cell(
    tmp_path: Path,
) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    for hour in range(1, 9):
        ws.cell(1, 1 + hour, hour).font = Font(bold=True)
    plan = [("Load", [600 + 10 * h for h in range(8)]), ("Purchases", []), ("Sales", [50] * 8)]
    for k, (label, values) in enumerate(plan, start=2):
        ws.cell(k, 1, label).font = Font(bold=True)
        for h, value in enumerate(values, start=2):
            ws.cell(k, h, value)
    wb.save(tmp_path / "schedule.xlsx")
    doc = load_file(tmp_path / "schedule.xlsx")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert [s.text for s in doc.sections if s.kind == "heading"] == []
    assert rows[0] is not None and rows[0]["3"] == "620"
    assert len(rows) == 3
