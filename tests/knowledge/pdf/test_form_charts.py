"""A chart pasted into a page as a form XObject: its rules are placed by the form's
matrix and cut by its clip path. Bars drawn from far below the page and clipped at
the axis must not reach over the text under the figure."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE

R = "Helvetica"


def _paragraphs(canv: Canvas, y: float, count: int) -> float:
    canv.setFont(R, 10)
    for _ in range(count):
        for line in PROSE:
            canv.drawString(72, y, line)
            y -= 12.5
        y -= 10
    return y


def _chart(path: Path) -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica-Bold", 16)
    canv.drawString(72, 720, "Travel Spending")
    _paragraphs(canv, 690, 1)
    # The chart, drawn in its own space: an axis box 300 x 200 and bars that start far
    # below it (a plotting library's habit), clipped to the box.
    canv.beginForm("chart")
    canv.saveState()
    clip = canv.beginPath()
    clip.rect(0, 0, 300, 200)
    canv.clipPath(clip, stroke=0, fill=0)
    canv.setStrokeColorRGB(0, 0, 0)
    for k, height in enumerate([120, 150, 90, 170, 60]):
        canv.rect(20 + 55 * k, -900, 30, 900 + height, stroke=1, fill=0)
    for y in (50, 100, 150):  # grid lines at the ticks
        canv.line(0, y, 300, y)
    canv.restoreState()
    canv.rect(0, 0, 300, 200, stroke=1, fill=0)
    canv.endForm()
    canv.saveState()
    canv.translate(100, 430)
    canv.scale(0.8, 0.8)
    canv.doForm("chart")
    canv.restoreState()
    canv.setFont(R, 9)
    canv.drawString(72, 410, "Figure 1: Spending by month.")
    _paragraphs(canv, 380, 6)
    canv.save()
    return path


def test_bars_clipped_at_the_axis_leave_the_text_under_the_figure_alone(tmp_path: Path) -> None:
    doc = load_file(_chart(tmp_path / "chart.pdf"))
    paragraphs = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert paragraphs.count(" ".join(PROSE)) == 7
    assert not any(PROSE[0].split()[0] in s.text for s in doc.sections if s.kind == "table_row")
