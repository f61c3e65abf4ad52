"""Small filled-in records (a title, then one "Label: value" field per line) as PDF and Word."""

from __future__ import annotations

from pathlib import Path


def pdf_record(path: Path, title: str, lines: list[str]) -> Path:
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


def docx_record(path: Path, title: str, lines: list[str]) -> Path:
    """A Word document: ``title`` as a heading, then one paragraph per line."""
    from docx import Document

    d = Document()
    d.add_heading(title, 1)
    for line in lines:
        d.add_paragraph(line)
    d.save(str(path))
    return path
