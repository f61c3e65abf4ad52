"""PDF tables as rows and columns: ruled grids, tables across a page break, unruled and
striped tables; boxed notes that are not tables; images that may hold a table.

The plan comparison (tests/helpers/pdf_fixtures.py) is built once for the module.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from datasetkit.knowledge import Document, Section, load_file
from tests.helpers import pdf_fixtures as F


@pytest.fixture(scope="module")
def plans_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return F.make_plan_tables(tmp_path_factory.mktemp("pdf_tables") / "plans.pdf")


@pytest.fixture(scope="module")
def plans(plans_path: Path) -> Document:
    return load_file(plans_path, display="plans.pdf")


@pytest.fixture(scope="module")
def plans_pages(plans_path: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(str(plans_path)).pages]


def _rows(doc: Document, first_header: str) -> list[Section]:
    """The rows of the tables whose first header cell is ``first_header``."""
    numbers = {
        s.provenance.table
        for s in doc.sections
        if s.kind == "table_row" and s.record and next(iter(s.record)) == first_header
    }
    assert numbers, first_header
    return [s for s in doc.sections if s.kind == "table_row" and s.provenance.table in numbers]


def _records(head: list[str], rows: list[list[str]]) -> list[dict[str, str]]:
    return [dict(zip(head, row, strict=True)) for row in rows]


def test_a_ruled_grid_table_gives_one_record_per_row(plans: Document) -> None:
    rows = [s for s in plans.sections if s.kind == "table_row" and s.provenance.table == 1]
    assert [s.record for s in rows] == _records(F.PREMIUMS_HEAD, F.PREMIUMS)
    # The Notes cell of the Plus plan wraps onto two lines in its cell.
    assert rows[1].record is not None and rows[1].record["Notes"] == F.PREMIUMS[1][3]
    assert [(s.provenance.table, s.provenance.row, s.provenance.page) for s in rows] == [
        (1, 2, 1),
        (1, 3, 1),
        (1, 4, 1),
    ]
    assert rows[0].text == (
        "Plan: Standard; Monthly premium: $85; Annual deductible: $1,500; "
        "Notes: Lowest premium; preventive care at no cost."
    )
    assert rows[0].provenance.heading_path == (F.PLANS_TITLE, "Monthly premiums")


def test_two_tables_with_the_same_columns_stay_two_tables(plans: Document) -> None:
    tables: dict[int, list[dict[str, str]]] = {}
    for s in plans.sections:
        if s.kind == "table_row" and s.record and "Monthly premium" in s.record:
            tables.setdefault(s.provenance.table or 0, []).append(s.record)
    assert list(tables.values()) == [
        _records(F.PREMIUMS_HEAD, F.PREMIUMS),
        _records(F.PREMIUMS_HEAD, F.FAMILY_PREMIUMS),
    ]
    # The sentence between them is a paragraph, not a row of either.
    lead = [s for s in plans.sections if "spouse or children" in s.text]
    assert [(s.kind, s.text) for s in lead] == [("paragraph", F.FAMILY_LEAD)]


def test_a_table_across_a_page_break_is_one_table(plans: Document, plans_pages: list[str]) -> None:
    rows = _rows(plans, "Tier")
    assert [s.record for s in rows] == _records(F.PHARMACY_HEAD, F.PHARMACY)
    assert len({s.provenance.table for s in rows}) == 1
    assert [s.provenance.row for s in rows] == list(range(2, len(F.PHARMACY) + 2))
    # The header repeated at the top of the next page is not a row.
    assert not any(s.record and s.record["Tier"] == "Tier" for s in rows)
    pages = [s.provenance.page for s in rows]
    assert len(set(pages)) == 2, "the fixture's table must cross a page break"
    for s in rows:
        assert s.record is not None
        where = [i + 1 for i, text in enumerate(plans_pages) if s.record["Medicine"] in text]
        assert where == [s.provenance.page], s.record


def test_an_unruled_table_is_read_by_its_aligned_columns(
    plans: Document, plans_pages: list[str]
) -> None:
    rows = _rows(plans, "Provider")
    assert [s.record for s in rows] == _records(F.CONTACTS_HEAD, F.CONTACTS)
    assert rows[0].provenance.heading_path == (F.PLANS_TITLE, "Contacts")
    # Its last row went on alone at the top of the next page: still a row of the table.
    start = next(i + 1 for i, t in enumerate(plans_pages) if "HR service centre" in t)
    assert "Tailspin Pharmacy" in plans_pages[start - 2]
    assert [(s.provenance.page, s.provenance.row) for s in rows] == [
        (start - 1, 2),
        (start - 1, 3),
        (start - 1, 4),
        (start, 5),
    ]
    assert len({s.provenance.table for s in rows}) == 1


def test_a_table_with_rules_only_above_and_below_keeps_its_wrapped_cells(
    plans: Document,
) -> None:
    rows = _rows(plans, "Service")
    [costs] = {
        s.provenance.table for s in rows if s.record and s.record["Service"] == "Urgent care"
    }
    records = [s.record for s in rows if s.provenance.table == costs]
    assert records == _records(F.COSTS_HEAD, F.COSTS)
    assert not any(s.kind == "heading" and "Standard plan" in s.text for s in plans.sections)


def test_an_unruled_table_with_right_aligned_amounts_is_read(plans: Document) -> None:
    rows = _rows(plans, "Coverage")
    assert [s.record for s in rows] == _records(F.HSA_HEAD, F.HSA)
    assert rows[0].provenance.page == 1


def test_a_header_of_two_rows_names_each_column_by_both(plans: Document) -> None:
    rows = _rows(plans, "Plan")
    vision = [s.record for s in rows if s.record and "In network Eye exam" in s.record]
    assert vision == _records(F.VISION_HEAD, F.VISION)
    assert not any(s.record and s.record.get("Plan") in ("", "Plan") for s in rows)


def test_a_table_with_shaded_rows_and_no_grid_is_read(plans: Document) -> None:
    rows = _rows(plans, "Service")
    [dental] = {s.provenance.table for s in rows if s.record and s.record["Service"] == "Fillings"}
    records = [s.record for s in rows if s.provenance.table == dental]
    assert records == _records(F.DENTAL_HEAD, F.DENTAL)


def test_tables_are_numbered_in_reading_order_and_a_boxed_note_is_not_one(
    plans: Document,
) -> None:
    firsts = {}
    for s in plans.sections:
        if s.kind == "table_row" and s.record:
            firsts.setdefault(s.provenance.table, next(iter(s.record)))
    assert firsts == {
        1: "Plan",
        2: "Plan",
        3: "Coverage",
        4: "Service",
        5: "Tier",
        6: "Service",
        7: "Provider",
        8: "Plan",
    }
    note = [s for s in plans.sections if "health savings account at the start" in s.text]
    assert [(s.kind, s.text, s.provenance.table) for s in note] == [("paragraph", F.NOTE, None)]


def test_a_picture_on_a_page_with_text_is_reported_but_not_the_header_logo(
    plans: Document, plans_path: Path, plans_pages: list[str]
) -> None:
    pdf = pdfium.PdfDocument(str(plans_path))
    try:
        images = [
            sum(1 for o in page.get_objects() if o.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE)
            for page in pdf
        ]
    finally:
        pdf.close()
    map_page = next(i + 1 for i, t in enumerate(plans_pages) if "The map below" in t)
    # The fixture: a logo in the header of every page, and the map on one page.
    assert images == [2 if n == map_page else 1 for n in range(1, len(plans_pages) + 1)]
    found = [p for p in plans.problems if p.code == "knowledge.image_region"]
    assert [(p.severity, p.page) for p in found] == [("warning", map_page)]
    assert "wherever you liv" in found[0].message  # says where on the page it is
    assert {p.code for p in plans.problems} == {
        "knowledge.image_region",
        "knowledge.boilerplate_removed",
    }


def test_a_caption_across_the_first_row_is_a_paragraph_not_the_header(tmp_path: Path) -> None:
    from reportlab.lib import colors
    from reportlab.platypus import Paragraph, Table, TableStyle

    def story() -> list[object]:
        data = [
            ["Table 3. Per diem rates 2026", "", ""],
            ["Region", "Per diem", "Hotel cap"],
            ["North America", "$75", "$220"],
            ["Europe", "EUR 70", "EUR 200"],
        ]
        style = TableStyle(
            [("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("SPAN", (0, 0), (-1, 0))]
        )
        intro = Paragraph("Travel allowances are paid for each day away.", F.STYLES["body"])
        return [intro, Table(data, style=style)]

    doc = load_file(F.build(tmp_path / "rates.pdf", story, None))
    assert [(s.kind, s.text) for s in doc.sections[:2]] == [
        ("paragraph", "Travel allowances are paid for each day away."),
        ("paragraph", "Table 3. Per diem rates 2026"),
    ]
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows == [
        {"Region": "North America", "Per diem": "$75", "Hotel cap": "$220"},
        {"Region": "Europe", "Per diem": "EUR 70", "Hotel cap": "EUR 200"},
    ]


def _statement(path: Path) -> Path:
    """An unruled financial table: a group label over the two year columns, dollar
    signs set in narrow columns of their own left of the amounts."""
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica", 10)
    canv.drawString(72, 720, "Results for the quarter are set out in the table below.")
    canv.drawString(330, 690, "Three Months Ended June 30,")
    rows = [
        ("In millions", "", "2023", "", "2022", "% Change"),
        ("Revenue", "$", "31,999", "$", "28,822", "11%"),
        ("Costs and expenses", "", "22,607", "", "20,464", "10%"),
        ("Net income", "$", "7,788", "$", "6,687", "16%"),
    ]
    for k, row in enumerate(rows):
        y = 676 - 14 * k
        canv.drawString(72, y, row[0])
        for x, text in zip((300, 380, 400, 480), row[1:5], strict=True):
            if text == "$":
                canv.drawString(x, y, text)
            elif text:
                canv.drawRightString(x, y, text)
        canv.drawRightString(540, y, row[5])
    canv.showPage()
    canv.save()
    return path


def test_a_group_label_above_an_unruled_table_and_currency_signs_join_the_columns(
    tmp_path: Path,
) -> None:
    doc = load_file(_statement(tmp_path / "statement.pdf"), display="statement.pdf")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows[0] == {
        "In millions": "Revenue",
        "Three Months Ended June 30, 2023": "$31,999",
        "Three Months Ended June 30, 2022": "$28,822",
        "% Change": "11%",
    }
    assert len(rows) == 3
    assert not any(s.text == "Three Months Ended June 30," for s in doc.sections)


def test_a_title_merged_across_a_ruled_table_reads_line_by_line(tmp_path: Path) -> None:
    from reportlab.lib.pagesizes import LETTER, landscape
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    rows = [
        ["Firearm Background Checks\nNovember - 2015", "", "", ""],
        ["State", "Permit", "Handgun", "Long Gun"],
        ["Alabama", "18,870", "23,022", "22,650"],
        ["Alaska", "209", "3,062", "3,209"],
    ]
    table = Table(rows, colWidths=[150, 150, 150, 150])
    table.setStyle(
        TableStyle(
            [
                ("SPAN", (0, 0), (-1, 0)),
                ("ALIGN", (0, 0), (-1, 0), "CENTER"),
                ("FONTSIZE", (0, 0), (-1, 0), 16),
                ("LEADING", (0, 0), (-1, 0), 18),
                ("GRID", (0, 0), (-1, -1), 0.5, "black"),
            ]
        )
    )
    path = tmp_path / "checks.pdf"
    SimpleDocTemplate(str(path), pagesize=landscape(LETTER)).build([table])
    doc = load_file(path)
    texts = [s.text for s in doc.sections]
    # The title inside the frame is the document's title, its date line under it.
    assert texts[:2] == ["Firearm Background Checks", "November - 2015"]
    assert doc.sections[0].kind == "heading"
    assert doc.sections[2].record == {
        "State": "Alabama",
        "Permit": "18,870",
        "Handgun": "23,022",
        "Long Gun": "22,650",
    }
