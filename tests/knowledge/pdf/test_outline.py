"""The document's own outline read for levels and missed headings: a contents listing
whose chapter lines carry no dot leader, a bookmark set just before its page break,
and a cover whose only other line opens with a number."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import Document, load_file
from tests.helpers.pdf_pages import PROSE, Line, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"
GAP: Line = ("", R, 10)


def _outline(doc: Document) -> list[tuple[int | None, str]]:
    return [(s.level, s.text) for s in doc.sections if s.kind == "heading"]


def _chapter(title: str, section: str | None) -> list[Line]:
    lines: list[Line] = [(title, B, 18), GAP, *body(*PROSE)]
    return lines + ([(section, B, 13), GAP, *body(*PROSE)] if section else [])


def _chapters() -> list[list[Line]]:
    return [
        _chapter("1 Booking travel", "1.1 Who may book"),
        _chapter("2 Claims", "2.1 Receipts"),
        _chapter("Glossary", None),
    ]


def test_contents_whose_chapter_lines_have_no_leader_are_read_to_their_end(
    tmp_path: Path,
) -> None:
    # Chapter entries set without dots ("2 Claims 3") among section entries with a dot
    # leader: the whole listing is contents, none of it is text or a heading.
    dots = " ." * 30
    contents = [
        ("Contents", B, 18),
        GAP,
        ("1 Booking travel 2", R, 10),
        (f"1.1 Who may book{dots} 2", R, 10),
        ("2 Claims 3", R, 10),
        (f"2.1 Receipts{dots} 3", R, 10),
        ("Glossary 4", R, 10),
    ]
    cover = [("Travel and Expenses Handbook", B, 24), GAP, *body(*PROSE)]
    doc = load_file(write_pages(tmp_path / "contents.pdf", [cover, contents, *_chapters()]))
    texts = " ".join(s.text for s in doc.sections)
    assert "Claims 3" not in texts and "Glossary 4" not in texts
    assert _outline(doc) == [
        (0, "Travel and Expenses Handbook"),
        (1, "1 Booking travel"),
        (2, "1.1 Who may book"),
        (1, "2 Claims"),
        (2, "2.1 Receipts"),
        (1, "Glossary"),
    ]


def test_bookmark_set_before_a_page_break_names_the_heading_atop_the_next_page(
    tmp_path: Path,
) -> None:
    # An unnumbered chapter's bookmark points to the page before the one its heading
    # opens: the heading is bookmarked once, not added a second time on the page before.
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "bookmarks.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    heads = [("Booking travel", 0, True), ("Claims", 1, True), ("Glossary", 2, False)]
    for k, (head, _, on_own_page) in enumerate(heads):
        y = LETTER[1] - 72
        if not on_own_page:
            canv.bookmarkHorizontal(f"h{k}", 72, 100)  # the anchor before the break
            canv.addOutlineEntry(head, f"h{k}", level=0)
            canv.showPage()
        canv.setFont(B, 18)
        canv.drawString(72, y, head)
        if on_own_page:
            canv.bookmarkHorizontal(f"h{k}", 72, y + 18)
            canv.addOutlineEntry(head, f"h{k}", level=0)
        for text in PROSE:
            y -= 14
            canv.setFont(R, 10)
            canv.drawString(72, y - 20, text)
        if k < len(heads) - 1 and heads[k + 1][2]:
            canv.showPage()
    canv.showPage()
    canv.save()
    heads_found = _outline(load_file(path))
    assert [t for _, t in heads_found] == ["Booking travel", "Claims", "Glossary"]
    assert {lv for lv, _ in heads_found} == {1}


def test_cover_whose_only_other_line_opens_with_a_number_gives_the_title(
    tmp_path: Path,
) -> None:
    # "0. Edition, 31 December 2016" under the title reads as a list item by its number;
    # a lone line does not make the page running text: the page is a cover, and its
    # title is the title though later chapters are set in the same type.
    cover = [("Introduction to Topology", B, 18), GAP, ("0. Edition, 31 December 2016", R, 10)]
    doc = load_file(write_pages(tmp_path / "cover.pdf", [cover, *_chapters()]))
    assert _outline(doc)[:3] == [
        (0, "Introduction to Topology"),
        (1, "1 Booking travel"),
        (2, "1.1 Who may book"),
    ]
