"""Titles a design sets all in lower case, in display type over the text."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, body, write_pages

B = "Helvetica-Bold"


def test_a_title_set_all_in_lower_case_is_a_heading(tmp_path: Path) -> None:
    pages = [
        [("eastern mediterranean", B, 20), ("", B, 10), *body(*PROSE)],
        [("western australia", B, 20), ("", B, 10), *body(*PROSE)],
    ]
    doc = load_file(write_pages(tmp_path / "report.pdf", pages))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == ["eastern mediterranean", "western australia"]


def test_the_lower_case_end_of_a_title_broken_over_two_lines_stays_with_it(
    tmp_path: Path,
) -> None:
    # The second line of a large title, in the title's own type, goes on with it.
    pages = [[("Energy for the", B, 20), ("eastern mediterranean", B, 20), *body(*PROSE)]]
    doc = load_file(write_pages(tmp_path / "report.pdf", pages))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert "eastern mediterranean" not in heads


def test_a_web_address_after_its_label_is_no_heading(tmp_path: Path) -> None:
    # An archive stamps the page it served with its address, in a type of its own.
    pages = [
        [
            ("Quarterly Update", B, 18),
            *body(*PROSE),
            ("Source: https://archive.example.org/docs/mjgl0226", "Helvetica", 12),
        ]
    ]
    doc = load_file(write_pages(tmp_path / "stamped.pdf", pages))
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Quarterly Update"]


def test_two_heading_styles_told_apart_by_colour_nest(tmp_path: Path) -> None:
    # A rule book sets its parts and their sections in one size and weight, the parts
    # in colour: the style used first (the coloured one) encloses the other.
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "rules.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    y = 720.0
    canv.setFont(B, 20)
    canv.drawString(72, y, "Club Rules")
    y -= 36
    parts = (("Membership", ["Joining", "Fees"]), ("Play", ["Booking a court"]), ("Conduct", []))
    for part, sections in parts:
        canv.setFillColorRGB(0.7, 0.1, 0.1)
        canv.setFont(B, 13)
        canv.drawString(72, y, part)
        canv.setFillColorRGB(0, 0, 0)
        y -= 20
        for section in ["", *sections]:
            if section:
                canv.setFont(B, 13)
                canv.drawString(72, y, section)
                y -= 20
            canv.setFont("Helvetica", 10)
            for text in PROSE:
                canv.drawString(72, y, text)
                y -= 12.5
            y -= 10
        if y < 200:
            canv.showPage()
            y = 720.0
    canv.save()
    heads = [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]
    assert heads == [
        (0, "Club Rules"),
        (1, "Membership"),
        (2, "Joining"),
        (2, "Fees"),
        (1, "Play"),
        (2, "Booking a court"),
        (1, "Conduct"),
    ]


def test_a_one_word_compound_title_in_lower_case_is_a_heading(tmp_path: Path) -> None:
    # A report titled by a file's name ("minimal-updated"), in display type.
    pages = [
        [("Quarterly Update", B, 20), ("", B, 10), *body(*PROSE)],
        [("release-notes", "Helvetica", 24), ("", B, 10), *body(*PROSE)],
    ]
    doc = load_file(write_pages(tmp_path / "report.pdf", pages))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == ["Quarterly Update", "release-notes"]


def test_a_lower_case_word_in_display_type_alone_is_no_heading(tmp_path: Path) -> None:
    # One plain word left over in large type (a broken line's end) titles nothing.
    pages = [[("Quarterly Update", B, 20), ("", B, 10), *body(*PROSE), ("overview", B, 20)]]
    doc = load_file(write_pages(tmp_path / "report.pdf", pages))
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Quarterly Update"]
