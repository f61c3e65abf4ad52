"""A bookmark whose line is gone from the text (the contents listing it names is
furniture, as pandoc and LaTeX guides bookmark it) adds no heading above the title, and
the document is read, never rejected as a bug."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import Document, load_file
from tests.helpers.pdf_pages import PROSE

B, R = "Helvetica-Bold", "Helvetica"
SECTIONS = ["1. Booking a stay", "2. Cancelling a booking", "3. Contacting support"]


def _headings(doc: Document) -> list[str]:
    return [s.text for s in doc.sections if s.kind == "heading"]


def test_a_bookmarked_contents_listing_above_the_first_section_leaves_the_guide_readable(
    tmp_path: Path,
) -> None:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(tmp_path / "guide.pdf"), pagesize=LETTER)
    y = LETTER[1] - 72

    def line(text: str, font: str, size: float, mark: tuple[str, int] | None = None) -> None:
        nonlocal y
        canv.setFont(font, size)
        canv.drawString(72, y, text)
        if mark is not None:
            canv.bookmarkHorizontal(mark[0], 72, y + size)
            canv.addOutlineEntry(text, mark[0], level=mark[1])
        y -= size + 8

    line("Riverside Rentals Guest Guide", B, 15, ("title", 0))
    line(PROSE[0], R, 10)
    line("Table of Contents", B, 12, ("toc", 1))
    for n, title in enumerate(SECTIONS, 1):
        line(f"{title} {'.' * 60} {n}", R, 10)
    y -= 10
    for k, title in enumerate(SECTIONS):
        line(title, B, 12, (f"s{k}", 1))
        for text in PROSE:
            line(text, R, 10)
        line("1. Search for a stay:", B, 10)
        line("• Enter your destination and dates.", R, 10)
        line("• Apply filters such as price and type.", R, 10)
    canv.showPage()
    canv.save()
    doc = load_file(tmp_path / "guide.pdf")
    assert not [p for p in doc.problems if p.severity == "error"], doc.problems
    heads = _headings(doc)
    assert heads[0] == "Riverside Rentals Guest Guide", heads  # no empty contents heading
    assert all(title in heads for title in SECTIONS), heads
    assert PROSE[1] in " ".join(s.text for s in doc.sections)
