"""Section titles drawn on a shaded band inside a table's frame ("Buyer Information"
over rows of labels and values): headings of the document, ranked with its other
headings, and left out of the table's rows."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE

TITLE = ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=20, leading=24)
SECTION = ParagraphStyle("s", fontName="Helvetica-Bold", fontSize=14, leading=18)
BODY = ParagraphStyle("b", fontName="Helvetica", fontSize=10, leading=12.5)
BANDS = {
    "Buyer Information": [["Name:", "Sonya Bryan"], ["Phone:", "555 0100"], ["Email:", "sb@x.org"]],
    "Supplier Information": [
        ["Name:", "Delta Corp"],
        ["Phone:", "555 0199"],
        ["City:", "Ruleville"],
    ],
}


def _box(title: str, rows: list[list[str]]) -> Table:
    table = Table([[title, ""], *rows], colWidths=[150, 300])
    table.setStyle(
        TableStyle(
            [
                ("SPAN", (0, 0), (-1, 0)),
                ("BACKGROUND", (0, 0), (-1, 0), "#d9d9d9"),
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 12),
                ("FONT", (0, 1), (-1, -1), "Helvetica", 10),
                ("BOX", (0, 0), (-1, -1), 0.5, "black"),
                ("LINEBELOW", (0, 0), (-1, -2), 0.5, "black"),
                ("LINEAFTER", (0, 1), (0, -1), 0.5, "black"),
            ]
        )
    )
    return table


def _form(path: Path) -> Path:
    story = [Paragraph("Master Agreement", TITLE), Spacer(1, 12)]
    for title, rows in BANDS.items():
        story += [_box(title, rows), Spacer(1, 12)]
    story += [Paragraph("Terms and Conditions", SECTION), Spacer(1, 6)]
    story += [Paragraph(" ".join(PROSE), BODY) for _ in range(3)]
    SimpleDocTemplate(str(path), pagesize=LETTER).build(story)
    return path


def test_titles_on_bands_inside_frames_are_headings_not_rows(tmp_path: Path) -> None:
    doc = load_file(_form(tmp_path / "agreement.pdf"))
    heads = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    assert heads["Master Agreement"] == 0
    assert heads["Buyer Information"] == heads["Supplier Information"]
    assert heads["Buyer Information"] is not None and heads["Buyer Information"] > 0
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert not any("Information" in s.text for s in rows)
    # The rows of each box sit under its title.
    sonya = next(s for s in doc.sections if "Sonya Bryan" in s.text)
    assert sonya.provenance.heading_path[-1] == "Buyer Information"
    delta = next(s for s in doc.sections if "Delta Corp" in s.text)
    assert delta.provenance.heading_path[-1] == "Supplier Information"
