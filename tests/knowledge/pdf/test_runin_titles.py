"""Numbered section titles set in bold at the start of their paragraph ("**1.
Definitions.** The following terms ..."): the title is a heading at the depth of its
number and the rest of the line stays the section's text, where the document does it
for several sections."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

B, R = "Helvetica-Bold", "Helvetica"
# A line is a list of (text, font) runs; None leaves the space between two paragraphs.
Run = tuple[str, str]
_WRAP = [
    "and the parties keep to it for as long as the agreement runs, unless they agree in",
    "writing to change it, which each of them may propose at any time during the term.",
]


def _write(path: Path, lines: list[list[Run] | None], title: str) -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    y = LETTER[1] - 72.0
    canv.setFont(B, 14)
    canv.drawString(72, y, title)
    y -= 10
    for runs in lines:
        y -= 12.5 if runs else 8.0
        x = 72.0
        for text, font in runs or []:
            canv.setFont(font, 10)
            canv.drawString(x, y, text)
            x += stringWidth(text, font, 10)
    canv.save()
    return path


def _section(title: str, first: str) -> list[list[Run] | None]:
    return [[(title + " ", B), (first, R)], *([(t, R)] for t in _WRAP), None]


def _agreement(path: Path, sections: int) -> Path:
    clauses = [
        ("1. Definitions.", "The following terms have the meanings given to them in this section"),
        ("2. Term:", "This agreement starts on the effective date and runs for three years,"),
        ("2.1 Renewal.", "The agreement renews for one year at a time unless either party"),
        ("3. Fees.", "The customer pays the fees set out in the order within thirty days,"),
    ][:sections]
    lines = [line for title, first in clauses for line in _section(title, first)]
    return _write(path, lines, "MASTER SERVICES AGREEMENT")


def test_runin_section_titles_are_headings_over_their_text(tmp_path: Path) -> None:
    doc = load_file(_agreement(tmp_path / "agreement.pdf", 4))
    heads = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    top = heads.pop("MASTER SERVICES AGREEMENT")
    assert top is not None
    assert heads == {
        "1. Definitions.": top + 1,
        "2. Term:": top + 1,
        "2.1 Renewal.": top + 2,
        "3. Fees.": top + 1,
    }
    texts = [s for s in doc.sections if s.kind == "paragraph"]
    assert texts[0].text.startswith("The following terms have the meanings")
    assert texts[0].provenance.heading_path[-1] == "1. Definitions."
    assert texts[2].text.startswith("The agreement renews for one year")
    assert texts[2].provenance.heading_path[-2:] == ("2. Term:", "2.1 Renewal.")


def test_a_single_bold_opening_stays_in_its_paragraph(tmp_path: Path) -> None:
    doc = load_file(_agreement(tmp_path / "agreement.pdf", 1))
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["MASTER SERVICES AGREEMENT"]
    assert doc.sections[1].text.startswith("1. Definitions. The following terms")
