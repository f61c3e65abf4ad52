"""Cues to headings and their levels beyond size and weight: a contents page set in two
columns (chapters with page numbers, their sections without), an underline, a bold lead
that runs on in regular type, and a large side title beside smaller lines."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

_BODY_TEXT = (
    "teams plan the work agree on goals and review the results with the sponsor before "
    "the next stage of the project starts and the service is handed to its owners"
)
BODY = _BODY_TEXT.split()

CHAPTERS = {
    "Getting Started": ["Setting Goals", "Licensing"],
    "Building your team": ["Internal Team", "External Team"],
    "Project Planning": ["Sample Timelines", "Project Workstreams"],
    "Managing your bot": ["Environment Strategy", "Capacity Modeling"],
}
SMALLER = {"Licensing", "Capacity Modeling"}


def _prose(c: Canvas, x: float, y: float, lines: int, size: float = 10) -> float:
    c.setFont("Helvetica", size)
    for n in range(lines):
        c.drawString(x, y, " ".join(BODY[(n * 3 + j) % len(BODY)] for j in range(12)))
        y -= size * 1.3
    return y - size


def _handbook(path: Path) -> None:
    """Page 1: contents in two columns, each chapter with a dot leader and its page,
    its sections listed under it at the same indent. Then a page per chapter."""
    c = Canvas(str(path), pagesize=LETTER)
    c.setFont("Helvetica-Bold", 20)
    c.drawString(48, 720, "Contents")
    for k, (chapter, sections) in enumerate(CHAPTERS.items()):
        x, y = (48 if k < 2 else 316), 680 - (k % 2) * 110
        c.setFont("Helvetica-Bold", 12)
        c.drawString(x, y, f"{chapter} {'.' * 20} {k + 2:02d}")
        c.setFont("Helvetica", 9)
        for section in sections:
            y -= 16
            c.drawString(x, y, section)
    c.showPage()
    for chapter, sections in CHAPTERS.items():
        c.setFont("Helvetica-Bold", 20)
        c.drawString(48, 720, chapter)
        y = _prose(c, 48, 690, 3)
        for section in sections:
            # Two sections are set a size smaller: only the contents say their level.
            c.setFont("Helvetica-Bold", 11 if section in SMALLER else 12)
            c.drawString(48, y, section)
            y = _prose(c, 48, y - 18, 4)
        c.showPage()
    c.save()


def test_a_two_column_contents_page_gives_sections_their_level(tmp_path: Path) -> None:
    path = tmp_path / "handbook.pdf"
    _handbook(path)
    doc = load_file(path)
    heads = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    for chapter, sections in CHAPTERS.items():
        assert heads.get(chapter) == 1, heads
        for section in sections:
            assert heads.get(section) == 2, heads
    # The contents are not read as text, nor one column's entries run into the other's.
    assert not [s for s in doc.sections if "...." in s.text]


def test_an_underlined_title_ranks_above_titles_in_its_type(tmp_path: Path) -> None:
    path = tmp_path / "terms.pdf"
    c = Canvas(str(path), pagesize=LETTER)
    y = _prose(c, 48, 720, 6)
    titles = ["Service terms", "Monthly spending", "Exclusions", "Other terms"]
    for n, title in enumerate(titles):
        c.setFont("Helvetica-Bold", 10)
        c.drawString(48, y, title)
        if n == 0:
            width = c.stringWidth(title, "Helvetica-Bold", 10)
            c.setLineWidth(0.6)
            c.line(48, y - 1.5, 48 + width, y - 1.5)
        y = _prose(c, 48, y - 16, 4)
    c.save()
    heads = [(s.text, s.level) for s in load_file(path).sections if s.kind == "heading"]
    levels = dict(heads)
    assert set(levels) == set(titles), heads
    assert all(levels[t] == levels["Service terms"] + 1 for t in titles[1:]), heads


def test_a_bold_lead_running_on_in_regular_type_is_no_heading(tmp_path: Path) -> None:
    path = tmp_path / "summary.pdf"
    c = Canvas(str(path), pagesize=LETTER)
    y = _prose(c, 48, 720, 5)
    c.setFont("Helvetica-Bold", 12)
    lead = "Determine your release strategy"
    c.drawString(72, y, lead)
    c.setFont("Helvetica", 12)
    c.drawString(74 + c.stringWidth(lead, "Helvetica-Bold", 12), y, "\u2013 move to")
    c.drawString(72, y - 15, "5 production as early as possible and keep the plan short.")
    _prose(c, 48, y - 50, 5)
    c.save()
    heads = [s.text for s in load_file(path).sections if s.kind == "heading"]
    assert not [h for h in heads if h.startswith("Determine")], heads


def test_a_large_side_title_is_not_joined_to_the_line_beside_it(tmp_path: Path) -> None:
    """A slide's title set large at the left, beside a list of agenda lines whose
    baselines fall within its height."""
    path = tmp_path / "slides.pdf"
    c = Canvas(str(path), pagesize=(960, 540))
    c.setFont("Helvetica-Bold", 44)
    # Its baseline sits between two agenda lines, more than half its size below the one
    # above and a few points above the one below (capitals: no descenders).
    c.drawString(60, 272, "AGENDA")
    c.setFont("Helvetica", 20)
    for n in range(9):
        c.drawString(
            300, 440 - n * 36, f"LAB {n + 1:02d}: BUILD AND TEST PART {n + 1} OF THE AGENT"
        )
    c.save()
    heads = [s.text for s in load_file(path).sections if s.kind == "heading"]
    assert "AGENDA" in heads, heads


def test_a_title_over_two_lines_beside_small_labels_stays_one_title(tmp_path: Path) -> None:
    """The labels of a chart right of the title sit between its two lines in reading
    order; the second line, right under the first in its type, is still the title's."""
    path = tmp_path / "slide.pdf"
    c = Canvas(str(path), pagesize=(960, 540))
    c.setFont("Helvetica-Bold", 28)
    c.drawString(34, 500, "Knowledge sources")
    c.drawString(34, 467, "& Generative AI")
    c.setFont("Helvetica", 11)
    for n, label in enumerate(["Public websites", "Indexed by Bing", "Two levels deep"]):
        c.drawString(600, 505 - n * 9, label)
    _prose(c, 34, 400, 8, size=14)
    c.save()
    heads = [s.text for s in load_file(path).sections if s.kind == "heading"]
    assert "Knowledge sources & Generative AI" in heads, heads
