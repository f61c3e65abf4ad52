"""A long title set flush left runs most of the way across the page, so its middle falls
near the page's: it is still flush with the text, not centred, and stands at the level
of the other titles in its type."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

R, B = "Times-Roman", "Times-Bold"
LEFT, RIGHT = 72.0, LETTER[0] - 72.0
TEXT = (
    "records are read once and checked against the schema before they are written so "
    "that a mistake in one file never reaches the next step of the pipeline and the "
    "report lists every row that was held back with the reason for it"
)
WORDS = TEXT.split(" ")
CHAPTERS = [
    ("Chapter 1: Reading Records", ["Sources", "Formats"]),
    ("Chapter 2: Keeping Every Record on Remote Storage Disks", ["Backups", "Retention"]),
    ("Chapter 3: Writing Records", ["Targets", "Checks"]),
]


def _paragraph(canv: Canvas, y: float) -> float:
    """Three justified-width lines of body text from the left to the right margin."""
    canv.setFont(R, 11)
    line: list[str] = []
    rows = 0
    for word in WORDS * 2:
        if stringWidth(" ".join([*line, word]), R, 11) > RIGHT - LEFT:
            canv.drawString(LEFT, y, " ".join(line))
            y, line, rows = y - 14, [], rows + 1
            if rows == 3:
                break
        line.append(word)
    return y - 8


def _book(path: Path) -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    for chapter, sections in CHAPTERS:
        y = LETTER[1] - 72.0
        canv.setFont(B, 18)
        canv.drawString(LEFT, y, chapter)
        y -= 30
        for section in sections:
            canv.setFont(B, 13)
            canv.drawString(LEFT, y, section)
            y = _paragraph(canv, y - 20)
        canv.showPage()
    canv.save()
    return path


def test_a_long_flush_left_title_keeps_the_level_of_its_type(tmp_path: Path) -> None:
    width = stringWidth(CHAPTERS[1][0], B, 18)
    assert abs(LEFT + width / 2 - LETTER[0] / 2) < 0.06 * LETTER[0]  # its middle is central
    heads = {
        s.text: s.level
        for s in load_file(_book(tmp_path / "book.pdf")).sections
        if s.kind == "heading"
    }
    chapters = {heads[c] for c, _ in CHAPTERS}
    assert len(chapters) == 1
    assert heads["Backups"] == heads["Sources"] == min(chapters) + 1
