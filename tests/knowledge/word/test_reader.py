"""Word files: headings with levels, paragraphs, lists, tables as records; hostile files refused."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path

import pytest

from datasetkit.knowledge import Provenance, load_file
from tests.helpers.knowledge_fixtures import (
    make_encrypted_office,
    make_entity_bomb_docx,
    make_policy_docx,
    make_zip_bomb,
)


@pytest.fixture()
def policy(tmp_path: Path) -> Path:
    return make_policy_docx(tmp_path / "travel.docx")


def test_docx_sections_and_provenance_exactly(policy: Path) -> None:
    doc = load_file(policy, display="travel.docx")
    assert doc.problems == []
    assert doc.language == "en"
    t = ("Travel Policy",)
    booking = (*t, "Booking")
    airlines = (*booking, "Approved airlines")
    expenses = (*t, "Expenses")
    got = [(s.kind, s.text, s.provenance, s.level, s.record) for s in doc.sections]
    assert got == [
        ("heading", "Travel Policy", Provenance("travel.docx", heading_path=t), 0, None),
        ("heading", "Booking", Provenance("travel.docx", heading_path=booking), 1, None),
        (
            "paragraph",
            "All trips must be booked through the travel portal at least 14 days ahead.",
            Provenance("travel.docx", heading_path=booking),
            None,
            None,
        ),
        ("heading", "Approved airlines", Provenance("travel.docx", heading_path=airlines), 2, None),
        ("list_item", "Contoso Air", Provenance("travel.docx", heading_path=airlines), 0, None),
        (
            "list_item",
            "Fabrikam Airways",
            Provenance("travel.docx", heading_path=airlines),
            0,
            None,
        ),
        ("heading", "Expenses", Provenance("travel.docx", heading_path=expenses), 1, None),
        (
            "paragraph",
            "A per diem is a fixed daily allowance for meals and incidentals.",
            Provenance("travel.docx", heading_path=expenses),
            None,
            None,
        ),
        (
            "list_item",
            "Submit the receipt photo in the app.",
            Provenance("travel.docx", heading_path=expenses),
            0,
            None,
        ),
        (
            "list_item",
            "Attach the booking reference.",
            Provenance("travel.docx", heading_path=expenses),
            0,
            None,
        ),
        (
            "table_row",
            "City: Paris; Per diem: EUR 90; Hotel cap: EUR 220",
            Provenance("travel.docx", heading_path=expenses, row=2, table=1),
            None,
            {"City": "Paris", "Per diem": "EUR 90", "Hotel cap": "EUR 220"},
        ),
        (
            "table_row",
            "City: Oslo; Per diem: NOK 1100; Hotel cap: NOK 2400",
            Provenance("travel.docx", heading_path=expenses, row=3, table=1),
            None,
            {"City": "Oslo", "Per diem": "NOK 1100", "Hotel cap": "NOK 2400"},
        ),
        (
            "paragraph",
            "Questions go to travel@contoso.example.",
            Provenance("travel.docx", heading_path=expenses),
            None,
            None,
        ),
    ]
    assert [s.marker for s in doc.sections if s.kind == "list_item"] == [None, None, "1.", "2."]


def test_docx_custom_heading_style_merged_cells_and_blank_header(tmp_path: Path) -> None:
    import docx
    from docx.enum.style import WD_STYLE_TYPE

    d = docx.Document()
    style = d.styles.add_style("Chapter", WD_STYLE_TYPE.PARAGRAPH)
    style.base_style = d.styles["Heading 1"]
    d.add_paragraph("Fees", style="Chapter")
    table = d.add_table(rows=3, cols=3)
    table.cell(0, 0).text = "Service"
    table.cell(0, 1).text = "Fee"
    table.cell(1, 0).text = "Express"
    table.cell(1, 1).text = "15 EUR"
    table.cell(1, 2).text = "same day"
    merged = table.cell(2, 0).merge(table.cell(2, 1))
    merged.text = "Standard shipping is free"
    table.cell(2, 2).text = "3 days"
    path = tmp_path / "fees.docx"
    d.save(str(path))
    doc = load_file(path, display="fees.docx")
    assert next((s.kind, s.level, s.text) for s in doc.sections) == ("heading", 1, "Fees")
    # The merged cell stays one cell, under the header of the column it starts in;
    # "3 days" stays in the third column.
    assert [s.record for s in doc.sections[1:]] == [
        {"Service": "Express", "Fee": "15 EUR", "Column 3": "same day"},
        {"Service": "Standard shipping is free", "Fee": "", "Column 3": "3 days"},
    ]
    assert [s.provenance.row for s in doc.sections[1:]] == [2, 3]


def test_empty_docx_is_reported(tmp_path: Path) -> None:
    import docx

    path = tmp_path / "blank.docx"
    docx.Document().save(str(path))
    doc = load_file(path, display="blank.docx")
    assert [(p.code, p.severity) for p in doc.problems] == [("knowledge.empty", "error")]


def test_password_protected_docx_is_reported(tmp_path: Path) -> None:
    path = make_encrypted_office(tmp_path / "locked.docx")
    doc = load_file(path, display="locked.docx")
    assert doc.sections == []
    [problem] = doc.problems
    assert (problem.code, problem.severity, problem.file) == (
        "knowledge.encrypted",
        "error",
        "locked.docx",
    )
    assert "password" in problem.message and "remove the password" in problem.hint


def test_legacy_doc_renamed_and_damaged_docx_are_reported(tmp_path: Path, policy: Path) -> None:
    legacy = tmp_path / "old.docx"
    legacy.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 2048)
    assert [p.code for p in load_file(legacy).problems] == ["knowledge.legacy_format"]
    not_zip = tmp_path / "text.docx"
    not_zip.write_text("just text", encoding="utf-8")
    assert [p.code for p in load_file(not_zip).problems] == ["knowledge.corrupt"]
    # A zip that is not a Word package (its main part is missing).
    broken = tmp_path / "broken.docx"
    with zipfile.ZipFile(policy) as src, zipfile.ZipFile(broken, "w") as dst:
        for info in src.infolist():
            if info.filename != "word/document.xml":
                dst.writestr(info.filename, src.read(info))
    problems = load_file(broken, display="broken.docx").problems
    assert [p.code for p in problems] == ["knowledge.corrupt"]
    assert problems[0].message.startswith("the docx file cannot be opened")


def test_zip_bomb_is_refused_quickly(tmp_path: Path, policy: Path) -> None:
    bomb = make_zip_bomb(policy, tmp_path / "bomb.docx", "word/document.xml", megabytes=300)
    assert bomb.stat().st_size < 1_000_000
    start = time.monotonic()
    doc = load_file(bomb, display="bomb.docx")
    assert time.monotonic() - start < 2
    [problem] = doc.problems
    assert problem.code == "knowledge.zip_bomb"
    assert "word/document.xml" in problem.message and "300 MB" in problem.message


def test_entity_expansion_bomb_is_refused(tmp_path: Path, policy: Path) -> None:
    bomb = make_entity_bomb_docx(policy, tmp_path / "laughs.docx")
    start = time.monotonic()
    doc = load_file(bomb, display="laughs.docx")
    assert time.monotonic() - start < 2
    assert [p.code for p in doc.problems] == ["knowledge.xml_entities"]
    assert doc.sections == []


def test_a_paragraph_whose_style_hides_its_text_is_not_read(tmp_path: Path) -> None:
    # Word marks the edges of a web page's form with paragraphs in hidden styles: their
    # text is never shown, so it is no caption of the table that follows.
    import docx
    from docx.enum.style import WD_STYLE_TYPE

    d = docx.Document()
    hidden = d.styles.add_style("Hidden Marker", WD_STYLE_TYPE.PARAGRAPH)
    hidden.font.hidden = True
    d.add_paragraph("Rainfall by month, 2021")
    d.add_paragraph("Marker text", style="Hidden Marker")
    d.add_paragraph("The wettest month was March.")
    d.save(str(tmp_path / "rain.docx"))
    texts = [s.text for s in load_file(tmp_path / "rain.docx").sections]
    assert texts == ["Rainfall by month, 2021", "The wettest month was March."]
