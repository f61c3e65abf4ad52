"""A tall letterhead repeated over every page (an envelope stamp, a programme name, the
document's name and its sponsor, four or five lines deep): all of it is running
header, also the lines that reach below the usual header band."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE

B, R = "Helvetica-Bold", "Helvetica"
# (distance of the baseline from the top of the page, text, font, size)
_LETTERHEAD = [
    (18, "Envelope ID: 331A1C00-74EC-4FF6-B151", R, 8),
    (46, "Cooperative Purchasing Program", R, 11),
    (60, "PARTICIPATING ADDENDUM", B, 12),
    (90, "CLOUD SOLUTIONS 2016-2026", B, 12),
    (106, "Led by the State of Utah", R, 11),
]


def _addendum(path: Path, pages: int) -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    height = LETTER[1]
    for n in range(1, pages + 1):
        for down, text, font, size in _LETTERHEAD:
            canv.setFont(font, size)
            canv.drawString(72, height - down, text)
        canv.setFont(B, 11)
        canv.drawString(72, height - 160, f"{n}. Clause Number {n}")
        canv.setFont(R, 11)
        for k, text in enumerate(PROSE):
            canv.drawString(72, height - 180 - 14 * k, text if k else f"Clause {n}: {text}")
        canv.showPage()
    canv.save()
    return path


def test_a_tall_letterhead_on_every_page_is_left_out(tmp_path: Path) -> None:
    doc = load_file(_addendum(tmp_path / "addendum.pdf", 5))
    texts = " ".join(s.text for s in doc.sections)
    for _, text, _, _ in _LETTERHEAD:
        assert text not in texts
    assert [s.text for s in doc.sections if s.kind == "heading"] == [
        f"{n}. Clause Number {n}" for n in range(1, 6)
    ]
    messages = " ".join(p.message for p in doc.problems)
    assert "CLOUD SOLUTIONS 2016-2026" in messages and "Led by the State of Utah" in messages
