"""A credit line under a cover title ("Compiled by ...") set in the title's own type
is cover text, not the title going on nor a heading over the document."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

_TEXT = (
    "The course covers the tools every student needs in the first weeks and shows "
    "each one with a short example that can be tried at home."
)


def _notes(path: Path, credit: str) -> None:
    """Everything 12 pt: a bold centred title, a bold centred credit line under it,
    then bold numbered sections over plain paragraphs."""
    c = Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica-Bold", 12)
    c.drawCentredString(297, 780, "An Introduction to Programming for New Students")
    c.drawCentredString(297, 750, credit)
    y = 710.0
    for section in ("1. First Steps", "2. Variables", "3. Control Flow"):
        c.setFont("Helvetica-Bold", 12)
        c.drawString(72, y, section)
        y -= 20
        c.setFont("Helvetica", 12)
        words = _TEXT.split()
        for k in range(0, len(words), 11):
            c.drawString(72, y, " ".join(words[k : k + 11]))
            y -= 15
        y -= 15
    c.showPage()
    c.save()


@pytest.mark.parametrize(
    "credit",
    [
        "Compiled by the Student Council",
        "Zusammengestellt von der Fachschaft",
        "Elaborado por el Equipo Docente",
    ],
)
def test_a_credit_line_under_the_title_is_cover_text(tmp_path: Path, credit: str) -> None:
    path = tmp_path / "notes.pdf"
    _notes(path, credit)
    doc = load_file(path)
    heads = [(s.text, s.level) for s in doc.sections if s.kind == "heading"]
    assert heads[0] == ("An Introduction to Programming for New Students", 0)
    assert credit not in [t for t, _ in heads]
    assert credit in [s.text for s in doc.sections]
    assert doc.title == "An Introduction to Programming for New Students"
