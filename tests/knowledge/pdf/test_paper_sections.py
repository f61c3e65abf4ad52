"""Research papers in two columns: numbered sections ("1", "2.1") and unnumbered ones
("ABSTRACT", "REFERENCES") set in one bold type, columns whose lines do not share
baselines, a section's first subsection set right under its title, and the authors'
addresses in a type a little larger than the text."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_papers import COLUMN, GUTTER, MARGIN, prose

R, B = "Times-Roman", "Times-Bold"
TOP = LETTER[1] - 72.0
RIGHT = MARGIN + COLUMN + GUTTER


def _heads(path: Path) -> list[tuple[int | None, str]]:
    return [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]


def _text(canv: Canvas, x: float, y: float, lines: list[str], leading: float = 12.0) -> float:
    canv.setFont(R, 10)
    for line in lines:
        canv.drawString(x, y, line)
        y -= leading
    return y - 6


def _title(canv: Canvas, x: float, y: float, text: str) -> float:
    canv.setFont(B, 12)
    canv.drawString(x, y, text)
    return y - 16


AUTHORS = [
    ("Ada Lovelace", ["ada@example.org", "University of London", "London, UK"]),
    ("Joel Miner", ["joel@example.com", "Dataminers, Inc.", "New York, NY, USA"]),
]
# (column, title, paragraphs under it): the sections of the paper in reading order.
SECTIONS = [
    (0, "ABSTRACT", 1),
    (0, "KEYWORDS", 1),
    (0, "1 INTRODUCTION", 2),
    (1, "2 BACKGROUND", 0),
    (1, "2.1 Scale calibration", 1),
    (1, "2.2 Uncertainty of rankers", 1),
    (1, "2.3 Explanations", 1),
    (1, "REFERENCES", 1),
]


def _paper(path: Path, right_leading: float = 12.0) -> Path:
    """One page in two columns, every title in 12 pt bold over 10 pt text; the right
    column set at ``right_leading`` and half a line lower than the left one, so that
    its lines share no baseline with the left column's."""
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont(B, 18)
    canv.drawString(MARGIN, TOP, "Explaining Ranking Scores to Readers")
    # Two authors one under the other, each a name over an address block; a line of
    # the address (its town) set apart from the lines above it.
    for k, (name, lines) in enumerate(AUTHORS):
        y = TOP - 30 - 62 * k
        canv.setFont(R, 12)
        canv.drawCentredString(LETTER[0] / 2, y, name)
        canv.setFont(R, 11)
        for n, text in enumerate(lines):
            canv.drawCentredString(LETTER[0] / 2, y - 14 - 13 * n - (6 if n == 2 else 0), text)
    ys = [TOP - 170, TOP - 176]
    for n, (col, title, paragraphs) in enumerate(SECTIONS):
        x = MARGIN if col == 0 else RIGHT
        y = _title(canv, x, ys[col], title)
        for p in range(paragraphs):
            leading = right_leading if col else 12.0
            y = _text(canv, x, y, prose(4, seed=n * 3 + p), leading)
        ys[col] = y - 4
    canv.save()
    return path


EXPECTED = [
    (0, "Explaining Ranking Scores to Readers"),
    (1, "ABSTRACT"),
    (1, "KEYWORDS"),
    (1, "1 INTRODUCTION"),
    (1, "2 BACKGROUND"),
    (2, "2.1 Scale calibration"),
    (2, "2.2 Uncertainty of rankers"),
    (2, "2.3 Explanations"),
    (1, "REFERENCES"),
]


def test_unnumbered_sections_stand_with_the_numbered_ones(tmp_path: Path) -> None:
    # More subsections than sections in the one bold type: "ABSTRACT" and "REFERENCES"
    # stand at the top level with "1" and "2", not under them with "2.1".
    assert _heads(_paper(tmp_path / "paper.pdf")) == EXPECTED


def test_a_first_subsection_right_under_its_section_is_a_title_of_its_own(
    tmp_path: Path,
) -> None:
    heads = _heads(_paper(tmp_path / "paper.pdf"))
    assert (1, "2 BACKGROUND") in heads
    assert (2, "2.1 Scale calibration") in heads


def test_an_address_a_little_larger_than_the_text_is_no_heading(tmp_path: Path) -> None:
    texts = [t for _, t in _heads(_paper(tmp_path / "paper.pdf"))]
    assert "New York, NY, USA" not in texts
    assert "London, UK" not in texts


def test_columns_whose_lines_share_no_baseline_are_read_one_after_the_other(
    tmp_path: Path,
) -> None:
    # The right column set in wider spacing than the left: few lines of the page hold
    # a piece of each column, yet the gutter is plain, and each column reads on.
    doc = load_file(_paper(tmp_path / "spaced.pdf", right_leading=13.3))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == EXPECTED
    paragraphs = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert " ".join(prose(4, seed=SECTIONS.index((1, "2.3 Explanations", 1)) * 3)) in paragraphs


def test_bookmarked_sections_give_unbookmarked_titles_of_their_type_the_top_level(
    tmp_path: Path,
) -> None:
    # The writer bookmarks the numbered sections and the abstract only: "KEYWORDS" in
    # their type stands with "ABSTRACT", not with the subsections.
    path = _paper(tmp_path / "paper.pdf")
    marked = tmp_path / "marked.pdf"
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    writer.append(PdfReader(str(path)))
    writer.add_outline_item(title="Abstract", page_number=0)
    for _, title, _ in SECTIONS:
        if title[0].isdigit() and "." not in title:
            parent = writer.add_outline_item(title=title.title(), page_number=0)
        elif title[0].isdigit():
            writer.add_outline_item(title=title, page_number=0, parent=parent)
    writer.add_outline_item(title="References", page_number=0)
    with open(marked, "wb") as fh:
        writer.write(fh)
    assert _heads(marked) == EXPECTED
