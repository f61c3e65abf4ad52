"""A table's header row left alone at the foot of a page heads the table whose rows open
the next page (not two paragraphs, and not its first record taken for the header)."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _ruled(c: object, top: float, rows: list[tuple[str, str]], bold: bool) -> None:
    from reportlab.pdfgen.canvas import Canvas

    assert isinstance(c, Canvas)
    xs, height = (72.0, 300.0, 540.0), 18.0
    bottom = top - height * len(rows)
    for x in xs:
        c.line(x, top, x, bottom)
    for i in range(len(rows) + 1):
        c.line(xs[0], top - i * height, xs[-1], top - i * height)
    c.setFont("Helvetica-Bold" if bold else "Helvetica", 10)
    for i, (left, right) in enumerate(rows):
        y = top - (i + 1) * height + 5
        c.drawString(xs[0] + 4, y, left)
        c.drawString(xs[1] + 4, y, right)


def test_a_header_row_alone_at_the_foot_of_a_page_heads_the_next_pages_rows(
    tmp_path: Path,
) -> None:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "split.pdf"
    c = Canvas(str(path), pagesize=LETTER)
    c.setFont("Helvetica", 10)
    for i in range(30):
        c.drawString(72, 720 - i * 20, f"Line {i + 1} of the settings overview before the table.")
    _ruled(c, 100, [("Key", "Value")], True)
    c.showPage()
    rows = [("QUEUE_NAME", "embeddings"), ("LOG_LEVEL", "DEBUG"), ("BATCH_SIZE", "20")]
    _ruled(c, 720, rows, False)
    c.showPage()
    c.save()
    doc = load_file(path)
    records = [s.record for s in doc.sections if s.kind == "table_row"]
    assert records == [{"Key": k, "Value": v} for k, v in rows]
    assert not any(s.text in ("Key", "Value", "Key Value") for s in doc.sections)
