"""Documents printed as plain text, every line in one type: a call transcript lists its
sections under "Contents:" with no page numbers, and its first line, over a byline, is
its title. The listing says which later lines are section titles; a listing that names
nothing later (a box's contents) is text."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import BODY, PROSE, body


def write_pages(path: Path, pages: list[list[tuple[str, str, float]]]) -> Path:
    """Each page's lines from the top in one type, a blank line's space between two
    paragraphs (text printed as it was typed)."""
    canv = Canvas(str(path), pagesize=LETTER)
    for lines in pages:
        y = LETTER[1] - 72.0
        for text, font, size in lines:
            y -= size * 1.25 if text else size * 2.5
            if text:
                canv.setFont(font, size)
                canv.drawString(72, y, text)
        canv.showPage()
    canv.save()
    return path


def _plain(*texts: str) -> list[tuple[str, str, float]]:
    """Lines in the body's type, one under the other, with no gap after them."""
    return [(t, *BODY) for t in texts]


def _transcript(path: Path, contents: str = "Contents:") -> Path:
    first = [
        *_plain("Harbor Tools (HRBR) Q3 2025 Earnings Call Transcript"),
        *body("By Jane Writer - Nov 20, 2024 at 9:00PM"),
        *body("Harbor Tools (HRBR -1.50%)", "Q3 2025 Earnings Call"),
        *body(contents),
        *_plain("Prepared Remarks", "Questions and Answers", "Call Participants"),
        *body("Prepared Remarks:"),
        *body("Operator"),
        *body(*PROSE),
        *body("Pat Lee -- Chief Executive Officer"),
        *body(*PROSE),
    ]
    second = [
        *body(*PROSE),
        *body("Questions & Answers:"),
        *body("Operator"),
        *body(*PROSE),
        *body("Call participants:"),
        *body("Pat Lee -- Chief Executive Officer"),
        *body("Sam Ode -- Analyst"),
    ]
    return write_pages(path, [first, second])


def test_a_listing_without_page_numbers_names_the_sections(tmp_path: Path) -> None:
    doc = load_file(_transcript(tmp_path / "call.pdf"))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == [
        (0, "Harbor Tools (HRBR) Q3 2025 Earnings Call Transcript"),
        (1, "Prepared Remarks:"),
        (1, "Questions & Answers:"),
        (1, "Call participants:"),
    ]
    texts = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert "By Jane Writer - Nov 20, 2024 at 9:00PM" in texts
    assert not any("Questions and Answers" in t for t in texts)  # the listing is left out


def test_the_listing_works_in_other_languages(tmp_path: Path) -> None:
    for word in ("Inhalt:", "Sommaire", "Índice:"):
        doc = load_file(_transcript(tmp_path / "call.pdf", word))
        heads = [s.text for s in doc.sections if s.kind == "heading" and s.level == 1]
        assert heads == ["Prepared Remarks:", "Questions & Answers:", "Call participants:"], word


def test_a_listing_that_names_nothing_later_is_text(tmp_path: Path) -> None:
    path = write_pages(
        tmp_path / "box.pdf",
        [
            [
                *body("Camping Tent Setup Guide"),
                *body("Contents:"),
                *_plain("One tent body", "Two poles", "Eight pegs", "A carry bag"),
                *body(*PROSE),
            ]
        ],
    )
    doc = load_file(path)
    assert [s.text for s in doc.sections if s.kind == "heading"] == []
    texts = " ".join(s.text for s in doc.sections)
    assert "Two poles" in texts and "Eight pegs" in texts


def test_a_first_line_without_a_byline_is_no_title(tmp_path: Path) -> None:
    path = write_pages(
        tmp_path / "note.pdf",
        [[*_plain("Harbor Tools Quarterly Note"), *body(*PROSE), *body(*PROSE)]],
    )
    assert [s for s in load_file(path).sections if s.kind == "heading"] == []
