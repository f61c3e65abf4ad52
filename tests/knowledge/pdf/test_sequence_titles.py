"""Numbered sub-section titles set in the text's own type, at line spacing, after a
paragraph whose last line reaches the margin: the title line joins the paragraph
unless its number, which comes next in the document's numbering, sets it apart."""

from __future__ import annotations

import random
from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from datasetkit.knowledge.pdf.sequence_titles import follows

_TEXT = (
    "samples were collected from each site and the results were compared with the "
    "earlier survey using the same methods while the field team recorded the weather"
)
_VOCAB = _TEXT.split()
LEFT, RIGHT = 72.0, 540.0


def _justified(c: Canvas, y: float, words: list[str]) -> None:
    """One line of ``words`` spread from the left margin to the right one."""
    widths = [stringWidth(w, "Times-Roman", 10) for w in words]
    gap = (RIGHT - LEFT - sum(widths)) / (len(words) - 1)
    x = LEFT
    for word, width in zip(words, widths, strict=True):
        c.drawString(x, y, word)
        x += width + gap


def _paragraph(c: Canvas, y: float, lines: int, rnd: random.Random) -> float:
    """Justified lines of running text, every one full; the last ends a sentence."""
    c.setFont("Times-Roman", 10)
    for k in range(lines):
        words = [rnd.choice(_VOCAB) for _ in range(15)]
        words[0] = words[0].capitalize() if k == 0 else words[0]
        words[-1] += "." if k == lines - 1 else ""
        _justified(c, y, words)
        y -= 12
    return y


SECTIONS = {
    "1. Introduction": ["1.1 Background", "1.2 Aims of the Survey"],
    "2. Methods": ["2.1 Sites", "2.2 Sampling", "2.3 Analysis"],
    "3. Results": ["3.1 Water Quality", "3.2 Species Counts"],
}


def _report(path: Path, sections: dict[str, list[str]]) -> None:
    """Sections in 12 pt bold; sub-section titles in the text's type, 12 pt below the
    full last line of the paragraph above, as any line of it is."""
    rnd = random.Random(5)
    c = Canvas(str(path), pagesize=LETTER)
    y = 720.0
    for title, subs in sections.items():
        c.setFont("Times-Bold", 12)
        c.drawString(LEFT, y - 8, title)
        y = _paragraph(c, y - 26, 3, rnd)
        for sub in subs:
            c.setFont("Times-Roman", 10)
            c.drawString(LEFT, y, sub)
            y = _paragraph(c, y - 12, 3, rnd)
            if y < 150:
                c.showPage()
                y = 720.0
    c.showPage()
    c.save()


def test_a_numbered_title_run_into_the_paragraph_is_cut_out(tmp_path: Path) -> None:
    path = tmp_path / "report.pdf"
    _report(path, SECTIONS)
    heads = [(s.text, s.level) for s in load_file(path).sections if s.kind == "heading"]
    expected = [
        t for title, subs in SECTIONS.items() for t in [(title, 1), *((s, 2) for s in subs)]
    ]
    assert heads == expected


def test_a_number_out_of_sequence_stays_in_the_text(tmp_path: Path) -> None:
    path = tmp_path / "report.pdf"
    _report(path, {"1. Introduction": ["4.7 Background"], "2. Methods": ["9.2 Sites"]})
    heads = [s.text for s in load_file(path).sections if s.kind == "heading"]
    assert heads == ["1. Introduction", "2. Methods"]


def test_follows_the_outline() -> None:
    assert follows((2, 2), (2, 3))
    assert follows((2, 2, 4), (2, 3))
    assert follows((2, 4), (3,))
    assert follows((2, 4), (3, 1))
    assert follows((2, 2), (2, 2, 1))
    assert not follows((2, 2), (2, 2))
    assert not follows((2, 2), (2, 4))
    assert not follows((2, 2), (3, 2))
    assert not follows((1,), (1, 2))
