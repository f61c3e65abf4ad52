"""A printed budget that borders only its figures: the row labels on the left, outside
the grid's rules, are read as the table's first column."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_XS = (330.0, 410.0, 480.0, 540.0)
_ROW = 16.0


def _section(c: object, top: float, title: str, header: tuple[str, ...], rows: list) -> None:
    from reportlab.pdfgen.canvas import Canvas

    assert isinstance(c, Canvas)
    lines = [(title, header), *rows]
    bottom = top - _ROW * len(lines)
    for x in _XS:
        c.line(x, top, x, bottom)
    for i in range(len(lines) + 1):
        c.line(_XS[0], top - i * _ROW, _XS[-1], top - i * _ROW)
    for i, (label, cells) in enumerate(lines):
        y = top - (i + 1) * _ROW + 4
        c.setFont("Helvetica-Bold" if i == 0 else "Helvetica", 10)
        c.drawString(60, y, label)
        for right, text in zip(_XS[1:], cells, strict=True):
            if text:
                c.drawRightString(right - 4, y, text)


def _budget(path: Path) -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=A4)
    _section(
        c,
        780,
        "1. Purchases",
        ("Quantity", "Unit cost", "Total cost"),
        [
            ("Raw materials", ("", "", "")),
            ("Components", ("4", "12.50", "50.00")),
            ("Printed matter", ("", "", "")),
            ("Total purchases", ("4", "12.50", "50.00")),
        ],
    )
    _section(
        c,
        660,
        "2. Staff",
        ("Hours", "Hourly rate", "Total cost"),
        [
            ("Technician", ("", "30.00", "0")),
            ("Tutor", ("11", "40.00", "440")),
            ("Total staff", ("11", "40.00", "440.00")),
        ],
    )
    c.save()
    return path


def test_labels_beside_a_ruled_grid_of_figures_name_its_rows(tmp_path: Path) -> None:
    doc = load_file(_budget(tmp_path / "budget.pdf"), display="budget.pdf")
    records = [s.record for s in doc.sections if s.record is not None]
    tutor = next(r for r in records if "Tutor" in r.values())
    assert tutor["Hours"] == "11"
    assert tutor["Total cost"] == "440"
    components = next(r for r in records if "Components" in r.values())
    assert components["Unit cost"] == "12.50"
    # The labels are read once, in the table, not again as lines of text.
    assert not any(s.text.strip() == "Tutor" for s in doc.sections if s.record is None)


def test_a_grid_that_names_its_rows_takes_no_text_beside_it(tmp_path: Path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "named.pdf"
    c = Canvas(str(path), pagesize=A4)
    _section(
        c,
        780,
        "Notes",
        ("Plan", "Price", "Seats"),
        [("Side note one", ("Basic", "9.90", "1")), ("Side note two", ("Team", "29.90", "5"))],
    )
    c.save()
    doc = load_file(path, display="named.pdf")
    records = [s.record for s in doc.sections if s.record is not None]
    assert records and all("Side note one" not in r.values() for r in records)
