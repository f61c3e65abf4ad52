"""PDF heading levels where the evidence is easy to misread: contents set in columns,
bookmarks made from the page structure, numbered lines in a style used mostly without
numbers, headings set in the columns of a page."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import Document, load_file
from tests.helpers.pdf_pages import PROSE, Line, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"
GAP: Line = ("", R, 10)


def _outline(doc: Document) -> list[tuple[int | None, str]]:
    return [(s.level, s.text) for s in doc.sections if s.kind == "heading"]


def test_contents_in_two_columns_give_the_right_column_its_own_depths(tmp_path: Path) -> None:
    # Chapters listed flush left in either column of the contents page are all chapters;
    # only an entry indented within its column is a section.
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    left = [("Booking travel ........ 2", 0), ("Who may book ........ 2", 12)]
    right = [("Claims ........ 3", 0), ("Receipts ........ 3", 12), ("Rates ........ 4", 0)]
    path = tmp_path / "columns.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont(B, 24)
    canv.drawString(72, 700, "Travel and Expenses Handbook")
    canv.setFont(R, 10)
    for k, text in enumerate(PROSE):
        canv.drawString(72, 670 - 13 * k, text)
    canv.showPage()
    canv.setFont(B, 16)
    canv.drawString(72, 700, "Contents")
    canv.setFont(R, 10)
    for x, entries, top in ((72, left, 670), (330, right, 664)):
        for k, (text, indent) in enumerate(entries):
            canv.drawString(x + indent, top - 16 * k, text)
    canv.showPage()
    for chapter, section, bold in (
        ("Booking travel", "Who may book", True),
        ("Claims", "Receipts", False),
        ("Rates", "", False),
    ):
        y = 700.0
        canv.setFont(B, 14)
        canv.drawString(72, y, chapter)
        for text in PROSE:
            y -= 13
            canv.setFont(R, 10)
            canv.drawString(72, y, text)
        if section:
            y -= 26
            canv.setFont(B if bold else R, 10)
            canv.drawString(72, y, section)
            y -= 8
            for text in PROSE:
                y -= 13
                canv.setFont(R, 10)
                canv.drawString(72, y, text)
        canv.showPage()
    canv.save()
    assert _outline(load_file(path)) == [
        (0, "Travel and Expenses Handbook"),
        (1, "Booking travel"),
        (2, "Who may book"),
        (1, "Claims"),
        (2, "Receipts"),
        (1, "Rates"),
    ]


def test_bookmarks_made_from_the_page_structure_leave_the_levels_to_the_type(
    tmp_path: Path,
) -> None:
    # "Bookmarks from structure" nest as the tagged containers nest, not as the
    # headings do: a chapter may sit deeper than a section of the chapter before it.
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(tmp_path / "tagged.pdf"), pagesize=LETTER)
    y = LETTER[1] - 72
    heads = [("Booking travel", 14, 0), ("Who may book", 11, 0), ("Claims", 14, 2)]
    for k, (heading, size, depth) in enumerate(heads):
        canv.setFont(B, size)
        canv.drawString(72, y, heading)
        canv.bookmarkHorizontal(f"h{k}", 72, y + 12)
        canv.addOutlineEntry(heading, f"h{k}", level=depth)
        y -= 6
        for n, text in enumerate(PROSE):
            y -= 14
            canv.setFont(R, 10)
            canv.drawString(72, y, text)
            canv.bookmarkHorizontal(f"p{k}.{n}", 72, y + 12)
            canv.addOutlineEntry(text, f"p{k}.{n}", level=depth + 1)
        y -= 30
    canv.showPage()
    canv.save()
    assert _outline(load_file(tmp_path / "tagged.pdf")) == [
        (1, "Booking travel"),
        (2, "Who may book"),
        (1, "Claims"),
    ]


def test_a_few_numbered_lines_in_an_unnumbered_style_take_its_level(tmp_path: Path) -> None:
    # The contents list the chapters only; sections and sub-sections go by their type.
    # One sub-section line opens with "4." (a step of a process set in the sub-section
    # type): it stays a sub-section, under the section, not beside it.
    contents = [
        ("Contents", B, 16),
        GAP,
        ("Booking travel ........................................ 2", R, 10),
        ("Claims ................................................ 3", R, 10),
        ("Rates .................................................. 3", R, 10),
    ]
    chapter = [("Booking travel", B, 18), GAP, *body(*PROSE)]
    for section in ("Who may book", "Approval"):
        chapter += [(section, B, 13), GAP, *body(*PROSE)]
        for sub in ("Before the trip", "During the trip", "4. After the trip"):
            chapter += [(sub, B, 10), GAP, *body(*PROSE)]
    pages = [
        [("Travel and Expenses Handbook", B, 24), GAP, *body(*PROSE)],
        contents,
        chapter,
        [("Claims", B, 18), GAP, *body(*PROSE), ("Rates", B, 18), GAP, *body(*PROSE)],
    ]
    doc = load_file(write_pages(tmp_path / "steps.pdf", pages))
    outline = _outline(doc)
    assert outline[1:4] == [(1, "Booking travel"), (2, "Who may book"), (3, "Before the trip")]
    assert (3, "4. After the trip") in outline and (2, "Approval") in outline
