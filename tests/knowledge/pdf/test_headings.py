"""PDF headings decided from evidence that holds across documents: type size and weight
against the body, section numbering, the cover page and the document's own contents."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from datasetkit.knowledge import Document, load_file
from tests.helpers.pdf_pages import PROSE, Line, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"
GAP: Line = ("", R, 10)


def _outline(doc: Document) -> list[tuple[int | None, str]]:
    return [(s.level, s.text) for s in doc.sections if s.kind == "heading"]


@pytest.fixture(scope="module")
def handbook(tmp_path_factory: pytest.TempPathFactory) -> Document:
    cover = [
        ("CONTOSO LTD", R, 14),
        GAP,
        ("Travel and Expenses Handbook", B, 24),
        GAP,
        ("Version 2.1", R, 11),
        ("March 2026", R, 11),
        GAP,
        *body(
            "The rules every employee follows when travelling for work, and how costs are repaid."
        ),
    ]
    booking = [
        ("1. Booking travel", B, 14),
        GAP,
        *body(*PROSE),
        ("1.1 Who may book", B, 12),
        GAP,
        *body(*PROSE),
        *body("Job Title: Travel coordinator"),
        *body("Location: Anywhere"),
        *body(*PROSE),
        ("A. FIRST PARTY COVERAGE", B, 10),
        GAP,
        *body("The policy pays for the costs below when a trip goes wrong:"),
        ("(a) Forensics;", B, 10),
        ("(b) Legal costs;", B, 10),
        ("(c) Notification costs.", B, 10),
        GAP,
        *body(*PROSE),
    ]
    claims = [
        # A top-level section set in the sub-section size, at the top of a page.
        ("2. Claims", B, 12),
        GAP,
        *body(*PROSE),
        # A numbered sub-section in plain body type, on a line of its own.
        *body("2.1 Documents required for a claim"),
        *body(*PROSE),
        ("2.2 Approval", B, 12),
        GAP,
        ("Approval", B, 10),
        GAP,
        *body(*PROSE),
    ]
    path = tmp_path_factory.mktemp("pdf_headings") / "handbook.pdf"
    return load_file(write_pages(path, [cover, booking, claims]), display="handbook.pdf")


def test_the_largest_cover_text_is_the_title_and_the_rest_is_cover_text(
    handbook: Document,
) -> None:
    outline = _outline(handbook)
    assert outline[0] == (0, "Travel and Expenses Handbook")
    texts = [text for _, text in outline]
    assert not any("CONTOSO" in t or "2026" in t or "Version" in t for t in texts)
    paragraphs = [s.text for s in handbook.sections if s.kind == "paragraph"]
    assert "CONTOSO LTD" in paragraphs  # cover text stays as text


def test_section_numbers_give_levels_whatever_the_type_size(handbook: Document) -> None:
    outline = _outline(handbook)
    assert (1, "2. Claims") in outline
    assert (2, "2.1 Documents required for a claim") in outline
    assert (1, "1. Booking travel") in outline and (2, "1.1 Who may book") in outline


def test_lettered_list_items_are_items_and_a_lettered_title_is_a_heading(
    handbook: Document,
) -> None:
    outline = _outline(handbook)
    assert (3, "A. FIRST PARTY COVERAGE") in outline
    items = [s.text for s in handbook.sections if s.kind == "list_item"]
    assert items == ["Forensics;", "Legal costs;", "Notification costs."]
    assert not any("Forensics" in t for _, t in outline)


def test_a_label_and_its_value_in_body_type_is_not_a_heading(handbook: Document) -> None:
    texts = [t for _, t in _outline(handbook)]
    assert not any(t.startswith(("Job Title", "Location")) for t in texts)


def test_a_line_repeating_the_heading_above_is_not_a_second_heading(handbook: Document) -> None:
    texts = [t for _, t in _outline(handbook)]
    assert texts.count("Approval") == 0 and "2.2 Approval" in texts


def test_the_table_of_contents_gives_levels_and_recovers_missed_headings(
    tmp_path: Path,
) -> None:
    contents = [
        ("Contents", B, 16),
        GAP,
        ("Booking travel ........................................ 2", R, 10),
        ("   Who may book ....................................... 2", R, 10),
        ("Claims ................................................ 3", R, 10),
        ("   Receipts ............................................ 3", R, 10),
        ("Rates .................................................. 3", R, 10),
    ]
    pages = [
        [("Travel and Expenses Handbook", B, 24), GAP, *body(*PROSE)],
        contents,
        [("Booking travel", B, 14), GAP, *body(*PROSE), ("Who may book", B, 10), GAP],
        [("Claims", B, 14), GAP, *body(*PROSE), *body("Receipts"), *body(*PROSE)],
        [("Rates", B, 14), GAP, *body(*PROSE)],
    ]
    doc = load_file(write_pages(tmp_path / "contents.pdf", pages), display="contents.pdf")
    assert _outline(doc) == [
        (0, "Travel and Expenses Handbook"),
        (1, "Booking travel"),
        (2, "Who may book"),
        (1, "Claims"),
        (2, "Receipts"),  # body type: only the contents show it is a heading
        (1, "Rates"),
    ]


def _give_fonts_a_stem_width(path: Path, stem: int) -> None:
    """Give every font a descriptor whose StemV is ``stem``: some writers put a
    meaningless value there, which a font-weight reading turns into "bold"."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DictionaryObject,
        FloatObject,
        NameObject,
        NumberObject,
    )

    writer = PdfWriter(clone_from=PdfReader(path))
    for page in writer.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = DictionaryObject(
                {
                    NameObject("/Type"): NameObject("/FontDescriptor"),
                    NameObject("/FontName"): font["/BaseFont"],
                    NameObject("/Flags"): NumberObject(32),
                    NameObject("/FontBBox"): ArrayObject(
                        [NumberObject(v) for v in (-166, -225, 1000, 931)]
                    ),
                    NameObject("/ItalicAngle"): FloatObject(0),
                    NameObject("/Ascent"): NumberObject(718),
                    NameObject("/Descent"): NumberObject(-207),
                    NameObject("/CapHeight"): NumberObject(718),
                    NameObject("/StemV"): NumberObject(stem),
                }
            )
            font[NameObject("/FontDescriptor")] = writer._add_object(descriptor)
    with open(path, "wb") as out:
        writer.write(out)


def test_a_meaningless_font_weight_makes_no_body_line_a_heading(tmp_path: Path) -> None:
    # Body lines standing alone (as beside a figure) in a font whose descriptor claims
    # an impossible stem width: the text is not bold, and no line of it is a heading.
    lines = [("Travel and Expenses", R, 16), GAP, *body(*PROSE)]
    for text in (
        "Managers approve each trip in advance and check the cost",
        "against the budget their team agreed for the year",
        "and the finance team repays the claim within a month",
    ):
        lines += [GAP, GAP, *body(text)]
    lines += body(*PROSE)
    path = write_pages(tmp_path / "weight.pdf", [lines])
    _give_fonts_a_stem_width(path, 1000)
    assert _outline(load_file(path)) == [(0, "Travel and Expenses")]


def test_a_bold_row_of_table_cells_is_no_heading(tmp_path: Path) -> None:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "paper.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    y = LETTER[1] - 72

    def line(text: str, font: str = R, size: float = 10, x: float = 72) -> None:
        canv.setFont(font, size)
        canv.drawString(x, y, text)

    line("Dense Retrieval in Practice", B, 16)
    y -= 24
    y -= 24
    line("1 Results", B, 12)
    for text in PROSE:
        y -= 13
        line(text)
    y -= 22
    # A small table: a bold header row, its cells set apart, over one row of figures.
    for k, cell in enumerate(["Top-1", "Top-5", "Top-20", "Top-100"]):
        line(cell, B, 10, 170 + 60 * k)
    y -= 13
    for k, cell in enumerate(["Gold", "44.9", "66.8", "78.1", "85.0"]):
        line(cell, R, 10, [110, 170, 230, 290, 350][k])
    y -= 22
    for text in PROSE:
        y -= 13
        line(text)
    canv.showPage()
    canv.save()
    assert _outline(load_file(path)) == [(0, "Dense Retrieval in Practice"), (1, "1 Results")]


def _sections(path: Path, headings: list[str], place: Any) -> Document:
    """A page of bold 11 pt headings, each drawn by ``place(canvas, k, heading, y)`` and
    followed by a paragraph of body text."""
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(path), pagesize=LETTER)
    y = LETTER[1] - 72
    for k, heading in enumerate(headings):
        canv.setFont(B, 11)
        place(canv, k, heading, y)
        for text in PROSE:
            y -= 13
            canv.setFont(R, 10)
            canv.drawString(72, y, text)
        y -= 26
    canv.showPage()
    canv.save()
    return load_file(path)


def test_a_flat_outline_leaves_nesting_to_section_numbers(tmp_path: Path) -> None:
    # Every bookmark at the top depth, the sub-sections' too: the numbers nest them.
    def place(canv: Any, k: int, heading: str, y: float) -> None:
        canv.drawString(72, y, heading)
        canv.bookmarkHorizontal(f"h{k}", 72, y + 12)
        canv.addOutlineEntry(heading, f"h{k}", level=0)

    headings = ["1. Purpose", "2. Expenses", "2.1 Travel", "2.2 Meals", "3. Approval"]
    assert _outline(_sections(tmp_path / "flat.pdf", headings, place)) == [
        (1, "1. Purpose"),
        (1, "2. Expenses"),
        (2, "2.1 Travel"),
        (2, "2.2 Meals"),
        (1, "3. Approval"),
    ]


def test_a_centred_heading_in_section_type_sits_under_its_section(tmp_path: Path) -> None:
    def place(canv: Any, k: int, heading: str, y: float) -> None:
        if heading.startswith("Resolution"):
            canv.drawCentredString(canv._pagesize[0] / 2, y, heading)
        else:
            canv.drawString(72, y, heading)

    headings = ["1. Opening", "2. Requests", "Resolution 2023-001", "3. Closing", "References"]
    assert _outline(_sections(tmp_path / "minutes.pdf", headings, place)) == [
        (1, "1. Opening"),
        (1, "2. Requests"),
        (2, "Resolution 2023-001"),
        (1, "3. Closing"),
        (1, "References"),
    ]


def test_a_centred_heading_before_the_numbered_sections_keeps_their_level(
    tmp_path: Path,
) -> None:
    def place(canv: Any, k: int, heading: str, y: float) -> None:
        if k == 0:
            canv.setFont(B, 20)
        if k < 2:
            canv.drawCentredString(canv._pagesize[0] / 2, y, heading)
        else:
            canv.drawString(72, y, heading)

    headings = ["Club Charter", "Preamble", "1. Scope", "2. Terms"]
    assert _outline(_sections(tmp_path / "charter.pdf", headings, place)) == [
        (0, "Club Charter"),
        (1, "Preamble"),
        (1, "1. Scope"),
        (1, "2. Terms"),
    ]


def test_bookmarks_made_from_the_page_structure_make_no_paragraph_a_heading(
    tmp_path: Path,
) -> None:
    # Tagged PDFs exported with "bookmarks from structure" bookmark every paragraph and
    # every list marker, not just the sections: such an outline names no headings.
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(tmp_path / "tagged.pdf"), pagesize=LETTER)
    y = LETTER[1] - 72
    items = ["a. Book the trip early", "b. Keep every receipt"]
    for k, heading in enumerate(["Booking travel", "Claims", "Approval"]):
        canv.setFont(B, 12)
        canv.drawString(72, y, heading)
        canv.bookmarkHorizontal(f"h{k}", 72, y + 12)
        canv.addOutlineEntry(heading, f"h{k}", level=0)
        for n, text in enumerate([*PROSE, *items]):
            y -= 14
            canv.setFont(R, 10)
            canv.drawString(72, y, text)
            canv.bookmarkHorizontal(f"p{k}.{n}", 72, y + 12)
            entry = text.split(" ", 1)[0] if text in items else text
            canv.addOutlineEntry(entry, f"p{k}.{n}", level=1)
        y -= 30
    canv.showPage()
    canv.save()
    assert _outline(load_file(tmp_path / "tagged.pdf")) == [
        (1, "Booking travel"),
        (1, "Claims"),
        (1, "Approval"),
    ]


def test_on_a_slide_only_its_title_is_a_heading(tmp_path: Path) -> None:
    # A deck exported to PDF: its callouts and bullet text are set larger than the
    # body text, but only each slide's title heads it.
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(tmp_path / "deck.pdf"), pagesize=(960, 540))
    titles = ["Why agents", "How to build one", "Next steps"]
    for title in titles:
        canv.setFont(B, 36)
        canv.drawString(60, 460, title)
        canv.setFont(B, 24)
        canv.drawString(60, 400, "Your agent, your way")
        canv.setFont(R, 14)
        for k, text in enumerate(PROSE):
            canv.drawString(60, 340 - 20 * k, text)
        canv.setFont(B, 18)
        canv.drawString(600, 120, "Connect your data")
        canv.showPage()
    canv.save()
    heads = _outline(load_file(tmp_path / "deck.pdf"))
    assert [text for _, text in heads] == titles


def test_bold_numbered_items_over_a_lettered_sub_list_are_list_items(tmp_path: Path) -> None:
    # Goals set as a numbered list in bold body type, each with its lettered sub-list:
    # list items, not sections; the bold heading above them is the only heading.
    lines = [("Project Plan", B, 16), GAP, *body(*PROSE), ("Goals", B, 12), GAP]
    goals = {
        "1. Delivery goals (first release)": [
            "a. Go live with the assistant on the agreed date",
            "b. Answer the ten questions asked most often",
        ],
        "2. Business goals (once live)": [
            "a. Half of the sessions resolved without an agent",
            "b. A satisfaction score above four out of five",
        ],
    }
    for goal, items in goals.items():
        lines += [(goal, B, 10), *[(t, R, 10) for t in items], GAP]
    lines += body(*PROSE)
    doc = load_file(write_pages(tmp_path / "plan.pdf", [lines]))
    assert _outline(doc) == [(0, "Project Plan"), (1, "Goals")]
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert any(t.startswith("Delivery goals") or t.startswith("1. Delivery") for t in items)


def test_of_two_faces_in_one_size_and_weight_the_first_used_encloses_the_other(
    tmp_path: Path,
) -> None:
    # A notice: its subject line in bold sans, its sections in bold serif of the same
    # size, the body in serif: the sections sit under the subject.
    serif = [(t, "Times-Roman", 10.0) for t in PROSE] + [GAP]
    lines = [("Proposed Rules", B, 18), GAP, ("Airworthiness Directives; Model 100", B, 10)]
    lines += serif
    for title in ("Background", "Comments Invited", "Costs of Compliance"):
        lines += [(title, "Times-Bold", 10.0), *serif]
    lines += [("Airworthiness Directives; Model 200", B, 10), *serif]
    lines += [("Background", "Times-Bold", 10.0), *serif]
    doc = load_file(write_pages(tmp_path / "notice.pdf", [lines]))
    assert _outline(doc) == [
        (0, "Proposed Rules"),
        (1, "Airworthiness Directives; Model 100"),
        (2, "Background"),
        (2, "Comments Invited"),
        (2, "Costs of Compliance"),
        (1, "Airworthiness Directives; Model 200"),
        (2, "Background"),
    ]
