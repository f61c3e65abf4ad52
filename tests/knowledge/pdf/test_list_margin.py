"""List items whose lines run back to the left margin, left of their marker (a glossary
of lettered definitions): each item whole, and the paragraph after the list apart."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE

# (left edge, text); None leaves the space between two paragraphs.
LINES: list[tuple[float, str] | None] = [
    *((72.0, t) for t in PROSE),
    None,
    (100.0, "A. Extortion Threat means a credible threat or series of threats to cause a privacy"),
    (72.0, "incident, made by a third party against the insured."),
    (
        100.0,
        "B. Extra Expense means the actual costs the insured incurs in excess of its normal costs",
    ),
    (72.0, "of operation."),
    (100.0, "C. Insurer means the company that issues this policy."),
    None,
    *((72.0, t) for t in PROSE),
]


def _write(path: Path) -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica", 10)
    y = LETTER[1] - 72.0
    for item in LINES:
        if item is None:
            y -= 8.0
            continue
        y -= 12.5
        canv.drawString(item[0], y, item[1])
    canv.save()
    return path


def test_items_that_run_back_to_the_margin_stay_whole(tmp_path: Path) -> None:
    doc = load_file(_write(tmp_path / "glossary.pdf"))
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert items == [
        "Extortion Threat means a credible threat or series of threats to cause a privacy "
        "incident, made by a third party against the insured.",
        "Extra Expense means the actual costs the insured incurs in excess of its normal costs "
        "of operation.",
        "Insurer means the company that issues this policy.",
    ]
    paragraphs = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert paragraphs == [" ".join(PROSE), " ".join(PROSE)]
