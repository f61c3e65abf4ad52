"""A unit line set above a table or as its first row names the unit of its figures."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from datasetkit.knowledge.unitlines import is_unit_line
from tests.helpers.docx_fixtures import add_filled_table

_ROWS = [
    ["Region", "Growth", "Share"],
    ["North", "12.5", "13.1"],
    ["South", "9.8", "10.4"],
    ["East", "7.2", "7.9"],
]


def _docx(path: Path, above: str | None, rows: list[list[str]], merged: bool = False) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("Growth by region.")
    if above is not None:
        d.add_paragraph(above)
    table = add_filled_table(d, rows)
    if merged:  # the first row one cell across the table
        cells = table.rows[0].cells
        cells[0].merge(cells[-1]).text = rows[0][0]
    d.save(str(path))
    return path


def _records(path: Path) -> list[dict[str, str]]:
    return [s.record for s in load_file(path).sections if s.record]


def test_a_unit_line_above_a_table_joins_the_headers_of_its_figures(tmp_path: Path) -> None:
    doc = load_file(_docx(tmp_path / "growth.docx", "(Per cent)", _ROWS))
    records = [s.record for s in doc.sections if s.record]
    assert records[0] == {
        "Region": "North",
        "Growth (per cent)": "12.5",
        "Share (per cent)": "13.1",
    }
    # The line is folded into the header, not left as a paragraph of its own.
    assert "(Per cent)" not in [s.text for s in doc.sections if s.kind == "paragraph"]


def test_a_unit_row_across_the_top_of_a_table_joins_its_headers(tmp_path: Path) -> None:
    rows = [["(per 100,000)", "", ""], *_ROWS]
    records = _records(_docx(tmp_path / "sales.docx", None, rows, merged=True))
    assert list(records[0]) == ["Region", "Growth (per 100,000)", "Share (per 100,000)"]


def test_a_scale_line_stays_a_note_over_the_table(tmp_path: Path) -> None:
    # The figures' scale is read from the note itself when the table is asked.
    doc = load_file(_docx(tmp_path / "scale.docx", "(in millions of dollars)", _ROWS))
    assert list(next(s.record for s in doc.sections if s.record) or {})[1] == "Growth"


def test_a_line_of_prose_above_a_table_is_left_alone(tmp_path: Path) -> None:
    records = _records(_docx(tmp_path / "plain.docx", "In 2023 the south grew.", _ROWS))
    assert list(records[0]) == ["Region", "Growth", "Share"]


def test_columns_named_by_periods_keep_their_names(tmp_path: Path) -> None:
    # A year names the period a question asks about: the unit line stays a note.
    rows = [["Region", "2022", "2023"], *_ROWS[1:]]
    doc = load_file(_docx(tmp_path / "years.docx", "(Per cent)", rows))
    assert list(next(s.record for s in doc.sections if s.record) or {}) == [
        "Region",
        "2022",
        "2023",
    ]
    assert "(Per cent)" in [s.text for s in doc.sections]


def test_unit_lines() -> None:
    for line in ("(Per cent)", "Figures in %", "(per 100,000)", "€m", "In thousands"):
        assert is_unit_line(line), line
    for line in ("In brief", "Per annum", "In 2020 sales grew", "Per person"):
        assert not is_unit_line(line), line


def test_a_unit_line_over_a_sheets_table_joins_its_headers(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["Growth by region"])
    ws.append(["Figures in %"])
    for row in _ROWS:
        ws.append([row[0], *(float(x) if x[0].isdigit() and "." in x else x for x in row[1:])])
    wb.save(tmp_path / "growth.xlsx")
    records = _records(tmp_path / "growth.xlsx")
    assert records[0] == {"Region": "North", "Growth (%)": "12.5", "Share (%)": "13.1"}


def test_a_unit_line_over_a_pdf_table_joins_its_headers(tmp_path: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import LETTER
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    style = getSampleStyleSheet()["Normal"]
    table = Table(_ROWS)
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black)]))
    path = tmp_path / "growth.pdf"
    right = ParagraphStyle("unit", parent=style, alignment=2)  # set flush right
    title = getSampleStyleSheet()["Heading2"]
    story = [Paragraph("Growth by region", title), Paragraph("(Per cent)", right), table]
    SimpleDocTemplate(str(path), pagesize=LETTER).build(story)
    records = _records(path)
    assert records[0] == {
        "Region": "North",
        "Growth (per cent)": "12.5",
        "Share (per cent)": "13.1",
    }
