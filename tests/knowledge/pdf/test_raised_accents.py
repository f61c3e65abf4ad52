"""An accent TeX sets as a character of its own and raises over a capital ("´I" for
"Í") sits off the letter's baseline, and the text layer puts a line break between
the two: the letter and its accent are one letter all the same."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

_TEXT = "El estudio describe las variables de cada muestra y las compara entre si."


def _raised(c: Canvas, x: float, y: float, word: str, size: float) -> None:
    """``word`` whose capital carries an acute accent drawn first, raised over it."""
    width = stringWidth(word[0], "Helvetica-Bold", size)
    accent = stringWidth("´", "Helvetica-Bold", size)
    c.setFont("Helvetica-Bold", size)
    c.drawString(x + (width - accent) / 2, y + size * 0.25, "´")
    c.drawString(x, y, word)


def _notes(path: Path) -> None:
    c = Canvas(str(path), pagesize=A4)
    _raised(c, 72, 760, "Indice de temas", 18)
    c.setFont("Helvetica", 11)
    for k, line in enumerate(("Esta guia resume el curso.", _TEXT, _TEXT)):
        c.drawString(72, 730 - 16 * k, line)
    _raised(c, 72, 660, "Area de estudio", 18)
    c.setFont("Helvetica", 11)
    c.drawString(72, 630, _TEXT)
    c.showPage()
    c.save()


def test_a_raised_accent_joins_the_capital_under_it(tmp_path: Path) -> None:
    path = tmp_path / "notas.pdf"
    _notes(path)
    texts = [s.text for s in load_file(path).sections]
    assert texts[0] == "Índice de temas"
    # An accent the text layer lists after its line joins no letter of the next line.
    assert texts[-1] == _TEXT
