"""Pages whose text is not in the document's body type: a page set wholly in smaller
type keeps its own columns, and a figure's small labels beside the text make no table."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    FrameBreak,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
)

from datasetkit.knowledge import load_file

_SENTENCE_TEXT = (
    "the operator must revise the flight manual and install the approved software "
    "before further flight of the airplane under this directive"
)
SENTENCE = _SENTENCE_TEXT.split()


def _prose(seed: int, sentences: int) -> str:
    out = []
    for n in range(sentences):
        words = [SENTENCE[(seed * 7 + n * 3 + j * j) % len(SENTENCE)] for j in range(14)]
        out.append(" ".join(words).capitalize() + ".")
    return " ".join(out)


def _register(path: Path) -> None:
    """Page 1 in 9 pt (most of the text), one column, with two lettered titles; page 2
    wholly in 8 pt in three columns, a lettered title heading each column."""
    width, height = LETTER
    col = (width - 90 - 32) / 3
    one = [Frame(72, 72, width - 144, height - 144, 0, 0, 0, 0)]
    three = [Frame(45 + k * (col + 16), 72, col, height - 144, 0, 0, 0, 0) for k in range(3)]
    doc = BaseDocTemplate(str(path), pagesize=LETTER)
    doc.addPageTemplates([PageTemplate("one", one), PageTemplate("three", three)])
    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=9, leading=10.5)
    head = ParagraphStyle("head", parent=body, fontName="Times-Bold", spaceBefore=6)
    small = ParagraphStyle("small", parent=body, fontSize=8, leading=9)
    small_head = ParagraphStyle("small_head", parent=small, fontName="Times-Bold", spaceBefore=5)
    story: list[object] = []
    for n, title in enumerate(("(a) Comments Due Date", "(b) Affected Rules")):
        story += [Paragraph(title, head), Paragraph(_prose(n, 14), body)]
    story += [NextPageTemplate("three"), PageBreak()]
    for n, title in enumerate(
        ("(c) Applicability", "(d) Subject of this Directive", "(e) Unsafe Condition")
    ):
        story += [Paragraph(title, small_head), Paragraph(_prose(n + 5, 4), small), FrameBreak()]
    doc.build(story)


def test_titles_on_a_page_in_smaller_type_keep_their_level(tmp_path: Path) -> None:
    """The middle column's title, about as wide as the column, is not a title centred
    on the page: the page's own 8 pt lines show where its columns start."""
    path = tmp_path / "register.pdf"
    _register(path)
    heads = [s for s in load_file(path).sections if s.kind == "heading"]
    assert [h.text for h in heads][-3:] == [
        "(c) Applicability",
        "(d) Subject of this Directive",
        "(e) Unsafe Condition",
    ]
    assert len({h.level for h in heads[-3:]}) == 1, [(h.text, h.level) for h in heads]


def test_a_figures_small_labels_beside_the_text_are_no_table(tmp_path: Path) -> None:
    path = tmp_path / "report.pdf"
    c = Canvas(str(path), pagesize=LETTER)
    y = 720.0
    for r in range(8):
        c.setFont("Times-Roman", 11)
        c.drawString(72, y, " ".join(SENTENCE[(r + j) % len(SENTENCE)] for j in range(7)))
        c.setFont("Helvetica", 8.5)
        c.drawString(400, y, ["Euro area", "United States", "China", "Japan"][r % 4])
        y -= 13
    c.save()
    doc = load_file(path)
    assert not [s for s in doc.sections if s.kind == "table_row"]
