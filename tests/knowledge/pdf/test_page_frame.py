"""A frame drawn around a whole printed page (a browser's print of a file viewer's box)
is no part of the table that starts at the top of the page inside it: the table keeps
its own columns and rows, and the headings and text under it are read as text."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

_ROWS = [
    ("Chat summary", "Summarise a conversation with a ready-made plugin."),
    ("Book creator", "Plan a book's chapters and write each of them."),
    ("Question answering", "Store recent data and answer questions about it."),
]
_TEXT = [
    ("Deploying the samples", "Helvetica-Bold", 16),
    (
        "Each sample runs as a web service; start it with the script in its folder and",
        "Helvetica",
        11,
    ),
    ("open the address it prints. The services share one configuration file.", "Helvetica", 11),
    ("Running the notebooks", "Helvetica-Bold", 16),
    (
        "The notebooks walk through the same steps one cell at a time, with the output",
        "Helvetica",
        11,
    ),
    ("of each step shown under it, so that every change can be tried at once.", "Helvetica", 11),
]


def _page(path: Path) -> Path:
    width, height = LETTER
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setLineWidth(0.8)
    canv.rect(36, 36, width - 72, height - 72)  # the frame around the whole page
    canv.line(48, 36, 48, height - 36)
    canv.line(width - 48, 36, width - 48, height - 36)
    # The table goes on from the page before: its column rules start at the frame's top.
    top, x0, mid, x1 = height - 36, 72.0, 200.0, 540.0
    ys = [top - 8 - 36 * i for i in range(len(_ROWS) + 1)]
    for x in (x0, mid, x1):
        canv.line(x, top, x, ys[-1])
    for y in ys:
        canv.line(x0, y, x1, y)
    canv.setFont("Helvetica", 10)
    for (label, text), y in zip(_ROWS, ys, strict=False):
        canv.drawString(x0 + 6, y - 21, label)
        canv.drawString(mid + 6, y - 21, text)
    y = ys[-1] - 20
    for text, font, size in _TEXT:
        y -= size * 1.6 if size > 11 else size * 1.3
        canv.setFont(font, size)
        canv.drawString(72, y, text)
    canv.save()
    return path


def test_a_frame_around_the_page_is_no_part_of_the_table_inside_it(tmp_path: Path) -> None:
    sections = load_file(_page(tmp_path / "printed.pdf")).sections
    rows = [s.record for s in sections if s.kind == "table_row"]
    assert rows, "the table is read"
    assert all(len(r or {}) == 2 for r in rows), rows
    cells = [v for r in rows for v in (r or {}).values()]
    assert not any("notebooks" in c for c in cells)
    heads = [s.text for s in sections if s.kind == "heading"]
    assert heads == ["Deploying the samples", "Running the notebooks"]
