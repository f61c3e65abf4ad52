"""PDF pages drawn line by line, each line in its own font and size: documents whose
headings differ from the body by exactly the evidence a test is about."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

BODY = ("Helvetica", 10.0)
# (text, font, size); an empty text leaves the space between two paragraphs.
Line = tuple[str, str, float]
# A run of words in one font, several to a line (a bold term inside a line); body size
# unless a size is given.
Run = tuple[str, str] | tuple[str, str, float]
PROSE = [
    "Employees book travel through the approved portal at least fourteen days before they",
    "leave, and keep every receipt until the claim is paid. Managers approve each trip in",
    "advance and check that the cost is in line with the budget of their team for the year.",
]


def body(*texts: str) -> list[Line]:
    """Body-type lines, one paragraph."""
    return [(t, *BODY) for t in texts] + [("", *BODY)]


def write_pages(path: Path, pages: list[list[Line]]) -> Path:
    """Each page's lines from the top, 1.25 line spacing, a gap before each paragraph."""
    canv = Canvas(str(path), pagesize=LETTER)
    for lines in pages:
        y = LETTER[1] - 72.0
        for text, font, size in lines:
            y -= size * 1.25 if text else 8.0
            if text:
                canv.setFont(font, size)
                canv.drawString(72, y, text)
        canv.showPage()
    canv.save()
    return path


def write_runs(path: Path, lines: Sequence[Sequence[Run] | None]) -> Path:
    """One page of body-size lines, each made of runs in their own fonts set one after
    the other; None leaves the space between two paragraphs."""
    canv = Canvas(str(path), pagesize=LETTER)
    y = LETTER[1] - 72.0
    for runs in lines:
        sizes = [run[2] if len(run) == 3 else BODY[1] for run in runs or []]
        y -= 1.25 * max(sizes) if sizes else 8.0
        x = 72.0
        for run, size in zip(runs or [], sizes, strict=True):
            canv.setFont(run[1], size)
            canv.drawString(x, y, run[0])
            x += stringWidth(run[0], run[1], size)
    canv.save()
    return path
