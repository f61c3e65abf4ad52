"""Pages set in columns of running text: read column by column, never as a table."""

from __future__ import annotations

import random
from pathlib import Path

from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph

from datasetkit.knowledge import load_file

VOCABULARY = (
    "the agency proposes to require operators of affected airplanes to revise their "
    "procedures and install software that compares sensor inputs before the flight "
    "control computer commands any trim movement which addresses an unsafe condition "
    "reported by manufacturers airlines and pilots during the review of maintenance "
    "records inspections training material and the comments received on the notice"
)
WORDS = VOCABULARY.split()

HEADINGS = [
    "Examining the Docket",
    "Comments Invited",
    "Background",
    "Proposed Design Changes",
    "Costs of Compliance",
    "Regulatory Findings",
]


def _paragraph(rng: random.Random, sentences: int) -> str:
    out = []
    for _ in range(sentences):
        words = [rng.choice(WORDS) for _ in range(rng.randint(12, 22))]
        out.append(" ".join(words).capitalize() + ".")
    return " ".join(out)


def _register(path: Path, columns: int) -> list[str]:
    """A register page: ``columns`` narrow columns of justified prose, each section a
    bold heading in body size over two paragraphs that flow from column to column.
    Returns the paragraphs' text in reading order."""
    width, height = LETTER
    margin, gutter = 36.0, 12.0
    col = (width - 2 * margin - gutter * (columns - 1)) / columns
    frames = [
        Frame(margin + k * (col + gutter), margin, col, height - 2 * margin, 0, 0, 0, 0)
        for k in range(columns)
    ]
    doc = BaseDocTemplate(str(path), pagesize=LETTER)
    doc.addPageTemplates([PageTemplate("register", frames)])
    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=9, leading=11)
    body.alignment = TA_JUSTIFY
    head = ParagraphStyle("head", parent=body, fontName="Times-Bold", spaceBefore=6)
    rng = random.Random(7)
    story, texts = [], []
    for title in HEADINGS:
        story.append(Paragraph(title, head))
        for _ in range(2):
            text = _paragraph(rng, 5)
            texts.append(text)
            story.append(Paragraph(text, body))
    doc.build(story)
    return texts


def test_three_columns_of_prose_are_read_column_by_column_with_their_headings(
    tmp_path: Path,
) -> None:
    path = tmp_path / "register.pdf"
    texts = _register(path, 3)
    doc = load_file(path)
    assert not [s for s in doc.sections if s.kind == "table_row"]
    assert [s.text for s in doc.sections if s.kind == "heading"] == HEADINGS
    # Every paragraph is read whole, across line ends and from one column to the next.
    read = " ".join(s.text for s in doc.sections if s.kind == "paragraph")
    for text in texts:
        assert text in read


def test_four_columns_of_prose_are_read_column_by_column(tmp_path: Path) -> None:
    path = tmp_path / "register.pdf"
    texts = _register(path, 4)
    doc = load_file(path)
    assert [s.text for s in doc.sections if s.kind == "heading"] == HEADINGS
    read = " ".join(s.text for s in doc.sections if s.kind == "paragraph")
    assert all(text in read for text in texts)
