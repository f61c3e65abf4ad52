"""A slide divided in two sections titled alike: both titles head the slide's text,
while callouts in other type on the slide stay slide text."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

R, B = "Helvetica", "Helvetica-Bold"
POINTS = [
    "Orders were shipped within two days on average across all regions",
    "Returns fell for the third quarter in a row after the new checks",
    "Support answered most questions on the first reply this quarter",
]
SLIDES = [
    ("Key observations", "Diversification"),
    ("Costs this year", "Costs next year"),
    ("What went well", "What comes next"),
]


def _deck(path: Path) -> Path:
    canv = Canvas(str(path), pagesize=(960, 540))
    for first, second in SLIDES:
        for x, title in ((50, first), (500, second)):
            canv.setFont(R, 24)
            canv.drawString(x, 470, title)
            canv.setFont(R, 11)
            for k, text in enumerate(POINTS):
                canv.drawString(x, 430 - 18 * k, text[:60])
        canv.setFont(B, 16)
        canv.drawString(500, 80, "Total holdings: 634")
        canv.showPage()
    canv.save()
    return path


def test_two_section_titles_in_the_slide_title_type_both_head(tmp_path: Path) -> None:
    heads = [
        s.text for s in load_file(_deck(tmp_path / "deck.pdf")).sections if s.kind == "heading"
    ]
    assert heads == [t for pair in SLIDES for t in pair]
