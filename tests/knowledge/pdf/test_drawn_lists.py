"""Lists a PDF shows without a bullet character: bullets drawn as small shapes, a
reference list of "[n]" entries with a hanging indent set in two columns whose
baselines never meet, and item lines that go on under the item's text."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE

DUTIES = [
    "Lead a team of five analysts building demand forecasts",
    "Created reporting dashboards for the operations group",
    "Reduced the monthly close from ten days to six",
]


def _cv(path: Path, dots: bool = True) -> Path:
    """A résumé section: a bold title, a date line, then duties each after a drawn disc."""
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica-Bold", 14)
    canv.drawString(72, 700, "PROFESSIONAL EXPERIENCE")
    canv.setFont("Helvetica-Oblique", 10)
    canv.drawString(72, 680, "January 2019 - Present")
    canv.setFont("Helvetica", 10)
    y = 660.0
    for duty in DUTIES:
        if dots:
            canv.circle(80, y + 3.5, 1.8, stroke=0, fill=1)
        canv.drawString(90, y, duty)
        y -= 18
    canv.setFont("Helvetica-Bold", 14)
    canv.drawString(72, y - 10, "EDUCATION")
    canv.save()
    return path


def test_bullets_drawn_as_shapes_open_list_items(tmp_path: Path) -> None:
    doc = load_file(_cv(tmp_path / "cv.pdf"))
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert items == DUTIES
    paragraphs = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert paragraphs == ["January 2019 - Present"]


def test_lines_without_drawn_bullets_stay_a_paragraph(tmp_path: Path) -> None:
    doc = load_file(_cv(tmp_path / "plain.pdf", dots=False))
    assert not [s for s in doc.sections if s.kind == "list_item"]


def test_a_lone_icon_before_a_line_is_no_bullet(tmp_path: Path) -> None:
    path = tmp_path / "icon.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica", 10)
    canv.circle(80, 703.5, 1.8, stroke=0, fill=1)
    canv.drawString(90, 700, "jane.doe@example.com, Springfield")
    y = 670.0
    for line in PROSE:
        canv.drawString(72, y, line)
        y -= 12.5
    canv.save()
    doc = load_file(path)
    assert not [s for s in doc.sections if s.kind == "list_item"]


AUTHORS = ["Ana Silva and Bo Chen", "Dana Evans and Eli Ford", "Kim Lee and Lou Moss"]


def _reference(n: int) -> list[str]:
    who = AUTHORS[n % len(AUTHORS)]
    return [
        f"[{n}] {who}. 2021. A study of ranking",
        "models with calibrated scores for search engines, in",
        f"proceedings of the conference number {n} on knowledge",
        "management, pages 1513 to 1516.",
    ]


def _references(path: Path, per_column: int = 8) -> Path:
    """Two columns of references, the right one's baselines 3 pt below the left one's,
    each entry's later lines indented under its text."""
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica-Bold", 12)
    canv.drawString(54, 740, "REFERENCES")
    canv.setFont("Helvetica", 8)
    for col, (x, drop) in enumerate(((54.0, 0.0), (318.0, 3.0))):
        y = 720.0 - drop
        for k in range(per_column):
            for i, line in enumerate(_reference(1 + col * per_column + k)):
                canv.drawString(x if i == 0 else x + 14, y, line)
                y -= 10
    canv.save()
    return path


def test_references_in_two_columns_are_one_list_in_reading_order(tmp_path: Path) -> None:
    doc = load_file(_references(tmp_path / "refs.pdf"))
    items = [s for s in doc.sections if s.kind == "list_item"]
    assert [s.marker for s in items] == [f"[{n}]" for n in range(1, 17)]
    assert {s.level for s in items} == {0}
    assert items[8].text == " ".join(_reference(9))[4:]
    assert not [s for s in doc.sections if s.kind == "paragraph"]


def test_a_citation_opening_a_line_goes_on_with_its_paragraph(tmp_path: Path) -> None:
    path = tmp_path / "cite.pdf"
    lines = [
        "Earlier work calibrated the scores of neural rankers with temperature scaling as",
        "[12] and [14] describe, and we follow the same protocol for every collection in",
        "this study so that the figures can be compared with theirs.",
    ]
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica", 10)
    y = 700.0
    for line in lines:
        canv.drawString(72, y, line)
        y -= 12.5
    canv.save()
    doc = load_file(path)
    assert [s.kind for s in doc.sections] == ["paragraph"]
    assert doc.sections[0].text == " ".join(lines)


def test_an_item_line_under_its_text_in_lower_case_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "hang.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica", 10)
    y = 700.0
    for line in PROSE:
        canv.drawString(72, y, line)
        y -= 12.5
    y -= 8
    rows = [
        (72.0, "• Feedback arrives within days (see the review section)"),
        (72.0 + stringWidth("• ", "Helvetica", 10), "to show what can be improved"),
        (72.0, "• Value returns to the business sooner"),
    ]
    for x, text in rows:
        canv.drawString(x, y, text)
        y -= 14
    canv.save()
    doc = load_file(path)
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert items == [
        "Feedback arrives within days (see the review section) to show what can be improved",
        "Value returns to the business sooner",
    ]


def test_a_number_under_a_references_text_goes_on_with_it(tmp_path: Path) -> None:
    path = tmp_path / "wrapped.pdf"
    lead = stringWidth("[14] ", "Helvetica", 10)
    rows = [
        (72.0, "[13] Kolb E. W. and Turner M. S. The Early Universe (Addison-Wesley, 1990)."),
        (72.0, "[14] Lesgourgues J. and Pastor S. Physics Reports 429 (2006) 307 -"),
        (72.0 + lead, "379. [astro-ph/0603494]."),
        (72.0, "[15] Ma C. and Bertschinger E. Astrophys. J. 455, 7 (1995)."),
    ]
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica", 10)
    y = 700.0
    for x, text in rows:
        canv.drawString(x, y, text)
        y -= 12
    canv.save()
    items = [s for s in load_file(path).sections if s.kind == "list_item"]
    assert [s.marker for s in items] == ["[13]", "[14]", "[15]"]
    assert items[1].text.endswith("307 - 379. [astro-ph/0603494].")
