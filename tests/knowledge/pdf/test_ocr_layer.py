"""Scanned pages with an OCR text layer: a page-sized image and the engine's text, either
invisible (render mode 3) over it or drawn under it. The layer's font is a fixed-width
stand-in, each line's size is its height in whole points, bullets come out as "0" or
"°", rules as "|". Such a page reads as its printed original does: titles, sections,
bulleted lists; a born-digital page with the same lines keeps its literal reading."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from datasetkit.knowledge.pdf.ocr_layer import merged_sizes

# (x, text, size in whole points, gap above in points)
SCAN = [
    (72, "Field Service Handbook", 20, 0),
    (72, "The handbook tells technicians how to plan a visit, what to carry and how", 9, 16),
    (72, "to report the work when the job is done. Its rules apply to every region.", 9, 3),
    (72, "0 Carry the signed work order and the site contact on every visit.", 10, 6),
    (72, "0 Check the safety equipment before the van leaves the depot in the", 10, 3),
    (80, "MORNING (GLOVES, HELMET, LAMP).", 11, 2),
    (72, "° Report each finished job within one working day of the visit.", 10, 3),
    (72, "Planning a Visit", 10, 14),
    (72, "Technicians confirm the appointment with the customer a day ahead and", 8, 4),
    (72, "note the parts they expect to need, so that the depot can prepare them.", 8, 2),
    (300, "|", 8, 2),
    (72, "- - - - - - - -", 8, 4),
    (200, "K1 /2", 14, 8),
    (72, "Reporting the Work", 9, 14),
    (72, "The report names the parts used, the hours worked and any follow-up", 8, 4),
    (72, "visit the customer asked for, and it goes to the regional office.", 8, 2),
]


def _scan(path: Path, *, under: bool = False, image: bool = True) -> Path:
    """One page: a scan-sized image and the OCR text, invisible over it (or, ``under``,
    visible and then covered by it); without ``image``, a born-digital page."""
    width, height = LETTER
    canvas = Canvas(str(path), pagesize=LETTER)
    picture = ImageReader(Image.new("L", (85, 110), 255))
    if image and not under:
        canvas.drawImage(picture, 0, 0, width, height)
    y = height - 72
    for x, text, size, gap in SCAN:
        y -= gap + size
        obj = canvas.beginText(x, y)
        obj.setFont("Courier", size)
        obj.setTextRenderMode(3 if image and not under else 0)
        obj.textLine(text)
        canvas.drawText(obj)
    if under:
        canvas.drawImage(picture, 0, 0, width, height)
    canvas.save()
    return path


def _read(path: Path) -> list[tuple[str, str, int | None]]:
    return [(s.kind, s.text, s.level) for s in load_file(path).sections]


def test_an_ocr_layer_reads_as_text_with_titles_not_as_code(tmp_path: Path) -> None:
    got = _read(_scan(tmp_path / "scan.pdf"))
    assert not [k for k, _, _ in got if k == "code"]
    heads = [(t, lv) for k, t, lv in got if k == "heading"]
    assert heads[0] == ("Field Service Handbook", 0)
    # a point of rounding apart (10 and 9): one level
    assert ("Planning a Visit", 1) in heads and ("Reporting the Work", 1) in heads
    assert len(heads) == 3


def test_guessed_bullets_at_one_edge_make_a_list(tmp_path: Path) -> None:
    items = [t for k, t, _ in _read(_scan(tmp_path / "scan.pdf")) if k == "list_item"]
    assert len(items) == 3
    assert items[0].startswith("Carry the signed work order")
    # a wrapped line a point larger (capitals) stays in its item
    assert items[1].endswith("depot in the MORNING (GLOVES, HELMET, LAMP).")
    assert items[2].startswith("Report each finished job")


def test_specks_read_from_rules_are_dropped(tmp_path: Path) -> None:
    texts = [t for _, t, _ in _read(_scan(tmp_path / "scan.pdf"))]
    assert "|" not in texts and "- - - - - - - -" not in texts
    # labels of a drawing, read large, title nothing
    assert ("heading", "K1 /2") not in [(k, t) for k, t, _ in _read(_scan(tmp_path / "b.pdf"))]
    assert any(t.startswith("Technicians confirm") and t.endswith("prepare them.") for t in texts)


def test_a_layer_drawn_under_the_scan_reads_the_same(tmp_path: Path) -> None:
    over = _read(_scan(tmp_path / "over.pdf"))
    under = _read(_scan(tmp_path / "under.pdf", under=True))
    shown = [(k, t) for k, t, _ in under if k in ("heading", "list_item")]
    assert len(shown) == 6
    assert shown == [(k, t) for k, t, _ in over if k in ("heading", "list_item")]


def test_a_born_digital_page_keeps_its_literal_reading(tmp_path: Path) -> None:
    got = _read(_scan(tmp_path / "typed.pdf", image=False))
    # no bullet is guessed from a "0" or "°" the page really shows
    assert not [t for k, t, _ in got if k == "list_item" and t.startswith(("Carry", "Report"))]
    assert any("0 Carry the signed" in t for _, t, _ in got)


def test_ocr_heading_sizes_a_step_apart_merge() -> None:
    assert merged_sizes([21, 20, 10, 9, 8]) == {21: 21, 20: 21, 10: 10, 9: 10, 8: 8}
