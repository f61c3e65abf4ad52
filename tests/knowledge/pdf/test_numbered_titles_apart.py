"""Section titles whose number stands apart from the title by a wide gap, as LaTeX sets
them ("2   Creating speech features" over "2.1   Preparing the files"), one right under
the other: headings, never a table of two columns."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE


def _page(path: Path) -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    y = LETTER[1] - 72
    canv.setFont("Times-Roman", 10)
    for line in PROSE:
        canv.drawString(90, y, line)
        y -= 12
    y -= 24
    for number, lines, size, indent in (
        ("2", ["Creating speech features for training the", "translation system"], 14.4, 30),
        ("2.1", ["Preparing the feature files"], 12.0, 38),
    ):
        canv.setFont("Times-Roman", size)
        canv.drawString(90, y, number)
        for line in lines:
            canv.drawString(90 + indent, y, line)
            y -= size * 1.25
        y -= 6
    canv.setFont("Times-Roman", 10)
    for line in PROSE * 2:
        canv.drawString(90, y, line)
        y -= 12
    canv.save()
    return path


def test_numbered_titles_with_a_wide_gap_after_the_number_are_headings(tmp_path: Path) -> None:
    sections = load_file(_page(tmp_path / "guide.pdf")).sections
    assert not [s for s in sections if s.kind == "table_row"]
    heads = [s.text for s in sections if s.kind == "heading"]
    assert heads == [
        "2 Creating speech features for training the translation system",
        "2.1 Preparing the feature files",
    ]
