"""Words a PDF places apart with no space character between them: read as separate
words when the gap is a word space, never split inside a letter-spaced word."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE

GLUED = "Money means coins or bank notes in current use and having face value."


def _write(path: Path) -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    y = LETTER[1] - 72.0
    # A letter-spaced title: every gap between its letters widened alike.
    title = canv.beginText(72, y)
    title.setFont("Helvetica", 14)
    title.setCharSpace(3)
    title.textLine("GLOSSARY")
    title.setCharSpace(0)  # the spacing is part of the page's text state: end it
    canv.drawText(title)
    y -= 30
    canv.setFont("Helvetica", 10)  # the page's first font: resource /F1
    for line in PROSE:
        canv.drawString(72, y, line)
        y -= 12.5
    # One text run whose words are moved apart by 0.13 em, with no space character
    # (narrower than PDFium's own guess of a space).
    run = " -130 ".join(f"({word})" for word in GLUED.split())
    canv._code.append(f"BT /F1 10 Tf 1 0 0 1 72 {y - 8:.1f} Tm [{run}] TJ ET")
    canv.save()
    return path


def test_words_placed_apart_without_spaces_are_read_apart(tmp_path: Path) -> None:
    doc = load_file(_write(tmp_path / "glossary.pdf"))
    texts = [s.text for s in doc.sections]
    assert GLUED in texts
    assert "GLOSSARY" in texts
    assert " ".join(PROSE) in texts
