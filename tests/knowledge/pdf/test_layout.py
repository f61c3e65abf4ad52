"""PDF layout read as a person reads it: headings, paragraphs, line-end hyphens, lists,
page breaks, running headers and footers, notice pages, tables of contents, bookmarks.

The PDFs are realistic documents written with reportlab (tests/helpers/pdf_fixtures.py), built
once per module.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from datasetkit.knowledge import Document, load_file
from tests.helpers import pdf_fixtures as F

SENTENCE_END = re.compile(r"[.!?:]$")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pdf_layout")


@pytest.fixture(scope="module")
def handbook_path(folder: Path) -> Path:
    return F.make_handbook(folder / "handbook.pdf")


@pytest.fixture(scope="module")
def handbook(handbook_path: Path) -> Document:
    return load_file(handbook_path, display="handbook.pdf")


@pytest.fixture(scope="module")
def handbook_pages(handbook_path: Path) -> list[str]:
    """Each page's plain text (pypdf), to check where the fixture put things."""
    return [page.extract_text() or "" for page in PdfReader(str(handbook_path)).pages]


def _texts(doc: Document, kind: str) -> list[str]:
    return [s.text for s in doc.sections if s.kind == kind]


def _section(doc: Document, start: str):
    [found] = [s for s in doc.sections if s.text.startswith(start)]
    return found


def _page_of(pages: list[str], text: str) -> int:
    """The 1-based page whose text holds ``text`` (spaces and line breaks ignored)."""
    squeeze = re.sub(r"\s+", "", text)
    [number] = [i + 1 for i, t in enumerate(pages) if squeeze in re.sub(r"\s+", "", t)]
    return number


# ----- headings ------------------------------------------------------------------------


def test_headings_and_levels_come_from_type_size_and_weight(handbook: Document) -> None:
    headings = [(s.level, s.text) for s in handbook.sections if s.kind == "heading"]
    # 26 pt cover title 0, 18 pt bold 1, 14 pt bold 2, 11 pt bold (body size) 3.
    assert headings == F.HANDBOOK_HEADINGS


def test_the_cover_title_is_the_document_title(handbook: Document) -> None:
    # The metadata title is Word's placeholder "Microsoft Word - ….docx": the cover decides.
    assert handbook.title == F.HANDBOOK_TITLE
    first = handbook.sections[0]
    assert (first.kind, first.level, first.provenance.page) == ("heading", 0, 1)
    # The cover's copyright line is left out, the cover itself is not.
    assert _section(handbook, F.COVER[:30]).provenance.page == 1
    assert not any(F.COVER_RIGHTS in s.text for s in handbook.sections)
    [rights] = [p for p in handbook.problems if F.COVER_RIGHTS in p.message]
    assert (rights.code, rights.severity, rights.page) == (
        "knowledge.boilerplate_removed",
        "info",
        1,
    )
    assert "notice page" not in rights.message


def test_paragraphs_carry_the_path_of_headings_above_them(handbook: Document) -> None:
    title = F.HANDBOOK_TITLE
    assert _section(handbook, F.EXAMPLE[:40]).provenance.heading_path == (
        title,
        "Medical Plans",
        "Deductibles and co-insurance",
        "Worked example",
    )
    # A level-1 heading closes the level-2 and level-3 ones before it.
    assert _section(handbook, F.LEAVE[:40]).provenance.heading_path == (title, "Leave")
    assert _section(handbook, F.DEPENDANTS[:40]).provenance.heading_path == (
        title,
        "Introduction",
        "Who is eligible",
    )
    assert _section(handbook, "Introduction").provenance.heading_path == (title, "Introduction")


# ----- paragraphs ----------------------------------------------------------------------


def test_wrapped_lines_become_one_paragraph_each(handbook: Document) -> None:
    assert _texts(handbook, "paragraph") == [
        F.COVER,
        *F.INTRO,
        F.ELIGIBLE_LEAD,
        F.DEPENDANTS,
        F.COVERAGE_STARTS,
        F.COVERAGE_ENDS,
        F.MEDICAL,
        F.SHARE,
        F.NETWORK,
        F.DEDUCTIBLE,
        F.EXAMPLE,
        F.CLAIM_LEAD,
        F.CLAIM_AFTER,
        F.LEAVE,
        F.PTO,
        F.PTO_FOOTNOTE,
        F.PARENTAL,
        F.PARENTAL_PAY,
        F.SICK,
        F.SICK_PAY,
        *F.RETIREMENT,
        F.CONTACT,
    ]


def test_a_ragged_line_ending_a_sentence_before_a_long_word_goes_on(handbook: Document) -> None:
    lines = F.COVERAGE_ENDS_LINES
    # The fixture: the second line ends a sentence more than 4 em short of the margin,
    # only because the word that follows could not fit after it.
    width = stringWidth(lines[1], F.BODY_FONT, F.BODY_SIZE)
    assert width < F.TEXT_WIDTH - 4 * F.BODY_SIZE
    first = lines[2].split()[0]
    assert stringWidth(f"{lines[1]} {first}", F.BODY_FONT, F.BODY_SIZE) > F.TEXT_WIDTH
    [section] = [s for s in handbook.sections if "COBRA" in s.text]
    assert (section.kind, section.text) == ("paragraph", F.COVERAGE_ENDS)


def test_a_long_document_reads_as_whole_sentences(folder: Path) -> None:
    path = F.make_long_handbook(folder / "long.pdf", chapters=8)
    pages = len(PdfReader(str(path)).pages)
    doc = load_file(path, display="long.pdf")
    paragraphs = _texts(doc, "paragraph")
    assert pages >= 15 and len(paragraphs) >= 60
    ended = sum(1 for t in paragraphs if SENTENCE_END.search(t))
    assert ended >= 0.95 * len(paragraphs)
    # A paragraph cut by a page break is still one paragraph: no piece starts mid-sentence.
    assert [t for t in paragraphs if t[:1].islower()] == []
    assert sum(1 for s in doc.sections if s.provenance.page_end) >= 1
    assert [s.text for s in doc.sections if s.kind == "heading" and s.level == 1][:3] == [
        "1. Eligibility",
        "2. Enrolment",
        "3. Medical cover",
    ]
    # The running header names the chapter: it changes, and is still left out.
    assert all("Contoso Employee Benefits Handbook" not in t for t in paragraphs[1:])
    chapters = [s.text for s in doc.sections if s.kind == "heading" and s.level == 1]
    assert len(chapters) == 8
    assert [s.text for s in doc.sections if s.text in chapters] == chapters
    [header] = [p for p in doc.problems if "running headers such as" in p.message]
    assert F.HANDBOOK_HEADER in header.message and f"2-{pages}" in header.message


# ----- line-end hyphens ------------------------------------------------------------------


def test_line_end_hyphens_are_repaired_only_where_the_word_has_none(handbook: Document) -> None:
    share, network = _section(handbook, F.SHARE[:30]).text, _section(handbook, F.NETWORK[:30]).text
    assert "annual deductible." in share  # "deduct-" + "ible": a typesetter's hyphen
    assert "known as co-insurance," in share  # written "co-insurance" elsewhere in the text
    assert "offers cutting-edge telehealth" in share  # a compound: "cuttingedge" is no word
    assert "as out-of-network care" in network
    assert "call us on 1-800-555-0199 or" in network
    assert (share, network) == (F.SHARE, F.NETWORK)


def test_an_unspaced_dash_or_a_web_address_at_a_line_end_joins_without_a_space(
    handbook: Document,
) -> None:
    text = _section(handbook, F.PARENTAL_PAY[:30]).text
    assert "normally receive—for all 16 weeks" in text
    assert "https://hr.contoso.example/forms/parental-leave and" in text
    assert text == F.PARENTAL_PAY


def test_no_text_keeps_a_line_break_inside_a_word(handbook: Document) -> None:
    broken = [
        s.text for s in handbook.sections if re.search(r"[^\W\d_]- [a-z]", s.text) is not None
    ]
    assert broken == []


# ----- lists ---------------------------------------------------------------------------


def test_a_line_starting_with_a_dash_inside_a_sentence_is_not_a_list_item(
    handbook: Document,
) -> None:
    [section] = [s for s in handbook.sections if "so please use them" in s.text]
    assert (section.kind, section.text) == ("paragraph", F.SICK_PAY)
    assert "extra holidays – so please" in section.text


def test_bullets_and_numbered_items_are_list_items_with_levels(handbook: Document) -> None:
    items = [(s.text, s.level, s.marker) for s in handbook.sections if s.kind == "list_item"]
    assert items == [
        (F.ELIGIBLE_BULLETS[0], 0, None),
        (F.ELIGIBLE_BULLETS[1], 0, None),
        (F.ELIGIBLE_NESTED[0], 1, None),
        (F.ELIGIBLE_NESTED[1], 1, None),
        (F.ELIGIBLE_BULLETS[2], 0, None),
        (F.CLAIM_STEPS[0], 0, "1."),
        (F.CLAIM_STEPS[1], 0, "2."),
        (F.CLAIM_STEPS[2], 0, "3."),
        (F.RETIREMENT_BULLETS[0], 0, None),
        (F.RETIREMENT_BULLETS[1], 0, None),
    ]
    # The paragraph right after the last item (no space between) is not part of it.
    assert _section(handbook, F.CONTACT[:30]).kind == "paragraph"
    steps = [s for s in handbook.sections if s.marker is not None]
    assert {s.provenance.heading_path[-1] for s in steps} == {"Filing a claim"}


# ----- page breaks -----------------------------------------------------------------------


def test_a_paragraph_cut_by_a_page_break_is_one_section(
    handbook: Document, handbook_pages: list[str]
) -> None:
    start = _page_of(handbook_pages, F.PTO[:40])
    # The fixture cuts the paragraph's long first sentence at the foot of the page, and
    # puts a footnote under it.
    assert _page_of(handbook_pages, "book any travel.") == start + 1
    assert _page_of(handbook_pages, F.PTO_FOOTNOTE) == start
    pto = _section(handbook, F.PTO[:40])
    assert (pto.kind, pto.text) == ("paragraph", F.PTO)
    assert (pto.provenance.page, pto.provenance.page_end) == (start, start + 1)
    assert pto.provenance.label() == (
        f"handbook.pdf p.{start}-{start + 1} > {F.HANDBOOK_TITLE} > Leave > Paid time off"
    )
    # The footnote is read after the paragraph it interrupted.
    after = handbook.sections[handbook.sections.index(pto) + 1]
    assert (after.kind, after.text, after.provenance.page) == ("paragraph", F.PTO_FOOTNOTE, start)
    # Sections that stay on one page have no page_end.
    assert _section(handbook, F.PARENTAL[:40]).provenance.page_end is None


# ----- what a reader skips -----------------------------------------------------------------


def test_running_header_and_page_numbers_are_removed_and_reported(
    handbook: Document, handbook_pages: list[str]
) -> None:
    assert "Page 3 of 6" in handbook_pages[2]  # the fixture's footer
    everything = " ".join(s.text for s in handbook.sections)
    assert "Plan year 2026 ·" not in everything and F.HANDBOOK_HEADER not in everything
    assert re.search(r"Page \d+ of \d+", everything) is None
    info = [p for p in handbook.problems if p.code == "knowledge.boilerplate_removed"]
    assert all(p.severity == "info" for p in info)
    messages = [p.message for p in info]
    assert any(F.HANDBOOK_HEADER in m and "running header" in m for m in messages)
    assert any("Page 2 of 6" in m and "2-6" in m for m in messages)


def test_a_disclaimer_page_is_left_out_and_reported(
    handbook: Document, handbook_pages: list[str]
) -> None:
    last = len(handbook_pages)
    assert _page_of(handbook_pages, "for demonstration purposes only") == last
    assert not any("demonstration purposes" in s.text for s in handbook.sections)
    assert all(s.provenance.page != last for s in handbook.sections)
    [notice] = [p for p in handbook.problems if "notice page" in p.message]
    assert (notice.code, notice.severity, notice.page) == (
        "knowledge.boilerplate_removed",
        "info",
        last,
    )
    assert "This handbook is provided for demonstration" in notice.message


def test_a_notice_page_does_not_run_on_into_the_next_page(folder: Path) -> None:
    from reportlab.platypus import PageBreak, Paragraph

    def story() -> list:
        body = F.STYLES["body"]
        return [
            Paragraph("Benefits overview", F.STYLES["h1"]),
            *[Paragraph(t, body) for t in F.INTRO],
            PageBreak(),
            Paragraph("All rights reserved to Contoso Ltd", body),  # no full stop
            PageBreak(),
            Paragraph(F.MEDICAL, body),
        ]

    path = F.build(folder / "notice.pdf", story, F.running_page("Benefits overview"))
    doc = load_file(path, display="notice.pdf")
    last = doc.sections[-1]
    assert (last.text, last.provenance.page, last.provenance.page_end) == (F.MEDICAL, 3, None)
    assert not any("rights reserved" in s.text for s in doc.sections)
    assert [p.page for p in doc.problems if "notice page" in p.message] == [2]


def test_the_table_of_contents_is_skipped_and_reported(
    handbook: Document, handbook_pages: list[str]
) -> None:
    # The fixture's contents page: dot leaders and page numbers, as reportlab draws them.
    assert "Introduction" in handbook_pages[1] and " .  .  . " in handbook_pages[1]
    assert all(s.provenance.page != 2 for s in handbook.sections)
    assert not any(re.search(r"\. \. \.|\.{4}", s.text) for s in handbook.sections)
    [toc] = [p for p in handbook.problems if p.code == "knowledge.toc_skipped"]
    assert (toc.severity, toc.page) == ("info", 2)
    assert "11 entries" in toc.message
    # The headings the contents list are still found where they really are.
    intro = _section(handbook, "Introduction")
    assert (intro.kind, intro.level, intro.provenance.page) == ("heading", 1, 3)


def test_the_handbook_has_no_other_problems(handbook: Document) -> None:
    assert sorted({p.code for p in handbook.problems}) == [
        "knowledge.boilerplate_removed",
        "knowledge.toc_skipped",
    ]


# ----- the command line ---------------------------------------------------------------------


def test_ingest_json_shows_the_structure(handbook_path: Path, cli) -> None:
    result = cli("ingest", "--format", "json", str(handbook_path))
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    [doc] = payload["documents"]
    assert (doc["kind"], doc["title"], doc["language"]) == ("pdf", F.HANDBOOK_TITLE, "en")
    sections = doc["sections"]
    assert sections[0] == {
        "kind": "heading",
        "text": F.HANDBOOK_TITLE,
        "source": {"file": str(handbook_path), "page": 1, "heading_path": [F.HANDBOOK_TITLE]},
        "level": 0,
    }
    step = next(s for s in sections if s.get("marker") == "2.")
    assert step["kind"] == "list_item" and step["text"] == F.CLAIM_STEPS[1]
    pto = next(s for s in sections if s["text"] == F.PTO)
    assert pto["source"]["page_end"] == pto["source"]["page"] + 1
    codes = [(p["code"], p["severity"]) for p in doc["problems"]]
    assert ("knowledge.toc_skipped", "info") in codes
    assert payload["summary"] == {
        "files": 1,
        "sections": len(sections),
        "errors": 0,
        "warnings": 0,
    }


def test_a_page_turned_for_display_reads_like_the_others(
    handbook_path: Path, handbook: Document, tmp_path: Path
) -> None:
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=str(handbook_path))
    for page in writer.pages:
        page.rotate(90)
    turned = tmp_path / "turned.pdf"
    with open(turned, "wb") as fh:
        writer.write(fh)
    doc = load_file(turned)
    assert [(s.kind, s.text) for s in doc.sections] == [(s.kind, s.text) for s in handbook.sections]
    assert [p.message for p in doc.problems] == [p.message for p in handbook.problems]


def test_a_box_across_the_page_is_read_after_both_columns_above_it(tmp_path: Path) -> None:
    # A brochure page written column by column: each column's offer, then its half of
    # the notes box drawn across the whole page below both offers.
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    width, top = LETTER[0], LETTER[1] - 72
    path = tmp_path / "brochure.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    canv.rect(0, top - 200, width, 120)  # the notes box, edge to edge
    columns = {
        40: [
            [
                "Left offer: two percent back on every coffee",
                "that you buy at any shop in the whole town,",
                "and at the station kiosks on the way home.",
            ],
            [
                "Left note: the points are added to your card",
                "when the sale is booked by the shop, which may",
                "take a few days after the day of the purchase.",
            ],
        ],
        320: [
            [
                "Right offer: one percent back on fuel and on",
                "the groceries that you buy on every day of the",
                "week, with no limit on the points you collect.",
            ],
            [
                "Right note: the points expire after five years",
                "from the day they were added to the card unless",
                "they are used before then for a purchase or gift.",
            ],
        ],
    }
    canv.setFont("Helvetica", 10)
    for x, (offer, note) in columns.items():
        for y, lines in ((top, offer), (top - 110, note)):
            for k, text in enumerate(lines):
                canv.drawString(x, y - 13 * k, text)
    canv.showPage()
    canv.save()
    doc = load_file(path)
    assert [s.text for s in doc.sections] == [
        " ".join(columns[40][0]),
        " ".join(columns[320][0]),
        " ".join(columns[40][1]),
        " ".join(columns[320][1]),
    ]


def test_chinese_lines_are_joined_without_a_space_and_korean_ones_with_one(
    tmp_path: Path,
) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    from tests.helpers.pdf_pages import write_pages

    for font in ("STSong-Light", "HYSMyeongJo-Medium"):
        pdfmetrics.registerFont(UnicodeCIDFont(font))
    chinese = ["公司董事会、监事会及董事保证季度报告内容的真", "实、准确、完整，不存在虚假记载。"]
    korean = ["회사는 분기 보고서의 내용이 사실이며", "정확하고 완전함을 보증합니다."]
    path = write_pages(
        tmp_path / "cjk.pdf",
        [
            [*((t, "STSong-Light", 10.0) for t in chinese), ("", "STSong-Light", 10.0)]
            + [(t, "HYSMyeongJo-Medium", 10.0) for t in korean]
        ],
    )
    texts = [s.text for s in load_file(path).sections]
    assert "".join(chinese) in texts
    assert " ".join(korean) in texts
