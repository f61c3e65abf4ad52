"""A title set in bold with a note in regular type in brackets after it ("1.3.2 (Oct
31 2024)", a release's date in release notes) is a heading: the bracketed note is the
title's, no paragraph text running on from a bold lead-in."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

_RELEASES = {
    "2.4.0": ("(Mar 08 2026)", ["Exports rundowns as spreadsheets", "Adds a dark theme"]),
    "2.3.1": ("(Nov 20 2025)", ["Fixes the login page", "Speeds up loading of projects"]),
}


def _notes(path: Path, lead_in: bool = False) -> None:
    c = Canvas(str(path), pagesize=LETTER)
    c.setFont("Helvetica", 24)
    c.drawString(72, 720, "Tiller Release Notes")
    c.setFont("Helvetica", 11)
    c.drawString(
        72, 690, "These notes list what changed in each release of Tiller, the most recent"
    )
    c.drawString(72, 676, "releases first. Features may change while a release is being prepared.")
    y = 640.0
    for version, (date, items) in _RELEASES.items():
        c.setFont("Helvetica-Bold", 16)
        c.drawString(72, y, version)
        x = 72 + stringWidth(version, "Helvetica-Bold", 16) + 5
        c.setFont("Helvetica", 16)
        c.drawString(x, y, date)
        y -= 28
        c.setFont("Helvetica", 11)
        for item in items:
            c.drawString(80, y, "•")
            c.drawString(92, y, item)
            y -= 16
        y -= 12
    if lead_in:
        # A bold lead-in in the text's own type, its paragraph running on after it.
        c.setFont("Helvetica-Bold", 11)
        c.drawString(72, y, "Note:")
        c.setFont("Helvetica", 11)
        c.drawString(72 + stringWidth("Note: ", "Helvetica-Bold", 11), y, "updates are free")
    c.save()


def test_a_bold_title_with_its_date_in_brackets_is_a_heading(tmp_path: Path) -> None:
    path = tmp_path / "notes.pdf"
    _notes(path)
    doc = load_file(path)
    headings = [s.text for s in doc.sections if s.kind == "heading"]
    assert "2.4.0 (Mar 08 2026)" in headings, headings
    assert "2.3.1 (Nov 20 2025)" in headings, headings
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert "Exports rundowns as spreadsheets" in items, doc.sections


def test_a_bold_lead_in_running_on_is_still_no_heading(tmp_path: Path) -> None:
    path = tmp_path / "notes.pdf"
    _notes(path, lead_in=True)
    doc = load_file(path)
    assert not any(s.kind == "heading" and s.text.startswith("Note") for s in doc.sections), (
        doc.sections
    )
