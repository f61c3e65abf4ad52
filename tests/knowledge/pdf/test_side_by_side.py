"""Two bold titles set side by side on one baseline are read as two titles."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE

B, R = "Helvetica-Bold", "Helvetica"


def _page(path: Path, left: str, right: str, font: str = B) -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont(B, 18)
    canv.drawString(72, 720, "Running the Service")
    y = 690.0
    for text in PROSE:
        canv.setFont(R, 10)
        canv.drawString(72, y, text)
        y -= 12.5
    y -= 14
    # Two titles at one height, one over each half of the page.
    canv.setFont(font, 10)
    canv.drawString(72, y, left)
    canv.drawString(330, y, right)
    y -= 20
    for text in PROSE:
        canv.setFont(R, 10)
        canv.drawString(72, y, text)
        y -= 12.5
    canv.save()
    return path


def _headings(path: Path) -> list[str]:
    return [s.text for s in load_file(path).sections if s.kind == "heading"]


def test_two_bold_titles_side_by_side_are_two_headings(tmp_path: Path) -> None:
    # "Quotas Demand spikes" names nothing: the wide space between the two says they
    # are two titles.
    heads = _headings(_page(tmp_path / "side.pdf", "Quotas", "Demand spikes"))
    assert heads == ["Running the Service", "Quotas", "Demand spikes"]


def test_regular_words_spread_across_a_line_stay_one_line(tmp_path: Path) -> None:
    # Regular type is left whole (the line is text, not a pair of titles).
    path = _page(tmp_path / "plain.pdf", "Quotas", "Demand spikes", font=R)
    assert _headings(path) == ["Running the Service"]
    texts = [s.text for s in load_file(path).sections]
    assert any("Quotas" in t and "Demand spikes" in t for t in texts)


def test_two_numbered_titles_side_by_side_are_read_apart(tmp_path: Path) -> None:
    # Each half opens its own item ("(m) ..." beside "(n) ..."); read together they
    # make one heading that names two sections.
    path = _page(tmp_path / "items.pdf", "(m) Readiness Flight", "(n) Special Flight Permits")
    heads = _headings(path)
    assert "(m) Readiness Flight (n) Special Flight Permits" not in heads
    assert "(n) Special Flight Permits" in heads


def test_labels_over_a_row_of_figures_are_no_headings(tmp_path: Path) -> None:
    # "Matrix C" over one figure and "Matrix D" over the next: labels of one series,
    # which title no section.
    heads = _headings(_page(tmp_path / "labels.pdf", "Matrix C", "Matrix D"))
    assert heads == ["Running the Service"]


def test_a_division_label_and_its_title_a_tab_apart_are_one_heading(tmp_path: Path) -> None:
    heads = _headings(_page(tmp_path / "division.pdf", "SECTION 2", "DIESEL ENGINES"))
    assert heads == ["Running the Service", "SECTION 2 DIESEL ENGINES"]
