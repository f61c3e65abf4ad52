"""A cover's title set in display type (twice the text's size or more) that wraps after
every word or two is the document's title however many lines it takes; a block of
display type that fills its lines stays no title."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE

COVER = ParagraphStyle("c", fontName="Helvetica-Bold", fontSize=40, leading=46)
SECTION = ParagraphStyle("s", fontName="Helvetica-Bold", fontSize=20, leading=24)
SUB = ParagraphStyle("u", fontName="Helvetica-Bold", fontSize=15, leading=18)
BODY = ParagraphStyle("b", fontName="Helvetica", fontSize=11, leading=14)


def _guide(path: Path, cover: list[str]) -> Path:
    story = [Paragraph("<br/>".join(cover), COVER), PageBreak()]
    for title, sub in (("INTRODUCTION", "PURPOSE"), ("PUBLISHING", "FORMATS")):
        story += [Paragraph(title, SECTION), Spacer(1, 6), Paragraph(" ".join(PROSE), BODY)]
        story += [Paragraph(sub, SUB), Spacer(1, 6), Paragraph(" ".join(PROSE), BODY)]
    SimpleDocTemplate(str(path), pagesize=A4).build(story)
    return path


def _outline(path: Path) -> list[tuple[int | None, str]]:
    return [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]


def test_a_cover_title_over_six_lines_of_display_type_is_the_title(tmp_path: Path) -> None:
    cover = ["GUIDE FOR", "OPENING DATA", "IN PUBLIC", "AGENCIES OF", "THE NATIONAL", "GOVERNMENT"]
    assert _outline(_guide(tmp_path / "guide.pdf", cover)) == [
        (0, "GUIDE FOR OPENING DATA IN PUBLIC AGENCIES OF THE NATIONAL GOVERNMENT"),
        (1, "INTRODUCTION"),
        (2, "PURPOSE"),
        (1, "PUBLISHING"),
        (2, "FORMATS"),
    ]


def test_display_type_that_fills_its_lines_is_no_title(tmp_path: Path) -> None:
    cover = [
        "Every agency opens its data",
        "so that anyone may reuse it",
        "for research and for new",
        "services, and it keeps them",
        "current as the data change",
    ]
    outline = _outline(_guide(tmp_path / "blurb.pdf", cover))
    assert not any(level == 0 for level, _ in outline)


TITLE = ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=36, leading=42)
SUBTITLE = ParagraphStyle("st", fontName="Helvetica", fontSize=14, leading=18)


def _book(path: Path) -> Path:
    """A cover (title and subtitle), a half-title page that sets both again, then
    sections, one of them named like the book in the sections' type."""
    front = [
        Paragraph("Reading Public Budgets", TITLE),
        Spacer(1, 12),
        Paragraph("Basic concepts for citizens who follow how their taxes are spent", SUBTITLE),
    ]
    story = [*front, PageBreak(), *front, PageBreak()]
    for title in ("Presentation", "Reading Public Budgets", "Acknowledgements"):
        story += [Paragraph(title, SECTION), Spacer(1, 6), Paragraph(" ".join(PROSE), BODY)]
    SimpleDocTemplate(str(path), pagesize=A4).build(story)
    return path


def test_a_half_title_page_repeating_the_cover_titles_no_section(tmp_path: Path) -> None:
    assert _outline(_book(tmp_path / "book.pdf")) == [
        (0, "Reading Public Budgets"),
        (1, "Presentation"),
        (1, "Reading Public Budgets"),
        (1, "Acknowledgements"),
    ]


NAME = ParagraphStyle("n", fontName="Helvetica", fontSize=10, leading=12)
NOTE = ParagraphStyle("o", fontName="Helvetica", fontSize=6.5, leading=8)
ARTICLE = ParagraphStyle("a", fontName="Helvetica-Bold", fontSize=16, leading=19)
PART = ParagraphStyle("p", fontName="Helvetica-Bold", fontSize=11, leading=13)
SMALL = ParagraphStyle("sm", fontName="Helvetica", fontSize=8.5, leading=10.5)


def _journal(path: Path) -> Path:
    """Two articles of a journal issue, each a title over its author's name, the
    author's note in small type naming them again ("Ana M Ruiz, professor"), then
    sections; a section named in capitalised words stays a heading."""
    story: list = []
    for title, name in (
        ("Why citation counts mislead", "Ana M Ruiz"),
        ("Defining a package of services", "Jon K Berg"),
    ):
        story += [Paragraph(title, ARTICLE), Paragraph(name, NAME), Spacer(1, 4)]
        story += [Paragraph(f"Institute of Studies, Oslo {name}, professor", NOTE)]
        for section in ("Summary Points", "Problems of practice"):
            story += [Paragraph(section, PART), Paragraph(" ".join(PROSE), SMALL)]
        story.append(PageBreak())
    SimpleDocTemplate(str(path), pagesize=A4).build(story)
    return path


def test_an_author_named_again_in_the_note_under_the_title_is_a_byline(tmp_path: Path) -> None:
    heads = [text for _, text in _outline(_journal(tmp_path / "issue.pdf"))]
    assert "Ana M Ruiz" not in heads and "Jon K Berg" not in heads
    assert heads.count("Summary Points") == 2
