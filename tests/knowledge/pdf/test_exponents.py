"""A raised 2 or 3 right after a unit is its exponent ("km²", "(m³)"), kept with the unit;
a raised digit after a word, or opening a footnote's line, is a footnote marker and is left
out."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _pdf(path: Path) -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=A4)
    y = 760.0
    for parts in (
        [("The park covers 12 km", 0), ("2", 1), (" of forest and lakes.", 0)],
        [("Each tank holds 40 (m", 0), ("3", 1), (") of water when full.", 0)],
        [("Leave lasts three years", 0), ("1", 1), (" for every employee.", 0)],
        [("8", 1), (" MCAS is a function of the trim system.", 0)],
    ):
        x = 72.0
        for text, raised in parts:
            size = 7.5 if raised else 11.0
            # The raised digit is set in its own font, as typesetting programs do.
            font = "Times-Roman" if raised else "Helvetica"
            x += 1.0 if raised else 0.0  # and kerned off the unit a little
            c.setFont(font, size)
            c.drawString(x, y + (4.0 if raised else 0.0), text)
            x += c.stringWidth(text, font, size)
        y -= 18
    c.save()
    return path


def test_a_raised_exponent_stays_with_its_unit_and_a_footnote_marker_goes(tmp_path: Path) -> None:
    doc = load_file(_pdf(tmp_path / "units.pdf"), display="units.pdf")
    text = " ".join(s.text for s in doc.sections)
    assert "12 km² of forest" in text, text
    assert "40 (m³) of water" in text, text
    assert "three years for every employee" in text, text
    # a footnote's own raised number before its text is left out too
    assert "MCAS is a function" in text and "8 MCAS" not in text, text


def _notes_pdf(path: Path) -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=A4)
    c.setFont("Helvetica", 11)
    c.drawString(72, 760, "The model was trained on public question and answer data sets.")
    y = 120.0
    for number, text in (
        ("*", "Equal contribution of the first two authors"),
        ("1", "The code and trained models have been released on the project site."),
    ):
        c.setFont("Helvetica", 5)
        c.drawString(72, y + 3, number)
        c.setFont("Helvetica", 8)
        c.drawString(76, y, text)
        y -= 10
    c.save()
    return path


def test_each_footnote_stays_a_paragraph_of_its_own(tmp_path: Path) -> None:
    doc = load_file(_notes_pdf(tmp_path / "notes.pdf"), display="notes.pdf")
    texts = [s.text for s in doc.sections]
    code = [t for t in texts if "The code and trained models" in t]
    assert code and code[0].startswith("The code and trained models"), texts
