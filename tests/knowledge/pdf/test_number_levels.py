"""Heading levels from numbering and type when the size says nothing: bold-italic
sub-titles under bold numbered sections of one size, numbered sections the contents
page did not list, and a numbered list inside a section set in the sections' size."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

LEFT = 72.0
_TEXT = (
    "The service keeps each record for the period the contract sets and removes it "
    "once that period ends, unless a request to keep it longer has been granted."
)


def _paragraph(c: Canvas, y: float, font: str = "Helvetica", size: float = 11) -> float:
    c.setFont(font, size)
    words = _TEXT.split()
    for k in range(0, len(words), 12):
        c.drawString(LEFT, y, " ".join(words[k : k + 12]))
        y -= size * 1.3
    return y - size


def _line(c: Canvas, y: float, text: str, font: str, size: float = 11) -> float:
    c.setFont(font, size)
    c.drawString(LEFT, y, text)
    return y - size * 1.8


def _heads(path: Path) -> list[tuple[str, int | None]]:
    return [(s.text, s.level) for s in load_file(path).sections if s.kind == "heading"]


ONE_SIZE = {
    "1. Getting Started": ["What the Service Does", "Installing the Client"],
    "2. Daily Use": ["Opening a Session", "Closing a Session"],
    "3. Maintenance": ["Backing Up Records"],
}


def _one_size(path: Path) -> None:
    """Every line 11 pt: sections in bold, their sub-titles in bold italic."""
    c = Canvas(str(path), pagesize=A4)
    y = 780.0
    for section, subs in ONE_SIZE.items():
        y = _line(c, y, section, "Helvetica-Bold")
        y = _paragraph(c, y)
        for sub in subs:
            y = _line(c, y, sub, "Helvetica-BoldOblique")
            y = _paragraph(c, y)
            if y < 160:
                c.showPage()
                y = 780.0
    c.showPage()
    c.save()


def test_bold_italic_titles_sit_under_bold_numbered_sections_of_one_size(tmp_path: Path) -> None:
    path = tmp_path / "guide.pdf"
    _one_size(path)
    heads = dict(_heads(path))
    for section, subs in ONE_SIZE.items():
        assert heads[section] is not None
        for sub in subs:
            assert heads[sub] == heads[section] + 1, (sub, heads)


LISTED = ["1 Scope", "1.1 Terms", "2 Records", "2.1 Keeping", "3 Requests", "3.1 Answers"]


def _with_contents(path: Path, missing: str) -> None:
    """A contents page (20 pt title, dotted entries with page numbers) that leaves out
    one section; sections 16 pt, sub-sections 13 pt, and two 20 pt titles it does not
    list at the end (a larger type used twice, as parts over sections would be)."""
    c = Canvas(str(path), pagesize=A4)
    y = _line(c, 780, "Contents", "Helvetica-Bold", 20)
    for k, title in enumerate(LISTED):
        if title == missing:
            continue
        indent = 0 if "." not in title.split()[0] else 18
        c.setFont("Helvetica", 11)
        c.drawString(LEFT + indent, y, title)
        c.drawRightString(520, y, f"{' .' * 20}  {2 if k < 5 else 3}")
        y -= 16
    c.showPage()
    y = 780.0
    for title in LISTED:
        y = _line(c, y, title, "Helvetica-Bold", 16 if "." not in title.split()[0] else 13)
        y = _paragraph(c, y)
        y = _paragraph(c, y)
        if y < 200:
            c.showPage()
            y = 780.0
    for back in ("Glossary", "References"):
        y = _line(c, y, back, "Helvetica-Bold", 20)
        y = _paragraph(c, y)
    c.showPage()
    c.save()


def test_a_numbered_section_the_contents_left_out_takes_the_level_of_its_depth(
    tmp_path: Path,
) -> None:
    path = tmp_path / "notes.pdf"
    _with_contents(path, missing="2 Records")
    heads = _heads(path)
    levels = dict(heads)
    assert levels["2 Records"] == levels["1 Scope"] == levels["3 Requests"]
    assert levels["2.1 Keeping"] == levels["2 Records"] + 1


STEPS = ["1. Download the Installer", "2. Run the Setup", "3. Sign In Once"]


def _steps_inside(path: Path) -> None:
    """Sections "1. ..." to "3. ..." in bold 11 pt; inside the first, steps numbered
    1-3 again in plain 11 pt, each over a paragraph."""
    c = Canvas(str(path), pagesize=A4)
    y = _line(c, 780, "1. Installation", "Helvetica-Bold")
    y = _paragraph(c, y)
    for step in STEPS:
        y = _line(c, y, step, "Helvetica")
        y = _paragraph(c, y)
    for section in ("2. Configuration", "3. Removal"):
        y = _line(c, y, section, "Helvetica-Bold")
        y = _paragraph(c, y)
    c.showPage()
    c.save()


def test_steps_numbered_again_inside_a_section_stay_a_list(tmp_path: Path) -> None:
    path = tmp_path / "setup.pdf"
    _steps_inside(path)
    doc = load_file(path)
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == ["1. Installation", "2. Configuration", "3. Removal"]
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert items == [s.split(". ", 1)[1] for s in STEPS]
