"""Column labels set on their side in a ruled table (statistics tables with many narrow
columns): each is its column's name, read up the cell, a label of two lines whole; text
turned at another angle (a watermark) is no label."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_XS = [60, 160, 220, 280, 340]
_TOP, _HEAD, _ROW = 700, 600, 20  # the header row is tall: its labels run up it


def _pdf(path: Path, watermark: bool) -> Path:
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(612, 792))
    body = [("Northfield", "12", "3.5", "40"), ("Eastbrook", "8", "2.25", "31")]
    bottom = _HEAD - _ROW * len(body)
    for y in [_TOP, _HEAD, *(_HEAD - _ROW * (k + 1) for k in range(len(body)))]:
        c.line(_XS[0], y, _XS[-1], y)
    for x in _XS:
        c.line(x, _TOP, x, bottom)
    c.setFont("Helvetica", 10)
    c.drawString(_XS[0] + 4, _HEAD + 8, "District")
    labels = [["Schools"], ["Pupils per", "teacher"], ["Share of", "budget (%)"]]
    for k, lines in enumerate(labels):
        for n, line in enumerate(lines):
            c.saveState()
            c.translate(_XS[k + 1] + 16 + 12 * n, _HEAD + 6)
            c.rotate(90)
            c.drawString(0, 0, line)
            c.restoreState()
    for r, row in enumerate(body):
        for k, text in enumerate(row):
            c.drawString(_XS[k] + 4, _HEAD - _ROW * (r + 1) + 6, text)
    if watermark:
        c.saveState()
        c.translate(_XS[1] + 5, _HEAD + 5)
        c.rotate(45)
        c.setFont("Helvetica", 14)
        c.drawString(0, 0, "DRAFT COPY")
        c.restoreState()
    c.save()
    return path


def _records(path: Path) -> list[dict[str, str]]:
    return [s.record for s in load_file(path).sections if s.kind == "table_row" and s.record]


def test_labels_set_on_their_side_name_their_columns(tmp_path: Path) -> None:
    records = _records(_pdf(tmp_path / "turned.pdf", watermark=False))
    assert records[0] == {
        "District": "Northfield",
        "Schools": "12",
        "Pupils per teacher": "3.5",
        "Share of budget (%)": "40",
    }
    assert len(records) == 2


def test_a_watermark_across_the_header_names_no_column(tmp_path: Path) -> None:
    text = " ".join(" ".join(r) for r in _records(_pdf(tmp_path / "mark.pdf", watermark=True)))
    assert "DRAFT" not in text and "RAF" not in text
