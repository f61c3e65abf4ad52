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
