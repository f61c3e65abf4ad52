"""The title of a document set in one type throughout (a contract typed in a word
processor): its first line, bold and centred on the page over running text, is the
title, though it is set a point smaller than the text. A line that reads as a lead-in,
or one set flush left in that smaller type, is not."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

B, R = "Helvetica-Bold", "Helvetica"
SIZE = 11.0
# The title a point smaller than the text, as a word processor's "Title" may set it.
TITLE = 10.0
TEXT = [
    "In the city, on the second of October, the company and the consultant agree to the",
    "terms set out below, which govern the services the consultant provides to the company",
    "for the length of the project and for any later work the parties agree to in writing.",
    "The consultant works under the direction of the project lead and reports on progress",
    "every week, in writing, with the hours spent and the work left to do on each task.",
]


def _contract(path: Path, title: list[str], centred: bool = True) -> Path:
    canv = Canvas(str(path), pagesize=A4)
    width, height = A4
    y = height - 72.0
    canv.setFont(B, TITLE)
    for line in title:
        y -= TITLE * 1.3
        if centred:
            canv.drawCentredString(width / 2, y, line)
        else:
            canv.drawString(72, y, line)
    y -= 12
    canv.setFont(R, SIZE)
    for line in TEXT:
        y -= SIZE * 1.3
        canv.drawString(72, y, line)
    canv.save()
    return path


def _headings(path: Path) -> list[tuple[str, int | None]]:
    doc = load_file(path)
    return [(s.text, s.level) for s in doc.sections if s.kind == "heading"]


def test_a_bold_centred_first_line_over_the_text_is_the_title(tmp_path: Path) -> None:
    lines = ["CONSULTING SERVICES AGREEMENT", "FOR EXTERNAL CONSULTANTS"]
    got = _headings(_contract(tmp_path / "agreement.pdf", lines))
    assert got == [("CONSULTING SERVICES AGREEMENT FOR EXTERNAL CONSULTANTS", 0)]


def test_a_bold_line_flush_left_or_a_lead_in_is_no_title(tmp_path: Path) -> None:
    assert _headings(_contract(tmp_path / "left.pdf", ["CONSULTING AGREEMENT"], False)) == []
    assert _headings(_contract(tmp_path / "one.pdf", ["CONSULTING AGREEMENT"])) != []
    assert _headings(_contract(tmp_path / "lead.pdf", ["The parties agree as follows:"])) == []
