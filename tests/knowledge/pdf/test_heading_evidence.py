"""PDF heading levels where the evidence is easy to misread: contents set in columns,
bookmarks made from the page structure, numbered lines in a style used mostly without
numbers, headings set in the columns of a page."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import Document, load_file
from datasetkit.knowledge.pdf.geometry import Line as PdfLine
from datasetkit.knowledge.pdf.geometry import Word
from datasetkit.knowledge.pdf.headings import assign_levels
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text
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


def test_bold_lettered_titles_over_small_type_paragraphs_are_headings(tmp_path: Path) -> None:
    # A rule's text set smaller than the body throughout, its paragraphs titled by bold
    # lettered lines standing alone; a bold lettered list in body type stays a list.
    small = "Times-Roman", 8.0
    rule = [
        ("§ 39.13 [Amended]", B, 8),
        GAP,
        *body(*PROSE),
        ("(a) Comments due date", "Times-Bold", 8),
        *[(t, *small) for t in PROSE],
        GAP,
        ("(b) Affected rules", "Times-Bold", 8),
        *[(t, *small) for t in PROSE],
        GAP,
    ]
    pages = [
        [("The Proposed Amendment", B, 14), GAP, *body(*PROSE), *rule],
        [
            ("Claims", B, 14),
            GAP,
            *body("The policy pays for the costs below:"),
            ("(a) Forensics;", B, 10),
            ("(b) Legal costs;", B, 10),
            GAP,
            *body(*PROSE),
        ],
    ]
    outline = _outline(load_file(write_pages(tmp_path / "rule.pdf", pages)))
    assert outline == [
        (1, "The Proposed Amendment"),
        (2, "§ 39.13 [Amended]"),
        (3, "(a) Comments due date"),
        (3, "(b) Affected rules"),
        (1, "Claims"),
    ]


def test_a_title_repeated_as_continued_is_not_a_second_section(tmp_path: Path) -> None:
    pages = [
        [("Costs", B, 14), GAP, *body(*PROSE), ("Rates", B, 14), GAP, *body(*PROSE)],
        [("Costs—Continued", B, 14), GAP, *body(*PROSE)],
    ]
    outline = _outline(load_file(write_pages(tmp_path / "continued.pdf", pages)))
    assert [t for _, t in outline] == ["Costs", "Rates"]


def test_chinese_section_numbers_and_stroked_bold_make_headings(tmp_path: Path) -> None:
    # Chinese reports number sections 一、 then （一） then 1、, and embolden a face that
    # has no bold weight by stroking its glyphs; a notice sentence in large type is text.
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen.canvas import Canvas

    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    prose = "公司于二零一七年九月召开董事会会议，审议通过了公司重大资产出售方案，本次出售尚须股东大会审议。"
    more = "报告期内公司经营情况良好，营业收入较上年同期有所增长，管理费用与财务费用均有下降。"
    lines = [
        (
            "公司董事会保证季度报告内容的真实、准确、完整，不存在虚假记载、误导性陈述或者重大遗漏，并承担法律责任。",
            14,
            0,
        ),
        ("全体董事均已出席董事会会议。", 14, 0),
        ("一、主要会计数据", 12, 2),
        (prose, 9, 0),
        ("（一）新增发行股份", 9, 0),
        (prose, 9, 0),
        (more, 9, 0),
        ("1、资产负债表项目", 9, 2),
        (prose, 9, 0),
        ("二、重要事项", 12, 2),
        (prose, 9, 0),
    ]
    canv = Canvas(str(tmp_path / "report.pdf"), pagesize=A4)
    y = A4[1] - 72
    for text, size, mode in lines:
        y -= 1.3 * size if text in (prose, more) else 3 * size
        obj = canv.beginText(60, y)
        obj.setFont("STSong-Light", size)
        obj.setTextRenderMode(mode)
        obj.textLine(text)
        obj.setTextRenderMode(0)  # the mode outlasts the text object
        canv.drawText(obj)
    canv.showPage()
    canv.save()
    outline = _outline(load_file(tmp_path / "report.pdf"))
    texts = [t for _, t in outline]
    assert texts == ["一、主要会计数据", "（一）新增发行股份", "1、资产负债表项目", "二、重要事项"]
    levels = [level or 0 for level, _ in outline]
    assert levels[0] == levels[3] < levels[1] < levels[2]


def test_a_bold_item_with_its_text_hanging_under_it_stays_one_list_item(tmp_path: Path) -> None:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(tmp_path / "items.pdf"), pagesize=LETTER)
    canv.setFont(B, 14)
    canv.drawString(72, 700, "Promoting solutions")
    y = 680.0
    for number, title in (("1.", "Manual"), ("2.", "Automated")):
        canv.setFont(B, 10)
        canv.drawString(90, y, number)
        canv.drawString(108, y, title)
        canv.setFont(R, 10)
        for text in PROSE:
            y -= 13
            canv.drawString(108, y, text[:70])
        y -= 24
    canv.showPage()
    canv.save()
    doc = load_file(tmp_path / "items.pdf")
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert [t.split()[0] for t in items] == ["Manual", "Automated"]
    assert _outline(doc) == [(0, "Promoting solutions")]


def test_a_slide_decks_bookmarks_give_each_section_its_opening_slide(tmp_path: Path) -> None:
    # A deck exported with its sections: each section's bookmark names no line (its
    # name is not printed), the slides under it are bookmarked "Slide N: Title". The
    # first slide of a section opens it; slide titles are sized to fit their slide.
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(tmp_path / "deck.pdf"), pagesize=(960, 540))
    slides = [
        ("Opening", "Build your agent", 40),
        ("Introduction", "Introduction to agents", 44),
        ("Introduction", "Why agents matter to every team", 30),
        ("Introduction", "Spectrum of agents", 36),
        ("Lab 01", "Lab 01: Create your first agent", 44),
        ("Lab 01", "Lab time!", 54),
    ]
    seen: set[str] = set()
    for n, (section, title, size) in enumerate(slides, 1):
        canv.setFont(B, size)
        canv.drawString(60, 440, title)
        canv.setFont(R, 14)
        for k, text in enumerate(PROSE[: 1 + n % 2] if n > 1 else []):  # a title slide
            canv.drawString(60, 300 - 20 * k, text)
        canv.bookmarkPage(f"s{n}")
        if section not in seen:
            seen.add(section)
            canv.addOutlineEntry(section, f"s{n}", level=0)
        canv.addOutlineEntry(f"Slide {n}: {title}", f"s{n}", level=1)
        canv.showPage()
    canv.save()
    assert _outline(load_file(tmp_path / "deck.pdf")) == [
        (0, "Build your agent"),
        (1, "Introduction to agents"),
        (2, "Why agents matter to every team"),
        (2, "Spectrum of agents"),
        (1, "Lab 01: Create your first agent"),
        (2, "Lab time!"),
    ]


def test_lines_of_digits_and_stray_letters_in_large_type_are_no_headings(
    tmp_path: Path,
) -> None:
    # An OCR layer that read only the digits of a scanned letter: "2015", "20I5" and
    # "3%" set large stand where the title and the figures are, and name nothing.
    pages = [
        [
            ("Annual guarantee review", B, 16),
            GAP,
            *body(*PROSE),
            ("20I5", R, 14),
            GAP,
            *body(*PROSE),
            ("2015", R, 14),
            GAP,
            *body(*PROSE),
            ("3%", B, 14),
            GAP,
            ("4.2 UI", B, 12),
            GAP,
            *body(*PROSE),
        ]
    ]
    outline = _outline(load_file(write_pages(tmp_path / "ocr.pdf", pages)))
    assert [t for _, t in outline] == ["Annual guarantee review", "4.2 UI"]


def _line(text: str, x0: float, bottom: float, bold: bool) -> PdfLine:
    words, x = [], x0
    for w in text.split():
        width = 4.5 * len(w)
        words.append(Word(w, x, x + width, bottom - 9, bottom, 9.0, bold, serif=True))
        x += width + 2.5
    return PdfLine(words, 1)


def test_a_heading_flush_in_the_middle_column_is_not_centred() -> None:
    # Three columns of text: a section title flush with the left edge of the middle
    # column sits near the middle of the page, yet it is set like the other titles.
    prose = " ".join(PROSE[0].split()[:6])
    blocks, y = [], 100.0
    for x0, title in (
        (45, "1. Scope of this rule"),
        (222, "Examining the AD Docket"),
        (399, "Background"),
    ):
        blocks.append(Block("heading", 1, [_line(title, x0, y, True)]))
        blocks.append(
            Block("paragraph", 1, [_line(prose, x0, y + 11 * k, False) for k in range(1, 9)])
        )
        y += 120
    columns = [(45.0, 200.0), (222.0, 377.0), (399.0, 554.0)]
    stats = Stats(9.0, 1.2, {1: columns}, {1: 612.0}, {1: 792.0})
    assign_levels(blocks, {}, [], stats)
    levels = {plain_text(b): b.level for b in blocks if b.kind == "heading"}
    assert (
        levels["Examining the AD Docket"] == levels["Background"] == levels["1. Scope of this rule"]
    )


def test_running_text_set_large_in_regular_weight_is_no_heading(tmp_path: Path) -> None:
    # A pull quote in larger regular type, its sentence running on past the line.
    pages = [
        [
            ("Best practices", B, 18),
            GAP,
            *body(*PROSE),
            ("Customers who start small and measure what their users ask", R, 12),
            ("for learn faster than the teams that plan everything up front", R, 12),
            GAP,
            *body(*PROSE),
        ]
    ]
    outline = _outline(load_file(write_pages(tmp_path / "quote.pdf", pages)))
    assert [t for _, t in outline] == ["Best practices"]


def test_a_title_centred_over_a_table_is_the_tables_not_a_section(tmp_path: Path) -> None:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(tmp_path / "costs.pdf"), pagesize=LETTER)

    def section(title: str, y: float) -> float:
        canv.setFont(B, 10)
        canv.drawString(72, y, title)
        canv.setFont(R, 10)
        for text in PROSE:
            y -= 13
            canv.drawString(72, y, text)
        return y - 30

    y = section("Costs of compliance", 720)
    canv.setFont(R, 11)
    canv.drawCentredString(306, y, "ESTIMATED COSTS")
    top, rows = y - 10, [["Action", "Labor cost", "Parts cost"], ["Install", "$85", "$0"]]
    rows += [["Inspect", "$170", "$12"], ["Replace", "$340", "$790"]]
    for r, row in enumerate([*rows, []]):
        canv.line(100, top - 18 * r, 512, top - 18 * r)
        for c, cell in enumerate(row):
            canv.setFont(R, 10)
            canv.drawString(106 + 137 * c, top - 18 * r - 13, cell)
    for x in (100, 237, 374, 512):
        canv.line(x, top, x, top - 18 * len(rows))
    section("Authority for this rule", top - 18 * len(rows) - 30)
    canv.showPage()
    canv.save()
    outline = _outline(load_file(tmp_path / "costs.pdf"))
    assert outline == [(1, "Costs of compliance"), (1, "Authority for this rule")]


def test_the_pieces_of_a_pull_quote_set_large_are_no_headings(tmp_path: Path) -> None:
    # A pull quote in large type, broken into pieces by its layout: the pieces that
    # open inside its sentence and end one, or hold the end of one, are no titles.
    quote = ("Connecting a bot to the back-end", R, 16)
    apart = [GAP, GAP, GAP]
    page = [
        ("Plan the Project", B, 20),
        GAP,
        *body(*PROSE),
        quote,
        *apart,
        ("systems. These issues can take time to diagnose", R, 16),
        *apart,
        ("there are timelines to be met.", R, 16),
        *apart,
        *body(*PROSE),
        ("Build the Bot", B, 20),
        GAP,
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "quote.pdf", [page]))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert "systems. These issues can take time to diagnose" not in heads
    assert "there are timelines to be met." not in heads
    assert heads[-1] == "Build the Bot"


def test_a_web_address_set_large_is_no_heading(tmp_path: Path) -> None:
    page = [
        ("Get Started", B, 20),
        GAP,
        *body(*PROSE),
        ("example.com/TryBots", B, 16),
        GAP,
        *body(*PROSE),
        ("Next Steps", B, 20),
        GAP,
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "visit.pdf", [page]))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == ["Get Started", "Next Steps"]
    assert "example.com/TryBots" in [s.text for s in doc.sections]
