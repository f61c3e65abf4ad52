"""A register page: narrow justified columns, the last set in smaller type than the
others, with bold titles that wrap over two or three lines. Each column is read whole,
line after line, and each wrapped title is one heading."""

from __future__ import annotations

import random
from pathlib import Path

from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Frame, FrameBreak, PageTemplate, Paragraph

from datasetkit.knowledge import load_file

_WORDS_TEXT = (
    "the agency proposes to require operators of affected airplanes to revise their "
    "procedures and install software that compares sensor inputs before the flight "
    "control computer commands any trim movement which addresses an unsafe condition"
)
WORDS = _WORDS_TEXT.split()

WRAPPED = "Explanation of Certain Provisions for Alternative Methods of Compliance (AMOCs)"
LETTERED = (
    "(g) Installation and Verification of the Flight Control Computer Operational Program "
    "Software (OPS)"
)


def _prose(rng: random.Random, sentences: int) -> str:
    out = []
    for _ in range(sentences):
        words = [rng.choice(WORDS) for _ in range(rng.randint(12, 20))]
        out.append(" ".join(words).capitalize() + ".")
    return " ".join(out)


def _page(path: Path) -> list[str]:
    """Three columns: two in 9 pt, the third in 8 pt with a tighter leading, as a
    regulation's own text is set after the preamble. Returns the small column's text."""
    width, height = LETTER
    margin, gutter = 45.0, 16.0
    col = (width - 2 * margin - 2 * gutter) / 3
    frames = [
        Frame(margin + k * (col + gutter), margin, col, height - 2 * margin, 0, 0, 0, 0)
        for k in range(3)
    ]
    doc = BaseDocTemplate(str(path), pagesize=LETTER)
    doc.addPageTemplates([PageTemplate("register", frames)])
    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=9, leading=9.9)
    body.alignment = TA_JUSTIFY
    head = ParagraphStyle("head", parent=body, fontName="Times-Bold", spaceBefore=6, alignment=0)
    small = ParagraphStyle("small", parent=body, fontSize=8, leading=8.9)
    small_head = ParagraphStyle("small_head", parent=head, fontSize=8, leading=8.9)
    rng = random.Random(11)
    story: list[object] = [Paragraph("Background", head)]
    story += [Paragraph(_prose(rng, 5), body) for _ in range(3)]
    story += [FrameBreak(), Paragraph(WRAPPED, head)]
    story += [Paragraph(_prose(rng, 5), body) for _ in range(3)]
    story += [FrameBreak(), Paragraph(LETTERED, small_head)]
    texts = [_prose(rng, 4) for _ in range(4)]
    story += [Paragraph(text, small) for text in texts]
    doc.build(story)
    return texts


def test_a_column_in_smaller_type_is_read_line_after_line(tmp_path: Path) -> None:
    path = tmp_path / "register.pdf"
    texts = _page(path)
    doc = load_file(path)
    read = " ".join(s.text for s in doc.sections if s.kind in ("paragraph", "list_item"))
    # Two lines of the 8 pt column fall within the height of one 9 pt line beside it:
    # they stay two lines, not one line of their words interleaved.
    for text in texts:
        assert text in read


def test_titles_wrapped_over_three_lines_are_headings(tmp_path: Path) -> None:
    path = tmp_path / "register.pdf"
    _page(path)
    doc = load_file(path)
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert WRAPPED in heads, heads
    assert LETTERED in heads, heads
