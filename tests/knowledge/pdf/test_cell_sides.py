"""A ruled table whose borders are drawn cell by cell, as word processors export them:
each cell's side starts a few points below the rule over its row and stops at the rule
under it. The sides still meet the rules: the table is read whole, every row of it."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_ROWS = [
    ["Date", "Time", "Activity"],
    ["May 28", "09:00 - 17:00", "Departure by bus"],
    ["", "18:00 - 19:30", "Dinner"],
    ["May 29", "07:00 - 08:30", "Breakfast"],
    ["", "09:30 - 12:00", "Visit of the|waterfalls"],
    ["", "18:00 - 20:00", "Dinner"],
]


def _pdf(path: Path, gap: float) -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(180, 790, "Programme of the trip")
    c.setFont("Helvetica", 11)
    xs = [72, 160, 260, 400]
    y = 740.0
    c.setLineWidth(0.5)
    for row in _ROWS:
        height = 20.0 * max(len(t.split("|")) for t in row)
        c.line(xs[0], y, xs[-1], y)  # the rule over the row, across the table
        for x in xs:  # each cell's side, short of the rule over it
            c.line(x, y - gap, x, y - height)
        for x, text in zip(xs, row, strict=False):
            for n, part in enumerate(text.split("|")):  # a cell wrapped over two lines
                c.drawString(x + 4, y - 14 - 13 * n, part)
        y -= height
    c.line(xs[0], y, xs[-1], y)
    c.save()
    return path


def test_cell_sides_drawn_short_of_the_row_rules_still_make_one_table(tmp_path: Path) -> None:
    doc = load_file(_pdf(tmp_path / "programme.pdf", 3.2))
    records = [s.record for s in doc.sections if s.kind == "table_row"]
    assert {"Date": "May 28", "Time": "09:00 - 17:00", "Activity": "Departure by bus"} in records
    assert {"Date": "", "Time": "18:00 - 20:00", "Activity": "Dinner"} in records
    assert {"Date": "", "Time": "09:30 - 12:00", "Activity": "Visit of the waterfalls"} in records
    assert len(records) == len(_ROWS) - 1


def test_sides_that_meet_the_rules_are_read_the_same(tmp_path: Path) -> None:
    doc = load_file(_pdf(tmp_path / "programme.pdf", 0.0))
    records = [s.record for s in doc.sections if s.kind == "table_row"]
    assert len(records) == len(_ROWS) - 1
