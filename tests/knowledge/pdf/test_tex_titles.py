"""Titles of PDFs written by TeX: bookmarks that keep TeX's markup ("Lema{\\^i}tre--
Tolman"), and accented letters set as an accent character before a dotless i."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE

_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _paper(path: Path, font: str, titles: list[tuple[str, str]]) -> Path:
    """One section a page: its title as set on the page, its bookmark as TeX wrote it."""
    canv = Canvas(str(path), pagesize=LETTER)
    for k, (shown, bookmark) in enumerate(titles):
        canv.setFont(font, 14)
        canv.drawString(72, 700, shown)
        canv.bookmarkPage(f"s{k}")
        canv.addOutlineEntry(bookmark, f"s{k}", level=0)
        canv.setFont(font, 10)
        for j, text in enumerate(PROSE * 3):
            canv.drawString(72, 670 - 13 * j, text)
        canv.showPage()
    canv.save()
    return path


def _heads(path: Path) -> list[tuple[int | None, str]]:
    return [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]


def test_a_bookmark_in_tex_markup_names_its_heading(tmp_path: Path) -> None:
    titles = [
        ("1. Introduction", "1. Introduction"),
        ("2. The Lemaître–Tolman model", "2. The Lema{\\^i}tre--Tolman model"),
        ("3. Conclusions", "3. Conclusions"),
    ]
    path = _paper(tmp_path / "tex.pdf", "Helvetica", titles)
    assert _heads(path) == [(1, shown) for shown, _ in titles]


def test_an_accent_set_before_a_dotless_i_makes_one_letter(tmp_path: Path) -> None:
    if not _FONT.is_file():
        pytest.skip(f"no font with spacing accents at {_FONT} to build the test PDF")
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("AccentTest", str(_FONT)))
    titles = [
        ("1. Introduction", "1. Introduction"),
        ("2. The Lemaˆıtre–Tolman model", "2. The Lema{\\^i}tre--Tolman model"),
        ("3. Schr¨odinger’s equation", "3. Schr{\\\"o}dinger's equation"),
    ]
    path = _paper(tmp_path / "accents.pdf", "AccentTest", titles)
    assert _heads(path) == [
        (1, "1. Introduction"),
        (1, "2. The Lemaître–Tolman model"),
        (1, "3. Schrödinger’s equation"),
    ]


def test_bookmarks_outrank_the_indents_of_the_contents(tmp_path: Path) -> None:
    # The contents set unnumbered entries in line with the titles after the numbers
    # ("Acknowledgments" under "2. Results"); the bookmarks put every entry at one
    # depth: they are all sections.
    titles = ["1. Introduction", "2. Results", "Acknowledgments", "References"]
    path = tmp_path / "contents.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica-Bold", 18)
    canv.drawString(72, 720, "Apparent Accelerations of the Universe")
    canv.setFont("Helvetica-Bold", 12)
    canv.drawString(72, 680, "Contents")
    canv.setFont("Helvetica", 10)
    for k, title in enumerate(titles):
        x = 72 if title[0].isdigit() else 84
        canv.drawString(x, 660 - 14 * k, f"{title} .......... {k + 2}")
    for k, text in enumerate(PROSE):
        canv.drawString(72, 580 - 13 * k, text)
    canv.showPage()
    for k, title in enumerate(titles):
        canv.setFont("Helvetica-Bold", 12)
        canv.drawString(72, 700, title)
        canv.bookmarkPage(f"s{k}")
        canv.addOutlineEntry(title, f"s{k}", level=0)
        canv.setFont("Helvetica", 10)
        for j, text in enumerate(PROSE * 3):
            canv.drawString(72, 680 - 13 * j, text)
        canv.showPage()
    canv.save()
    assert _heads(path) == [(0, "Apparent Accelerations of the Universe")] + [
        (1, t) for t in titles
    ]


def test_an_accent_drawn_back_over_the_letter_before_it_joins_that_letter(
    tmp_path: Path,
) -> None:
    # Some typesetters set a letter, then a spacing accent moved back over it: the accent
    # belongs to the letter before it, not to the one after.
    if not _FONT.is_file():
        pytest.skip(f"no font with spacing accents at {_FONT} to build the test PDF")
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("AccentTest", str(_FONT)))
    path = tmp_path / "accent-after.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    x = 72.0
    for piece in ("The role of the prote", "´", "ge", "´", " in a study"):
        width = pdfmetrics.stringWidth(piece, "AccentTest", 14)
        canv.setFont("AccentTest", 14)
        if piece == "´":
            # moved back over the letter just set, centred on it
            e = pdfmetrics.stringWidth("e", "AccentTest", 14)
            canv.drawString(x - (e + width) / 2, 700, piece)
            continue
        canv.drawString(x, 700, piece)
        x += width
    canv.setFont("AccentTest", 10)
    for j, line in enumerate(PROSE * 3):
        canv.drawString(72, 670 - 13 * j, line)
    canv.showPage()
    canv.save()
    heads = _heads(path)
    assert heads and heads[0][1] == "The role of the protégé in a study"
