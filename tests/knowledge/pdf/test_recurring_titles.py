"""Titles set in the body's size that only a repeated style sets apart: space above a
plain line, another face, a colour. A style repeated for short lines over running text
makes them headings under the larger titles; one such line, a caption, a label with its
value or a one-line paragraph does not."""

from __future__ import annotations

import random
from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

_TEXT = (
    "members of the board met with the harbor staff to review the landings by species "
    "while the council set the budget for the new pier and the school opened a program "
    "for families who fish along the river during the summer season"
)
_VOCAB = _TEXT.split()
BLACK = (0.0, 0.0, 0.0)


def _prose(c: Canvas, y: float, lines: int, rnd: random.Random, x: float = 60) -> float:
    """Lines of running text at 10 pt, 12.5 pt apart, the last one ending a sentence;
    returns the baseline under the last line."""
    c.setFont("Helvetica", 10)
    c.setFillColorRGB(*BLACK)
    for k in range(lines):
        words = [rnd.choice(_VOCAB) for _ in range(13)]
        words[0] = words[0].capitalize() if k == 0 else words[0]
        c.drawString(x, y, " ".join(words) + ("." if k == lines - 1 else ""))
        y -= 12.5
    return y


def _line(c: Canvas, y: float, text: str, font: str = "Helvetica", rgb=BLACK) -> None:
    c.setFont(font, 10)
    c.setFillColorRGB(*rgb)
    c.drawString(60, y, text)


PLACES = {
    "Harbor Town": ["People and Place", "Fishing Activity", "Future Outlook"],
    "Bay Village": ["People and Place", "Fishing Activity", "Local Economy"],
}


def _profile(path: Path, font: str = "Helvetica", rgb=BLACK, above: float = 12) -> None:
    """A page per place under a 16 pt bold title; under it sections whose titles are
    set at body size, each a line on its own with ``above`` points of extra space over
    it and the paragraph right under it at line spacing."""
    rnd = random.Random(7)
    c = Canvas(str(path), pagesize=LETTER)
    for place, sections in PLACES.items():
        c.setFont("Helvetica-Bold", 16)
        c.drawString(60, 720, place)
        y = _prose(c, 692, 3, rnd)
        for title in sections:
            y -= above
            _line(c, y, title, font, rgb)
            y = _prose(c, y - 12.5, 4, rnd)
        c.showPage()
    c.save()


def _titles(path: Path) -> list[tuple[str, int | None]]:
    return [(s.text, s.level) for s in load_file(path).sections if s.kind == "heading"]


def _expected() -> list[tuple[str, int | None]]:
    return [t for place, subs in PLACES.items() for t in [(place, 1), *((s, 2) for s in subs)]]


def test_plain_lines_with_space_above_are_section_titles(tmp_path: Path) -> None:
    path = tmp_path / "profile.pdf"
    _profile(path)
    assert _titles(path) == _expected()


def test_titles_in_another_face_or_colour_at_body_size(tmp_path: Path) -> None:
    # No extra space: the face or the colour alone sets the titles apart.
    for name, font, rgb in (
        ("face", "Times-Roman", BLACK),
        ("colour", "Helvetica", (0.1, 0.3, 0.8)),
    ):
        path = tmp_path / f"{name}.pdf"
        _profile(path, font, rgb, above=0)
        assert _titles(path) == _expected(), name


HEADLINES = [
    "Library Extends Summer Hours",
    "Council Reviews Park Budget",
    "Volunteers Plant River Trees",
    "Reading Program Announced",
    "New Bus Route Starts Monday",
    "Farmers Market Returns",
]


def _digest(path: Path, font: str, rgb=BLACK, texts: list[str] = HEADLINES) -> None:
    """A newsletter: a large title, then items, each a short line in its own style over
    a paragraph, one item after the other at the text's paragraph spacing."""
    rnd = random.Random(3)
    c = Canvas(str(path), pagesize=LETTER)
    c.setFont("Helvetica-Bold", 20)
    c.drawString(60, 730, "Town Digest")
    y = 700.0
    for text in texts:
        _line(c, y, text, font, rgb)
        y = _prose(c, y - 12.5, 4, rnd) - 4
    c.showPage()
    c.save()


def test_newsletter_headlines_in_a_style_of_their_own(tmp_path: Path) -> None:
    for name, font, rgb in (
        ("face", "Times-Roman", BLACK),
        ("colour", "Helvetica", (0.7, 0.1, 0.1)),
        ("oblique", "Helvetica-Oblique", BLACK),
    ):
        path = tmp_path / f"{name}.pdf"
        _digest(path, font, rgb)
        assert _titles(path) == [("Town Digest", 0), *((h, 1) for h in HEADLINES)], name


def test_lines_that_title_nothing_stay_text(tmp_path: Path) -> None:
    # In the text's own style at paragraph spacing: one-line paragraphs, not titles.
    path = tmp_path / "plain.pdf"
    _digest(path, "Helvetica")
    assert _titles(path) == [("Town Digest", 0)]
    # Captions, labels with their values and sentences, however styled and repeated.
    others = [
        "Figure 1 Landings by species",
        "Figure 2 Boats by port",
        "Figure 3 Crew by age",
        "Source: harbor office records",
        "Status: under review",
        "Port: Harbor Town",
        "Season opens in May.",
        "Season closes in October.",
        "Permits are renewed each year.",
        "March 3, 2024",
        "April 7, 2024",
        "May 5, 2024",
        "www.harbor.example.org/news",
        "www.harbor.example.org/boats",
        "www.harbor.example.org/crew",
    ]
    path = tmp_path / "others.pdf"
    _digest(path, "Times-Roman", texts=others)
    assert _titles(path) == [("Town Digest", 0)]


def test_a_style_met_twice_is_no_pattern(tmp_path: Path) -> None:
    path = tmp_path / "two.pdf"
    _digest(path, "Times-Roman", texts=HEADLINES[:2])
    assert _titles(path) == [("Town Digest", 0)]


def test_a_colour_that_also_sets_running_text_titles_nothing(tmp_path: Path) -> None:
    """Short lines in a colour the document also sets its callout paragraphs in."""
    rnd = random.Random(5)
    path = tmp_path / "callouts.pdf"
    c = Canvas(str(path), pagesize=LETTER)
    c.setFont("Helvetica-Bold", 20)
    c.drawString(60, 730, "Town Digest")
    y = 700.0
    blue = (0.1, 0.3, 0.8)
    for text in HEADLINES[:4]:
        _line(c, y, text, rgb=blue)
        y = _prose(c, y - 12.5, 3, rnd) - 10
        c.setFillColorRGB(*blue)
        for _k in range(3):  # a callout paragraph in the same colour
            c.drawString(60, y, " ".join(rnd.choice(_VOCAB) for _ in range(13)) + ".")
            y -= 12.5
        y -= 10
        if y < 150:
            c.showPage()
            y = 730
    c.showPage()
    c.save()
    assert [t for t, _ in _titles(path)] == ["Town Digest"]


def test_a_headline_naming_a_year_is_a_title_a_dateline_is_not(tmp_path: Path) -> None:
    # "Goals for 2025" names its year as a title does; "Harbor Town, 2024" and
    # "May 2024" date the page.
    texts = ["Our Employees", "Infrastructure", "Goals for 2025", "Outlook 2026"]
    path = tmp_path / "letter.pdf"
    _digest(path, "Times-Italic", texts=texts)
    assert _titles(path) == [("Town Digest", 0), *((t, 1) for t in texts)]
    path = tmp_path / "dated.pdf"
    _digest(path, "Times-Italic", texts=[*texts[:3], "Harbor Town, 2024", "May 2024"])
    assert _titles(path) == [("Town Digest", 0), *((t, 1) for t in texts[:3])]
