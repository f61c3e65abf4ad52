"""Small documents of lines and tables, as PDF and Word: a title, then one paragraph per
line (a filled-in record's "Label: value" fields, say), and a table of rows."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def pdf_lines(path: Path, title: str, lines: Sequence[str]) -> Path:
    """A one-page PDF: ``title`` in large bold type, then each line under it."""
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=LETTER)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(60, 740, title)
    c.setFont("Helvetica", 10)
    for i, line in enumerate(lines):
        c.drawString(60, 712 - 14 * i, line)
    c.save()
    return path


def docx_doc(
    path: Path,
    title: str,
    lines: Sequence[str] = (),
    rows: Sequence[Sequence[str]] = (),
    after: Sequence[str] = (),
) -> Path:
    """A Word document: ``title`` as a heading, a paragraph per line, then a table of
    ``rows`` (the first its header) when given, and a paragraph per line of ``after``."""
    from docx import Document

    d = Document()
    d.add_heading(title, 1)
    for line in lines:
        d.add_paragraph(line)
    if rows:
        table = d.add_table(rows=len(rows), cols=len(rows[0]))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                table.cell(r, c).text = text
    for line in after:
        d.add_paragraph(line)
    d.save(str(path))
    return path
